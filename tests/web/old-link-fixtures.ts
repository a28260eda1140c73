// Links of every version before scene links (4), as the page wrote them:
// made by the codec at commit 34258eb (before version 4 was added) from the
// states written out beside them, and kept here as text so that a change to
// the codec cannot change them with it. old-links.test.ts opens them.
import type { PoseLinkState } from '../../web/src/share/pose-link.js';

export interface OldLink {
  link: string;
  /** The state it was made from (angles and positions before quantisation). */
  state: PoseLinkState;
}

/** Version 1 (version 2's bytes, pins the only goal flag): the 21-bone default character from before the ponytail. */
export const VERSION_1: OldLink = {
  link: 'UAEAABUAko6DZGeCHreBhWqCoD-AzyiCwy1-AI17iHt_0UuD8YyCINeEhpN_huh3lmR__55_EiyE7K18DWFp6A-Ey8uWPO2PuNBiAACAYHl2rxZ8QKh9ayKAIch-clCCThhtm0CHiIeHammJFkONAACAFKd7Y9F8cYuD4193iqF-zHiF5V-HAACAAACAvEOHW7V-_FV_IjWHAACAAACALQZnceN5al2BzdGiAACAAACApTh9KbiB3yh7V6d_AACAAACAAAAAAArXozzNzEw9AgwAmpmZvmZmpj8zM7M-AQ8AzczMPc3MTD0AAAAAAAAAAD8zM7M_AABAQAAAAAAAAIA_AAAAAA',
  state: {character: {kind: 'default'}, boneCount: 21, angles: [0.0873, 0.059, 0.0421, 0.0593, 0.0061, 0.053, -0.0447, -0.1092, -0.0127, 0.0809, 0.0626, 0.1188, -0.0104, -0.1986, -0.0149, -0.0093, 0.1024, -0.0815, -0.5552, 0.0997, 0.5595, 0.3909, -0.7163, 0, -0.2338, -0.096, -0.0575, 0.0033, -0.0299, 0.0568, -0.464, 0.178, 0.1848, 0.231, 0.3255, 0, -0.1067, -0.0781, 0.087, -0.2117, -0.0336, 0.1343, 0.181, 0, 0, 0.1783, -0.0317, -0.0163, 0.1769, 0, 0, -0.613, -0.15, 0.0335, 0.8546, 0, 0, -0.0682, 0.0422, -0.1188, -0.0085, 0, 0], rootOffset: [0, 0.02, 0.05], goals: [{bone: 12, target: [-0.3, 1.3, 0.35], pinned: true}, {bone: 15, target: [0.1, 0.05, 0], pinned: false}], solver: 'dls', camera: {position: [0.5, 1.4, 3], target: [0, 1, 0]}},
};

/** Version 2: the default character (24 bones), goals with an orientation, a pole and a root target. */
export const VERSION_2: OldLink = {
  link: 'UAIABhgAE35-3sR8hAmCPsB9Nz2DdSZ-5GiBOP-D0Bl8G_56SxyCbBN6ldqBV0OBBT2IFmZ-3dl-_IqETrFw-VmUN7JuP8aJEI10AACAp-t36aiHEJZ-B1SB1FyALux_l9lqX39ydGR97w6NI4eBAACAt9SHuJmGHSqGYLF5FHiCZVh8vuKWAACAAACAewKGXTmATsmA0N56AACAAACAN5J7N9mEtpZ4kEuPAACAAACAdZmCLcOCTsmAW0V4AACAAACAcqV65xWA2YR2_gh6pauBCQd84ql-FvN5k9R1CtcjPI_C9bwK16M8AwwAMzOzvgAAoD-amZk-BAAAAAAAAAAAmpkZP83MTD8IAM3MzD7NzIw_zcxMPgkAAIA_mpmZPwAAAL8AAAAAAAAzM3M_CtejPAIAAMC_zczMPwAAIEAAAAAAZmZmPwAAAAA',
  state: {character: {kind: 'default'}, boneCount: 24, angles: [-0.037, -0.0793, 0.05, -0.0552, 0.0795, -0.0454, 0.0346, 0.0981, -0.0957, -0.1229, 0.0518, -0.1454, 0.0455, 0.031, 0.2022, -0.0393, -0.0282, 0.1115, -0.3757, 0.4995, -0.4247, 0.2399, -0.281, 0, -0.1983, 0.188, -0.0347, 0.0326, 0.0089, -0.0019, -0.5191, -0.3314, -0.064, 0.3205, 0.0375, 0, 0.1922, 0.162, 0.1513, -0.1548, 0.0606, -0.0897, 0.5617, 0, 0, 0.1475, 0.0055, 0.0193, -0.1259, 0, 0, -0.1087, 0.119, -0.1819, 0.3754, 0, 0, 0.0638, 0.0678, 0.0193, -0.1897, 0, 0, -0.1314, 0.0021, -0.2327, -0.1464, 0.041, -0.0975, -0.0328, -0.1485, -0.2496], rootOffset: [0.01, -0.03, 0.02], goals: [{bone: 12, target: [-0.35, 1.25, 0.3], pinned: false, orientation: [0, 0, 0.6, 0.8]}, {bone: 8, target: [0.4, 1.1, 0.2], pinned: true, pole: [1, 1.2, -0.5]}, {bone: 0, target: [0, 0.95, 0.02], pinned: false, movesRoot: true}], solver: 'fabrik', camera: {position: [-1.5, 1.6, 2.5], target: [0, 0.9, 0]}},
};

