// A copy of the active character, for the scene panel's Duplicate: a new rig
// of the same bones (and spring chains) with the parts it was made from, and
// the active character's pose state (pose, goals, solver, clip) to restore
// on the copy once it has joined the scene.
import type { CharacterParts } from '../import/character-parts.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { type PoseState, capturePoseState } from '../posing/pose-state.js';
import { Rig } from '../rig/rig.js';
import type { KinModule } from '../wasm/generated/kin.js';

export function duplicateParts(module: KinModule, editor: PoseEditor, parts: CharacterParts): { parts: CharacterParts; state: PoseState } {
  const from = editor.session.rig;
  const rig = Rig.create(module, from.description);
  try {
    const chains = from.springs.springChains();
    if (chains.length > 0) rig.springs.setSpringChains(chains);
    rig.setPose(from.pose(), from.rootOffset);
  } catch (error) {
    rig.dispose();
    throw error;
  }
  // The copy starts paused on the pose, without a file's clip playing: the state brings the clip.
  return { parts: { ...parts, rig, clips: undefined, metresPerUnit: parts.metresPerUnit, framePoints: undefined }, state: capturePoseState(editor) };
}
