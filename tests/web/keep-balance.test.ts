// Keep balance through the module and the posing session: the default
// character's centre of mass and the support polygon of its pinned feet,
// and a hand dragged far forward, which tips the body out over its toes
// unless Keep balance holds the centre over the feet.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoseEditor } from '../../web/src/posing/pose-editor.js';
import type { BoneDesc } from '../../web/src/rig/rig-desc.js';
import type { Rig } from '../../web/src/rig/rig.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones, defaultCharacterEditor } from './default-character.js';

/** How far the centre of mass's floor projection lies outside the support polygon (0 inside), metres. */
function outside(rig: Rig): number {
  const balance = rig.balance();
  const [x, , z] = rig.centerOfMass();
  const n = (balance.length - 3) / 2;
  let nearest = Infinity;
  let inside = n >= 3;
  for (let i = 0; i < n; i++) {
    const ax = balance[3 + 2 * i], az = balance[4 + 2 * i];
    const j = (i + 1) % n;
    const bx = balance[3 + 2 * j], bz = balance[4 + 2 * j];
    // Counter-clockwise in (x, z): inside lies left of every edge.
    if ((bx - ax) * (z - az) - (bz - az) * (x - ax) < 0) inside = false;
    const length2 = (bx - ax) ** 2 + (bz - az) ** 2;
    const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, ((x - ax) * (bx - ax) + (z - az) * (bz - az)) / length2));
    nearest = Math.min(nearest, Math.hypot(x - (ax + t * (bx - ax)), z - (az + t * (bz - az))));
  }
  return inside ? 0 : nearest;
}

describe('keep balance', () => {
  let module: KinModule;
  let bones: BoneDesc[];
  beforeAll(async () => {
    [module, bones] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
  });

  /** Drags the left hand's handle 1.5 m forward and 0.4 m down in `frames` moves, one gesture, as the page does. */
  const reachForward = (editor: PoseEditor, frames = 30): void => {
    const goal = editor.session.goalIndex('hand_l');
    const start = editor.session.target_ms(goal);
    editor.beginGesture();
    for (let f = 1; f <= frames; f++) editor.handleMoved(goal, { x: start[0], y: start[1] - (0.4 * f) / frames, z: start[2] + (1.5 * f) / frames });
    editor.endGesture();
  };

  it('standing in the start pose, the centre of mass is over the pinned feet', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    const [x, y, z] = rig.centerOfMass();
    // About the navel's height, between the feet.
    expect(y).toBeGreaterThan(0.8);
    expect(y).toBeLessThan(1.1);
    expect(Math.abs(x)).toBeLessThan(0.05);
    // Both feet planted: the polygon spans them.
    expect((rig.balance().length - 3) / 2).toBeGreaterThanOrEqual(4);
    expect(outside(rig)).toBe(0);
    expect(Math.abs(z)).toBeLessThan(0.2);
    rig.dispose();
  });

  it('with Keep balance off, a hand dragged far forward tips the centre of mass out over the toes', () => {
    const editor = defaultCharacterEditor(module, bones);
    reachForward(editor);
    expect(outside(editor.session.rig)).toBeGreaterThan(0.05);
    editor.session.rig.dispose();
  });

  it('with Keep balance on, the same drag keeps it inside the support polygon, the hand still reaching', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { session } = editor;
    session.useKeepBalance(true);
    expect(session.keepsBalance).toBe(true);
    const handBefore = session.rig.boneTips()[3 * session.rig.boneIndex('hand_l') + 2];
    reachForward(editor);
    expect(session.lastSolve.failure).toBeNull();
    // A soft goal (weight 100) against a hand a metre short of its target: within a centimetre of the edge.
    expect(outside(session.rig)).toBeLessThan(0.01);
    expect(session.rig.boneTips()[3 * session.rig.boneIndex('hand_l') + 2]).toBeGreaterThan(handBefore + 0.2);
    session.rig.dispose();
  });

  it('is for the Jacobian solvers, as the contract says', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { rig } = editor.session;
    expect(rig.contract.solvers.filter((s) => s.balance).map((s) => s.name)).toEqual([
      'dls', 'gauss-newton', 'jacobian-transpose', 'gradient-descent', 'projected-gradient',
    ]);
    rig.setMoveRoot(false); // the hips' goal moves the root, which fabrik refuses first
    rig.setKeepBalance(true);
    expect(() => rig.setSolver('fabrik')).toThrow('Rig: fabrik cannot keep balance, which is on; only dls, gauss-newton,');
    rig.dispose();
  });

  it('is kept as asked across solvers, and the geometric ones solve without it', () => {
    const editor = defaultCharacterEditor(module, bones);
    const { session } = editor;
    session.useKeepBalance(true);
    editor.setSolver('ccd');
    expect(session.keepBalanceAsked).toBe(true);
    expect(session.keepsBalance).toBe(false);
    editor.setSolver('gauss-newton');
    expect(session.keepsBalance).toBe(true);
    session.rig.dispose();
  });
});
