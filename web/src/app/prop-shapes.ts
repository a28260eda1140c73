// The built-in props as three.js objects: the primitives at the size
// scene/prop-kinds.ts gives them, and a stool and a chair put together from
// boxes and cylinders, with the seat's top where the scene expects it (a
// sitter is placed from those numbers, not from this mesh). Each object's
// origin is where prop-kinds.ts says (on the floor for the seats and the
// plane, the centre for the rest). Geometries are made per object; dispose
// them with disposeObject. In app/, not three/: the sizes are the scene's
// (scene/ sits above three/).
import * as THREE from 'three';
import {
  type BuiltInKind,
  CHAIR_BACK_HEIGHT_M,
  PLANE_SIZE_M,
  PRIMITIVE_SIZE_M,
  SEAT_HEIGHT_M,
  SEAT_SIDE_M,
  SEAT_THICKNESS_M,
} from '../scene/prop-kinds.js';

const PRIMITIVE_COLOR = 0x8aa4c8;
const WOOD_COLOR = 0xa0764e;
const LEG_RADIUS_M = 0.02;
const SEGMENTS = 32;

function mesh(geometry: THREE.BufferGeometry, color: number, name: string): THREE.Mesh {
  const shape = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color, roughness: 0.7, side: THREE.DoubleSide }));
  shape.name = name;
  return shape;
}

/** A square seat board on four legs, its top at SEAT_HEIGHT_M; the chair's also has a back at its −Z edge. */
function seat(withBack: boolean): THREE.Group {
  const group = new THREE.Group();
  const board = mesh(new THREE.BoxGeometry(SEAT_SIDE_M, SEAT_THICKNESS_M, SEAT_SIDE_M), WOOD_COLOR, 'seat');
  board.position.y = SEAT_HEIGHT_M - SEAT_THICKNESS_M / 2;
  group.add(board);
  const legHeight = SEAT_HEIGHT_M - SEAT_THICKNESS_M;
  const inset = SEAT_SIDE_M / 2 - 2 * LEG_RADIUS_M;
  for (const [x, z] of [[-inset, -inset], [inset, -inset], [-inset, inset], [inset, inset]]) {
    const leg = mesh(new THREE.CylinderGeometry(LEG_RADIUS_M, LEG_RADIUS_M, legHeight, 12), WOOD_COLOR, 'leg');
    leg.position.set(x, legHeight / 2, z);
    group.add(leg);
  }
  if (withBack) {
    const back = mesh(new THREE.BoxGeometry(SEAT_SIDE_M, CHAIR_BACK_HEIGHT_M, SEAT_THICKNESS_M), WOOD_COLOR, 'back');
    back.position.set(0, SEAT_HEIGHT_M + CHAIR_BACK_HEIGHT_M / 2, -SEAT_SIDE_M / 2 + SEAT_THICKNESS_M / 2);
    group.add(back);
  }
  return group;
}

/** A new object of the kind, its origin where prop-kinds.ts puts it. */
export function builtInObject(kind: BuiltInKind): THREE.Object3D {
  const s = PRIMITIVE_SIZE_M;
  switch (kind) {
    case 'box':
      return mesh(new THREE.BoxGeometry(s, s, s), PRIMITIVE_COLOR, kind);
    case 'sphere':
      return mesh(new THREE.SphereGeometry(s / 2, SEGMENTS, SEGMENTS / 2), PRIMITIVE_COLOR, kind);
    case 'cylinder':
      return mesh(new THREE.CylinderGeometry(s / 2, s / 2, s, SEGMENTS), PRIMITIVE_COLOR, kind);
    case 'cone':
      return mesh(new THREE.ConeGeometry(s / 2, s, SEGMENTS), PRIMITIVE_COLOR, kind);
    case 'plane':
      // Lying on the floor: three.js's plane stands in XY, turned to face +Y.
      return mesh(new THREE.PlaneGeometry(PLANE_SIZE_M, PLANE_SIZE_M).rotateX(-Math.PI / 2), PRIMITIVE_COLOR, kind);
    case 'stool':
      return seat(false);
    case 'chair':
      return seat(true);
  }
}

/** Frees the geometries and materials under `object`. */
export function disposeObject(object: THREE.Object3D): void {
  object.traverse((o) => {
    const shape = o as THREE.Mesh;
    if (!shape.isMesh) return;
    shape.geometry.dispose();
    for (const material of Array.isArray(shape.material) ? shape.material : [shape.material]) material.dispose();
  });
}
