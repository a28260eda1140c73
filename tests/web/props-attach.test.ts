// Props held by bones, on the real module with the default character: a box
// attached to the right hand of a character standing away from the centre,
// turned, keeps its offset in the hand's frame through the walk clip — at
// 60 sample times the prop list's world matrix, and the matrix the view
// draws it with (app/prop-meshes.ts, told by the editor's change), are
// the placement × the hand's model matrix × the offset, all worked out here
// with three.js's Matrix4 from the offset three.js finds at attach time.
// Then the prop list's refusals, each naming its field and changing
// nothing, and a removed character letting go of its props where they are.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { WALK_NAME, buildDemoClips } from '../../web/src/animation/demo-clips.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { PropTransform } from '../../web/src/scene/prop-transform.js';
import type { Prop } from '../../web/src/scene/props.js';
import { PropMeshes } from '../../web/src/app/prop-meshes.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

let module: KinModule;
let bones: BoneDesc[];

beforeAll(async () => {
  module = await loadKinModuleNode();
  bones = await defaultCharacterBones();
});

const trs = (t: PropTransform): THREE.Matrix4 =>
  new THREE.Matrix4().compose(new THREE.Vector3(...t.position), new THREE.Quaternion().setFromEuler(new THREE.Euler(...t.rotation, 'XYZ')), new THREE.Vector3(...t.scale));

/** The bone's world matrix, as three.js composes it: the character's placement (turn about +Y, then its spot) × the bone's model matrix. */
function boneWorld(editor: PoseEditor, bone: string): THREE.Matrix4 {
  const { transform, session } = editor.active;
  const model = new THREE.Matrix4().fromArray(session.rig.modelMatrices(), 16 * session.rig.boneIndex(bone));
  return new THREE.Matrix4().makeRotationY(transform.heading).setPosition(transform.x, 0, transform.z).multiply(model);
}

const worst = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.max(...Array.from(a, (v, k) => Math.abs(v - b[k])));

const BOX: PropTransform = { position: [0.4, 1.1, 0.3], rotation: [0.3, -0.7, 1.1], scale: [0.5, 1.5, 0.25] };

describe('a prop held in the right hand', () => {
  it('keeps its offset in the hand’s frame within 1e-6 through the walk clip, in the prop list and as drawn', () => {
    const editor = defaultCharacterEditor(module, bones);
    editor.placeCharacter(editor.active.id, { x: 0.7, z: -0.4, heading: 0.9 });
    const box = editor.scene.props.add({ kind: 'box', transform: BOX });
    const world = new THREE.Group();
    const meshes = new PropMeshes(editor, world, () => {}, (message) => {
      throw new Error(message);
    });
    editor.scene.props.attach(box.id, { character: editor.active.id, bone: 'hand_r' });
    // The offset three.js finds: the hand's world matrix inverted, times where the box was put.
    const offset = boneWorld(editor, 'hand_r').invert().multiply(trs(BOX));
    expect(worst(trs(box.attachment!.offset).elements, offset.elements)).toBeLessThan(1e-6);

    const walk = buildDemoClips(module, bones).find((clip) => clip.name === WALK_NAME)!;
    const { session } = editor.active;
    session.rig.clips.setClip(walk);
    const matrix = new Float64Array(16);
    let moved = 0;
    let first: THREE.Matrix4 | null = null;
    for (let i = 0; i < 60; i++) {
      session.rig.clips.sampleClip((walk.duration * i) / 60, 'loop');
      session.poseSampled();
      const expected = boneWorld(editor, 'hand_r').multiply(offset);
      expect(worst(editor.scene.props.worldMatrix(box, matrix), expected.elements)).toBeLessThan(1e-6);
      const drawn = meshes.objectOf(box.id)!;
      drawn.updateMatrix();
      expect(worst(drawn.matrix.elements, expected.elements)).toBeLessThan(1e-6);
      first ??= expected;
      moved = Math.max(moved, worst(expected.elements.slice(12, 15), first.elements.slice(12, 15)));
    }
    // The walk swings the hand: the box went along (not a box left standing).
    expect(moved).toBeGreaterThan(0.1);
    meshes.dispose();
    editor.dispose();
  });
});

describe('the prop list', () => {
  const snapshot = (prop: Prop) => JSON.stringify(prop);

  it('refuses bad transforms, flags, bones and characters by name, changing nothing', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { props } = editor.scene;
    const box = props.add({ kind: 'box', transform: BOX });
    const before = snapshot(box);
    const cases: [() => void, RegExp][] = [
      [() => props.setTransform(box.id, { position: [0, Number.NaN, 0] }), /transform\.position\[1\] must be a finite number/],
      [() => props.setTransform(box.id, { position: [0, 0, 51] }), /transform\.position\[2\] must be .*±50 m/],
      [() => props.setTransform(box.id, { rotation: [0, 0] }), /transform\.rotation must be 3 numbers/],
      [() => props.setTransform(box.id, { scale: [1, 0, 1] }), /transform\.scale\[1\] must be a finite number from 0\.001/],
      [() => props.setTransform(box.id, { scale: [1, 1, 1e6] }), /transform\.scale\[2\]/],
      [() => props.setTransform(box.id, { positon: [0, 0, 0] }), /transform has no field "positon"/],
      [() => props.setTransform(box.id, 'up'), /transform must be an object/],
      [() => props.setTransform(99, { position: [0, 0, 0] }), /no prop 99 in the scene; its props are 1/],
      [() => props.attach(box.id, { character: editor.active.id, bone: 'tail' }), /has no bone "tail"/],
      [() => props.attach(box.id, { character: 42, bone: 'hand_r' }), /no character 42/],
      [() => props.setFlags(box.id, { hidden: 'yes' }), /flags\.hidden must be true or false/],
      [() => props.setFlags(box.id, { name: '' }), /flags\.name must be a non-empty string/],
      [() => props.setFlags(box.id, { colour: 'red' }), /flags has no field "colour"/],
      [() => props.add({ kind: 'teapot' as 'box', transform: BOX }), /a prop is a box, sphere/],
      [() => props.add({ kind: 'file', transform: BOX }), /a prop is a .*file with its bytes/],
    ];
    for (const [action, message] of cases) {
      expect(action).toThrow(message);
      expect(snapshot(box)).toBe(before);
      expect(props.all).toHaveLength(1);
    }
    props.setFlags(box.id, { locked: true });
    expect(() => props.setTransform(box.id, { position: [0, 0, 0] })).toThrow(/locked; unlock it to move it/);
    expect(props.worldTransform(box).position).toEqual(BOX.position);
    editor.dispose();
  });

  it('lets go of the props of a character removed, leaving them where they were, and never reuses an id', () => {
    const editor = defaultCharacterEditor(module, bones);
    const rig = Rig.create(module, bones);
    applyStartPose(rig);
    const second = editor.addCharacter(new PosingSession(rig), editor.active.info, { x: 1.5, z: 0, heading: -0.4 });
    const { props } = editor.scene;
    const box = props.add({ kind: 'box', transform: BOX });
    props.attach(box.id, { character: second.id, bone: 'hand_l' });
    editor.setBoneAngles(rig.boneIndex('forearm_l'), 0.4, 0.2, -0.3);
    const held = trs(props.worldTransform(box));
    editor.removeCharacter(second.id);
    expect(box.attachment).toBeNull();
    expect(worst(trs(props.worldTransform(box)).elements, held.elements)).toBeLessThan(1e-9);
    props.remove(box.id);
    expect(props.add({ kind: 'cone', transform: BOX }).id).toBe(box.id + 1);
    editor.dispose();
  });
});
