// Test sources for retargeting: CMU-named BVH files (centimetres, T-pose,
// +Y up, facing +Z, left at +X) written as text: a walk that glides forward
// swinging its legs and waving its arms, and a stance whose left foot stays
// planted while the hips pass over it.

/** Joints as the CMU files name and nest them (offsets in centimetres). */
const JOINTS: { name: string; parent: string | null; offset: [number, number, number]; end?: [number, number, number] }[] = [
  { name: 'Hips', parent: null, offset: [0, 0, 0] },
  { name: 'LowerBack', parent: 'Hips', offset: [0, 9, 0] },
  { name: 'Spine', parent: 'LowerBack', offset: [0, 10, 0] },
  { name: 'Spine1', parent: 'Spine', offset: [0, 10, 0] },
  { name: 'Neck', parent: 'Spine1', offset: [0, 14, 0] },
  { name: 'Neck1', parent: 'Neck', offset: [0, 5, 0] },
  { name: 'Head', parent: 'Neck1', offset: [0, 6, 0], end: [0, 20, 0] },
  { name: 'LeftShoulder', parent: 'Spine1', offset: [3, 11, 0] },
  { name: 'LeftArm', parent: 'LeftShoulder', offset: [15, 0, 0] },
  { name: 'LeftForeArm', parent: 'LeftArm', offset: [30, 0, 0] },
  { name: 'LeftHand', parent: 'LeftForeArm', offset: [27, 0, 0], end: [15, 0, 0] },
  { name: 'RightShoulder', parent: 'Spine1', offset: [-3, 11, 0] },
  { name: 'RightArm', parent: 'RightShoulder', offset: [-15, 0, 0] },
  { name: 'RightForeArm', parent: 'RightArm', offset: [-30, 0, 0] },
  { name: 'RightHand', parent: 'RightForeArm', offset: [-27, 0, 0], end: [-15, 0, 0] },
  { name: 'LeftUpLeg', parent: 'Hips', offset: [9, -5, 0] },
  { name: 'LeftLeg', parent: 'LeftUpLeg', offset: [0, -44, 0] },
  { name: 'LeftFoot', parent: 'LeftLeg', offset: [0, -43, 0] },
  { name: 'LeftToeBase', parent: 'LeftFoot', offset: [0, -6, 13], end: [0, 0, 7] },
  { name: 'RightUpLeg', parent: 'Hips', offset: [-9, -5, 0] },
  { name: 'RightLeg', parent: 'RightUpLeg', offset: [0, -44, 0] },
  { name: 'RightFoot', parent: 'RightLeg', offset: [0, -43, 0] },
  { name: 'RightToeBase', parent: 'RightFoot', offset: [0, -6, 13], end: [0, 0, 7] },
];

/** The hips' height above the toes in the T-pose (cm). */
export const CMU_HIP_HEIGHT = 5 + 44 + 43 + 6;

type Pose = (t: number) => { hips: [number, number, number]; rotations: Map<string, [number, number, number]> };

/**
 * Per joint its three rotations (degrees, the order Z X Y as CMU files
 * list them) at time t (s) of a walk and wave; the hips' position (cm).
 */
const walk: Pose = (t) => {
  const phase = 2 * Math.PI * t; // one stride cycle per second
  const swing = 25 * Math.sin(phase);
  const r = new Map<string, [number, number, number]>();
  // Legs swing about X (negative: the thigh forward), the knees bend back.
  r.set('LeftUpLeg', [0, -swing, 0]);
  r.set('RightUpLeg', [0, swing, 0]);
  r.set('LeftLeg', [0, 20 + 15 * Math.sin(phase + 1), 0]);
  r.set('RightLeg', [0, 20 - 15 * Math.sin(phase + 1), 0]);
  // Arms lowered from the T-pose and waving; elbows bend forward.
  r.set('LeftArm', [-50 + 20 * Math.sin(2 * phase), 0, 10]);
  r.set('RightArm', [50 + 20 * Math.sin(2 * phase), 0, -10]);
  r.set('LeftForeArm', [0, 0, -30 - 20 * Math.sin(phase)]);
  r.set('RightForeArm', [0, 0, 30 + 20 * Math.sin(phase)]);
  r.set('Spine', [3 * Math.sin(phase), 2, 5 * Math.sin(phase)]);
  r.set('Neck', [0, 5 * Math.sin(phase), 0]);
  return { hips: [0, CMU_HIP_HEIGHT - 4 + 2 * Math.cos(2 * phase), 60 * t], rotations: r };
};

