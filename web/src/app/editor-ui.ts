// The full editor around the view (not in embed mode): the shell's regions
// filled — the top bar, the tools, the inspector with the selection's
// sections, the status line — plus bone posing, the help and the keyboard.
// refresh() runs with every drawn frame (frames follow every change) and
// brings what the widgets show up to date, touching the DOM only where
// something changed: what the editor's changes told it, or what the
// widgets find different.
import * as THREE from 'three';
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import { exportFileName, exportedPose } from '../export/character-export.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { Change, type Changes } from '../scene/scene-change.js';
import { ChangeFlag } from '../scene/change-flag.js';
import { NOTHING, type Selection } from '../posing/selection.js';
import type { ShareUrl } from '../share/share-link.js';
import type { SolverName, SolverOptions } from '../rig/rig.js';
import { type ViewName, frameSelection, showView } from '../three/view-presets.js';
import { slotAxes } from '../ui/bone-panel.js';
import { BonePosing } from '../ui/bone-posing.js';
import { download } from '../ui/download.js';
import { HelpOverlay } from '../ui/help-overlay.js';
import { Inspector } from '../ui/inspector.js';
import { SpringsPanel } from '../ui/springs-panel.js';
import { HandPanel } from '../ui/hand-panel.js';
import { ProportionsPanel } from '../ui/proportions-panel.js';
import { PoseLibraryPanel } from '../ui/pose-library-panel.js';
import { type BindMesh, dropToFloor } from '../posing/drop-to-floor.js';
import { bindMeshes } from '../three/bind-meshes.js';
import type { PoseLibrary } from '../posing/user-poses.js';
import { installShortcuts } from '../ui/keyboard-shortcuts.js';
import type { PageModels } from '../ui/page-models.js';
import type { Shell } from '../ui/shell.js';
import { StatusBar } from '../ui/status-bar.js';
import { TargetPanel } from '../ui/target-panel.js';
import { ToolPanel, type ViewActions } from '../ui/tool-panel.js';
import { TopBar } from '../ui/top-bar.js';
import { Outliner } from '../ui/outliner.js';
import { SCENE_FILE_EXTENSION } from '../scene/scene-file.js';
import { ContactsPanel } from '../ui/contacts-panel.js';
import type { SceneContacts } from '../posing/scene-contacts.js';
import { paddedPoints } from '../three/padded-points.js';
import type { PosingView } from './posing-view.js';
import type { SolveWorkerSwitch } from './solve-worker-switch.js';
import { errorMessage } from '../text/error-message.js';
import type { TimelineModel } from '../animation/timeline-model.js';
import type { CharacterMeshes } from '../three/character-meshes.js';
import { TimelinePanel } from '../ui/timeline-panel.js';
import { bvhOfClip, glbWithClip } from './clip-export.js';
import type { ExportedProp } from '../export/character-export.js';
import type { OnionGhosts } from './onion-ghosts.js';
import type { RetargetController } from './retarget/retarget-controller.js';
import { RetargetDialog } from '../ui/retarget-dialog.js';

/** How far around the joints framing keeps in view (metres; the skin lies around them). */
const FRAME_PADDING = 0.12;
/** Around a selected target: some of the limb it pulls. */
const TARGET_PADDING = 0.35;
/** Where the timeline starts folded. */
const PHONE = '(max-width: 640px)';

/** What the editor's controls need from the page besides the editor and the view. */
export interface EditorUiHooks {
  showCharacter(character: BuiltInCharacter): void;
  /** The scene panel's + and Duplicate: a character joins the scene, active. */
  addCharacter(character: BuiltInCharacter): void;
  duplicateCharacter(): void;
  /** The contacts between characters (the Contacts section lists, adds and removes them). */
  contacts: SceneContacts;
  /** A click beside the active character's bones: the character there (if any) becomes active; true if one did. */
  pickCharacter(x: number, y: number): boolean;
  models: PageModels;
  /** The share link of the state now, written into the address bar, or why there is none. */
  shareLink(): ShareUrl;
  /** The picture Save PNG saves (through the render camera). */
  snapshot(): Promise<Blob>;
  timeline: TimelineModel;
  /** The meshes of the scene's character `id` (Export GLB writes every character). */
  characterMeshes(id: number): CharacterMeshes;
  /** The props a character holds, as Export GLB writes them under its bones. */
  propsOf?(id: number): ExportedProp[];
  /** The onion skin (the View section's Ghosts toggle). */
  ghosts: OnionGhosts;
  /** Metres per unit of the character's BVH file, if it came from one (undefined: BVH export writes centimetres). */
  exportUnits(): number | undefined;
  /** What File ▸ Retarget… drives. */
  retarget: RetargetController;
  /** What the top bar's Lessons opens, and Esc closes (false if it was not open). */
  openLessons(): void;
  closeLessons(): boolean;
  /** The solver settings' background thread. */
  solveWorker: SolveWorkerSwitch;
  /** The pose library (built-in poses and the user's). */
  poseLibrary: PoseLibrary;
  /** The scene as a scene file (File ▸ Save scene). */
  saveScene(): Uint8Array<ArrayBuffer>;
  /** File ▸ Export for ControlNet… and Import OpenPose JSON… (the page's outputs panel). */
  exportControlNet(): void;
  importOpenPose(): void;
}

