// A File menu item that opens the browser's file picker and hands over what
// was picked. The input is reset after each pick, so picking the same file
// again opens it again.
import { menuItem } from './menu.js';

export interface FilePickerItem {
  action: string;
  title: string;
  label: string;
  /** The input's `accept`: what the picker offers. */
  accept: string;
  /** The input's accessible name (tests pick files by it). */
  inputLabel: string;
  multiple: boolean;
}

export function filePickerItem(item: FilePickerItem, picked: (files: readonly File[]) => void): HTMLElement {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = item.multiple;
  input.accept = item.accept;
  input.hidden = true;
  input.setAttribute('aria-label', item.inputLabel);
  const button = menuItem(item.action, item.title, item.label);
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length > 0) picked(files);
  });
  const wrapper = document.createElement('div');
  wrapper.className = 'model-picker';
  wrapper.append(button, input);
  return wrapper;
}
