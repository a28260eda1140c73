// The skin coloured by one bone's weights (lessons): the character's
// triangles at CPU-skinned positions (the core's skinning, LBS or DQS), each
// vertex from dark blue (weight 0) through green to red (weight 1) for the
// chosen bone. The caller hides the character's own mesh while it shows.
// A teaching view: update() runs when the pose or the weights change.
import * as THREE from 'three';

/** The heat colour of weight w in [0, 1]. */
export function heatColor(w: number, out: Float32Array, offset: number): void {
  const t = Math.min(1, Math.max(0, w));
  out[offset] = Math.min(1, Math.max(0, 2 * t - 0.5));
  out[offset + 1] = t < 0.5 ? 2 * t : 2 - 2 * t;
  out[offset + 2] = Math.max(0, 1 - 2.2 * t) * 0.8 + 0.15 * (1 - t);
}

export class WeightColors {
  readonly mesh: THREE.Mesh;
  private readonly positions: THREE.BufferAttribute;
  private readonly colors: THREE.BufferAttribute;

  constructor(scene: THREE.Scene, triangles: ArrayLike<number>, vertexCount: number) {
    const geometry = new THREE.BufferGeometry();
    this.positions = new THREE.BufferAttribute(new Float32Array(3 * vertexCount), 3);
    this.colors = new THREE.BufferAttribute(new Float32Array(3 * vertexCount), 3);
    geometry.setAttribute('position', this.positions);
    geometry.setAttribute('color', this.colors);
    geometry.setIndex(Array.from(triangles));
    this.mesh = new THREE.Mesh(geometry, new THREE.MeshLambertMaterial({ vertexColors: true }));
    this.mesh.name = 'weight-colors';
    this.mesh.frustumCulled = false;
    scene.add(this.mesh);
  }

  /** Skinned positions (3 floats per vertex) and, per vertex, `influences` joints and weights. */
  update(skinned: ArrayLike<number>, joints: ArrayLike<number>, weights: ArrayLike<number>, influences: number, bone: number): void {
    (this.positions.array as Float32Array).set(skinned as ArrayLike<number>);
    this.positions.needsUpdate = true;
    this.mesh.geometry.computeVertexNormals();
    const colors = this.colors.array as Float32Array;
    const vertices = colors.length / 3;
    for (let v = 0; v < vertices; v++) {
      let w = 0;
      for (let k = 0; k < influences; k++) if (joints[influences * v + k] === bone) w += weights[influences * v + k];
      heatColor(w, colors, 3 * v);
    }
    this.colors.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.removeFromParent();
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
  }
}
