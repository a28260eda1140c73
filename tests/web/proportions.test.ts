// Proportions on the default character, on the built module: every bone's
// length against its rest translation times the factor a table written here
// by bone names gives it; the lowest point of the skin kept on the floor;
// one undo step; IK, mirror, presets and the solve worker's rig on the
// scaled body; links that carry proportions round trip, and bad proportions
// are refused, changing nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_POSES } from '../../web/src/posing/built-in-poses.js';
import { type BindMesh, lowestSkinnedY } from '../../web/src/posing/drop-to-floor.js';
import { applyLibraryPose } from '../../web/src/posing/pose-library.js';
import { AS_BUILT, BODY_PRESETS, type Proportions } from '../../web/src/posing/proportions.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { SolveService } from '../../web/src/rig/solve-service.js';
import { captureCharacter, applyLinkState } from '../../web/src/share/share-link.js';
import { decodeBase64url, encodeBase64url } from '../../web/src/share/base64url.js';
import { decodePoseLink, encodePoseLink, type PoseLinkState } from '../../web/src/share/pose-link.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor, loadDefaultCharacter } from './default-character.js';

const SOME: Proportions = { height: 0.9, head: 1.2, shoulders: 1.3, arms: 1.15, legs: 0.85, torso: 1.1, hands: 0.8 };

/** The part of the body each of the default character's bones is sized by, by its name (null: the height alone). */
function partByName(name: string): keyof Proportions | null {
  if (/^(spine|chest|neck)$/.test(name)) return 'torso';
  if (/^(head|ponytail_\d)$/.test(name)) return 'head';
  if (/^clavicle_[lr]$/.test(name)) return 'shoulders';
  if (/^(upper_arm|forearm)_[lr]$/.test(name)) return 'arms';
  if (/^(hand|thumb|index|middle|ring|little)(_\d)?_[lr]$/.test(name)) return 'hands';
  if (/^(thigh|shin)_[lr]$/.test(name)) return 'legs';
  return null;
}

const origin = (model: ArrayLike<number>, b: number): number[] => [model[16 * b + 12], model[16 * b + 13], model[16 * b + 14]];
const distance = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const norm = (v: readonly number[] | undefined): number => (v === undefined ? 0 : Math.hypot(...v));

