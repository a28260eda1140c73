// Sitting on a seat prop, through the real module on the default character:
// the hips joint ends HIPS_ABOVE_SEAT_M over the chair's seat top (worked
// out here from the chair's place and SEAT_HEIGHT_M, not by the sitting
// code), the balls of the feet on the floor (the height they have
// standing), the knees ahead of the hips (bent the way knees bend), the
// character facing away from the chair's back; a box cannot be sat on, and
// a refused sit changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { HIPS_ABOVE_SEAT_M, sitOn } from '../../web/src/posing/sit-on-seat.js';
import { SEAT_HEIGHT_M } from '../../web/src/scene/prop-kinds.js';
import { toWorld } from '../../web/src/scene/character-transform.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

let module: KinModule;
let bones: BoneDesc[];

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
});

function joint_ws(editor: PoseEditor, bone: string): [number, number, number] {
  const { rig } = editor.session;
  const m = rig.modelMatrices();
  const b = 16 * rig.boneIndex(bone);
  return toWorld(editor.active.transform, [m[b + 12], m[b + 13], m[b + 14]]);
}

function tip_ws(editor: PoseEditor, bone: string): [number, number, number] {
  const { rig } = editor.session;
  const tips = rig.boneTips();
  const b = 3 * rig.boneIndex(bone);
  return toWorld(editor.active.transform, [tips[b], tips[b + 1], tips[b + 2]]);
}

describe('sitting on a chair', () => {
  it('puts the hips on the seat and the feet on the floor in front of it, facing away from the back', () => {
    const editor = defaultCharacterEditor(module, bones);
    const standingBall = tip_ws(editor, 'foot_l')[1];
    const heading = 0.7;
    const chair = editor.scene.props.add({ kind: 'chair', transform: { position: [1.5, 0, -0.8], rotation: [0, heading, 0], scale: [1, 1, 1] } });
    sitOn(editor, chair.id);
    const hips = joint_ws(editor, 'hips');
    expect(Math.abs(hips[1] - (SEAT_HEIGHT_M + HIPS_ABOVE_SEAT_M))).toBeLessThan(5e-3);
    expect(Math.hypot(hips[0] - 1.5, hips[2] + 0.8)).toBeLessThan(5e-3);
    for (const foot of ['foot_l', 'foot_r']) expect(Math.abs(tip_ws(editor, foot)[1] - standingBall)).toBeLessThan(5e-3);
    // The chair's front is its +Z turned by its heading; the feet and knees are that way from the hips.
    const front = [Math.sin(heading), Math.cos(heading)];
    for (const bone of ['shin_l', 'shin_r']) {
      const knee = joint_ws(editor, bone);
      expect((knee[0] - hips[0]) * front[0] + (knee[2] - hips[2]) * front[1]).toBeGreaterThan(0.25);
    }
    expect(editor.active.transform.heading).toBeCloseTo(heading, 9);
    editor.dispose();
  });

  it('refuses a box, changing nothing', () => {
    const editor = defaultCharacterEditor(module, bones);
    const box = editor.scene.props.add({ kind: 'box', transform: { position: [1, 0.2, 0], rotation: [0, 0, 0], scale: [1, 1, 1] } });
    const pose = Array.from(editor.session.rig.pose());
    expect(() => sitOn(editor, box.id)).toThrow(/box: only a stool or a chair/);
    expect(Array.from(editor.session.rig.pose())).toEqual(pose);
    expect(editor.active.transform).toEqual({ x: 0, z: 0, heading: 0 });
    expect(editor.undo.depths.undo).toBe(0);
    editor.dispose();
  });
});
