// Share links on this page: the link in the URL applied on startup, on Back
// and Forward and when the user edits the fragment, the URL kept current
// while posing (with a history entry per completed change), and a link for
// a user's glTF kept waiting until that file is loaded. How a link went
// (did not, or not fully, apply) goes to `report` (the page's banner). A
// link for a built-in character not on screen (the default one, a lesson)
// shows that character first; it is not an undo step (undo belongs to one
// character). A scene link (version 4) makes the scene its characters
// (share-scene.ts). The URL is written after the editor's changes of what a
// link holds (edits push an entry; a clip's pose shown at a time only
// rewrites it, and while a clip plays its poses are not written at all),
// and after the view's (viewChanged(): the camera, playback started or
// stopped, a lesson's settings).
import { Change, type Changes, LINKED } from '../scene/scene-change.js';
import { poseLinkInUrl } from './link-url.js';
import type { PoseLinkCharacter, PoseLinkState } from './pose-link.js';
import { LinkFragment } from './link-fragment.js';
import { PointerGestures } from './pointer-gestures.js';
import { type LinkHost, type LinkOutcome, type ReadLink, type ShareUrl, applyLinkState, readLink, readLinkUrl, shareUrl } from './share-link.js';
import { type SceneLinkPage, applySceneLink } from './share-scene.js';

export interface PageLinksOptions {
  /** Whether completed changes add history entries (embed mode: no, the page around owns Back). */
  pushHistory: boolean;
  /** Shows the built-in character a link poses; returns why the link cannot fit it, or null. */
  showForLink(character: PoseLinkCharacter, boneCount: number): string | null;
  /** Tells the user how applying a link went. */
  report(outcome: LinkOutcome): void;
  /** Whether a clip plays: the poses it shows are not written (the link is, when playback starts and stops). */
  playing(): boolean;
  /** Makes the built-in characters of a scene link (share-scene.ts). */
  scene: SceneLinkPage;
}

export class PageLinks {
  private readonly gestures = new PointerGestures();
  private readonly fragment: LinkFragment;
  // A link for a user's glTF, kept until a model it fits is loaded.
  private waiting: PoseLinkState | null = null;
  private readonly stopListening: () => void;

  /** Applies the page URL's link, if any: call once the character is loaded, before the first frame. */
  constructor(private readonly host: LinkHost, private readonly options: PageLinksOptions) {
    if (poseLinkInUrl(location.href) !== null) this.apply(location.href);
    const source = {
      currentUrl: () => this.currentUrl(),
      settling: () => host.editor.backgroundSolve?.busy ?? false,
    };
    // What the URL holds now is either the link just applied or no link at all: nothing to write yet.
    this.fragment = new LinkFragment(source, this.gestures, options.pushHistory);
    // The editor's, not one session's: a loaded model brings a new session.
    this.stopListening = host.editor.onChange(this.onEditorChanged);
    window.addEventListener('popstate', this.onEntryChanged);
    window.addEventListener('hashchange', this.onEntryChanged);
  }

  /** The page's URL with a link to the state now (not waiting for the fragment's next write), or why there is none. */
  currentUrl(): ShareUrl {
    return shareUrl(this.host, location.href);
  }

  /** Writes the link into the address bar now and returns it (for Copy link), or why there is none (the address bar then holds no link). */
  writeNow(): ShareUrl {
    return this.fragment.writeNow();
  }

  /** Applies the link in `url` (relative to the page), or changes nothing; the banner tells what went wrong. One undo step (after showing the link's built-in character, if another is shown). */
  apply(url: string): LinkOutcome {
    return this.applyRead(readLinkUrl(url, location.href));
  }

  private applyRead(read: ReadLink): LinkOutcome {
    // Cleared first: a scene link adds characters, and a new character would take a waiting link.
    this.waiting = null;
    const outcome: LinkOutcome = !read.ok ? read : read.kind === 'scene' ? applySceneLink(this.host, this.options.scene, read.scene) : this.applyPose(read.state);
    this.waiting = !outcome.ok && outcome.waits ? outcome.waits : null;
    this.options.report(outcome);
    return outcome;
  }

  /** A one-character link (versions 1–3), on the active character as such links always applied. */
  private applyPose(state: PoseLinkState): LinkOutcome {
    const misfit = this.options.showForLink(state.character, state.boneCount);
    return misfit !== null ? { ok: false, error: misfit } : this.host.editor.undo.step(() => applyLinkState(this.host, state));
  }

  /** The page shows another character: a link waiting for a glTF file applies now if it fits, or says why not. */
  characterChanged(): void {
    if (this.waiting === null) return;
    const waiting = this.waiting;
    const outcome = this.host.editor.undo.step(() => applyLinkState(this.host, waiting));
    if (outcome.ok) this.waiting = null;
    this.options.report(outcome);
  }

  /** Whether the URL's rewrite after a change is due (see LinkFragment.writePending). */
  get writePending(): boolean {
    return this.fragment.writePending;
  }

  /** The page is back in the state it opens in (kin.reset()): no link waits for a file, the URL holds none. */
  reset(): void {
    this.waiting = null;
    this.fragment.reset(this.options.pushHistory);
  }

  /** What the view shows of the state changed (the camera, playback started or stopped, a lesson's settings): the URL is rewritten, no entry pushed. */
  viewChanged(): void {
    this.fragment.changed(false);
  }

  dispose(): void {
    this.stopListening();
    this.fragment.dispose();
    this.gestures.dispose();
    window.removeEventListener('popstate', this.onEntryChanged);
    window.removeEventListener('hashchange', this.onEntryChanged);
  }

  // Back, Forward, or a link typed or pasted into the address bar (a
  // traversal may fire both events; the second finds nothing new).
  private readonly onEntryChanged = (): void => {
    const link = this.fragment.entryLinkIfNew();
    if (link === null) return;
    // The link as read from the URL, not put back into one to be read again: a
    // URL of megabytes costs a few hundred ms to write out (URLSearchParams).
    this.applyRead(readLink(link));
    this.fragment.adopt(link);
  };

  // Showing a clip's pose at a time (scrubbing, playback stopped) rewrites the entry; edits push one.
  private readonly onEditorChanged = (changes: Changes): void => {
    if ((changes & LINKED) === 0) return;
    const sampled = (changes & Change.SAMPLE) !== 0;
    if (sampled && this.options.playing()) return;
    this.fragment.changed(!sampled);
  };
}
