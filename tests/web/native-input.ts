// Rigs and clips as the native tools read them on stdin
// (tests/cpp/reference/text_input.h): for the reference programs the parity
// tests compare the module with, and the native side of the benchmarks.
// Every number is rounded to float first, as the module's bindings round
// what they are given: the decimal text then reads back as that very float,
// so both builds start from the same bits.
import type { ClipData } from '../../web/src/rig/clip-data.js';
import { builtContract } from '../../web/src/rig/contract.js';
import { type BoneDesc, EULER_ORDERS } from '../../web/src/rig/rig-desc.js';

function line(numbers: readonly number[]): string {
  return numbers.map((v) => Math.fround(v)).join(' ');
}

/** n, then a line per bone (ReadBones). */
export function rigLines(bones: readonly BoneDesc[]): string[] {
  const lines = [String(bones.length)];
  for (const b of bones) {
    lines.push(
      line([
        b.parent, EULER_ORDERS.indexOf(b.order ?? 'XYZ'), ...(b.restT ?? [0, 0, 0]), ...(b.restQ ?? [0, 0, 0, 1]),
        ...(b.restS ?? [1, 1, 1]), ...(b.frame ?? [0, 0, 0, 1]), ...(b.min ?? [-Math.PI, -Math.PI, -Math.PI]),
        ...(b.max ?? [Math.PI, Math.PI, Math.PI]), ...(b.tip ?? [0, 0, 0]), b.stiffness ?? 1,
      ]),
    );
  }
  return lines;
}

/** The bones' names, one line (ReadBoneNames); a name with white space would split, so it throws. */
export function nameLine(bones: readonly BoneDesc[]): string {
  for (const b of bones) if (!/^\S+$/.test(b.name)) throw new Error(`native input: bone name '${b.name}' is empty or has white space`);
  return bones.map((b) => b.name).join(' ');
}

/** The clip (ReadClip): duration and channel count, then per channel its codes and its keys. Tangents are not carried. */
export function clipLines(clip: ClipData): string[] {
  const { channelTargets, interpolations } = builtContract;
  const lines = [`${Math.fround(clip.duration)} ${clip.channels.length}`];
  for (const c of clip.channels) {
    lines.push(`${channelTargets.indexOf(c.target)} ${c.bone} ${c.slot} ${c.keys.length}`);
    for (const k of c.keys) {
      if (k.inTangent !== undefined || k.outTangent !== undefined) throw new Error('native input: clips with tangents are not carried');
      lines.push(line([k.time, interpolations.indexOf(k.interpolation), k.tension ?? 0, k.continuity ?? 0, k.bias ?? 0, ...k.value]));
    }
  }
  return lines;
}
