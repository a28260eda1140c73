// The props on the page: their meshes in the view, the selected one (picked
// by a click in the view, or just added) with its gizmo and the Props
// panel's fields, and the actions the panel and window.kin share — adding a
// built-in prop before the active character or a model file's, attaching to
// a bone, sitting on a seat — plus what Export GLB writes of the props a
// character holds.
import * as THREE from 'three';
import { Signal } from '../rig/listener-list.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { sitOn } from '../posing/sit-on-seat.js';
import { toWorld } from '../scene/character-transform.js';
import { type BuiltInKind, restingHeight } from '../scene/prop-kinds.js';
import type { Prop, PropFile } from '../scene/props.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { checkPropFile, parsePropFile } from '../three/prop-file.js';
import { type GizmoMode, PropGizmo } from '../three/prop-gizmo.js';
import { PropMeshes } from './prop-meshes.js';
import type { Viewport } from '../three/scene.js';
import { PropsPanel } from '../ui/props-panel.js';
import type { ExportedProp } from '../export/character-export.js';
import { propNodes } from '../export/prop-nodes.js';

/** Where a new prop goes, in the active character's model space: beside it on its left, on the floor; the next ones further out, a row of NEW_PROP_ROW. */
const NEW_PROP_AT_MS: readonly [number, number] = [0.7, 0.2];
const NEW_PROP_STEP_M = 0.55;
const NEW_PROP_ROW = 4;

/** The active character's right hand, by the names rigs give it (hand_r, RightHand, Hand.R, …), or null. */
export function rightHand(boneNames: readonly string[]): string | null {
  return boneNames.find((name) => /^hand_r$/i.test(name)) ?? boneNames.find((name) => /hand/i.test(name) && /(^|[_.\s-])r($|[_.\s-])|right/i.test(name)) ?? null;
}

export class PageProps {
  readonly meshes: PropMeshes;
  private readonly gizmo: PropGizmo;
  private readonly panel: PropsPanel | null;
  private selectedId: number | null = null;
  private readonly selectionChanged = new Signal();
  private bones: readonly string[] = [];
  private readonly stop: () => void;