export class EditorUi {
  readonly topBar: TopBar;
  readonly tools: ToolPanel;
  readonly scene: Outliner;
  readonly contacts: ContactsPanel;
  readonly inspector: Inspector;
  private readonly springs: SpringsPanel;
  private readonly hands: HandPanel;
  private readonly body: ProportionsPanel;
  private readonly library: PoseLibraryPanel;
  readonly status: StatusBar;
  readonly bonePosing: BonePosing;
  readonly targetPanel: TargetPanel;
  readonly help: HelpOverlay;
  readonly timeline: TimelinePanel;
  readonly retargetDialog: RetargetDialog;
  private readonly uninstallShortcuts: () => void;
  private readonly pointer_px = { x: 0, y: 0 };
  /** What the editor's changes left for refresh() to show (all of it at first). */
  private stale: Changes = Change.CHARACTER | Change.SOLVER;
  private shownSkinning = '';

  constructor(
    root: HTMLElement,
    private readonly shell: Shell,
    private readonly editor: PoseEditor,
    private readonly selection: Selection,
    private readonly view: PosingView,
    private readonly hooks: EditorUiHooks,
  ) {
    this.help = new HelpOverlay(root);
    this.retargetDialog = new RetargetDialog(shell.viewport, hooks.retarget);
    hooks.retarget.viewCovered = () => this.retargetDialog.coveredFraction();
    this.topBar = new TopBar(shell.top, editor, {
      showCharacter: hooks.showCharacter,
      characterFailed: (message) => hooks.models.report(message),
      loadFiles: (files) => void hooks.models.loadFiles(files),
      saveScene: () => this.downloadScene(),
      exportGlb: () => void this.downloadGlb(),
      exportBvh: () => this.downloadBvh(),
      exportPoseJson: () => download(JSON.stringify(exportedPose(editor.session.rig, editor.source), null, 2), 'application/json', exportFileName(editor.source, '-pose.json')),
      retarget: () => this.retargetDialog.toggle(),
      snapshot: () => this.snapshot(),
      exportControlNet: hooks.exportControlNet,
      importOpenPose: hooks.importOpenPose,
      shareLink: hooks.shareLink,
      toggleHelp: () => this.help.toggle(),
      openLessons: hooks.openLessons,
    });
    this.tools = new ToolPanel(shell.toolsBody, editor, selection, this.viewActions());
    this.library = new PoseLibraryPanel(editor, hooks.poseLibrary);
    this.tools.poseSection.after(this.library.element);
    this.scene = new Outliner(shell.toolsBody, editor, { addDefault: () => hooks.addCharacter({ kind: 'default' }), duplicate: hooks.duplicateCharacter });
    this.contacts = new ContactsPanel(editor, selection, hooks.contacts);
    this.scene.element.after(this.contacts.element);
    this.inspector = new Inspector(shell.inspectorBody, (solver: SolverName, options: SolverOptions) => editor.setSolver(solver, options), (on) => hooks.solveWorker.set(on), {
      keepBalance: (on) => editor.session.useKeepBalance(on),
      keepAboveFloor: (on) => editor.session.useKeepAboveFloor(on),
    });
    hooks.solveWorker.onChange(() => this.inspector.solverPanel.showBackground(hooks.solveWorker.on));
    this.status = new StatusBar(shell.bottom);
    const { timeline } = hooks;
    const clipChanged = new ChangeFlag(editor, Change.CLIP);
    this.timeline = new TimelinePanel(shell.bottom, timeline, {
      bone: () => selection.bone,
      boneName: (bone) => editor.session.rig.boneNames[bone],
      slotAxes: (bone) => slotAxes(editor.session.rig.orders[bone]),
      sampler: () => editor.session.rig.clips,
      clipChanged: () => clipChanged.take(),
      report: (message) => hooks.models.report(message),
    }, window.matchMedia(PHONE).matches);
    const { viewport } = view;
    this.bonePosing = new BonePosing(editor, selection, viewport, (x, y, pointerType) => view.hitAt(x, y, pointerType), this.inspector.selection, () => viewport.onInvalidate(), hooks.pickCharacter);
    this.targetPanel = new TargetPanel(this.inspector.selection, editor, selection);
    this.hands = new HandPanel(shell.inspectorBody, this.inspector.solverPanel.element, editor, selection);
    this.body = new ProportionsPanel(shell.inspectorBody, this.inspector.solverPanel.element, editor, () => this.activeMeshes());
    this.springs = new SpringsPanel(shell.inspectorBody, () => editor.session.rig, () => viewport.onInvalidate());
    this.uninstallShortcuts = installShortcuts(window, {
      undo: () => editor.undo.undo(),
      redo: () => editor.undo.redo(),
      grab: () => this.grab(),
      rotate: () => void this.bonePosing.startTurn(this.pointer_px.x, this.pointer_px.y),
      frame: () => this.frame(),
      showView: (name) => this.showView(name),
      toggleHelp: () => this.help.toggle(),
      closeHelp: () => this.help.close() || hooks.closeLessons(),
      cancel: () => editor.cancelGesture(),
      playPause: () => timeline.toggle(),
      stepFrame: (frames) => timeline.step(frames),
      key: () => this.timeline.key(),
      copyKeys: () => timeline.copy(),
      pasteKeys: () => timeline.paste(),
      deleteKeys: () => timeline.deleteSelected(),
    });
    viewport.canvas.addEventListener('pointermove', this.onPointerMove);
    // The controls show a change at once (a script reads them back), not only with the next frame.
    editor.onChange((changes, character) => {
      if (character !== editor.active) return;
      this.stale |= changes;
      this.refresh();
    });
    selection.onChange(() => this.refresh());
    view.onChange(() => this.refresh());
  }

