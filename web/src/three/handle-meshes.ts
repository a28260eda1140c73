// The target handles' meshes: a sphere per goal, a cube for a pin, a
// diamond for a pole, each with a dark back-face shell as its outline, drawn
// over the character (no depth test, last). The geometries and the outline's
// material are shared by every handle; each handle's fill is its own, so its
// colour can light up on hover.
import * as THREE from 'three';

export interface HandleStyle {
  name: string;
  color: THREE.ColorRepresentation;
  /** Drawn as a cube instead of a sphere. */
  pinned?: boolean;
  /** A pole: a smaller diamond (an octahedron). */
  pole?: boolean;
}

const HANDLE_RADIUS = 0.035;
export const OUTLINE_RADIUS = 0.043;
/** A pin's cube side, in handle radii: about a sphere's area on screen. */
const PIN_SIDE = 1.6;
/** A pole's diamond, in handle radii. */
const POLE_SIZE = 1.25;
// Drawn without depth test, and late: `transparent` puts them in three.js's
// last render list (after the see-through grid) and the render order sorts
// them to its end.
const HANDLE_RENDER_ORDER = 10;
/** How much a hovered handle's colour moves towards white. */
const HOVER_LIGHTEN = 0.45;
const WHITE = new THREE.Color(0xffffff);

export class HandleMeshes {
  private readonly geometry = new THREE.SphereGeometry(1, 24, 16);
  private readonly pinGeometry = new THREE.BoxGeometry(PIN_SIDE, PIN_SIDE, PIN_SIDE);
  private readonly poleGeometry = new THREE.OctahedronGeometry(POLE_SIZE);
  private readonly outlineMaterial = new THREE.MeshBasicMaterial({
    color: 0x111318,
    side: THREE.BackSide,
    transparent: true,
    depthTest: false,
    depthWrite: false,
  });
  private readonly fills: THREE.Material[] = [];
  /** Each handle's own colour, which hovering lightens. */
  private readonly colors = new Map<THREE.Mesh, THREE.Color>();

  /** `scale`: the character's (characterScale): a handle is as big beside it as beside a human. */
  constructor(private readonly scale = 1) {}

  /** A handle drawn in `style`, with its outline; its fill material is its own (the meshes' dispose() frees it). */
  create(style: HandleStyle): THREE.Mesh {
    const fill = new THREE.MeshBasicMaterial({ color: style.color, transparent: true, depthTest: false, depthWrite: false });
    this.fills.push(fill);
    const geometry = style.pole ? this.poleGeometry : style.pinned ? this.pinGeometry : this.geometry;
    const handle = new THREE.Mesh(geometry, fill);
    handle.name = `target:${style.name}`;
    handle.scale.setScalar(HANDLE_RADIUS * this.scale);
    handle.renderOrder = HANDLE_RENDER_ORDER + 1;
    // A dark back-face shell reads as an outline against both skin and floor.
    const outline = new THREE.Mesh(geometry, this.outlineMaterial);
    outline.scale.setScalar(OUTLINE_RADIUS / HANDLE_RADIUS);
    outline.renderOrder = HANDLE_RENDER_ORDER;
    handle.add(outline);
    this.colors.set(handle, fill.color.clone());
    return handle;
  }

  /** Lightens a handle made here while it is hovered, and gives it back its colour after. */
  showHovered(handle: THREE.Mesh, hovered: boolean): void {
    const color = (handle.material as THREE.MeshBasicMaterial).color.copy(this.colors.get(handle)!);
    if (hovered) color.lerp(WHITE, HOVER_LIGHTEN);
  }

  dispose(): void {
    for (const fill of this.fills) fill.dispose();
    this.outlineMaterial.dispose();
    this.geometry.dispose();
    this.pinGeometry.dispose();
    this.poleGeometry.dispose();
  }
}
