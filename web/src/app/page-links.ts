// Share links on this page: the link in the URL applied on startup, on Back
// and Forward and when the user edits the fragment, the URL kept current
// while posing (with a history entry per completed change), the Copy link
// button, the banner that reports a link that did not (fully) apply, and a
// link for a user's glTF kept waiting until that file is loaded.
import { poseLinkInUrl, urlWithPoseLink } from '../share/link-url.js';
import type { PoseLinkState } from '../share/pose-link.js';
import { CopyLinkButton } from './copy-link-button.js';
import { LinkBanner } from './link-banner.js';
import { LinkFragment } from './link-fragment.js';
import { PointerGestures } from './pointer-gestures.js';
import type { PosingApp } from './posing-app.js';
import { type LinkOutcome, applyLinkState, applyLinkUrl, shareUrl } from './share-link.js';

export interface PageLinksOptions {
  /** Where the Copy link button goes; null: no button (embed mode). */
  copyButtonParent: HTMLElement | null;
  /** Whether completed changes add history entries (embed mode: no, the page around owns Back). */
  pushHistory: boolean;
}

export class PageLinks {
  private readonly banner: LinkBanner;
  private readonly gestures = new PointerGestures();
  private readonly fragment: LinkFragment;
  // A link for a user's glTF, kept until a model it fits is loaded.
  private waiting: PoseLinkState | null = null;

  /** Applies the page URL's link, if any: call once the character is loaded, before the first frame. */
  constructor(private readonly app: PosingApp, root: HTMLElement, options: PageLinksOptions) {
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

  /** Applies the link in `url` (relative to the page), or changes nothing; the banner tells what went wrong. One undo step. */
  apply(url: string): LinkOutcome {
    const outcome = this.app.history.step(() => applyLinkUrl(this.app, url, location.href));
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
