// A playback frame with a prop held, measured with V8's sampling heap
// profiler (allocation-profile.ts): the clip sampled into the pose, the
// editor told, and the prop's drawn object placed again at its hand (the
// prop list's world matrix, three.js's decompose) allocate nothing per
// frame once optimised, as the frame without props does (clip-allocation.test.ts).
import type { Session } from 'node:inspector/promises';
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALK_NAME, buildDemoClips } from '../../web/src/animation/demo-clips.js';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { PropMeshes } from '../../web/src/app/prop-meshes.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

const FRAMES = 4000;
const SAMPLING_INTERVAL = 32;
/** Room for one-off allocations, per frame on average. */
const ONE_OFF = 4;

describe('allocation of a playback frame with a held prop', () => {
  let inspector: Session;
  let editor: PoseEditor;
  let meshes: PropMeshes;
  let held: THREE.Object3D;
  const sink = new Float64Array(1);

  beforeAll(async () => {
    const module = await loadKinModuleNode();
    const bones = await defaultCharacterBones();
    editor = defaultCharacterEditor(module, bones);
    const { props } = editor.scene;
    const box = props.add({ kind: 'box', transform: { position: [-0.7, 1.3, 0.2], rotation: [0.1, 0.2, 0.3], scale: [1, 1, 1] } });
    props.attach(box.id, { character: editor.active.id, bone: 'hand_r' });
    meshes = new PropMeshes(editor, new THREE.Group(), () => {}, () => {});
    held = meshes.objectOf(box.id)!;
    editor.session.rig.clips.setClip(buildDemoClips(module, bones).find((clip) => clip.name === WALK_NAME)!);
    inspector = await heapProfiler();
  });

  afterAll(() => {
    inspector?.disconnect();
    meshes?.dispose();
    editor?.dispose();
  });

  function playbackFrame(frame: number): void {
    editor.session.rig.clips.sampleClip(0.1 + frame / 60, 'loop');
    editor.session.poseSampled();
    sink[0] += held.position.x;
  }

  it('places the held prop allocating nothing per frame', async () => {
    const start = held.position.x;
    const bytes = await bytesPerCall(inspector, playbackFrame, FRAMES, SAMPLING_INTERVAL);
    console.log(`playback frame with a held prop: ${bytes.toFixed(2)} B/frame (${FRAMES} frames)`);
    expect(bytes).toBeLessThan(ONE_OFF);
    // The prop did follow the hand.
    expect(held.position.x).not.toBe(start);
  });
});
