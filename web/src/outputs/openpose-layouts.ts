// OpenPose's keypoint orders, as its output documentation gives them
// (CMU-Perceptual-Computing-Lab/openpose, doc/02_output.md: "Pose Output
// Format (BODY_25)", "Pose Output Format (COCO)" and the hand's output format,
// 21 points per hand). "Left" is the person's own left: LShoulder is the
// character's left shoulder.

/** BODY_25, doc/02_output.md "Pose Output Format (BODY_25)". */
export const BODY_25 = [
  'Nose', 'Neck', 'RShoulder', 'RElbow', 'RWrist', 'LShoulder', 'LElbow', 'LWrist',
  'MidHip', 'RHip', 'RKnee', 'RAnkle', 'LHip', 'LKnee', 'LAnkle',
  'REye', 'LEye', 'REar', 'LEar',
  'LBigToe', 'LSmallToe', 'LHeel', 'RBigToe', 'RSmallToe', 'RHeel',
] as const;
export type Body25Name = (typeof BODY_25)[number];

/** COCO-18, doc/02_output.md "Pose Output Format (COCO)": BODY_25 without MidHip and the feet. */
export const COCO_18 = [
  'Nose', 'Neck', 'RShoulder', 'RElbow', 'RWrist', 'LShoulder', 'LElbow', 'LWrist',
  'RHip', 'RKnee', 'RAnkle', 'LHip', 'LKnee', 'LAnkle',
  'REye', 'LEye', 'REar', 'LEar',
] as const satisfies readonly Body25Name[];

/** Per COCO-18 point, its index in BODY_25 (the same joints by name). */
export const COCO_FROM_BODY_25: readonly number[] = COCO_18.map((name) => BODY_25.indexOf(name));

/**
 * The hand's 21 points, doc/02_output.md "Hand Output Format": the wrist, then
 * per finger from the palm out — thumb CMC, MCP, IP, tip; each other finger
 * MCP, PIP, DIP, tip.
 */
export const HAND_21 = [
  'Wrist',
  'ThumbCMC', 'ThumbMCP', 'ThumbIP', 'ThumbTip',
  'IndexMCP', 'IndexPIP', 'IndexDIP', 'IndexTip',
  'MiddleMCP', 'MiddlePIP', 'MiddleDIP', 'MiddleTip',
  'RingMCP', 'RingPIP', 'RingDIP', 'RingTip',
  'LittleMCP', 'LittlePIP', 'LittleDIP', 'LittleTip',
] as const;

/** The fingers in the hand layout's order; finger f's four points are 1 + 4f … 4 + 4f. */
export const FINGERS = ['thumb', 'index', 'middle', 'ring', 'little'] as const;
export type Finger = (typeof FINGERS)[number];

export type BodyLayout = 'BODY_25' | 'COCO_18';

/** Points per layout: BODY_25 25, COCO-18 18, a hand 21. */
export const LAYOUT_SIZE = { BODY_25: BODY_25.length, COCO_18: COCO_18.length, HAND: HAND_21.length } as const;
