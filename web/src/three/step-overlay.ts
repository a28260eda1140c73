// What a solver step-through draws over the view (lessons): at the
// effector, one arrow per degree of freedom — its Jacobian column a × (x − o),
// how the effector moves per radian of that joint — coloured by joint; the
// residual from the effector to the target; the line search's trial points
// (green accepted, red refused); and for FABRIK the joint positions after
// the backward (toward the target, orange) and forward (back to the root,
// cyan) passes. Drawn through the skin like the handles. A teaching view:
// it is rebuilt per shown iteration, not per drag frame.
import * as THREE from 'three';

const RENDER_ORDER = 12;
/** Metres of arrow per m/rad of Jacobian column. */
const ARROW_SCALE = 0.3;
const JOINT_COLORS = [0xff6b6b, 0xffc857, 0x7bd389, 0x6cc4ff, 0xc39bff, 0xff9ad5];
const TRIAL_ACCEPTED = 0x7fdc8c;
const TRIAL_REFUSED = 0xff6b6b;
const BACKWARD_COLOR = 0xf0a35a;
const FORWARD_COLOR = 0x6cc4ff;

export interface StepDrawing {
  /** The effector's point and its target, model space. */
  effector_ms: ArrayLike<number>;
  target_ms: ArrayLike<number>;
  /** Per degree of freedom: its joint (for the colour) and the effector's column (3 floats each). */
  columns: { joint: number; column: ArrayLike<number> }[];
  trials: { point_ms: ArrayLike<number>; accepted: boolean }[];
  /** FABRIK: joint points (3 floats each) after the backward and the forward pass. */
  backward_ms?: ArrayLike<number>;
  forward_ms?: ArrayLike<number>;
}

function vector(values: ArrayLike<number>, offset = 0): THREE.Vector3 {
  return new THREE.Vector3(values[offset], values[offset + 1], values[offset + 2]);
}

function overlayMaterial<T extends THREE.Material>(material: T): T {
  material.depthTest = false;
  material.depthWrite = false;
  material.transparent = true;
  return material;
}

export class StepOverlay {
  readonly group = new THREE.Group();
  private readonly dot = new THREE.SphereGeometry(0.012, 12, 8);

  constructor(scene: THREE.Scene) {
    this.group.name = 'step-overlay';
    scene.add(this.group);
  }

  /** Replaces what is drawn. */
  show(drawing: StepDrawing): void {
    this.clear();
    const origin = vector(drawing.effector_ms);
    for (const { joint, column } of drawing.columns) {
      const direction = vector(column);
      const length = direction.length() * ARROW_SCALE;
      if (!(length > 1e-4)) continue;
      const arrow = new THREE.ArrowHelper(direction.normalize(), origin, length, JOINT_COLORS[joint % JOINT_COLORS.length], Math.min(0.04, 0.3 * length), Math.min(0.025, 0.2 * length));
      arrow.name = 'jacobian-column';
      this.add(arrow);
    }
    this.add(this.polyline([origin, vector(drawing.target_ms)], 0xdfe3ea, 'residual'));
    for (const trial of drawing.trials) {
      const mesh = new THREE.Mesh(this.dot, overlayMaterial(new THREE.MeshBasicMaterial({ color: trial.accepted ? TRIAL_ACCEPTED : TRIAL_REFUSED, opacity: 0.9 })));
      mesh.position.copy(vector(trial.point_ms));
      mesh.name = 'trial-point';
      this.add(mesh);
    }
    if (drawing.backward_ms !== undefined) this.add(this.polyline(this.points(drawing.backward_ms), BACKWARD_COLOR, 'fabrik-backward'));
    if (drawing.forward_ms !== undefined) this.add(this.polyline(this.points(drawing.forward_ms), FORWARD_COLOR, 'fabrik-forward'));
  }

  /** How many things of a kind are drawn (tests read it through window.kin). */
  count(name: string): number {
    let count = 0;
    this.group.traverse((object) => {
      if (object.name === name) count++;
    });
    return count;
  }

  clear(): void {
    for (const child of [...this.group.children]) {
      child.removeFromParent();
      child.traverse((object) => {
        if (object instanceof THREE.Mesh || object instanceof THREE.Line) {
          if (object.geometry !== this.dot) object.geometry.dispose();
          (object.material as THREE.Material).dispose();
        }
      });
    }
  }

  dispose(): void {
    this.clear();
    this.dot.dispose();
    this.group.removeFromParent();
  }

  private add(object: THREE.Object3D): void {
    object.renderOrder = RENDER_ORDER;
    object.traverse((part) => {
      part.renderOrder = RENDER_ORDER;
      const material = (part as THREE.Mesh).material as THREE.Material | undefined;
      if (material !== undefined) overlayMaterial(material);
    });
    this.group.add(object);
  }

  private points(values: ArrayLike<number>): THREE.Vector3[] {
    return Array.from({ length: Math.floor(values.length / 3) }, (_, k) => vector(values, 3 * k));
  }

  private polyline(points: THREE.Vector3[], color: number, name: string): THREE.Line {
    const line = new THREE.Line(new THREE.BufferGeometry().setFromPoints(points), overlayMaterial(new THREE.LineBasicMaterial({ color, opacity: 0.85 })));
    line.name = name;
    line.frustumCulled = false;
    return line;
  }
}
