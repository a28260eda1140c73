// Every character of the scene on the page: its meshes where it stands (a
// group under the viewport's world, placed by its transform), its spring
// chains stepped with the frames, and its bone data uploaded when its pose
// changed. The active character's meshes are the posing view's too (its
// handles and overlays); the others are drawn here. Follows the editor's
// changes: a character added, removed, moved or made active.
import * as THREE from 'three';
import type { CharacterParts } from '../import/character-parts.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { PosingSession } from '../posing/posing-session.js';
import { halfWidth, placeBeside } from '../scene/character-placing.js';
import type { CharacterTransform } from '../scene/character-transform.js';
import type { NewCharacter, SceneCharacter } from '../scene/scene.js';
import { CharacterMeshes } from '../three/character-meshes.js';
import { PICK_DISTANCE_PX, nearestSegment, projectBoneSegments, segmentDistance } from '../three/bone-picking.js';
import { characterScale } from '../three/character-framing.js';
import { CONTACT_SHADOW_RADIUS, contactShadow } from '../three/ground.js';
import type { Viewport } from '../three/scene.js';
import type { PosingView } from './posing-view.js';
import { SpringFrames } from './spring-frames.js';

/** A character made ready to join the scene (PageCharacters.prepare). */
export interface PreparedCharacter {
  session: PosingSession;
  meshes: CharacterMeshes;
  parts: CharacterParts;
}

/** What the scene keeps of a character besides its session and parts (a scene file's record of it). */
export type SceneCharacterRecord = Omit<NewCharacter, 'session' | 'info'> & { id: number };

/** What the page keeps of a character besides its scene state. */
export interface ShownCharacter {
  meshes: CharacterMeshes;
  /** Its place in the world (the meshes' parent). */
  readonly placed: THREE.Group;
  readonly springs: SpringFrames;
  /** Its pose changed since the last frame (the editor's changes say so). */
  poseStale: boolean;
  /** The parts it was made from: its clips, its file's units (for the clip menu and export). */
  parts: CharacterParts;
}

function disposeShadow(placed: THREE.Group): void {
  const shadow = placed.getObjectByName('contact shadow') as THREE.Mesh<THREE.PlaneGeometry, THREE.MeshBasicMaterial> | undefined;
  shadow?.geometry.dispose();
  shadow?.material.map?.dispose();
  shadow?.material.dispose();
}

function placedMatrix(transform: CharacterTransform, out: THREE.Matrix4): THREE.Matrix4 {
  return out.makeRotationY(transform.heading).setPosition(transform.x, 0, transform.z);
}

export class PageCharacters {
  private readonly shown = new Map<number, ShownCharacter>();
  private readonly anchor = new THREE.Matrix4();
  private springsMoving = false;
  /** Stands for the camera when another character's bones are projected (only its matrices are read). */
  private readonly pickCamera = new THREE.PerspectiveCamera();

  constructor(
    private readonly editor: PoseEditor,
    private readonly viewport: Viewport,
    private readonly view: PosingView,
    first: CharacterParts,
  ) {
    this.track(editor.active, view.character, first);
    editor.onChange(this.onEditorChanged);
  }

  /** The page's state of character `id`. */
  of(id: number): ShownCharacter {
    const shown = this.shown.get(id);
    if (shown === undefined) throw new Error(`kin: no character ${id} on the page`);
    return shown;
  }

  /** The page's state of character `id`, or undefined while it is joining (its change events come before its meshes). */
  find(id: number): ShownCharacter | undefined {
    return this.shown.get(id);
  }

  /** The active character's. */
  get active(): ShownCharacter {
    return this.of(this.editor.active.id);
  }

  /**
   * Puts `parts` in place of the active character (a file loaded, a lesson
   * chosen), keeping the solver in use when it can pose the new rig. Throws,
   * changing nothing (the parts' rig freed), if it cannot.
   */
  replaceActive(parts: CharacterParts): void {
    const { session, meshes } = this.build(parts);
    try {
      this.editor.replaceCharacter(session, parts.info);
    } catch (error) {
      meshes.dispose();
      parts.rig.dispose();
      throw error;
    }
    const shown = this.active;
    shown.meshes = meshes;
    shown.parts = parts;
    shown.poseStale = true;
    shown.placed.add(meshes.mesh);
    this.view.showCharacter(meshes);
  }