/** The stance: the hips pass forward at 50 cm/s; the left foot stays flat at z = 0 until STANCE_S, its leg solved in its plane (law of cosines). */
export const STANCE_S = 0.6;
const stance: Pose = (t) => {
  const thigh = 44, shin = 43, hipAboveAnkle = 84;
  const hipsZ = -15 + 50 * t;
  const dz = -Math.min(hipsZ, -15 + 50 * STANCE_S); // ankle minus hip joint, along z (afterwards the leg keeps its shape)
  const d = Math.hypot(hipAboveAnkle, dz);
  const knee = Math.acos((d * d - thigh * thigh - shin * shin) / (2 * thigh * shin)); // bends back: +X
  // R_x(θ)(0, −1, 0) = (0, −cos θ, −sin θ): the ankle lies at θ = atan2(−dz, hipAboveAnkle).
  const up = Math.atan2(-dz, hipAboveAnkle) - Math.atan2(shin * Math.sin(knee), thigh + shin * Math.cos(knee));
  const deg = 180 / Math.PI;
  const r = new Map<string, [number, number, number]>();
  r.set('LeftUpLeg', [0, up * deg, 0]);
  r.set('LeftLeg', [0, knee * deg, 0]);
  r.set('LeftFoot', [0, -(up + knee) * deg, 0]); // flat on the floor
  r.set('RightUpLeg', [0, -25 - 10 * Math.sin(5 * t), 0]); // lifted clear of the floor
  r.set('RightLeg', [0, 60, 0]);
  r.set('LeftArm', [-60, 0, 0]);
  r.set('RightArm', [60, 0, 0]);
  // The hip joint hipAboveAnkle over the ankle, the ankle 6 over the toes on the floor (y = 0).
  return { hips: [0, hipAboveAnkle + 5 + 6, hipsZ], rotations: r };
};

function cmuBvh(pose: Pose, frames: number, fps: number): string {
  const lines: string[] = ['HIERARCHY'];
  const children = (name: string | null) => JOINTS.filter((j) => j.parent === name);
  const write = (joint: (typeof JOINTS)[number], depth: number): void => {
    const pad = '  '.repeat(depth);
    lines.push(`${pad}${joint.parent === null ? 'ROOT' : 'JOINT'} ${joint.name}`, `${pad}{`);
    lines.push(`${pad}  OFFSET ${joint.offset.join(' ')}`);
    lines.push(`${pad}  CHANNELS ${joint.parent === null ? '6 Xposition Yposition Zposition' : '3'} Zrotation Xrotation Yrotation`);
    for (const child of children(joint.name)) write(child, depth + 1);
    if (joint.end) lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET ${joint.end.join(' ')}`, `${pad}  }`);
    lines.push(`${pad}}`);
  };
  write(JOINTS[0], 0);
  lines.push('MOTION', `Frames: ${frames}`, `Frame Time: ${1 / fps}`);
  for (let f = 0; f < frames; f++) {
    const { hips, rotations } = pose(f / fps);
    const values: number[] = [...hips];
    for (const joint of JOINTS) values.push(...(rotations.get(joint.name) ?? [0, 0, 0]));
    lines.push(values.map((v) => v.toFixed(4)).join(' '));
  }
  return lines.join('\n') + '\n';
}

/** The walk-and-wave BVH: `frames` frames at `fps`. */
export function cmuWalkBvh(frames = 61, fps = 30): string {
  return cmuBvh(walk, frames, fps);
}

/** The planted-foot stance BVH: 1 s at 30 fps. */
export function cmuStanceBvh(): string {
  return cmuBvh(stance, 31, 30);
}
