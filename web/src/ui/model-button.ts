// "Load…" in the File menu: opens the browser's file picker (several files
// at once: a .gltf with its .bin and textures) and hands the chosen files to
// the loader. The input is reset after each pick, so picking the same file
// again loads it again.
import { ACCEPTED_FILES } from './page-models.js';
import { menuItem } from './menu.js';

export function modelButton(load: (files: readonly File[]) => void): HTMLElement {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = ACCEPTED_FILES;
  input.hidden = true;
  input.setAttribute('aria-label', 'files to load');
  const button = menuItem('load', 'Load… (a glTF/GLB character with its files, or a pose JSON; or drop them on the view)', 'Load model or pose…');
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length > 0) load(files);
  });
  const wrapper = document.createElement('div');
  wrapper.className = 'model-picker';
  wrapper.append(button, input);
  return wrapper;
}
