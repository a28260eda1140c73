// The TypeScript façade over the module's Retargeter (wasm/bindings/
// retarget_bindings.cpp, wasm/include/kin/retarget/): a bone map between two
// rigs, its problems, and a retarget of the source rig's clip onto the target
// as a ClipData plus a measured report. Owns exactly one WASM handle
// (dispose() deletes it); errors throw Error('Retarget: …') with the core's
// message, which names the bone and role at fault.
import type { KinModule, RetargeterHandle } from '../wasm/generated/kin.js';
import type { ClipChannel, ClipData } from './clip-data.js';
import { type RetargetContract, type RetargetMode, builtRetargetContract, readRetargetContract } from './retarget-contract.js';
import type { Rig } from './rig.js';

export type { BoneRole, RetargetLimb, RetargetMode } from './retarget-contract.js';

/** Retarget modes in the order of kin::RetargetMode. */
export const RETARGET_MODES: readonly RetargetMode[] = builtRetargetContract.retargetModes;
/** Bone roles in the order of kin::BoneRole. */
export const BONE_ROLES = builtRetargetContract.boneRoles;
/** The limbs a report measures, in the order of its limbError columns. */
export const RETARGET_LIMBS = builtRetargetContract.retargetLimbs;

export interface RetargetOptions {
  mode: RetargetMode;
  /** A source foot that stands still keeps the target's foot planted (its leg re-solved by IK, in either mode). */
  contactLocks: boolean;
  /** Frames per second of the result; 0: one frame at each of the source's key times. */
  fps: number;
  /**
   * The source's reference pose: 3 angles per source bone (by slot), default
   * its rest (zeros); or 'match': the target's reference matched onto the
   * source through the inverted map (the source posed into the target's T or A).
   */
  sourceReference?: Float32Array | 'match';
  /**
   * The target's reference pose: 3 angles per target bone, or 'match' (the
   * default unless the source's is 'match'): the source's reference matched
   * by kin::MatchReferencePose (the target posed into the source's T or A).
   */
  targetReference?: Float32Array | 'match';
  /** Names for the result clip's name, `<clipName> → <targetName>` (default 'clip', 'target'). */
  clipName?: string;
  targetName?: string;
}

export interface RetargetReport {
  frames: number;
  /** Seconds per frame. */
  times: Float32Array;
  /** frames × target bones: angle between the target bone's world direction and the expected one (radians); NaN for unmapped bones. */
  boneAngleError_rad: Float32Array;
  /** frames × limbNames.length: the effector's distance from where the source's direction and normalised reach put it, over the target's limb length; NaN for a limb either rig lacks. */
  limbError: Float32Array;
  limbNames: readonly string[];
  /** Left, right: the largest horizontal slide of a target foot during a source contact (target units). */
  footSlide: Float32Array;
  /** Left, right: frames in which the source foot stands. */
  contactFrames: Int32Array;
  meanAngle_deg: number;
  maxAngle_deg: number;
  meanLimbError: number;
  maxLimbError: number;
  maxFootSlide: number;
}

const DEG = 180 / Math.PI;
// An angle slot whose value stays within this of zero over every frame gets no channel (the rest is zero).
const UNMOVED_RAD = 1e-7;

export class Retargeter {
  static create(module: KinModule): Retargeter {
    return new Retargeter(module, readRetargetContract(module), new module.Retargeter());
  }

  private constructor(
    private readonly module: KinModule,
    private readonly contract: RetargetContract,
    private handle: RetargeterHandle | null,
  ) {}

  /** Deletes the WASM object; the retargeter is unusable afterwards. Idempotent. */
  dispose(): void {
    this.handle?.delete();
    this.handle = null;
  }

  get disposed(): boolean {
    return this.handle === null;
  }

  /** Per target bone, the source bone that drives it (-1: none), matched by bone names and along the spine and neck. */
  autoMap(source: Rig, target: Rig): Int32Array {
    const h = this.live();
    this.check(h.autoMap(rigAddress(source), rigAddress(target)));
    return this.int32s(h.mapData(), h.mapSize());
  }

  /** The map's problems, each naming the target bone(s) and role(s) at fault ([] when it is fine). Throws only for a map of the wrong size. */
  validate(source: Rig, target: Rig, map: Int32Array): string[] {
    checkMapSize(target, map);
    return this.live().problems(rigAddress(source), rigAddress(target), map);
  }

