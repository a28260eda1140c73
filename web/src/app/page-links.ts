// Share links on this page: the link in the URL applied on startup and when
// the user edits the fragment, the URL kept current while posing, the Copy
// link button, and the banner that reports a link that did not (fully) apply.
import { poseLinkInUrl } from '../share/link-url.js';
import { CopyLinkButton } from './copy-link-button.js';
import { LinkBanner } from './link-banner.js';
import { LinkFragment } from './link-fragment.js';
import type { PosingApp } from './posing-app.js';
import { type LinkOutcome, applyLinkUrl, shareUrl } from './share-link.js';

export class PageLinks {
  private readonly banner: LinkBanner;
  private readonly fragment: LinkFragment;

  /** Applies the page URL's link, if any: call once the character is loaded, before the first frame. */
  constructor(private readonly app: PosingApp, root: HTMLElement, buttonParent: HTMLElement) {
    this.banner = new LinkBanner(root);
    if (poseLinkInUrl(location.href) !== null) this.apply(location.href);
    // What the URL holds now is either the link just applied or no link at all: nothing to write yet.
    this.fragment = new LinkFragment(() => this.currentUrl(), app.stateVersion);
    new CopyLinkButton(buttonParent, () => {
      this.fragment.writeNow();
      return location.href;
    });
    window.addEventListener('hashchange', this.onHashChange);
  }

  /** The page's URL with a link to the state now (not waiting for the fragment's next write). */
  currentUrl(): string {
    return shareUrl(this.app, location.href);
  }

  /** Applies the link in `url` (relative to the page), or changes nothing; the banner tells what went wrong. One undo step. */
  apply(url: string): LinkOutcome {
    const outcome = this.app.history.step(() => applyLinkUrl(this.app, url, location.href));
    if (!outcome.ok) this.banner.show(outcome.error, 'problem');
    else if (outcome.note !== null) this.banner.show(outcome.note, 'note');
    else this.banner.hide();
    return outcome;
  }

  /** Called every frame: schedules the URL's rewrite after a change. */
  watch(): void {
    this.fragment.watch(this.app.stateVersion);
  }

  dispose(): void {
    this.fragment.dispose();
    window.removeEventListener('hashchange', this.onHashChange);
  }

  // Someone typed or pasted a link into the address bar of this page.
  private readonly onHashChange = (): void => {
    if (poseLinkInUrl(location.href) !== null) this.apply(location.href);
  };
}
