// A library pose's thumbnail, drawn by the page: the pose put on the
// character's rig for a moment (and the rig's own pose put back), its bones
// drawn as a stick figure seen from the front and a little to its left (a
// body lying along its length from its left side) —
// the left side blue, the right red, the middle light — on a 2-D canvas.
import type { Rig } from '../rig/rig.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { type LibraryPose, libraryPoseOn } from '../posing/pose-library.js';

const COLOURS = { left: '#6cc4ff', right: '#ff8a6a', centre: '#e6e9ee' };
const FLOOR = '#3a414c';

/** Bone origins and tips (model space) of the rig posed by the library pose from rest. */
function posedSegments(rig: Rig, pose: LibraryPose): { from: Vec3Tuple; to: Vec3Tuple; name: string }[] {
  const savedPose = Float32Array.from(rig.pose());
  const savedRoot = [...rig.rootOffset] as Vec3Tuple;
  rig.setPose(new Float32Array(savedPose.length), [0, 0, 0]);
  const { angles, rootOffset_ms } = libraryPoseOn(rig, pose);
  rig.setPose(angles, rootOffset_ms);
  const tips = rig.boneTips();
  const model = rig.modelMatrices();
  const segments = rig.boneNames.flatMap((name, b) => {
    if (name.startsWith('ponytail_')) return [];
    const from: Vec3Tuple = [model[16 * b + 12], model[16 * b + 13], model[16 * b + 14]];
    const to: Vec3Tuple = [tips[3 * b], tips[3 * b + 1], tips[3 * b + 2]];
    return [{ from, to, name }];
  });
  rig.setPose(savedPose, savedRoot);
  return segments;
}

/** Draws the pose's thumbnail on `canvas` (its size in pixels as set). */
export function drawPoseThumbnail(canvas: HTMLCanvasElement, rig: Rig, pose: LibraryPose): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const segments = posedSegments(rig, pose);
  // Seen from the front, turned 25° toward the character's left: x' = x cos + z sin. A body lying
  // along Z (on its back or front: the trunk from the hips to the head's tip mostly along it) is
  // seen from its left instead, 25° toward the front, so that it lies across the thumbnail
  // rather than end-on.
  const trunk = [segments.find((g) => g.name === 'hips'), segments.find((g) => g.name === 'head')];
  const along = trunk[0] && trunk[1] ? trunk[1].to.map((v, k) => Math.abs(v - trunk[0]!.from[k])) : [0, 1, 0];
  const turn = along[2] > along[0] + along[1] ? Math.PI / 2 - 0.44 : 0.44;
  const [c, s] = [Math.cos(turn), Math.sin(turn)];
  const screen = ([x, y, z]: Vec3Tuple): [number, number] => [x * c + z * s, y];
  const points = segments.flatMap(({ from, to }) => [screen(from), screen(to)]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];
  const [minY, maxY] = [Math.min(0, ...ys), Math.max(...ys)];
  const { width, height } = canvas;
  const scale = 0.86 * Math.min(width / Math.max(maxX - minX, 0.3), height / Math.max(maxY - minY, 0.3));
  const toPixel = ([x, y]: [number, number]): [number, number] => [width / 2 + (x - (minX + maxX) / 2) * scale, height - 0.07 * height - (y - minY) * scale];
  context.clearRect(0, 0, width, height);
  context.lineCap = 'round';
  context.strokeStyle = FLOOR;
  context.lineWidth = 1;
  context.beginPath();
  const floorY = toPixel([0, 0])[1];
  context.moveTo(2, floorY);
  context.lineTo(width - 2, floorY);
  context.stroke();
  for (const { from, to, name } of segments) {
    const finger = /^(thumb|index|middle|ring|little)_/.test(name);
    context.strokeStyle = name.endsWith('_l') ? COLOURS.left : name.endsWith('_r') ? COLOURS.right : COLOURS.centre;
    context.lineWidth = finger ? 1 : 2.5;
    const [a, b] = [toPixel(screen(from)), toPixel(screen(to))];
    context.beginPath();
    context.moveTo(a[0], a[1]);
    context.lineTo(b[0], b[1]);
    context.stroke();
  }
  // The head as a circle at the head bone's middle.
  const head = segments.find((segment) => segment.name === 'head');
  if (head) {
    const middle = toPixel(screen(head.from.map((v, k) => (v + head.to[k]) / 2) as Vec3Tuple));
    context.fillStyle = COLOURS.centre;
    context.beginPath();
    context.arc(middle[0], middle[1], Math.max(3, 0.1 * scale), 0, 2 * Math.PI);
    context.fill();
  }
}
