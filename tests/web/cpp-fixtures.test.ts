// The C++ tests' copy of the default character (DefaultCharacter in
// tests/cpp/test_rigs.h) is the rig the page and the bench read from
// assets/character.glb: the C++ FABRIK tests run the bench's humanoid
// workloads on it. Each row of its table is read from the header and
// compared with the asset's bone, to float precision. Both leave out the
// ponytail and the fingers the asset has after the body (a spring chain, and
// bones no bench workload poses).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import { bodyBones, defaultCharacterBones } from './default-character.js';

interface Row {
  name: string;
  parent: string | null;
  restT: number[];
  tip: number[];
  min: number[];
  max: number[];
  stiffness: number;
  /** The swing cone's half-angle; π (none) where the row leaves it out. */
  swingMax: number;
  /** How far IK turns each slot from the pose given; infinite (the limits alone) where the row leaves it out. */
  ikRange: number[];
}

/** The rows of DefaultCharacter()'s table: {"name", "parent" or nullptr, {t}, {tip}, {lo}, {hi}, stiffness[, swing_max[, {ik_range}]]}. */
function fixtureRows(): Row[] {
  const header = readFileSync(new URL('../cpp/test_rigs.h', import.meta.url), 'utf8');
  const body = header.slice(header.indexOf('DefaultCharacter()'));
  const vec = String.raw`\{([^{}]*)\}`;
  const row = new RegExp(String.raw`\{"(\w+)", (nullptr|"\w+"), ${vec}, ${vec}, ${vec}, ${vec}, ([\d.]+)(?:, ([\d.]+)f)?(?:, ${vec})?\},`, 'g');
  const numbers = (text: string) => text.split(',').map((v) => Number.parseFloat(v.trim().replace(/f$/, '')));
  return [...body.matchAll(row)].map((m) => ({
    name: m[1],
    parent: m[2] === 'nullptr' ? null : m[2].slice(1, -1),
    restT: numbers(m[3]),
    tip: numbers(m[4]),
    min: numbers(m[5]),
    max: numbers(m[6]),
    stiffness: Number(m[7]),
    swingMax: m[8] === undefined ? Math.PI : Number(m[8]),
    ikRange: m[9] === undefined ? [Infinity, Infinity, Infinity] : numbers(m[9]),
  }));
}

describe('tests/cpp/test_rigs.h DefaultCharacter()', () => {
  let bones: BoneDesc[];
  beforeAll(async () => {
    bones = await defaultCharacterBones();
  });

  it('has a row for every bone of the asset\'s body, in its order, with its numbers', () => {
    const rows = fixtureRows();
    const after = bones.slice(rows.length).map((b) => b.name);
    expect(after.slice(0, 3)).toEqual(['ponytail_1', 'ponytail_2', 'ponytail_3']);
    expect(after.slice(3)).toHaveLength(30);
    for (const name of after.slice(3)) expect(name).toMatch(/^(thumb|index|middle|ring|little)_[123]_[lr]$/);
    const body = bodyBones(bones);
    expect(rows.map((r) => r.name)).toEqual(body.map((b) => b.name));
    rows.forEach((row, i) => {
      const bone = body[i];
      expect(row.parent, bone.name).toBe(bone.parent < 0 ? null : body[bone.parent].name);
      const same = (fixture: number[], asset: readonly number[] | undefined, what: string) =>
        fixture.forEach((v, k) => expect(Math.fround(v), `${bone.name} ${what}[${k}]`).toBe(Math.fround(asset![k])));
      same(row.restT, bone.restT, 'restT');
      same(row.tip, bone.tip, 'tip');
      same(row.min, bone.min, 'min');
      same(row.max, bone.max, 'max');
      expect(row.stiffness, `${bone.name} stiffness`).toBe(bone.stiffness);
      expect(Math.fround(row.swingMax), `${bone.name} swingMax`).toBe(Math.fround(bone.swingMax ?? Math.PI));
      expect(bone.twistMin ?? -Math.PI, `${bone.name} twistMin`).toBe(-Math.PI);
      expect(bone.twistMax ?? Math.PI, `${bone.name} twistMax`).toBe(Math.PI);
      same(row.ikRange, bone.ikRange ?? [Infinity, Infinity, Infinity], 'ikRange');
    });
  });

  it("leaves out nothing the asset's body sets: no rest rotation, unit scale, identity frames, order XYZ, a cone on the hips alone", () => {
    for (const bone of bodyBones(bones)) {
      expect(bone.restQ ?? [0, 0, 0, 1], bone.name).toEqual([0, 0, 0, 1]);
      expect(bone.restS ?? [1, 1, 1], bone.name).toEqual([1, 1, 1]);
      expect(bone.frame ?? [0, 0, 0, 1], bone.name).toEqual([0, 0, 0, 1]);
      expect(bone.order ?? 'XYZ', bone.name).toBe('XYZ');
      if (bone.name !== 'hips') expect(bone.swingMax, bone.name).toBeUndefined();
    }
  });
});
