// closed-chain-ik (gkjohnson) as a benchmark peer: a damped-least-squares
// solver with a finite-difference Jacobian. Each bone becomes a Joint (at its
// rest translation and rotation) with EX/EY/EZ degrees of freedom and our
// limits, followed by a Link; each goal a position-only Goal closed onto a
// Link placed at the goal point. Its EX, EY, EZ values compose as
// Rz(ez)·Ry(ey)·Rx(ex), which is our XYZ Euler order, so the joint values are
// our angles (checked against the library's own matrices when built) and the
// bench's FK judges them. Slots limited to [0, 0] (the humanoid's hinges) are
// left out as degrees of freedom, as our solvers leave them inactive.
//
// Settings: "dls" keeps the library's defaults except the two stopping rules,
// which get our solvers' values (maxIterations = the cap, translation
// threshold = our tolerance) — its default 5 iterations and 1 mm would stop it
// long before our success threshold. "dls-tuned" also sets dampingFactor 0.05
// and restPoseFactor 0: from a straight rest pose the default damping 0.001
// diverges (the library then restores the last pose and stops), and a nonzero
// restPoseFactor builds a dofs × dofs null-space projection every iteration
// even when no joint has a rest pose set.
import * as closedChainIk from 'closed-chain-ik/src/core/index.js';
import type { BoneDesc } from '../web/src/rig/rig-desc.js';
import { BenchFk, type GoalPoint, type Vec3 } from './fk.js';
import type { Adapter } from './run.js';

export type ClosedChainSettings = Record<string, number>;

// The part of the library used here, typed by hand: its shipped declarations
// make DOF an ambient const enum (unusable under isolatedModules) and leave
// out fields such as dofValues.
interface Frame {
  setPosition(x: number, y: number, z: number): void;
  setQuaternion(x: number, y: number, z: number, w: number): void;
  addChild(child: Frame): void;
  getWorldPosition(out: Float32Array): void;
}
interface Joint extends Frame {
  readonly dof: number[];
  readonly dofValues: Float32Array;
  setDoF(...dof: number[]): void;
  setMinLimits(...values: number[]): void;
  setMaxLimits(...values: number[]): void;
  setDoFValue(dof: number, value: number): boolean;
  makeClosure(link: Frame): void;
}
interface Goal extends Joint {
  setFreeDoF(...dof: number[]): void;
}
interface Solver {
  solve(): number[];
}
const { DOF, Goal, Joint, Link, Solver, SOLVE_STATUS_NAMES } = closedChainIk as unknown as {
  DOF: Record<'X' | 'Y' | 'Z' | 'EX' | 'EY' | 'EZ', number>;
  SOLVE_STATUS_NAMES: string[];
  Joint: new () => Joint;
  Link: new () => Frame;
  Goal: new () => Goal;
  Solver: new (roots: Frame) => Solver;
};

const ROTATIONS = [DOF.EX, DOF.EY, DOF.EZ];

function isIdentity(q: readonly number[] | undefined): boolean {
  return !q || (q[0] === 0 && q[1] === 0 && q[2] === 0 && Math.abs(q[3]) === 1);
}

export class ClosedChainAdapter implements Adapter {
  private readonly joints: Joint[];
  private readonly goals: Goal[];
  private readonly effectors: Frame[];
  private readonly solver: Solver;
  private readonly fk: BenchFk;
  private readonly angles: Float64Array;
  private status = '';

  constructor(
    private readonly desc: readonly BoneDesc[],
    goalPoints: readonly GoalPoint[],
    settings: ClosedChainSettings,
  ) {
    this.fk = new BenchFk(desc, goalPoints);
    this.angles = new Float64Array(3 * desc.length);
    const root = new Link();
    const links: Frame[] = [];
    this.joints = desc.map((b) => {
      if ((b.order ?? 'XYZ') !== 'XYZ' || !isIdentity(b.frame) || (b.restS ?? [1, 1, 1]).some((s) => s !== 1)) {
        throw new Error(`closed-chain-ik: bone '${b.name}': only XYZ bones with no joint frame or scale are mapped`);
      }
      const joint = new Joint();
      joint.setPosition(...((b.restT ?? [0, 0, 0]) as [number, number, number]));
      joint.setQuaternion(...((b.restQ ?? [0, 0, 0, 1]) as [number, number, number, number]));
      const min = b.min ?? [-Math.PI, -Math.PI, -Math.PI];
      const max = b.max ?? [Math.PI, Math.PI, Math.PI];
      const slots = [0, 1, 2].filter((k) => min[k] !== 0 || max[k] !== 0);
      joint.setDoF(...slots.map((k) => ROTATIONS[k]));
      joint.setMinLimits(...slots.map((k) => min[k]));
      joint.setMaxLimits(...slots.map((k) => max[k]));
      (b.parent < 0 ? root : links[b.parent]).addChild(joint);
      const link = new Link();
      joint.addChild(link);
      links.push(link);
      return joint;
    });
    this.effectors = goalPoints.map((g) => {
      const offset = new Joint();
      offset.setPosition(...g.point);
      links[g.bone].addChild(offset);
      const effector = new Link();
      offset.addChild(effector);
      return effector;
    });
    this.goals = this.effectors.map((effector) => {
      const goal = new Goal();
      goal.setFreeDoF(DOF.EX, DOF.EY, DOF.EZ);
      goal.makeClosure(effector);
      return goal;
    });
    this.solver = new Solver(root);
    Object.assign(this.solver, settings);
    this.checkConvention();
  }

  /** Our FK of the joint values must match the library's own matrices. */
  private checkConvention(): void {
    const angles = this.desc.flatMap((b) => [0, 1, 2].map((k) => 0.5 * ((b.min?.[k] ?? -1) + (b.max?.[k] ?? 1)) + 0.1 * (k + 1)));
    this.setPose(angles);
    const ours = this.goalPoints();
    const theirs = new Float32Array(3);
    this.effectors.forEach((e, g) => {
      e.getWorldPosition(theirs);
      const gap = Math.hypot(theirs[0] - ours[g][0], theirs[1] - ours[g][1], theirs[2] - ours[g][2]);
      if (gap > 1e-4) throw new Error(`closed-chain-ik: goal ${g}: our FK of its joint values is ${gap} away from its own`);
    });
  }

  setPose(angles: ArrayLike<number>): void {
    this.joints.forEach((j, i) => {
      for (const dof of j.dof) j.setDoFValue(dof, angles[3 * i + dof - DOF.EX]);
    });
  }

  setTargets(targets: readonly Vec3[]): void {
    targets.forEach((t, g) => this.goals[g].setPosition(t[0], t[1], t[2]));
  }

  solve(): void {
    try {
      this.status = this.solver.solve().map((s) => SOLVE_STATUS_NAMES[s]).join('+');
    } catch (e) {
      // It indexes an empty matrix once every degree of freedom is pinned at a
      // limit (seen on the humanoid); the pose it reached so far stays and is judged.
      this.status = `threw ${(e as Error).name}`;
    }
  }

  goalPoints(): Vec3[] {
    this.angles.fill(0);
    this.joints.forEach((j, i) => {
      for (const dof of j.dof) this.angles[3 * i + dof - DOF.EX] = j.dofValues[dof];
    });
    return this.fk.pointsFromAngles(this.angles);
  }

  lastReport(): { status: string } {
    return { status: this.status };
  }
}