describe('Proportions', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  let mesh: BindMesh;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    bones = await defaultCharacterBones();
    const { geometry } = (await loadDefaultCharacter()).mesh;
    mesh = { positions: geometry.getAttribute('position').array, joints: geometry.getAttribute('skinIndex').array, weights: geometry.getAttribute('skinWeight').array, per: 4 };
  });

  it('makes every bone as long as its rest times its part’s factor and the height, bent or not', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    editor.setProportions(SOME, []);
    for (const bent of [false, true]) {
      if (bent) applyLibraryPose(editor, BUILT_IN_POSES.find((pose) => pose.name === 'Crouch')!);
      const model = rig.modelMatrices();
      const tips = rig.boneTips();
      rig.boneNames.forEach((name, b) => {
        const factor = (bone: number) => SOME.height * (partByName(rig.boneNames[bone]) === null ? 1 : SOME[partByName(rig.boneNames[bone])!]);
        const parent = rig.parents[b];
        if (parent >= 0) expect(distance(origin(model, b), origin(model, parent)), `${name} from its parent`).toBeCloseTo(factor(parent) * norm(bones[b].restT), 5);
        expect(distance(Array.from(tips.subarray(3 * b, 3 * b + 3)), origin(model, b)), `${name}'s tip`).toBeCloseTo(factor(b) * norm(bones[b].tip), 5);
      });
    }
    rig.dispose();
  });

  it('keeps the pose and the lowest point of the skin on the floor, in one undo step that puts everything back', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    const angles = Array.from(rig.pose());
    const palette = Array.from(rig.palette());
    const floor = lowestSkinnedY(rig.palette(), [mesh]);
    const depth = editor.undo.depths.undo;
    for (const preset of BODY_PRESETS) {
      editor.setProportions(preset.proportions, [mesh]);
      expect(Array.from(rig.pose())).toEqual(angles);
      expect(lowestSkinnedY(rig.palette(), [mesh])).toBeCloseTo(floor, 4);
    }
    expect(editor.session.proportions).toBe(BODY_PRESETS.at(-1)!.proportions);
    expect(editor.undo.depths.undo).toBe(depth + BODY_PRESETS.length - 1);
    while (editor.undo.depths.undo > depth) editor.undo.undo();
    expect(editor.session.proportions).toEqual(AS_BUILT);
    expect(Array.from(rig.palette())).toEqual(palette);
    rig.dispose();
  });

  it('keeps IK, the mirror and the presets working on the scaled body', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    editor.setProportions(BODY_PRESETS.find((p) => p.id === 'heroic')!.proportions, [mesh]);
    // A hand pulled 10 cm in and up: the solve gets there.
    const goal = editor.session.goalBones.indexOf(rig.boneIndex('hand_l'));
    const target = editor.session.target_ms(goal);
    const summary = editor.moveGoal(goal, target[0] - 0.1, target[1] + 0.1, target[2] + 0.05);
    expect(summary.error).toBeLessThan(1e-3);
    // Mirrored left to right, the right hand's tip is the left's across x = 0 (the body is symmetric).
    editor.mirror('left-to-right');
    const tips = rig.boneTips();
    const [l, r] = [rig.boneIndex('hand_l'), rig.boneIndex('hand_r')];
    expect(tips[3 * r]).toBeCloseTo(-tips[3 * l], 4);
    expect(tips[3 * r + 1]).toBeCloseTo(tips[3 * l + 1], 4);
    expect(tips[3 * r + 2]).toBeCloseTo(tips[3 * l + 2], 4);
    editor.reset();
    expect(editor.session.proportions.shoulders).toBe(1.25);
    rig.dispose();
  });

  it('gives the solve worker’s rig the same proportions: its solve is the page’s', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { session } = editor;
    session.placeProportions(SOME);
    const service = new SolveService(module);
    service.handle({ kind: 'setup', generation: 1, setup: session.solveSetup(true) });
    const goalValues = new Float64Array(10 * session.goalBones.length);
    const buffers = { angles: Float32Array.from(session.rig.pose()), rootOffset: Float64Array.from(session.rig.rootOffset), goalValues };
    session.fillSolveRequest(buffers);
    const hand = session.goalBones.indexOf(session.rig.boneIndex('hand_r'));
    goalValues[10 * hand] -= 0.15;
    const reply = service.handle({ kind: 'solve', generation: 1, id: 1, ...buffers });
    expect(reply?.message.kind).toBe('solved');
    const target = Array.from(goalValues.subarray(10 * hand, 10 * hand + 3));
    session.placeTargets(session.goalBones.map((_, g) => Array.from(goalValues.subarray(10 * g, 10 * g + 3)) as [number, number, number]));
    session.solve();
    const solved = (reply!.message as { angles: Float32Array }).angles;
    const page = session.rig.pose();
    for (let k = 0; k < page.length; k++) expect(solved[k]).toBeCloseTo(page[k], 5);
    expect(target[0]).toBeLessThan(0);
    session.rig.dispose();
  });

  it('travels in links: the character’s record round trips and applies', () => {
    const editor = defaultCharacterEditor(module, bones);
    editor.setProportions(SOME, [mesh]);
    const state: PoseLinkState = { ...captureCharacter(editor.active, null), camera: { position: [0, 1, 3], target: [0, 1, 0] } };
    const decoded = decodePoseLink(encodePoseLink(state));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.state.proportions).toEqual(SOME);
    const other = defaultCharacterEditor(module, bones);
    const outcome = applyLinkState({ editor: other, camera: () => state.camera, setCamera: () => {} }, decoded.state);
    expect(outcome.ok).toBe(true);
    expect(other.session.proportions).toEqual(SOME);
    const [a, b] = [editor.session.rig.palette(), other.session.rig.palette()];
    for (let k = 0; k < a.length; k++) expect(Math.abs(a[k] - b[k])).toBeLessThan(1e-4);
    // As built: no proportions in the record (its link reads as before proportions came).
    const plain = defaultCharacterEditor(module, bones);
    expect(captureCharacter(plain.active, null).proportions).toBeUndefined();
    plain.session.rig.dispose();
    editor.session.rig.dispose();
    other.session.rig.dispose();
  });

  it('refuses bad proportions naming the part, and tampered links naming the problem', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    const palette = Array.from(rig.palette());
    const depth = editor.undo.depths.undo;
    expect(() => editor.setProportions({ ...AS_BUILT, height: NaN }, [mesh])).toThrow("proportion 'height' is NaN");
    expect(() => editor.setProportions({ ...AS_BUILT, arms: 9 }, [mesh])).toThrow("proportion 'arms' is 9");
    expect(() => editor.setProportions({ ...AS_BUILT, ...JSON.parse('{"__proto__": 2}') } as Proportions, [mesh])).toThrow("unknown part '__proto__'");
    expect(editor.undo.depths.undo).toBe(depth);
    expect(Array.from(rig.palette())).toEqual(palette);

    const state: PoseLinkState = { ...captureCharacter(editor.active, null), proportions: { ...AS_BUILT, legs: 1.2 }, camera: { position: [0, 1, 3], target: [0, 1, 0] } };
    expect(() => encodePoseLink({ ...state, proportions: { ...AS_BUILT, legs: Infinity } })).toThrow("proportion 'legs' is Infinity");
    // The link's last bytes: the mask, legs' f64, then the camera's 6 f32.
    const bytes = decodeBase64url(encodePoseLink(state))!;
    const at = bytes.length - 24 - 8;
    expect(bytes[at - 1]).toBe(1 << 4);
    const nan = bytes.slice();
    new DataView(nan.buffer).setFloat64(at, NaN, true);
    expect(decodePoseLink(encodeBase64url(nan))).toEqual({ ok: false, error: "proportion 'legs' is NaN, not a number within [0.7, 1.4]" });
    const empty = bytes.slice();
    empty[at - 1] = 0;
    expect(decodePoseLink(encodeBase64url(empty))).toEqual({ ok: false, error: 'proportions mask 0 names no known part or an unknown one' });
    rig.dispose();
  });
});
