// One candy-wrapper specimen on its own rig: twist it, skin it on the CPU
// with either method, and measure the enclosed volume of the result.
import type { Rig, SkinningMethod } from '../rig/rig.js';
import { enclosedVolume } from './mesh-volume.js';

export interface SpecimenDesc {
  /** Shown in the table. */
  label: string;
  rig: Rig;
  /** The closed surface whose volume is measured. */
  triangles: Uint32Array;
  /** The part that is drawn. */
  drawTriangles: Uint32Array;
  /** Rig bone that twists, and the slot of its Euler order that turns about its axis. */
  bone: number;
  slot: number;
}

export interface SkinnedSpecimen {
  /** CPU-skinned positions (a copy). */
  positions: Float32Array;
  volume: number;
}

export class Specimen {
  /** Enclosed volume in the rest pose. */
  readonly restVolume: number;

  constructor(readonly desc: SpecimenDesc) {
    this.restVolume = this.skinned('lbs', 0).volume;
  }

  /** The specimen with its bone twisted by `radians`, skinned by `method`. */
  skinned(method: SkinningMethod, radians: number): SkinnedSpecimen {
    const { rig, bone, slot, triangles } = this.desc;
    const angles: [number, number, number] = [0, 0, 0];
    angles[slot] = radians;
    rig.setAngles(bone, ...angles);
    rig.skinning.skin(method);
    const positions = Float32Array.from(rig.skinning.skinnedPositions());
    return { positions, volume: enclosedVolume(positions, triangles) };
  }

  dispose(): void {
    this.desc.rig.dispose();
  }
}
