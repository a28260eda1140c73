// The part of window.kin for the page's tools: the selection and
// forward-kinematics posing of one bone (as the inspector does it), the
// view (standard views, framing, the skeleton), snapshots (as Save PNG takes
// them) and the lesson rigs (as the character menu shows them). kin-api.ts
// merges these members into window.kin; like the rest they throw until
// kin.ready has resolved, and return plain copies.
import type { PageContacts } from './page-contacts.js';
import type { SolveWorkerSwitch } from './solve-worker-switch.js';
import type { TimelineModel } from '../animation/timeline-model.js';
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import { LESSONS, LESSON_IDS, isLessonId } from '../lessons/lessons.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import type { PageLinks } from '../share/page-links.js';
import { VIEW_NAMES, type ViewName } from '../three/view-presets.js';
import type { PageModels } from '../ui/page-models.js';
import { blobDataUrl } from '../ui/png-snapshot.js';
import type { EditorUi } from './editor-ui.js';
import type { LessonRunner } from './lessons/lesson-runner.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { type Vec3, isFiniteVec3 } from './finite-vec3.js';
import type { PosingView } from './posing-view.js';
import type { KinScenePage } from './kin-scene-api.js';
import type { PoseLibrary } from '../posing/user-poses.js';
import type { PageControlNet } from './page-controlnet.js';
import type { PageProps } from './page-props.js';
import type { PageCamera } from './page-camera.js';

/** What the page hands the API once it runs. */
export interface KinPage {
  editor: PoseEditor;
  timeline: TimelineModel;
  view: PosingView;
  selection: Selection;
  links: PageLinks;
  models: PageModels;
  /** Null in embed mode, which has no editor around the view. */
  ui: EditorUi | null;
  /** The picture through the render camera, taken now, as PNG (Save PNG's). */
  snapshot(): Promise<Blob>;
  /** The render camera, its views, the lights and the reference image (kin-camera-api.ts). */
  camera: PageCamera;
  showCharacter(character: BuiltInCharacter): void;
  /** The scene's characters on the page, and adding one (see kin-scene-api.ts). */
  characters: KinScenePage['characters'];
  addCharacter: KinScenePage['addCharacter'];
  sceneFiles: KinScenePage['sceneFiles'];
  lessons: LessonRunner;
  module: KinModule;
  /** Drags solved in a background thread (the solver settings' toggle). */
  solveWorker: SolveWorkerSwitch;
  /** Puts the page back in the state it opens in (kin.reset(), page-reset.ts). */
  reset(): Promise<void>;
  /** Resolves once a frame is drawn and nothing is pending (kin.idle(), page-idle.ts). */
  idle(timeoutMillis: number): Promise<void>;
  /** The pose library, and its reading from the browser's store as the page opened. */
  poseLibrary: PoseLibrary;
  poseLibraryLoaded: Promise<void>;
  /** The contacts between characters and their lines in the view (page-contacts.ts). */
  contacts: PageContacts;
  /** The scene's props on the page (page-props.ts). */
  props: PageProps;
  /** Export for ControlNet…: the image passes and the OpenPose keypoints (page-controlnet.ts). */
  controlNet: PageControlNet;
}

export interface KinToolsApi {
  /**
   * Selects a bone by name as clicking it does: highlights it, opens its
   * section in the inspector (one slider per Euler slot, within the joint's
   * limits) and puts the rotation gizmo on its joint; null deselects. Throws
   * for an unknown name, and in embed mode.
   */
  selectBone(name: string | null): void;
  /** The selected bone's name, or null. */
  selectedBone(): string | null;
  /**
   * Selects a goal's target (index or name) as pressing its handle does:
   * its gizmo's arrows show, its section opens in the inspector, G grabs
   * it; null deselects. Throws for an unknown goal.
   */
  selectGoal(goal: number | string | null): void;
  /** The selected target's goal name, or null. */
  selectedGoal(): string | null;
  /** Shows the character from the front (+Z), the side (+X) or the top, framed, as 1, 3 and 7 do. */
  showView(name: string): void;
  /** Frames the selection, or the whole character with nothing selected, as F does. */
  frame(): void;
  /** Draws the skeleton (bones and joint axes) over the character, or not, as the Skeleton toggle does. */
  showSkeleton(shown: boolean): void;
  skeletonShown(): boolean;
  /** Where the camera is and the point it orbits (world space, metres). */
  camera(): { position: Vec3; target: Vec3 };
  /** Drop to floor, as the Pose section's button: the character's lowest skinned point onto y = 0 (one undo step); returns how far it moved (metres, up positive). */
  dropToFloor(): number;
  /** Puts the camera at `position` looking at `target` (world space, metres), as a link's camera does. */
  setCamera(position: Vec3, target: Vec3): void;
  /**
   * Sets one bone's three Euler angles (radians, by slot) as its sliders do:
   * clamped to the joint's limits, through the page's pose path, so the IK
   * targets and handles follow. Returns the angles applied. Throws for an
   * unknown name or angles that are not 3 finite numbers, and in embed mode.
   */
  setBoneAngles(name: string, angles: Vec3): Vec3;
  /**
   * Where a point of a bone is drawn, in CSS pixels of the page (for real
   * clicks): `along` its segment from the joint (0, where the selected bone's
   * rotation gizmo sits) to the tip (1); default 0.5, the middle.
   */
  boneScreenPosition(name: string, along?: number): { x: number; y: number };
  /**
   * For tests that drive real pointer events: the part of the selected
   * bone's rotation gizmo under the pointer (where the mouse last moved) or
   * being dragged — 'X', 'Y', 'Z' (the rings about the joint's axes), 'E'
   * (the ring about the line of sight), 'XYZE' (the free-turning centre) —
   * or null.
   */
  boneGizmoAxis(): string | null;
  /**
   * The picture through the render camera (see renderCamera()), taken now,
   * as a PNG data: URL: the image Save PNG downloads, at the camera's
   * width × height, clean (no handles, gizmos, grid or lines unless
   * setSnapshotOverlays(true)), on its background (transparent: alpha 0
   * where nothing is drawn) with the reference image behind the scene if it
   * is in the picture.
   */
  snapshot(): Promise<string>;
  /** The lesson rigs: id (for loadLesson and share links) and the title the lesson menu shows. */
  lessons(): { id: string; title: string }[];
  /**
   * Shows a lesson rig (by id, see lessons()) in place of the character on
   * screen, as the lesson menu does, in its start pose, keeping the solver
   * when it can pose the lesson; null shows the default character again.
   * The goals are found as for a loaded model (the chain's end; see goals()),
   * undo starts afresh, and kin.model() becomes {kind: 'lesson', id}. Share
   * links record the lesson; opening one shows it and applies the pose.
   * Throws, changing nothing, for an unknown id.
   */
  loadLesson(id: string | null): void;
}

