// The pose library on the default character, through the built module: the
// built-in poses (at least 40, every category) lie within every limit with no
// NaN and meet the floor as their ground says within 5 mm, mirrored too; the
// lying ones with the hips a quarter turn over and the trunk on the floor; applying the upper
// body leaves the legs bit for bit, the lower body the arms; blend 0 and 1
// give the current and the library's pose exactly; a mirrored pose is the
// pose flipped (left for right, y and z turned); a captured pose comes back.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_POSES } from '../../web/src/posing/built-in-poses.js';
import { contactHeight } from '../../web/src/posing/pose-ground.js';
import { POSE_CATEGORIES, applyLibraryPose, capturedPose, inPart, libraryPoseOn, mirroredPose } from '../../web/src/posing/pose-library.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

describe('the built-in poses', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let rig: Rig;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    rig = Rig.create(module, bones);
  });

  it('are at least 40, in every category, with names and ids of their own', () => {
    expect(BUILT_IN_POSES.length).toBeGreaterThanOrEqual(40);
    for (const category of POSE_CATEGORIES) expect(BUILT_IN_POSES.some((pose) => pose.category === category), category).toBe(true);
    expect(new Set(BUILT_IN_POSES.map((pose) => pose.id)).size).toBe(BUILT_IN_POSES.length);
    expect(new Set(BUILT_IN_POSES.map((pose) => pose.name)).size).toBe(BUILT_IN_POSES.length);
  });

  for (const pose of BUILT_IN_POSES.flatMap((p) => [p, { ...mirroredPose(p), name: `${p.name}, mirrored` }])) {
    it(`${pose.name}: names only the character's bones, within every limit, no NaN, on the floor as its ground says (5 mm)`, () => {
      for (const name of Object.keys(pose.angles)) expect(rig.boneNames, name).toContain(name);
      rig.setPose(new Float32Array(3 * rig.boneCount));
      const { angles, rootOffset_ms } = libraryPoseOn(rig, pose);
      for (const value of [...angles, ...rootOffset_ms]) expect(Number.isFinite(value)).toBe(true);
      rig.setPose(angles, rootOffset_ms);
      // The rig clamps to the limits: a pose within them comes back as it went in.
      expect(Array.from(rig.pose())).toEqual(Array.from(angles));
      // Every contact at or above its height, and the pose resting on one of its supports (the
      // contacts it names before the whole body's): soles, seat, knees, back, within 5 mm.
      const ground = pose.ground!;
      const gaps = ground.map((contact) => contactHeight(rig, contact) - contact.height);
      gaps.forEach((gap, c) => expect(gap, `contact ${c}`).toBeGreaterThan(-0.005));
      const supports = gaps.slice(0, ground.length > 1 ? ground.length - 1 : 1);
      expect(Math.min(...supports), 'the nearest support').toBeLessThan(0.005);
      // The category's own support touches too: a sitting pose its seat, a kneeling one its knees (2 cm).
      if (pose.category === 'sitting' || pose.category === 'kneeling' || pose.category === 'lying') expect(gaps[0], 'the seat, knees, trunk or side').toBeLessThan(0.02);
      // No body bone below the floor (the ponytail's springs hang it where they will).
      const tips = rig.boneTips();
      const model = rig.modelMatrices();
      if (pose.category === 'lying') {
        // The hips a quarter turn over (their upright axis within 20° of the floor) and the
        // trunk down: the pelvis's joints within a hand's breadth of the floor's skin contact.
        const hips = rig.boneIndex('hips');
        const up = [model[16 * hips + 4], model[16 * hips + 5], model[16 * hips + 6]];
        expect(Math.abs(up[1]) / Math.hypot(...up), 'the hips’ upright axis off the floor').toBeLessThan(Math.sin(0.35));
        for (const name of ['hips', 'spine']) expect(model[16 * rig.boneIndex(name) + 13], name).toBeLessThan(0.2);
      }
      rig.boneNames.forEach((name, b) => {
        if (!name.startsWith('ponytail_')) expect(Math.min(tips[3 * b + 1], model[16 * b + 13]), name).toBeGreaterThan(0);
      });
    });
  }
});

