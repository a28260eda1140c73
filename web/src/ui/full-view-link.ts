// The one control of embed mode: a small "Open in full view" link in a
// corner, opening the page in a new tab without the embed flag and with the
// pose on screen. The URL catches up with posing only after a pause, so the
// link takes a fresh share link whenever someone is about to follow or copy
// it (pointer over it or pressed, keyboard focus, context menu). A state no
// link can hold opens the page without a link, and the link's title says why.
import { fullViewUrl } from './embed-mode.js';
import { urlWithoutPoseLink } from '../share/link-url.js';
import type { ShareUrl } from '../share/share-link.js';

const REFRESH_EVENTS = ['pointerenter', 'pointerdown', 'focus', 'click', 'contextmenu'] as const;

export class FullViewLink {
  readonly element = document.createElement('a');

  /** `shareUrl` gives the page's URL with the current pose link, or why there is none. */
  constructor(parent: HTMLElement, private readonly shareUrl: () => ShareUrl) {
    this.element.className = 'full-view-link';
    this.element.textContent = 'Open in full view';
    // A new tab: in an iframe, the course page around it stays where it is.
    this.element.target = '_blank';
    this.element.rel = 'noopener';
    this.refresh();
    for (const type of REFRESH_EVENTS) this.element.addEventListener(type, this.refresh);
    parent.append(this.element);
  }

  private readonly refresh = (): void => {
    const link = this.shareUrl();
    this.element.href = fullViewUrl(link.ok ? link.url : urlWithoutPoseLink(location.href));
    this.element.title = link.ok ? '' : link.error;
  };
}
