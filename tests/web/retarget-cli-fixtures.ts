// Motion files for the batch retarget tool's test and benchmark, made here:
// - a walk as a BVH file with the CMU motion-capture skeleton's names and
//   layout (Hips with position channels, LHipJoint/RHipJoint, LowerBack,
//   Spine, Spine1, Neck, Neck1, Head, LeftShoulder…LeftHand, LeftUpLeg…
//   LeftToeBase; "Zrotation Yrotation Xrotation"; centimetres; T-pose rest);
// - a textured humanoid glTF with Mixamo's names ("mixamorig:Hips"…) under an
//   "Armature" node that is not a joint (turned −90° about x and scaled 0.01,
//   as exporters write it: the joints are in centimetres, z up), a skinned
//   mesh with a PNG base colour texture, and one animation of a walk.
import * as THREE from 'three';
import { GltfBuilder } from './gltf-builder.js';
import { type FixtureVertex, inverseBinds, skinnedMesh, worldMatrix } from './gltf-fixtures.js';
import { pngOf } from './textured-model.js';

type Vec3 = [number, number, number];

interface Joint {
  name: string;
  parent: string | null;
  /** Offset from the parent, centimetres, y up, facing +z, the character's left at +x. */
  offset: Vec3;
  end?: Vec3;
}

/** The CMU skeleton (as in the cgspeed BVH conversions), one side written out and mirrored. */
function cmuJoints(): Joint[] {
  const side = (s: 'Left' | 'Right', h: 'L' | 'R', x: number): Joint[] => [
    { name: `${h}HipJoint`, parent: 'Hips', offset: [0, 0, 0] },
    { name: `${s}UpLeg`, parent: `${h}HipJoint`, offset: [9 * x, -5, 0] },
    { name: `${s}Leg`, parent: `${s}UpLeg`, offset: [0, -42, 0] },
    { name: `${s}Foot`, parent: `${s}Leg`, offset: [0, -42, 0] },
    { name: `${s}ToeBase`, parent: `${s}Foot`, offset: [0, -6, 12], end: [0, 0, 5] },
  ];
  const arm = (s: 'Left' | 'Right', x: number): Joint[] => [
    { name: `${s}Shoulder`, parent: 'Spine1', offset: [4 * x, 10, 0] },
    { name: `${s}Arm`, parent: `${s}Shoulder`, offset: [13 * x, 0, 0] },
    { name: `${s}ForeArm`, parent: `${s}Arm`, offset: [27 * x, 0, 0] },
    { name: `${s}Hand`, parent: `${s}ForeArm`, offset: [24 * x, 0, 0], end: [9 * x, 0, 0] },
  ];
  return [
    { name: 'Hips', parent: null, offset: [0, 0, 0] },
    ...side('Left', 'L', 1),
    ...side('Right', 'R', -1),
    { name: 'LowerBack', parent: 'Hips', offset: [0, 6, 0] },
    { name: 'Spine', parent: 'LowerBack', offset: [0, 12, 0] },
    { name: 'Spine1', parent: 'Spine', offset: [0, 12, 0] },
    { name: 'Neck', parent: 'Spine1', offset: [0, 14, 0] },
    { name: 'Neck1', parent: 'Neck', offset: [0, 5, 0] },
    { name: 'Head', parent: 'Neck1', offset: [0, 5, 0], end: [0, 16, 0] },
    ...arm('Left', 1),
    ...arm('Right', -1),
  ];
}

const HIP_HEIGHT_CM = 95;
const STRIDE_HZ = 1;

/** The walk's joint rotations at time t, degrees about x, y, z (BVH's parent axes); joints not listed stay at rest. */
function walkAngles(t: number, phase = 0): Record<string, Vec3> {
  const w = 2 * Math.PI * STRIDE_HZ * t + phase;
  const swing = 25 * Math.sin(w);
  return {
    Hips: [0, 5 * Math.sin(w), 0],
    LeftUpLeg: [-swing, 0, 0],
    RightUpLeg: [swing, 0, 0],
    LeftLeg: [30 * Math.max(0, Math.sin(w + 1)), 0, 0],
    RightLeg: [30 * Math.max(0, -Math.sin(w + 1)), 0, 0],
    LeftArm: [swing, 0, -70],
    RightArm: [-swing, 0, 70],
    LeftForeArm: [0, -20, 0],
    RightForeArm: [0, 20, 0],
    Spine1: [3, 0, 0],
    Head: [0, 10 * Math.sin(w), 0],
  };
}

