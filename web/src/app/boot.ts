// Starts the editor: loads the module and the character (saying which while
// it waits), builds the rig, the pose editor, the view and — unless the page
// is embedded — the editor's regions and controls, applies a share link in
// the URL, then draws frames on demand. Any failure ends in onFailure with
// the step that failed.
import { pagePoseLibrary } from './page-pose-library.js';
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import { BuiltInCharacters } from '../import/built-in-characters.js';
import { BvhImporter } from '../import/bvh/bvh-importer.js';
import type { CharacterParts } from '../import/character-parts.js';
import { leftOutOfLinks, openSceneFile, pageSceneFiles } from './page-scene-files.js';
import { showForLink } from './show-for-link.js';
import { GltfImporter } from '../import/gltf-importer.js';
import { loadSkinnedMesh } from '../import/load-character.js';
import { PoseJsonImporter } from '../import/pose-json-importer.js';
import { rigFromSkinnedMesh } from '../import/skinned-mesh-rig.js';
import { LESSONS, LESSON_IDS, isLessonId } from '../lessons/lessons.js';
import { applyNamedPose } from '../posing/named-pose.js';
import type { ClipData } from '../animation/clip.js';
import { WALK_NAME, WAVE_NAME, buildDemoClips } from '../animation/demo-clips.js';
import type { OfferedClip } from '../animation/clip-menu.js';
import { TimelineModel } from '../animation/timeline-model.js';
import { PoseEditor, emptyClip } from '../posing/pose-editor.js';
import { PosingSession } from '../posing/posing-session.js';
import { Selection } from '../posing/selection.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import { poseLinkInUrl } from '../share/link-url.js';
import { PageLinks } from '../share/page-links.js';
import type { LinkHost, LinkOutcome } from '../share/share-link.js';
import { frameCharacter } from '../three/character-framing.js';
import { CharacterMeshes } from '../three/character-meshes.js';
import { FrameScheduler } from '../three/frame-scheduler.js';
import { PageLights } from '../three/page-lights.js';
import { Viewport } from '../three/scene.js';
import { DEFAULT_LOOK } from '../three/skinned-character.js';
import { LinkBanner } from '../ui/banner.js';
import { isEmbedMode } from '../ui/embed-mode.js';
import { followCoveringCard } from './embed-view-cover.js';
import { FullViewLink } from '../ui/full-view-link.js';
import { LoadingStatus } from '../ui/loading-status.js';
import { errorMessage } from '../text/error-message.js';
import { PageModels } from '../ui/page-models.js';
import { Shell } from '../ui/shell.js';
import { loadKinModuleBrowser } from '../wasm/load-browser.js';
import { PageCharacters } from './page-characters.js';
import { Change } from '../scene/scene-change.js';
import { duplicateParts } from './character-duplicate.js';
import { restorePoseState } from '../posing/pose-state.js';
import { EditorUi } from './editor-ui.js';
import type { KinApiControl } from './kin-api.js';
import { OnionGhosts } from './onion-ghosts.js';
import { PosingView } from './posing-view.js';
import { PageControlNet } from './page-controlnet.js';
import { RetargetController } from './retarget/retarget-controller.js';
import { RetargetLesson } from './retarget/retarget-lesson.js';
import { DEFAULT_SOURCE_NAME } from './retarget/retarget-sources.js';
import { RetargetLessonCard } from '../ui/retarget-lesson-card.js';
import { chooseSkin } from '../ui/skin-chooser.js';
import { LessonCard } from '../ui/lesson-card.js';
import { LessonIndex } from '../ui/lesson-index.js';
import { SolveWorkerSwitch } from './solve-worker-switch.js';
import { LessonRunner } from './lessons/lesson-runner.js';
import { frameLesson } from '../three/lesson-framing.js';
import { frameSelection } from '../three/view-presets.js';
import { paddedPoints } from '../three/padded-points.js';
import { whenIdle } from './page-idle.js';
import { resetPage } from './page-reset.js';
import { PageContacts } from './page-contacts.js';
import { SceneContacts } from '../posing/scene-contacts.js';
import { PageProps } from './page-props.js';
import { PageCamera } from './page-camera.js';
import { CameraPanels } from './camera-panels.js';

/** How far around every character's joints framing the scene keeps in view (metres). */
const SCENE_PADDING_M = 0.3;

export type FailureHandler = (what: string, error: unknown) => void;

function reportLink(banner: LinkBanner, outcome: LinkOutcome): void {
  if (!outcome.ok) banner.show(outcome.error, 'problem');
  else if (outcome.note !== null) banner.show(outcome.note, 'note');
  else banner.hide();
}