describe('applying a library pose', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });
  const pose = () => BUILT_IN_POSES.find((p) => p.name === 'Punch')!;

  it('upper body only leaves the hips and legs and the root bit for bit; lower body only leaves the rest', () => {
    for (const part of ['upper', 'lower'] as const) {
      const editor = defaultCharacterEditor(module, bones);
      const { rig } = editor.session;
      const before = Float32Array.from(rig.pose());
      const root = [...rig.rootOffset];
      applyLibraryPose(editor, pose(), { part });
      const after = rig.pose();
      rig.boneNames.forEach((name, b) => {
        const same = [0, 1, 2].every((k) => Object.is(after[3 * b + k], before[3 * b + k]));
        if (!inPart(name, part)) expect(same, `${part}: ${name}`).toBe(true);
      });
      if (part === 'upper') expect(rig.rootOffset).toEqual(root);
      expect(Array.from(after)).not.toEqual(Array.from(before));
      rig.dispose();
    }
  });

  it('blend 0 gives the current pose and blend 1 the library pose, exactly; 0.5 lies between', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    const before = Float32Array.from(rig.pose());
    const root = [...rig.rootOffset];
    applyLibraryPose(editor, pose(), { blend: 0 });
    expect(Array.from(rig.pose())).toEqual(Array.from(before));
    expect(rig.rootOffset).toEqual(root);
    const full = libraryPoseOn(rig, pose(), { blend: 1 });
    applyLibraryPose(editor, pose(), { blend: 1 });
    expect(Array.from(rig.pose())).toEqual(Array.from(full.angles));
    editor.undo.undo();
    applyLibraryPose(editor, pose(), { blend: 0.5 });
    const b = rig.boneIndex('forearm_l');
    const between = rig.pose()[3 * b + 1];
    expect(between).toBeCloseTo((before[3 * b + 1] + full.angles[3 * b + 1]) / 2, 6);
    rig.dispose();
  });

  it('mirrored, the pose is flipped: each bone takes its twin’s angles with y and z turned, the root to −x', () => {
    const mirrored = mirroredPose(pose());
    const turned = ([x, y, z]: readonly number[]) => [x, y === 0 ? 0 : -y, z === 0 ? 0 : -z];
    expect(mirrored.angles.upper_arm_l).toEqual(turned(pose().angles.upper_arm_r));
    expect(mirrored.angles.upper_arm_r).toEqual(turned(pose().angles.upper_arm_l));
    expect(mirrored.angles.hips).toEqual(turned(pose().angles.hips));
    // Flipping twice gives the pose back.
    expect(mirroredPose(mirrored).angles).toEqual(pose().angles);
    // Through the rig: a mirrored pose's palette is the plain one's mirror image (the rig's own Flip).
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    applyLibraryPose(editor, pose(), { mirror: true });
    const flippedByUs = Float32Array.from(rig.palette());
    applyLibraryPose(editor, pose());
    rig.mirror('flip');
    const flippedByRig = rig.palette();
    flippedByUs.forEach((value, k) => expect(Math.abs(value - flippedByRig[k])).toBeLessThan(1e-5));
    rig.dispose();
  });

  it('a captured pose applied again gives the same angles and root', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    applyLibraryPose(editor, BUILT_IN_POSES.find((p) => p.name === 'Sneak')!);
    const saved = capturedPose(rig, 'user:1', 'mine', 'crouching');
    const angles = Float32Array.from(rig.pose());
    const root = [...rig.rootOffset];
    applyLibraryPose(editor, BUILT_IN_POSES[0]);
    applyLibraryPose(editor, saved);
    expect(Array.from(rig.pose())).toEqual(Array.from(angles));
    expect(rig.rootOffset).toEqual(root);
    rig.dispose();
  });

  it('refuses a bad part, mirror or blend by name, changing nothing', () => {
    const editor = defaultCharacterEditor(module, bones);
    const depth = editor.undo.depths.undo;
    expect(() => applyLibraryPose(editor, pose(), { part: 'legs' as never })).toThrow('kin: a part is one of whole, upper, lower, hands, not "legs"');
    expect(() => applyLibraryPose(editor, pose(), { blend: Number.NaN })).toThrow('kin: a blend is a number from 0 to 1, not NaN');
    expect(() => applyLibraryPose(editor, pose(), { blend: 2 })).toThrow('kin: a blend is a number from 0 to 1, not 2');
    expect(editor.undo.depths.undo).toBe(depth);
    editor.session.rig.dispose();
  });
});
