// Every bone's frame drawn as RGB axes (x red, y green, z blue) at its
// joint, for the spaces-and-axes lessons: the pose frame P_j·F solid, the
// bind frame B_j·F faded (F: the joint frame, whose columns are the axes the
// Euler slots turn about). Drawn through the skin like the handles.
// update() writes into fixed buffers (no allocation).
import * as THREE from 'three';

const RENDER_ORDER = 11;
const AXIS_COLORS = [
  [1, 0.32, 0.32],
  [0.45, 0.9, 0.45],
  [0.4, 0.62, 1],
];

type Mat = ArrayLike<number>;

export class BoneFrames {
  readonly pose: THREE.LineSegments;
  readonly bind: THREE.LineSegments;
  private readonly posePositions: THREE.BufferAttribute;
  private readonly bindPositions: THREE.BufferAttribute;
  private readonly frame = new THREE.Matrix4();
  private readonly model = new THREE.Matrix4();
  private readonly axis = new THREE.Vector3();
  private readonly origin = new THREE.Vector3();
  private readonly rotation = new THREE.Quaternion();

  constructor(scene: THREE.Scene, private readonly boneCount: number, private readonly length_m: number) {
    const lines = (opacity: number, name: string): [THREE.LineSegments, THREE.BufferAttribute] => {
      const positions = new THREE.BufferAttribute(new Float32Array(18 * boneCount), 3);
      const colors = new Float32Array(18 * boneCount);
      for (let j = 0; j < boneCount; j++)
        for (let a = 0; a < 3; a++)
          for (let end = 0; end < 2; end++) colors.set(AXIS_COLORS[a], 18 * j + 6 * a + 3 * end);
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', positions);
      geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
      const segments = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, opacity, depthTest: false, depthWrite: false }));
      segments.name = name;
      segments.renderOrder = RENDER_ORDER;
      segments.frustumCulled = false;
      scene.add(segments);
      return [segments, positions];
    };
    [this.pose, this.posePositions] = lines(1, 'pose-frames');
    [this.bind, this.bindPositions] = lines(0.3, 'bind-frames');
  }

  /**
   * Pose and bind bone-to-model matrices (16 floats per bone, column-major)
   * and the joint frames (x y z w per bone).
   */
  update(pose_ms: Mat, bind_ms: Mat, frames: Mat): void {
    this.write(this.posePositions, pose_ms, frames);
    this.write(this.bindPositions, bind_ms, frames);
  }

  dispose(): void {
    for (const lines of [this.pose, this.bind]) {
      lines.removeFromParent();
      lines.geometry.dispose();
      (lines.material as THREE.Material).dispose();
    }
  }

  private write(attribute: THREE.BufferAttribute, matrices: Mat, frames: Mat): void {
    const out = attribute.array as Float32Array;
    for (let j = 0; j < this.boneCount; j++) {
      this.model.fromArray(matrices as number[], 16 * j);
      this.frame.makeRotationFromQuaternion(this.rotation.set(frames[4 * j], frames[4 * j + 1], frames[4 * j + 2], frames[4 * j + 3]));
      this.model.multiply(this.frame);
      this.origin.setFromMatrixPosition(this.model);
      for (let a = 0; a < 3; a++) {
        this.axis.setFromMatrixColumn(this.model, a).normalize().multiplyScalar(this.length_m).add(this.origin);
        this.origin.toArray(out, 18 * j + 6 * a);
        this.axis.toArray(out, 18 * j + 6 * a + 3);
      }
    }
    attribute.needsUpdate = true;
  }
}
