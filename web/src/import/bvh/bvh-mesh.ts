// A BVH skeleton's own body for the page: a tapered eight-sided tube along
// every bone segment (from a joint to each child, and from a leaf to its
// tip), each rigidly skinned to the bone it belongs to, in the rig's model
// space at bind (BVH rests have no rotation: a joint sits at the sum of the
// OFFSETs above it). Drawn like a lesson mesh (lessons/lesson-mesh.ts).
import * as THREE from 'three';
import type { LessonMesh } from '../../lessons/skinned-tube.js';
import type { BoneDesc } from '../../rig/rig-desc.js';

const SIDES = 8;

/** The bind-pose origin of each bone (rest rotations are identity). */
function bindOrigins(bones: readonly BoneDesc[]): THREE.Vector3[] {
  const origins: THREE.Vector3[] = [];
  for (const bone of bones) {
    const local = new THREE.Vector3(...(bone.restT ?? [0, 0, 0]));
    origins.push(bone.parent < 0 ? local : local.add(origins[bone.parent]));
  }
  return origins;
}

/** The tubes of a rig whose rest rotations are identity (a BVH rig), skinned rigidly to their bones. */
export function bvhSkeletonMesh(bones: readonly BoneDesc[]): LessonMesh {
  const origins = bindOrigins(bones);
  const box = new THREE.Box3().setFromPoints(origins);
  const size = Math.max(box.getSize(new THREE.Vector3()).length(), 0.1);
  const segments: { bone: number; from: THREE.Vector3; to: THREE.Vector3 }[] = [];
  bones.forEach((bone, j) => {
    const children = bones.flatMap((c, k) => (c.parent === j ? [k] : []));
    const tip = new THREE.Vector3(...(bone.tip ?? [0, 0, 0]));
    // A leaf without a tip gets a short stub upward, so that every bone shows.
    if (tip.lengthSq() === 0) tip.set(0, 0.05 * size, 0);
    const ends = children.length > 0 ? children.map((c) => origins[c]) : [origins[j].clone().add(tip)];
    for (const to of ends) if (to.distanceTo(origins[j]) > 0) segments.push({ bone: j, from: origins[j], to });
  });
  const positions: number[] = [];
  const triangles: number[] = [];
  const joints: number[] = [];
  const up = new THREE.Vector3(0, 1, 0);
  for (const { bone, from, to } of segments) {
    const length = from.distanceTo(to);
    const radius = Math.max(0.004 * size, Math.min(0.12 * length, 0.025 * size));
    const geometry = new THREE.CylinderGeometry(0.6 * radius, radius, length, SIDES, 1);
    // Along +Y centred at the origin: base at `from`, narrow end at `to`.
    geometry.translate(0, length / 2, 0);
    geometry.applyQuaternion(new THREE.Quaternion().setFromUnitVectors(up, to.clone().sub(from).normalize()));
    geometry.translate(from.x, from.y, from.z);
    const first = positions.length / 3;
    positions.push(...geometry.getAttribute('position').array);
    triangles.push(...Array.from(geometry.getIndex()!.array, (v) => v + first));
    for (let v = first; v < positions.length / 3; v++) joints.push(bone, 0, 0, 0);
    geometry.dispose();
  }
  const vertices = positions.length / 3;
  const weights = new Float32Array(4 * vertices);
  for (let v = 0; v < vertices; v++) weights[4 * v] = 1;
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles), joints: Uint16Array.from(joints), weights };
}
