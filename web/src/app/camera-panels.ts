// The inspector's panels for taking pictures — Camera, Lights, Reference
// image — over the page's camera (page-camera.ts), made, reset and freed together.
import { CameraPanel } from '../ui/camera-panel.js';
import { LightsPanel } from '../ui/lights-panel.js';
import { ReferencePanel } from '../ui/reference-panel.js';
import type { PageCamera } from './page-camera.js';

export class CameraPanels {
  private readonly camera: CameraPanel;
  private readonly lights: LightsPanel;
  private readonly reference: ReferencePanel;

  constructor(parent: HTMLElement, page: PageCamera) {
    this.camera = new CameraPanel(parent, page);
    this.lights = new LightsPanel(parent, page.lights);
    this.reference = new ReferencePanel(parent, page);
  }

  /** A picture dropped on the page: the reference image, its problem said on its panel. */
  loadReference(file: File): Promise<void> {
    return this.reference.load(file);
  }

  /** Folded, as the page opens them. */
  reset(): void {
    this.camera.reset();
    this.lights.reset();
    this.reference.reset();
  }

  dispose(): void {
    this.camera.dispose();
    this.lights.dispose();
    this.reference.dispose();
  }
}
