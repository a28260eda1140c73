// A small banner at the top of the view for what happened to a share link
// (damaged, for another character, partly applied) — or, with its own class,
// to a model the user loaded. It never blocks the page: posing goes on
// underneath, and × dismisses it. Text only, through textContent: a link's
// contents and a file's names come from anyone. The banners of a region
// share one column at its top, so that two at once (a refused link, then a
// refused file) stack instead of one covering the other.
import { closeButton } from './close-button.js';

export class LinkBanner {
  readonly element = document.createElement('div');
  private readonly message = document.createElement('span');

  /** `className` tells the banners apart: 'link-banner', or 'model-banner'. */
  constructor(parent: HTMLElement, className = 'link-banner') {
    this.element.className = className;
    this.element.setAttribute('role', 'status');
    this.element.hidden = true;
    this.message.className = 'link-banner-message';
    this.element.append(this.message, closeButton('link-banner-close', 'dismiss', () => this.hide()));
    bannerColumn(parent).append(this.element);
  }

  /** Shows one message; 'problem' when the link (or model) was not applied, 'note' when it was. */
  show(text: string, kind: 'problem' | 'note'): void {
    this.message.textContent = text;
    this.element.dataset.kind = kind;
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
  }
}

/** The column of banners at the top of `region`, made the first time a banner goes there. */
function bannerColumn(region: HTMLElement): HTMLElement {
  let column = region.querySelector<HTMLElement>(':scope > .banner-column');
  if (column === null) {
    column = document.createElement('div');
    column.className = 'banner-column';
    region.append(column);
  }
  return column;
}
