// A textured skinned glTF for the material tests, made here: a capsule
// standing on the floor (a cylinder with round ends, its seam duplicated for
// the texture coordinates), skinned to a chain of joints up its axis, with a
// metallic-roughness material whose three textures are PNGs written with
// pngjs — a base colour checkerboard of two strong colours (orange and blue,
// 8 squares around, 12 along), a normal map of ridges around the body (so its
// shading bands follow the texture coordinates, not the mesh), and a
// metal/rough map (rough dielectric below, a smoother half-metal above).
// With 8 joints, every vertex is weighted by all 8 (JOINTS_1 / WEIGHTS_1).
import { PNG } from 'pngjs';
import * as THREE from 'three';
import { GltfBuilder } from './gltf-builder.js';
import { type FixtureVertex, inverseBinds, worldMatrix } from './gltf-fixtures.js';

type Rgba = [number, number, number, number];

/** A width × height RGBA PNG whose texel at (u, v) ∈ [0, 1)² (v down the image, as glTF's) is `texel(u, v)`, 0–255. */
export function pngOf(width: number, height: number, texel: (u: number, v: number) => Rgba): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) png.data.set(texel((x + 0.5) / width, (y + 0.5) / height).map(Math.round), 4 * (y * width + x));
  }
  return PNG.sync.write(png);
}

/** The base colour's two squares, in sRGB. */
export const CHECKER_COLORS: readonly Rgba[] = [
  [235, 120, 40, 255],
  [40, 95, 215, 255],
];
const SQUARES_AROUND = 8;
const SQUARES_ALONG = 12;
const RIDGES_ALONG = 24;

function checker(u: number, v: number): Rgba {
  return CHECKER_COLORS[(Math.floor(u * SQUARES_AROUND) + Math.floor(v * SQUARES_ALONG)) % 2];
}

/** Tangent-space normals tilted along v, up and down each ridge. */
function ridges(_u: number, v: number): Rgba {
  const tilt = 0.6 * Math.sin(2 * Math.PI * RIDGES_ALONG * v);
  const length = Math.hypot(tilt, 1);
  return [127.5, 127.5 + (127.5 * tilt) / length, 127.5 + 127.5 / length, 255];
}

/** glTF's metallicRoughness: roughness in green, metalness in blue. */
function metalRough(_u: number, v: number): Rgba {
  return v > 0.5 ? [0, 0.8 * 255, 0, 255] : [0, 0.35 * 255, 0.6 * 255, 255];
}

export interface TexturedCapsuleOptions {
  /** Joints up the axis: 4 (up to 4 influences per vertex), or 8 (every vertex weighted by all 8). */
  joints?: 4 | 8;
  /** Without its base colour texture (the checker's squares all white): what a material that lost its texture draws. */
  untextured?: boolean;
  /** glTF material extensions (KHR_materials_unlit, KHR_materials_clearcoat…), listed as used. */
  materialExtensions?: Record<string, unknown>;
}

const RADIUS = 0.22;
const BOTTOM = 0.25;
const TOP = 1.45;
const AROUND = 24;
const CAP_RINGS = 6;
const BODY_RINGS = 24;

/** The capsule's profile from the bottom pole to the top one: height, radius, and the outward normal's (radial, y) parts. */
function profile(): { y: number; r: number; nr: number; ny: number; s: number }[] {
  const rings: { y: number; r: number; nr: number; ny: number }[] = [];
  for (let i = 0; i <= CAP_RINGS; i++) {
    const a = -Math.PI / 2 + (i / CAP_RINGS) * (Math.PI / 2);
    rings.push({ y: BOTTOM + RADIUS * Math.sin(a), r: RADIUS * Math.cos(a), nr: Math.cos(a), ny: Math.sin(a) });
  }
  for (let i = 1; i < BODY_RINGS; i++) rings.push({ y: BOTTOM + ((TOP - BOTTOM) * i) / BODY_RINGS, r: RADIUS, nr: 1, ny: 0 });
  for (let i = 0; i <= CAP_RINGS; i++) {
    const a = (i / CAP_RINGS) * (Math.PI / 2);
    rings.push({ y: TOP + RADIUS * Math.sin(a), r: RADIUS * Math.cos(a), nr: Math.cos(a), ny: Math.sin(a) });
  }
  // v runs by arc length from the bottom pole (0) to the top one (1).
  const arc = [0];
  for (let i = 1; i < rings.length; i++) arc.push(arc[i - 1] + Math.hypot(rings[i].y - rings[i - 1].y, rings[i].r - rings[i - 1].r));
  return rings.map((ring, i) => ({ ...ring, s: arc[i] / arc[arc.length - 1] }));
}

