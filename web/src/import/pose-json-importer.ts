// A pose JSON file, as "Export pose JSON" writes it (export/pose-export.ts:
// {format: 'kin-pose', version: 1, character, rootOffset, bones: [{name,
// order, angles}]}), read back as a pose by bone name for the character on
// screen. Every field is checked; an error names the first bad one.
import { EULER_ORDERS } from '../rig/rig-desc.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { NamedPose } from '../posing/named-pose.js';
import { builtContract } from '../rig/contract.js';
import { plural } from '../text/plural.js';
import { shownName, utf8Length } from '../text/shown-name.js';
import type { ImportFiles, ImportResult, Importer } from './importer.js';
import type { ModelBytes } from './model-input.js';

/** Larger files are not pose JSON (a 4096-bone pose is under 1 MB). */
const MAX_BYTES = 4 << 20;
const MAX_BONES = builtContract.maxBones;
/** A bone name no rig can have (the core's bound) is a broken or hostile file, not a pose. */
const MAX_NAME_BYTES = builtContract.maxBoneNameBytes;

function vec3(value: unknown, what: string): Vec3Tuple {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) throw new Error(`${what} must be 3 finite numbers`);
  return [value[0], value[1], value[2]];
}

/** The pose in a parsed pose JSON document; throws naming the first bad field. */
export function readPoseJson(json: unknown): NamedPose {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('it is not a JSON object');
  const doc = json as Record<string, unknown>;
  if (doc.format !== 'kin-pose') throw new Error(`its format is ${JSON.stringify(doc.format)}, not "kin-pose"`);
  if (doc.version !== 1) throw new Error(`its version is ${JSON.stringify(doc.version)}; this page reads version 1`);
  const rootOffset_ms = vec3(doc.rootOffset, 'rootOffset');
  if (!Array.isArray(doc.bones)) throw new Error('bones must be an array');
  if (doc.bones.length > MAX_BONES) throw new Error(`it has ${doc.bones.length} bones, more than the ${MAX_BONES} a rig can have`);
  const seen = new Set<string>();
  const bones = doc.bones.map((entry: unknown, k: number) => {
    if (typeof entry !== 'object' || entry === null) throw new Error(`bones[${k}] is not an object`);
    const { name, order, angles } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') throw new Error(`bones[${k}].name must be a non-empty string`);
    const bytes = utf8Length(name);
    if (bytes > MAX_NAME_BYTES) throw new Error(`bones[${k}].name '${shownName(name)}' is ${bytes} bytes long, more than the ${MAX_NAME_BYTES} a bone name may have`);
    if (seen.has(name)) throw new Error(`bones[${k}]: bone '${name}' appears twice`);
    seen.add(name);
    if (!(EULER_ORDERS as readonly unknown[]).includes(order)) throw new Error(`bones[${k}] ('${name}'): order ${JSON.stringify(order)} is not one of ${EULER_ORDERS.join(', ')}`);
    return { name, order: order as string, angles: vec3(angles, `bones[${k}] ('${name}').angles`) };
  });
  return { bones, rootOffset_ms };
}

export class PoseJsonImporter implements Importer {
  readonly format = 'pose JSON';

  accepts(file: ModelBytes): boolean {
    return /\.json$/i.test(file.name);
  }

  async import(files: ImportFiles): Promise<ImportResult> {
    const { main } = files;
    if (main.bytes.byteLength > MAX_BYTES) throw new Error(`it is ${main.bytes.byteLength} bytes; a pose JSON is at most ${MAX_BYTES}`);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(main.bytes));
    } catch (error) {
      throw new Error(`it is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const pose = readPoseJson(json);
    return { kind: 'pose', pose, summary: `Read the pose in '${main.name}' (${plural(pose.bones.length, 'bone')}).` };
  }
}
