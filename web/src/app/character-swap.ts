// Puts a new character on the page in place of the one shown: a posing
// session for its rig (keeping the solver in use when it can pose the new
// rig), its meshes, the swap in the editor and in the view, and a camera
// framing it. The model loader and the built-in characters hand their parts
// here. Whatever fails before the swap frees what was built and leaves the
// character on screen as it was.
import type { CharacterParts } from '../import/character-parts.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { PosingSession } from '../posing/posing-session.js';
import { CharacterMeshes } from '../three/character-meshes.js';
import type { PosingView } from './posing-view.js';

export function swapCharacter(editor: PoseEditor, view: PosingView, parts: CharacterParts): void {
  const { rig } = parts;
  let character: CharacterMeshes | null = null;
  try {
    const session = new PosingSession(rig, parts.layouts(rig));
    try {
      session.setSolver(editor.session.solverName, {});
    } catch {
      // The session keeps the rig's default solver.
    }
    character = new CharacterMeshes(parts.meshes, parts.jointToBone);
    editor.replaceCharacter(session, parts.info);
  } catch (error) {
    character?.dispose();
    rig.dispose();
    throw error;
  }
  view.showCharacter(character);
}
