// Another rig's skeleton drawn beside the character: a line from each joint
// to its tip and the skeleton overlay's octahedron around it, in one colour,
// placed by a scale and an offset of its own (a retarget's source, drawn at
// the target's size next to it). The poses come from whoever holds that rig
// (model matrices and tips, as Rig gives them); update() allocates nothing.
import * as THREE from 'three';
import { boneGeometry, placeBone } from './skeleton-overlay.js';

const OPACITY = 0.9;

export class BoneLines extends THREE.Group {
  private readonly lines: THREE.LineSegments;
  /** 2 vertices per bone: its joint, then its tip, the rig's model space. */
  private readonly positions: THREE.BufferAttribute;
  private readonly bones: THREE.InstancedMesh;
  private readonly origin_ms = new THREE.Vector3();
  private readonly boneMatrix = new THREE.Matrix4();

  constructor(readonly boneCount: number, color: THREE.ColorRepresentation) {
    super();
    this.positions = new THREE.BufferAttribute(new Float32Array(3 * 2 * boneCount), 3);
    const lineGeometry = new THREE.BufferGeometry();
    lineGeometry.setAttribute('position', this.positions);
    this.lines = new THREE.LineSegments(lineGeometry, new THREE.LineBasicMaterial({ color, transparent: true, opacity: OPACITY }));
    this.bones = new THREE.InstancedMesh(boneGeometry(), new THREE.MeshBasicMaterial({ color, vertexColors: true, transparent: true, opacity: OPACITY }), boneCount);
    for (const object of [this.lines, this.bones]) {
      // The pose moves every vertex: bounds computed once would cull a moved skeleton.
      object.frustumCulled = false;
      this.add(object);
    }
    this.name = 'bone-lines';
  }

  /** Follows a pose: bone-to-model matrices (16 floats per bone) and tips (3 per bone) of the drawn rig. */
  update(model_ms: Float32Array, tips_ms: Float32Array): void {
    const positions = this.positions.array as Float32Array;
    for (let b = 0; b < this.boneCount; b++) {
      const m = 16 * b;
      this.origin_ms.set(model_ms[m + 12], model_ms[m + 13], model_ms[m + 14]);
      placeBone(this.boneMatrix, this.origin_ms, tips_ms[3 * b], tips_ms[3 * b + 1], tips_ms[3 * b + 2]);
      this.bones.setMatrixAt(b, this.boneMatrix);
      positions[6 * b] = this.origin_ms.x;
      positions[6 * b + 1] = this.origin_ms.y;
      positions[6 * b + 2] = this.origin_ms.z;
      positions[6 * b + 3] = tips_ms[3 * b];
      positions[6 * b + 4] = tips_ms[3 * b + 1];
      positions[6 * b + 5] = tips_ms[3 * b + 2];
    }
    this.bones.instanceMatrix.needsUpdate = true;
    this.positions.needsUpdate = true;
  }

  /** Frees the GPU resources and leaves the scene. */
  dispose(): void {
    this.removeFromParent();
    this.lines.geometry.dispose();
    (this.lines.material as THREE.Material).dispose();
    this.bones.geometry.dispose();
    (this.bones.material as THREE.Material).dispose();
    this.bones.dispose();
  }
}
