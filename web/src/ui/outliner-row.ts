// One row of the outliner, for a character or a prop alike: its name (a
// click picks it, a double-click renames it in place), an eye that hides
// it, a padlock that locks it and × that removes it. What each does is the
// item's; a refused action goes to `act`, which shows it.
import { eyeIcon, lockIcon } from './outliner-icons.js';
import { toolButton } from './tool-controls.js';

export interface OutlinerItem {
  /** Names the row's controls for tests and styles: 'character' or 'prop'. */
  kind: string;
  name: string;
  hidden: boolean;
  locked: boolean;
  /** The active character, or the selected prop. */
  picked: boolean;
  /** What a click on the name says it does. */
  pickTitle: string;
  pick(): void;
  rename(name: string): void;
  setFlags(flags: { hidden?: boolean; locked?: boolean }): void;
  /** Left out: no × (the scene's last character). */
  remove?(): void;
}

export function outlinerRow(item: OutlinerItem, act: (action: () => void) => void, shown: () => void): HTMLLIElement {
  const row = document.createElement('li');
  row.className = `scene-character scene-${item.kind}`;
  row.classList.toggle('scene-character-hidden', item.hidden);
  const pick = toolButton(`pick-${item.kind}`, item.locked ? `${item.name} is locked` : `${item.pickTitle} (double-click to rename)`, item.name);
  pick.classList.add('scene-character-name');
  pick.setAttribute('aria-pressed', String(item.picked));
  pick.addEventListener('click', () => act(item.pick));
  pick.addEventListener('dblclick', () => rename(row, pick, item, act, shown));
  const hide = toolButton(`hide-${item.kind}`, item.hidden ? `Show ${item.name}` : `Hide ${item.name}`);
  hide.classList.add('scene-character-toggle');
  hide.setAttribute('aria-pressed', String(item.hidden));
  hide.append(eyeIcon(item.hidden));
  hide.addEventListener('click', () => act(() => item.setFlags({ hidden: !item.hidden })));
  const lock = toolButton(`lock-${item.kind}`, item.locked ? `Unlock ${item.name}` : `Lock ${item.name}: it stays as it is`);
  lock.classList.add('scene-character-toggle');
  lock.setAttribute('aria-pressed', String(item.locked));
  lock.append(lockIcon(item.locked));
  lock.addEventListener('click', () => act(() => item.setFlags({ locked: !item.locked })));
  row.append(pick, hide, lock);
  const { remove } = item;
  if (remove !== undefined) {
    const button = toolButton(`remove-${item.kind}`, `Remove ${item.name} from the scene`, '×');
    button.classList.add('scene-character-remove');
    button.addEventListener('click', () => act(remove));
    row.append(button);
  }
  return row;
}

/** Puts a text field in the name's place: Enter or leaving it renames, Escape keeps the name. */
function rename(row: HTMLLIElement, pick: HTMLButtonElement, item: OutlinerItem, act: (action: () => void) => void, shown: () => void): void {
  const field = document.createElement('input');
  field.type = 'text';
  field.className = 'scene-character-rename';
  field.name = `rename-${item.kind}`;
  field.value = item.name;
  field.setAttribute('aria-label', `new name for ${item.name}`);
  let done = false;
  const finish = (keep: boolean): void => {
    if (done) return;
    done = true;
    if (!keep && field.value !== item.name) act(() => item.rename(field.value.trim()));
    shown();
  };
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') finish(false);
    else if (event.key === 'Escape') finish(true);
    event.stopPropagation();
  });
  field.addEventListener('blur', () => finish(false));
  row.replaceChild(field, pick);
  field.focus();
  field.select();
}
