// The characters of an editor's scene as a scene file being opened gives
// them to its sections (app/scene-files.ts): by id, their bones and the
// bones their goals pull.
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import type { SceneFileCharacters } from '../../web/src/scene/scene-file-section.js';

export function sceneFileCharacters(editor: PoseEditor): SceneFileCharacters {
  return new Map(editor.scene.characters.map((c) => [c.id, { name: c.name, bones: c.session.rig.boneNames, goals: c.session.goalBones.map((b) => c.session.rig.boneNames[b]) }]));
}
