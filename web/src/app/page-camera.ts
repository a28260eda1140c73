// The page's picture-taking: the render camera with its saved views, the
// lights and the reference image (their DOM-free state in scene/), put on
// screen — the camera's frame lines in the orbit view, looking through it
// with the frame guide, the reference image behind the scene or on a plane —
// and the pictures taken through it (Save PNG, kin.snapshot()). Every state
// change is told by its owner; this follows them and asks for a frame.
import * as THREE from 'three';
import { checkImageBytes } from '../scene/picture-header.js';
import { Signal } from '../rig/listener-list.js';
import { Lights, anglesOf, directionOf } from '../scene/light-settings.js';
import { RenderCamera, type RenderCameraState, DEFAULT_RENDER_CAMERA, MAX_FOCAL_MM, MIN_FOCAL_MM, SENSOR_WIDTH_MM, frameCorners, verticalFov } from '../scene/render-camera.js';
import { DEFAULT_REFERENCE, Reference, type ReferenceSettings, withReferenceChanges } from '../scene/reference-image.js';
import { referenceRect } from '../scene/reference-layout.js';
import { LookThrough } from './look-through.js';
import type { PageLights } from '../three/page-lights.js';
import { type PicturePixels, PictureRenderer } from '../three/picture-render.js';
import { RenderCameraLines } from '../three/render-camera-lines.js';
import { ReferencePlane } from '../three/reference-plane.js';
import type { Viewport } from '../three/scene.js';
import { FrameGuide } from '../ui/frame-guide.js';
import { picturePng } from '../ui/picture-png.js';
import { ReferenceBackdrop } from '../ui/reference-backdrop.js';

const toWorld = new THREE.Matrix4();
const point = new THREE.Vector3();

export class PageCamera {
  readonly camera = new RenderCamera();
  readonly lights: Lights;
  readonly reference = new Reference();
  readonly lookThrough: LookThrough;
  private readonly pictures: PictureRenderer;
  private readonly lines: RenderCameraLines;
  private readonly plane: ReferencePlane;
  private readonly backdrop: ReferenceBackdrop;
  private readonly guide: FrameGuide;
  private bitmap: ImageBitmap | null = null;
  private guideOn = true;
  private overlaysKept = false;
  /** Whether the camera's panel is open: the camera's lines show in the orbit view only then (not over every view). */
  private editing = false;
  private readonly optionsChanged = new Signal();

  constructor(private readonly viewport: Viewport, viewRegion: HTMLElement, pageLights: PageLights, private readonly requestFrame: () => void) {
    // The page's look as settings: its key light's direction, both levels 1.
    const { azimuth, elevation } = anglesOf(pageLights.lookDirection.toArray());
    this.lights = new Lights({ keyAzimuth: azimuth, keyElevation: elevation, keyIntensity: 1, ambient: 1 });
    this.pictures = new PictureRenderer(viewport);
    this.lines = new RenderCameraLines(viewport.world);
    this.plane = new ReferencePlane(viewport.world);
    this.backdrop = new ReferenceBackdrop(viewRegion);
    this.guide = new FrameGuide(viewRegion);
    this.lookThrough = new LookThrough(viewport, () => this.camera.state);
    this.camera.onChange(() => {
      this.placeLines();
      this.lookThrough.place();
      requestFrame();
    });
    const applyLights = (): void => {
      const { keyAzimuth, keyElevation, keyIntensity, ambient } = this.lights.settings;
      pageLights.apply(directionOf(keyAzimuth, keyElevation), keyIntensity, ambient, viewport.world.matrix);
      requestFrame();
    };
    this.lights.onChange(applyLights);
    viewport.anchored.add(applyLights);
    this.reference.onChange(() => this.showReference());
    this.lookThrough.onChange(() => this.showGuide());
    viewport.resized.add(() => {
      this.lookThrough.place();
      this.showReference();
    });
    this.placeLines();
    this.showGuide();
  }

  /** Whether the frame guide shows (the camera's lines in the orbit view, the darkened outside while looking through). */
  get guideShown(): boolean {
    return this.guideOn;
  }

  showGuide(shown = this.guideOn): void {
    this.guideOn = shown;
    const through = this.lookThrough.frame;
    this.lines.visible = shown && this.editing && through === null;
    this.guide.show(shown ? through : null);
    this.showReference();
    this.optionsChanged.tell();
    this.requestFrame();
  }

  /** The camera's panel opened or closed. */
  setEditing(open: boolean): void {
    this.editing = open;
    this.showGuide();
  }

  /** Whether pictures keep what the view draws for posing (handles, grid, lines). */
  get overlaysInPicture(): boolean {
    return this.overlaysKept;
  }

  keepOverlays(kept: boolean): void {
    this.overlaysKept = kept;
    this.optionsChanged.tell();
  }

