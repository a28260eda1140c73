// Share links on the running page: the posing state captured into a link,
// and a link applied back. Applying checks everything first, so a link that
// cannot apply changes nothing; then it goes through the same paths as the
// panel (solver), the target list (goals and pins) and window.kin (pose),
// and the targets and camera follow. For a solver that poses with the
// editable goal set, the link's goals become the set; a solver with its own
// goals keeps them and takes only matching targets. Solver settings do not
// travel: the pose they produced does.
import { decodePoseLink, encodePoseLink, type PoseLinkState } from '../share/pose-link.js';
import { poseLinkInUrl, urlWithPoseLink } from '../share/link-url.js';
import { errorMessage } from './error-overlay.js';
import { colouredGoals, goalSetProblem, takesAnyGoals } from './goal-set.js';
import type { PosingApp } from './posing-app.js';

/** How applying a link went; `note` tells about a part that was left out. */
export type LinkOutcome = { ok: true; note: string | null } | { ok: false; error: string };

/** The page's posing state as a link's state. This page only ever shows the default character. */
export function captureLinkState(app: PosingApp): PoseLinkState {
  const { session, viewport } = app;
  const { rig } = session;
  return {
    character: { kind: 'default' },
    solver: session.solverName,
    boneCount: rig.boneCount,
    angles: Array.from(rig.pose()),
    rootOffset: rig.rootOffset,
    goals: session.goalBones.map((bone, g) => ({ bone, target: session.target_ms(g), pinned: session.pinned(g) })),
    camera: { position: viewport.camera.position.toArray(), target: viewport.orbit.target.toArray() },
  };
}

/** `pageUrl` with its fragment holding the page's state now. */
export function shareUrl(app: PosingApp, pageUrl: string): string {
  return urlWithPoseLink(pageUrl, encodePoseLink(captureLinkState(app)));
}

/** Applies the link in `url`'s fragment (relative URLs resolve against `base`). */
export function applyLinkUrl(app: PosingApp, url: string, base?: string): LinkOutcome {
  const link = poseLinkInUrl(url, base);
  if (link === null) return { ok: false, error: 'the URL has no pose link (#p=…)' };
  const decoded = decodePoseLink(link);
  if (!decoded.ok) return { ok: false, error: `This pose link is damaged: ${decoded.error}` };
  return applyLinkState(app, decoded.state);
}

export function applyLinkState(app: PosingApp, state: PoseLinkState): LinkOutcome {
  const { character } = state;
  if (character.kind === 'gltf') return { ok: false, error: `This link poses '${character.name}'; load that file to apply it` };
  if (character.kind === 'lesson') return { ok: false, error: `This link poses lesson '${character.id}', which this page does not have` };
  const { rig } = app.session;
  if (state.boneCount !== rig.boneCount) return { ok: false, error: `This link is for ${state.boneCount} bones; the character has ${rig.boneCount}` };

  const goalSet = takesAnyGoals(state.solver) ? colouredGoals(state.goals.map((goal) => ({ bone: rig.boneNames[goal.bone], pinned: goal.pinned }))) : null;
  const problem = goalSet && goalSetProblem(rig, goalSet);
  if (problem) return { ok: false, error: `This link's targets cannot pose this character: ${problem}` };
  try {
    app.setSolver(state.solver);
  } catch (error) {
    // Thrown before anything changed (a rig without the solver's goal bones).
    return { ok: false, error: `This link's solver cannot pose this character: ${errorMessage(error)}` };
  }
  if (goalSet) app.setEditableGoals(goalSet);
  app.setPose(state.angles, state.rootOffset);
  app.setCamera(state.camera.position, state.camera.target);
  // A solver with its own goals: the link's can only be their targets.
  const bones = app.session.goalBones;
  const matching = state.goals.length === bones.length && state.goals.every((goal, g) => goal.bone === bones[g]);
  if (!matching) {
    const theirs = state.goals.map((goal) => goal.bone).join(', ') || 'none';
    return { ok: true, note: `The link's goals (bones ${theirs}) do not match this page's for ${state.solver} (bones ${bones.join(', ')}): its targets were ignored, the handles sit on the pose.` };
  }
  app.setTargets(state.goals.map((goal) => goal.target));
  return { ok: true, note: null };
}
