// The page's scene files and what links leave out of the scene: the
// characters' section and every part's (contacts, props, the render camera
// and lights, the reference image) put together for Save scene / Open scene,
// and the few words a link's note names for what it cannot hold.
import { contactsFileSection } from '../posing/contacts-file-section.js';
import type { SceneContacts } from '../posing/scene-contacts.js';
import { cameraSection } from '../scene/camera-section.js';
import { propsSection } from '../scene/props-section.js';
import { referenceSection } from '../scene/reference-section.js';
import type { Scene } from '../scene/scene.js';
import { errorMessage } from '../text/error-message.js';
import type { PageCamera } from './page-camera.js';
import type { CharactersPage } from './scene-file-characters.js';
import { type SceneFileHooks, SceneFiles } from './scene-files.js';

/** Scene files over the page's characters and parts, each part's section in the order it applies. */
export function pageSceneFiles(page: CharactersPage, contacts: SceneContacts, camera: PageCamera, hooks: SceneFileHooks): SceneFiles {
  const files = new SceneFiles(page, hooks);
  files.add(contactsFileSection(page.editor, contacts));
  files.add(propsSection(page.editor.scene));
  files.add(cameraSection(camera.camera, camera.lights));
  files.add(referenceSection(camera.reference, (picture, settings) => camera.setReference(picture, settings)));
  return files;
}

/** Opens a picked or dropped scene file; resolves to what kept it out, or null. */
export async function openSceneFile(files: SceneFiles, file: File): Promise<string | null> {
  try {
    await files.open(new Uint8Array(await file.arrayBuffer()));
    return null;
  } catch (error) {
    return `Could not open ${file.name}: ${errorMessage(error)}`;
  }
}

/** What the scene holds that no link carries, for the link's note. */
export function leftOutOfLinks(scene: Scene, camera: PageCamera): string[] {
  const props = scene.props.all.length;
  return [...(camera.reference.image === null ? [] : ['the reference image']), ...(props === 0 ? [] : [props === 1 ? 'the prop' : `the ${props} props`])];
}
