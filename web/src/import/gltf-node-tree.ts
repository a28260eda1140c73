// The glTF node hierarchy, given as each node's parent, checked to be a
// forest no deeper than MAX_NODE_DEPTH: no cycles, no path from a root longer
// than GLTFLoader's recursive walk survives. One pass up from each node that
// stops at the first node whose depth is already known, so every node is
// walked once: linear in the node count, and iterative (a deep chain must
// not overflow our stack either).
import { GltfFileError } from './glb-container.js';
import { MAX_NODE_DEPTH } from './gltf-limits.js';

const UNKNOWN = 0;

/**
 * `parent[n]`: node n's parent, or −1 for none. `label(n)` names a node in
 * messages. Throws GltfFileError naming a cycle, or the first node found too deep.
 */
export function checkNodeTree(parent: Int32Array, label: (node: number) => string): void {
  const count = parent.length;
  // Depth of each node (a root is 1), UNKNOWN until its walk ends.
  const depth = new Int32Array(count);
  // The walk a node was last put on (its start node + 1), to see a walk meet itself.
  const walkOf = new Int32Array(count);
  const path: number[] = [];
  for (let start = 0; start < count; start++) {
    if (depth[start] !== UNKNOWN) continue;
    path.length = 0;
    let p = start;
    for (; p >= 0 && depth[p] === UNKNOWN; p = parent[p]) {
      if (walkOf[p] === start + 1) {
        throw new GltfFileError(`nodes form a cycle: ${[...path.slice(path.indexOf(p)), p].reverse().join(' → ')}`);
      }
      walkOf[p] = start + 1;
      path.push(p);
    }
    const base = p < 0 ? 0 : depth[p];
    for (let i = path.length - 1; i >= 0; i--) depth[path[i]] = base + path.length - i;
    if (depth[start] > MAX_NODE_DEPTH) {
      throw new GltfFileError(`${label(start)} lies ${depth[start]} nodes deep in the hierarchy; at most ${MAX_NODE_DEPTH} levels are supported`);
    }
  }
}
