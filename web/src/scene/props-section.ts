// The props' section of a scene file (scene-file-section.ts): every prop's
// name, kind, where it is in the world, its flags, and what holds it — a
// character by its place in the scene's list of characters (ids are the
// page's, not the file's) and a bone by name, with the offset in that
// bone's frame. A loaded prop's file goes beside the JSON through the sink.
// The check refuses every wrong field by its path, a holder the file's
// characters do not have (a place past them, a bone one lacks) included;
// applying replaces the scene's props.
import { MAX_CHARACTERS, type Scene } from './scene.js';
import { PROP_KINDS, type PropKind } from './prop-kinds.js';
import { MAX_PROPS, checkPropName } from './props.js';
import { type PropTransform, checkPropTransform } from './prop-transform.js';
import type { SceneFileBytes, SceneFileCharacters, SceneFileSection } from './scene-file-section.js';

export interface SavedProp {
  name: string;
  kind: PropKind;
  /** A loaded prop's file: its name and the name the file keeps its bytes under; `bytes` is filled in by the check. */
  file: { name: string; ref: string; bytes?: Uint8Array } | null;
  /** In the world, where it is now (an attached one's too). */
  transform: PropTransform;
  hidden: boolean;
  locked: boolean;
  /** The holding character's index in the scene's characters, its bone, and the offset in that bone's frame; or null. */
  attachment: { character: number; bone: string; offset: PropTransform } | null;
}

const PROP_FIELDS = ['name', 'kind', 'file', 'transform', 'hidden', 'locked', 'attachment'] as const;
const MAX_BONE_NAME = 256;

function record(value: unknown, path: string, fields: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path} must be an object {${fields.join(', ')}}`);
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) if (!fields.includes(key)) throw new Error(`${path} has no field ${JSON.stringify(key)}; its fields are ${fields.join(', ')}`);
  return object;
}

function checkBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`${path} must be true or false`);
  return value;
}

function checkFile(value: unknown, path: string, bytes: SceneFileBytes): SavedProp['file'] {
  const file = record(value, path, ['name', 'ref']);
  const name = checkPropName(file.name, `${path}.name`);
  if (typeof file.ref !== 'string' || !bytes.has(file.ref)) throw new Error(`${path}.ref must name a file the scene file holds (got ${JSON.stringify(file.ref) ?? String(file.ref)})`);
  return { name, ref: file.ref, bytes: bytes.get(file.ref) };
}

function checkAttachment(value: unknown, path: string, characters?: SceneFileCharacters): SavedProp['attachment'] {
  if (value === null) return null;
  const attachment = record(value, path, ['character', 'bone', 'offset']);
  const { character, bone } = attachment;
  if (typeof character !== 'number' || !Number.isInteger(character) || character < 0 || character >= MAX_CHARACTERS) {
    throw new Error(`${path}.character must be a character's place in the scene, a whole number from 0 to ${MAX_CHARACTERS - 1}`);
  }
  if (typeof bone !== 'string' || bone === '' || bone.length > MAX_BONE_NAME) throw new Error(`${path}.bone must be a bone's name`);
  if (characters !== undefined) {
    const holder = [...characters.values()][character];
    if (holder === undefined) throw new Error(`${path}.character = ${character}: the scene has ${characters.size} characters`);
    if (!holder.bones.includes(bone)) throw new Error(`${path}.bone '${bone.slice(0, 64)}' is no bone of character ${character} (${holder.name})`);
  }
  return { character, bone, offset: checkPropTransform(attachment.offset, `${path}.offset`) };
}

/** One saved prop, checked in full; throws naming the field under `path`. */
export function checkSavedProp(value: unknown, path: string, bytes: SceneFileBytes, characters?: SceneFileCharacters): SavedProp {
  const prop = record(value, path, PROP_FIELDS);
  const kind = prop.kind;
  if (!(PROP_KINDS as readonly unknown[]).includes(kind)) throw new Error(`${path}.kind must be one of ${PROP_KINDS.join(', ')}`);
  const file = kind === 'file' ? checkFile(prop.file, `${path}.file`, bytes) : null;
  if (kind !== 'file' && prop.file !== null) throw new Error(`${path}.file must be null for a ${String(kind)}`);
  return {
    name: checkPropName(prop.name, `${path}.name`),
    kind: kind as PropKind,
    file,
    transform: checkPropTransform(prop.transform, `${path}.transform`),
    hidden: checkBoolean(prop.hidden, `${path}.hidden`),
    locked: checkBoolean(prop.locked, `${path}.locked`),
    attachment: checkAttachment(prop.attachment, `${path}.attachment`, characters),
  };
}

/** The props' section over `scene`. */
export function propsSection(scene: Scene): SceneFileSection<SavedProp[]> {
  return {
    key: 'props',
    save: (sink) => {
      const { characters, props } = scene;
      return props.all.map((prop) => {
        const holder = prop.attachment === null ? -1 : characters.findIndex((c) => c.id === prop.attachment?.character);
        return {
          name: prop.name,
          kind: prop.kind,
          file: prop.file === null ? null : { name: prop.file.name, ref: sink.add(prop.file.name, prop.file.bytes) },
          transform: props.worldTransform(prop),
          hidden: prop.hidden,
          locked: prop.locked,
          attachment: prop.attachment === null || holder < 0 ? null : { character: holder, bone: prop.attachment.bone, offset: prop.attachment.offset },
        };
      });
    },
    check: (value, path, bytes, characters) => {
      if (!Array.isArray(value)) throw new Error(`${path} must be an array of props`);
      if (value.length > MAX_PROPS) throw new Error(`${path} holds ${value.length} props; a scene holds at most ${MAX_PROPS}`);
      return value.map((prop, i) => checkSavedProp(prop, `${path}[${i}]`, bytes, characters));
    },
    apply: (saved) => {
      const { props, characters } = scene;
      props.clear();
      for (const prop of saved) {
        const file = prop.file === null || prop.file.bytes === undefined ? null : { name: prop.file.name, bytes: prop.file.bytes };
        const added = props.add({ kind: prop.kind, file, name: prop.name, transform: prop.transform, hidden: prop.hidden, locked: prop.locked });
        const holder = prop.attachment === null ? undefined : characters[prop.attachment.character];
        if (prop.attachment === null || holder === undefined || !holder.session.rig.boneNames.includes(prop.attachment.bone)) continue;
        props.attachWithOffset(added.id, { character: holder.id, bone: prop.attachment.bone }, prop.attachment.offset);
      }
    },
  };
}
