// The scene's props, with no DOM and no drawing: primitives, the seats and
// loaded model files, each where it stands in the world, or attached to a
// character's bone (its place then is the bone's, times an offset in the
// bone's frame, so that it follows the pose). Every change goes through
// `edit` (the editor tells its listeners Change.PROPS once per edit) and
// checks its input first: a refused change changes nothing.
import { type BuiltInKind, type PropKind, isBuiltInKind } from './prop-kinds.js';
import { type Mat4, type PropTransform, checkPropTransform, composeMatrix, copyTransform, decomposeMatrix, invertAffine, multiplyMatrices, newMat4 } from './prop-transform.js';
import { transformMatrix } from './character-transform.js';
import type { SceneCharacter } from './scene.js';

/** At most this many props share a scene: each is drawn every frame. */
export const MAX_PROPS = 64;
/** The longest name a prop may have (characters). */
export const MAX_PROP_NAME = 80;

/** A loaded model's file, kept to draw it, export it and save it in a scene file. */
export interface PropFile {
  /** Its file name (the extension says how to read it: .glb, .gltf, .obj). */
  name: string;
  bytes: Uint8Array;
}

/** A prop held by a bone: `offset` is the prop's transform in that bone's frame. */
export interface PropAttachment {
  character: number;
  bone: string;
  offset: PropTransform;
}

export interface Prop {
  /** Unique in the scene, never reused. */
  readonly id: number;
  name: string;
  readonly kind: PropKind;
  /** The file of a 'file' prop; null for the others. */
  readonly file: PropFile | null;
  /** In world space; for an attached prop, where it was when last placed (worldTransform() gives where it is). */
  transform: PropTransform;
  hidden: boolean;
  /** A locked prop cannot be moved (nor picked for moving). */
  locked: boolean;
  attachment: PropAttachment | null;
}

export interface NewProp {
  kind: PropKind;
  file?: PropFile | null;
  name?: string;
  transform: PropTransform;
  hidden?: boolean;
  locked?: boolean;
}

/** A bone of a character to attach to. */
export interface BoneRef {
  character: number;
  bone: string;
}

export interface PropFlags {
  hidden?: boolean;
  locked?: boolean;
  name?: string;
}

const FLAG_KEYS = ['hidden', 'locked', 'name'] as const;

const KIND_LABELS: Record<BuiltInKind | 'file', string> = { box: 'Box', sphere: 'Sphere', cylinder: 'Cylinder', cone: 'Cone', plane: 'Plane', stool: 'Stool', chair: 'Chair', file: 'Model' };

/** Throws naming `path` unless `name` is a name a prop may have. */
export function checkPropName(name: unknown, path: string): string {
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_PROP_NAME) throw new Error(`${path} must be a non-empty string of at most ${MAX_PROP_NAME} characters`);
  return name;
}

export class PropList {
  /** How every change is made: the editor wraps it in an edit that tells Change.PROPS (scene-editor.ts); alone, it just runs. */
  edit: (change: () => void) => void = (change) => change();
  private readonly list: Prop[] = [];
  private nextId = 1;
  private readonly bone_ws = newMat4();
  private readonly scratch = newMat4();

  /** `characters()`: the scene's characters. */
  constructor(private readonly characters: () => readonly SceneCharacter[]) {}

  /** In the order they were added. */
  get all(): readonly Prop[] {
    return this.list;
  }

  /** The prop with id `id`; throws naming the ids there are. */
  prop(id: unknown): Prop {
    const found = this.list.find((p) => p.id === id);
    if (found === undefined) {
      const ids = this.list.map((p) => p.id);
      throw new Error(`no prop ${JSON.stringify(id) ?? String(id)} in the scene; ${ids.length === 0 ? 'it has no props' : `its props are ${ids.join(', ')}`}`);
    }
    return found;
  }

  /** Adds a prop standing free; throws, adding nothing, past MAX_PROPS or for a bad field. */
  add(prop: NewProp): Prop {
    if (this.list.length >= MAX_PROPS) throw new Error(`a scene holds at most ${MAX_PROPS} props; remove one first`);
    if (prop.kind === 'file' ? !(prop.file?.bytes instanceof Uint8Array) : !isBuiltInKind(prop.kind)) throw new Error(`a prop is a ${[...Object.keys(KIND_LABELS)].join(', ')} (a file with its bytes)`);
    const transform = checkPropTransform(prop.transform, 'prop.transform');
    const name = prop.name === undefined ? this.freshName(prop.kind) : checkPropName(prop.name, 'prop.name');
    const added: Prop = { id: this.nextId++, name, kind: prop.kind, file: prop.kind === 'file' ? prop.file ?? null : null, transform, hidden: prop.hidden === true, locked: prop.locked === true, attachment: null };
    this.edit(() => this.list.push(added));
    return added;
  }

  remove(id: unknown): void {
    const prop = this.prop(id);
    this.edit(() => this.list.splice(this.list.indexOf(prop), 1));
  }

  /** Every prop gone (kin.reset(), a scene file opened); ids go on counting. */
  clear(): void {
    if (this.list.length > 0) this.edit(() => (this.list.length = 0));
  }

