// Hand-written types for the Emscripten module built from wasm/bindings/
// (Emscripten 3.1.6 cannot emit them). scripts/build-wasm.sh copies this file
// next to the generated kin.js; tests/web/module-types.test.ts checks that it
// matches the module's real exports. The types of the plain objects the
// core parses and of its contract are not written here: the build writes
// them from the built module (generated/shapes.ts, generated/contract.ts),
// next to which this file is copied.
import type { ModuleContract, RetargetContract } from './contract.js';
import type { FlatClipShape, GoalShape, SpringChainShape } from './shapes.js';

/** The Embind class `Rig`. Mutators return 0, or 1 with errorMessage() set. */
export interface RigHandle {
  load(desc: FlatRigDesc): number;
  boneCount(): number;
  boneName(index: number): string;
  boneParent(index: number): number;
  boneOrder(index: number): string;
  /** [min0, min1, min2, max0, max1, max2] in radians, by Euler slot. */
  boneLimits(index: number): number[];
  /** [x, y, z, w] of the bone's joint frame F (bone space); [] for a bad index. */
  boneFrame(index: number): number[];
  setAngles(bone: number, a0: number, a1: number, a2: number): number;
  /** [a0, a1, a2]: the clamped angles giving the bone this model-space rotation (x y z w); [] with errorMessage() set on bad input. */
  anglesForModelRotation(bone: number, x: number, y: number, z: number, w: number): number[];
  setPose(angles: ArrayLike<number>, rootX: number, rootY: number, rootZ: number): number;
  setIkFrom(angles: ArrayLike<number>): number;
  setRootOffset(x: number, y: number, z: number): number;
  setRestScales(scales: ArrayLike<number>): number;
  setGoals(goals: FlatGoal[]): number;
  goalCount(): number;
  /** Chooses the solver by name ("dls", "ccd", …) and its options for solve(). */
  setSolver(kind: string, options?: FlatSolverOptions): number;
  solverName(): string;
  /** Byte offset of the exchange record (web/src/rig/exchange-record.ts), fixed for the handle's life. */
  exchangePtr(): number;
  /** Byte offset of the binding: the first argument of the module's _kin_rig_* exports. */
  address(): number;
  errorMessage(): string;
  /** Whole-body posing: solves move the root offset too; refused (1) under a solver that cannot (contract() rootTranslation). */
  setMoveRoot(on: boolean): number;
  moveRoot(): boolean;
  /** Keep balance: solves hold the centre of mass over the planted feet; refused (1) under a solver that cannot (contract() balance). */
  setKeepBalance(on: boolean): number;
  keepBalance(): boolean;
  /** Keep above the floor: solves keep every bone's origin and tip at y ≥ 0; refused (1) under a solver that cannot (contract() floor). */
  setKeepAboveFloor(on: boolean): number;
  keepAboveFloor(): boolean;
  /** Pose prior: solves pull the angles (3 per bone) toward `angles` with `weight` (0: off); refused (1) under a solver that cannot (contract() prior). */
  setPosePrior(angles: ArrayLike<number>, weight: number): number;
  posePriorWeight(): number;
  delete(): void;
  isDeleted(): boolean;
}

/** Flat arrays, one entry (or 3, 4, 16 numbers) per bone, parent-first. */
export interface FlatRigDesc {
  names: string[];
  parents: ArrayLike<number>;
  restT: ArrayLike<number>;
  /** Quaternions as x, y, z, w. */
  restQ: ArrayLike<number>;
  restS: ArrayLike<number>;
  frames: ArrayLike<number>;
  orders: string[];
  minAngles: ArrayLike<number>;
  maxAngles: ArrayLike<number>;
  tips: ArrayLike<number>;
  inverseBinds?: ArrayLike<number> | null;
  /** How reluctantly IK turns each bone (> 0, default 1). */
  stiffness?: ArrayLike<number> | null;
  /** Swing-twist limits (radians): max swing of the bone axis, twist range about it. */
  swingMax?: ArrayLike<number> | null;
  twistMin?: ArrayLike<number> | null;
  twistMax?: ArrayLike<number> | null;
  /** How far IK turns each slot from the pose it was given (radians, > 0; Infinity: the limits alone). */
  ikRange?: ArrayLike<number> | null;
}

