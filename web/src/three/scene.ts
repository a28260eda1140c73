// The 3D viewport: renderer, camera with orbit controls, the floor, and
// resizing with its container. The page's CSS paints the background; the
// canvas is transparent. It draws when asked (render()); whenever what it
// shows changes by itself — the container resized, the camera orbited — it
// calls `onInvalidate` so that whoever schedules frames asks for one.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { createGround } from './ground.js';

export class Viewport {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(35, 1, 0.05, 100);
  readonly orbit: OrbitControls;
  /** Called when the view needs drawing again (resize, camera moved); the page's frame scheduler sets it. */
  onInvalidate: () => void = () => {};
  private readonly resizeObserver: ResizeObserver;

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

    this.scene.add(createGround());

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
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.onInvalidate();
  }
}
