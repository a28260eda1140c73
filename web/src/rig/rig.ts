// The TypeScript façade over the module's Rig: skeleton, pose, goals, solve
// and palette. Owns exactly one WASM handle (dispose() deletes it, and its
// features' first), turns error codes into Error('Rig: …') naming the bad
// input; what it reads back without a change (the bone buffers as views
// over WASM memory, goal targets, root offset) is its base class's,
// RigReadout (rig-readout.ts). The per-frame calls
// (setGoalTarget, setGoalPole, solve, palette) allocate nothing: they call
// the module's plain exports with integers and pass numbers through the
// exchange record (exchange-record.ts). Its features are objects of their own,
// made on first use: skinning (rig-skinning.ts), clips (clip-sampler.ts),
// springs (rig-springs.ts), teaching (rig-teaching.ts) and mirroring
// (rig-mirror.ts).
import type { FlatGoal, KinModule, RigHandle } from '../wasm/generated/kin.js';
import type { GoalShape } from '../wasm/generated/shapes.js';
import { ClipSampler } from './clip-sampler.js';
import {
  type KinContract,
  type LoopMode,
  type MirrorMode,
  type SkinningMethod,
  type SolveStatus,
  type SolverName,
  type SolverOptions,
  builtContract,
  readContract,
  solverNames,
} from './contract.js';
import { type BoneDesc, type EulerOrder, type QuatTuple, type Vec3Tuple, flattenRigDesc } from './rig-desc.js';
import { RigMirror } from './rig-mirror.js';
import type { RigParts } from './rig-parts.js';
import { RigReadout, type SolveReport } from './rig-readout.js';
import { RigSkinning } from './rig-skinning.js';
import { RigSprings } from './rig-springs.js';
import { RigTeaching } from './rig-teaching.js';

export type { SolveReport } from './rig-readout.js';
export type { ChannelTarget, Interpolation, LoopMode, MirrorMode, SkinningMethod, SolveStatus, SolverName, SolverOptions } from './contract.js';

// The names as the page is built (contract.ts's builtContract), for code that
// needs them before a module is loaded; a loaded module's are in its contract
// (readContract(module), or a rig's `contract`).
/** Solve statuses in the order of kin::SolveStatus. */
export const SOLVE_STATUS: readonly SolveStatus[] = builtContract.solveStatus;
/** The solvers in the order of kin::SolverKind (a solver's index is its share-link code). */
export const SOLVERS: readonly SolverName[] = solverNames(builtContract);
/** Skinning methods in the order of kin::SkinningMethod. */
export const SKINNING_METHODS: readonly SkinningMethod[] = builtContract.skinningMethods;
/** Mirror modes in the order of kin::MirrorMode: copy the left side onto the right, the right onto the left, or flip the whole pose. */
export const MIRROR_MODES: readonly MirrorMode[] = builtContract.mirrorModes;
/** Clip key interpolations in the order of kin::Interpolation. */
export const INTERPOLATIONS = builtContract.interpolations;
/** Clip channel targets in the order of kin::ChannelTarget. */
export const CHANNEL_TARGETS = builtContract.channelTargets;
/** Loop modes in the order of kin::LoopMode. */
export const LOOP_MODES: readonly LoopMode[] = builtContract.loopModes;

/**
 * A goal as the page gives it: the core's goal fields (kin/shape_fields.h,
 * generated/shapes.ts) with the bone by index or name. target is the
 * model-space target; point, on the bone in bone space, defaults to its tip;
 * weight > 0 (default 1); orientation x y z w is the bone's model-space
 * target rotation (Jacobian solvers); pole (two-bone, Jacobian solvers,
 * look-at: the up axis) is the side the middle joint bends toward, with its
 * poleWeight > 0 and poleBone, the bone whose origin bends (default the
 * goal's own, or an ancestor). viewProjection (16 numbers, column-major,
 * model space to clip space) makes an image-space goal (Jacobian solvers):
 * the point should project onto targetPx (x right, y down, origin top-left)
 * in an image of imageSize [width, height] pixels; target is then not read,
 * and its miss and the solver's tolerance are in pixels.
 */
