// The page's JS heap after garbage collection, through the DevTools
// protocol, split into V8's compiled code and everything else. Code is
// bytecode, machine code and the feedback V8 gathers to optimise: it grows as
// the page runs paths it had not run before (a new kind of refusal, an
// optimised drag frame) by up to 1.4 MiB on a 6 MiB heap, and is bounded by
// the page's source. What a leak would leave behind — objects, arrays,
// strings, closures, the shapes of objects — is the rest: the data a heap
// check holds to its bound. They come from one heap snapshot (each node's
// own size by its type), which also counts what lies outside V8's heap (the
// DOM, typed arrays' contents); usedSize is V8's own total for comparison.
import type { CDPSession } from 'playwright-core';

export interface HeapUsage {
  /** Runtime.getHeapUsage's usedSize, bytes. */
  used_B: number;
  /** V8's compiled code and its metadata (snapshot node type 'code'), bytes. */
  code_B: number;
  /** V8's other objects: objects, arrays, strings, closures, shapes, numbers, bytes. */
  data_B: number;
  /** Outside V8's heap: the DOM and typed arrays' contents (node types 'native' and 'synthetic'), bytes. */
  external_B: number;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

const OUTSIDE_V8 = new Set(['native', 'synthetic']);

/** Collects garbage (twice: the first frees what finalisers then release), then measures. */
export async function heapAfterGc(cdp: CDPSession): Promise<HeapUsage> {
  for (let k = 0; k < 2; k++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }): void => void chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  }
  const { snapshot, nodes } = JSON.parse(chunks.join('')) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const typeNames = snapshot.meta.node_types[0];
  const [typeAt, sizeAt, stride] = [fields.indexOf('type'), fields.indexOf('self_size'), fields.length];
  const heap: HeapUsage = { used_B: usedSize, code_B: 0, data_B: 0, external_B: 0 };
  for (let i = 0; i < nodes.length; i += stride) {
    const type = typeNames[nodes[i + typeAt]];
    const size = nodes[i + sizeAt];
    if (type === 'code') heap.code_B += size;
    else if (OUTSIDE_V8.has(type)) heap.external_B += size;
    else heap.data_B += size;
  }
  return heap;
}

/** "6.26 MiB used (code 2.43, data 3.80; outside V8 21.80)". */
export function describeHeap(heap: HeapUsage): string {
  const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(2);
  return `${mib(heap.used_B)} MiB used (code ${mib(heap.code_B)}, data ${mib(heap.data_B)}; outside V8 ${mib(heap.external_B)})`;
}
