// Puts a new character on the page in place of the one shown: a posing
// session for its rig (keeping the solver in use when it can pose the new
// rig), its meshes, the swap, and a camera framing it. Shared by the model
// loader (a user's glTF) and the built-in characters (the default one and
// the lessons). Whatever fails before the swap frees what was built and
// leaves the character on screen as it was.
import type * as THREE from 'three';
import type { Rig } from '../rig/rig.js';
import { CharacterMeshes } from '../three/character-meshes.js';
import { frameCharacter } from '../three/character-framing.js';
import type { CharacterSource } from '../posing/character-source.js';
import type { PosingApp } from './posing-app.js';
import { PosingSession } from '../posing/posing-session.js';
import type { GoalLayouts } from '../posing/solver-goals.js';

export interface CharacterParts {
  /** The new rig, posed as it should start; it is freed if the swap fails. */
  rig: Rig;
  /** The goals the rig poses with, per solver. */
  layouts(rig: Rig): GoalLayouts;
  meshes: readonly THREE.SkinnedMesh[];
  /** The meshes' skin joint index → rig bone index. */
  jointToBone: Int32Array;
  source: CharacterSource;
}

export function swapCharacter(app: PosingApp, parts: CharacterParts): void {
  const { rig } = parts;
  let character: CharacterMeshes | null = null;
  try {
    const session = new PosingSession(rig, parts.layouts(rig));
    try {
      session.setSolver(app.session.solverName, {});
    } catch {
      // The session keeps the rig's default solver.
    }
    character = new CharacterMeshes(parts.meshes, parts.jointToBone);
    app.replaceCharacter(session, character, parts.source);
  } catch (error) {
    character?.dispose();
    rig.dispose();
    throw error;
  }
  frameCharacter(app.viewport, character, rig);
}