export type GoalDesc = Omit<GoalShape, 'bone'> & {
  /** Bone index or name. */
  bone: number | string;
};

/** The rest scales bones were described with, 3 per bone (left out: 1). */
export function describedRestScales(bones: readonly BoneDesc[]): Float32Array {
  return Float32Array.from(bones.flatMap((bone) => bone.restS ?? [1, 1, 1]));
}

export class Rig extends RigReadout {
  readonly boneNames: readonly string[];
  readonly parents: Int32Array;
  readonly orders: readonly EulerOrder[];
  /** The bones it was built from, as given (an export writes their joint model and rest pose). */
  readonly description: readonly BoneDesc[];
  private handle: RigHandle | null;
  private readonly parts: RigParts;
  private readonly invalidInputCode: number;
  private readonly module: KinModule;
  /** The binding's address, fixed for its life: the module's frame exports take it, and other bindings (the Retargeter, the features) name this rig by it. */
  readonly address: number;
  private skinningFeature: RigSkinning | null = null;
  private clipFeature: ClipSampler | null = null;
  private springFeature: RigSprings | null = null;
  private teachingFeature: RigTeaching | null = null;
  private mirrorFeature: RigMirror | null = null;
  private scales: Float32Array | null = null;
  private roles: Int32Array | null = null;

  /** Builds a rig; throws Error('Rig: …') naming the first bad input. */
  static create(module: KinModule, bones: readonly BoneDesc[]): Rig {
    const contract = readContract(module);
    const flat = flattenRigDesc(bones);
    const handle = new module.Rig();
    if (handle.load(flat) !== 0) {
      const message = handle.errorMessage();
      handle.delete();
      throw new Error(`Rig: ${message}`);
    }
    return new Rig(module, contract, handle, bones);
  }

  private constructor(module: KinModule, contract: KinContract, handle: RigHandle, description: readonly BoneDesc[]) {
    super(module, contract, handle);
    this.description = description;
    this.handle = handle;
    const n = handle.boneCount();
    this.boneNames = Array.from({ length: n }, (_, i) => handle.boneName(i));
    this.parents = Int32Array.from({ length: n }, (_, i) => handle.boneParent(i));
    this.orders = Array.from({ length: n }, (_, i) => handle.boneOrder(i) as EulerOrder);
    this.invalidInputCode = contract.solveStatus.indexOf('invalid-input');
    this.module = module;
    this.address = handle.address();
    this.parts = {
      module,
      contract,
      exchange: this.exchange,
      views: this.views,
      address: this.address,
      boneNames: this.boneNames,
      alive: () => void this.live(),
      boneIndex: (name) => this.boneIndex(name),
    };
  }

  /** CPU skinning, its capsule weights and the DQS palette (made on first use, disposed with the rig). */
  get skinning(): RigSkinning {
    this.live();
    return (this.skinningFeature ??= new RigSkinning(this.parts));
  }

  /** The clip and its sampling (made on first use, disposed with the rig). */
  get clips(): ClipSampler {
    this.live();
    return (this.clipFeature ??= new ClipSampler(this.parts));
  }

  /** Spring chains (made on first use, disposed with the rig). */
  get springs(): RigSprings {
    this.live();
    return (this.springFeature ??= new RigSprings(this.parts));
  }

  /** Traced solves and finite differences for lessons (made on first use, disposed with the rig). */
  get teaching(): RigTeaching {
    this.live();
    return (this.teachingFeature ??= new RigTeaching(this.parts, (code) => this.readReport(code)));
  }

  /** Mirroring the pose across x = 0 and the bones' pairs (made on first use, disposed with the rig). */
  get mirroring(): RigMirror {
    this.live();
    return (this.mirrorFeature ??= new RigMirror(this.parts));
  }

  get boneCount(): number {
    return this.boneNames.length;
  }

  get disposed(): boolean {
    return this.handle === null;
  }

  /** Deletes the WASM object; the rig is unusable afterwards. Idempotent. */
  dispose(): void {
    for (const feature of [this.skinningFeature, this.clipFeature, this.springFeature, this.teachingFeature, this.mirrorFeature]) feature?.dispose();
    this.handle?.delete();
    this.handle = null;
  }

