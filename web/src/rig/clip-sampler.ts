// A rig's clip and its sampling (wasm/include/kin/clip_sampler.h): into the
// pose for playback, one channel for the curve view, or into ghost buffers
// for the onion skin. Got from Rig.clips; sampleClip*/sampleGhost* are a
// frame's calls and allocate nothing.
import type { ClipHandle } from '../wasm/generated/kin.js';
import { type ClipData, flattenClip } from './clip-data.js';
import type { LoopMode } from './contract.js';
import { FeatureHandle } from './feature-handle.js';
import type { RigParts } from './rig-parts.js';
import type { QuatTuple } from './rig-desc.js';

export class ClipSampler extends FeatureHandle<ClipHandle> {
  // Numbers per sample of each channel of the clip; null without a clip.
  private clipValueSizes: Int32Array | null = null;

  constructor(private readonly rig: RigParts) {
    super(new rig.module.ClipSampler(rig.address), () => rig.alive());
  }

  /**
   * Replaces the clip. Validated in the core: throws Error('Rig: clip: …')
   * naming the channel (index, bone name, target, slot), the key and the
   * problem, and keeps the clip it had. Every bone goes back to its rest
   * translation and scale until the next sampleClip().
   */
  setClip(clip: ClipData): void {
    const contract = this.rig.contract;
    const flat = flattenClip(clip, contract, (c) => this.describeChannel(clip, c));
    this.check(this.live().setClip(flat));
    this.clipValueSizes = Int32Array.from(flat.targets, (code) => contract.channelValueSizes[code]);
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
   * then FK, tips and palette; the rig's palette(), pose(), … read the sample.
   */
  sampleClip(time_s: number, loop: LoopMode): void {
    this.live();
    this.rig.exchange.setTime(time_s);
    this.check(this.rig.module._kin_clip_sample(this.address, this.loopCode(loop)));
  }

  /**
   * sampleClip(clock_s[0], loop): for a playback frame, whose clock lives in
   * a typed array. A fractional time passed to a call that V8 does not inline
   * is boxed into a new heap number; a typed array is passed as it is.
   */
  sampleClipAt(clock_s: Float64Array, loop: LoopMode): void {
    this.live();
    this.rig.exchange.copyTime(clock_s);
    this.check(this.rig.module._kin_clip_sample(this.address, this.loopCode(loop)));
  }

  /**
   * The core's own sampling of one channel at `count` evenly spaced times
   * from t0_s to t1_s inclusive (held at the ends of its keys, not looped,
   * not limited): valueSize(target) floats per sample, angles unwrapped,
   * rotations x y z w. A view, valid until the next rig call. For the curve view.
   */
  sampleChannel(channel: number, t0_s: number, t1_s: number, count: number): Float32Array {
    this.check(this.live().sampleChannel(channel, t0_s, t1_s, count));
    return this.rig.views.view('channelSamples');
  }

  /** The clip at `time_s` into the ghost buffers (onion skin); the rig's pose and buffers are untouched. Allocation-free. */
  sampleGhost(time_s: number, loop: LoopMode): void {
    this.live();
    this.rig.exchange.setTime(time_s);
    this.check(this.rig.module._kin_clip_sample_ghost(this.address, this.loopCode(loop)));
  }

  /** sampleGhost() at the time in `times_s[index]`: the number never crosses a call as an argument (no boxing per frame). */
  sampleGhostAt(times_s: Float64Array, index: number, loop: LoopMode): void {
    this.live();
    this.rig.exchange.copyTime(times_s, index);
    this.check(this.rig.module._kin_clip_sample_ghost(this.address, this.loopCode(loop)));
  }

  /** The last sampleGhost()'s bone-to-model matrices, 16 floats per bone (view). */
  ghostModel(): Float32Array {
    return this.view('ghostModel');
  }

  /** The last sampleGhost()'s skinning palette, 16 floats per bone (view). */
  ghostPalette(): Float32Array {
    return this.view('ghostPalette');
  }

  /** The last sampleGhost()'s bone tips, 3 floats per bone, model space (view). */
  ghostTips(): Float32Array {
    return this.view('ghostTips');
  }

  /** The last sampleGhost()'s angles, 3 per bone by slot (view). */
  ghostPose(): Float32Array {
    return this.view('ghostPose');
  }

  /** E(θ) of the bone's current angles as a quaternion x y z w: the value a 'rotation' channel keys for this pose. */
  poseRotation(bone: number): QuatTuple {
    const h = this.live();
    const q = h.poseRotation(bone);
    if (q.length !== 4) throw new Error(`Rig: ${h.errorMessage()}`);
    return [q[0], q[1], q[2], q[3]];
  }

  private view(slot: 'ghostModel' | 'ghostPalette' | 'ghostTips' | 'ghostPose'): Float32Array {
    this.live();
    return this.rig.views.view(slot);
  }

  /** "channel 3 (bone 5 'forearm_l', angle, slot 1)", as the core names a channel. */
  private describeChannel(clip: ClipData, c: number): string {
    const channel = clip.channels[c];
    if (channel.target === 'root') return `channel ${c} (root)`;
    const names = this.rig.boneNames;
    const name = Number.isInteger(channel.bone) && channel.bone >= 0 && channel.bone < names.length ? ` '${names[channel.bone]}'` : '';
    return `channel ${c} (bone ${channel.bone}${name}, ${channel.target}, slot ${channel.slot})`;
  }

  private loopCode(loop: LoopMode): number {
    const modes = this.rig.contract.loopModes;
    const code = modes.indexOf(loop);
    if (code < 0) throw new Error(`Rig: unknown loop mode '${String(loop)}'; the modes are ${modes.join(', ')}`);
    return code;
  }
}
