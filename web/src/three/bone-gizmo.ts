// The rotation gizmo of the selected bone: three.js TransformControls in
// 'rotate' mode and local space on a pivot that sits at the joint, turned
// like the bone's joint frame as posed now (model rotation · F), so its rings
// turn the bone about its joint's axes. Every change reports the rotation the
// bone would have (pivot · F⁻¹, model space); whoever listens turns it into
// clamped Euler angles and poses the rig. Between drags, and after each drag,
// the pivot follows the bone as posed (so a drag past a limit springs back).
//
// Model space is world space here, as for the target handles.
import * as THREE from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import type { QuatTuple } from '../rig/rig-desc.js';

/** What the gizmo tells its owner. */
export interface BoneGizmoHooks {
  /** While dragging: the bone's new model-space rotation (read it, do not keep it). */
  rotated(rotation_ms: THREE.Quaternion): void;
  dragStarted(): void;
  /** A drag ended (the pivot follows the bone again). */
  dragEnded(): void;
  /** What the gizmo shows changed (hover, drag): draw a frame. */
  redraw(): void;
}

const GIZMO_SIZE = 0.6;

export class BoneGizmo {
  private readonly pivot = new THREE.Object3D();
  private readonly controls: TransformControls;
  private readonly frame_bs = new THREE.Quaternion();
  private readonly frameInverse_bs = new THREE.Quaternion();
  private readonly rotation_ms = new THREE.Quaternion();
  private readonly model_ms = new THREE.Matrix4();
  private readonly scale = new THREE.Vector3();

  constructor(
    camera: THREE.Camera,
    canvas: HTMLCanvasElement,
    private readonly scene: THREE.Scene,
    /** Camera controls to pause while the gizmo is dragged. */
    private readonly orbit: { enabled: boolean },
    private readonly hooks: BoneGizmoHooks,
  ) {
    this.pivot.name = 'bone-gizmo-pivot';
    scene.add(this.pivot);
    this.controls = new TransformControls(camera, canvas);
    this.controls.setMode('rotate');
    this.controls.setSpace('local');
    this.controls.setSize(GIZMO_SIZE);
    this.controls.addEventListener('objectChange', this.onObjectChange);
    this.controls.addEventListener('dragging-changed', this.onDraggingChanged);
    this.controls.addEventListener('change', this.hooks.redraw);
    this.controls.enabled = false;
  }

  /** Whether the pointer is on the gizmo (a press there turns the bone, not selects another). */
  get engaged(): boolean {
    return this.controls.axis !== null || this.controls.dragging;
  }

  /** Whether a drag is under way. */
  get dragging(): boolean {
    return this.controls.dragging;
  }

  /**
   * The part of the gizmo under the pointer or being dragged: 'X', 'Y', 'Z'
   * (the rings about the joint frame's axes), 'E' (the ring about the line
   * of sight), 'XYZE' (the free-turning ball at the centre), or null.
   */
  get axis(): string | null {
    return this.controls.axis;
  }

  /** Ends a drag under way without another rotation (its owner has put the pose back). */
  cancelDrag(): void {
    if (this.controls.dragging) this.controls.pointerUp(null);
  }

  /** Shows the gizmo for a bone with joint frame `frame_bs` (x y z w); place it with follow(). */
  attach(frame_bs: QuatTuple): void {
    this.frame_bs.fromArray(frame_bs);
    this.frameInverse_bs.copy(this.frame_bs).invert();
    this.controls.attach(this.pivot);
    this.scene.add(this.controls.getHelper());
    this.controls.enabled = true;
  }

  // Detached, the gizmo leaves the scene and stops listening: TransformControls
  // updates its whole gizmo every frame it is in the scene, and reads every
  // pointer move it hears into a new object, even with nothing attached.
  detach(): void {
    this.controls.detach();
    this.controls.enabled = false;
    this.controls.getHelper().removeFromParent();
  }

  /** Puts the pivot on the bone posed by its bone-to-model matrix (16 floats at `offset`); not during a drag. */
  follow(model_ms: Float32Array, offset: number): void {
    if (this.controls.dragging) return;
    this.model_ms.fromArray(model_ms, offset).decompose(this.pivot.position, this.pivot.quaternion, this.scale);
    this.pivot.quaternion.multiply(this.frame_bs);
    // The picker rays hit the gizmo where it was last drawn otherwise.
    this.controls.getHelper().updateMatrixWorld(true);
  }

  dispose(): void {
    this.controls.detach();
    this.controls.getHelper().removeFromParent();
    this.controls.dispose();
    this.pivot.removeFromParent();
  }

  private readonly onObjectChange = (): void => {
    this.hooks.rotated(this.rotation_ms.copy(this.pivot.quaternion).multiply(this.frameInverse_bs));
  };

  private readonly onDraggingChanged = (event: { value: unknown }): void => {
    const dragging = event.value === true;
    this.orbit.enabled = !dragging;
    if (dragging) this.hooks.dragStarted();
    else this.hooks.dragEnded();
  };
}
