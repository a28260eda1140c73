// A rig with a clip drawn as bones beside the character (a retarget's
// source, or another result of it): a whole character height to one side,
// standing on the character's floor where the clip starts (a motion-capture
// root stands where its clip puts it, not at its rest), at its own size
// unless its units clearly differ (centimetres, a toy: then scaled to the
// character's height). Each frame it samples the clip at the timeline's
// time; allocation-free while the time stands still or it is hidden.
import type * as THREE from 'three';
import { Vector3 } from 'three';
import type { LoopMode, Rig } from '../../rig/rig.js';
import { BoneLines } from '../../three/bone-lines.js';

/** How far beside the character, in its heights: clear of both figures' outstretched arms. */
export const BESIDE_GAP = 1;
/** Heights within this factor of each other are taken to be in the same units. */
const SAME_UNITS = 2.5;

/** Lowest and highest y of a rig's joints (bone-to-model matrices, 16 floats per bone), its root's position, and every joint. */
export function jointExtent(model_ms: Float32Array, boneCount: number): { low: number; high: number; root: THREE.Vector3; points: THREE.Vector3[] } {
  const points = Array.from({ length: boneCount }, (_, b) => new Vector3(model_ms[16 * b + 12], model_ms[16 * b + 13], model_ms[16 * b + 14]));
  const ys = points.map((p) => p.y);
  return { low: Math.min(...ys), high: Math.max(...ys), root: points[0].clone(), points };
}

export class SkeletonBeside {
  private lines: BoneLines | null = null;
  private rig: Rig | null = null;
  private drawnTime = Number.NaN;

  constructor(
    private readonly scene: THREE.Scene,
    private readonly color: THREE.ColorRepresentation,
  ) {}

  /**
   * Draws `rig` (its clip set; the caller keeps owning it) beside `target`:
   * on the character's right (side −1, the viewer's left from the front) or
   * left (+1). Returns where its joints stand as the clip starts (world
   * space), for framing.
   */
  place(rig: Rig, target: Rig, side: -1 | 1): THREE.Vector3[] {
    this.lines?.dispose();
    const lines = new BoneLines(rig.boneCount, this.color);
    this.scene.add(lines);
    const character = jointExtent(target.bindMatrices(), target.boneCount);
    rig.clips.sampleClip(0, 'clamp');
    const drawn = jointExtent(rig.modelMatrices(), rig.boneCount);
    const height = Math.max(character.high - character.low, 1e-3);
    const ratio = height / Math.max(drawn.high - drawn.low, 1e-6);
    const scale = ratio > 1 / SAME_UNITS && ratio < SAME_UNITS ? 1 : ratio;
    lines.scale.setScalar(scale);
    lines.position.set(character.root.x + side * BESIDE_GAP * height - scale * drawn.root.x, character.low - scale * drawn.low, character.root.z - scale * drawn.root.z);
    this.lines = lines;
    this.rig = rig;
    this.drawnTime = Number.NaN;
    return drawn.points.map((p) => p.multiplyScalar(scale).add(lines.position));
  }

  /** Called with every frame: shown or hidden, and posed at `time_s` of its clip. */
  update(shown: boolean, time_s: number, loop: LoopMode): void {
    const { lines, rig } = this;
    if (lines === null || rig === null) return;
    lines.visible = shown;
    if (!shown || time_s === this.drawnTime) return;
    rig.clips.sampleClip(time_s, loop);
    lines.update(rig.modelMatrices(), rig.boneTips());
    this.drawnTime = time_s;
  }

  /** Stops drawing (the rig stays its owner's). */
  dispose(): void {
    this.lines?.dispose();
    this.lines = null;
    this.rig = null;
  }
}