  /** Adds `parts` to the scene beside the others (or at `transform`) and makes it active. Throws, adding nothing, if it cannot. */
  add(parts: CharacterParts, transform?: CharacterTransform): SceneCharacter {
    const { session, meshes } = this.build(parts);
    const standing = this.editor.scene.characters.map((c) => ({ transform: c.transform, halfWidth: halfWidth(c.session.rig) }));
    let added: SceneCharacter;
    try {
      added = this.editor.addCharacter(session, parts.info, transform ?? placeBeside(standing, halfWidth(parts.rig)));
    } catch (error) {
      meshes.dispose();
      parts.rig.dispose();
      throw error;
    }
    this.track(added, meshes, parts);
    // Its own change event came before its meshes were here.
    this.follow();
    return added;
  }

  /**
   * A character made ready from `parts` but not in the scene (a scene file's,
   * posed before it joins): its session and meshes. Throws (the parts' rig
   * freed) if it cannot be made; free it with discard() if it does not join.
   */
  prepare(parts: CharacterParts): PreparedCharacter {
    return { ...this.build(parts), parts };
  }

  /** Frees a prepared character that did not join the scene. */
  discard(prepared: PreparedCharacter): void {
    prepared.meshes.dispose();
    prepared.session.rig.dispose();
  }

  /**
   * Every character replaced by the prepared ones (a scene file opened),
   * each with the rest of what the scene keeps of it (`records`, in the same
   * order), the one at `active` active. Throws, changing nothing, if the
   * scene refuses them (the caller discards them then).
   */
  replaceScene(prepared: readonly PreparedCharacter[], records: readonly SceneCharacterRecord[], active: number): void {
    // Out of the way while the editor tells of the new scene: an old character's id may be a new one's.
    const old = [...this.shown.values()];
    const kept = new Map(this.shown);
    this.shown.clear();
    try {
      this.editor.replaceScene(records.map((record, k) => ({ ...record, session: prepared[k].session, info: prepared[k].parts.info })), active);
    } catch (error) {
      for (const [id, shown] of kept) this.shown.set(id, shown);
      throw error;
    }
    for (const shown of old) {
      shown.meshes.dispose();
      disposeShadow(shown.placed);
      shown.placed.removeFromParent();
    }
    for (const [k, character] of this.editor.scene.characters.entries()) this.track(character, prepared[k].meshes, prepared[k].parts);
    this.follow();
  }

  /**
   * Steps every character's springs and uploads the bone data of those not
   * active whose pose changed (the view uploads the active one's). Returns
   * whether the active character's springs moved it. Allocation-free.
   */
  update(nowMillis: number): boolean {
    const { characters, active } = this.editor.scene;
    const method = this.view.skinning;
    let activeMoved = false;
    let moving = false;
    for (let i = 0; i < characters.length; i++) {
      const character = characters[i];
      const shown = this.shown.get(character.id);
      if (shown === undefined) continue;
      const { session } = character;
      const posed = shown.poseStale;
      shown.poseStale = false;
      const stepped = shown.springs.step(session.rig, posed, nowMillis);
      moving ||= shown.springs.moving;
      if (character === active) {
        activeMoved = stepped;
        continue;
      }
      const reskinned = shown.meshes.method !== method;
      if (reskinned) shown.meshes.setMethod(method);
      if (stepped || posed || reskinned) shown.meshes.update(session.rig);
    }
    this.springsMoving = moving;
    return activeMoved;
  }

  /** Every character's joints and bone tips, in the space the view draws in (the active character's model space). */
  jointsInView(): THREE.Vector3[] {
    const toView = this.viewport.world.matrix;
    const points: THREE.Vector3[] = [];
    const placed = new THREE.Matrix4();
    for (const character of this.editor.scene.characters) {
      const { rig } = character.session;
      const toWorld = placedMatrix(character.transform, placed).premultiply(toView);
      const model_ms = rig.modelMatrices();
      const tips_ms = rig.boneTips();
      for (let b = 0; b < rig.boneCount; b++) {
        points.push(new THREE.Vector3().fromArray(model_ms, 16 * b + 12).applyMatrix4(toWorld), new THREE.Vector3().fromArray(tips_ms, 3 * b).applyMatrix4(toWorld));
      }
    }
    return points;
  }

