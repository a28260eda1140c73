// Points to frame: each centre with six more a `padding_m` away along ±x,
// ±y and ±z, so that framing keeps some room around each (a bone's
// thickness, a target's handle).
import * as THREE from 'three';

export function paddedPoints(centres: readonly THREE.Vector3[], padding_m: number): THREE.BufferAttribute {
  const points = new THREE.BufferAttribute(new Float32Array(3 * 7 * centres.length), 3);
  centres.forEach((centre, k) => {
    points.setXYZ(7 * k, centre.x, centre.y, centre.z);
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [-1, 1]) {
        const offset = [0, 0, 0];
        offset[axis] = side * padding_m;
        points.setXYZ(7 * k + 1 + 2 * axis + (side + 1) / 2, centre.x + offset[0], centre.y + offset[1], centre.z + offset[2]);
      }
    }
  });
  return points;
}
