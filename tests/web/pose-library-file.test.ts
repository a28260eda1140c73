// The user's pose library, kept in a store (in memory here; the page's is
// IndexedDB, tested in Chromium): save, rename, delete, reload from the store;
// export then import into an empty library gives the same poses; a library
// file that is broken, too large, of another format, or holds '__proto__',
// NaN, a bone the character lacks, a bad category or a duplicate id is
// refused naming the entry and the field, the library untouched; entries
// the store hands back that do not check out are left out and said.
import { beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_BONES } from '../../web/src/posing/pose-library.js';
import { MAX_LIBRARY_BYTES } from '../../web/src/posing/pose-library-file.js';
import { MemoryPoseStore, PoseLibrary } from '../../web/src/posing/user-poses.js';
import { BUILT_IN_POSES } from '../../web/src/posing/built-in-poses.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

const file = (poses: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ format: 'kin-pose-library', version: 1, poses, ...extra });
const entry = (patch: Record<string, unknown> = {}) => ({ id: 'user:a1', name: 'Mine', category: 'standing', angles: { spine: [0.1, 0, 0] }, rootOffset: [0, 0, 0], ...patch });

describe('the user’s pose library', () => {
  let module: KinModule;
  let rig: Rig;
  beforeAll(async () => {
    module = await loadKinModuleNode();
    rig = Rig.create(module, await defaultCharacterBones());
  });

  it('saves, renames and deletes poses, and reads them back from its store', async () => {
    const store = new MemoryPoseStore();
    const library = new PoseLibrary(store, LIBRARY_BONES);
    await library.load();
    expect(library.poses()).toHaveLength(BUILT_IN_POSES.length);
    rig.setAngles(rig.boneIndex('spine'), 0.2, 0, 0);
    const first = await library.save(rig, '  Lean ', 'standing');
    rig.setAngles(rig.boneIndex('head'), 0, 0.3, 0);
    const second = await library.save(rig, 'Look left', 'standing');
    expect(first.name).toBe('Lean');
    expect(first.angles.spine[0]).toBeCloseTo(0.2, 6);
    await library.rename(first.id, 'Lean forward');
    const again = new PoseLibrary(store, LIBRARY_BONES);
    await again.load();
    expect(again.poses().filter((p) => !p.builtIn).map((p) => p.name)).toEqual(['Lean forward', 'Look left']);
    expect(again.find(second.id).angles.head[1]).toBeCloseTo(0.3, 6);
    await again.remove(first.id);
    await expect(again.remove('builtin:punch')).rejects.toThrow('kin: no pose "builtin:punch" of yours in the library (the built-in poses cannot be changed)');
    expect(again.poses().filter((p) => !p.builtIn).map((p) => p.name)).toEqual(['Look left']);
    await expect(again.save(rig, ' ', 'standing')).rejects.toThrow('a pose needs a name');
    await expect(again.save(rig, 'x', 'floating' as never)).rejects.toThrow('the category "floating" is not one of');
  });

  it('exports its poses and imports them into an empty library, the same poses', async () => {
    const library = new PoseLibrary(new MemoryPoseStore(), LIBRARY_BONES);
    await library.load();
    rig.setAngles(rig.boneIndex('thigh_l'), -0.5, 0, 0);
    await library.save(rig, 'Step', 'walking and running');
    await library.save(rig, 'Step again', 'walking and running');
    const text = library.exportText();
    const other = new PoseLibrary(new MemoryPoseStore(), LIBRARY_BONES);
    await other.load();
    expect(await other.importText(text)).toBe(2);
    expect(other.poses().filter((p) => !p.builtIn)).toEqual(library.poses().filter((p) => !p.builtIn));
  });

  const refusals: [string, string, RegExp][] = [
    ['not JSON', '{"format": ', /^the file is not JSON/],
    ['too large', ' '.repeat(MAX_LIBRARY_BYTES + 1), /more than the 4194304 a pose library may have$/],
    ['another format', JSON.stringify({ format: 'other', version: 1, poses: [] }), /is not a pose library/],
    ['another version', file([], { version: 2 }), /version 2; this page reads version 1$/],
    ['a __proto__ entry key', `{"format":"kin-pose-library","version":1,"poses":[{"__proto__":{"x":1},"id":"user:a","name":"P","category":"standing","angles":{},"rootOffset":[0,0,0]}]}`, /^pose 0 \('P'\): has a '__proto__' key$/],
    ['a __proto__ bone', `{"format":"kin-pose-library","version":1,"poses":[{"id":"user:a","name":"P","category":"standing","angles":{"__proto__":[0,0,0]},"rootOffset":[0,0,0]}]}`, /^pose 0 \('P'\): angles: no bone named "__proto__" on the character$/],
    ['a NaN angle (as null)', file([entry({ angles: { spine: [0, null, 0] } })]), /^pose 0 \('Mine'\): angles.spine\[1\] is null, not a finite number$/],
    ['an unknown bone', file([entry({ angles: { tail_1: [0, 0, 0] } })]), /^pose 0 \('Mine'\): angles: no bone named "tail_1" on the character$/],
    ['a bad category', file([entry({ category: 'flying' })]), /^pose 0 \('Mine'\): the category "flying" is not one of/],
    ['an offset far off', file([entry({ rootOffset: [0, 1e6, 0] })]), /^pose 0 \('Mine'\): rootOffset\[1\] = 1000000 is beyond ±100$/],
    ['a bad id', file([entry({ id: 'builtin:punch' })]), /^pose 0 \('Mine'\): id "builtin:punch" is not 'user:'/],
    ['a duplicate id', file([entry(), entry({ name: 'Twin' })]), /^pose 1 \('Twin'\): its id user:a1 is another pose's too$/],
    ['a later broken entry', file([entry(), entry({ id: 'user:b', name: 'Bad', angles: { spine: 'up' } })]), /^pose 1 \('Bad'\): angles.spine must be 3 numbers$/],
  ];
  for (const [what, text, message] of refusals) {
    it(`refuses a file with ${what}, naming it, the library untouched`, async () => {
      const library = new PoseLibrary(new MemoryPoseStore(), LIBRARY_BONES);
      await library.load();
      await library.save(rig, 'Kept', 'standing');
      const before = library.exportText();
      await expect(library.importText(text)).rejects.toThrow(message);
      expect(library.exportText()).toBe(before);
      // Nothing of the file's reached the prototype of anything.
      expect(({} as Record<string, unknown>).x).toBe(undefined);
    });
  }

  it("leaves out a store's entries that do not check out, and says which", async () => {
    const store = new MemoryPoseStore();
    await store.put({ id: 'user:ok', name: 'Fine', category: 'standing', builtIn: false, angles: { spine: [0.1, 0, 0] }, rootOffset_ms: [0, 0, 0] });
    await store.put({ id: 'user:bad', name: 'Broken', category: 'standing', builtIn: false, angles: { spine: [Number.NaN, 0, 0] }, rootOffset_ms: [0, 0, 0] });
    const library = new PoseLibrary(store, LIBRARY_BONES);
    await library.load();
    expect(library.poses().filter((p) => !p.builtIn).map((p) => p.name)).toEqual(['Fine']);
    expect(library.loadProblem).toMatch(/^Left out of your pose library: pose \d \('Broken'\): angles.spine\[0\] is NaN, not a finite number$/);
  });
});

describe('library files, mutated', () => {
  it('3,000 mutations of a valid file: a library of checked poses or an Error naming the problem (seed 31)', async () => {
    const { seededRandom } = await import('./seeded-random.js');
    const { parseLibraryFile } = await import('../../web/src/posing/pose-library-file.js');
    const random = seededRandom(31);
    const valid = file([entry(), entry({ id: 'user:b2', name: 'Other', angles: { hand_l: [0, 0.5, -0.2], index_2_r: [0, 0, 1] }, rootOffset: [0.1, -0.2, 0] })]);
    const pieces = ['"__proto__"', 'NaN', '1e309', '-', '"', '{', '}', '[', ']', ',', ':', 'null', '"spine"', '"tail"', '0', '"user:x"', '"lying"'];
    let refused = 0;
    for (let trial = 0; trial < 3000; trial++) {
      let text = valid;
      for (let edit = 0; edit < 1 + Math.floor(random() * 4); edit++) {
        const at = Math.floor(random() * text.length);
        const cut = Math.floor(random() * 6);
        text = text.slice(0, at) + (random() < 0.7 ? pieces[Math.floor(random() * pieces.length)] : '') + text.slice(at + cut);
      }
      try {
        for (const pose of parseLibraryFile(text, LIBRARY_BONES)) {
          for (const [bone, angles] of Object.entries(pose.angles)) {
            expect(LIBRARY_BONES).toContain(bone);
            for (const value of angles) expect(Number.isFinite(value)).toBe(true);
          }
          for (const value of pose.rootOffset_ms) expect(Number.isFinite(value)).toBe(true);
        }
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message.length).toBeGreaterThan(10);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(1000);
    expect(({} as Record<string, unknown>).x).toBe(undefined);
  });
});
