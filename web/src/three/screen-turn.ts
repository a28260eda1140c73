// A turn by the pointer circling a point on the screen (Blender's R): the
// rotation is the one it started from, turned about the line of sight by
// the angle the pointer has swept round the point. Allocation-free per move.
import * as THREE from 'three';

export class ScreenTurn {
  private readonly centre_px = new THREE.Vector2();
  private startAngle = 0;
  private readonly start = new THREE.Quaternion();
  private readonly axis_ws = new THREE.Vector3();
  private readonly turned = new THREE.Quaternion();

  /** Starts at pointer (x, y) round `centre` (page CSS px), from `start`, seen by `camera`. */
  begin(camera: THREE.Camera, centreX: number, centreY: number, x: number, y: number, start: THREE.Quaternion): void {
    this.centre_px.set(centreX, centreY);
    this.startAngle = Math.atan2(y - centreY, x - centreX);
    this.start.copy(start);
    // Into the screen: a turn by +θ about it looks clockwise, as the pointer's angle (y down) grows clockwise.
    camera.getWorldDirection(this.axis_ws);
  }

  /** The rotation for the pointer at (x, y) (read it, do not keep it). */
  at(x: number, y: number): THREE.Quaternion {
    const angle = Math.atan2(y - this.centre_px.y, x - this.centre_px.x) - this.startAngle;
    return this.turned.setFromAxisAngle(this.axis_ws, angle).multiply(this.start);
  }
}
