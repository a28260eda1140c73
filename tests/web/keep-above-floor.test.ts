// Keep above the floor through the module and the posing session: the
// default character's hips dragged down past the floor between its pinned
// feet, which takes the hips and legs through it unless Keep above the floor
// holds them. (Dragged 0.8 m down, the knees bend forward and the lowest tip
// stays above the floor even without it: the hips end 0.44 m up.)
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

/** The lowest bone tip of the pose, model y (metres). */
function lowestTip(editor: PoseEditor): number {
  const tips = editor.session.rig.boneTips();
  let lowest = Infinity;
  for (let i = 1; i < tips.length; i += 3) lowest = Math.min(lowest, tips[i]);
  return lowest;
}

describe('keep above the floor', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  /** Drags the hips' handle 1.5 m down (0.5 m below the floor) in `frames` moves, one gesture, as the page does (the feet stay pinned). */
  const dropHips = (editor: PoseEditor, frames = 30): void => {
    const goal = editor.session.goalIndex('hips');
    const start = editor.session.target_ms(goal);
    editor.beginGesture();
    for (let f = 1; f <= frames; f++) editor.handleMoved(goal, { x: start[0], y: start[1] - (1.5 * f) / frames, z: start[2] });
    editor.endGesture();
  };

  it('with it off, the hips dragged past the floor go through it', () => {
    const editor = defaultCharacterEditor(module, bones);
    dropHips(editor);
    expect(lowestTip(editor)).toBeLessThan(-0.2);
    editor.session.rig.dispose();
  });

  it('with it on, the same drag keeps every bone tip on or above the floor', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { session } = editor;
    session.useKeepAboveFloor(true);
    expect(session.keepsAboveFloor).toBe(true);
    const hipsBefore = session.rig.boneTips()[3 * session.rig.boneIndex('hips') + 1];
    dropHips(editor);
    expect(session.lastSolve.failure).toBeNull();
    expect(lowestTip(editor)).toBeGreaterThan(-0.001);
    // The body still crouches.
    expect(session.rig.boneTips()[3 * session.rig.boneIndex('hips') + 1]).toBeLessThan(hipsBefore - 0.2);
    session.rig.dispose();
  });

  it('is kept as asked across solvers, and the geometric ones solve without it', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { session } = editor;
    expect(session.rig.contract.solvers.filter((s) => s.floor).map((s) => s.name)).toEqual([
      'dls', 'gauss-newton', 'jacobian-transpose', 'gradient-descent', 'projected-gradient',
    ]);
    session.useKeepAboveFloor(true);
    editor.setSolver('ccd');
    expect(session.keepAboveFloorAsked).toBe(true);
    expect(session.keepsAboveFloor).toBe(false);
    editor.setSolver('gauss-newton');
    expect(session.keepsAboveFloor).toBe(true);
    expect(session.solveSetup(false).keepAboveFloor).toBe(true);
    session.rig.dispose();
  });
});
