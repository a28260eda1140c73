// A small dialog for a file with several skins: one button per skin (its
// name, joints and meshes), and Cancel. Names come from the file, so they go
// in as text only.
import type { GltfSkinEntry } from '../import/gltf-model.js';
import { plural } from '../text/plural.js';

/** Shows the choice; resolves with the chosen skin's file index, or null on Cancel / Escape. */
export function chooseSkin(parent: HTMLElement, fileName: string, skins: readonly GltfSkinEntry[]): Promise<number | null> {
  return new Promise((resolve) => {
    const dialog = document.createElement('div');
    dialog.className = 'skin-chooser';
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'choose a skin');
    const card = document.createElement('div');
    card.className = 'skin-chooser-card';
    const title = document.createElement('p');
    title.textContent = `'${fileName}' has ${skins.length} skins. Which one do you want to pose?`;
    card.append(title);
    const close = (choice: number | null): void => {
      dialog.remove();
      document.removeEventListener('keydown', onKey);
      resolve(choice);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') close(null);
    };
    for (const skin of skins) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'skin-chooser-option';
      button.dataset.skin = String(skin.index);
      button.textContent = `${skin.name} — ${plural(skin.skeleton.bones.length, 'joint')}, ${plural(skin.meshes.length, 'mesh', 'meshes')}`;
      button.addEventListener('click', () => close(skin.index));
      card.append(button);
    }
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'skin-chooser-cancel';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => close(null));
    card.append(cancel);
    dialog.append(card);
    parent.append(dialog);
    document.addEventListener('keydown', onKey);
    (card.querySelector('button') as HTMLButtonElement).focus();
  });
}