/** The members, over `page()`, which throws while the page is not running. */
export function createToolsApi(page: () => KinPage): KinToolsApi {
  const ui = (): EditorUi => {
    const editorUi = page().ui;
    if (editorUi === null) throw new Error('kin: the editor’s tools are not available in embed mode; open the page without ?embed=1');
    return editorUi;
  };
  const boneIndex = (name: unknown): number => {
    if (typeof name !== 'string') throw new Error('kin: a bone name must be a string');
    return page().editor.session.rig.boneIndex(name);
  };
  return {
    selectBone: (name) => {
      ui();
      const { selection } = page();
      if (name === null) selection.clear();
      else selection.selectBone(boneIndex(name));
    },
    selectedBone: () => {
      const { selection, editor } = page();
      return selection.bone === NOTHING ? null : editor.session.rig.boneNames[selection.bone];
    },
    selectGoal: (goal) => {
      const { selection, editor } = page();
      if (goal === null) selection.clear();
      else selection.selectGoal(editor.session.goalIndex(goal));
    },
    selectedGoal: () => {
      const { selection, editor } = page();
      return selection.goal === NOTHING ? null : editor.session.goalNames[selection.goal];
    },
    showView: (name) => {
      if (!(VIEW_NAMES as readonly unknown[]).includes(name)) throw new Error(`kin: no view ${JSON.stringify(name)}; the views are ${VIEW_NAMES.join(', ')}`);
      ui().showView(name as ViewName);
    },
    frame: () => ui().frame(),
    showSkeleton: (shown) => {
      if (typeof shown !== 'boolean') throw new Error('kin: showSkeleton takes true or false');
      page().view.showSkeleton(shown);
    },
    skeletonShown: () => page().view.showsSkeleton,
    camera: () => {
      const { viewport } = page().view;
      return { position: viewport.camera.position.toArray() as Vec3, target: viewport.orbit.target.toArray() as Vec3 };
    },
    dropToFloor: () => ui().dropToFloor(),
    setCamera: (position, target) => {
      if (!isFiniteVec3(position) || !isFiniteVec3(target)) throw new Error('kin: setCamera takes a position and a target, each 3 finite numbers (metres)');
      page().view.setCamera(position, target);
    },
    setBoneAngles: (name, angles) => {
      ui();
      const bone = boneIndex(name);
      if (!isFiniteVec3(angles)) throw new Error('kin: bone angles must be 3 finite numbers (radians, by Euler slot)');
      const { editor } = page();
      editor.setBoneAngles(bone, angles[0], angles[1], angles[2]);
      return editor.session.rig.getAngles(bone);
    },
    boneScreenPosition: (name, along = 0.5) => {
      if (typeof along !== 'number' || !(along >= 0 && along <= 1)) throw new Error('kin: along must be a number in [0, 1]');
      return ui().bonePosing.screenPosition(boneIndex(name), along);
    },
    boneGizmoAxis: () => ui().bonePosing.gizmoAxis,
    snapshot: async () => blobDataUrl(await page().snapshot()),
    lessons: () => LESSONS.map(({ id, title }) => ({ id, title })),
    loadLesson: (id) => {
      const { showCharacter } = page();
      if (id === null) return showCharacter({ kind: 'default' });
      if (typeof id !== 'string' || !isLessonId(id)) throw new Error(`kin: no lesson ${JSON.stringify(id)}; the lessons are ${LESSON_IDS.join(', ')} (null: the default character)`);
      showCharacter({ kind: 'lesson', id });
    },
  };
}