  /** Places a prop in the world (an attached one keeps its bone: its offset changes). Throws for a locked prop or a bad transform. */
  setTransform(id: unknown, transform: unknown): void {
    const prop = this.prop(id);
    if (prop.locked) throw new Error(`prop ${prop.id} ('${prop.name}') is locked; unlock it to move it`);
    const placed = checkPropTransform(transform, 'transform', this.worldTransform(prop));
    const { attachment } = prop;
    const offset = attachment === null ? null : this.offsetOf(attachment, placed);
    this.edit(() => {
      prop.transform = placed;
      if (attachment !== null && offset !== null) attachment.offset = offset;
    });
  }

  /**
   * Attaches a prop to a character's bone where it is now (the offset is
   * worked out from its world placement and the bone's), or detaches it
   * (null), leaving it where it is. Throws for an unknown character or bone.
   */
  attach(id: unknown, to: BoneRef | null): void {
    const prop = this.prop(id);
    const world = this.worldTransform(prop);
    if (to === null) {
      this.edit(() => {
        prop.transform = world;
        prop.attachment = null;
      });
      return;
    }
    const attachment = { character: to.character, bone: to.bone, offset: world };
    attachment.offset = this.offsetOf(attachment, world);
    this.edit(() => {
      prop.transform = world;
      prop.attachment = attachment;
    });
  }

  /** Attaches a prop with a given offset (a scene file's); throws like attach. */
  attachWithOffset(id: unknown, to: BoneRef, offset: PropTransform): void {
    const prop = this.prop(id);
    this.boneMatrix(to.character, to.bone, this.bone_ws);
    const attachment = { character: to.character, bone: to.bone, offset: copyTransform(offset) };
    this.edit(() => {
      prop.attachment = attachment;
      prop.transform = this.worldTransform(prop);
    });
  }

  setFlags(id: unknown, flags: unknown): void {
    const prop = this.prop(id);
    if (typeof flags !== 'object' || flags === null || Array.isArray(flags)) throw new Error('flags must be an object {hidden?, locked?, name?}');
    const record = flags as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!(FLAG_KEYS as readonly string[]).includes(key)) throw new Error(`flags has no field ${JSON.stringify(key)}; its fields are ${FLAG_KEYS.join(', ')}`);
    for (const key of ['hidden', 'locked'] as const) if (record[key] !== undefined && typeof record[key] !== 'boolean') throw new Error(`flags.${key} must be true or false`);
    const name = record.name === undefined ? prop.name : checkPropName(record.name, 'flags.name');
    this.edit(() => {
      prop.name = name;
      if (record.hidden !== undefined) prop.hidden = record.hidden as boolean;
      if (record.locked !== undefined) prop.locked = record.locked as boolean;
    });
  }

  /**
   * The props attached to a character that leaves (removed, or replaced by
   * another rig) come off its bones where they are now.
   */
  characterLeaving(character: SceneCharacter): void {
    const held = this.list.filter((p) => p.attachment?.character === character.id);
    if (held.length === 0) return;
    const placed = held.map((p) => this.worldTransform(p));
    this.edit(() => held.forEach((p, i) => {
      p.transform = placed[i];
      p.attachment = null;
    }));
  }

  /** The prop's model-to-world matrix now into `out`: its own, or its bone's (placement × bone) × offset. Allocation-free. */
  worldMatrix(prop: Prop, out: Mat4): Mat4 {
    const { attachment } = prop;
    if (attachment === null) return composeMatrix(prop.transform, out);
    this.boneMatrix(attachment.character, attachment.bone, this.bone_ws);
    return multiplyMatrices(this.bone_ws, composeMatrix(attachment.offset, this.scratch), out);
  }

  /** Where the prop is now, in the world (a copy). */
  worldTransform(prop: Prop): PropTransform {
    return decomposeMatrix(this.worldMatrix(prop, newMat4()), copyTransform(prop.transform));
  }

  /** A bone's matrix in the world (its character's placement × the bone's model matrix) into `out`; throws for an unknown character or bone. */
  boneMatrix(characterId: number, bone: string, out: Mat4): Mat4 {
    const { session, transform } = this.character(characterId);
    const { rig } = session;
    const index = rig.boneNames.indexOf(bone);
    if (index < 0) throw new Error(`character ${characterId} has no bone ${JSON.stringify(bone)}`);
    const model_ms = rig.modelMatrices();
    transformMatrix(transform, out);
    for (let k = 0; k < 16; k++) this.scratch[k] = model_ms[16 * index + k];
    return multiplyMatrices(out, this.scratch, out);
  }

  /** The scene's character `id` (an indexed search: a playback frame places held props by it, allocating nothing); throws for an unknown id. */
  private character(id: number): SceneCharacter {
    const characters = this.characters();
    for (let i = 0; i < characters.length; i++) if (characters[i].id === id) return characters[i];
    throw new Error(`no character ${JSON.stringify(id)} in the scene; its characters are ${characters.map((c) => c.id).join(', ')}`);
  }

  /** The offset in the bone's frame that puts a prop at `world`. */
  private offsetOf(to: BoneRef, world: PropTransform): PropTransform {
    const toBone = invertAffine(this.boneMatrix(to.character, to.bone, newMat4()), newMat4());
    return decomposeMatrix(multiplyMatrices(toBone, composeMatrix(world, newMat4()), newMat4()), copyTransform(world));
  }

  private freshName(kind: PropKind): string {
    const label = KIND_LABELS[kind];
    for (let n = 1; ; n++) {
      const name = `${label} ${n}`;
      if (!this.list.some((p) => p.name === name)) return name;
    }
  }
}
