// File ▸ Open scene… and Save scene: a scene file (.kinscene) holds the whole
// scene — its characters (a loaded file's bytes too), poses, proportions,
// clips, props, contacts, the camera, the lights and the reference picture —
// where a link holds only what fits in an address.
import { SCENE_FILE_EXTENSION } from '../scene/scene-file.js';
import { menuItem } from './menu.js';

export function openSceneButton(open: (files: readonly File[]) => void): HTMLElement {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = SCENE_FILE_EXTENSION;
  input.hidden = true;
  input.setAttribute('aria-label', 'scene file to open');
  const button = menuItem('open-scene', `Open scene…: a ${SCENE_FILE_EXTENSION} file in place of the scene (or drop it on the view)`, 'Open scene…');
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length > 0) open(files);
  });
  const wrapper = document.createElement('div');
  wrapper.className = 'model-picker';
  wrapper.append(button, input);
  return wrapper;
}

export function saveSceneButton(save: () => void): HTMLButtonElement {
  const button = menuItem('save-scene', 'Save scene: the whole scene in one file, to open here again (a link holds less)', 'Save scene');
  button.addEventListener('click', save);
  return button;
}