export async function boot(root: HTMLElement, kin: KinApiControl, characterUrl: string, onFailure: FailureHandler): Promise<void> {
  const loading = new LoadingStatus(root);
  let step = 'Could not load the WebAssembly module';
  try {
    loading.set('Loading WebAssembly…');
    const module = await loadKinModuleBrowser();

    step = 'Could not load the character';
    loading.set('Loading character…');
    const source = await loadSkinnedMesh(characterUrl, (fraction) => loading.set(`Loading character… ${Math.round(100 * fraction)} %`));

    step = 'Could not build the rig';
    const { bones, jointToBone } = rigFromSkinnedMesh(source);
    const builtIns = new BuiltInCharacters(module, { mesh: source, rig: { bones, jointToBone } });
    const firstParts = builtIns.parts({ kind: 'default' });
    const { rig } = firstParts;
    const editor = new PoseEditor(new PosingSession(rig), firstParts.info);
    // Before any undo step: every step keeps the contacts and the poses they move.
    const sceneContacts = new SceneContacts(editor);
    const selection = new Selection();
    const solveWorker = new SolveWorkerSwitch(editor);
    const timeline = new TimelineModel(editor);
    timeline.menu.register([{ name: 'New clip', make: emptyClip }]);
    // The default character's demo clips, built (on a rig of their own) when first picked.
    let demoClips: ClipData[] | null = null;
    const demoOffers: OfferedClip[] = [WAVE_NAME, WALK_NAME].map((name) => ({
      name,
      make: () => (demoClips ??= buildDemoClips(module, bones)).find((clip) => clip.name === name) ?? null,
    }));
    timeline.menu.offerCharacterClips(demoOffers);

    step = 'Could not start the 3D view';
    // Embed mode (?embed=1): the view and a link to the full page, no regions, no controls.
    const embedded = isEmbedMode(location.href);
    const shell = embedded ? null : new Shell(root);
    const viewportRegion = shell?.viewport ?? root;
    const viewport = new Viewport(viewportRegion);
    // For a loaded model's own materials; the built-in characters light themselves in the same look.
    const lights = new PageLights(DEFAULT_LOOK);
    viewport.world.add(lights.group);
    const character = new CharacterMeshes(firstParts.meshes, firstParts.jointToBone);
    frameCharacter(viewport, character, rig);
    let ui: EditorUi | null = null;
    let retarget: RetargetController | null = null;
    let retargetLesson: RetargetLesson | null = null;
    let links: PageLinks | null = null;
    let ready = false;
    // Playback: each frame advances the clock by the real time since the last one.
    let lastFrameMillis = -1;
    const playFrame = (): boolean => {
      if (!timeline.playing) {
        lastFrameMillis = -1;
        return false;
      }
      // Whole milliseconds: small integers, stored and passed without boxing (a playback frame allocates nothing).
      const nowMillis = scheduler.frameTimeMillis;
      if (lastFrameMillis >= 0) timeline.advance(nowMillis - lastFrameMillis);
      lastFrameMillis = nowMillis;
      return timeline.playing;
    };
    const drawFrame = (): boolean => {
      const playing = playFrame();
      ui?.refresh();
      ghosts.update();
      retarget?.update();
      retargetLesson?.update();
      lessons.update();
      // Spring chains ride on the frame's pose: after playback and any drag have set it.
      if (characters.update(scheduler.frameTimeMillis)) view.springsMoved();
      const moving = view.drawFrame() || playing || characters.moving;
      if (!ready) {
        ready = true;
        kin.markReady(page);
        void models.loadFromPageUrl();
      }
      return moving;
    };
    const scheduler = new FrameScheduler(drawFrame, (error) => onFailure('Drawing failed', error));
    const view = new PosingView(editor, viewport, character, selection, scheduler.request);
    const camera = new PageCamera(viewport, viewportRegion, lights, scheduler.request);
    let cameraPanels: CameraPanels | null = null;
    const characters = new PageCharacters(editor, viewport, view, firstParts);
    const contacts = new PageContacts(editor, sceneContacts, viewport, scheduler.request);
    const ghosts = new OnionGhosts(editor, timeline, viewport.scene, scheduler.request);
    timeline.onChange(scheduler.request);
    // The handles would float where the pose left them: hidden while playing, back on the pose when it stops.
    timeline.onChange(() => view.showHandles(!timeline.playing));
    // Any edit begun while playing — a drag (a handle, a bone, a slider), a preset, Reset, a mirror, a typed
    // target, an undo — stops playback first: it is made on the pose at that time, and stays (playing on, the
    // next frame would sample the clip over it). Before the edit, not after its first change: pausing puts the
    // sampled pose back and moves the targets onto it, which would undo a target just moved.
    editor.onEditBegin(() => {
      if (timeline.playing) timeline.pause();
    });

    // A new character brings its own clips to the menu (a file's; the demo clips for the default
    // one), a file's first clip ready to play — a BVH file's playing, as a motion-capture file is for watching.
    const offerClips = (parts: CharacterParts): void => {
      const clips = parts.clips ?? [];
      timeline.menu.offerCharacterClips(parts.info.source.kind === 'default' ? demoOffers : clips.map((clip) => ({ name: clip.name, make: () => clip })));
      timeline.characterChanged();
    };
    // Another character made active brings its clips to the menu; the selection was the other one's.
    editor.onChange((changes) => {
      const shown = (changes & Change.ACTIVE) !== 0 ? characters.find(editor.active.id) : undefined;
      if (shown === undefined) return;
      selection.clear();
      offerClips(shown.parts);
      links?.characterChanged();
    });
    const showParts = (parts: CharacterParts, adding = false): void => {
      selection.clear();
      if (adding) characters.add(parts);
      else characters.replaceActive(parts);
      offerClips(parts);
      const clips = parts.clips ?? [];
      if (clips.length > 0) {
        timeline.useClip(clips[0]);
        // The file's clip is part of what was loaded, not an edit to undo.
        const loaded = editor.active.id;
        editor.undo.forget((step) => step.character === loaded);
        // Framed on the clip's first frame, as F frames it (a motion-capture root stands where the clip puts it, not at its rest).
        ui?.frame();
        if (parts.metresPerUnit !== undefined) timeline.play();
      }
      // A lesson's tool starts now, on the lesson's start pose (before a share link applies its own).
      lessons.sync();
      // A lesson is framed on its pose, its targets and its goals' poles as its tool set it up (a share link's camera, if any, comes after).
      if (parts.framePoints !== undefined) {
        const { session } = editor;
        const poles_ms = session.goalBones.map((_, g) => session.pole_ms(g)).filter((pole) => pole !== null);
        frameLesson(viewport, parts.rig, [...parts.framePoints, ...poles_ms]);
      }
      // A character joining the scene: the whole scene in view.
      if (adding) frameSelection(viewport, paddedPoints(characters.jointsInView(), SCENE_PADDING_M));
      links?.characterChanged();
    };
    const showBuiltIn = (builtIn: BuiltInCharacter): void => showParts(builtIns.parts(builtIn));
    // Set while window.kin adds a character from a file: the file's character joins the scene instead of taking the active one's place.
    let addingFromFile = false;
    const addCharacter = (builtIn: BuiltInCharacter | null, load?: () => Promise<unknown>): Promise<number> => {
      if (builtIn !== null) {
        showParts(builtIns.parts(builtIn), true);
        return Promise.resolve(editor.active.id);
      }
      const before = editor.active.id;
      addingFromFile = true;
      return (load as () => Promise<unknown>)().finally(() => {
        addingFromFile = false;
      }).then(() => {
        if (editor.active.id === before) throw new Error('kin: the file brought no character to add');
        return editor.active.id;
      });
    };
    const motionImporters = [new GltfImporter(module), new BvhImporter(module)];
    const models = new PageModels([...motionImporters, new PoseJsonImporter()], root, viewportRegion, {
      showCharacter: (parts) => showParts(parts, addingFromFile),
      applyPose: (pose) => applyNamedPose(editor, pose),
      openScene: (file) => openSceneFile(sceneFiles, file),
      // Embedded (no panel to say it in), a refused picture is said in the models' banner.
      loadImage: (file) => void (cameraPanels?.loadReference(file) ?? camera.loadFile(file).catch((error: unknown) => models.report(errorMessage(error)))),
    });
    const linkHost: LinkHost = {
      editor,
      camera: () => ({ position: viewport.camera.position.toArray() as Vec3Tuple, target: viewport.orbit.target.toArray() as Vec3Tuple }),
      setCamera: (position, target) => view.setCamera(position, target),
      timeline: () => (editor.clip.channels.length === 0 ? null : { clip: editor.clip, time: timeline.time, playing: timeline.playing }),
      setTimeline: (shared) => {
        try {
          timeline.useClip(shared.clip);
          timeline.setTime(shared.time);
          linkPlays = shared.playing;
        } catch (error) {
          linkClipProblem = `This link's clip cannot play on this character: ${errorMessage(error)}`;
        }
      },
      lessonSettings: () => lessons.settings(),
      leftOutOfLinks: () => leftOutOfLinks(editor.scene, camera),
      setLessonSettings: (settings) => lessons.applySettings(settings),
      contacts: sceneContacts,
    };
    // The lessons' text panel heads the inspector (embedded: over the view); the index is the top bar's Lessons.
    const lessonIndex = shell === null ? null : new LessonIndex(root, LESSONS.map(({ id, title, teaching }) => ({ id, title, summary: teaching.summary })), (id) => showBuiltIn({ kind: 'lesson', id }));
    const lessonCard = new LessonCard(shell?.inspectorBody ?? viewportRegion, lessonIndex === null ? null : () => lessonIndex.open(), shell === null ? 'overlay' : 'inspector');
    if (shell === null) followCoveringCard(viewport, viewportRegion, lessonCard.element);
    const lessons = new LessonRunner(module, editor, selection, view, timeline, lessonCard, scheduler.request, () => ui?.openInspector(), (id, lesson) => {
      // A rebuilt lesson (other extents, rolls) keeps the camera where the student put it.
      const position = viewport.camera.position.toArray() as Vec3Tuple;
      const target = viewport.orbit.target.toArray() as Vec3Tuple;
      showParts(builtIns.lessonParts(id, lesson));
      view.setCamera(position, target);
    }, (bone) => {
      selection.selectBone(bone);
      ui?.timeline.setFolded(false);
      ui?.timeline.showCurves(true);
    });
    const linkBanner = new LinkBanner(viewportRegion);
    // Set while a link applies: its pose applied, its clip did not.
    let linkClipProblem: string | null = null;
    // A link's clip starts playing once the link has applied (an edit while applying it would stop playback).
    let linkPlays = false;
    // Playback frames are not edits: the link is written when playback starts and when it stops (with the pose there).
    let linkPlaying = false;
    // Before the first frame, so that a shared pose is the first thing drawn.
    links = new PageLinks(linkHost, {
      pushHistory: !embedded,
      showForLink: showForLink(editor, builtIns, showBuiltIn),
      report: (outcome) => {
        reportLink(linkBanner, outcome.ok && linkClipProblem !== null ? { ok: false, error: linkClipProblem } : outcome);
        if (outcome.ok && linkPlays) timeline.play();
        linkClipProblem = null;
        linkPlays = false;
      },
      scene: { builtInBones: (builtIn) => builtIns.boneCount(builtIn), addBuiltIn: (builtIn) => showParts(builtIns.parts(builtIn), true) },
      playing: () => timeline.playing,
    });
    const pageLinks = links;
    const sceneFiles = pageSceneFiles({ editor, characters, builtIns, loader: models.loader, camera: linkHost.camera, setCamera: linkHost.setCamera }, sceneContacts, camera, {
      beforeOpen: () => {
        timeline.pause();
        selection.clear();
      },
      afterOpen: () => {
        offerClips(characters.active.parts);
        lessons.sync();
        pageLinks.characterChanged();
      },
    });
    // What the view shows of a link besides the editor's state: the camera, whether the clip plays, the lesson's settings.
    view.onCameraMoved(() => pageLinks.viewChanged());
    sceneContacts.onChange(() => pageLinks.viewChanged());
    lessons.onSettingsChanged(() => pageLinks.viewChanged());
    timeline.onChange(() => {
      if (timeline.playing === linkPlaying) return;
      linkPlaying = timeline.playing;
      pageLinks.viewChanged();
    });
    // A frame first: every character's pose and placement uploaded, as the view would draw them now.
    const snapshot = async (): Promise<Blob> => {
      await view.nextFrame();
      return camera.snapshot();
    };
    const { library: poseLibrary, loaded: poseLibraryLoaded } = pagePoseLibrary(module, bones);
    if (shell === null) {
      new FullViewLink(root, () => pageLinks.currentUrl());
    } else {
      // The default character is the built-in source: its demo clips onto whichever character is on screen.
      const defaultSource = { name: DEFAULT_SOURCE_NAME, bones, clips: () => (demoClips ??= buildDemoClips(module, bones)) };
      retarget = new RetargetController(module, editor, timeline, view, motionImporters, { chooseSkin: (fileName, model) => chooseSkin(root, fileName, model.skins) }, [defaultSource], scheduler.request);
      retargetLesson = new RetargetLesson(module, editor, timeline, retarget, view, new RetargetLessonCard(shell.viewport));
      ui = new EditorUi(root, shell, editor, selection, view, {
        showCharacter: showBuiltIn,
        addCharacter: (builtIn) => showParts(builtIns.parts(builtIn), true),
        pickCharacter: (x, y) => {
          if (props.pickAt(x, y)) return true;
          const id = characters.characterAt(x, y);
          if (id === null) return false;
          editor.setActiveCharacter(id);
          return true;
        },
        contacts: sceneContacts,
        duplicateCharacter: () => {
          const { parts, state } = duplicateParts(module, editor, characters.active.parts);
          showParts(parts, true);
          // The copy's pose is where it starts, not a step to undo.
          const copy = editor.active.id;
          restorePoseState(editor, state);
          editor.undo.forget((step) => step.character === copy);
        },
        models,
        shareLink: () => pageLinks.writeNow(),
        timeline,
        characterMeshes: (id) => characters.of(id).meshes,
        propsOf: (id) => props.exported(id),
        ghosts,
        exportUnits: () => characters.active.parts.metresPerUnit,
        retarget,
        openLessons: () => lessonIndex?.open(),
        closeLessons: () => lessonIndex?.close() ?? false,
        solveWorker,
        poseLibrary,
        saveScene: () => sceneFiles.save(),
        snapshot,
        exportControlNet: () => controlNet.toggle(),
        importOpenPose: () => controlNet.importOpenPose(),
      });
      cameraPanels = new CameraPanels(shell.inspectorBody, camera);
      // The editor's regions filled change the view's size (a phone's timeline bar and tabs): framed again in it, unless a
      // link placed the camera; still the opening state, which the address bar shows without a link.
      if (poseLinkInUrl(location.href) === null) {
        viewport.resize();
        frameCharacter(viewport, view.character, editor.session.rig);
        pageLinks.reset();
      }
    }
    const props = new PageProps(editor, viewport, scheduler.request, shell?.toolsBody ?? null, (message) => models.report(message), () => ui?.frame());
    ui?.scene.showProps(props);
    const controlNet = new PageControlNet({ editor, view, characters, props, camera, timeline }, shell?.viewport ?? null);
    // The render camera starts where the orbit view frames the character as the page opens.
    camera.fromViewKeepingLens();
    // ?lesson=<id> (a course page's link) opens that lesson, once the lessons' page parts listen; with a
    // share link in the fragment the link decides (it names the lesson it was made on).
    const lessonParam = new URL(location.href).searchParams.get('lesson');
    if (lessonParam !== null && !isLessonId(lessonParam)) linkBanner.show(`This page has no lesson ${JSON.stringify(lessonParam)}; its lessons are ${LESSON_IDS.join(', ')}`, 'problem');
    else if (lessonParam !== null && poseLinkInUrl(location.href) === null) showBuiltIn({ kind: 'lesson', id: lessonParam });
    const start = { solver: editor.session.solverName, skinning: view.skinning };
    const reset = (): Promise<void> => resetPage({
      root, editor, view, timeline, selection, ghosts, solveWorker, models, links: pageLinks, linkBanner, contacts: sceneContacts, lessonIndex, retarget, controlNet, ui, start, props,
      showDefault: () => showBuiltIn({ kind: 'default' }),
      camera: { reset: () => { camera.reset(); cameraPanels?.reset(); }, fromView: () => camera.fromViewKeepingLens() },
    });
    const idle = (timeoutMillis: number): Promise<void> => whenIdle({ scheduler, editor, timeline, view, models, links: pageLinks }, timeoutMillis);
    const page = { editor, timeline, view, selection, links: pageLinks, models, ui, snapshot, sceneFiles, camera, showCharacter: showBuiltIn, addCharacter, characters, lessons, module, solveWorker, reset, idle, poseLibrary, poseLibraryLoaded, contacts, props, controlNet };
    loading.remove();
    scheduler.request();

    // Leaving the page frees the WASM rig and the GPU resources.
    window.addEventListener('pagehide', () => {
      scheduler.stop();
      ui?.dispose();
      controlNet.dispose();
      retargetLesson?.dispose();
      lessons.dispose();
      retarget?.dispose();
      pageLinks.dispose();
      models.dispose();
      solveWorker.dispose();
      ghosts.dispose();
      props.dispose();
      cameraPanels?.dispose();
      camera.dispose();
      view.dispose();
      contacts.dispose();
      characters.dispose();
      editor.dispose();
    }, { once: true });
  } catch (error) {
    loading.remove();
    onFailure(step, error);
  }
}