  /** Index of the bone called `name`; throws if there is none. */
  boneIndex(name: string): number {
    const index = this.boneNames.indexOf(name);
    if (index < 0) throw new Error(`Rig: no bone named '${name}'`);
    return index;
  }

  limits(bone: number): { min: Vec3Tuple; max: Vec3Tuple } {
    this.checkBone(bone);
    const l = this.live().boneLimits(bone);
    return { min: [l[0], l[1], l[2]], max: [l[3], l[4], l[5]] };
  }

  /** The bone's joint frame F (bone space): its columns are the axes the Euler slots turn about. */
  frame(bone: number): QuatTuple {
    this.checkBone(bone);
    const f = this.live().boneFrame(bone);
    return [f[0], f[1], f[2], f[3]];
  }

  /**
   * For rotation gizmos: the angles (by slot, clamped to the limits) that
   * give the bone the model-space rotation `rotation_ms` (x y z w), its
   * parents as posed now; nearest to its current angles. Does not change the pose.
   */
  anglesForModelRotation(bone: number, rotation_ms: QuatTuple): Vec3Tuple {
    const a = this.live().anglesForModelRotation(bone, rotation_ms[0], rotation_ms[1], rotation_ms[2], rotation_ms[3]);
    if (a.length !== 3) throw new Error(`Rig: ${this.live().errorMessage()}`);
    return [a[0], a[1], a[2]];
  }

  /** Angles of one bone by Euler slot (radians). */
  getAngles(bone: number): Vec3Tuple {
    this.checkBone(bone);
    const pose = this.pose();
    return [pose[3 * bone], pose[3 * bone + 1], pose[3 * bone + 2]];
  }

  /** Sets one bone's angles, clamped to its limits. */
  setAngles(bone: number, a0: number, a1: number, a2: number): void {
    this.check(this.live().setAngles(bone, a0, a1, a2));
  }

  /** Every bone's angles (3 per bone, by slot), clamped to the limits. */
  setPose(angles: ArrayLike<number>, rootOffset: Vec3Tuple = [0, 0, 0]): void {
    this.check(this.live().setPose(angles, rootOffset[0], rootOffset[1], rootOffset[2]));
  }

  /**
   * Where IK's ranges lie from now on (3 angles per bone): a solve worker's
   * rig, whose pose is set for every request, solves about the page's.
   */
  setIkFrom(angles: ArrayLike<number>): void {
    this.check(this.live().setIkFrom(angles));
  }

  setRootOffset(x: number, y: number, z: number): void {
    this.check(this.live().setRootOffset(x, y, z));
  }

  /**
   * Every bone's rest scale (3 per bone, parent space): the character's
   * proportions (Skeleton::SetBuiltRestScales). The skin follows; the pose
   * stays. Throws, changing nothing, on a wrong count or a scale out of range.
   */
  setRestScales(scales: ArrayLike<number>): void {
    this.check(this.live().setRestScales(scales));
    this.scales = Float32Array.from(scales);
  }

  /** Per bone role (BONE_ROLES' order, kin::FindRoleBones: by names and limb order), the bone that plays it, or -1. */
  roleBones(): Int32Array {
    this.roles ??= Int32Array.from((this.live(), this.module.roleBones(this.address)));
    return this.roles;
  }

  /** The rest scales set last (3 per bone), or the description's. */
  get restScales(): Float32Array {
    this.scales ??= describedRestScales(this.description);
    return this.scales;
  }

  /** Mirrors the pose (RigMirror.mirror, through mirroring). */
  mirror(mode: MirrorMode): void {
    this.mirroring.mirror(mode);
  }

  /** The bone on the other side of each bone (RigMirror.partners, through mirroring). */
  mirrorPartners(): Int32Array {
    return this.mirroring.partners();
  }

  /**
   * Whole-body posing: solve() moves the root offset too, as three more
   * unknowns (turn it on when a goal pulls on the root, e.g. the hips). Only
   * solvers whose contract entry has rootTranslation can; turning it on under
   * another throws naming those that can, and so does setSolver() choosing
   * another while it is on (turn it off first).
   */
  setMoveRoot(on: boolean): void {
    this.check(this.live().setMoveRoot(on));
  }

