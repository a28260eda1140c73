// Reading V8's sampling heap profile (HeapProfiler.stopSampling, from Node's
// inspector or Chromium's DevTools protocol): the bytes allocated under a
// function, and the bytes charged to the nearest frame with a source file;
// and measuring a function's bytes per call in this Node process.
// Node self sizes are V8's scaled estimates of all bytes allocated there.
import { Session } from 'node:inspector/promises';

export interface ProfileCallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface ProfileNode {
  callFrame: ProfileCallFrame;
  selfSize: number;
  children: ProfileNode[];
}

export interface SamplingProfile {
  head: ProfileNode;
}

/** Options for HeapProfiler.startSampling: a sample about every `interval` bytes, garbage included. */
export function samplingOptions(interval: number) {
  return { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
}

/** Bytes allocated by `functionName` and everything it called. */
export function bytesUnder(profile: SamplingProfile, functionName: string): number {
  const total = (node: ProfileNode): number => node.selfSize + node.children.reduce((sum, child) => sum + total(child), 0);
  const find = (node: ProfileNode): number =>
    node.callFrame.functionName === functionName ? total(node) : node.children.reduce((sum, child) => sum + find(child), 0);
  return find(profile.head);
}

/**
 * Bytes per charge key: each call path's bytes go to the nearest frame with
 * a source URL (builtins and generated code have none), keyed by `key`.
 */
export function chargeToSource(profile: SamplingProfile, key: (frame: ProfileCallFrame | null) => string): Map<string, number> {
  const charged = new Map<string, number>();
  const walk = (node: ProfileNode, nearest: ProfileCallFrame | null): void => {
    const frame = node.callFrame.url !== '' ? node.callFrame : nearest;
    if (node.selfSize > 0) charged.set(key(frame), (charged.get(key(frame)) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, frame);
  };
  walk(profile.head, null);
  return charged;
}

/**
 * Who a call path's bytes belong to, from the nearest frame with a source:
 * our modules by file as Vite's dev server names them (src/…), three.js by
 * part, and the browser's own (event objects, API results) when no script
 * is on the stack.
 */
export function allocationOwner(frame: ProfileCallFrame | null): string {
  if (frame === null) return 'browser (event objects, API results)';
  const path = new URL(frame.url).pathname;
  if (path.startsWith('/src/')) return path.slice(1);
  const dependency = /\/\.vite\/deps\/([^/?]+)\.js$/.exec(path)?.[1];
  if (dependency === undefined) return path;
  if (dependency.startsWith('three_addons_')) return `three.js ${dependency.replace(/^three_addons_(\w+?)_+(\w+?)_+js$/, '$2')}`;
  if (dependency.startsWith('three')) return 'three.js renderer and math';
  return dependency;
}

/** This process's inspector session, with the heap profiler on (disconnect it when done). */
export async function heapProfiler(): Promise<Session> {
  const inspector = new Session();
  inspector.connect();
  await inspector.post('HeapProfiler.enable');
  return inspector;
}

/**
 * Bytes allocated under `callFunction` (by its name, which must be unique)
 * per call, over `calls` calls sampled about every `interval` bytes, garbage
 * included. Three rounds of as many calls come first, each followed by a
 * pause in which V8 can install the code it optimised on another thread (on
 * a loaded machine that lags: `pauseMillis` each): what is measured is the
 * optimised path.
 */
export async function bytesPerCall(inspector: Session, callFunction: (call: number) => void, calls: number, interval: number, pauseMillis = 20): Promise<number> {
  for (let round = 0; round < 3; round++) {
    for (let call = 0; call < calls; call++) callFunction(call);
    await new Promise((resolve) => setTimeout(resolve, pauseMillis));
  }
  await inspector.post('HeapProfiler.collectGarbage');
  await inspector.post('HeapProfiler.startSampling', samplingOptions(interval));
  for (let call = 0; call < calls; call++) callFunction(call);
  const { profile } = (await inspector.post('HeapProfiler.stopSampling')) as { profile: SamplingProfile };
  return bytesUnder(profile, callFunction.name) / calls;
}
