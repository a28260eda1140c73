// A drag frame with contacts allocates nothing: clasped hands of two
// characters (A's right hand held on B's and B's on A's), A's hand dragged
// in a circle through the editor's drag path, so that every frame solves A,
// then settles the contacts (B solved onto A's hand, both measured), under
// V8's sampling heap profiler as tests/web/drag-allocation.test.ts measures
// a drag without contacts (under 4 bytes per frame on average).
import type { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { bytesPerCall, heapProfiler } from './allocation-profile.js';
import { type TwoCharacters, claspedPair, tip_ws } from './contacts-scene.js';
import { defaultCharacterBones } from './default-character.js';

const FRAMES = 4000;
const SAMPLING_INTERVAL = 32;
const ONE_OFF = 4;

describe('allocation of a drag frame with contacts', () => {
  let inspector: Session;
  let pair: TwoCharacters;

  beforeAll(async () => {
    const module = await loadKinModuleNode();
    pair = claspedPair(module, await defaultCharacterBones());
    pair.editor.setActiveCharacter(pair.a.id);
    let tick = 0;
    Object.defineProperty(performance, 'now', { value: () => ++tick, configurable: true, writable: true });
    inspector = await heapProfiler();
  });

  afterAll(() => {
    inspector?.disconnect();
    pair?.editor.dispose();
  });

  it('a drag frame that moves both characters allocates nothing', async () => {
    const { editor, contacts, a, b } = pair;
    const goal = editor.session.goalIndex('hand_r');
    const start = editor.session.target_ms(goal);
    const handle_ms = { x: 0.5, y: 0.5, z: 0.5 };
    let solves = 0;
    function contactDragFrame(frame: number): void {
      const angle = (2 * Math.PI * frame) / 240;
      handle_ms.x = start[0] + 0.05 * Math.sin(angle);
      handle_ms.y = start[1] + 0.05 * (1 - Math.cos(angle));
      handle_ms.z = start[2];
      editor.handleMoved(goal, handle_ms);
      solves += contacts.lastSettle.solves;
    }
    const bHand = tip_ws(b, 'hand_r');
    editor.beginGesture();
    const bytes = await bytesPerCall(inspector, contactDragFrame, FRAMES, SAMPLING_INTERVAL);
    editor.endGesture();
    console.log(`drag frame with clasped hands: ${bytes.toFixed(2)} B/frame (${FRAMES} frames), ${solves} contact solves`);
    // The contacts really settled on the frames: B was solved and follows A's hand.
    expect(solves).toBeGreaterThan(FRAMES);
    expect(tip_ws(b, 'hand_r').distanceTo(bHand)).toBeGreaterThan(1e-3);
    expect(contacts.distance(contacts.contacts[0].id)).toBeLessThan(1e-3);
    expect(contacts.distance(contacts.contacts[1].id)).toBeLessThan(1e-3);
    expect(tip_ws(a, 'hand_r').distanceTo(tip_ws(b, 'hand_r'))).toBeLessThan(1e-3);
    expect(bytes).toBeLessThan(ONE_OFF);
  });
});
