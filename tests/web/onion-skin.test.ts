// The onion skin through the real module: each ghost's bone lines run from
// the joints to the tips of the clip's pose at the ghost's time (checked
// against a second rig sampled at that time: its model matrices and the
// core's own tips), the rig's pose is untouched, a ghost without a time is
// hidden, and dispose frees the GPU objects (that an update allocates
// nothing: onion-skin-allocation.test.ts).
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALK_DURATION, buildDemoClips } from '../../web/src/animation/demo-clips.js';
import type { ClipData } from '../../web/src/animation/clip.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { OnionSkin } from '../../web/src/three/onion-skin.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

let module: KinModule;
let bones: BoneDesc[];
let walk: ClipData;
let rig: Rig;
let reference: Rig;

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
  walk = buildDemoClips(module, bones)[1];
  rig = Rig.create(module, bones);
  reference = Rig.create(module, bones);
  rig.clips.setClip(walk);
  reference.clips.setClip(walk);
});

afterAll(() => {
  rig.dispose();
  reference.dispose();
});

describe('onion skin', () => {
  it("draws each ghost's bones from the joints to the tips of the pose at its time, leaving the rig's pose alone", () => {
    rig.clips.sampleClip(0.3, 'loop');
    const pose = Float32Array.from(rig.pose());
    const root = rig.rootOffset;
    const palette = Float32Array.from(rig.palette());
    const onion = new OnionSkin(rig);
    onion.visible = true;
    // Times off the keys, and one past the end that loops back to 0.2 s.
    const times = Float64Array.of(0.2 + WALK_DURATION, 0.4375);
    onion.update(times, 'loop');
    times.forEach((time, g) => {
      reference.clips.sampleClip(time, 'loop');
      const model = reference.modelMatrices();
      const tips = reference.boneTips();
      const lines = onion.linePositions(g);
      expect(lines).toHaveLength(6 * rig.boneCount);
      let worst = 0;
      for (let b = 0; b < rig.boneCount; b++) {
        const expected = [model[16 * b + 12], model[16 * b + 13], model[16 * b + 14], tips[3 * b], tips[3 * b + 1], tips[3 * b + 2]];
        for (let i = 0; i < 6; i++) worst = Math.max(worst, Math.abs(lines[6 * b + i] - expected[i]));
      }
      expect(worst, `ghost ${g} at ${time} s`).toBeLessThan(1e-6);
      // Each bone's octahedron (boneGeometry: a unit bone from (0, 0, 0) to (0, 1, 0)) is
      // stretched from its joint to its tip; the legs hang straight down in places (the
      // half-turn case) and the toes point forward.
      const instance = new THREE.Matrix4();
      let worstPlacement = 0;
      for (let b = 0; b < rig.boneCount; b++) {
        onion.boneMeshes(g).getMatrixAt(b, instance);
        const joint = new THREE.Vector3(0, 0, 0).applyMatrix4(instance);
        const end = new THREE.Vector3(0, 1, 0).applyMatrix4(instance);
        const expected = lines.subarray(6 * b, 6 * b + 6);
        worstPlacement = Math.max(worstPlacement, ...[...joint.toArray(), ...end.toArray()].map((v, i) => Math.abs(v - expected[i])));
      }
      expect(worstPlacement, `ghost ${g} octahedra`).toBeLessThan(1e-5);
    });
    // The two ghosts differ (the feet are elsewhere), and the rig's own pose is as it was.
    expect(onion.linePositions(0)).not.toEqual(onion.linePositions(1));
    expect(rig.pose()).toEqual(pose);
    expect(rig.rootOffset).toEqual(root);
    expect(rig.palette()).toEqual(palette);
    onion.dispose();
  });

  it('hides the ghosts it is given no time for, and toggles as a whole', () => {
    const onion = new OnionSkin(rig, [0xff0000, 0x00ff00, 0x0000ff]);
    expect(onion.ghostCount).toBe(3);
    expect(onion.visible).toBe(false);
    onion.update(Float64Array.of(0.1), 'clamp');
    const shown = onion.children.filter((child) => child.visible).length;
    // One ghost: its lines and its octahedra.
    expect(shown).toBe(2);
    onion.visible = true;
    expect(onion.visible).toBe(true);
    onion.dispose();
  });

  it('dispose frees its geometries and materials and leaves the scene', () => {
    const scene = new THREE.Scene();
    const onion = new OnionSkin(rig);
    scene.add(onion);
    const resources = new Set<THREE.BufferGeometry | THREE.Material>();
    onion.traverse((object) => {
      const { geometry, material } = object as THREE.Mesh;
      if (geometry) resources.add(geometry);
      if (material) resources.add(material as THREE.Material);
    });
    const freed = new Set<unknown>();
    for (const resource of resources) resource.addEventListener('dispose', () => freed.add(resource));
    onion.dispose();
    expect(onion.parent).toBeNull();
    // Two ghosts: each a line geometry, a line material and a mesh material; one bone geometry for both.
    expect(resources.size).toBe(2 * 3 + 1);
    expect(freed.size).toBe(resources.size);
  });
});