/**
 * A clip as flat arrays (kin::ClipDef): per channel its target code
 * (contract().channelTargets), bone, Euler slot and key count, a channel's
 * keys following the previous channel's; per key its time, interpolation
 * code (contract().interpolations) and T/C/B; values holds each key's
 * contract().channelValueSizes[target] numbers in key order, and so do the
 * optional cubic-spline tangents (absent: zero). Its fields are the core's
 * table (kin/shape_fields.h), as the build writes them.
 */
export type FlatClip = FlatClipShape;
/** A goal by the core's table (kin/shape_fields.h). */
export type FlatGoal = GoalShape;

/** kin::IkOptions by the keys, and with the types, of contract().options; every field optional. */
export type FlatSolverOptions = Readonly<Record<string, number | boolean | ArrayLike<number> | undefined>>;

/** contract() as the module gives it: its type is written by the build from the built module's (generated/contract.ts). */
export type { ModuleContract, RetargetContract };

export interface KinModule {
  Rig: { new (): RigHandle };
  /** The contract (a new plain object per call; web/src/rig/contract.ts reads it once per module). */
  contract(): ModuleContract;
  /** Rig handles alive (constructed and not yet deleted). */
  liveRigs(): number;
  /** True when the skinning kernels run on WASM SIMD (built with -msimd128). */
  hasSimdSkinning(): boolean;
  HEAPF32: Float32Array;
  HEAPU8: Uint8Array;
  // A drag frame's calls, plain WASM exports taking a handle's address():
  // they return 0 or 1 with errorMessage() set (solve: the status code).
  /** Moves `goal`'s target to the exchange record's target point. */
  _kin_rig_set_goal_target(rig: number, goal: number): number;
  /** Moves `goal`'s pole (it must have one) to the exchange record's pole point. */
  _kin_rig_set_goal_pole(rig: number, goal: number): number;
  /** Runs the chosen solver from the current pose; the report goes to the exchange record. */
  _kin_rig_solve(rig: number): number;
}

export interface KinModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
}

export default function createKinModule(options?: KinModuleOptions): Promise<KinModule>;

/**
 * The Embind class `Retargeter` (wasm/bindings/retarget_bindings.cpp): a bone
 * map, both reference poses and the last retarget's frames and report.
 * Rigs are passed as a RigHandle's address(). Mutators return 0, or 1 with
 * errorMessage() set; the *Data() calls give byte offsets into WASM memory.
 */
export interface RetargeterHandle {
  /** Maps the target's bones onto the source's by name (kin::AutoMap); read it with mapData(). */
  autoMap(source: number, target: number): number;
  /** Keeps `map` (a source bone or -1 per target bone) when kin::ValidateBoneMap accepts it. */
  setMap(source: number, target: number, map: ArrayLike<number>): number;
  /** Every problem kin::ValidateBoneMap finds in `map` ([] when valid); the kept map is unchanged. */
  problems(source: number, target: number, map: ArrayLike<number>): string[];
  /** The kept map: int32 per target bone. */
  mapData(): number;
  mapSize(): number;
  /** The source's reference pose: 3 angles per source bone, or [] for its rest. */
  setSourceReference(source: number, angles: ArrayLike<number>): number;
  /** The target's reference pose: 3 angles per target bone, or [] for its rest. */
  setTargetReference(target: number, angles: ArrayLike<number>): number;
  /** The source's reference becomes `sourceAngles` ([]: rest), the target's its kin::MatchReferencePose (targetReferenceData()). */
  matchReference(source: number, target: number, sourceAngles: ArrayLike<number>): number;
  /** The target's reference pose: 3 floats per target bone. */
  targetReferenceData(): number;
  /** The other way round: the target's reference becomes `targetAngles` ([]: rest), the source's the target's matched through the inverted map. */
  matchSourceReference(source: number, target: number, targetAngles: ArrayLike<number>): number;
  /** Retargets the source rig's clip (mode: a retargetContract().retargetModes code; fps 0: the source's key times). */
  run(source: number, target: number, mode: number, contactLocks: boolean, fps: number): number;
  /** Frames of the last successful run (0 after a failed one). */
  frameCount(): number;
  /** float32 per frame: seconds. */
  timesData(): number;
  /** float32 × 3 per frame × target bone: angles by slot (radians). */
  anglesData(): number;
  /** float32 × 3 per frame: the target's root offset (model space). */
  rootOffsetsData(): number;
  /** float32 per frame × target bone: the angle error (radians), NaN unmapped. */
  boneErrorData(): number;
  /** float32 per frame × limb (retargetContract().retargetLimbs): effector error / target limb length. */
  limbErrorData(): number;
  summary(): RetargetSummary;
  errorMessage(): string;
  delete(): void;
  isDeleted(): boolean;
}