  get moveRoot(): boolean {
    return this.live().moveRoot();
  }

  /**
   * Keep balance: solve() holds the centre of mass over the support polygon
   * of the planted feet (balance()), a goal of weight 100 on how far it
   * lies outside. Only solvers whose contract entry has balance can; as with
   * setMoveRoot, turning it on under another throws naming those that can,
   * and so does setSolver() choosing another while it is on.
   */
  setKeepBalance(on: boolean): void {
    this.check(this.live().setKeepBalance(on));
  }

  get keepBalance(): boolean {
    return this.live().keepBalance();
  }

  /**
   * Keep above the floor: solve() keeps every bone's joint origin and tip at
   * y ≥ 0 of model space (the character's floor), a goal of a pin's weight
   * on each point's depth below it. Only solvers whose contract entry has
   * floor can; refused as setKeepBalance is.
   */
  setKeepAboveFloor(on: boolean): void {
    this.check(this.live().setKeepAboveFloor(on));
  }

  get keepAboveFloor(): boolean {
    return this.live().keepAboveFloor();
  }

  /**
   * Pose prior: solve() pulls the angles (3 per bone, radians) toward
   * `angles` with `weight` (in the goals' energy units per radian²: px² for
   * image-space goals), for what the goals leave free — the depth a fit to
   * 2-D points cannot see. weight 0 turns it off. Only solvers whose
   * contract entry has prior can; refused as setKeepBalance is.
   */
  setPosePrior(angles: ArrayLike<number>, weight: number): void {
    this.check(this.live().setPosePrior(angles, weight));
  }

  get posePriorWeight(): number {
    return this.live().posePriorWeight();
  }

  /** Replaces the goals; bones may be named. */
  setGoals(goals: readonly GoalDesc[]): void {
    // The goal's own fields as they are (the core's table names them): only the bone is resolved.
    const flat: FlatGoal[] = goals.map((g) => ({ ...g, bone: typeof g.bone === 'string' ? this.boneIndex(g.bone) : g.bone }));
    this.check(this.live().setGoals(flat));
  }

  /** Moves one goal's target to `target_ms` (x, y, z, model space). Allocation-free. */
  setGoalTarget(goal: number, target_ms: ArrayLike<number>): void {
    this.live();
    this.exchange.setTarget(target_ms);
    this.check(this.module._kin_rig_set_goal_target(this.address, goal));
  }

  /** Moves the pole of a goal that has one to `pole_ms` (x, y, z, model space): a pole handle's drag. Allocation-free. */
  setGoalPole(goal: number, pole_ms: ArrayLike<number>): void {
    this.live();
    this.exchange.setPole(pole_ms);
    this.check(this.module._kin_rig_set_goal_pole(this.address, goal));
  }

  /** Chooses the solver and its settings for solve(); throws naming a bad option. */
  setSolver(kind: SolverName, options: SolverOptions = {}): void {
    this.check(this.live().setSolver(kind, options));
  }

  get solver(): SolverName {
    return this.live().solverName() as SolverName;
  }

  /**
   * Solves from the current pose with the chosen solver. Returns one report
   * object that every call reuses (read it before the next solve), so a drag
   * frame allocates nothing. Throws on invalid input.
   */
  solve(): SolveReport {
    const h = this.live();
    const code = this.module._kin_rig_solve(this.address);
    if (code === this.invalidInputCode) throw new Error(`Rig: ${h.errorMessage()}`);
    return this.readReport(code);
  }

  /** The last solve's report from the exchange record, into the reused report object. */
  private readReport(code: number): SolveReport {
    const { report, exchange } = this;
    report.status = this.contract.solveStatus[code];
    exchange.readReport(report);
    return report;
  }

  protected live(): RigHandle {
    if (this.handle === null) throw new Error('Rig: used after dispose()');
    return this.handle;
  }

  private check(code: number): void {
    if (code !== 0) throw new Error(`Rig: ${this.live().errorMessage()}`);
  }

  private checkBone(bone: number): void {
    if (!Number.isInteger(bone) || bone < 0 || bone >= this.boneCount) {
      throw new Error(`Rig: bone index ${bone} is out of range [0, ${this.boneCount})`);
    }
  }
}