  /** `frame` puts the active character in view (after sitting it on a seat somewhere else); `report` shows a file that could not be read. */
  constructor(
    private readonly editor: PoseEditor,
    private readonly viewport: Viewport,
    private readonly changed: () => void,
    toolsBody: HTMLElement | null,
    report: (message: string) => void,
    private readonly frame: () => void,
  ) {
    this.meshes = new PropMeshes(editor, viewport.world, changed, report);
    this.gizmo = new PropGizmo(viewport.camera, viewport.canvas, viewport.scene, viewport.orbit, (object) => this.gizmoMoved(object));
    this.panel = toolsBody === null ? null : new PropsPanel(toolsBody, {
      selected: () => this.selected,
      worldTransform: (prop) => this.props.worldTransform(prop),
      addBuiltIn: (kind) => void this.addBuiltIn(kind),
      addFile: async (file) => {
        checkPropFile(file.name, file.size);
        await this.addFile({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      },
      setTransform: (prop, transform) => this.props.setTransform(prop.id, transform),
      setFlags: (prop, flags) => this.props.setFlags(prop.id, flags),
      remove: (prop) => this.props.remove(prop.id),
      gizmoMode: () => this.gizmo.mode,
      setGizmoMode: (mode: GizmoMode) => this.gizmo.setMode(mode),
      bones: () => this.activeBones(),
      defaultBone: () => rightHand(this.activeBones()),
      attach: (prop, bone) => this.props.attach(prop.id, bone === null ? null : { character: editor.active.id, bone }),
      sitOn: (prop) => this.sitOn(prop.id),
    });
    this.stop = editor.onChange(this.onChange);
  }

  private get props() {
    return this.editor.scene.props;
  }

  /** The selected prop, or null. */
  get selected(): Prop | null {
    return this.props.all.find((p) => p.id === this.selectedId) ?? null;
  }

  /** Selects a prop (null: none); its gizmo shows unless it is locked. */
  select(id: number | null): void {
    if (id !== null) this.props.prop(id);
    const changed = id !== this.selectedId;
    this.selectedId = id;
    this.follow();
    if (changed) this.selectionChanged.tell();
  }

  /** Calls `listener` when another prop (or none) is selected; returns a function that stops it. */
  onSelectionChange(listener: () => void): () => void {
    return this.selectionChanged.add(listener);
  }

  /** A click in the view on a prop selects it; true if it did (a click beside every prop deselects and says false). */
  pickAt(x: number, y: number): boolean {
    const id = this.meshes.propAt(x, y, this.viewport.camera, this.viewport.canvas);
    this.select(id);
    return id !== null;
  }

  /** Where the centre of a prop's drawn bounds is on the page (CSS px), or null while its file is read. */
  screenPosition(id: number): { x: number; y: number } | null {
    const object = this.meshes.objectOf(id);
    if (object === undefined) return null;
    this.viewport.scene.updateMatrixWorld(true);
    const centre = new THREE.Box3().setFromObject(object).getCenter(new THREE.Vector3()).project(this.viewport.camera);
    const rect = this.viewport.canvas.getBoundingClientRect();
    return { x: rect.left + ((centre.x + 1) / 2) * rect.width, y: rect.top + ((1 - centre.y) / 2) * rect.height };
  }

  /** Adds a built-in prop on the floor beside the active character, selected; returns its id. */
  addBuiltIn(kind: BuiltInKind): number {
    const { transform } = this.editor.active;
    const position = toWorld(transform, [this.nextSpotX(), restingHeight(kind), NEW_PROP_AT_MS[1]]);
    const added = this.props.add({ kind, transform: { position, rotation: [0, transform.heading, 0], scale: [1, 1, 1] } });
    this.select(added.id);
    return added.id;
  }

  /** Reads a model file and adds it as a prop beside the active character, selected; rejects naming the problem, adding nothing. */
  async addFile(file: PropFile): Promise<number> {
    const object = await parsePropFile(file.name, file.bytes);
    this.meshes.adoptParsed(file.bytes, object);
    const { transform } = this.editor.active;
    // Its lowest point on the floor.
    const lowest = new THREE.Box3().setFromObject(object).min.y;
    const position = toWorld(transform, [this.nextSpotX(), Number.isFinite(lowest) ? -lowest : 0, NEW_PROP_AT_MS[1]]);
    const added = this.props.add({ kind: 'file', file: { name: file.name, bytes: file.bytes }, transform: { position, rotation: [0, transform.heading, 0], scale: [1, 1, 1] } });
    this.select(added.id);
    return added.id;
  }

  /** Sits the active character on a seat prop and frames it there; throws like posing/sit-on-seat.ts. */
  sitOn(id: number): void {
    sitOn(this.editor, id);
    this.frame();
  }

  /** The props character `id` holds, as Export GLB writes them under its bones. */
  exported(characterId: number): ExportedProp[] {
    return propNodes(this.props, characterId, (id) => this.meshes.objectOf(id));
  }

  /** Every prop gone, nothing selected (kin.reset()). */
  clear(): void {
    this.props.clear();
    this.select(null);
  }

  dispose(): void {
    this.stop();
    this.gizmo.dispose();
    this.panel?.dispose();
    this.meshes.dispose();
  }

  /** How far to the active character's left a new prop goes: props added one after another stand side by side, not in each other. */
  private nextSpotX(): number {
    return NEW_PROP_AT_MS[0] + NEW_PROP_STEP_M * (this.props.all.length % NEW_PROP_ROW);
  }

  private activeBones(): readonly string[] {
    const names = this.editor.session.rig.boneNames;
    // The same array while the rig is: the panel rebuilds its bone list only for another.
    if (this.bones.length !== names.length || this.bones.some((b, i) => b !== names[i])) this.bones = [...names];
    return this.bones;
  }

  private gizmoMoved(object: THREE.Object3D): void {
    const prop = this.selected;
    if (prop === null || prop.locked) return;
    const e = new THREE.Euler().setFromQuaternion(object.quaternion, 'XYZ');
    this.props.setTransform(prop.id, { position: object.position.toArray(), rotation: [e.x, e.y, e.z], scale: object.scale.toArray() });
  }

  private readonly onChange = (changes: Changes): void => {
    if ((changes & (Change.PROPS | Change.ACTIVE | Change.CHARACTER | Change.CHARACTERS)) !== 0) this.follow();
    else if ((changes & Change.POSE) !== 0 && (this.selected?.attachment ?? null) !== null) this.panel?.refresh();
  };

  /** The gizmo on the selected prop (none on a locked or hidden one, or one gone), the panel showing it. */
  private follow(): void {
    const prop = this.selected;
    if (prop === null) this.selectedId = null;
    this.gizmo.attach(prop === null || prop.locked || prop.hidden ? null : this.meshes.objectOf(prop.id) ?? null);
    this.panel?.refresh();
    this.changed();
  }
}
