// The lesson rigs (web/src/lessons) through the real module: each builds a
// valid rig with the limits it declares; its generated mesh has normalised
// weights on real bones and wraps the bones it follows (every vertex lies
// along the bind segment of its heaviest bone); palettes and skinned
// vertices equal three.js's Skeleton and SkinnedMesh.applyBoneTransform for
// random poses within the limits; the goals sit on the chain's end; and a
// share link of a posed lesson reproduces its palette within 1e-4.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { anglesFromTable } from '../../web/src/posing/angle-table.js';
import { foundGoalLayouts } from '../../web/src/posing/found-goals.js';
import type { Lesson } from '../../web/src/lessons/lesson.js';
import { LESSONS, findLesson, isLessonId } from '../../web/src/lessons/lessons.js';
import { tubeInfluences } from '../../web/src/lessons/skinned-tube.js';
import { LONG_LEGS_MAX_RADIUS } from '../../web/src/lessons/long-legs-lesson.js';
import { Rig } from '../../web/src/rig/rig.js';
import { decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import { lessonSkinnedMesh } from '../../web/src/lessons/lesson-mesh.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { seededRandom, uniform } from './seeded-random.js';
import { poseThreeBones, worstSkinnedDifference } from './three-model.js';

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Angles drawn uniformly within each slot's limits (locked slots stay 0; swing limits may clamp them further). */
function randomPose(random: () => number, lesson: Lesson): number[] {
  return lesson.bones.flatMap((b) => [0, 1, 2].map((k) => uniform(random, b.min![k], b.max![k])));
}

/** Distance from p to segment ab, and where p projects along it (0 at a, 1 at b, unclamped). */
function segmentDistance(p: THREE.Vector3, a: THREE.Vector3, b: THREE.Vector3): { distance: number; along: number } {
  const ab = b.clone().sub(a);
  const along = p.clone().sub(a).dot(ab) / ab.lengthSq();
  const closest = a.clone().addScaledVector(ab, Math.min(1, Math.max(0, along)));
  return { distance: p.distanceTo(closest), along };
}

// The thickest radius of each lesson's mesh (arm-lesson.ts, chain-lesson.ts, twist-cylinder.ts).
const MAX_RADIUS: Record<string, number> = {
  arm: 0.075, 'ik-steps': 0.075, keyframes: 0.075, arm4: 0.07, 'two-bone': 0.07, springs: 0.07, chain: 0.07, candy: 0.25,
  retarget: LONG_LEGS_MAX_RADIUS, race: LONG_LEGS_MAX_RADIUS, reach: LONG_LEGS_MAX_RADIUS, 'euler-quaternion': 0.06, spaces: 0.045, canonical: 0.045,
};
// The bones each lesson's goals pull: the end of its chain; the humanoid's hands and feet (found by name) and its root (it stands on named feet).
const HUMANOID_ENDS = ['LeftHand', 'RightHand', 'LeftFoot', 'RightFoot', 'Hips'];
const CHAIN_END: Record<string, string[]> = {
  arm: ['hand'], 'ik-steps': ['hand'], keyframes: ['hand'], arm4: ['forearm'], 'two-bone': ['hand'], springs: ['hand'], chain: ['segment_10'], candy: ['lower'],
  retarget: HUMANOID_ENDS, race: HUMANOID_ENDS, reach: HUMANOID_ENDS, 'euler-quaternion': ['euler_wand', 'quaternion_wand'], spaces: ['hand'], canonical: ['hand'],
};

describe('lesson rigs', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('has the lessons, by id, in the course’s order', () => {
    expect(LESSONS.map((l) => l.id)).toEqual(['spaces', 'canonical', 'arm', 'ik-steps', 'arm4', 'two-bone', 'chain', 'reach', 'race', 'candy', 'keyframes', 'euler-quaternion', 'retarget', 'springs']);
    expect(isLessonId('arm')).toBe(true);
    expect(isLessonId('constructor')).toBe(false);
    expect(findLesson('nope')).toBeUndefined();
  });

  for (const entry of LESSONS) {
    describe(entry.id, () => {
      it('builds a valid rig with the limits it declares', () => {
        const lesson = entry.build(module);
        const rig = Rig.create(module, lesson.bones);
        try {
          expect(rig.boneCount).toBe(lesson.bones.length);
          expect(rig.boneNames).toEqual(lesson.bones.map((b) => b.name));
          lesson.bones.forEach((b, bone) => {
            const { min, max } = rig.limits(bone);
            for (let k = 0; k < 3; k++) {
              expect(min[k]).toBeCloseTo(b.min![k], 6);
              expect(max[k]).toBeCloseTo(b.max![k], 6);
            }
          });
          // Every pose it offers names only its bones and lies within the limits: setting one changes nothing by clamping.
          expect(lesson.poses.length).toBeGreaterThan(1);
          expect(new Set(lesson.poses.map((p) => p.name)).size).toBe(lesson.poses.length);
          for (const pose of lesson.poses) {
            expect(Object.keys(pose.angles).every((name) => rig.boneNames.includes(name))).toBe(true);
            const angles = anglesFromTable(rig, pose.angles);
            rig.setPose(angles);
            expect(maxDifference(rig.pose(), angles)).toBeLessThan(1e-6);
          }
        } finally {
          rig.dispose();
        }
      });

      it('has a closed mesh with normalised weights on real bones, each vertex along its heaviest bone', () => {
        const lesson = entry.build(module);
        const { positions, triangles, joints, weights } = lesson.mesh;
        const vertices = positions.length / 3;
        expect(joints.length).toBe(4 * vertices);
        expect(weights.length).toBe(4 * vertices);
        expect(Math.max(...triangles)).toBe(vertices - 1);
        // Closed: every edge is shared by exactly two triangles, in opposite directions.
        const edges = new Map<string, number>();
        for (let t = 0; t < triangles.length; t += 3) {
          for (let e = 0; e < 3; e++) {
            const key = `${triangles[t + e]},${triangles[t + ((e + 1) % 3)]}`;
            edges.set(key, (edges.get(key) ?? 0) + 1);
          }
        }
        for (const [key, count] of edges) {
          const [a, b] = key.split(',');
          expect(count, key).toBe(1);
          expect(edges.get(`${b},${a}`), key).toBe(1);
        }

        const rig = Rig.create(module, lesson.bones);
        try {
          const bind = rig.bindMatrices();
          const ends = lesson.bones.map((b, bone) => {
            const m = new THREE.Matrix4().fromArray(bind, 16 * bone);
            return [new THREE.Vector3().setFromMatrixPosition(m), new THREE.Vector3(...b.tip!).applyMatrix4(m)];
          });
          const p = new THREE.Vector3();
          for (let v = 0; v < vertices; v++) {
            let sum = 0;
            let heaviest = 0;
            for (let k = 0; k < 4; k++) {
              expect(joints[4 * v + k]).toBeLessThan(lesson.bones.length);
              expect(weights[4 * v + k]).toBeGreaterThanOrEqual(0);
              sum += weights[4 * v + k];
              if (weights[4 * v + k] > weights[4 * v + heaviest]) heaviest = k;
            }
            expect(Math.abs(sum - 1), `vertex ${v}`).toBeLessThan(1e-6);
            const [a, b] = ends[joints[4 * v + heaviest]];
            const { distance, along } = segmentDistance(p.fromArray(positions, 3 * v), a, b);
            expect(distance, `vertex ${v}`).toBeLessThanOrEqual(MAX_RADIUS[entry.id] + 1e-6);
            expect(along, `vertex ${v}`).toBeGreaterThanOrEqual(-1e-6);
            expect(along, `vertex ${v}`).toBeLessThanOrEqual(1 + 1e-6);
          }
        } finally {
          rig.dispose();
        }
      });

      it('palette and skinned vertices equal three.js for random poses within the limits (seed 17)', () => {
        const lesson = entry.build(module);
        const { bones } = lesson;
        const rig = Rig.create(module, bones);
        try {
          const nodes = bones.map(() => new THREE.Bone());
          bones.forEach((b, i) => (b.parent >= 0 ? nodes[b.parent].add(nodes[i]) : undefined));
          // A lesson may have several roots (the Euler-vs-quaternion wands).
          const roots = nodes.filter((_, i) => bones[i].parent < 0);
          const updateWorld = (): void => roots.forEach((root) => root.updateMatrixWorld(true));
          poseThreeBones(nodes, bones, new Array(3 * bones.length).fill(0), [0, 0, 0]);
          updateWorld();
          const mesh = lessonSkinnedMesh(entry.title, lesson.mesh);
          mesh.bind(new THREE.Skeleton(nodes)); // inverses from the bind pose
          const geometry = mesh.geometry;
          const position = geometry.getAttribute('position');
          rig.skinning.setSkin(position.array, geometry.getAttribute('normal').array, lesson.mesh.joints, lesson.mesh.weights);

          const random = seededRandom(17);
          for (let trial = 0; trial < 5; trial++) {
            const offset: [number, number, number] = [uniform(random, -0.5, 0.5), uniform(random, -0.5, 0.5), uniform(random, -0.5, 0.5)];
            rig.setPose(randomPose(random, lesson), offset);
            // The angles as the rig holds them: the chain's swing limits may have clamped some.
            const angles = Array.from(rig.pose());
            rig.skinning.skin();
            poseThreeBones(nodes, bones, angles, offset);
            updateWorld();
            mesh.skeleton.update();
            expect(maxDifference(rig.palette(), mesh.skeleton.boneMatrices!), `trial ${trial}`).toBeLessThan(2e-5);
            expect(worstSkinnedDifference(mesh, rig.skinning.skinnedPositions()), `trial ${trial}`).toBeLessThan(2e-5);
          }
          // The poses really moved the skin.
          expect(maxDifference(rig.skinning.skinnedPositions(), position.array)).toBeGreaterThan(0.1);
        } finally {
          rig.dispose();
        }
      });

      if (entry.id === 'chain') {
        it("limits each ball joint's swing, on top of its per-axis limits", () => {
          const lesson = entry.build(module);
          const rig = Rig.create(module, lesson.bones);
          try {
            // 0.6 about x and about z (each within its own limit) swing the segment by about 0.84 rad.
            rig.setAngles(0, 0.6, 0, 0.6);
            const model = rig.modelMatrices();
            const tips = rig.boneTips();
            const segment = new THREE.Vector3(tips[0] - model[12], tips[1] - model[13], tips[2] - model[14]).normalize();
            expect(Math.acos(segment.y)).toBeCloseTo(lesson.bones[0].swingMax!, 3);
          } finally {
            rig.dispose();
          }
        });
      }

      it("poses with goals on its chains' ends", () => {
        const rig = Rig.create(module, entry.build(module).bones);
        try {
          expect(foundGoalLayouts(rig)('dls').goals.map((g) => g.bone).sort()).toEqual([...CHAIN_END[entry.id]].sort());
        } finally {
          rig.dispose();
        }
      });

      it('a share link of a posed lesson reproduces its palette within 1e-4 (seed 23)', () => {
        const lesson = entry.build(module);
        const posed = Rig.create(module, lesson.bones);
        const opened = Rig.create(module, lesson.bones);
        try {
          const random = seededRandom(23);
          for (let trial = 0; trial < 10; trial++) {
            posed.setPose(randomPose(random, lesson), [uniform(random, -1, 1), uniform(random, -1, 1), uniform(random, -1, 1)]);
            const tip = posed.boneTips().slice(-3);
            const link = encodePoseLink({
              character: { kind: 'lesson', id: entry.id },
              solver: 'dls',
              boneCount: posed.boneCount,
              angles: Array.from(posed.pose()),
              rootOffset: posed.rootOffset,
              goals: [{ bone: posed.boneCount - 1, target: [tip[0], tip[1], tip[2]], pinned: false }],
              camera: { position: [0, 1, 3], target: [0, 1, 0] },
            });
            const decoded = decodePoseLink(link);
            if (!decoded.ok) throw new Error(decoded.error);
            expect(decoded.state.character).toEqual({ kind: 'lesson', id: entry.id });
            opened.setPose(decoded.state.angles, decoded.state.rootOffset);
            expect(maxDifference(opened.palette(), posed.palette()), `trial ${trial}`).toBeLessThan(1e-4);
          }
        } finally {
          posed.dispose();
          opened.dispose();
        }
      });
    });
  }
});

describe('tube weights', () => {
  it('follow one bone away from joints and blend smoothly across each joint', () => {
    const lengths = [0.5, 0.3, 0.2];
    expect(tubeInfluences(lengths, 0.1)).toEqual([[0, 1]]);
    expect(tubeInfluences(lengths, 0.65)).toEqual([[1, 1]]);
    expect(tubeInfluences(lengths, 0.99)).toEqual([[2, 1]]);
    // At a joint the two bones share it equally; the band is ±0.3 of the shorter bone.
    expect(tubeInfluences(lengths, 0.5)).toEqual([[0, 0.5], [1, 0.5]]);
    const [[, w0], [, w1]] = tubeInfluences(lengths, 0.5 + 0.09 * 0.5);
    // smoothstep(0.75) = 0.84375
    expect(w1).toBeCloseTo(0.84375, 12);
    expect(w0 + w1).toBeCloseTo(1, 12);
    expect(tubeInfluences(lengths, 0.5 - 0.09 - 1e-9)).toEqual([[0, 1]]);
  });
});