/** Each joint's weight at height y: bumps centred along the chain, normalised. */
function weightsAt(y: number, jointHeights: readonly number[], spacing: number): number[] {
  const raw = jointHeights.map((h) => Math.exp(-(((y - (h + spacing / 2)) / (0.45 * spacing)) ** 2)) + 1e-3);
  const sum = raw.reduce((a, w) => a + w, 0);
  return raw.map((w) => w / sum);
}

/** The capsule with its textures (see above); one skin, one mesh, one material. */
export function texturedCapsule(options: TexturedCapsuleOptions = {}): GltfBuilder {
  const jointCount = options.joints ?? 4;
  const b = new GltfBuilder();
  const spacing = (TOP - BOTTOM) / (jointCount - 1);
  const joints: number[] = [];
  for (let k = 0; k < jointCount; k++) {
    joints.push(b.node({ name: k === 0 ? 'Base' : k === jointCount - 1 ? 'Tip' : `Segment${k}`, translation: [0, k === 0 ? BOTTOM : spacing, 0] }, k === 0));
    if (k > 0) b.attach(joints[k - 1], joints[k]);
  }
  const jointHeights = joints.map((n) => new THREE.Vector3().setFromMatrixPosition(worldMatrix(b.json, n)).y);

  const rings = profile();
  const vertices: (FixtureVertex & { normal: number[]; uv: number[] })[] = [];
  for (const { y, r, nr, ny, s } of rings) {
    const weights = weightsAt(y, jointHeights, spacing);
    // The four largest weights (or all eight), largest first.
    const order = weights.map((w, j) => [w, j]).sort((p, q) => q[0] - p[0]).slice(0, jointCount === 8 ? 8 : 4);
    const total = order.reduce((a, [w]) => a + w, 0);
    for (let k = 0; k <= AROUND; k++) {
      const theta = (2 * Math.PI * k) / AROUND;
      const [c, sn] = [Math.cos(theta), Math.sin(theta)];
      vertices.push({
        position: [r * sn, y, r * c],
        normal: [nr * sn, ny, nr * c],
        uv: [k / AROUND, 1 - s],
        joints: order.map(([, j]) => j),
        weights: order.map(([w]) => w / total),
      });
    }
  }
  const indices: number[] = [];
  const row = AROUND + 1;
  for (let i = 0; i + 1 < rings.length; i++) {
    for (let k = 0; k < AROUND; k++) {
      const [a, bb, c, d] = [i * row + k, i * row + k + 1, (i + 1) * row + k, (i + 1) * row + k + 1];
      indices.push(a, bb, c, bb, d, c);
    }
  }
  const sets = jointCount === 8 ? 2 : 1;
  const attributes: Record<string, number> = {
    POSITION: b.accessor(new Float32Array(vertices.flatMap((v) => v.position)), 'VEC3'),
    NORMAL: b.accessor(new Float32Array(vertices.flatMap((v) => v.normal)), 'VEC3'),
    TEXCOORD_0: b.accessor(new Float32Array(vertices.flatMap((v) => v.uv)), 'VEC2'),
  };
  for (let set = 0; set < sets; set++) {
    attributes[`JOINTS_${set}`] = b.accessor(new Uint16Array(vertices.flatMap((v) => v.joints.slice(4 * set, 4 * set + 4))), 'VEC4');
    attributes[`WEIGHTS_${set}`] = b.accessor(new Float32Array(vertices.flatMap((v) => v.weights.slice(4 * set, 4 * set + 4))), 'VEC4');
  }

  const pbr: Record<string, unknown> = {
    baseColorFactor: [1, 1, 1, 1],
    metallicFactor: 1,
    roughnessFactor: 1,
    metallicRoughnessTexture: { index: b.texture(b.image('capsule-metal-rough.png', pngOf(64, 64, metalRough))) },
  };
  if (!options.untextured) pbr.baseColorTexture = { index: b.texture(b.image('capsule-color.png', pngOf(128, 128, checker))) };
  const material = b.material({ name: 'CapsuleSkin', pbrMetallicRoughness: pbr, normalTexture: { index: b.texture(b.image('capsule-normal.png', pngOf(64, 256, ridges))) } });
  if (options.materialExtensions) {
    b.json.materials[material].extensions = options.materialExtensions;
    b.json.extensionsUsed = Object.keys(options.materialExtensions);
  }
  b.mesh('Capsule', [{ attributes, indices: b.accessor(new Uint16Array(indices), 'SCALAR'), material }]);
  b.node({ name: 'Capsule', mesh: 0, skin: 0 }, true);
  b.skin({ name: 'Capsule', joints, inverseBindMatrices: inverseBinds(b, joints) });
  return b;
}
