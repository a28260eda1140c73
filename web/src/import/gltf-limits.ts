// How big a glTF file this page takes, checked on its JSON before three.js's
// GLTFLoader allocates anything (gltf-json-check.ts). A file declares sizes
// it need not back with bytes: an accessor without a bufferView is all zeros,
// so a 2 kB file can ask for gigabytes; a chain of nodes thousands deep
// overflows the stack of GLTFLoader's recursive hierarchy walk. Each limit is
// far beyond any character we know of (a detailed game character has tens of
// thousands of vertices and a few hundred nodes).
import { builtContract } from '../rig/contract.js';

/** Elements in one accessor: a triangle list over MAX_VERTICES vertices takes about 6 indices per vertex. */
export const MAX_ACCESSOR_COUNT = 12_000_000;
/**
 * Bytes of one accessor: its elements at their declared size. The largest a
 * character at the limits above needs is its index list (MAX_ACCESSOR_COUNT
 * 32-bit indices, 48 MB) or its weights (MAX_VERTICES × 4 floats, 32 MB);
 * the count cap alone let one accessor of 4×4 matrices ask for 768 MB.
 */
export const MAX_ACCESSOR_BYTES = 64 * 2 ** 20;
/**
 * Bytes of all the accessors that have no bufferView together: zeros the
 * file declares but does not hold, which GLTFLoader allocates (a sparse
 * accessor's base, such as a morph target's).
 */
export const MAX_UNBACKED_BYTES = 128 * 2 ** 20;
/** Vertices (POSITION entries) in one primitive, and in all of a file's primitives together. */
export const MAX_VERTICES = 2_000_000;
/** Nodes in a file. */
export const MAX_NODES = 20_000;
/**
 * Nodes on the path from a scene root down to any node, both included.
 * GLTFLoader builds the hierarchy recursively and Chromium's stack ends
 * between 1,500 and 2,000 levels; the core takes chains of 4,096 joints.
 */
export const MAX_NODE_DEPTH = 1_000;
/**
 * Joints in one skin: the core's bone limit (its contract hands it over).
 * A skin of more would be refused when its rig is made, but only after
 * GLTFLoader had built every bone and we had walked them all (seconds for
 * 10,000 joints).
 */
export const MAX_SKIN_JOINTS = builtContract.maxBones;

/** UTF-8 bytes of a node's name at most: a joint's name becomes a bone's (the core's bound). */
export const MAX_NAME_BYTES = builtContract.maxBoneNameBytes;

/**
 * Sets of four influences read per vertex (JOINTS_0 … JOINTS_7): a course
 * mesh weights most vertices by 9–18 joints. Of these the 8 largest are kept
 * (gltf-influences.ts), as many as the shaders take.
 */
export const MAX_INFLUENCE_SETS = 8;