  /**
   * The character (not the active one, nor a hidden or locked one) with a bone drawn within
   * PICK_DISTANCE_PX of the page point (x, y), the nearest; null for none.
   */
  characterAt(x: number, y: number): number | null {
    const { camera, canvas } = this.viewport;
    camera.updateMatrixWorld();
    const rect = canvas.getBoundingClientRect();
    const placed = new THREE.Matrix4();
    let best: number | null = null;
    let bestDistance = PICK_DISTANCE_PX;
    for (const character of this.editor.scene.characters) {
      if (character === this.editor.scene.active || character.hidden || character.locked) continue;
      const { rig } = character.session;
      // The character's model space seen by the camera: the camera's view of the world it stands in.
      const toView = placedMatrix(character.transform, placed).premultiply(this.viewport.world.matrix);
      this.pickCamera.projectionMatrix.copy(camera.projectionMatrix);
      this.pickCamera.matrixWorldInverse.copy(camera.matrixWorldInverse).multiply(toView);
      const segments = new Float64Array(4 * rig.boneCount);
      projectBoneSegments(rig.modelMatrices(), rig.boneTips(), this.pickCamera, rect, segments);
      const bone = nearestSegment(segments, x, y, bestDistance);
      if (bone < 0) continue;
      const s = 4 * bone;
      bestDistance = segmentDistance(x, y, segments[s], segments[s + 1], segments[s + 2], segments[s + 3]);
      best = character.id;
    }
    return best;
  }

  /** Whether some character's springs want the next frame. */
  get moving(): boolean {
    return this.springsMoving;
  }

  /** Frees every character's meshes. */
  dispose(): void {
    for (const shown of this.shown.values()) {
      shown.meshes.dispose();
      disposeShadow(shown.placed);
    }
    this.shown.clear();
  }

  private build(parts: CharacterParts): { session: PosingSession; meshes: CharacterMeshes } {
    const { rig } = parts;
    let session: PosingSession;
    let meshes: CharacterMeshes;
    try {
      session = new PosingSession(rig, parts.layouts(rig));
      try {
        session.useSolver(this.editor.session.solverName, {});
      } catch {
        // The session keeps the rig's default solver.
      }
      meshes = new CharacterMeshes(parts.meshes, parts.jointToBone);
    } catch (error) {
      rig.dispose();
      throw error;
    }
    return { session, meshes };
  }

  private track(character: SceneCharacter, meshes: CharacterMeshes, parts: CharacterParts): void {
    const placed = new THREE.Group();
    placed.name = `character ${character.id}`;
    placed.matrixAutoUpdate = false;
    placed.add(meshes.mesh, contactShadow(CONTACT_SHADOW_RADIUS * characterScale(meshes)));
    this.viewport.world.add(placed);
    this.shown.set(character.id, { meshes, placed, springs: new SpringFrames(), poseStale: true, parts });
    this.place(character);
  }

  private place(character: SceneCharacter): void {
    const shown = this.shown.get(character.id);
    if (shown === undefined) return;
    placedMatrix(character.transform, shown.placed.matrix);
    shown.placed.matrixWorldNeedsUpdate = true;
    shown.placed.visible = !character.hidden;
  }

  // Runs on every change, a drag's every move included: allocation-free.
  private readonly onEditorChanged = (changes: Changes, character: SceneCharacter): void => {
    if ((changes & Change.POSE) !== 0) {
      const shown = this.shown.get(character.id);
      if (shown !== undefined) shown.poseStale = true;
    }
    if ((changes & (Change.CHARACTERS | Change.ACTIVE)) !== 0) this.follow();
  };

  /** Drops the meshes of characters gone, places the rest, and puts the view on the active one. */
  private follow(): void {
    const { scene } = this.editor;
    for (const [id, shown] of this.shown) {
      if (scene.has(id)) continue;
      shown.meshes.dispose();
      disposeShadow(shown.placed);
      shown.placed.removeFromParent();
      this.shown.delete(id);
    }
    for (const character of scene.characters) this.place(character);
    const active = this.shown.get(scene.active.id);
    if (active === undefined) return;
    if (this.view.character !== active.meshes) this.view.adoptCharacter(active.meshes);
    const anchor = placedMatrix(scene.active.transform, this.anchor);
    if (!anchor.equals(this.viewport.world.matrix.clone().invert())) this.viewport.anchor(anchor);
  }
}