/** The last retarget's report summary (radians, fractions of limb length, target units). */
export interface RetargetSummary {
  meanAngle: number;
  maxAngle: number;
  meanLimbError: number;
  maxLimbError: number;
  maxFootSlide: number;
  /** Left, right. */
  footSlide: number[];
  /** Left, right. */
  contactFrames: number[];
}

export interface KinModule {
  Retargeter: { new (): RetargeterHandle };
  /** Retargeter handles alive (constructed and not yet deleted). */
  liveRetargeters(): number;
  /** The role a bone name stands for ("hand_l", …), or "" (kin::RoleFromName). */
  boneRoleOf(name: string): string;
  /** Per bone role (code order), the bone of the rig at `rig` (a RigHandle's address) that plays it, or -1 (kin::FindRoleBones). */
  roleBones(rig: number): number[];
  retargetContract(): RetargetContract;
}

// Spring chains (kin/springs/spring_chain.h), declared apart so that they
// merge into the interfaces above.
/** One spring chain as setSpringChains takes it (the core's table, kin/shape_fields.h) and springChain gives it back. */
export type FlatSpringChain = SpringChainShape;

/** The Embind class `RigSprings` (wasm/bindings/spring_bindings.cpp), made for a rig's address(). */
export interface SpringsHandle {
  /** Replaces the spring chains (validated against the skeleton; 1 with errorMessage() naming the chain and bone). */
  setSpringChains(chains: FlatSpringChain[]): number;
  setSpringEnabled(chain: number, on: boolean): number;
  /** Every chain at rest on the current pose. */
  resetSprings(): number;
  springChainCount(): number;
  /** The chain as set (boneSwingMax empty when none were given), its enabled flag as now; null for a bad index. */
  springChain(chain: number): (Required<FlatSpringChain> & { bones: number[]; boneSwingMax: number[] }) | null;
  address(): number;
  errorMessage(): string;
  delete(): void;
  isDeleted(): boolean;
}

export interface KinModule {
  RigSprings: { new (rig: number): SpringsHandle };
  /** Advances the spring chains by the rig's exchange record's springStepMillis (milliseconds): FK of the pose, springs, tips, palette. */
  _kin_springs_step(springs: number): number;
  /** 1 when every enabled spring chain has come to rest (or none is enabled), else 0. */
  _kin_springs_settled(springs: number): number;
}

// The seed conventions (wasm/include/kin/presets.h, wasm/bindings/preset_bindings.cpp).
// Angles in radians; limits per Euler slot, default ±π.
/** A bone in the "axes from the bone" convention (Scotty3D-style): x_b, then y_b, then z_b. */
export interface AxesFromBoneDesc {
  name: string;
  /** Index of the parent bone, -1 for a root; parents come first. */
  parent: number;
  /** The bone vector, in axes aligned with the parent's (no rest rotation): the bone starts at its parent's tip and ends at + extent. */
  extent: readonly [number, number, number];
  /** Turns x_b (and z_b) about y_b = normalize(extent). */
  roll: number;
  /** A root's position in the model (default 0; ignored for a child). The pose's root offset moves it further: the position is base + offset. */
  base?: readonly [number, number, number];
  min?: readonly [number, number, number];
  max?: readonly [number, number, number];
}

