// Looking through the render camera (Blender's Numpad 0): the orbit view
// takes the render camera's place and aim, with a field of view wide enough
// that the render camera's frame fits inside the view with a margin (the
// frame guide darkens what lies outside it). Orbiting, zooming or placing
// the view any other way leaves the mode; the view stays where it was then
// and gets its own field of view back.
import * as THREE from 'three';
import { type FrameFit, fitFrame } from '../scene/frame-fit.js';
import type { RenderCameraState } from '../scene/render-camera.js';
import type { Viewport } from './scene.js';
import { Signal } from '../rig/listener-list.js';

/** How much of the view's tighter side the frame takes. */
const FILL = 0.9;

const position = new THREE.Vector3();
const target = new THREE.Vector3();

export class LookThrough {
  private on = false;
  private readonly ownFov: number;
  private fit: FrameFit | null = null;
  private readonly changed = new Signal();

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
    position.fromArray(state.position).applyMatrix4(world.matrix);
    target.fromArray(state.target).applyMatrix4(world.matrix);
    // Not through orbit.update(): its distance limits would move the view off the render camera.
    this.viewport.stopCamera();
    camera.position.copy(position);
    orbit.target.copy(target);
    camera.lookAt(target);
    this.changed.tell();
    this.viewport.onInvalidate();
  }

  private inPlace(): boolean {
    const { camera, orbit } = this.viewport;
    return camera.position.distanceTo(position) < 1e-6 && orbit.target.distanceTo(target) < 1e-6;
  }
}
