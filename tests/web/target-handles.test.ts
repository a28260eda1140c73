// The target handles' pointer handling (web/src/three/target-handles.ts),
// run in Node on a stand-in canvas (tests/web/fake-pointer-target.ts) with
// three.js's real camera, ray caster and scene: a press on a handle drags it
// in the view plane, a press on an arrow of the selected handle along that
// axis; a press selects the handle; each drag reports its start and end once
// and pauses the orbit controls; Escape cancels a drag (the owner puts the
// target back) and G grabs a handle from the keyboard (a click keeps it, a
// right click cancels it, X/Y/Z keep it on an axis); disposing mid-drag
// ends the drag; hovering sets the cursor and asks for a frame. The browser
// tests drive the same with real input.
import * as THREE from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TargetHandles } from '../../web/src/three/target-handles.js';
import { FakeCanvas, FakeEventTarget, keyEvent, pointerEvent } from './fake-pointer-target.js';

const WIDTH = 1024;
const HEIGHT = 768;
const HAND = 0;
const FOOT = 1;

describe('target handles', () => {
  let canvas: FakeCanvas;
  let keys: FakeEventTarget;
  let camera: THREE.PerspectiveCamera;
  let handles: TargetHandles;
  const orbit = { enabled: true };
  let moves: { goal: number; target: number[] }[];
  let dragging: boolean[];
  let cancelled: number;
  let pressed: number[];
  let redraws: number;

  beforeEach(() => {
    canvas = new FakeCanvas(WIDTH, HEIGHT);
    keys = new FakeEventTarget();
    vi.stubGlobal('window', keys);
    camera = new THREE.PerspectiveCamera(35, WIDTH / HEIGHT, 0.05, 100);
    camera.position.set(0.5, 1.6, 3.5);
    camera.lookAt(0, 1, 0);
    camera.updateMatrixWorld();
    moves = [];
    dragging = [];
    cancelled = 0;
    pressed = [];
    redraws = 0;
    orbit.enabled = true;
    const styles = [{ name: 'hand_r', color: 0xff8800 }, { name: 'foot_r', color: 0x0088ff, pinned: true }];
    handles = new TargetHandles(styles, camera, canvas as unknown as HTMLCanvasElement, new THREE.Scene(), orbit, {
      moved: (goal, target_ms) => moves.push({ goal, target: target_ms.toArray() }),
      pressed: (goal) => pressed.push(goal),
      dragStarted: () => dragging.push(true),
      dragEnded: () => dragging.push(false),
      dragCancelled: () => {
        cancelled++;
        dragging.push(false);
      },
      redraw: () => redraws++,
    });
    handles.placeAll([-0.6, 1.05, 0.1, -0.1, 0.05, 0.05]);
  });

  afterEach(() => {
    handles.dispose();
    vi.unstubAllGlobals();
  });

  /** A press at a page point, moves by (dx, dy) px in `steps`, and the release. */
  function drag(at: { x: number; y: number }, dx: number, dy: number, steps = 4): void {
    canvas.dispatch('pointerdown', pointerEvent(at.x, at.y));
    for (let step = 1; step <= steps; step++) canvas.dispatch('pointermove', pointerEvent(at.x + (dx * step) / steps, at.y + (dy * step) / steps));
    canvas.dispatch('pointerup', pointerEvent(at.x + dx, at.y + dy));
  }

  /** The distance of a point in front of the camera's plane. */
  const depth = (point: number[]): number => new THREE.Vector3(...point).sub(camera.position).dot(camera.getWorldDirection(new THREE.Vector3()));

  it('drags a pressed handle in the view plane, its centre under the pointer, in one reported drag', () => {
    const start = handles.position_ms(HAND).toArray();
    const at = handles.screenPosition(HAND);
    canvas.dispatch('pointerdown', pointerEvent(at.x, at.y));
    expect(dragging).toEqual([true]);
    expect(pressed).toEqual([HAND]);
    expect(orbit.enabled).toBe(false);
    expect(canvas.captured).toBe(1);
    for (let step = 1; step <= 5; step++) canvas.dispatch('pointermove', pointerEvent(at.x + 12 * step, at.y - 9 * step));
    canvas.dispatch('pointerup', pointerEvent(at.x + 60, at.y - 45));
    expect(dragging).toEqual([true, false]);
    expect(orbit.enabled).toBe(true);
    expect(canvas.captured).toBe(-1);
    expect(moves).toHaveLength(5);
    const end = moves[4].target;
    expect(moves.every((move) => move.goal === HAND)).toBe(true);
    expect(end).toEqual(handles.position_ms(HAND).toArray());
    expect(depth(end)).toBeCloseTo(depth(start), 9);
    // The point pressed — where the ray through the handle's centre meets
    // its sphere, 0.035 m in front — stayed under the pointer.
    const raycaster = new THREE.Raycaster();
    raycaster.setFromCamera(new THREE.Vector2((at.x / WIDTH) * 2 - 1, 1 - (at.y / HEIGHT) * 2), camera);
    const pressPoint = raycaster.ray.intersectSphere(new THREE.Sphere(new THREE.Vector3(...start), 0.035), new THREE.Vector3())!;
    const grabbed = pressPoint.add(new THREE.Vector3(...end)).sub(new THREE.Vector3(...start)).project(camera);
    const page = { x: ((grabbed.x + 1) / 2) * WIDTH, y: ((1 - grabbed.y) / 2) * HEIGHT };
    // Within the sphere mesh's facets (24 × 16) against the ideal sphere.
    expect(Math.hypot(page.x - (at.x + 60), page.y - (at.y - 45))).toBeLessThan(0.05);
    expect(handles.position_ms(FOOT).toArray()).toEqual([-0.1, 0.05, 0.05]);
  });

  it('drags the selected handle along the arrow pressed, keeping the other coordinates exactly', () => {
    expect(() => handles.arrowScreenPosition(HAND, 1)).toThrow(/target:hand_r is not the selected handle/);
    drag(handles.screenPosition(HAND), 0, 0);
    expect(() => handles.arrowScreenPosition(FOOT, 1)).toThrow(/target:foot_r is not the selected handle/);
    const start = handles.position_ms(HAND).toArray();
    moves = [];
    dragging = [];
    const arrow = handles.arrowScreenPosition(HAND, 1);
    expect(handles.goalAt(arrow.x, arrow.y, 'mouse')).toBe(-1);
    expect(handles.hitAt(arrow.x, arrow.y, 'mouse')).toBe(true);
    drag(arrow, 10, -50);
    expect(dragging).toEqual([true, false]);
    const end = handles.position_ms(HAND).toArray();
    expect(end[0]).toBe(start[0]);
    expect(end[2]).toBe(start[2]);
    // Up on screen is up in the model: 50 px at 3.6 m with a 35° view 768 px high is about 15 cm.
    expect(end[1] - start[1]).toBeGreaterThan(0.1);
    expect(end[1] - start[1]).toBeLessThan(0.2);
    for (const axis of [0, 2]) {
      const other = handles.arrowScreenPosition(HAND, axis);
      drag(other, 30, 20);
    }
    const moved = handles.position_ms(HAND).toArray();
    expect(moved[1]).toBe(end[1]);
    expect(moved[0]).not.toBe(end[0]);
    expect(moved[2]).not.toBe(end[2]);
  });

  it('tells presses on handles and arrows from presses elsewhere', () => {
    const hand = handles.screenPosition(HAND);
    const foot = handles.screenPosition(FOOT);
    expect(handles.goalAt(hand.x, hand.y, 'mouse')).toBe(HAND);
    expect(handles.goalAt(foot.x, foot.y, 'mouse')).toBe(FOOT);
    expect(handles.hitAt(foot.x, foot.y, 'mouse')).toBe(true);
    expect(handles.hitAt(5, 5, 'mouse')).toBe(false);
    expect(handles.goalAt(5, 5, 'mouse')).toBe(-1);
    // Elsewhere a press does nothing: no drag, the orbit controls stay on.
    drag({ x: 5, y: 5 }, 40, 40);
    expect(dragging).toEqual([]);
    expect(moves).toEqual([]);
    expect(orbit.enabled).toBe(true);
  });

  it('takes a finger’s press 16 px beside a handle, not a mouse’s, and drags it keeping that offset', () => {
    const hand = handles.screenPosition(HAND);
    // Below the hand: away from the foot and from where the arrows will point.
    const beside = { x: hand.x, y: hand.y + 16 };
    expect(handles.goalAt(beside.x, beside.y, 'mouse')).toBe(-1);
    expect(handles.hitAt(beside.x, beside.y, 'mouse')).toBe(false);
    expect(handles.goalAt(beside.x, beside.y, 'touch')).toBe(HAND);
    expect(handles.hitAt(beside.x, beside.y, 'pen')).toBe(true);
    drag(beside, 40, 0);
    expect(dragging).toEqual([]);
    expect(orbit.enabled).toBe(true);
    const start = handles.position_ms(HAND).toArray();
    const finger = (type: string, x: number, y: number) => canvas.dispatch(type, { ...pointerEvent(x, y), pointerType: 'touch' });
    finger('pointerdown', beside.x, beside.y);
    expect(pressed).toEqual([HAND]);
    expect(orbit.enabled).toBe(false);
    finger('pointermove', beside.x + 40, beside.y - 30);
    finger('pointerup', beside.x + 40, beside.y - 30);
    expect(dragging).toEqual([true, false]);
    const end = handles.position_ms(HAND).toArray();
    expect(depth(end)).toBeCloseTo(depth(start), 9);
    // The handle moved with the finger, still 16 px above it: it did not jump under it.
    const now = handles.screenPosition(HAND);
    expect(Math.hypot(now.x - (hand.x + 40), now.y - (hand.y - 30))).toBeLessThan(0.01);
  });

  it('gives overlapping handles to presses at the same place in turn, nearest first', () => {
    // The foot's target 4 px beside the hand's on screen, at the hand's depth.
    const hand = handles.screenPosition(HAND);
    const raycaster = new THREE.Raycaster();
    raycaster.setFromCamera(new THREE.Vector2(((hand.x + 4) / WIDTH) * 2 - 1, 1 - (hand.y / HEIGHT) * 2), camera);
    const view = camera.getWorldDirection(new THREE.Vector3());
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(view, handles.position_ms(HAND));
    handles.placeAll([...handles.position_ms(HAND).toArray(), ...raycaster.ray.intersectPlane(plane, new THREE.Vector3())!.toArray()]);
    const press = { x: hand.x + 1, y: hand.y };
    for (let i = 0; i < 3; i++) drag(press, 0, 0);
    expect(pressed).toEqual([HAND, FOOT, HAND]);
    // A press elsewhere starts again from the nearest.
    drag({ x: 5, y: 5 }, 0, 0);
    drag(press, 0, 0);
    expect(pressed).toEqual([HAND, FOOT, HAND, HAND]);
  });

  it('ignores presses of other buttons and other pointers, and a second press during a drag', () => {
    const at = handles.screenPosition(HAND);
    canvas.dispatch('pointerdown', { ...pointerEvent(at.x, at.y), button: 2 });
    canvas.dispatch('pointerdown', { ...pointerEvent(at.x, at.y), isPrimary: false, pointerId: 2 });
    expect(dragging).toEqual([]);
    canvas.dispatch('pointerdown', pointerEvent(at.x, at.y));
    const foot = handles.screenPosition(FOOT);
    canvas.dispatch('pointerdown', { ...pointerEvent(foot.x, foot.y), pointerId: 3 });
    canvas.dispatch('pointermove', { ...pointerEvent(foot.x + 30, foot.y), pointerId: 3 });
    expect(moves).toEqual([]);
    canvas.dispatch('pointercancel', pointerEvent(at.x, at.y));
    expect(dragging).toEqual([true, false]);
    expect(orbit.enabled).toBe(true);
  });

  it('Escape cancels the drag (the owner puts the target back), and nothing moves until the release; the camera stays put', () => {
    const at = handles.screenPosition(HAND);
    canvas.dispatch('pointerdown', pointerEvent(at.x, at.y));
    canvas.dispatch('pointermove', pointerEvent(at.x + 40, at.y + 10));
    expect(moves).toHaveLength(1);
    const escape = keyEvent('Escape');
    keys.dispatch('keydown', escape);
    expect(escape.prevented()).toBe(true);
    expect(cancelled).toBe(1);
    expect(dragging).toEqual([true, false]);
    canvas.dispatch('pointermove', pointerEvent(at.x + 80, at.y + 20));
    expect(moves).toHaveLength(1);
    expect(orbit.enabled).toBe(false);
    canvas.dispatch('pointerup', pointerEvent(at.x + 80, at.y + 20));
    expect(orbit.enabled).toBe(true);
    expect(dragging).toEqual([true, false]);
    // Escape without a drag is left alone.
    const idle = keyEvent('Escape');
    keys.dispatch('keydown', idle);
    expect(idle.prevented()).toBe(false);
    expect(cancelled).toBe(1);
  });

  it('G grabs a handle: it follows the pointer with no button held, keeping its offset, until a click keeps it', () => {
    const start = handles.position_ms(HAND).clone();
    const at = handles.screenPosition(HAND);
    // The pointer 30 px right of the handle when G is pressed: the handle stays 30 px left of it.
    expect(handles.grab(HAND, at.x + 30, at.y)).toBe(true);
    expect(pressed).toEqual([HAND]);
    expect(dragging).toEqual([true]);
    expect(orbit.enabled).toBe(false);
    canvas.dispatch('pointermove', { ...pointerEvent(at.x + 30, at.y - 40), buttons: 0 });
    const moved = handles.screenPosition(HAND);
    expect(moved.x).toBeCloseTo(at.x, 6);
    expect(moved.y).toBeCloseTo(at.y - 40, 6);
    expect(depth(handles.position_ms(HAND).toArray())).toBeCloseTo(depth(start.toArray()), 9);
    canvas.dispatch('pointerdown', pointerEvent(at.x + 30, at.y - 40));
    expect(dragging).toEqual([true, false]);
    expect(cancelled).toBe(0);
    expect(orbit.enabled).toBe(true);
    // The click that kept it starts nothing else.
    canvas.dispatch('pointerup', pointerEvent(at.x + 30, at.y - 40));
    expect(dragging).toEqual([true, false]);
  });

  it('G then X keeps the grab on model x; a right click cancels it', () => {
    const start = handles.position_ms(HAND).toArray();
    const at = handles.screenPosition(HAND);
    handles.grab(HAND, at.x, at.y);
    keys.dispatch('keydown', keyEvent('x'));
    canvas.dispatch('pointermove', { ...pointerEvent(at.x + 50, at.y + 30), buttons: 0 });
    const moved = handles.position_ms(HAND).toArray();
    expect(moved[0]).not.toBe(start[0]);
    expect(moved[1]).toBe(start[1]);
    expect(moved[2]).toBe(start[2]);
    canvas.dispatch('pointerdown', { ...pointerEvent(at.x + 50, at.y + 30), button: 2 });
    expect(cancelled).toBe(1);
    expect(dragging).toEqual([true, false]);
    expect(orbit.enabled).toBe(true);
    // A grab cannot start during a drag.
    const now = handles.screenPosition(HAND);
    canvas.dispatch('pointerdown', pointerEvent(now.x, now.y));
    expect(dragging).toEqual([true, false, true]);
    expect(handles.grab(FOOT, 10, 10)).toBe(false);
  });

  it('disposing mid-drag ends the drag and lets go of the pointer and every listener', () => {
    const at = handles.screenPosition(FOOT);
    canvas.dispatch('pointerdown', pointerEvent(at.x, at.y));
    canvas.dispatch('pointermove', pointerEvent(at.x + 5, at.y + 5));
    handles.dispose();
    expect(dragging).toEqual([true, false]);
    expect(orbit.enabled).toBe(true);
    expect(canvas.captured).toBe(-1);
    expect(canvas.listenerCount).toBe(0);
    expect(keys.listenerCount).toBe(0);
  });

  it('shows a pointer cursor over handles and arrows when no button is held, not after a finger lifts', () => {
    const hover = (x: number, y: number, buttons = 0): string => {
      canvas.dispatch('pointermove', { ...pointerEvent(x, y), buttons });
      return canvas.style.cursor;
    };
    const hand = handles.screenPosition(HAND);
    expect(hover(hand.x, hand.y)).toBe('pointer');
    // The lighter handle needs drawing: on demand, a frame is asked for.
    expect(redraws).toBeGreaterThan(0);
    expect(hover(5, 5)).toBe('');
    // Held buttons (an orbit) cast no rays: the cursor stays as it was.
    expect(hover(hand.x, hand.y, 1)).toBe('');
    drag(hand, 0, 0);
    const arrow = handles.arrowScreenPosition(HAND, 0);
    expect(hover(arrow.x, arrow.y)).toBe('pointer');
    expect(hover(5, 5)).toBe('');
    // A mouse released over a handle still hovers it; a finger lifted does not.
    canvas.dispatch('pointerdown', pointerEvent(hand.x, hand.y));
    canvas.dispatch('pointerup', pointerEvent(hand.x, hand.y));
    expect(canvas.style.cursor).toBe('pointer');
    canvas.dispatch('pointerdown', { ...pointerEvent(hand.x, hand.y), pointerType: 'touch' });
    canvas.dispatch('pointerup', { ...pointerEvent(hand.x, hand.y), pointerType: 'touch' });
    expect(canvas.style.cursor).toBe('');
  });
});
