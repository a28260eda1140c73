// A rig's mirroring (wasm/include/kin/rig_mirror.h): its pose mirrored
// across the model's x = 0 plane. Got from Rig.mirroring; the bones are
// paired once, when it is made (a rig loads once: the pairs stay good).
import type { MirrorHandle } from '../wasm/generated/kin.js';
import type { MirrorMode } from './contract.js';
import { FeatureHandle } from './feature-handle.js';
import type { RigParts } from './rig-parts.js';

export class RigMirror extends FeatureHandle<MirrorHandle> {
  constructor(private readonly rig: RigParts) {
    super(new rig.module.RigMirror(rig.address), () => rig.alive());
  }

  /**
   * Mirrors the pose across the model's x = 0 plane (wasm/include/kin/mirror.h):
   * 'left-to-right' gives each right bone its left partner's mirrored pose and
   * makes the centre bones and root offset symmetric, 'right-to-left' the
   * other way, 'flip' mirrors every bone and the root offset. Bones pair by
   * name (hand_l / hand_r, Hand.L / Hand.R, LeftHand / RightHand, …). Throws,
   * changing nothing, naming the bone that keeps the rig from mirroring, or
   * for a mode that is not one of the contract's.
   */
  mirror(mode: MirrorMode): void {
    const modes = this.rig.contract.mirrorModes;
    const code = typeof mode === 'string' ? modes.indexOf(mode) : -1;
    if (code < 0) throw new Error(`Rig: unknown mirror mode '${String(mode)}'; the modes are ${modes.join(', ')}`);
    this.check(this.live().mirror(code));
  }

  /** The bone on the other side of each bone (itself for a centre bone); throws like mirror() for a rig that does not mirror. */
  partners(): Int32Array {
    const h = this.live();
    const partners = h.partners();
    if (partners === null) throw new Error(`Rig: ${h.errorMessage()}`);
    return Int32Array.from(partners);
  }
}
