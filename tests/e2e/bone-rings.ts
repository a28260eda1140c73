// Dragging one ring of the selected bone's rotation gizmo (three.js
// TransformControls at the joint) with the real mouse. Where a ring is drawn
// depends on the camera and on three.js's gizmo sizing, so the pointer looks
// for it as a user does: it moves outward round the joint until the gizmo
// says that ring is under it (kin.boneGizmoAxis, the control's own picking).
// The drag then goes the way that ring turns fastest: TransformControls
// turns a ring about axis a by the pointer's offset along a × eye (eye:
// from the joint to the camera), so an offset along the ring's line on
// screen may turn it not at all.
import type {} from '../../web/src/app/kin-api.js'; // declares window.kin
import type { Page } from 'playwright-core';
import { nextFrame } from './browser.js';

export type Ring = 'X' | 'Y' | 'Z';

/** The first point (CSS px) round the bone's joint, going outward, where the pointer is over `ring`; throws if none within 160 px. */
export async function findRing(page: Page, bone: string, ring: Ring): Promise<{ x: number; y: number }> {
  const joint = await page.evaluate((name) => window.kin.boneScreenPosition(name, 0), bone);
  for (let radius = 4; radius <= 160; radius += 4) {
    for (let k = 0; k < 24; k++) {
      const x = joint.x + radius * Math.cos((k * Math.PI) / 12);
      const y = joint.y + radius * Math.sin((k * Math.PI) / 12);
      await page.mouse.move(x, y);
      if ((await page.evaluate(() => window.kin.boneGizmoAxis())) === ring) return { x, y };
    }
  }
  throw new Error(`no ${ring} ring of ${bone}'s gizmo within 160 px of its joint`);
}

/** The screen direction (unit, CSS px axes: y down) in which a drag turns `bone` about its joint frame's `ring` axis fastest. */
export function ringDragDirection(page: Page, bone: string, ring: Ring): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([name, axisName]) => {
      type V = [number, number, number];
      const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
      const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
      const unit = (a: V): V => a.map((v) => v / Math.hypot(...a)) as V;
      const rig = window.kin.rig!;
      const b = rig.boneIndex(name);
      const m = rig.modelMatrices().slice(16 * b, 16 * b + 16);
      // The gizmo turns like the joint frame as posed: the bone's model rotation (columns, scale divided out) · F.
      const local: V = [axisName === 'X' ? 1 : 0, axisName === 'Y' ? 1 : 0, axisName === 'Z' ? 1 : 0];
      const [qx, qy, qz, qw] = rig.frame(b);
      const t = cross([qx, qy, qz], local).map((v) => 2 * v) as V;
      const u = cross([qx, qy, qz], t);
      const framed: V = [local[0] + qw * t[0] + u[0], local[1] + qw * t[1] + u[1], local[2] + qw * t[2] + u[2]];
      const column = (c: number): V => unit([m[4 * c], m[4 * c + 1], m[4 * c + 2]]);
      const axis = unit([0, 1, 2].map((r) => column(0)[r] * framed[0] + column(1)[r] * framed[1] + column(2)[r] * framed[2]) as V);
      const camera = window.kin.camera();
      const joint: V = [m[12], m[13], m[14]];
      const turn = unit(cross(axis, unit(sub(camera.position, joint))));
      // The camera's right and up (the orbit camera keeps +Y up).
      const forward = unit(sub(camera.target, camera.position));
      const right = unit(cross(forward, [0, 1, 0]));
      const up = cross(right, forward);
      const screen = [dot(turn, right), -dot(turn, up)];
      const length = Math.hypot(screen[0], screen[1]);
      return { x: screen[0] / length, y: screen[1] / length };
    },
    [bone, ring] as const,
  );
}

/** Presses on `bone`'s `ring` and drags 40 px the way it turns, a frame drawn at each of 8 moves, then releases. */
export async function dragRing(page: Page, bone: string, ring: Ring): Promise<void> {
  const at = await findRing(page, bone, ring);
  const direction = await ringDragDirection(page, bone, ring);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await page.mouse.move(at.x + 5 * step * direction.x, at.y + 5 * step * direction.y);
    await nextFrame(page);
  }
  await page.mouse.up();
  await nextFrame(page);
}
