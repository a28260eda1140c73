// An embedded page on a phone puts the lesson's card across the view's
// lower part (lessons.css): the view keeps the character in the part above
// it (Viewport.coverBottom), following the card as it folds, grows or goes.
// Where the card sits beside the view (a wider embed), nothing is covered.
import type { Viewport } from '../three/scene.js';

/** A card narrower than this share of the view sits beside the character, not across it. */
const ACROSS = 0.8;

export function followCoveringCard(viewport: Viewport, region: HTMLElement, card: HTMLElement): void {
  const update = () => {
    const view = region.getBoundingClientRect();
    const box = card.getBoundingClientRect();
    const across = !card.hidden && box.width >= ACROSS * view.width && box.top > view.top;
    viewport.coverBottom(across ? view.bottom - box.top : 0);
  };
  const observer = new ResizeObserver(update);
  observer.observe(card);
  observer.observe(region);
  // Shown and hidden do not resize it to the observer (hidden: display none): watch the attribute too.
  new MutationObserver(update).observe(card, { attributes: true, attributeFilter: ['hidden'] });
  update();
}
