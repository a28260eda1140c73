// Share links on this page: the link in the URL applied on startup, on Back
// and Forward and when the user edits the fragment, the URL kept current
// while posing (with a history entry per completed change), the Copy link
// button, the banner that reports a link that did not (fully) apply, and a
// link for a user's glTF kept waiting until that file is loaded. A link for
// a built-in character not on screen (the default one, a lesson) shows that
// character first; it is not an undo step (undo belongs to one character).
import { poseLinkInUrl, urlWithPoseLink } from './link-url.js';
import type { PoseLinkCharacter, PoseLinkState } from './pose-link.js';
import { CopyLinkButton } from '../ui/copy-link-button.js';
import { LinkBanner } from '../ui/banner.js';
import { LinkFragment } from './link-fragment.js';
import { PointerGestures } from './pointer-gestures.js';
import type { PosingApp } from '../app/posing-app.js';
import { type LinkOutcome, applyLinkState, readLinkUrl, shareUrl } from './share-link.js';

export interface PageLinksOptions {
  /** Where the Copy link button goes; null: no button (embed mode). */
  copyButtonParent: HTMLElement | null;
  /** Whether completed changes add history entries (embed mode: no, the page around owns Back). */
  pushHistory: boolean;
  /** Shows the built-in character a link poses (built-in-characters.ts); returns why the link cannot fit it, or null. */
  showForLink(character: PoseLinkCharacter, boneCount: number): string | null;
}

export class PageLinks {
  private readonly banner: LinkBanner;
  private readonly gestures = new PointerGestures();
  private readonly fragment: LinkFragment;
  // A link for a user's glTF, kept until a model it fits is loaded.
  private waiting: PoseLinkState | null = null;

  /** Applies the page URL's link, if any: call once the character is loaded, before the first frame. */
  constructor(private readonly app: PosingApp, root: HTMLElement, private readonly options: PageLinksOptions) {
    this.banner = new LinkBanner(root);
    if (poseLinkInUrl(location.href) !== null) this.apply(location.href);
    const source = {
      currentUrl: () => this.currentUrl(),
      // The app's, not one session's: a loaded model brings a new session.
      poseVersion: () => app.poseStateVersion,
    };
    // What the URL holds now is either the link just applied or no link at all: nothing to write yet.
    this.fragment = new LinkFragment(source, this.gestures, app.stateVersion, options.pushHistory);
    if (options.copyButtonParent !== null) {
      new CopyLinkButton(options.copyButtonParent, () => {
        this.fragment.writeNow();
        return location.href;
      });
    }
    window.addEventListener('popstate', this.onEntryChanged);
    window.addEventListener('hashchange', this.onEntryChanged);
  }

  /** The page's URL with a link to the state now (not waiting for the fragment's next write). */
  currentUrl(): string {
    return shareUrl(this.app, location.href);
  }

  /** Applies the link in `url` (relative to the page), or changes nothing; the banner tells what went wrong. One undo step (after showing the link's built-in character, if another is shown). */
  apply(url: string): LinkOutcome {
    const read = readLinkUrl(url, location.href);
    const misfit = read.ok ? this.options.showForLink(read.state.character, read.state.boneCount) : null;
    const outcome: LinkOutcome = !read.ok ? read : misfit !== null ? { ok: false, error: misfit } : this.app.history.step(() => applyLinkState(this.app, read.state));
    this.waiting = !outcome.ok && outcome.waits ? outcome.waits : null;
    this.report(outcome);
    return outcome;
  }

  /** The page shows another character: a link waiting for a glTF file applies now if it fits, or says why not. */
  characterChanged(): void {
    if (this.waiting === null) return;
    const waiting = this.waiting;
    const outcome = this.app.history.step(() => applyLinkState(this.app, waiting));
    if (outcome.ok) this.waiting = null;
    this.report(outcome);
  }

  /** Called every frame: schedules the URL's rewrite after a change. */
  watch(): void {
    this.fragment.watch(this.app.stateVersion);
  }

  dispose(): void {
    this.fragment.dispose();
    this.gestures.dispose();
    window.removeEventListener('popstate', this.onEntryChanged);
    window.removeEventListener('hashchange', this.onEntryChanged);
  }

  private report(outcome: LinkOutcome): void {
    if (!outcome.ok) this.banner.show(outcome.error, 'problem');
    else if (outcome.note !== null) this.banner.show(outcome.note, 'note');
    else this.banner.hide();
  }

  // Back, Forward, or a link typed or pasted into the address bar (a
  // traversal may fire both events; the second finds nothing new).
  private readonly onEntryChanged = (): void => {
    const link = this.fragment.entryLinkIfNew();
    if (link === null) return;
    this.apply(urlWithPoseLink(location.href, link));
    this.fragment.adopt(link, this.app.stateVersion);
  };
}
