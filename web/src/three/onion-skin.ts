// Onion skin: ghosts of the character at other times of the clip (the keys
// before and after the current time), drawn as translucent bones — a line
// from each joint to its tip and the skeleton overlay's octahedron around it
// — so that an animator sees where the motion comes from and goes. The
// poses come from the core (Rig.sampleGhost, Rig.ghostModel): the clip
// sampled into the rig's ghost buffers (model matrices and tips), its own
// pose untouched. update()
// allocates nothing; hide it with `visible`, free it with dispose().
import * as THREE from 'three';
import type { LoopMode, Rig } from '../rig/rig.js';
import { boneGeometry, placeBone } from './skeleton-overlay.js';

// Under the skeleton overlay (8), over the character: drawn through the skin (as the handles are),
// since the neighbouring poses mostly lie inside the body.
const RENDER_ORDER = 7;
const OPACITY = 0.35;
/** Earlier ghost warm, later ghost cool (as in most animation tools). */
const DEFAULT_COLORS: readonly THREE.ColorRepresentation[] = [0xff7a6b, 0x6bc8ff];

interface Ghost {
  lines: THREE.LineSegments;
  /** 2 vertices per bone: its joint, then its tip, model space. */
  positions: THREE.BufferAttribute;
  bones: THREE.InstancedMesh;
}

export class OnionSkin extends THREE.Group {
  private readonly ghosts: Ghost[];
  private readonly geometry = boneGeometry();
  private readonly origin_ms = new THREE.Vector3();
  private readonly boneMatrix = new THREE.Matrix4();

  /** One ghost per colour (default: two, earlier and later); hidden until shown with `visible`. */
  constructor(private readonly rig: Rig, colors: readonly THREE.ColorRepresentation[] = DEFAULT_COLORS) {
    super();
    const count = rig.boneCount;
    this.ghosts = colors.map((color) => {
      const positions = new THREE.BufferAttribute(new Float32Array(3 * 2 * count), 3);
      const lineGeometry = new THREE.BufferGeometry();
      lineGeometry.setAttribute('position', positions);
      const lines = new THREE.LineSegments(lineGeometry, new THREE.LineBasicMaterial({ color, transparent: true, opacity: OPACITY, depthTest: false, depthWrite: false }));
      const bones = new THREE.InstancedMesh(this.geometry, new THREE.MeshBasicMaterial({ color, transparent: true, opacity: OPACITY, depthTest: false, depthWrite: false }), count);
      for (const object of [lines, bones]) {
        object.renderOrder = RENDER_ORDER;
        object.frustumCulled = false;
        object.visible = false;
        this.add(object);
      }
      return { lines, positions, bones };
    });
    this.name = 'onion-skin';
    this.visible = false;
  }

  /** How many ghosts it can show. */
  get ghostCount(): number {
    return this.ghosts.length;
  }

  /**
   * Shows ghost g at `times_s[g]` (seconds, the rig's clip) for each given
   * time, and hides the ghosts beyond them. The rig's pose is untouched.
   */
  update(times_s: Float64Array, loop: LoopMode): void {
    for (let g = 0; g < this.ghosts.length; g++) {
      const ghost = this.ghosts[g];
      const shown = g < times_s.length;
      ghost.lines.visible = shown;
      ghost.bones.visible = shown;
      if (!shown) continue;
      // Sampled here, not in draw(): a double handed to a call V8 does not
      // inline is boxed (16 bytes), and this small loop inlines the rig's call.
      this.rig.clips.sampleGhostAt(times_s, g, loop);
      this.draw(ghost);
    }
  }

  /** Moves the ghost's lines and octahedra onto the pose just sampled into the rig's ghost buffers. */
  private draw(ghost: Ghost): void {
    const { rig, origin_ms, boneMatrix } = this;
    const model_ms = rig.clips.ghostModel();
    const tips_ms = rig.clips.ghostTips();
    const positions = ghost.positions.array as Float32Array;
    for (let b = 0; b < rig.boneCount; b++) {
      origin_ms.set(model_ms[16 * b + 12], model_ms[16 * b + 13], model_ms[16 * b + 14]);
      positions[6 * b] = origin_ms.x;
      positions[6 * b + 1] = origin_ms.y;
      positions[6 * b + 2] = origin_ms.z;
      positions[6 * b + 3] = tips_ms[3 * b];
      positions[6 * b + 4] = tips_ms[3 * b + 1];
      positions[6 * b + 5] = tips_ms[3 * b + 2];
      placeBone(boneMatrix, origin_ms, tips_ms[3 * b], tips_ms[3 * b + 1], tips_ms[3 * b + 2]);
      ghost.bones.setMatrixAt(b, boneMatrix);
    }
    ghost.positions.needsUpdate = true;
    ghost.bones.instanceMatrix.needsUpdate = true;
  }

  /** Ghost g's line vertices: per bone its joint then its tip (x y z each), model space (the buffer drawn, not a copy). */
  linePositions(ghost: number): Float32Array {
    return this.ghosts[ghost].positions.array as Float32Array;
  }

  /** Ghost g's octahedra (one instance per bone). */
  boneMeshes(ghost: number): THREE.InstancedMesh {
    return this.ghosts[ghost].bones;
  }

  dispose(): void {
    this.removeFromParent();
    for (const ghost of this.ghosts) {
      ghost.lines.geometry.dispose();
      (ghost.lines.material as THREE.Material).dispose();
      (ghost.bones.material as THREE.Material).dispose();
      ghost.bones.dispose();
    }
    this.geometry.dispose();
  }
}
