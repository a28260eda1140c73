// Two default characters facing each other for the contact tests, on the
// real module through the page's pose editor, and what the tests measure
// with three.js's own matrices (an independent reference for the contacts'
// point arithmetic in scene/contacts.ts): a bone point and a goal's tip in
// world space.
import * as THREE from 'three';
import { afterAll, beforeAll } from 'vitest';
import { PoseEditor } from '../../web/src/posing/pose-editor.js';
import { DEFAULT_CHARACTER_PRESETS } from '../../web/src/posing/pose-presets.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { SceneContacts } from '../../web/src/posing/scene-contacts.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { CharacterTransform } from '../../web/src/scene/character-transform.js';
import type { SceneCharacter } from '../../web/src/scene/scene.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

export interface TwoCharacters {
  editor: PoseEditor;
  contacts: SceneContacts;
  a: SceneCharacter;
  b: SceneCharacter;
}

/** A at the origin facing +Z, B `distance` m in front of it facing A (heading π). */
export function facingPair(module: KinModule, bones: readonly BoneDesc[], distance: number, bTransform?: CharacterTransform): TwoCharacters {
  const editor = defaultCharacterEditor(module, bones);
  const contacts = new SceneContacts(editor);
  const rig = Rig.create(module, bones);
  applyStartPose(rig);
  const b = editor.addCharacter(new PosingSession(rig), { source: { kind: 'default' }, presets: DEFAULT_CHARACTER_PRESETS }, bTransform ?? { x: 0, z: distance, heading: Math.PI });
  return { editor, contacts, a: editor.scene.characters[0], b };
}

/** The character's model-to-world matrix, built by three.js from its transform (a rotation about +Y, then the floor position). */
export function placement(character: SceneCharacter): THREE.Matrix4 {
  const { x, z, heading } = character.transform;
  return new THREE.Matrix4().makeRotationY(heading).setPosition(x, 0, z);
}

/** Bone `bone`'s point `point_bs` of `character` in world space, by three.js. */
export function bonePoint_ws(character: SceneCharacter, bone: string, point_bs: readonly number[]): THREE.Vector3 {
  const { rig } = character.session;
  const m = new THREE.Matrix4().fromArray(rig.modelMatrices(), 16 * rig.boneIndex(bone));
  return new THREE.Vector3(point_bs[0], point_bs[1], point_bs[2]).applyMatrix4(m).applyMatrix4(placement(character));
}

/** The tip of bone `bone` of `character` in world space (the hands' goals pull their tips), by three.js. */
export function tip_ws(character: SceneCharacter, bone: string): THREE.Vector3 {
  const { rig } = character.session;
  const i = rig.boneIndex(bone);
  const tips = rig.boneTips();
  return new THREE.Vector3(tips[3 * i], tips[3 * i + 1], tips[3 * i + 2]).applyMatrix4(placement(character));
}

/** A world point in `character`'s model space, by three.js. */
export function toModel_ms(character: SceneCharacter, p_ws: THREE.Vector3): [number, number, number] {
  const p = p_ws.clone().applyMatrix4(placement(character).invert());
  return [p.x, p.y, p.z];
}

/** A handle drag of `goal` of the active character to `to_ms` over `moves` moves, as one gesture through the editor's drag path. */
export function dragTo(editor: PoseEditor, goal: string, to_ms: readonly number[], moves = 8): void {
  const g = editor.session.goalIndex(goal);
  const start = editor.session.target_ms(g);
  editor.beginGesture();
  for (let i = 1; i <= moves; i++) {
    const f = i / moves;
    editor.handleMoved(g, { x: start[0] + f * (to_ms[0] - start[0]), y: start[1] + f * (to_ms[1] - start[1]), z: start[2] + f * (to_ms[2] - start[2]) });
  }
  editor.endGesture();
}

/** Whether every angle of `character` is within its bone's limits (float slack). */
export function withinLimits(character: SceneCharacter): boolean {
  const { rig } = character.session;
  const pose = rig.pose();
  for (let bone = 0; bone < rig.boneCount; bone++) {
    const { min, max } = rig.limits(bone);
    for (let k = 0; k < 3; k++) if (pose[3 * bone + k] < min[k] - 1e-6 || pose[3 * bone + k] > max[k] + 1e-6) return false;
  }
  return true;
}

/** Where a clasped pair's right hands meet, world space: between the two, at chest height. */
const MEET_WS = new THREE.Vector3(-0.02, 1.15, 0.27);

/**
 * Two characters 55 cm apart with both right hands dragged to meet between
 * them, then held on each other (a clasp: each contact's point where the
 * other's hand is); returns the contacts' ids. `met` sees the hands before
 * the contacts are added.
 */
export function claspedPair(module: KinModule, bones: readonly BoneDesc[], met: (pair: TwoCharacters) => void = () => {}): TwoCharacters & { ids: number[] } {
  const pair = facingPair(module, bones, 0.55);
  const { editor, contacts, a, b } = pair;
  editor.setActiveCharacter(a.id);
  dragTo(editor, 'hand_r', toModel_ms(a, MEET_WS));
  editor.setActiveCharacter(b.id);
  dragTo(editor, 'hand_r', toModel_ms(b, MEET_WS));
  met(pair);
  const ids = [
    contacts.add({ from: { character: a.id, bone: 'hand_r' }, to: { character: b.id, bone: 'hand_r' } }).id,
    contacts.add({ from: { character: b.id, bone: 'hand_r' }, to: { character: a.id, bone: 'hand_r' } }).id,
  ];
  return { ...pair, ids };
}

/**
 * Pairs for a test file: the module and the default character's bones
 * loaded before its tests, every pair made freed after them.
 */
export function pairMaker(): { facing(distance: number, bTransform?: CharacterTransform): TwoCharacters; clasped(met?: (pair: TwoCharacters) => void): TwoCharacters & { ids: number[] } } {
  let module: KinModule;
  let bones: BoneDesc[];
  const made: TwoCharacters[] = [];
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
  });
  afterAll(() => {
    for (const pair of made) pair.editor.dispose();
  });
  const kept = <T extends TwoCharacters>(pair: T): T => {
    made.push(pair);
    return pair;
  };
  return {
    facing: (distance, bTransform) => kept(facingPair(module, bones, distance, bTransform)),
    clasped: (met) => kept(claspedPair(module, bones, met)),
  };
}
