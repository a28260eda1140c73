// States the page can be in that no share link can hold: a glTF of more
// joints than a link has room for (the core takes thousands), a target a
// script put beyond the link's range, a camera framed from huge or all-zero
// vertices. shareUrl says why instead of throwing (a throw escaped the page's
// URL writer on every pose change, and Copy link and kin.shareLink() with it).
import { beforeAll, describe, expect, it } from 'vitest';
import { foundGoalLayouts } from '../../web/src/posing/found-goals.js';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import { MAX_BONES, MAX_COORDINATE } from '../../web/src/share/pose-link.js';
import { type LinkHost, type ShareUrl, shareUrl } from '../../web/src/share/share-link.js';
import type { ClipData } from '../../web/src/animation/clip.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

const PAGE = 'https://example.org/kin/';
const CAMERA = { position: [0, 1.2, 3] as Vec3Tuple, target: [0, 1, 0] as Vec3Tuple };

function host(editor: PoseEditor, camera = CAMERA, clip: ClipData | null = null): LinkHost {
  return { editor, camera: () => camera, setCamera: () => {}, timeline: () => clip && { clip, time: 0, playing: false } };
}

/** The error of a refused link (the test fails on a link). */
function refused(shared: ShareUrl): string {
  if (shared.ok) throw new Error(`a link was made: ${shared.url}`);
  return shared.error;
}

/** A glTF character's editor over a straight chain of `count` bones. */
function chainEditor(module: KinModule, count: number): PoseEditor {
  const bones: BoneDesc[] = Array.from({ length: count }, (_, k) => ({ name: `j${k}`, parent: k - 1, restT: [0, k === 0 ? 0 : 0.01, 0], tip: [0, 0.01, 0] }));
  const rig = Rig.create(module, bones);
  // Goals found as for a loaded file: the chain's leaf.
  return new PoseEditor(new PosingSession(rig, foundGoalLayouts(rig)), { source: { kind: 'gltf', name: 'chain.glb', skin: 0, skinName: 'Chain', influences: 4, warnings: [] }, presets: [] });
}

describe('shareUrl: a state no link can hold is no link and a reason, not a throw', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });

  it(`a glTF of more than MAX_BONES (${MAX_BONES}) joints: 600, 1000 and 1500; MAX_BONES itself has a link`, () => {
    for (const count of [600, 1000, 1500]) {
      expect(refused(shareUrl(host(chainEditor(module, count)), PAGE))).toBe(`This state cannot be shared as a link: bone count ${count} exceeds ${MAX_BONES}`);
    }
    expect(shareUrl(host(chainEditor(module, MAX_BONES)), PAGE).ok).toBe(true);
  });

  it(`a target beyond ±MAX_COORDINATE (${MAX_COORDINATE} m) is refused where it is set, so the link still holds the page's state`, () => {
    const editor = defaultCharacterEditor(module, bones);
    expect(editor.session.goalBones.length).toBeGreaterThan(0);
    const before = editor.session.target_ms(0);
    // The core's coordinate bound is the link's (the contract carries it): no state beyond it can arise.
    expect(() => editor.session.placeTarget(0, [2e5, 1, 0])).toThrow(`Rig: target of goal 0 is beyond ±${MAX_COORDINATE} m (200000 on axis 0)`);
    expect(editor.session.target_ms(0)).toEqual(before);
    const clip: ClipData = { name: 'still', duration: 1, fps: 30, channels: [{ target: 'root', bone: 0, slot: 0, keys: [{ time: 0, value: [0], interpolation: 'linear' }] }] };
    for (const shared of [shareUrl(host(editor), PAGE), shareUrl(host(editor, CAMERA, clip), PAGE)]) expect(shared.ok).toBe(true);
  });

  it('a camera framed from huge or all-zero vertices', () => {
    const editor = defaultCharacterEditor(module, bones);
    const huge = { position: [0, 0, 3e5] as Vec3Tuple, target: [0, 0, 0] as Vec3Tuple };
    expect(refused(shareUrl(host(editor, huge), PAGE))).toBe(`This state cannot be shared as a link: camera position[2] = 300000 is not within ±${MAX_COORDINATE} m`);
    const collapsed = { position: [0, 0, 0] as Vec3Tuple, target: [0, 0, 0] as Vec3Tuple };
    expect(refused(shareUrl(host(editor, collapsed), PAGE))).toBe('This state cannot be shared as a link: camera position equals its target');
    const nan = { position: [Number.NaN, 0, 0] as Vec3Tuple, target: [0, 0, 0] as Vec3Tuple };
    expect(refused(shareUrl(host(editor, nan), PAGE))).toMatch(/camera position\[0\] = NaN/);
  });

  it('the same page in a state a link holds gets a link again', () => {
    const editor = defaultCharacterEditor(module, bones);
    const shared = shareUrl(host(editor), PAGE);
    expect(shared.ok && shared.url.startsWith(`${PAGE}#p=`)).toBe(true);
  });
});