/** A bone in the "canonical bone" convention: along +X of its frame, posed twist (x), bend (z), twist (x). */
export interface CanonicalBoneDesc {
  name: string;
  parent: number;
  /** The bone's origin in the parent's space. */
  restT: readonly [number, number, number];
  /** Its rest rotation in the parent's space, x y z w (unit). */
  restQ: readonly [number, number, number, number];
  /** > 0: the tip is at (length, 0, 0) in the bone's space. */
  length: number;
  min?: readonly [number, number, number];
  max?: readonly [number, number, number];
}

/** One bone in the joint model as a preset made it: web/src/rig/rig-desc.ts's BoneDesc, the fields a preset decides all given. */
export interface PresetBone {
  name: string;
  parent: number;
  restT: [number, number, number];
  restQ: [number, number, number, number];
  restS: [number, number, number];
  frame: [number, number, number, number];
  /** One of the 12 Euler order names (XYZ for axes from the bone, XZX for canonical bones). */
  order: string;
  min: [number, number, number];
  max: [number, number, number];
  tip: [number, number, number];
}

/** A preset's result: the bones and an empty error, or no bones and an error naming the bone and the field. */
export interface PresetResult {
  bones: PresetBone[];
  error: string;
}

export interface KinModule {
  axesFromBoneRig(bones: readonly AxesFromBoneDesc[]): PresetResult;
  canonicalBoneRig(bones: readonly CanonicalBoneDesc[]): PresetResult;
}

// Traced solves for the step-through lesson (kin/ik/ik_trace.h), declared
// apart so that they merge into the interfaces above.
/** One active degree of freedom: Euler slot `slot` of bone `bone`, or for bone -1 the root offset's axis `slot` (0 x, 1 y, 2 z). */
export interface FlatTraceDof {
  bone: number;
  slot: number;
}
/** One trial point of an iteration's line search (DLS: its damped try, scale 1). */
export interface FlatTraceTrial {
  scale: number;
  energy: number;
  accepted: boolean;
  /** The goal points of the trial configuration, 3 floats per goal (model space). */
  points: Float32Array;
}
/** One recorded iteration; entry 0 is the start pose, the `final` one the pose the solve returned. */
export interface FlatTraceIteration {
  /** The pose after the iteration: 3 angles per bone. */
  angles: Float32Array;
  /** Its root offset, x y z. */
  rootOffset: Float32Array;
  energy: number;
  error: number;
  /** The accepted step's scale (1 for an accepted DLS try); 0 when no step was taken. */
  stepScale: number;
  /** DLS's damping μ for this try; 0 for other solvers. */
  damping: number;
  /** The goal points of the pose, 3 floats per goal. */
  points: Float32Array;
  /** Jacobian solvers: the configuration the iteration started from (angles, root offset, goal points). */
  startAngles?: Float32Array;
  startRootOffset?: Float32Array;
  startPoints?: Float32Array;
  /** There, per dof (dof-major) per goal, the unweighted column a × (x − o): 3 floats each. */
  jacobian?: Float32Array;
  /** g = Jᵀ r of the weighted residual, one per dof. */
  gradient?: Float32Array;
  trials: FlatTraceTrial[];
  /** FABRIK: the joints of fabrikBones after the backward and after the forward pass, 3 floats each. */
  fabrikBackward?: Float32Array;
  fabrikForward?: Float32Array;
  fabrikBones?: number[];
  final?: boolean;
}
export interface FlatSolveTrace {
  /** status: the SolveStatus code (contract().solveStatus). */
  report: { status: number; iterations: number; error: number; energyCount: number };
  dofs: FlatTraceDof[];
  iterations: FlatTraceIteration[];
  /** Entries or trials past the capacity were dropped (the final pose is always kept). */
  truncated: boolean;
}

