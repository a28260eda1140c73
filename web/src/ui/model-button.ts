// "Load…" in the File menu: opens the browser's file picker (several files
// at once: a .gltf with its .bin and textures) and hands the chosen files to
// the loader.
import { filePickerItem } from './file-picker-item.js';
import { ACCEPTED_FILES } from './page-models.js';

export function modelButton(load: (files: readonly File[]) => void): HTMLElement {
  return filePickerItem({
    action: 'load',
    title: 'Load… (a glTF/GLB character with its files, or a pose JSON; or drop them on the view)',
    label: 'Load model or pose…',
    accept: ACCEPTED_FILES,
    inputLabel: 'files to load',
    multiple: true,
  }, load);
}
