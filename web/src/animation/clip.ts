// The keyframe clip as the page edits, shares and exports it. Its shape and
// the meaning of every field are declared with the rig, which flattens it for
// the core (web/src/rig/clip-data.ts: the rig layer cannot import from here);
// the names Interpolation, ChannelTarget and LoopMode are the module's
// contract's (web/src/rig/contract.ts).
export type { ChannelTarget, ClipChannel, ClipData, ClipKey, Interpolation, LoopMode } from '../rig/clip-data.js';
export { valueSize } from '../rig/clip-data.js';
