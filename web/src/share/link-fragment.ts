// Keeps the page's URL a share link of what is on screen, and history
// entries for the poses. It is told every change of what a link holds (an
// edit, or only the view: the camera, a clip's pose shown, lesson settings);
// once no change has come for DELAY_MILLIS, and no pointer is
// held (a drag held still writes once, when it is let go: encoding a link
// makes tens of kB of garbage, not worth it mid-gesture), it writes the link
// into the fragment, pushing a history entry or rewriting the current one as
// HistoryPolicy says. Neither fires hashchange. The entry the page opened on
// may have no link in its URL: it keeps the opening state's link in its
// history state, so that Back can return to it. A state no link can hold
// takes the link out of the URL (the address bar never holds a link to
// something else than the page shows); the entries of earlier states keep theirs.
import { poseLinkInUrl, urlWithoutPoseLink } from './link-url.js';
import { HistoryPolicy } from './browser-history-policy.js';
import { NO_GESTURE, type PointerGestures } from './pointer-gestures.js';
import type { ShareUrl } from './share-link.js';

const DELAY_MILLIS = 400;
const STATE_KEY = 'kinPoseLink';

/** What the fragment's owner provides. */
export interface LinkSource {
  /** The page's URL with a link to the state now, or why there is none. */
  currentUrl(): ShareUrl;
  /** Whether the state is still changing by itself after an edit (a worker's solves of a drag still coming): written once they have landed. */
  settling(): boolean;
}

/** The history entry's state object, or an empty one (another script may store anything there). */
function entryState(): Record<string, unknown> {
  const state: unknown = history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

function linkOf(current: ShareUrl): string | null {
  return current.ok ? poseLinkInUrl(current.url) : null;
}

export class LinkFragment {
  private timer: ReturnType<typeof setTimeout> | null = null;
  // Whether the scheduled write has found a pointer held since the last change (it waits for the release then).
  private heldBack = false;
  private policy: HistoryPolicy;
  private shown: string | null;

  /**
   * The URL already shows the state now (nothing is written until a change
   * comes); `pushing` false: never add history entries.
   */
  constructor(private readonly source: LinkSource, private readonly gestures: PointerGestures, pushing: boolean) {
    this.policy = new HistoryPolicy(pushing);
    this.shown = poseLinkInUrl(location.href);
    if (this.shown === null) this.keepOpeningState();
  }

  /**
   * Whether a write is due that waits for nothing but its delay: none while
   * a held pointer has put it off (it waits for the user's release), and
   * none once written.
   */
  get writePending(): boolean {
    return this.timer !== null && !(this.heldBack && this.gestures.current !== NO_GESTURE);
  }

  /**
   * The page is back in the state it opens in (kin.reset()): the URL holds
   * no link, as a page opened without one, no write is pending, and Back
   * returns here as to an opening entry.
   */
  reset(pushing: boolean): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.heldBack = false;
    this.policy = new HistoryPolicy(pushing);
    history.replaceState(history.state, '', urlWithoutPoseLink(location.href));
    this.keepOpeningState();
  }

  /**
   * What a link holds changed: schedules a write once changes stop;
   * `edited` (the pose, goals, solver, clip or characters edited, not only
   * the view) lets the write push a history entry. Called per change, a
   * drag's every move included (the timer restarts each time).
   */
  changed(edited: boolean): void {
    this.policy.changed(this.gestures.current, edited);
    if (this.timer !== null) clearTimeout(this.timer);
    this.heldBack = false;
    this.timer = setTimeout(this.writeWhenLetGo, DELAY_MILLIS);
  }

  /** Writes now (before someone reads location.href), and cancels a pending write; returns what was written. */
  writeNow(): ShareUrl {
    return this.write();
  }

  /**
   * The link of the history entry the page is on (its URL's, or the opening
   * state's), if it is not the one on screen: after Back, Forward or an edit
   * of the fragment.
   */
  entryLinkIfNew(): string | null {
    const stored = entryState()[STATE_KEY];
    const link = poseLinkInUrl(location.href) ?? (typeof stored === 'string' ? stored : null);
    return link === this.shown ? null : link;
  }

  /** The page has taken the entry's `link` (applied it, or refused it and kept its state): the changes it made need no write. */
  adopt(link: string): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.shown = link;
    this.policy.adopt();
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The URL has no link of its own: its entry keeps the opening state's, for Back to return to. */
  private keepOpeningState(): void {
    this.shown = linkOf(this.source.currentUrl());
    history.replaceState({ ...entryState(), [STATE_KEY]: this.shown }, '');
  }

  private readonly writeWhenLetGo = (): void => {
    if (this.gestures.current === NO_GESTURE && !this.source.settling()) {
      this.write();
      return;
    }
    this.heldBack ||= this.gestures.current !== NO_GESTURE;
    this.timer = setTimeout(this.writeWhenLetGo, DELAY_MILLIS);
  };

  private readonly write = (): ShareUrl => {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const current = this.source.currentUrl();
    const url = current.ok ? current.url : urlWithoutPoseLink(location.href);
    this.shown = linkOf(current);
    if (this.policy.settle() === 'push') history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
    return current;
  };
}