  /** The source rig's clip (set it first) on the target, with the report of how well it carried over. */
  retarget(source: Rig, target: Rig, map: Int32Array, options: RetargetOptions): { clip: ClipData; report: RetargetReport } {
    const h = this.live();
    const s = rigAddress(source);
    const t = rigAddress(target);
    checkMapSize(target, map);
    const mode = this.contract.retargetModes.indexOf(options.mode);
    if (mode < 0) throw new Error(`Retarget: unknown mode '${String(options.mode)}'; the modes are ${this.contract.retargetModes.join(', ')}`);
    this.check(h.setMap(s, t, map));
    const sourceReference = options.sourceReference ?? new Float32Array(0);
    const targetReference = options.targetReference ?? (sourceReference === 'match' ? new Float32Array(0) : 'match');
    if (sourceReference === 'match') {
      if (targetReference === 'match') throw new Error('Retarget: the source and the target cannot both match the other’s reference pose');
      this.check(h.matchSourceReference(s, t, targetReference));
    } else if (targetReference === 'match') {
      this.check(h.matchReference(s, t, sourceReference));
    } else {
      this.check(h.setSourceReference(s, sourceReference));
      this.check(h.setTargetReference(t, targetReference));
    }
    this.check(h.run(s, t, mode, options.contactLocks, options.fps));

    const frames = h.frameCount();
    const n = target.boneCount;
    const times = this.floats(h.timesData(), frames);
    const angles = this.floats(h.anglesData(), 3 * n * frames);
    const roots = this.floats(h.rootOffsetsData(), 3 * frames);
    const summary = h.summary();
    const report: RetargetReport = {
      frames,
      times,
      boneAngleError_rad: this.floats(h.boneErrorData(), n * frames),
      limbError: this.floats(h.limbErrorData(), this.contract.retargetLimbs.length * frames),
      limbNames: this.contract.retargetLimbs,
      footSlide: Float32Array.from(summary.footSlide),
      contactFrames: Int32Array.from(summary.contactFrames),
      meanAngle_deg: summary.meanAngle * DEG,
      maxAngle_deg: summary.maxAngle * DEG,
      meanLimbError: summary.meanLimbError,
      maxLimbError: summary.maxLimbError,
      maxFootSlide: summary.maxFootSlide,
    };
    const name = `${options.clipName ?? 'clip'} → ${options.targetName ?? 'target'}`;
    return { clip: clipFromFrames(name, options.fps, times, angles, roots, n), report };
  }

  private floats(byteOffset: number, length: number): Float32Array {
    // A copy: the views go stale when memory grows, and the next run overwrites the buffers.
    return new Float32Array(this.module.HEAPU8.buffer, byteOffset, length).slice();
  }

  private int32s(byteOffset: number, length: number): Int32Array {
    return new Int32Array(this.module.HEAPU8.buffer, byteOffset, length).slice();
  }

  private live(): RetargeterHandle {
    if (this.handle === null) throw new Error('Retarget: used after dispose()');
    return this.handle;
  }

  private check(code: number): void {
    if (code !== 0) throw new Error(`Retarget: ${this.live().errorMessage()}`);
  }
}

/** The role a bone name stands for ('hand_l', …; the core's kin::RoleFromName), or null. */
export function boneRoleOf(module: KinModule, name: string): string | null {
  return module.boneRoleOf(name) || null;
}

function rigAddress(rig: Rig): number {
  if (rig.disposed) throw new Error('Retarget: a rig was used after dispose()');
  return rig.address;
}

function checkMapSize(target: Rig, map: Int32Array): void {
  if (map.length !== target.boneCount) throw new Error(`Retarget: the map has ${map.length} entries, the target has ${target.boneCount} bones`);
}

/**
 * The frames as a clip: linear 'angle' keys at every frame for each bone
 * slot that leaves zero, and a 'root' channel. Its fps: the one asked for,
 * else the rate of the source's key times (their shortest step).
 */
function clipFromFrames(name: string, fps: number, times: Float32Array, angles: Float32Array, roots: Float32Array, bones: number): ClipData {
  const frames = times.length;
  const channels: ClipChannel[] = [];
  for (let bone = 0; bone < bones; bone++) {
    for (let slot = 0; slot < 3; slot++) {
      const at = (f: number) => angles[3 * (f * bones + bone) + slot];
      let moves = false;
      for (let f = 0; f < frames && !moves; f++) moves = Math.abs(at(f)) > UNMOVED_RAD;
      if (!moves) continue;
      channels.push({ target: 'angle', bone, slot, keys: Array.from(times, (time, f) => ({ time, value: [at(f)], interpolation: 'linear' })) });
    }
  }
  channels.push({
    target: 'root',
    bone: 0,
    slot: 0,
    keys: Array.from(times, (time, f) => ({ time, value: [roots[3 * f], roots[3 * f + 1], roots[3 * f + 2]], interpolation: 'linear' })),
  });
  // A retarget has at least two frames (0 and the duration, which is > 0).
  let step = Infinity;
  for (let f = 1; f < frames; f++) step = Math.min(step, times[f] - times[f - 1]);
  return { name, duration: times[frames - 1], fps: fps > 0 ? fps : Math.round(1 / step), channels };
}