  /** Opens the inspector (on a phone its sheet), where a lesson's panel is. */
  openInspector(): void {
    this.shell.setOpen('inspector', true);
  }

  /** What File ▸ Retarget… drives (for window.kin). */
  get retarget(): RetargetController {
    return this.hooks.retarget;
  }

  private downloadScene(): void {
    try {
      download(this.hooks.saveScene(), 'application/zip', `kin-scene${SCENE_FILE_EXTENSION}`);
    } catch (error) {
      this.hooks.models.report(`Could not save the scene: ${errorMessage(error)}`);
    }
  }

  /** The picture Save PNG saves, taken now. */
  snapshot(): Promise<Blob> {
    return this.hooks.snapshot();
  }

  /** Called with every frame (allocation-free unless something is shown anew). */
  refresh(): void {
    const { session } = this.editor;
    const stale = this.stale;
    this.stale = 0;
    this.bonePosing.update();
    this.tools.refresh();
    this.timeline.refresh();
    this.topBar.characters.refresh();
    this.targetPanel.refresh();
    this.hands.refresh();
    this.body.refresh();
    this.library.refresh();
    this.springs.refresh();
    this.inspector.showHint(this.selection.bone === NOTHING && this.selection.goal === NOTHING);
    if ((stale & (Change.CHARACTER | Change.ACTIVE)) !== 0) {
      // Another character: nothing of the old one's solves stays on show.
      this.status.clear();
      this.inspector.energyPlot.showMessage('No solve yet: drag a handle.');
      const { source } = this.editor;
      this.status.warn(source.kind === 'gltf' && source.warnings.length > 0 ? source.warnings.join(' ') : null);
    }
    if ((stale & (Change.SOLVER | Change.CHARACTER | Change.ACTIVE)) !== 0) {
      this.inspector.solverPanel.show(session.solverName, this.editor.solverOptions, session.sizeDefaults);
      this.inspector.solverPanel.showBodyGoals(session.keepBalanceAsked, session.keepAboveFloorAsked);
    }
    // The status line shows one solve, all its numbers: the latest timed one
    // (a drag's last solve is timed when it ends). The plot shows what the
    // latest solve did.
    if ((stale & Change.TIMED_SOLVE) !== 0) this.status.show(session.lastTimedSolve);
    if ((stale & Change.SOLVE) !== 0) {
      if (session.lastSolve.failure === null) this.inspector.energyPlot.show(session.energyHistory(), session.lastSolve.iterations);
      else this.inspector.energyPlot.showMessage('No energy: the solve failed.');
    }
    if (this.view.skinning !== this.shownSkinning) {
      this.tools.showSkinning(this.view.skinning);
      this.shownSkinning = this.view.skinning;
    }
  }