function fixed(values: readonly number[]): string {
  return values.map((v) => v.toFixed(4)).join(' ');
}

/**
 * A CMU-style BVH walk: `frames` frames at `fps`; `phase` (radians) shifts the
 * stride so that generated files differ. The hips walk forward (+z) at 1 m/s
 * and bob.
 */
export function cmuWalkBvh(frames: number, fps: number, phase = 0): string {
  const joints = cmuJoints();
  const lines = ['HIERARCHY'];
  const write = (joint: Joint, depth: number): void => {
    const pad = '  '.repeat(depth);
    lines.push(`${pad}${joint.parent === null ? 'ROOT' : 'JOINT'} ${joint.name}`, `${pad}{`, `${pad}  OFFSET ${fixed(joint.offset)}`);
    lines.push(`${pad}  CHANNELS ${joint.parent === null ? '6 Xposition Yposition Zposition ' : '3 '}Zrotation Yrotation Xrotation`);
    for (const child of joints.filter((j) => j.parent === joint.name)) write(child, depth + 1);
    if (joint.end) lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET ${fixed(joint.end)}`, `${pad}  }`);
    lines.push(`${pad}}`);
  };
  write(joints[0], 0);
  lines.push('MOTION', `Frames: ${frames}`, `Frame Time: ${(1 / fps).toFixed(6)}`);
  for (let f = 0; f < frames; f++) {
    const t = f / fps;
    const angles = walkAngles(t, phase);
    const w = 2 * Math.PI * STRIDE_HZ * t + phase;
    const row = [0, HIP_HEIGHT_CM + 2 * Math.cos(2 * w), 100 * t];
    for (const joint of joints) {
      const [x, y, z] = angles[joint.name] ?? [0, 0, 0];
      row.push(z, y, x);
    }
    lines.push(fixed(row));
  }
  return `${lines.join('\n')}\n`;
}

/** Mixamo's skeleton (its names without the "mixamorig:" prefix), in the walk's space and units. */
function mixamoJoints(): Joint[] {
  const side = (s: 'Left' | 'Right', x: number): Joint[] => [
    { name: `${s}UpLeg`, parent: 'Hips', offset: [9 * x, -5, 0] },
    { name: `${s}Leg`, parent: `${s}UpLeg`, offset: [0, -42, 0] },
    { name: `${s}Foot`, parent: `${s}Leg`, offset: [0, -42, 0] },
    { name: `${s}ToeBase`, parent: `${s}Foot`, offset: [0, -6, 12] },
    { name: `${s}Shoulder`, parent: 'Spine2', offset: [4 * x, 8, 0] },
    { name: `${s}Arm`, parent: `${s}Shoulder`, offset: [13 * x, 0, 0] },
    { name: `${s}ForeArm`, parent: `${s}Arm`, offset: [27 * x, 0, 0] },
    { name: `${s}Hand`, parent: `${s}ForeArm`, offset: [24 * x, 0, 0] },
  ];
  return [
    { name: 'Hips', parent: null, offset: [0, HIP_HEIGHT_CM, 0] },
    { name: 'Spine', parent: 'Hips', offset: [0, 10, 0] },
    { name: 'Spine1', parent: 'Spine', offset: [0, 10, 0] },
    { name: 'Spine2', parent: 'Spine1', offset: [0, 10, 0] },
    { name: 'Neck', parent: 'Spine2', offset: [0, 14, 0] },
    { name: 'Head', parent: 'Neck', offset: [0, 10, 0] },
    ...side('Left', 1),
    ...side('Right', -1),
  ];
}

/** The Armature's rotation: its inner space is z up. */
const ARMATURE = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), -Math.PI / 2);

/** Centimetres y up (the walk's space) → the Armature's inner space: (x, −z, y). */
function inner([x, y, z]: Vec3): Vec3 {
  return [x, -z, y];
}

/**
 * The textured humanoid (see the top of the file) with a 1 s walk as its one
 * animation, 31 LINEAR keys: the walk's joint rotations (turned into the
 * Armature's space: A⁻¹·q·A) and the hips moving forward.
 */
export function texturedMixamoWalker(): GltfBuilder {
  const b = new GltfBuilder();
  const armature = b.node({ name: 'Armature', rotation: ARMATURE.toArray(), scale: [0.01, 0.01, 0.01] }, true);
  const nodeOf = new Map<string, number>();
  for (const joint of mixamoJoints()) {
    const node = b.node({ name: `mixamorig:${joint.name}`, translation: inner(joint.offset) });
    b.attach(joint.parent === null ? armature : nodeOf.get(joint.parent)!, node);
    nodeOf.set(joint.name, node);
  }
  const joints = [...nodeOf.values()];

  // Two vertices at each joint's bind position, weighted to it (60 %) and its parent joint.
  const vertices: FixtureVertex[] = [];
  const uvs: number[] = [];
  mixamoJoints().forEach((joint, j) => {
    const at = new THREE.Vector3().setFromMatrixPosition(worldMatrix(b.json, joints[j]));
    const parent = joint.parent === null ? j : joints.indexOf(nodeOf.get(joint.parent)!);
    for (const dx of [-0.04, 0.04]) {
      vertices.push({ position: [at.x + dx, at.y, at.z], joints: [j, parent], weights: [0.6, 0.4] });
      uvs.push(dx < 0 ? 0 : 1, j / joints.length);
    }
  });
  const mesh = skinnedMesh(b, 'Body', vertices);
  const primitive = b.json.meshes[mesh].primitives[0];
  primitive.attributes.TEXCOORD_0 = b.accessor(new Float32Array(uvs), 'VEC2');
  const stripes = (_u: number, v: number): [number, number, number, number] => (Math.floor(v * 8) % 2 ? [200, 60, 40, 255] : [40, 120, 200, 255]);
  primitive.material = b.material({ name: 'Skin', pbrMetallicRoughness: { baseColorTexture: { index: b.texture(b.image('walker-skin.png', pngOf(32, 32, stripes))) } } });
  b.node({ name: 'Body', mesh, skin: 0 }, true);
  b.skin({ name: 'Armature', joints, inverseBindMatrices: inverseBinds(b, joints), skeleton: armature });

  const times = Float32Array.from({ length: 31 }, (_, k) => k / 30);
  const input = b.accessor(times, 'SCALAR');
  Object.assign(b.json.accessors[input], { min: [0], max: [1] });
  const samplers: object[] = [];
  const channels: object[] = [];
  const toInner = ARMATURE.clone().invert();
  const euler = new THREE.Euler();
  const q = new THREE.Quaternion();
  for (const name of Object.keys(walkAngles(0)).filter((n) => nodeOf.has(n))) {
    const rotations = new Float32Array(4 * times.length);
    times.forEach((t, k) => {
      const [x, y, z] = walkAngles(t)[name].map(THREE.MathUtils.degToRad);
      // BVH's Zrotation Yrotation Xrotation: R = Rz·Ry·Rx about the walk's axes.
      q.setFromEuler(euler.set(x, y, z, 'ZYX')).premultiply(toInner).multiply(ARMATURE);
      q.toArray(rotations, 4 * k);
    });
    samplers.push({ input, output: b.accessor(rotations, 'VEC4'), interpolation: 'LINEAR' });
    channels.push({ sampler: samplers.length - 1, target: { node: nodeOf.get(name)!, path: 'rotation' } });
  }
  const positions = new Float32Array(3 * times.length);
  times.forEach((t, k) => positions.set(inner([0, HIP_HEIGHT_CM, 100 * t]), 3 * k));
  samplers.push({ input, output: b.accessor(positions, 'VEC3'), interpolation: 'LINEAR' });
  channels.push({ sampler: samplers.length - 1, target: { node: nodeOf.get('Hips')!, path: 'translation' } });
  b.json.animations = [{ name: 'Walk', samplers, channels }];
  return b;
}