/** Version 3: version 2 with a clip (an angle and a root channel), its time and playing. */
export const VERSION_3: OldLink = {
  link: 'UAMAABgAE35-3sR8hAmCPsB9Nz2DdSZ-5GiBOP-D0Bl8G_56SxyCbBN6ldqBV0OBBT2IFmZ-3dl-_IqETrFw-VmUN7JuP8aJEI10AACAp-t36aiHEJZ-B1SB1FyALux_l9lqX39ydGR97w6NI4eBAACAt9SHuJmGHSqGYLF5FHiCZVh8vuKWAACAAACAewKGXTmATsmA0N56AACAAACAN5J7N9mEtpZ4kEuPAACAAACAdZmCLcOCTsmAW0V4AACAAACAcqV65xWA2YR2_gh6pauBCQd84ql-FvN5k9R1CtcjPI_C9bwK16M8AQwAMzOzvgAAoD-amZk-BAAAAAAAAAAAmpkZP83MTD8AAMC_zczMPwAAIEAAAAAAZmZmPwAAAAADAAAAAAAA4D8Gd2F2ZSAxAAAAAAAA-D8AAAAAAAA-QAIDAAAOHQIAAB0CaAsAAQIBzCCvggGwggFCAQABAAAAAKCcAQA',
  state: {character: {kind: 'default'}, boneCount: 24, angles: [-0.037, -0.0793, 0.05, -0.0552, 0.0795, -0.0454, 0.0346, 0.0981, -0.0957, -0.1229, 0.0518, -0.1454, 0.0455, 0.031, 0.2022, -0.0393, -0.0282, 0.1115, -0.3757, 0.4995, -0.4247, 0.2399, -0.281, 0, -0.1983, 0.188, -0.0347, 0.0326, 0.0089, -0.0019, -0.5191, -0.3314, -0.064, 0.3205, 0.0375, 0, 0.1922, 0.162, 0.1513, -0.1548, 0.0606, -0.0897, 0.5617, 0, 0, 0.1475, 0.0055, 0.0193, -0.1259, 0, 0, -0.1087, 0.119, -0.1819, 0.3754, 0, 0, 0.0638, 0.0678, 0.0193, -0.1897, 0, 0, -0.1314, 0.0021, -0.2327, -0.1464, 0.041, -0.0975, -0.0328, -0.1485, -0.2496], rootOffset: [0.01, -0.03, 0.02], goals: [{bone: 12, target: [-0.35, 1.25, 0.3], pinned: false, orientation: [0, 0, 0.6, 0.8]}], solver: 'dls', camera: {position: [-1.5, 1.6, 2.5], target: [0, 0.9, 0]}, clip: {name: 'wave 1', duration: 1.5, fps: 30, channels: [{target: 'angle', bone: 11, slot: 1, keys: [{time: 0, value: [0.2], interpolation: 'linear'}, {time: 0.5, value: [-0.6], interpolation: 'catmull-rom'}, {time: 1.5, value: [0.2], interpolation: 'linear'}]}, {target: 'root', bone: 0, slot: 0, keys: [{time: 0, value: [0, 0, 0], interpolation: 'step'}, {time: 1, value: [0, 0.1, 0], interpolation: 'linear'}]}]}, time: 0.5, playing: true},
};

/** A lesson by id (character kind 1). */
export const LESSON: OldLink = {
  link: 'UAIBA2FybQUDAAkThBMmiB05jNmzbzBflMWNZ0OFnE2YoKhUWwAAAAAAAAAAAAAAAAECAAAAAD8AAIA-AAAAAAAAAAAAAAAAPwAAAEAAAAAAAACAPgAAAAA',
  state: {character: {kind: 'lesson', id: 'arm'}, boneCount: 3, angles: [0.1, 0.2, 0.3, -0.4, 0.5, -0.6, 0.7, 0.8, -0.9], rootOffset: [0, 0, 0], goals: [{bone: 2, target: [0.5, 0.25, 0], pinned: false}], solver: 'ccd', camera: {position: [0, 0.5, 2], target: [0, 0.25, 0]}},
};

/** A lesson with its tool's settings (character kind 3). */
export const LESSON_SETTINGS: OldLink = {
  link: 'UAIDCGlrLXN0ZXBzAgZtZXRob2QAAAAAAAAAQAZsYW1iZGGamZmZmZmpPwUDAAkThBMmiB05jNmzbzBflMWNZ0OFnE2YoKhUWwAAAAAAAAAAAAAAAAECAAAAAD8AAIA-AAAAAAAAAAAAAAAAPwAAAEAAAAAAAACAPgAAAAA',
  state: {character: {kind: 'lesson', id: 'ik-steps', settings: {method: 2, lambda: 0.05}}, boneCount: 3, angles: [0.1, 0.2, 0.3, -0.4, 0.5, -0.6, 0.7, 0.8, -0.9], rootOffset: [0, 0, 0], goals: [{bone: 2, target: [0.5, 0.25, 0], pinned: false}], solver: 'ccd', camera: {position: [0, 0.5, 2], target: [0, 0.25, 0]}},
};

/** A glTF file by name, with its joints' name hashes (character kind 2). */
export const GLTF: OldLink = {
  link: 'UAICDHJvYm90IMOpLmdsYgUDAAkThBMmiB05jNmzbzBflMWNZ0OFnE2YoKhUW4fWEgAAKGvuKgAAAAAAAAAAAAAAAAAAAAECAAAAAD8AAIA-AAAAAAAAAAAAAAAAPwAAAEAAAAAAAACAPgAAAAA',
  state: {character: {kind: 'gltf', name: 'robot é.glb', joints: [1234567, 4000000000, 42]}, boneCount: 3, angles: [0.1, 0.2, 0.3, -0.4, 0.5, -0.6, 0.7, 0.8, -0.9], rootOffset: [0, 0, 0], goals: [{bone: 2, target: [0.5, 0.25, 0], pinned: false}], solver: 'ccd', camera: {position: [0, 0.5, 2], target: [0, 0.25, 0]}},
};
