// Links of versions 1–3 and of every character kind, as text written before
// scene links (old-link-fixtures.ts), still open as they did: each decodes
// to the state it was made from within the link's quantisation, the ones the
// writer still writes come out of it again byte for byte, and the default
// character's pose each holds is the pose a page opening it shows (its
// palette against one computed from the state's own angles).
import { beforeAll, describe, expect, it } from 'vitest';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { decodeBase64url } from '../../web/src/share/base64url.js';
import { ANGLE_STEP, type PoseLinkState, encodePoseLink } from '../../web/src/share/pose-link.js';
import { decodeShareLink } from '../../web/src/share/scene-link.js';
import { type LinkHost, applyLinkState } from '../../web/src/share/share-link.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';
import { GLTF, LESSON, LESSON_SETTINGS, type OldLink, VERSION_1, VERSION_2, VERSION_3 } from './old-link-fixtures.js';

const ALL: [string, OldLink, number][] = [['version 1', VERSION_1, 1], ['version 2', VERSION_2, 2], ['version 3', VERSION_3, 3], ['a lesson', LESSON, 2], ['a lesson with settings', LESSON_SETTINGS, 2], ['a glTF', GLTF, 2]];

function decoded(link: string): PoseLinkState {
  const result = decodeShareLink(link);
  if (!result.ok) throw new Error(result.error);
  if (result.link.kind !== 'pose') throw new Error('decoded as a scene link');
  return result.link.state;
}

const f32 = (v: readonly number[]): number[] => v.map(Math.fround);

describe('links written before scene links', () => {
  for (const [what, { link, state }, version] of ALL) {
    it(`${what} (version ${version}) decodes to the state it was made from`, () => {
      expect(decodeBase64url(link)![1]).toBe(version);
      const back = decoded(link);
      expect(back.character).toEqual(state.character);
      expect(back.solver).toBe(state.solver);
      expect(back.boneCount).toBe(state.boneCount);
      for (const [k, angle] of state.angles.entries()) expect(Math.abs(back.angles[k] - angle), `angle ${k}`).toBeLessThanOrEqual(ANGLE_STEP / 2 + 1e-12);
      expect(back.rootOffset).toEqual(f32(state.rootOffset));
      expect(back.camera).toEqual({ position: f32(state.camera.position), target: f32(state.camera.target) });
      expect(back.goals).toEqual(state.goals.map((g) => ({ ...g, target: f32(g.target), ...(g.orientation && { orientation: f32(g.orientation) }), ...(g.pole && { pole: f32(g.pole) }) })));
      expect([back.time, back.playing, back.clip?.name, back.clip?.channels.map((c) => [c.target, c.bone, c.keys.length])]).toEqual(
        [state.time, state.playing, state.clip?.name, state.clip?.channels.map((c) => [c.target, c.bone, c.keys.length])],
      );
    });
  }

  it('a one-character state is still written as versions 2 and 3, byte for byte as before', () => {
    for (const { link } of [VERSION_2, VERSION_3, LESSON, LESSON_SETTINGS, GLTF]) expect(encodePoseLink(decoded(link))).toBe(link);
  });

  describe('on the default character', () => {
    let module: KinModule;
    let bones: BoneDesc[];
    beforeAll(async () => {
      module = await loadKinModuleNode();
      bones = await defaultCharacterBones();
    });

    /** The palette of the default character posed with `state`'s own angles (the bones it does not know at rest). */
    function expectedPalette(state: PoseLinkState): Float32Array {
      const rig = Rig.create(module, bones);
      try {
        rig.setPose(Array.from({ length: 3 * bones.length }, (_, k) => state.angles[k] ?? 0), state.rootOffset);
        return Float32Array.from(rig.palette());
      } finally {
        rig.dispose();
      }
    }

    for (const [what, old] of [['version 1', VERSION_1], ['version 2', VERSION_2], ['version 3', VERSION_3]] as const) {
      it(`${what} poses it as the state says (palette within 1e-4)`, () => {
        const editor = defaultCharacterEditor(module, bones);
        const host: LinkHost = { editor, camera: () => old.state.camera, setCamera: () => {}, setTimeline: () => {} };
        try {
          const outcome = applyLinkState(host, decoded(old.link));
          expect(outcome.ok).toBe(true);
          const actual = editor.session.rig.palette();
          const expected = expectedPalette(old.state);
          let worst = 0;
          for (let k = 0; k < expected.length; k++) worst = Math.max(worst, Math.abs(actual[k] - expected[k]));
          expect(worst).toBeLessThan(1e-4);
          expect(editor.session.solverName).toBe(old.state.solver);
          expect(editor.session.goalBones).toEqual(old.state.goals.map((g) => g.bone));
        } finally {
          editor.dispose();
        }
      });
    }
  });
});
