// The props' members of window.kin (see kin-api.ts): adding a built-in prop
// or a model file's, reading them (plain copies, where each is now in the
// world), moving, attaching, flagging and removing one, and sitting the
// active character on a seat. Every input is checked first: bad input
// throws naming the field and changes nothing.
import type { ModelInput } from '../import/model-input.js';
import { readModelInput } from '../import/model-input.js';
import { BUILT_IN_KINDS, type PropKind, isBuiltInKind, seatTop_ps } from '../scene/prop-kinds.js';
import type { BoneRef } from '../scene/props.js';
import { type PropTransform, copyTransform } from '../scene/prop-transform.js';
import { rightHand } from './page-props.js';
import type { KinPage } from './kin-tools-api.js';

/** A prop as window.kin gives it (a copy). */
export interface KinProp {
  id: number;
  name: string;
  kind: PropKind;
  /** A loaded prop's file name, or null. */
  fileName: string | null;
  /** Where it is now in the world: position (m), rotation (Euler XYZ, radians), scale. */
  transform: PropTransform;
  hidden: boolean;
  locked: boolean;
  /** The bone holding it, with its offset in that bone's frame, or null. */
  attachment: { character: number; bone: string; offset: PropTransform } | null;
  /** A seat's top centre in the world (m), or null for a prop that is not a seat. */
  seatTop: [number, number, number] | null;
}

export interface KinPropsApi {
  /**
   * Adds a prop beside the active character, on the floor: 'box', 'sphere',
   * 'cylinder', 'cone', 'plane', 'stool', 'chair', or a model file (.glb,
   * .gltf with its buffers inside, .obj) as loadModel takes one (a URL, a
   * File or {name, bytes}). Resolves to its id; rejects naming the problem,
   * adding nothing.
   */
  addProp(source: string | ModelInput): Promise<number>;
  /** Every prop, in the order they were added. */
  props(): KinProp[];
  /** Moves a prop in the world: any of {position, rotation (radians, XYZ), scale}; an attached prop keeps its bone (its offset changes). Throws for a locked prop. */
  setPropTransform(id: number, transform: Partial<PropTransform>): void;
  /**
   * Attaches a prop where it is to a bone: a bone name of the active
   * character, or {character, bone}; null detaches it (it stays where it is).
   */
  attachProp(id: number, to: string | BoneRef | null): void;
  removeProp(id: number): void;
  /** Sets any of {hidden, locked, name}. */
  setPropFlags(id: number, flags: { hidden?: boolean; locked?: boolean; name?: string }): void;
  /** Sits the active character on a stool or chair: hips on its seat, feet on the floor in front (one undo step). */
  sitOn(propId: number): void;
  /** The active character's right hand (the bone the Props panel offers to attach to first), or null. */
  rightHand(): string | null;
  /** The world matrix the view draws a prop with now (16 numbers, column-major), or null while its file is read: for tests that the drawing follows. */
  propDrawnMatrix(id: number): number[] | null;
  /** Selects a prop as clicking it does (null: none); the Props panel shows it, its gizmo on it unless it is locked. */
  selectProp(id: number | null): void;
  /** The selected prop's id, or null. */
  selectedProp(): number | null;
  /** Where the centre of a prop's drawn bounds is, in CSS pixels of the page (for real clicks), or null while its file is read. */
  propScreenPosition(id: number): { x: number; y: number } | null;
}

function checkPropId(id: unknown): asserts id is number {
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`kin: a prop id is a whole number (see kin.props()), not ${JSON.stringify(id) ?? String(id)}`);
}

/** Runs a prop list action, its error prefixed as the API's. */
function kinCall<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith('kin:') ? message : `kin: ${message}`);
  }
}

export function createPropsApi(running: () => KinPage): KinPropsApi {
  const list = () => running().editor.scene.props;
  return {
    addProp: async (source) => {
      const page = running();
      if (typeof source === 'string' && isBuiltInKind(source)) return page.props.addBuiltIn(source);
      if (typeof source === 'string' && !/[./:]/.test(source)) throw new Error(`kin: no prop kind ${JSON.stringify(source)}; the kinds are ${BUILT_IN_KINDS.join(', ')}, or a file`);
      const named = typeof source === 'object' && source !== null && 'bytes' in source;
      if (!(typeof source === 'string' || source instanceof File || (named && typeof source.name === 'string' && (source.bytes instanceof ArrayBuffer || source.bytes instanceof Uint8Array)))) {
        throw new Error('kin: addProp takes a kind, a URL, a File, or {name, bytes: ArrayBuffer | Uint8Array}');
      }
      const { name, bytes } = await readModelInput(source);
      return kinCall(() => page.props.addFile({ name, bytes: new Uint8Array(bytes) }));
    },
    props: () => {
      const props = list();
      return props.all.map((prop) => {
        const transform = props.worldTransform(prop);
        const top = seatTop_ps(prop.kind);
        const m = props.worldMatrix(prop, new Float64Array(16));
        return {
          id: prop.id,
          name: prop.name,
          kind: prop.kind,
          fileName: prop.file?.name ?? null,
          transform,
          hidden: prop.hidden,
          locked: prop.locked,
          attachment: prop.attachment === null ? null : { character: prop.attachment.character, bone: prop.attachment.bone, offset: copyTransform(prop.attachment.offset) },
          seatTop: top === null ? null : [0, 1, 2].map((r) => m[r] * top[0] + m[4 + r] * top[1] + m[8 + r] * top[2] + m[12 + r]) as [number, number, number],
        };
      });
    },
    setPropTransform: (id, transform) => {
      checkPropId(id);
      kinCall(() => list().setTransform(id, transform));
    },
    attachProp: (id, to) => {
      checkPropId(id);
      const { editor } = running();
      let bone: BoneRef | null;
      if (to === null) bone = null;
      else if (typeof to === 'string') bone = { character: editor.active.id, bone: to };
      else if (typeof to === 'object' && typeof to.bone === 'string' && typeof to.character === 'number' && Number.isInteger(to.character)) bone = { character: to.character, bone: to.bone };
      else throw new Error('kin: attachProp takes a bone name, {character: id, bone: name}, or null to detach');
      kinCall(() => list().attach(id, bone));
    },
    removeProp: (id) => {
      checkPropId(id);
      kinCall(() => list().remove(id));
    },
    setPropFlags: (id, flags) => {
      checkPropId(id);
      kinCall(() => list().setFlags(id, flags));
    },
    sitOn: (propId) => {
      checkPropId(propId);
      kinCall(() => running().props.sitOn(propId));
    },
    rightHand: () => rightHand(running().editor.session.rig.boneNames),
    propDrawnMatrix: (id) => {
      checkPropId(id);
      kinCall(() => list().prop(id));
      const object = running().props.meshes.objectOf(id);
      if (object === undefined) return null;
      object.updateMatrix();
      return Array.from(object.matrix.elements);
    },
    selectProp: (id) => {
      if (id !== null) checkPropId(id);
      kinCall(() => running().props.select(id));
    },
    selectedProp: () => running().props.selected?.id ?? null,
    propScreenPosition: (id) => {
      checkPropId(id);
      kinCall(() => list().prop(id));
      return running().props.screenPosition(id);
    },
  };
}
