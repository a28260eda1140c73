// The skeleton parameters the spaces-and-axes lessons offer per bone, for
// each seed convention: which sliders a bone has, and the description with
// one slider's value changed. A root also has its position (the
// axes-from-bone base; the canonical rest translation).
import { CANONICAL_BONES, aboutZ, canonicalLesson } from '../../lessons/canonical-lesson.js';
import type { Lesson } from '../../lessons/lesson.js';
import { SPACES_BONES, spacesLesson } from '../../lessons/spaces-lesson.js';
import type { AxesFromBoneDesc, CanonicalBoneDesc } from '../../rig/convention-rigs.js';
import type { SliderSpec } from '../../ui/frames-panel.js';
import type { KinModule } from '../../wasm/generated/kin.js';

export interface ConventionSliders {
  /** The heading over a bone's parameters. */
  heading: string;
  sliders(bone: number): SliderSpec[];
  /** The lesson rebuilt with `key` of `bone` set to `value`. */
  changed(bone: number, key: string, value: number): ConventionSliders;
  build(module: KinModule): Lesson;
}

const AXES = ['x', 'y', 'z'] as const;
const REACH = 0.8;

function position(prefix: string, label: string, values: readonly number[]): SliderSpec[] {
  return AXES.map((axis, k) => ({ key: `${prefix}-${k}`, label: `${label} ${axis}`, min: -REACH, max: REACH + (k === 1 ? 0.6 : 0), value: values[k], unit: 'm' as const }));
}

function withComponent(values: readonly number[] | undefined, k: number, value: number): [number, number, number] {
  const out: [number, number, number] = [values?.[0] ?? 0, values?.[1] ?? 0, values?.[2] ?? 0];
  out[k] = value;
  return out;
}

export function axesFromBoneSliders(bones: readonly AxesFromBoneDesc[] = SPACES_BONES): ConventionSliders {
  return {
    heading: 'Bone: extent (from its parent’s tip) and roll',
    sliders: (bone) => {
      const b = bones[bone];
      return [
        ...position('extent', 'extent', b.extent),
        { key: 'roll', label: 'roll', min: -Math.PI, max: Math.PI, value: b.roll, unit: 'rad' },
        ...(b.parent < 0 ? position('base', 'base', b.base ?? [0, 0, 0]) : []),
      ];
    },
    changed: (bone, key, value) => {
      const next = bones.map((b) => ({ ...b }));
      const [name, component] = key.split('-');
      if (name === 'roll') next[bone].roll = value;
      else if (name === 'extent') next[bone].extent = withComponent(next[bone].extent, Number(component), value);
      else if (name === 'base') next[bone].base = withComponent(next[bone].base, Number(component), value);
      return axesFromBoneSliders(next);
    },
    build: (module) => spacesLesson(module, bones),
  };
}

/** The rest rotation a canonical bone's slider sets: an angle about its parent's z (the lesson's bones lie in the xy plane). */
function restAngle(q: readonly number[]): number {
  return 2 * Math.atan2(q[2], q[3]);
}

export function canonicalSliders(bones: readonly CanonicalBoneDesc[] = CANONICAL_BONES): ConventionSliders {
  return {
    heading: 'Bone: length and rest rotation (about the parent’s z)',
    sliders: (bone) => {
      const b = bones[bone];
      return [
        { key: 'length', label: 'length', min: 0.05, max: 0.8, value: b.length, unit: 'm' },
        { key: 'rest', label: 'rest angle', min: -Math.PI, max: Math.PI, value: restAngle(b.restQ), unit: 'rad' },
        ...(b.parent < 0 ? position('restT', 'rest t', b.restT) : []),
      ];
    },
    changed: (bone, key, value) => {
      const next = bones.map((b) => ({ ...b }));
      const [name, component] = key.split('-');
      if (name === 'length') {
        next[bone].length = value;
        // Children start at the bone's tip: along its +X, at its length.
        next.forEach((child, k) => (child.parent === bone ? (next[k] = { ...child, restT: [value, 0, 0] }) : undefined));
      } else if (name === 'rest') next[bone].restQ = aboutZ(value);
      else if (name === 'restT') next[bone].restT = withComponent(next[bone].restT, Number(component), value);
      return canonicalSliders(next);
    },
    build: (module) => canonicalLesson(module, bones),
  };
}