  /** The editor's regions and dialogs as the page opens at this size (kin.reset()). */
  reset(): void {
    this.help.close();
    this.retargetDialog.close();
    this.topBar.fileMenu.close();
    this.topBar.copyLink.reset();
    this.shell.showDefaultLayout();
    this.timeline.setFolded(window.matchMedia(PHONE).matches);
    this.timeline.showCurves(false);
    this.library.reset();
    this.body.reset();
  }

  /** Frames the selection, or the whole character with nothing selected (F). */
  frame(): void {
    frameSelection(this.view.viewport, this.framedPoints());
  }

  showView(name: ViewName): void {
    showView(this.view.viewport, name, this.framedPoints(true));
  }

  dispose(): void {
    this.uninstallShortcuts();
    this.tools.dispose();
    this.contacts.dispose();
    this.targetPanel.dispose();
    this.timeline.dispose();
    this.hands.dispose();
    this.body.dispose();
    this.library.dispose();
    this.springs.dispose();
    this.scene.dispose();
    this.retargetDialog.dispose();
    this.bonePosing.dispose();
    this.shell.dispose();
    this.view.viewport.canvas.removeEventListener('pointermove', this.onPointerMove);
  }

  private viewActions(): ViewActions {
    const { view } = this;
    return {
      showView: (name) => this.showView(name),
      frame: () => this.frame(),
      skeletonShown: () => view.showsSkeleton,
      showSkeleton: (shown) => view.showSkeleton(shown),
      ghostsShown: () => this.hooks.ghosts.visible,
      showGhosts: (shown) => this.hooks.ghosts.show(shown),
      skinning: () => view.skinning,
      setSkinning: (method) => view.setSkinning(method),
      dropToFloor: () => void this.dropToFloor(),
    };
  }

  /** Drop to floor: the active character's lowest skinned point onto y = 0 (one undo step); returns how far it moved. */
  dropToFloor(): number {
    return dropToFloor(this.editor, this.activeMeshes());
  }

  /** The active character's skinned meshes in bind space. */
  activeMeshes(): BindMesh[] {
    return bindMeshes(this.hooks.characterMeshes(this.editor.active.id));
  }

  /** G: grabs the selected target with the pointer where it is. */
  private grab(): void {
    const goal = this.selection.goal;
    if (goal === NOTHING || this.editor.undo.inStep) return;
    this.view.handles.grab(goal, this.pointer_px.x, this.pointer_px.y);
  }

  /**
   * The points framing should keep in view (model = world space): the
   * selected bone's joint and tip, the selected target, or — with nothing
   * selected, or `whole` — every joint and tip; each padded by a margin.
   */
  private framedPoints(whole = false): THREE.BufferAttribute {
    const { rig } = this.editor.session;
    const model_ms = rig.modelMatrices();
    const tips_ms = rig.boneTips();
    const centres: THREE.Vector3[] = [];
    const bone = this.selection.bone;
    const goal = this.selection.goal;
    let padding = FRAME_PADDING;
    const addBone = (b: number): void => {
      centres.push(new THREE.Vector3().fromArray(model_ms, 16 * b + 12), new THREE.Vector3().fromArray(tips_ms, 3 * b));
    };
    if (!whole && bone !== NOTHING) {
      addBone(bone);
      // A bone with some of its neighbours: half its length around it.
      padding = Math.max(FRAME_PADDING, 0.5 * centres[0].distanceTo(centres[1]));
    } else if (!whole && goal !== NOTHING) {
      centres.push(new THREE.Vector3().fromArray(this.editor.session.targets_ms, 3 * goal));
      padding = TARGET_PADDING;
    } else {
      for (let b = 0; b < rig.boneCount; b++) addBone(b);
    }
    return paddedPoints(centres, padding);
  }

  private async downloadGlb(): Promise<void> {
    try {
      const { data, name } = await glbWithClip(this.editor, this.hooks.timeline, this.hooks.characterMeshes, this.hooks.propsOf);
      download(data, 'model/gltf-binary', name);
    } catch (error) {
      this.hooks.models.report(`Could not export: ${errorMessage(error)}`);
    }
  }

  private downloadBvh(): void {
    try {
      const { text, warnings, name } = bvhOfClip(this.editor, this.hooks.timeline, this.hooks.exportUnits());
      download(text, 'text/plain', name);
      if (warnings.length > 0) this.hooks.models.report(`Exported ${name}; ${warnings.join(' ')}`, 'note');
    } catch (error) {
      this.hooks.models.report(`Could not export BVH: ${errorMessage(error)}`);
    }
  }

  // Where the pointer is over the view, for G and R (allocation-free: it runs on every move).
  private readonly onPointerMove = (event: PointerEvent): void => {
    this.pointer_px.x = event.clientX;
    this.pointer_px.y = event.clientY;
  };
}
