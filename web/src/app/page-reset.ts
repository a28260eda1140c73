// kin.reset(): puts the running page back in the state it opens in, without
// loading it again — a scene of one character, the default one anew (its rig, start pose, goals,
// springs and demo clips), the solver and skinning it opened with, no undo
// history, an empty clip at 0 s, nothing selected, the view's toggles off,
// no contacts, the camera framing the character, no banner, dialog, menu or lesson open,
// the regions laid out for the window's size, no retarget source, and an
// address bar without a link; its springs at rest, where a fresh page's come
// to rest after its first seconds. A question a load is waiting on is answered
// as Cancel does, and the load let end first: nothing of it lands after.
import type { TimelineModel } from '../animation/timeline-model.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { SceneContacts } from '../posing/scene-contacts.js';
import { ORIGIN } from '../scene/character-transform.js';
import type { Selection } from '../posing/selection.js';
import type { SkinningMethod, SolverName } from '../rig/rig.js';
import type { PageLinks } from '../share/page-links.js';
import type { LinkBanner } from '../ui/banner.js';
import type { LessonIndex } from '../ui/lesson-index.js';
import type { PageModels } from '../ui/page-models.js';
import type { EditorUi } from './editor-ui.js';
import type { OnionGhosts } from './onion-ghosts.js';
import type { PosingView } from './posing-view.js';
import type { RetargetController } from './retarget/retarget-controller.js';
import type { SolveWorkerSwitch } from './solve-worker-switch.js';
import type { PageProps } from './page-props.js';

/** What the reset puts back, and what it shows the default character with. */
export interface ResetParts {
  root: HTMLElement;
  editor: PoseEditor;
  view: PosingView;
  timeline: TimelineModel;
  selection: Selection;
  ghosts: OnionGhosts;
  solveWorker: SolveWorkerSwitch;
  models: PageModels;
  links: PageLinks;
  linkBanner: LinkBanner;
  contacts: SceneContacts;
  /** Null in embed mode, as the editor around the view and its dialogs. */
  lessonIndex: LessonIndex | null;
  retarget: RetargetController | null;
  /** Export for ControlNet… (its dialog closed). */
  controlNet: { reset(): void };
  ui: EditorUi | null;
  /** Shows the default character anew, as the character menu does. */
  showDefault(): void;
  /** The scene's props: none on a fresh page. */
  props: PageProps;
  /** The render camera, its views, the lights and the reference image, and their panels (page-camera.ts); then the camera put on the orbit view's framing. */
  camera: { reset(): void; fromView(): void };
  /** The solver and the skinning method the page opened with. */
  start: { solver: SolverName; skinning: SkinningMethod };
}

/** A spring step's time, as a frame at 60 Hz gives it; and how many steps at the most (a minute). */
const SPRING_STEP_MILLIS = 16;
const SPRING_STEPS = 3750;

/**
 * The new character's springs brought to rest at once (its ponytail hangs
 * where a fresh page's comes to rest after falling for a few seconds of
 * frames): stepped here, with nothing drawn, instead of frame by frame.
 */
function settleSprings(editor: PoseEditor): void {
  const { springs } = editor.session.rig;
  for (let step = 0; step < SPRING_STEPS && !springs.springsSettled; step++) springs.stepSprings(SPRING_STEP_MILLIS);
}

export async function resetPage(parts: ResetParts): Promise<void> {
  const { root, editor, view, timeline, models } = parts;
  for (const cancel of root.querySelectorAll<HTMLButtonElement>('.skin-chooser-cancel')) cancel.click();
  await models.loader.settled();

  editor.cancelGesture();
  timeline.pause();
  parts.solveWorker.set(false);
  parts.ui?.reset();
  parts.lessonIndex?.close();
  parts.linkBanner.hide();
  models.clearReport();
  parts.selection.clear();
  editor.symmetry.enabled = false;
  view.showSkeleton(false);
  view.setSkinning(parts.start.skinning);
  parts.ghosts.show(false);
  parts.retarget?.reset();
  parts.controlNet.reset();
  // Before the view is framed: not looking through the render camera (its field of view) any more.
  parts.camera.reset();
  // The view's size in the layout just restored, for the camera's framing below.
  view.viewport.resize();
  view.viewport.stopCamera();
  // The solver first: a new character keeps the one in use.
  if (editor.session.solverName !== parts.start.solver) editor.setSolver(parts.start.solver);
  // No contacts (before the characters they tie leave), no props, then one character, the default one, standing where the page opens it.
  parts.contacts.clear();
  parts.props.clear();
  for (const character of [...editor.scene.characters]) if (character !== editor.active) editor.removeCharacter(character.id);
  editor.setCharacterFlags(editor.active.id, { hidden: false, locked: false });
  editor.placeCharacter(editor.active.id, ORIGIN);
  parts.showDefault();
  settleSprings(editor);
  timeline.reset();
  editor.undo.clear();
  // After the framing above: the render camera starts on the orbit view's.
  parts.camera.fromView();

  (document.activeElement as HTMLElement | null)?.blur?.();
  for (const element of root.querySelectorAll('*')) {
    if (element.scrollTop !== 0) element.scrollTop = 0;
    if (element.scrollLeft !== 0) element.scrollLeft = 0;
  }
  window.scrollTo(0, 0);
  // Last: the state now is what the address bar shows without a link.
  parts.links.reset();
}
