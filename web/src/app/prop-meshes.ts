// The scene's props drawn: one object per prop under the viewport's world
// (so in world space; the world's own matrix carries the view into the
// active character's model space), placed from the prop list — an attached
// prop at its bone's world matrix times its offset, set again whenever its
// character's pose or place changes (allocation-free: a drag frame or a
// playback frame does it). Follows the editor's changes; nobody polls.
// Loaded files come parsed (three/prop-file.ts) from whoever added them, or
// are parsed here when a prop arrives with bare bytes (a scene file opened).
// In app/, not three/: it follows the scene (scene/ sits above three/).
import * as THREE from 'three';
import { Change, type Changes } from '../scene/scene-change.js';
import type { Prop, PropList } from '../scene/props.js';
import type { SceneCharacter } from '../scene/scene.js';
import { newMat4 } from '../scene/prop-transform.js';
import type { ChangeListener } from '../scene/change-batch.js';
import { builtInObject, disposeObject } from './prop-shapes.js';
import { parsePropFile } from '../three/prop-file.js';
import { isBuiltInKind } from '../scene/prop-kinds.js';

/** What the meshes follow: the editor's changes and the scene's props. */
export interface PropSource {
  onChange(listener: ChangeListener): () => void;
  readonly scene: { readonly props: PropList };
}

interface Drawn {
  prop: Prop;
  object: THREE.Object3D;
}

export class PropMeshes {
  readonly group = new THREE.Group();
  private readonly drawn = new Map<number, Drawn>();
  /** Parsed files by their bytes: a file prop's object, cloned for each prop of the same bytes. */
  private readonly parsed = new WeakMap<Uint8Array, THREE.Object3D>();
  /** Files being read, or that could not be: read once. */
  private readonly reading = new WeakSet<Uint8Array>();
  private readonly world_ws = newMat4();
  private readonly matrix = new THREE.Matrix4();
  private readonly raycaster = new THREE.Raycaster();
  private readonly pointer = new THREE.Vector2();
  private readonly stop: () => void;

  /** `changed` asks for a frame; `failed` hears a file that could not be read (the prop stays, undrawn). */
  constructor(private readonly source: PropSource, world: THREE.Object3D, private readonly changed: () => void, private readonly failed: (message: string) => void) {
    this.group.name = 'props';
    world.add(this.group);
    this.stop = source.onChange(this.onChange);
    this.sync();
  }

  /** Keeps a file's parsed object, so that the prop added with these bytes draws it at once. */
  adoptParsed(bytes: Uint8Array, object: THREE.Object3D): void {
    this.parsed.set(bytes, object);
  }

  /** The object drawn for a prop (undefined while its file is being read). */
  objectOf(id: number): THREE.Object3D | undefined {
    return this.drawn.get(id)?.object;
  }

  /** The prop drawn nearest the camera under the page point (x, y) among those shown, or null. */
  propAt(x: number, y: number, camera: THREE.Camera, canvas: HTMLCanvasElement): number | null {
    const rect = canvas.getBoundingClientRect();
    this.pointer.set(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    camera.updateMatrixWorld();
    this.group.updateMatrixWorld(true);
    this.raycaster.setFromCamera(this.pointer, camera);
    let best: number | null = null;
    let bestDistance = Infinity;
    for (const { prop, object } of this.drawn.values()) {
      if (!object.visible) continue;
      const hit = this.raycaster.intersectObject(object, true)[0];
      if (hit !== undefined && hit.distance < bestDistance) {
        bestDistance = hit.distance;
        best = prop.id;
      }
    }
    return best;
  }

  dispose(): void {
    this.stop();
    for (const { object } of this.drawn.values()) disposeObject(object);
    this.drawn.clear();
    this.group.removeFromParent();
  }

  // Runs on every change, a drag's every move included: allocation-free unless props changed.
  private readonly onChange = (changes: Changes, character: SceneCharacter): void => {
    if ((changes & Change.PROPS) !== 0) {
      this.sync();
      return;
    }
    if ((changes & (Change.POSE | Change.CHARACTERS | Change.CHARACTER)) === 0) return;
    const all = this.source.scene.props.all;
    let moved = false;
    for (let i = 0; i < all.length; i++) {
      const { attachment } = all[i];
      // A character moved on the floor (CHARACTERS) may be any of them: every attached prop is placed again.
      if (attachment === null || (attachment.character !== character.id && (changes & Change.CHARACTERS) === 0)) continue;
      const drawn = this.drawn.get(all[i].id);
      if (drawn !== undefined) this.place(drawn);
      moved = true;
    }
    if (moved) this.changed();
  };

  /** Objects for new props, none for props gone, every one placed and shown or hidden as its prop says. */
  private sync(): void {
    const { all } = this.source.scene.props;
    for (const [id, { object }] of this.drawn) {
      if (all.some((p) => p.id === id)) continue;
      disposeObject(object);
      object.removeFromParent();
      this.drawn.delete(id);
    }
    for (const prop of all) {
      const drawn = this.drawn.get(prop.id) ?? this.build(prop);
      if (drawn === null) continue;
      drawn.object.visible = !prop.hidden;
      drawn.object.name = prop.name;
      this.place(drawn);
    }
    this.changed();
  }

  /** The prop's object, or null while its file is read (it is added when the reading ends). */
  private build(prop: Prop): Drawn | null {
    let object: THREE.Object3D | null = null;
    if (isBuiltInKind(prop.kind)) object = builtInObject(prop.kind);
    else if (prop.file !== null) {
      const parsed = this.parsed.get(prop.file.bytes);
      if (parsed !== undefined) object = parsed.clone(true);
      else this.read(prop);
    }
    if (object === null) return null;
    const root = new THREE.Group();
    root.add(object);
    root.userData.propId = prop.id;
    const drawn = { prop, object: root };
    this.drawn.set(prop.id, drawn);
    this.group.add(root);
    return drawn;
  }

  private read(prop: Prop): void {
    const file = prop.file;
    if (file === null || this.reading.has(file.bytes)) return;
    this.reading.add(file.bytes);
    parsePropFile(file.name, file.bytes).then((object) => {
      this.parsed.set(file.bytes, object);
      if (this.source.scene.props.all.includes(prop)) this.sync();
    }, (error: unknown) => this.failed(error instanceof Error ? error.message : String(error)));
  }

  /** Sets the object's position, rotation and scale from the prop's world matrix. */
  private place({ prop, object }: Drawn): void {
    this.matrix.fromArray(this.source.scene.props.worldMatrix(prop, this.world_ws));
    this.matrix.decompose(object.position, object.quaternion, object.scale);
  }
}
