// The 3D half of the comparison: each specimen drawn once per method and
// twist, in a grid — columns by twist, rows by specimen and method — each
// cell a plain mesh of the CPU-skinned positions (the measured surface is
// the drawn one).
import * as THREE from 'three';

export interface GridCell {
  positions: Float32Array;
  triangles: Uint32Array;
  color: THREE.ColorRepresentation;
  column: number;
  row: number;
}

export interface GridLayout {
  columnSpacing: number;
  rowSpacing: number;
  /** Centre of row 0, world space. */
  origin_ws: THREE.Vector3;
}

/**
 * A mesh per cell: `centre_ms` of its specimen goes to the cell's place, and
 * `scale` makes specimens of different sizes comparable on screen.
 */
export function gridMesh(cell: GridCell, layout: GridLayout, centre_ms: THREE.Vector3, scale: number): THREE.Mesh {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(cell.positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(cell.triangles, 1));
  geometry.computeVertexNormals();
  const material = new THREE.MeshStandardMaterial({ color: cell.color, roughness: 0.55, metalness: 0.05 });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.scale.setScalar(scale);
  const place_ws = new THREE.Vector3(cell.column * layout.columnSpacing, -cell.row * layout.rowSpacing, 0).add(layout.origin_ws);
  mesh.position.copy(place_ws).addScaledVector(centre_ms, -scale);
  return mesh;
}

/** Centre and largest extent of the vertices `triangles` use. */
export function boundsOf(positions: ArrayLike<number>, triangles: ArrayLike<number>): { centre_ms: THREE.Vector3; size: number } {
  const box = new THREE.Box3();
  const p = new THREE.Vector3();
  for (let t = 0; t < triangles.length; t++) {
    const v = 3 * triangles[t];
    box.expandByPoint(p.set(positions[v], positions[v + 1], positions[v + 2]));
  }
  const size = box.getSize(new THREE.Vector3());
  return { centre_ms: box.getCenter(new THREE.Vector3()), size: Math.max(size.x, size.y, size.z) };
}
