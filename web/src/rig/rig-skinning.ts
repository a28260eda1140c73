// A rig's CPU skinning (wasm/include/kin/rig_skin.h): one mesh skinned by the
// rig's palette, its capsule weights, and the palette packed for a DQS
// shader. Got from Rig.skinning; dqsPalette() is a frame's call and
// allocates nothing.
import type { SkinningHandle } from '../wasm/generated/kin.js';
import type { SkinningMethod } from './contract.js';
import { FeatureHandle } from './feature-handle.js';
import type { RigParts } from './rig-parts.js';

export class RigSkinning extends FeatureHandle<SkinningHandle> {
  constructor(private readonly rig: RigParts) {
    super(new rig.module.RigSkinning(rig.address), () => rig.alive());
  }

  /**
   * The mesh to skin on the CPU: bind-pose positions (3 per vertex), normals
   * (3 per vertex, or empty), joints in this rig's bone order and weights
   * (4 or 8 per vertex: glTF's JOINTS_0, or JOINTS_0 then JOINTS_1 for each
   * vertex). Validated once here.
   */
  setSkin(positions: ArrayLike<number>, normals: ArrayLike<number>, joints: ArrayLike<number>, weights: ArrayLike<number>): void {
    this.check(this.live().setSkin(positions, normals, joints, weights));
  }

  /**
   * Recomputes the skin's joints and weights in place by Scotty3D's capsule
   * rule (wasm/include/kin/capsule_weights.h): per vertex and bone, with d
   * the distance to the bone's bind-pose segment (origin to tip) and r its
   * radius, w = max(0, r − d) / r; the 4 largest kept and normalised, the
   * nearest bone alone for a vertex in no capsule. `radii`: one per bone,
   * finite and > 0. The next skin() uses the new weights. Returns views over
   * the skin's joints and weights (as many per vertex as setSkin gave: slots
   * past the 4th hold weight 0), valid until the next rig call; copy them
   * for the GPU's skinIndex / skinWeight. Throws naming a bad radius, or
   * without a skin, changing nothing.
   */
  capsuleWeights(radii: ArrayLike<number>): { joints: Uint16Array; weights: Float32Array } {
    this.check(this.live().setCapsuleWeights(radii));
    return { joints: this.rig.views.view('skinJoints'), weights: this.rig.views.view('skinWeights') };
  }

  /**
   * Skins the mesh with the current palette: 'lbs' linear blend, 'dqs' dual
   * quaternion skinning with scale (no candy-wrapper collapse under twist).
   */
  skin(method: SkinningMethod = 'lbs'): void {
    const methods = this.rig.contract.skinningMethods;
    const code = methods.indexOf(method);
    if (code < 0) throw new Error(`Rig: unknown skinning method '${String(method)}'; the methods are ${methods.join(', ')}`);
    this.check(this.live().skin(code));
  }

  /**
   * The current palette packed for a DQS shader (packed by this call; view,
   * no copy). 20 floats per bone, five RGBA texels: the dual quaternion's
   * real part x y z w, its dual part x y z w, then the three columns of the
   * scale/shear S (x y z 0 each). Throws naming a bone whose palette matrix
   * is singular.
   */
  dqsPalette(): Float32Array {
    this.live();
    this.check(this.rig.module._kin_skin_pack_dqs_palette(this.address));
    return this.rig.views.view('dqsPalette');
  }

  /** Skinned positions, 3 floats per vertex, model space (view). */
  skinnedPositions(): Float32Array {
    this.live();
    return this.rig.views.view('skinnedPositions');
  }

  /** Skinned unit normals, 3 floats per vertex (view; empty without normals). */
  skinnedNormals(): Float32Array {
    this.live();
    return this.rig.views.view('skinnedNormals');
  }
}
