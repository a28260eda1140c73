// The keyframe clip as the page edits, shares and exports it. Its shape and
// the meaning of every field are declared with the rig, which flattens it for
// the core (web/src/rig/clip-data.ts: the rig layer cannot import from here);
// the names Interpolation, ChannelTarget and LoopMode are the module's
// contract's (web/src/rig/contract.ts).
export type { ChannelTarget, ClipChannel, ClipData, ClipKey, Interpolation, LoopMode } from '../rig/clip-data.js';
export { valueSize } from '../rig/clip-data.js';

/**
 * Numbers of keys (times and values) one clip holds at most, whatever file
 * it comes from: a BVH take of 1,000,000 channel values, a glTF animation
 * whose samplers hold as many. Beyond it a clip's keys take more memory than
 * a page can give them (a glTF animation of 10⁶ rotation keys closed the tab).
 */
export const MAX_CLIP_NUMBERS = 1_000_000;