/** The Embind class `RigTeaching` (wasm/bindings/teaching_bindings.cpp), made for a rig's address(). */
export interface TeachingHandle {
  /** Solves as solve() does while recording; null with errorMessage() set on invalid input. */
  traceSolve(maxTrials: number): FlatSolveTrace | null;
  /** Central differences of the goal points per active dof at the current pose (the trace's jacobian layout); null with errorMessage() set. */
  finiteDifferenceJacobian(h: number): Float32Array | null;
  address(): number;
  errorMessage(): string;
  delete(): void;
  isDeleted(): boolean;
}

export interface KinModule {
  RigTeaching: { new (rig: number): TeachingHandle };
}

/** The Embind class `RigMirror` (wasm/bindings/mirror_bindings.cpp), made for a rig's address(): the bones paired once, for the skeleton the rig has then. */
export interface MirrorHandle {
  /** Mirrors the pose across model x = 0: mode 0 left to right, 1 right to left, 2 flip (kin::MirrorMode); other codes are refused. */
  mirror(mode: number): number;
  /** The partner bone of each bone (itself for a centre bone), or null when the rig is not mirror-symmetric (see errorMessage()). */
  partners(): number[] | null;
  address(): number;
  errorMessage(): string;
  delete(): void;
  isDeleted(): boolean;
}

export interface KinModule {
  RigMirror: { new (rig: number): MirrorHandle };
}

/** The Embind class `RigSkinning` (wasm/bindings/skin_bindings.cpp), made for a rig's address(); its buffers are the rig's exchange record's skin slots. */
export interface SkinningHandle {
  /** Mesh for CPU skinning: 3 numbers per vertex, normals may be empty, 4 or 8 joints (rig order) and as many weights per vertex. */
  setSkin(positions: ArrayLike<number>, normals: ArrayLike<number>, joints: ArrayLike<number>, weights: ArrayLike<number>): number;
  /** Skins with the rig's current palette: method 0 linear blend, 1 dual quaternion (with scale). */
  skin(method: number): number;
  /** Recomputes the skin's joints and weights in place by the capsule rule (kin/capsule_weights.h), one radius per bone. */
  setCapsuleWeights(radii: ArrayLike<number>): number;
  address(): number;
  errorMessage(): string;
  delete(): void;
  isDeleted(): boolean;
}

/** The Embind class `ClipSampler` (wasm/bindings/clip_bindings.cpp), made for a rig's address(). */
export interface ClipHandle {
  /** Replaces the clip (validated in the core; 1 with errorMessage() naming the channel and key). */
  setClip(clip: FlatClip): number;
  clearClip(): void;
  hasClip(): boolean;
  /** One channel at `count` evenly spaced times from t0 to t1 into the channelSamples buffer. */
  sampleChannel(channel: number, t0: number, t1: number, count: number): number;
  /** [x, y, z, w]: E(θ) of the bone's current angles; [] with errorMessage() set for a bad bone. */
  poseRotation(bone: number): number[];
  address(): number;
  errorMessage(): string;
  delete(): void;
  isDeleted(): boolean;
}

export interface KinModule {
  RigSkinning: { new (rig: number): SkinningHandle };
  ClipSampler: { new (rig: number): ClipHandle };
  /** Packs the rig's palette for a DQS shader: 20 floats per bone, real xyzw, dual xyzw, then the 3 scale columns (xyz0 each). */
  _kin_skin_pack_dqs_palette(skinning: number): number;
  /** Samples the clip at the rig's exchange record's time into the pose (loop: a loopModes code), then FK, tips, palette. */
  _kin_clip_sample(clip: number, loop: number): number;
  /** Samples the clip at the rig's exchange record's time into the ghost buffers; the pose is untouched. */
  _kin_clip_sample_ghost(clip: number, loop: number): number;
}
