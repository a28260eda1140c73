// The shapes the core parses (a goal, a spring chain, a flat clip), declared
// once in kin/shape_fields.h: the generated TypeScript tables are the live
// module's, the generated types have exactly the tables' keys, and the
// module's parsers read by the same tables (each field of a valid object,
// given a value of the wrong kind, is refused by its key; each required one
// left out, too). A field renamed in C++ fails here until the build has
// regenerated shapes.ts, and then tsc fails wherever TypeScript still uses
// the old name (flattenClip's object, goals, spring chains).
import { beforeAll, describe, expect, it } from 'vitest';
import { flattenRigDesc } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { type FlatClipShape, type GoalShape, SHAPES, type SpringChainShape } from '../../web/src/wasm/generated/shapes.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';

// Type-level: each generated interface has exactly its tables' keys (tsc refuses `true` otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Shapes = typeof SHAPES;
const goalKeys: Same<keyof GoalShape, keyof Shapes['goal']> = true;
const chainKeys: Same<keyof SpringChainShape, keyof Shapes['springChain']> = true;
const clipKeys: Same<keyof FlatClipShape, keyof (Shapes['clip'] & Shapes['clipChannel'] & Shapes['clipKey'])> = true;

/** A value of the wrong kind for each field kind. */
const WRONG: Record<string, unknown> = {
  integer: 0.5, number: 'one', boolean: 1, string: 5, vec3: [1, 2], quat: [0, 0, 1], indices: 7, numbers: 7,
  vec2: [1], mat4: [1, 0, 0],
};

type Json = Record<string, unknown>;

/** Every field of `shape` in turn, with a wrong value and left out: `accepts` says what the parser did. */
function expectReadByTable(shape: Record<string, { kind: string; optional: boolean }>, valid: Json, parse: (value: Json) => string | null): void {
  expect(parse(valid), 'the valid object').toBeNull();
  for (const [key, field] of Object.entries(shape)) {
    expect(field.kind in WRONG, `${key}'s kind ${field.kind}`).toBe(true);
    expect(parse({ ...valid, [key]: WRONG[field.kind] }), `${key} = ${JSON.stringify(WRONG[field.kind])}`).toMatch(new RegExp(`\\b${key} must be`));
    const { [key]: _left, ...without } = valid;
    if (field.optional) expect(parse(without), `without ${key}`).toBeNull();
    else expect(parse(without), `without ${key}`).toMatch(new RegExp(`\\b${key} must be`));
  }
}

describe('the shapes the core parses', () => {
  let module: KinModule;
  beforeAll(async () => {
    module = await loadKinModuleNode();
  });

  it('are generated from the live module', () => {
    expect([goalKeys, chainKeys, clipKeys]).toEqual([true, true, true]);
    expect(module.contract().shapes).toEqual(JSON.parse(JSON.stringify(SHAPES)));
    expect(Object.keys(SHAPES.goal)).toEqual(['bone', 'target', 'point', 'weight', 'orientation', 'orientationWeight', 'pole', 'poleWeight', 'poleBone', 'viewProjection', 'imageSize', 'targetPx']);
  });

  describe('are read by their tables', () => {
    const arm = flattenRigDesc([
      { name: 'shoulder', parent: -1, tip: [0, 1, 0] },
      { name: 'elbow', parent: 0, restT: [0, 1, 0], tip: [0, 1, 0] },
      { name: 'wrist', parent: 1, restT: [0, 1, 0], tip: [0, 0.5, 0] },
    ]);

    it('a goal', () => {
      const rig = new module.Rig();
      expect(rig.load(arm)).toBe(0);
      const goal = {
        bone: 1, target: [0.5, 1.5, 0], point: [0, 1, 0], weight: 2, orientation: [0, 0, 0, 1], orientationWeight: 0.5,
        pole: [0, 1, 1], poleWeight: 0.5, poleBone: 1,
      };
      expectReadByTable(SHAPES.goal, goal, (g) => (rig.setGoals([g as unknown as GoalShape]) === 0 ? null : rig.errorMessage()));
      rig.delete();
    });

    it('a spring chain', () => {
      const rig = new module.Rig();
      expect(rig.load(arm)).toBe(0);
      const springs = new module.RigSprings(rig.address());
      const chain = {
        name: 'arm', bones: [1, 2], frequencyHz: 3, dampingRatio: 0.4, gravity: 2, inertia: 1, swingMax: 1, boneSwingMax: [0.5, 0.6], enabled: true,
      };
      expectReadByTable(SHAPES.springChain, chain, (c) =>
        springs.setSpringChains([c as unknown as SpringChainShape]) === 0 ? null : springs.errorMessage(),
      );
      springs.delete();
      rig.delete();
    });

    it('a flat clip, its channel arrays and its key arrays', () => {
      const rig = new module.Rig();
      expect(rig.load(arm)).toBe(0);
      const sampler = new module.ClipSampler(rig.address());
      const angle = module.contract().channelTargets.indexOf('angle');
      const clip = {
        duration: 1, values: [0, 1], inTangents: [0, 0], outTangents: [0, 0],
        targets: [angle], bones: [1], slots: [0], keyCounts: [2],
        times: [0, 1], interpolations: [1, 1], tension: [0, 0], continuity: [0, 0], bias: [0, 0],
      };
      const shape = { ...SHAPES.clip, ...SHAPES.clipChannel, ...SHAPES.clipKey };
      expectReadByTable(shape, clip, (c) => (sampler.setClip(c as unknown as FlatClipShape) === 0 ? null : sampler.errorMessage()));
      sampler.delete();
      rig.delete();
    });
  });
});
