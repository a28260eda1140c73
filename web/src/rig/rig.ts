// The TypeScript façade over the module's Rig: owns exactly one WASM handle
// (dispose() deletes it), turns error codes into Error('Rig: …') naming the
// bad input, and exposes the bone buffers as views over WASM memory. The
// per-frame calls (setGoalTarget, setGoalPole, solve, sampleClip,
// sampleGhost, palette, dqsPalette) allocate nothing: they call the module's
// plain exports with integers and pass numbers through the exchange record
// (exchange-record.ts). Status, skinning, mirror, clip and loop codes and the
// record's slots come from the module's contract (contract.ts).
import type { FlatGoal, KinModule, RigHandle } from '../wasm/generated/kin.js';
import { type ClipData, flattenClip } from './clip-data.js';
import {
  type BufferSlot,
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
import { ExchangeRecord } from './exchange-record.js';
import { HeapView } from './heap-view.js';
import { type BoneDesc, type EulerOrder, type QuatTuple, type Vec3Tuple, flattenRigDesc } from './rig-desc.js';
import { type SolveTrace, TRACE_MAX_TRIALS } from './solve-trace.js';
import type { SpringChain, SpringChainDesc } from './springs.js';

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

export interface SolveReport {
  status: SolveStatus;
  iterations: number;
  /** Largest goal distance after the solve, model units. */
  error: number;
  /** Entries in energyHistory(): E before the first and after each iteration. */
  energyCount: number;
}

export interface GoalDesc {
  /** Bone index or name. */
  bone: number | string;
  /** Model-space target. */
  target: Vec3Tuple;
  /** Point on the bone in bone space; default its tip. */
  point?: Vec3Tuple;
  /** > 0, default 1. */
  weight?: number;
  /** Target orientation of the bone in model space, x y z w (Jacobian solvers). */
  orientation?: [number, number, number, number];
  orientationWeight?: number;
  /**
   * Two-bone and the Jacobian solvers (contract: poles): the side the middle
   * joint bends toward, for a goal on a limb's lower bone (forearm, shin)
   * whose point is the wrist or ankle; look-at: where the up axis turns.
   */
  pole?: Vec3Tuple;
  /** > 0, default 1 (Jacobian solvers): how the pole weighs against the goals where limits keep both from being met. */
  poleWeight?: number;
  /** Jacobian solvers: the bone whose origin is the joint that bends toward the pole (default: this goal's bone); the goal's bone or an ancestor. */
  poleBone?: number;
}

export class Rig {
  /** The module's contract (contract.ts): its solvers, options, enum orders and record layout. */
  readonly contract: KinContract;
  readonly boneNames: readonly string[];
  readonly parents: Int32Array;
  readonly orders: readonly EulerOrder[];
  /** The bones it was built from, as given (an export writes their joint model and rest pose). */
  readonly description: readonly BoneDesc[];
  private handle: RigHandle | null;
  private readonly paletteView: HeapView;
  private readonly modelView: HeapView;
  private readonly tipsView: HeapView;
  private readonly poseView: HeapView;
  private readonly energyView: HeapView;
  private readonly bindView: HeapView;
  private readonly skinnedPositionsView: HeapView;
  private readonly skinnedNormalsView: HeapView;
  private readonly dqsPaletteView: HeapView;
  private readonly ghostModelView: HeapView;
  private readonly ghostPaletteView: HeapView;
  private readonly ghostTipsView: HeapView;
  private readonly ghostPoseView: HeapView;
  private readonly channelSamplesView: HeapView;
  private readonly poseModelView: HeapView;
  private readonly skinJointsView: HeapView<Uint16Array>;
  private readonly skinWeightsView: HeapView;
  // Numbers per sample of each channel of the clip; null without a clip.
  private clipValueSizes: Int32Array | null = null;
  private readonly energyCapacity: number;
  private energyWhole: Float32Array | null = null;
  private readonly energyPrefixes: Float32Array[] = [];
  private readonly exchange: ExchangeRecord;
  private readonly invalidInputCode: number;
  private readonly module: KinModule;
  /** The binding's address, fixed for its life: the module's frame exports take it, and other bindings (the Retargeter) name this rig by it. */
  readonly address: number;
  private skinHasNormals = false;
  private springChanges = 0;
  private readonly report: SolveReport = { status: 'invalid-input', iterations: 0, error: 0, energyCount: 0 };

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
    this.contract = contract;
    this.description = description;
    this.handle = handle;
    const n = handle.boneCount();
    this.boneNames = Array.from({ length: n }, (_, i) => handle.boneName(i));
    this.parents = Int32Array.from({ length: n }, (_, i) => handle.boneParent(i));
    this.orders = Array.from({ length: n }, (_, i) => handle.boneOrder(i) as EulerOrder);
    this.paletteView = new HeapView(module);
    this.modelView = new HeapView(module);
    this.tipsView = new HeapView(module);
    this.poseView = new HeapView(module);
    this.energyView = new HeapView(module);
    this.bindView = new HeapView(module);
    this.skinnedPositionsView = new HeapView(module);
    this.skinnedNormalsView = new HeapView(module);
    this.dqsPaletteView = new HeapView(module);
    this.ghostModelView = new HeapView(module);
    this.ghostPaletteView = new HeapView(module);
    this.ghostTipsView = new HeapView(module);
    this.ghostPoseView = new HeapView(module);
    this.channelSamplesView = new HeapView(module);
    this.poseModelView = new HeapView(module);
    this.skinJointsView = new HeapView(module, Uint16Array);
    this.skinWeightsView = new HeapView(module);
    this.energyCapacity = handle.energyCapacity();
    this.exchange = new ExchangeRecord(module, handle.exchangePtr(), contract.exchange);
    this.invalidInputCode = contract.solveStatus.indexOf('invalid-input');
    this.module = module;
    this.address = handle.address();
  }

  get boneCount(): number {
    return this.boneNames.length;
  }

  get disposed(): boolean {
    return this.handle === null;
  }

  /** Deletes the WASM object; the rig is unusable afterwards. Idempotent. */
  dispose(): void {
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

  setRootOffset(x: number, y: number, z: number): void {
    this.check(this.live().setRootOffset(x, y, z));
  }

  /**
   * Mirrors the pose across the model's x = 0 plane (wasm/include/kin/mirror.h):
   * 'left-to-right' gives each right bone its left partner's mirrored pose and
   * makes the centre bones and root offset symmetric, 'right-to-left' the
   * other way, 'flip' mirrors every bone and the root offset. Bones pair by
   * name (hand_l / hand_r, Hand.L / Hand.R, LeftHand / RightHand, …). Throws,
   * changing nothing, naming the bone that keeps the rig from mirroring.
   */
  mirror(mode: MirrorMode): void {
    const modes = this.contract.mirrorModes;
    const code = modes.indexOf(mode);
    if (code < 0) throw new Error(`Rig: unknown mirror mode '${String(mode)}'; the modes are ${modes.join(', ')}`);
    this.check(this.live().mirror(code));
  }

  /** The bone on the other side of each bone (itself for a centre bone); throws like mirror() for a rig that does not mirror. */
  mirrorPartners(): Int32Array {
    const h = this.live();
    const partners = h.mirrorPartners();
    if (partners === null) throw new Error(`Rig: ${h.errorMessage()}`);
    return Int32Array.from(partners);
  }

  /** The root offset (model space); a solve that moves the root changes it. */
  get rootOffset(): Vec3Tuple {
    this.live();
    return this.exchange.rootOffset([0, 0, 0]) as Vec3Tuple;
  }

  /** The root offset into `out` (3 numbers): allocation-free, for a drag frame. */
  readRootOffset(out: Float32Array | Float64Array): void {
    this.live();
    this.exchange.rootOffset(out);
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

  /** Replaces the goals; bones may be named. */
  setGoals(goals: readonly GoalDesc[]): void {
    const flat: FlatGoal[] = goals.map((g) => {
      const bone = typeof g.bone === 'string' ? this.boneIndex(g.bone) : g.bone;
      return { bone, target: g.target, point: g.point, weight: g.weight, orientation: g.orientation, orientationWeight: g.orientationWeight, pole: g.pole, poleWeight: g.poleWeight, poleBone: g.poleBone };
    });
    this.check(this.live().setGoals(flat));
  }

  get goalCount(): number {
    return this.live().goalCount();
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

  /**
   * Solves as solve() does (the same pose, buffers and report) while
   * recording every iteration, for the step-through lesson. Allocates: not
   * for a drag frame. Throws on invalid input.
   */
  traceSolve(): SolveTrace {
    const h = this.live();
    const trace = h.traceSolve(TRACE_MAX_TRIALS);
    if (trace === null) throw new Error(`Rig: ${h.errorMessage()}`);
    // The solve's report, as solve() leaves it (energyHistory() reads it).
    return { ...trace, report: { ...this.readReport(trace.report.status) } };
  }

  /**
   * Central differences (step h, radians or model units for root dofs) of
   * the goal points per active dof at the current pose, in the layout of a
   * traced iteration's jacobian: to show beside the analytic columns.
   */
  finiteDifferenceJacobian(h = 1e-3): Float32Array {
    const handle = this.live();
    const columns = handle.finiteDifferenceJacobian(h);
    if (columns === null) throw new Error(`Rig: ${handle.errorMessage()}`);
    return columns;
  }

  /** Skinning palette P_j · inverse bind_j, 16 floats per bone (view, no copy). */
  palette(): Float32Array {
    return this.paletteView.get(this.buffer('palette'), 16 * this.boneCount);
  }

  /** Bone-to-model matrices P_j, 16 floats per bone (view). */
  modelMatrices(): Float32Array {
    return this.modelView.get(this.buffer('model'), 16 * this.boneCount);
  }

  /** The pose's bone-to-model matrices alone: modelMatrices() without what the springs added, 16 floats per bone (view). */
  poseModelMatrices(): Float32Array {
    return this.poseModelView.get(this.buffer('poseModel'), 16 * this.boneCount);
  }

  /** Bind-pose bone-to-model matrices B_j, 16 floats per bone (view). */
  bindMatrices(): Float32Array {
    return this.bindView.get(this.buffer('bind'), 16 * this.boneCount);
  }

  /** Bone tips in model space, 3 floats per bone (view). */
  boneTips(): Float32Array {
    return this.tipsView.get(this.buffer('tips'), 3 * this.boneCount);
  }

  /** The pose: 3 angles per bone by slot (view). */
  pose(): Float32Array {
    return this.poseView.get(this.buffer('pose'), 3 * this.boneCount);
  }

  /** E per iteration of the last solve (view). */
  energyHistory(): Float32Array {
    const whole = this.energyView.get(this.buffer('energy'), this.energyCapacity);
    if (whole !== this.energyWhole) {
      this.energyWhole = whole;
      this.energyPrefixes.length = 0;
    }
    // One view per history length, made once: solves of a drag stop after
    // different iteration counts, and a new view each would allocate.
    const count = this.report.energyCount;
    return (this.energyPrefixes[count] ??= whole.subarray(0, count));
  }

  /**
   * The mesh to skin on the CPU: bind-pose positions (3 per vertex), normals
   * (3 per vertex, or empty), joints in this rig's bone order and weights
   * (4 or 8 per vertex: glTF's JOINTS_0, or JOINTS_0 then JOINTS_1 for each
   * vertex). Validated once here.
   */
  setSkin(positions: ArrayLike<number>, normals: ArrayLike<number>, joints: ArrayLike<number>, weights: ArrayLike<number>): void {
    this.check(this.live().setSkin(positions, normals, joints, weights));
    this.skinHasNormals = normals.length > 0;
  }

  /**
   * Recomputes the skin's joints and weights in place by Scotty3D's capsule
   * rule (wasm/include/kin/capsule_weights.h): per vertex and bone, with d
   * the distance to the bone's bind-pose segment (origin to tip) and r its
   * radius, w = max(0, r − d) / r; the 4 largest kept and normalised, the
   * nearest bone alone for a vertex in no capsule. `radii`: one per bone,
   * finite and > 0. The next skin() uses the new weights. Returns views over
   * the skin's joints and weights (as many per vertex as setSkin gave: slots
   * past the 4th hold weight 0), valid until the next rig call; copy them
   * for the GPU's skinIndex / skinWeight. Throws naming a bad radius, or
   * without a skin, changing nothing.
   */
  capsuleWeights(radii: ArrayLike<number>): { joints: Uint16Array; weights: Float32Array } {
    this.check(this.live().setCapsuleWeights(radii));
    const slots = this.exchange.slot('skinInfluences') * this.exchange.slot('vertexCount');
    return {
      joints: this.skinJointsView.get(this.buffer('skinJoints'), slots),
      weights: this.skinWeightsView.get(this.buffer('skinWeights'), slots),
    };
  }

  /**
   * Skins the mesh with the current palette: 'lbs' linear blend, 'dqs' dual
   * quaternion skinning with scale (no candy-wrapper collapse under twist).
   */
  skin(method: SkinningMethod = 'lbs'): void {
    const methods = this.contract.skinningMethods;
    const code = methods.indexOf(method);
    if (code < 0) throw new Error(`Rig: unknown skinning method '${String(method)}'; the methods are ${methods.join(', ')}`);
    this.check(this.live().skin(code));
  }

  /**
   * The current palette packed for a DQS shader (packed by this call; view,
   * no copy). 20 floats per bone, five RGBA texels: the dual quaternion's
   * real part x y z w, its dual part x y z w, then the three columns of the
   * scale/shear S (x y z 0 each). Throws naming a bone whose palette matrix
   * is singular.
   */
  dqsPalette(): Float32Array {
    this.live();
    this.check(this.module._kin_rig_pack_dqs_palette(this.address));
    return this.dqsPaletteView.get(this.buffer('dqsPalette'), this.exchange.slot('dqsPaletteSize'));
  }

  /** Skinned positions, 3 floats per vertex, model space (view). */
  skinnedPositions(): Float32Array {
    return this.skinnedPositionsView.get(this.buffer('skinnedPositions'), 3 * this.exchange.slot('vertexCount'));
  }

  /** Skinned unit normals, 3 floats per vertex (view; empty without normals). */
  skinnedNormals(): Float32Array {
    const floats = this.skinHasNormals ? 3 * this.exchange.slot('vertexCount') : 0;
    return this.skinnedNormalsView.get(this.buffer('skinnedNormals'), floats);
  }

  /**
   * Replaces the clip. Validated in the core: throws Error('Rig: clip: …')
   * naming the channel (index, bone name, target, slot), the key and the
   * problem, and keeps the clip it had. Every bone goes back to its rest
   * translation and scale until the next sampleClip().
   */
  setClip(clip: ClipData): void {
    const flat = flattenClip(clip, this.contract, (c) => this.describeChannel(clip, c));
    this.check(this.live().setClip(flat));
    this.clipValueSizes = Int32Array.from(flat.targets, (code) => this.contract.channelValueSizes[code]);
  }

  /** Removes the clip; bones go back to their rest translation and scale. */
  clearClip(): void {
    this.live().clearClip();
    this.clipValueSizes = null;
  }

  get hasClip(): boolean {
    this.live();
    return this.clipValueSizes !== null;
  }

  /**
   * Samples the clip at `time_s` into the pose in one WASM call with no
   * allocation: every channel (bones and slots without one at rest, the
   * angles projected into the limits), the root offset (0 without a root
   * channel), animated translations and scales (which solve() then sees too),
   * then FK, tips and palette; palette(), pose(), … read the sample.
   */
  sampleClip(time_s: number, loop: LoopMode): void {
    this.live();
    this.exchange.setTime(time_s);
    this.check(this.module._kin_rig_sample_clip(this.address, this.loopCode(loop)));
  }

  /**
   * sampleClip(clock_s[0], loop): for a playback frame, whose clock lives in
   * a typed array. A fractional time passed to a call that V8 does not inline
   * is boxed into a new heap number; a typed array is passed as it is.
   */
  sampleClipAt(clock_s: Float64Array, loop: LoopMode): void {
    this.live();
    this.exchange.copyTime(clock_s);
    this.check(this.module._kin_rig_sample_clip(this.address, this.loopCode(loop)));
  }

  /**
   * The core's own sampling of one channel at `count` evenly spaced times
   * from t0_s to t1_s inclusive (held at the ends of its keys, not looped,
   * not limited): valueSize(target) floats per sample, angles unwrapped,
   * rotations x y z w. A view, valid until the next rig call. For the curve view.
   */
  sampleChannel(channel: number, t0_s: number, t1_s: number, count: number): Float32Array {
    const h = this.live();
    this.check(h.sampleChannel(channel, t0_s, t1_s, count));
    const size = this.clipValueSizes![channel];
    return this.channelSamplesView.get(this.exchange.slot('channelSamples'), size * count);
  }

  /** The clip at `time_s` into the ghost buffers (onion skin); the rig's pose and buffers are untouched. Allocation-free. */
  sampleGhost(time_s: number, loop: LoopMode): void {
    this.live();
    this.exchange.setTime(time_s);
    this.check(this.module._kin_rig_sample_ghost(this.address, this.loopCode(loop)));
  }

  /** sampleGhost() at the time in `times_s[index]`: the number never crosses a call as an argument (no boxing per frame). */
  sampleGhostAt(times_s: Float64Array, index: number, loop: LoopMode): void {
    this.live();
    this.exchange.copyTime(times_s, index);
    this.check(this.module._kin_rig_sample_ghost(this.address, this.loopCode(loop)));
  }

  /** The last sampleGhost()'s bone-to-model matrices, 16 floats per bone (view). */
  ghostModel(): Float32Array {
    return this.ghostModelView.get(this.buffer('ghostModel'), 16 * this.boneCount);
  }

  /** The last sampleGhost()'s skinning palette, 16 floats per bone (view). */
  ghostPalette(): Float32Array {
    return this.ghostPaletteView.get(this.buffer('ghostPalette'), 16 * this.boneCount);
  }

  /** The last sampleGhost()'s bone tips, 3 floats per bone, model space (view). */
  ghostTips(): Float32Array {
    return this.ghostTipsView.get(this.buffer('ghostTips'), 3 * this.boneCount);
  }

  /** The last sampleGhost()'s angles, 3 per bone by slot (view). */
  ghostPose(): Float32Array {
    return this.ghostPoseView.get(this.buffer('ghostPose'), 3 * this.boneCount);
  }

  /** E(θ) of the bone's current angles as a quaternion x y z w: the value a 'rotation' channel keys for this pose. */
  poseRotation(bone: number): QuatTuple {
    const q = this.live().poseRotation(bone);
    if (q.length !== 4) throw new Error(`Rig: ${this.live().errorMessage()}`);
    return [q[0], q[1], q[2], q[3]];
  }

  /**
   * Replaces the spring chains (rig/springs.ts; bones by index or name) and
   * starts them at rest on the current pose. Validated in the core (each
   * bone's own swing limit too, one per bone): throws Error('Rig: spring
   * chain …') naming the chain and the bone, keeping the chains it had.
   * Springs move the model matrices, tips and palette on stepSprings(),
   * never the pose's angles.
   */
  setSpringChains(chains: readonly SpringChainDesc[]): void {
    const flat = chains.map((c) => ({ ...c, bones: c.bones.map((b) => (typeof b === 'string' ? this.boneIndex(b) : b)) }));
    this.check(this.live().setSpringChains(flat));
    this.springChanges++;
  }

  /** Bumped by every change of the chains (set, turned on or off, reset): the springs need a step to show it. */
  get springsVersion(): number {
    return this.springChanges;
  }

  /** The chains as set (their enabled flags as now; boneSwingMax empty when none was given), in the order given. */
  springChains(): SpringChain[] {
    const h = this.live();
    return Array.from({ length: h.springChainCount() }, (_, c) => h.springChain(c)!);
  }

  /** Turns a chain on or off; one turned on starts from the pose as it is then. */
  setSpringEnabled(chain: number, on: boolean): void {
    this.check(this.live().setSpringEnabled(chain, on));
    this.springChanges++;
  }

  /** Every chain back at rest on the current pose (the buffers show the pose alone until the next step). */
  resetSprings(): void {
    this.check(this.live().resetSprings());
    this.springChanges++;
  }

  /**
   * Advances the springs by `dt_ms` milliseconds (finite, in (0, 1000]): FK
   * of the pose, the chains, tips and palette. Call it after the frame's
   * solve or sampleClip. Milliseconds, as a frame's whole ones pass without
   * being boxed into a heap number: allocation-free.
   */
  stepSprings(dt_ms: number): void {
    this.live();
    this.exchange.setSpringStep(dt_ms);
    this.check(this.module._kin_rig_step_springs(this.address));
  }

  /** Whether every enabled chain has come to rest (true without any). */
  get springsSettled(): boolean {
    this.live();
    return this.module._kin_rig_spring_settled(this.address) === 1;
  }

  /** "channel 3 (bone 5 'forearm_l', angle, slot 1)", as the core names a channel. */
  private describeChannel(clip: ClipData, c: number): string {
    const channel = clip.channels[c];
    if (channel.target === 'root') return `channel ${c} (root)`;
    const name = Number.isInteger(channel.bone) && channel.bone >= 0 && channel.bone < this.boneCount ? ` '${this.boneNames[channel.bone]}'` : '';
    return `channel ${c} (bone ${channel.bone}${name}, ${channel.target}, slot ${channel.slot})`;
  }

  private loopCode(loop: LoopMode): number {
    const code = this.contract.loopModes.indexOf(loop);
    if (code < 0) throw new Error(`Rig: unknown loop mode '${String(loop)}'; the modes are ${this.contract.loopModes.join(', ')}`);
    return code;
  }

  /** A buffer's byte offset (checks that the rig is alive). */
  private buffer(slot: BufferSlot): number {
    this.live();
    return this.exchange.slot(slot);
  }

  /** The last solve's report from the exchange record, into the reused report object. */
  private readReport(code: number): SolveReport {
    const { report, exchange } = this;
    report.status = this.contract.solveStatus[code];
    exchange.readReport(report);
    return report;
  }

  private live(): RigHandle {
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
