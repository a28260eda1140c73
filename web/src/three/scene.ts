// The 3D viewport: renderer, camera with orbit controls, the floor, and
// resizing with its container. It draws in the active character's model
// space, so that every tool on that character (handles, gizmos, picking,
// framing) works in the space its rig does: the scene's world — the floor,
// the lights, every character where it stands — hangs under `world`, placed
// by the inverse of the active character's transform (anchor()). The page's CSS paints the background; the
// canvas is transparent. It draws when asked (render()); whenever what it
// shows changes by itself — the container resized, the camera orbited — it
// calls `onInvalidate` so that whoever schedules frames asks for one.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { createGround } from './ground.js';
import { Signal } from '../rig/listener-list.js';

export class Viewport {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(35, 1, 0.05, 100);
  readonly orbit: OrbitControls;
  /** The scene's world space, drawn as the active character's model space sees it. */
  readonly world = new THREE.Group();
  /** The floor's grid, in the world: scaled with the active character (character-framing.ts). */
  readonly ground = createGround();
  /** Called when the view needs drawing again (resize, camera moved); the page's frame scheduler sets it. */
  onInvalidate: () => void = () => {};
  private readonly resizeObserver: ResizeObserver;
  /** CSS pixels along the view's foot that a panel covers (coverBottom). */
  private covered = 0;
  /** Told after every resize (the look-through view refits the render camera's frame). */
  readonly resized = new Signal();
  /** Told after anchor() (the page look's key light, a uniform in the drawing space, follows the world). */
  readonly anchored = new Signal();

  constructor(private readonly container: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0x000000, 0);
    container.appendChild(this.renderer.domElement);

    this.orbit = new OrbitControls(this.camera, this.renderer.domElement);
    this.orbit.enableDamping = true;
    this.orbit.minDistance = 0.5;
    this.orbit.maxDistance = 20;
    // A slightly low view is fine; looking up from under the floor is not.
    this.orbit.maxPolarAngle = 0.55 * Math.PI;

    this.orbit.addEventListener('change', () => this.onInvalidate());

    this.world.name = 'world';
    this.world.matrixAutoUpdate = false;
    this.world.add(this.ground);
    this.scene.add(this.world);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  /**
   * Draws one frame (after letting the orbit controls' damping move the
   * camera); returns whether the camera is still easing out, and so wants
   * another frame. While a drag has the orbit controls off, the camera holds
   * still and is not updated: their update allocates a little every frame.
   */
  render(): boolean {
    const moving = this.orbit.enabled && this.orbit.update();
    this.renderer.render(this.scene, this.camera);
    return moving;
  }

  /**
   * Draws from the model space of a character standing at `modelToWorld`
   * from now on. The camera moves with it, so that the picture stays as it
   * was: what changes is which character the tools work on.
   */
  anchor(modelToWorld: THREE.Matrix4): void {
    const worldToModel = modelToWorld.clone().invert();
    const shift = worldToModel.clone().multiply(this.world.matrix.clone().invert());
    this.world.matrix.copy(worldToModel);
    this.world.matrixWorldNeedsUpdate = true;
    this.camera.position.applyMatrix4(shift);
    this.orbit.target.applyMatrix4(shift);
    this.orbit.update();
    this.anchored.tell();
    this.onInvalidate();
  }

  /** Ends the camera's easing out at once (before it is placed anew: nothing of an orbit goes on moving it). */
  stopCamera(): void {
    this.orbit.enableDamping = false;
    this.orbit.update();
    this.orbit.enableDamping = true;
  }

  dispose(): void {
    this.resizeObserver.disconnect();
    this.orbit.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  /** Takes the container's size now (it follows by itself a frame later: call this to frame the camera in a layout just changed). */
  resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    // The canvas's CSS size comes from the stylesheet; only the drawing buffer follows here.
    this.renderer.setSize(width, height, false);
    // A panel over the view's foot: the camera's field of view spans the
    // part above it, so framing and orbiting centre there, and the canvas
    // draws that view with the covered strip below (picking follows, as it
    // goes through the same projection).
    const visible = this.visibleSize().height;
    this.camera.aspect = width / visible;
    if (visible < height) this.camera.setViewOffset(width, visible, 0, 0, width, height);
    else this.camera.clearViewOffset();
    this.camera.updateProjectionMatrix();
    this.resized.tell();
    this.onInvalidate();
  }

  /** The part of the view that the camera's field of view spans (CSS pixels): the container's, less a panel covering its foot. */
  visibleSize(): { width: number; height: number } {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    return { width, height: Math.max(0.3 * height, height - this.covered) };
  }

  /** Keeps the character out from under a panel covering the view's lowest `pixels` CSS pixels (0: none); at most 70 % of the view is given up. */
  coverBottom(pixels: number): void {
    const covered = Number.isFinite(pixels) && pixels > 0 ? Math.round(pixels) : 0;
    if (covered === this.covered) return;
    this.covered = covered;
    this.resize();
  }
}
