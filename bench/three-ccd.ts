// three.js CCDIKSolver as a benchmark peer. The rig becomes three.js bones
// (rest TRS, plus one effector bone at each goal point and one target bone per
// goal), each goal an IK chain from its bone up to the root.
//
// Fairness:
// - Limits: CCDIKSolver clamps each link's Euler angles (in the bone's
//   rotation order) to rotationMin/Max. Our XYZ angles, E = Rz(θ2)·Ry(θ1)·Rx(θ0),
//   are three.js's 'ZYX' Euler (x = θ0, y = θ1, z = θ2), whose decomposition
//   keeps the middle angle y within ±π/2; a hinge whose middle slot needs more
//   (the humanoid's elbows, ±2.5 rad about Y with Z fixed; the hips, a whole
//   turn about Y) takes 'YXZ' instead, which describes the same rotations with
//   Y outermost. A bone limited to ±π on
//   every slot gets no limit (the box holds every rotation).
// - Iterations: "three-ccd-N" runs N CCD sweeps per chain. With one goal that is
//   ik.iteration = N and one update(); with several goals, whose chains share
//   bones and would undo each other if each ran all its sweeps in turn, it is
//   ik.iteration = 1 and N update() calls, interleaving the chains.
import * as THREE from 'three';
import { CCDIKSolver, type IK } from 'three/examples/jsm/animation/CCDIKSolver.js';
import type { BoneDesc } from '../web/src/rig/rig-desc.js';
import { BenchFk, type GoalPoint, type LocalTrs, type Quat, type Vec3, jointQuat, quatMultiply } from './fk.js';
import type { Adapter } from './run.js';

const FULL = Math.PI - 1e-6;

function isIdentity(q: readonly number[] | undefined): boolean {
  return !q || (q[0] === 0 && q[1] === 0 && q[2] === 0 && Math.abs(q[3]) === 1);
}

/** The three.js Euler order that states this bone's limit box, or null when the box is everything. */
function limitOrder(bone: BoneDesc): THREE.EulerOrder | null {
  const min = bone.min ?? [-Math.PI, -Math.PI, -Math.PI];
  const max = bone.max ?? [Math.PI, Math.PI, Math.PI];
  if (min.every((v) => v <= -FULL) && max.every((v) => v >= FULL)) return null;
  if ((bone.order ?? 'XYZ') !== 'XYZ' || !isIdentity(bone.frame) || !isIdentity(bone.restQ)) {
    throw new Error(`three-ccd: bone '${bone.name}': limits are only mapped for XYZ bones with no rest rotation or joint frame`);
  }
  const within = (k: number) => min[k] >= -Math.PI / 2 && max[k] <= Math.PI / 2;
  const fixed = (k: number) => min[k] === 0 && max[k] === 0;
  if (within(1)) return 'ZYX';
  if (fixed(2) && within(0)) return 'YXZ';
  // A whole turn about Y with a small tilt (the default character's hips:
  // heading free, ±0.35 rad about X and Z): 'YXZ' puts the heading outermost
  // and bounds the tilt about the turned axes, the same set of rotations to
  // second order in the tilt.
  if (min[1] <= -FULL && max[1] >= FULL && within(0) && within(2)) return 'YXZ';
  if (fixed(0)) return 'ZXY';
  throw new Error(`three-ccd: bone '${bone.name}': its limit box has no three.js Euler order`);
}

export class ThreeCcdAdapter implements Adapter {
  private readonly bones: THREE.Bone[];
  private readonly targets: THREE.Bone[];
  private readonly mesh = new THREE.SkinnedMesh();
  private readonly solver: CCDIKSolver;
  private readonly calls: number;
  private readonly fk: BenchFk;
  private readonly locals: LocalTrs[];

  constructor(
    private readonly desc: readonly BoneDesc[],
    goals: readonly GoalPoint[],
    sweeps: number,
  ) {
    this.fk = new BenchFk(desc, goals);
    this.bones = desc.map((b) => {
      const bone = new THREE.Bone();
      bone.name = b.name;
      // The order first: changing it re-derives the quaternion from the Euler angles.
      bone.rotation.order = limitOrder(b) ?? 'ZYX';
      bone.position.fromArray(b.restT ?? [0, 0, 0]);
      bone.quaternion.fromArray(b.restQ ?? [0, 0, 0, 1]);
      bone.scale.fromArray(b.restS ?? [1, 1, 1]);
      return bone;
    });
    desc.forEach((b, i) => (b.parent < 0 ? this.mesh : this.bones[b.parent]).add(this.bones[i]));
    const effectors = goals.map((g) => {
      const e = new THREE.Bone();
      e.position.fromArray(g.point);
      this.bones[g.bone].add(e);
      return e;
    });
    this.targets = goals.map(() => {
      const t = new THREE.Bone();
      this.mesh.add(t);
      return t;
    });
    const all = [...this.bones, ...effectors, ...this.targets];
    this.mesh.updateMatrixWorld(true);
    this.mesh.bind(new THREE.Skeleton(all));
    const perChain = goals.length === 1 ? sweeps : 1;
    this.calls = goals.length === 1 ? 1 : sweeps;
    const iks: IK[] = goals.map((g, k) => {
      const links: IK['links'] = [];
      for (let b = g.bone; b >= 0; b = desc[b].parent) {
        const limited = limitOrder(desc[b]) !== null;
        links.push({
          index: b,
          rotationMin: limited ? new THREE.Vector3().fromArray(desc[b].min!) : undefined,
          rotationMax: limited ? new THREE.Vector3().fromArray(desc[b].max!) : undefined,
        });
      }
      return { target: all.indexOf(this.targets[k]), effector: all.indexOf(effectors[k]), links, iteration: perChain };
    });
    this.solver = new CCDIKSolver(this.mesh, iks);
    this.locals = this.bones.map((b) => ({ t: b.position.toArray(), q: b.quaternion.toArray(), s: b.scale.toArray() }));
  }

  setPose(angles: ArrayLike<number>): void {
    this.desc.forEach((b, i) => {
      const q = quatMultiply((b.restQ ?? [0, 0, 0, 1]) as Quat, jointQuat(b, angles[3 * i], angles[3 * i + 1], angles[3 * i + 2]));
      this.bones[i].quaternion.fromArray(q);
    });
    this.mesh.updateMatrixWorld(true);
  }

  setTargets(targets: readonly Vec3[]): void {
    targets.forEach((t, g) => {
      this.targets[g].position.fromArray(t);
      this.targets[g].updateMatrixWorld();
    });
  }

  solve(): void {
    for (let c = 0; c < this.calls; c++) this.solver.update();
  }

  goalPoints(): Vec3[] {
    this.bones.forEach((b, i) => {
      this.locals[i] = { t: b.position.toArray(), q: b.quaternion.toArray(), s: b.scale.toArray() };
    });
    return this.fk.pointsFromLocals(this.locals);
  }
}
