// The three.js peer in the clip-playback benchmark: the workload's rig as a
// THREE.Bone hierarchy with a THREE.Skeleton, and its clip as the equivalent
// THREE.AnimationClip played by an AnimationMixer. A frame is what an
// application does to get a skinning palette from a clip: mixer.update(dt),
// then updateMatrixWorld() over the hierarchy and skeleton.update() (the
// bone matrices: matrixWorld · boneInverse), the work our sampleClip does in
// one call.
// - 'angle' channels become NumberKeyframeTracks on `bone.rotation[x|y|z]`
//   (three.js has no Euler-angle curves of its own; each setter recomputes
//   the bone's quaternion), Catmull-Rom as InterpolateSmooth (three.js's
//   cubic, whose end rule differs from ours: the curves agree at the keys);
//   our XYZ order (E = Rz·Ry·Rx) is three.js's 'ZYX'.
// - 'rotation' channels become QuaternionKeyframeTracks (linear: slerp),
//   'root' a VectorKeyframeTrack on the root bone's position (rest + offset).
import * as THREE from 'three';
import type { ClipData, Interpolation } from '../web/src/animation/clip.js';
import type { BoneDesc } from '../web/src/rig/rig-desc.js';

const THREE_INTERPOLATION: Record<Interpolation, THREE.InterpolationModes | null> = {
  step: THREE.InterpolateDiscrete,
  linear: THREE.InterpolateLinear,
  'catmull-rom': THREE.InterpolateSmooth,
  tcb: null,
  'cubic-spline': null,
};

export class ThreeClipPlayer {
  private readonly root = new THREE.Group();
  private readonly skeleton: THREE.Skeleton;
  private readonly mixer: THREE.AnimationMixer;

  constructor(bones: readonly BoneDesc[], clip: ClipData) {
    const nodes = bones.map((b) => {
      if ((b.order ?? 'XYZ') !== 'XYZ' || (b.frame && b.frame[3] !== 1) || (b.restQ && b.restQ[3] !== 1)) {
        throw new Error(`three.js peer: bone '${b.name}' needs order XYZ, no joint frame and no rest rotation`);
      }
      const bone = new THREE.Bone();
      bone.name = b.name;
      bone.position.fromArray(b.restT ?? [0, 0, 0]);
      bone.scale.fromArray(b.restS ?? [1, 1, 1]);
      bone.rotation.order = 'ZYX';
      return bone;
    });
    bones.forEach((b, i) => (b.parent < 0 ? this.root : nodes[b.parent]).add(nodes[i]));
    this.root.updateMatrixWorld(true);
    const inverses = bones.every((b) => b.inverseBind) ? bones.map((b) => new THREE.Matrix4().fromArray(b.inverseBind!)) : undefined;
    this.skeleton = new THREE.Skeleton(nodes, inverses);

    const tracks = clip.channels.map((channel) => {
      const interpolation = THREE_INTERPOLATION[channel.keys[0].interpolation];
      if (interpolation === null || channel.keys.some((k) => k.interpolation !== channel.keys[0].interpolation)) {
        throw new Error('three.js peer: one step, linear or catmull-rom interpolation per channel');
      }
      const times = channel.keys.map((k) => k.time);
      const bone = bones[channel.target === 'root' ? 0 : channel.bone];
      switch (channel.target) {
        case 'angle':
          return new THREE.NumberKeyframeTrack(`${bone.name}.rotation[${'xyz'[channel.slot]}]`, times, channel.keys.map((k) => k.value[0]), interpolation);
        case 'rotation':
          return new THREE.QuaternionKeyframeTrack(`${bone.name}.quaternion`, times, channel.keys.flatMap((k) => k.value), interpolation);
        case 'root': {
          const rest = bone.restT ?? [0, 0, 0];
          return new THREE.VectorKeyframeTrack(`${bone.name}.position`, times, channel.keys.flatMap((k) => k.value.map((v, i) => rest[i] + v)), interpolation);
        }
        default:
          throw new Error(`three.js peer: no '${channel.target}' channels`);
      }
    });
    this.mixer = new THREE.AnimationMixer(this.root);
    this.mixer.clipAction(new THREE.AnimationClip(clip.name, clip.duration, tracks)).play();
  }

  /** One frame: advance the clip by dt_s, then the world matrices and the bone matrices. */
  step(dt_s: number): void {
    this.mixer.update(dt_s);
    this.refresh();
  }

  /** The clip at `time_s` (for the agreement check). */
  seek(time_s: number): void {
    this.mixer.setTime(time_s);
    this.refresh();
  }

  /** skeleton.boneMatrices: 16 floats per bone, our palette's layout. */
  palette(): Float32Array {
    return this.skeleton.boneMatrices!;
  }

  private refresh(): void {
    this.root.updateMatrixWorld();
    this.skeleton.update();
  }
}
