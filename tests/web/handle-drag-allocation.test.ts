// A handle drag's JavaScript allocation, measured: TargetHandles' real
// pointermove handler (pointer ray, drag geometry, the move callback) and
// the frame's matrix update (the translate gizmo following its handle and
// rescaling for the camera), for thousands of moves under V8's sampling heap
// profiler, collected garbage included, after a warm-up (V8 optimises the
// path, as during a long drag) — in the style of
// drag-allocation.test.ts, which measures the solve and bone upload that
// follow. The handles run on a stand-in canvas (fake-pointer-target.ts) with
// three.js's real camera, ray caster and scene; the browser's own
// allocations for its events are not part of this. Both kinds of drag must
// allocate nothing: under 4 bytes per move on average, which leaves room
// for a one-off of a few kB (V8 re-optimising) but not for one heap number
// per move.
import type { Session } from 'node:inspector/promises';
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TargetHandles } from '../../web/src/three/target-handles.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { FakeCanvas, FakeEventTarget, type Listener, pointerEvent } from './fake-pointer-target.js';

const MOVES = 4000;
const SAMPLING_INTERVAL = 32;
const ONE_OFF = 4;

describe('allocation of a handle drag', () => {
  let inspector: Session;
  const canvas = new FakeCanvas(1024, 768);
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(35, 1024 / 768, 0.05, 100);
  let handles: TargetHandles;
  let pointerMove: Listener;
  let moved = 0;
  // One event object for the whole drag, its coordinates written in place (as doubles from the start).
  const event = pointerEvent(0.5, 0.5);
  let centre = { x: 0, y: 0 };

  beforeAll(async () => {
    vi.stubGlobal('window', new FakeEventTarget());
    camera.position.set(0.5, 1.6, 3.5);
    camera.lookAt(0, 1, 0);
    camera.updateMatrixWorld();
    handles = new TargetHandles([{ name: 'hand_r', color: 0xff8800 }], camera, canvas as unknown as HTMLCanvasElement, scene, { enabled: true }, {
      moved: () => {
        moved++;
      },
      pressed: () => {},
      dragStarted: () => {},
      dragEnded: () => {},
      dragCancelled: () => {},
      redraw: () => {},
    });
    handles.placeAll([-0.6, 1.05, 0.1]);
    pointerMove = canvas.listener('pointermove');
    inspector = await heapProfiler();
  });

  afterAll(() => {
    inspector?.disconnect();
    handles?.dispose();
    vi.unstubAllGlobals();
  });

  /** Presses at a page point (a handle's centre, or an arrow of the selected one). */
  function press(at: { x: number; y: number }): void {
    centre = at;
    canvas.dispatch('pointerdown', pointerEvent(at.x, at.y));
    expect(canvas.captured).toBe(event.pointerId);
  }

  function release(): void {
    canvas.dispatch('pointerup', pointerEvent(centre.x, centre.y));
  }

  // The pointer circles through the press point, 40 px across upwards; each move is followed by a frame's matrix update.
  function dragMove(move: number): void {
    const angle = (2 * Math.PI * move) / 240;
    event.clientX = centre.x + 20 * Math.sin(angle) + 0.25;
    event.clientY = centre.y - 20 * (1 - Math.cos(angle)) + 0.25;
    pointerMove(event as never);
    scene.updateMatrixWorld();
  }

  const bytesPerMove = (moveFunction: (move: number) => void): Promise<number> => bytesPerCall(inspector, moveFunction, MOVES, SAMPLING_INTERVAL);

  it('a view-plane drag and an axis drag allocate nothing per move and frame', async () => {
    press(handles.screenPosition(0));
    moved = 0;
    const viewPlane = await bytesPerMove(dragMove);
    // Every move moved the handle.
    expect(moved).toBe(4 * MOVES);
    release();
    const start = handles.position_ms(0).toArray();
    press(handles.arrowScreenPosition(0, 1));
    moved = 0;
    const axis = await bytesPerMove(dragMove);
    expect(moved).toBe(4 * MOVES);
    const end = handles.position_ms(0).toArray();
    expect([end[0], end[2]]).toEqual([start[0], start[2]]);
    expect(end[1]).not.toBe(start[1]);
    release();
    console.log(`handle drag: view plane ${viewPlane.toFixed(2)} B/move, axis ${axis.toFixed(2)} B/move (${MOVES} moves, sampled about every ${SAMPLING_INTERVAL} B)`);
    expect(viewPlane).toBeLessThan(ONE_OFF);
    expect(axis).toBeLessThan(ONE_OFF);
  });

  it('sees a small allocation per move', async () => {
    // The same measurement of a move that keeps one small array: it must count.
    const kept: number[][] = [];
    press(handles.screenPosition(0));
    const leakyMove = (move: number): void => {
      dragMove(move);
      kept.push([move]);
    };
    const leaky = await bytesPerMove(leakyMove);
    release();
    expect(leaky).toBeGreaterThan(16);
  });
});
