// The clip-playback benchmark's workloads, deterministic from fixed seeds:
// two rigs, each with two clips of 10 keys per channel over 2 s at the same
// uneven key times.
//   rigs:  character — the default character without its fingers
//          (assets/character.glb: 24 bones, the ponytail's included; the
//          fingers turn in joint frames, which three.js's Euler tracks cannot say);
//          chain-100 — bench/workloads.ts's 100-bone chain.
//   clips: angles-catmull-rom — an 'angle' channel for every Euler slot that
//          can move (limits min < max; hinges' fixed slots have none), keys at
//          random angles within the limits (the chain: ±1 rad), plus a 'root'
//          channel (±5 cm), all Catmull-Rom;
//          rotation-slerp — one 'rotation' channel per bone, each key the
//          rotation E(θ) of a random pose within the limits (taken from the
//          core: Rig.poseRotation), plus the root channel, all 'linear'
//          (slerp for the rotations).
import type { ClipChannel, ClipData, Interpolation } from '../web/src/animation/clip.js';
import { rigFromSkinnedMesh } from '../web/src/import/skinned-mesh-rig.js';
import type { BoneDesc } from '../web/src/rig/rig-desc.js';
import { Rig } from '../web/src/rig/rig.js';
import type { KinModule } from '../web/src/wasm/generated/kin.js';
import { loadDefaultCharacter } from '../tests/web/default-character.js';
import { seededRandom, uniform } from '../tests/web/seeded-random.js';
import { chainBones } from './workloads.js';

export type AnimationRigName = 'character' | 'chain-100';
export type AnimationVariant = 'angles-catmull-rom' | 'rotation-slerp';

export interface AnimationWorkload {
  rig: AnimationRigName;
  variant: AnimationVariant;
  bones: BoneDesc[];
  clip: ClipData;
  /** The key times every channel shares. */
  keyTimes: readonly number[];
}

export const DURATION_S = 2;
export const KEY_TIMES = [0, 0.18, 0.4, 0.62, 0.8, 1.05, 1.3, 1.52, 1.75, 2];
/** The chain's ±π limits would let successive random keys differ by more than π (the core unwraps those); ±1 rad keeps them apart by less. */
const CHAIN_KEY_RANGE = 1;

/** The bones before the fingers (the generator appends them last). */
function withoutFingers(bones: readonly BoneDesc[]): BoneDesc[] {
  const first = bones.findIndex((bone) => bone.name.startsWith('thumb_'));
  return bones.slice(0, first < 0 ? bones.length : first);
}

function keyRange(bones: readonly BoneDesc[], bone: number, slot: number, limit: number): [number, number] {
  const b = bones[bone];
  return [Math.max(b.min?.[slot] ?? -Math.PI, -limit), Math.min(b.max?.[slot] ?? Math.PI, limit)];
}

function rootChannel(random: () => number, interpolation: Interpolation): ClipChannel {
  return {
    target: 'root', bone: 0, slot: 0,
    keys: KEY_TIMES.map((time) => ({ time, interpolation, value: [0, 1, 2].map(() => uniform(random, -0.05, 0.05)) })),
  };
}

function anglesClip(bones: readonly BoneDesc[], limit: number, seed: number): ClipData {
  const random = seededRandom(seed);
  const channels: ClipChannel[] = [];
  bones.forEach((_, bone) => {
    for (let slot = 0; slot < 3; slot++) {
      const [lo, hi] = keyRange(bones, bone, slot, limit);
      if (!(lo < hi)) continue;
      channels.push({
        target: 'angle', bone, slot,
        keys: KEY_TIMES.map((time) => ({ time, interpolation: 'catmull-rom' as const, value: [uniform(random, lo, hi)] })),
      });
    }
  });
  channels.push(rootChannel(random, 'catmull-rom'));
  return { name: 'angles-catmull-rom', duration: DURATION_S, fps: 60, channels };
}

function rotationClip(module: KinModule, bones: BoneDesc[], limit: number, seed: number): ClipData {
  const random = seededRandom(seed);
  const rig = Rig.create(module, bones);
  try {
    const keys = KEY_TIMES.map(() => {
      rig.setPose(bones.flatMap((_, bone) => [0, 1, 2].map((slot) => uniform(random, ...keyRange(bones, bone, slot, limit)))));
      return bones.map((_, bone) => rig.clips.poseRotation(bone));
    });
    const channels: ClipChannel[] = bones.map((_, bone) => ({
      target: 'rotation', bone, slot: 0,
      keys: KEY_TIMES.map((time, k) => ({ time, interpolation: 'linear' as const, value: [...keys[k][bone]] })),
    }));
    channels.push(rootChannel(random, 'linear'));
    return { name: 'rotation-slerp', duration: DURATION_S, fps: 60, channels };
  } finally {
    rig.dispose();
  }
}

export async function makeAnimationWorkloads(module: KinModule): Promise<AnimationWorkload[]> {
  const character = withoutFingers(rigFromSkinnedMesh((await loadDefaultCharacter()).mesh).bones);
  const chain = chainBones(100);
  const rigs: [AnimationRigName, BoneDesc[], number][] = [['character', character, Math.PI], ['chain-100', chain, CHAIN_KEY_RANGE]];
  return rigs.flatMap(([rig, bones, limit], r) => [
    { rig, variant: 'angles-catmull-rom' as const, bones, clip: anglesClip(bones, limit, 7000 + r), keyTimes: KEY_TIMES },
    { rig, variant: 'rotation-slerp' as const, bones, clip: rotationClip(module, bones, limit, 8000 + r), keyTimes: KEY_TIMES },
  ]);
}
