// The IK tolerance follows the character's size: the default character in
// centimetres (every offset × 100, as many sample models are authored) gets
// the core's 10 µm × its scale, so a drag's solve converges as it does on
// the metre character instead of running every iteration toward a precision
// its float coordinates do not have. A human in metres keeps the core's
// defaults; options given go over the scaled ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultOptions } from '../../web/src/rig/contract.js';
import { PosingSession } from '../../web/src/posing/posing-session.js';
import { applyStartPose } from '../../web/src/posing/start-pose.js';
import { Rig } from '../../web/src/rig/rig.js';
import type { BoneDesc, Vec3Tuple } from '../../web/src/rig/rig-desc.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { loadKinModuleNode } from '../../web/src/wasm/load-node.js';
import { defaultCharacterBones } from './default-character.js';

const scaled = (v: Vec3Tuple, k: number): Vec3Tuple => [v[0] * k, v[1] * k, v[2] * k];

/** Moves goal `name` by `offset` (model units) and solves. */
function moveAndSolve(session: PosingSession, name: string, offset: Vec3Tuple) {
  const g = session.goalNames.indexOf(name);
  const target = session.targets_ms.slice(3 * g, 3 * g + 3);
  session.placeTarget(g, [target[0] + offset[0], target[1] + offset[1], target[2] + offset[2]]);
  return { ...session.solve() };
}

describe('IK defaults that follow the character’s size', () => {
  let module: KinModule;
  let metres: BoneDesc[];
  let centimetres: BoneDesc[];
  beforeAll(async () => {
    [module, metres] = await Promise.all([loadKinModuleNode(), defaultCharacterBones()]);
    centimetres = metres.map((bone) => ({ ...bone, restT: bone.restT && scaled(bone.restT, 100), tip: bone.tip && scaled(bone.tip, 100) }));
  });

  it('a human in metres keeps the core’s tolerance', () => {
    const rig = Rig.create(module, metres);
    applyStartPose(rig);
    const session = new PosingSession(rig);
    expect(session.sizeDefaults).toEqual({});
    rig.dispose();
  });

  it('the character in centimetres converges within the core’s tolerance × its scale, as in metres', () => {
    const core = defaultOptions(Rig.create(module, metres).contract).tolerance;
    const rig = Rig.create(module, centimetres);
    applyStartPose(rig);
    const session = new PosingSession(rig);
    const tolerance = session.sizeDefaults.tolerance!;
    // The scale: the skeleton's box diagonal (1.5–2.6 m for a human, arms and ponytail out) × 100 over the 2 m a human's defaults are set for.
    expect(tolerance / core).toBeGreaterThan(75);
    expect(tolerance / core).toBeLessThan(130);
    const metreRig = Rig.create(module, metres);
    applyStartPose(metreRig);
    const metreSession = new PosingSession(metreRig);
    const inMetres = moveAndSolve(metreSession, 'hand_r', [0.05, 0.08, 0.03]);
    const inCentimetres = moveAndSolve(session, 'hand_r', [5, 8, 3]);
    expect(inMetres.status).toBe('converged');
    expect(inCentimetres.status).toBe('converged');
    expect(inCentimetres.error).toBeLessThanOrEqual(tolerance);
    // Another solver keeps the scaled tolerance; one given goes over it.
    session.useSolver('ccd', { maxIterations: 500 });
    expect(session.solveSetup(false).options).toEqual({ tolerance, maxIterations: 500 });
    expect(moveAndSolve(session, 'hand_r', [-3, 2, 0]).error).toBeLessThanOrEqual(tolerance);
    session.useSolver('dls', { tolerance: 0.5 });
    const loose = moveAndSolve(session, 'hand_r', [2, -4, 1]);
    expect(loose.status).toBe('converged');
    expect(loose.error).toBeGreaterThan(tolerance);
    expect(loose.error).toBeLessThanOrEqual(0.5);
    rig.dispose();
    metreRig.dispose();
  });
});
