// The retargeting lesson's card at the view's top left: what is on
// screen (the source walking in green, the IK result skinned, the rotation
// result as orange bones) and both results' report numbers side by side, so
// the difference between the two methods reads as numbers too. × hides it.
import { closeButton } from './close-button.js';
import type { RetargetSummary } from './retarget-host.js';

function cell(tag: 'th' | 'td', text: string, className = ''): HTMLTableCellElement {
  const c = document.createElement(tag);
  c.textContent = text;
  if (className !== '') c.className = className;
  return c;
}

export class RetargetLessonCard {
  readonly element = document.createElement('section');
  private readonly body = document.createElement('tbody');

  constructor(parent: HTMLElement) {
    this.element.className = 'retarget-lesson';
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'retargeting lesson');
    const title = document.createElement('p');
    title.className = 'retarget-lesson-text';
    title.textContent = 'The default character’s walk (green, left) on longer legs, long shins, a 5-bone spine. IK (the body) keeps each limb’s reach, bending bones off the source’s directions; rotations (orange, right) keep the directions and miss the reach.';
    const table = document.createElement('table');
    table.className = 'retarget-lesson-table';
    const head = document.createElement('tr');
    for (const title of ['', 'Angle mean / max', 'Limb max', 'Foot slide']) head.append(cell('th', title));
    const thead = document.createElement('thead');
    thead.append(head);
    table.append(thead, this.body);
    this.element.append(closeButton('retarget-lesson-close', 'Hide the lesson’s numbers', () => this.hide()), title, table);
    parent.append(this.element);
  }

  /** Shows the two results' numbers: IK (the skinned body) first, then rotations (the orange bones). */
  show(ik: RetargetSummary, rotation: RetargetSummary): void {
    const row = (label: string, className: string, s: RetargetSummary): HTMLTableRowElement => {
      const tr = document.createElement('tr');
      tr.dataset.mode = s.mode;
      tr.append(
        cell('th', label, className),
        cell('td', `${s.meanAngle_deg.toFixed(1)}° / ${s.maxAngle_deg.toFixed(1)}°`),
        cell('td', `${(100 * s.maxLimbError).toFixed(1)} %`),
        cell('td', `${(100 * s.maxFootSlide).toFixed(1)} cm`),
      );
      return tr;
    };
    this.body.replaceChildren(row('IK (skinned)', 'retarget-lesson-ik', ik), row('Rotations', 'retarget-lesson-rotation', rotation));
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
  }
}
