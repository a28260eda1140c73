// Looking through the render camera (Blender's Numpad 0): the orbit view
// takes the render camera's place and aim, with a field of view wide enough
// that the render camera's frame fits inside the view with a margin (the
// frame guide darkens what lies outside it). Orbiting, zooming or placing
// the view any other way leaves the mode; the view stays where it was then
// and gets its own field of view back.
import * as THREE from 'three';
import { type FrameFit, fitFrame } from '../scene/frame-fit.js';
import type { RenderCameraState } from '../scene/render-camera.js';
import type { Viewport } from '../three/scene.js';
import { Signal } from '../rig/listener-list.js';

/** How much of the view's tighter side the frame takes. */
const FILL = 0.9;

const position = new THREE.Vector3();
const target = new THREE.Vector3();
const seen = new THREE.Vector3();
const sceneToWorld = new THREE.Matrix4();

export class LookThrough {
  private on = false;
  private readonly ownFov: number;
  private fit: FrameFit | null = null;
  private readonly changed = new Signal();
  /** Where the view was put (world space): another character made active moves the drawing space, not the view. */
  private readonly position_ws = new THREE.Vector3();
  private readonly target_ws = new THREE.Vector3();

  constructor(private readonly viewport: Viewport, private readonly state: () => RenderCameraState) {
    this.ownFov = viewport.camera.fov;
    viewport.orbit.addEventListener('start', () => this.leave());
    viewport.orbit.addEventListener('change', () => {
      if (this.on && !this.inPlace()) this.leave();
    });
  }

  get active(): boolean {
    return this.on;
  }

  /** Where the render camera's frame is in the view (CSS pixels of the viewport's visible part), while looking through. */
  get frame(): FrameFit | null {
    return this.on ? this.fit : null;
  }

  /** Tells entering, leaving and every new frame. */
  onChange(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  enter(): void {
    this.on = true;
    this.place();
  }

  leave(): void {
    if (!this.on) return;
    this.on = false;
    const { camera } = this.viewport;
    camera.fov = this.ownFov;
    camera.updateProjectionMatrix();
    this.changed.tell();
    this.viewport.onInvalidate();
  }

  /** The render camera or the view's size changed: the view follows it (while looking through). */
  place(): void {
    if (!this.on) return;
    const { camera, orbit, world } = this.viewport;
    const state = this.state();
    const view = this.viewport.visibleSize();
    this.fit = fitFrame(view.width, view.height, state, FILL);
    camera.fov = this.fit.fovDegrees;
    camera.updateProjectionMatrix();
    this.position_ws.fromArray(state.position);
    this.target_ws.fromArray(state.target);
    position.copy(this.position_ws).applyMatrix4(world.matrix);
    target.copy(this.target_ws).applyMatrix4(world.matrix);
    // Not through orbit.update(): its distance limits would move the view off the render camera.
    this.viewport.stopCamera();
    camera.position.copy(position);
    orbit.target.copy(target);
    camera.lookAt(target);
    this.changed.tell();
    this.viewport.onInvalidate();
  }

  /** Whether the view is still where place() put it, in the world (allocation-free: it runs with every orbit change). */
  private inPlace(): boolean {
    const { camera, orbit, world } = this.viewport;
    sceneToWorld.copy(world.matrix).invert();
    if (seen.copy(camera.position).applyMatrix4(sceneToWorld).distanceTo(this.position_ws) > 1e-6) return false;
    return seen.copy(orbit.target).applyMatrix4(sceneToWorld).distanceTo(this.target_ws) < 1e-6;
  }
}
