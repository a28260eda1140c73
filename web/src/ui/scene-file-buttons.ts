// File ▸ Open scene… and Save scene: a scene file (.kinscene) holds the whole
// scene — its characters (a loaded file's bytes too), poses, proportions,
// clips, props, contacts, the camera, the lights and the reference picture —
// where a link holds only what fits in an address.
import { SCENE_FILE_EXTENSION } from '../scene/scene-file.js';
import { filePickerItem } from './file-picker-item.js';
import { menuItem } from './menu.js';

export function openSceneButton(open: (files: readonly File[]) => void): HTMLElement {
  return filePickerItem({
    action: 'open-scene',
    title: `Open scene…: a ${SCENE_FILE_EXTENSION} file in place of the scene (or drop it on the view)`,
    label: 'Open scene…',
    accept: SCENE_FILE_EXTENSION,
    inputLabel: 'scene file to open',
    multiple: false,
  }, open);
}

export function saveSceneButton(save: () => void): HTMLButtonElement {
  const button = menuItem('save-scene', 'Save scene: the whole scene in one file, to open here again (a link holds less)', 'Save scene');
  button.addEventListener('click', save);
  return button;
}