  /** Tells a change of the guide, the overlays option or looking through. */
  onOptionsChange(listener: () => void): () => void {
    const stop = this.lookThrough.onChange(listener);
    const stopOptions = this.optionsChanged.add(listener);
    return () => {
      stop();
      stopOptions();
    };
  }

  /**
   * The render camera takes the orbit view: where it stands, what it orbits
   * (in the world), and a lens with the view's vertical field of view over
   * the picture's aspect (within the lens limits).
   */
  fromView(): void {
    const { camera, orbit, world } = this.viewport;
    toWorld.copy(world.matrix).invert();
    const state = this.camera.state;
    const tanY = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
    const focal = SENSOR_WIDTH_MM / 2 / (tanY * (state.width / state.height));
    this.camera.set({
      position: point.copy(camera.position).applyMatrix4(toWorld).toArray(),
      target: point.copy(orbit.target).applyMatrix4(toWorld).toArray(),
      focalLength: Math.min(MAX_FOCAL_MM, Math.max(MIN_FOCAL_MM, Math.round(focal * 10) / 10)),
    });
  }

  /** The picture through the render camera, drawn now, as PNG. */
  snapshot(): Promise<Blob> {
    const state = this.camera.state;
    const image = this.reference.image;
    const settings = this.reference.settings;
    // A reference plane left out of pictures is hidden for this one.
    const planeShown = this.plane.mesh.visible;
    this.plane.mesh.visible &&= settings.inPicture;
    let pixels: PicturePixels;
    try {
      pixels = this.pictures.render({ ...state, verticalFov: verticalFov(state) }, this.overlaysKept);
    } finally {
      this.plane.mesh.visible = planeShown;
    }
    const behind = this.bitmap !== null && image !== null && settings.mode === 'behind' && settings.inPicture;
    return picturePng(pixels, {
      background: state.background,
      reference: behind ? { image: this.bitmap as ImageBitmap, rect: referenceRect(state.width, state.height, image.width, image.height, settings), opacity: settings.opacity } : null,
    });
  }

  /**
   * Shows the picture in `bytes` (PNG, JPEG or WebP; its size checked before
   * it is decoded) as the reference image with `settings` applied over the
   * current ones; null removes it. Rejects naming the problem, changing nothing.
   */
  async setReference(picture: { bytes: Uint8Array; name: string } | null, change: Partial<ReferenceSettings> = {}): Promise<void> {
    const settings = withReferenceChanges(this.reference.settings, change, 'reference image options');
    if (picture === null) {
      this.replaceBitmap(null);
      this.reference.replace(null, settings);
      return;
    }
    const { mime, width, height } = checkImageBytes(picture.bytes, picture.name);
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(new Blob([picture.bytes as Uint8Array<ArrayBuffer>], { type: mime }));
    } catch {
      throw new Error(`${JSON.stringify(picture.name)} could not be decoded as ${mime.slice(6).toUpperCase()}: the file is damaged or not what its header says`);
    }
    this.replaceBitmap(bitmap);
    this.reference.replace({ name: picture.name, bytes: picture.bytes.slice(), mime, width, height }, settings);
  }

  /** Loads a picture file as the reference image (its settings kept). */
  async loadFile(file: File): Promise<void> {
    await this.setReference({ bytes: new Uint8Array(await file.arrayBuffer()), name: file.name });
  }

  /** As a fresh page has it (fromViewKeepingLens() then puts the camera on the orbit view's framing): no views, the page's lights, no reference image, the guide on, clean pictures. */
  reset(): void {
    this.lookThrough.leave();
    this.camera.replace(DEFAULT_RENDER_CAMERA as RenderCameraState, []);
    this.lights.reset();
    this.replaceBitmap(null);
    this.reference.replace(null, DEFAULT_REFERENCE as ReferenceSettings);
    this.overlaysKept = false;
    this.editing = false;
    this.showGuide(true);
  }

  /** Where a fresh page puts the render camera: the orbit view's place and aim, the default lens. */
  fromViewKeepingLens(): void {
    this.fromView();
    this.camera.set({ focalLength: DEFAULT_RENDER_CAMERA.focalLength });
  }

  dispose(): void {
    this.replaceBitmap(null);
    this.lines.dispose();
    this.plane.dispose();
    this.backdrop.dispose();
    this.guide.dispose();
  }

  private placeLines(): void {
    const state = this.camera.state;
    this.lines.place(state.position, frameCorners(state));
  }

  private replaceBitmap(bitmap: ImageBitmap | null): void {
    if (this.bitmap !== bitmap) this.bitmap?.close();
    this.bitmap = bitmap;
  }

  private showReference(): void {
    const image = this.reference.image;
    const settings = this.reference.settings;
    const view = this.viewport.visibleSize();
    this.backdrop.show(image, settings, this.lookThrough.frame ?? { x: 0, y: 0, width: view.width, height: view.height });
    this.plane.show(image === null ? null : this.bitmap, { ...settings, shown: settings.mode === 'plane' });
    this.requestFrame();
  }
}
