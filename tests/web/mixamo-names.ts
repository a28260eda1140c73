// Mixamo's names (without the `mixamorig:` prefix) for the default
// character's body bones, for tests that make a Mixamo-named copy of it.
export const MIXAMO_BODY_NAMES: Readonly<Record<string, string>> = {
  hips: 'Hips', spine: 'Spine', chest: 'Spine1', neck: 'Neck', head: 'Head',
  clavicle_l: 'LeftShoulder', upper_arm_l: 'LeftArm', forearm_l: 'LeftForeArm', hand_l: 'LeftHand',
  clavicle_r: 'RightShoulder', upper_arm_r: 'RightArm', forearm_r: 'RightForeArm', hand_r: 'RightHand',
  thigh_l: 'LeftUpLeg', shin_l: 'LeftLeg', foot_l: 'LeftFoot', toes_l: 'LeftToeBase',
  thigh_r: 'RightUpLeg', shin_r: 'RightLeg', foot_r: 'RightFoot', toes_r: 'RightToeBase',
};
