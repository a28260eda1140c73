// Links made for the 21-bone default character, before the ponytail was appended to it, still
// pose it: versions 1 and 2 (pose only) and 3 (with a clip) give the body the link's angles and
// leave the ponytail at rest; a link with any other wrong bone count is still refused.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClipData } from '../../web/src/animation/clip.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { type LinkHost, type LinkTimeline, applyLinkState } from '../../web/src/share/share-link.js';
import { type PoseLinkState, decodePoseLink, encodePoseLink } from '../../web/src/share/pose-link.js';
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import { seededRandom, uniform } from './seeded-random.js';

const OLD_BONES = 21;

describe('a default-character link from before the ponytail', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });

  /** A 21-bone state with angles within each body bone's limits (seed 13), a pinned hand and a 1-key clip on bone 6. */
  function oldState(withClip: boolean): PoseLinkState {
    const random = seededRandom(13);
    const angles = bones.slice(0, OLD_BONES).flatMap((bone) => [0, 1, 2].map((k) => uniform(random, 0.5 * bone.min![k], 0.5 * bone.max![k])));
    const clip: ClipData = { name: 'old', duration: 1, fps: 30, channels: [{ target: 'angle', bone: 6, slot: 0, keys: [{ time: 0, value: [0.3], interpolation: 'linear' }] }] };
    return {
      character: { kind: 'default' },
      boneCount: OLD_BONES,
      angles,
      rootOffset: [0, 0.01, 0],
      goals: [{ bone: 8, target: [0.7, 1.4, 0.1], pinned: true }],
      solver: 'dls',
      camera: { position: [0, 1, 3], target: [0, 1, 0] },
      ...(withClip && { clip, time: 0, playing: false }),
    };
  }

  function apply(text: string): { outcome: ReturnType<typeof applyLinkState>; pose: Float32Array; received: LinkTimeline[] } {
    const decoded = decodePoseLink(text);
    if (!decoded.ok) throw new Error(decoded.error);
    const editor = defaultCharacterEditor(module, bones);
    const received: LinkTimeline[] = [];
    const host: LinkHost = { editor, camera: () => ({ position: [0, 1, 3], target: [0, 1, 0] }), setCamera: () => {}, setTimeline: (t) => received.push(t) };
    const outcome = applyLinkState(host, decoded.state);
    return { outcome, pose: Float32Array.from(editor.session.rig.pose()), received };
  }

  function expectBodyPosedAndPonytailAtRest(pose: Float32Array, state: PoseLinkState): void {
    expect(pose.length).toBe(3 * bones.length);
    expect(bones.length).toBeGreaterThan(OLD_BONES);
    // The link's 24-bit angles come back within half a step (1.9e-7 rad), as float32.
    for (let k = 0; k < 3 * OLD_BONES; k++) expect(Math.abs(pose[k] - state.angles[k]), `angle ${k}`).toBeLessThan(1e-6);
    for (let k = 3 * OLD_BONES; k < pose.length; k++) expect(pose[k], `angle ${k}`).toBe(0);
  }

  it('of version 2 opens with the body posed and the ponytail at rest', () => {
    const state = oldState(false);
    const text = encodePoseLink(state);
    expect(decodeBase64url(text)![1]).toBe(2);
    const { outcome, pose } = apply(text);
    expect(outcome.ok).toBe(true);
    expectBodyPosedAndPonytailAtRest(pose, state);
  });

  it('of version 1 (the same bytes with version 1: pins only among the goal flags) opens the same way', () => {
    const state = oldState(false);
    const bytes = decodeBase64url(encodePoseLink(state))!;
    bytes[1] = 1;
    const { outcome, pose } = apply(encodeBase64url(bytes));
    expect(outcome.ok).toBe(true);
    expectBodyPosedAndPonytailAtRest(pose, state);
  });

  it('of version 3 opens with its clip on the timeline, on the bones it keyed', () => {
    const state = oldState(true);
    const text = encodePoseLink(state);
    expect(decodeBase64url(text)![1]).toBe(3);
    const { outcome, pose, received } = apply(text);
    expect(outcome.ok).toBe(true);
    expectBodyPosedAndPonytailAtRest(pose, state);
    expect(received).toHaveLength(1);
    expect(received[0].clip.channels[0].bone).toBe(6);
  });

  it('with another bone count is still refused, naming both counts', () => {
    const state = { ...oldState(false), boneCount: 20, angles: oldState(false).angles.slice(0, 60) };
    const { outcome, pose } = apply(encodePoseLink(state));
    expect(outcome).toEqual({ ok: false, error: `This link is for 20 bones; the character has ${bones.length}` });
    expect(pose.every((a, k) => a === Float32Array.from(defaultCharacterEditor(module, bones).session.rig.pose())[k])).toBe(true);
  });
});
