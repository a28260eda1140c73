// Lines between the two points of each contact (a hand and the shoulder it
// holds), so that it reads which goal is held where, in the view's space
// (the active character's model space, as the handles), with a dot at each
// end, drawn over the handles: a held handle shows the contacts' colour in
// its middle, and a contact that holds (its two points together) is a dot.
// Drawn through the skin like the pole lines; set() writes the points in
// place and allocates nothing.
import * as THREE from 'three';

// The lines with the handles' outlines, as the pole lines; the dots over the handles (11).
const RENDER_ORDER = 10;
const DOT_RENDER_ORDER = 12;
const CONTACT_COLOR = 0xff7ab8;
/** The dots' size on screen (CSS px at any distance): smaller than a handle, so that it shows in a held handle's middle. */
const DOT_PX = 14;
const DOT_TEXTURE_PX = 32;

/** A round dot with a soft edge, as a texture for the points (they draw squares without one). */
function dotTexture(): THREE.DataTexture {
  const n = DOT_TEXTURE_PX;
  const pixels = new Uint8Array(4 * n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const r = Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) / (n / 2);
      const k = 4 * (y * n + x);
      pixels[k] = pixels[k + 1] = pixels[k + 2] = 255;
      pixels[k + 3] = Math.round(255 * Math.min(1, Math.max(0, (1 - r) * 6)));
    }
  }
  const texture = new THREE.DataTexture(pixels, n, n);
  texture.needsUpdate = true;
  return texture;
}

export class ContactLines {
  readonly lines: THREE.LineSegments;
  private readonly dots: THREE.Points;
  private readonly positions: THREE.BufferAttribute;

  /** Room for `capacity` contacts. */
  constructor(scene: THREE.Object3D, private readonly capacity: number) {
    this.positions = new THREE.BufferAttribute(new Float32Array(6 * capacity), 3);
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', this.positions);
    geometry.setDrawRange(0, 0);
    this.lines = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: CONTACT_COLOR, depthTest: false, depthWrite: false, transparent: true, opacity: 0.9 }));
    this.lines.name = 'contact-lines';
    this.lines.renderOrder = RENDER_ORDER;
    this.lines.frustumCulled = false;
    this.lines.visible = false;
    // The same points, as dots: both ends of every line.
    this.dots = new THREE.Points(geometry, new THREE.PointsMaterial({ color: CONTACT_COLOR, map: dotTexture(), size: DOT_PX, sizeAttenuation: false, depthTest: false, depthWrite: false, transparent: true }));
    this.dots.name = 'contact-dots';
    this.dots.renderOrder = DOT_RENDER_ORDER;
    this.dots.frustumCulled = false;
    this.lines.add(this.dots);
    scene.add(this.lines);
  }

  /** Line `k` from (ax, ay, az) to (bx, by, bz); k below the capacity. */
  set(k: number, a: ArrayLike<number>, b: ArrayLike<number>): void {
    const p = this.positions.array as Float32Array;
    p[6 * k] = a[0];
    p[6 * k + 1] = a[1];
    p[6 * k + 2] = a[2];
    p[6 * k + 3] = b[0];
    p[6 * k + 4] = b[1];
    p[6 * k + 5] = b[2];
  }

  /** Draws the first `count` lines set. */
  show(count: number): void {
    const n = Math.min(count, this.capacity);
    this.lines.geometry.setDrawRange(0, 2 * n);
    this.lines.visible = n > 0;
    this.positions.needsUpdate = true;
  }

  dispose(): void {
    this.lines.removeFromParent();
    this.lines.geometry.dispose();
    (this.lines.material as THREE.Material).dispose();
    const dots = this.dots.material as THREE.PointsMaterial;
    dots.map?.dispose();
    dots.dispose();
  }
}
