// Share links on the running page: the posing state captured into a link,
// and a link applied back. Applying checks everything first, so a link that
// cannot apply changes nothing; then it goes through the same paths as the
// panel (solver), the target list (goals and pins) and window.kin (pose),
// and the targets and camera follow. For a solver that poses with the
// editable goal set, the link's goals become the set; a solver with its own
// goals keeps them and takes only matching targets. Solver settings do not
// travel: the pose they produced does. A lesson's link carries its tool's
// settings (a convention lesson's extents: they rebuild the rig), applied
// before the pose.
// A link for a built-in character (the default one, a lesson) that is not on
// screen is for the page to show first (built-in-characters.ts); here it
// only says why it cannot apply. A scene of several characters is captured
// into a scene link (scene-link.ts), applied by share-scene.ts.
import { anglesForBoneCount, defaultCharacterLinkFits } from './default-character-links.js';
import { jointNameHash, matchJoints } from './joint-names.js';
import { type CharacterLinkState, tryEncodePoseLink, type PoseLinkCharacter, type PoseLinkGoal, type PoseLinkState } from './pose-link.js';
import type { SceneContacts } from '../posing/scene-contacts.js';
import type { LinkContact } from './contacts-link.js';
import { MAX_LINK_CHARACTERS, type SceneLinkState, type ShareLinkState, decodeShareLink, tryEncodeSceneLink, wrapHeading } from './scene-link.js';
import type { SceneCharacter } from '../scene/scene.js';
import { toWorld } from '../scene/character-transform.js';
import { poseLinkInUrl, urlWithPoseLink } from './link-url.js';
import { LESSON_IDS, isLessonId } from '../lessons/lessons.js';
import { errorMessage } from '../text/error-message.js';
import { colouredGoals, goalSetProblem, takesAnyGoals } from '../posing/goal-set.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { Vec3Tuple } from '../rig/rig-desc.js';
import type { ClipData } from '../animation/clip.js';
import type { LessonSettings } from '../lessons/lesson-settings.js';
import { AS_BUILT, isAsBuilt, sameProportions } from '../posing/proportions.js';

/** The timeline a link carries: its clip, the time shown and whether it plays. */
export interface LinkTimeline {
  clip: ClipData;
  /** Seconds, within the clip. */
  time: number;
  playing: boolean;
}

/** What links are captured from and applied to: the pose editor and the camera. */
export interface LinkHost {
  readonly editor: PoseEditor;
  /** The camera's position and the point it orbits, world space. */
  camera(): { position: Vec3Tuple; target: Vec3Tuple };
  setCamera(position_ws: Vec3Tuple, target_ws: Vec3Tuple): void;
  /** The timeline's clip to share, or null for none (a page without a timeline leaves it out). */
  timeline?(): LinkTimeline | null;
  /** Shows a link's clip on the timeline (bones in the rig's order), after its pose is set. */
  setTimeline?(timeline: LinkTimeline): void;
  /** The lesson tool's settings to share, or null (none, or no lesson on screen). */
  lessonSettings?(): LessonSettings | null;
  /** Gives the lesson's tool a link's settings ({}: its start), before the pose applies; returns what it refused, or null. */
  setLessonSettings?(settings: LessonSettings): string | null;
  /** What the page holds that no link carries (a reference picture, props), each a few words, for the link's note. */
  leftOutOfLinks?(): string[];
  /** The contacts between the scene's characters (a scene link holds them: version 5). */
  readonly contacts?: SceneContacts;
}

/**
 * How applying a link went; `note` tells about a part that was left out.
 * A link for a user's glTF that is not on the page `waits` for the file.
 */
export type LinkOutcome = { ok: true; note: string | null } | { ok: false; error: string; waits?: PoseLinkState };

function linkCharacter({ info, session }: SceneCharacter, lessonSettings: LessonSettings | null): PoseLinkCharacter {
  const { source } = info;
  if (source.kind === 'default') return { kind: 'default' };
  if (source.kind === 'lesson') {
    return lessonSettings === null || Object.keys(lessonSettings).length === 0 ? { kind: 'lesson', id: source.id } : { kind: 'lesson', id: source.id, settings: lessonSettings };
  }
  return { kind: 'gltf', name: source.name, joints: session.rig.boneNames.map(jointNameHash) };
}

/** A scene character's record (without its clip): `lessonSettings` are its lesson tool's, if it has one on screen. */
export function captureCharacter(scened: SceneCharacter, lessonSettings: LessonSettings | null): CharacterLinkState {
  const { session } = scened;
  const { rig } = session;
  return {
    character: linkCharacter(scened, lessonSettings),
    solver: session.solverName,
    boneCount: rig.boneCount,
    angles: Array.from(rig.pose()),
    rootOffset: rig.rootOffset,
    ...(!isAsBuilt(session.proportions) && { proportions: session.proportions }),
    goals: session.goalBones.map((bone, g) => {
      const goal: PoseLinkGoal = { bone, target: session.target_ms(g), pinned: session.pinned(g) };
      if (session.layout.goals[g].movesRoot === true) goal.movesRoot = true;
      const orientation = session.orientation_ms(g);
      if (orientation !== null) goal.orientation = orientation;
      const pole = session.pole_ms(g);
      if (pole !== null) goal.pole = pole;
      return goal;
    }),
  };
}

/** The page's posing state as a link's state: the default character, a lesson by id, or a user's glTF by name and joints. */
export function captureLinkState(host: LinkHost): PoseLinkState {
  const timeline = host.timeline?.() ?? null;
  return {
    ...(timeline && { clip: timeline.clip, time: timeline.time, playing: timeline.playing }),
    ...captureCharacter(host.editor.active, host.lessonSettings?.() ?? null),
    camera: host.camera(),
  };
}

/**
 * The scene as a link's state, with the camera in world space: its first
 * MAX_LINK_CHARACTERS characters, the active one always among them (in
 * place of the last), and how many did not fit.
 */
export function captureSceneState(host: LinkHost): SceneLinkState {
  const { scene } = host.editor;
  const { active } = scene;
  const all = scene.characters;
  const held = all.slice(0, MAX_LINK_CHARACTERS);
  if (!held.includes(active)) held[held.length - 1] = active;
  const timeline = host.timeline?.() ?? null;
  const camera = host.camera();
  return {
    characters: held.map((c) => {
      const clip = c === active ? timeline?.clip : c.clip.channels.length > 0 ? c.clip : undefined;
      const record = captureCharacter(c, c === active ? host.lessonSettings?.() ?? null : null);
      return { ...record, ...(clip && { clip }), transform: { x: c.transform.x, z: c.transform.z, heading: wrapHeading(c.transform.heading) } };
    }),
    active: held.indexOf(active),
    leftOut: all.length - held.length,
    camera: { position: toWorld(active.transform, camera.position), target: toWorld(active.transform, camera.target) },
    ...(timeline && { time: timeline.time, playing: timeline.playing }),
    ...linkContacts(host, held),
  };
}

/** The contacts between the characters a link holds, by their index in it and their bones' in their rigs (none: nothing). */
function linkContacts(host: LinkHost, held: readonly SceneCharacter[]): { contacts?: LinkContact[] } {
  const index = (id: number) => held.findIndex((c) => c.id === id);
  const contacts = (host.contacts?.contacts ?? []).filter((c) => index(c.from.character) >= 0 && index(c.to.character) >= 0).map((c): LinkContact => {
    const from = held[index(c.from.character)];
    const to = held[index(c.to.character)];
    return {
      from: { character: index(c.from.character), bone: from.session.rig.boneIndex(c.from.bone) },
      to: { character: index(c.to.character), bone: to.session.rig.boneIndex(c.to.bone), point_bs: [...c.to.point_bs] },
    };
  });
  return contacts.length > 0 ? { contacts } : {};
}

/** A share link's URL (`note`: what it left out), or why the state on the page cannot be one (the message is for the page). */
export type ShareUrl = { ok: true; url: string; note?: string } | { ok: false; error: string };

/**
 * `pageUrl` with its fragment holding the page's state now. A clip too long
 * for a link (MAX_LINK_LENGTH: a long motion-capture take) is left out: the
 * link still holds the pose shown. A state no link can hold (more bones than
 * a link has room for, a position beyond its range) is no link, and why.
 */
export function shareUrl(host: LinkHost, pageUrl: string): ShareUrl {
  const encoded = host.editor.scene.characters.length > 1 ? encodeScene(captureSceneState(host)) : encodePose(captureLinkState(host));
  if (!encoded.ok) return { ok: false, error: `This state cannot be shared as a link: ${encoded.error}` };
  const url = urlWithPoseLink(pageUrl, encoded.link);
  const files = host.editor.scene.characters.filter((c) => c.info.source.kind === 'gltf').map((c) => `${c.name} (a file: it is named, the page asks for it)`);
  const leftOut = [...files, ...(host.leftOutOfLinks?.() ?? [])];
  const notes = [encoded.note, leftOut.length === 0 ? undefined : `The link leaves out ${leftOut.join(', ')}.`].filter((n) => n !== undefined);
  if (notes.length === 0) return { ok: true, url };
  return { ok: true, url, note: `${notes.join(' ')} Save scene (File menu) keeps all of it in a file.` };
}

type Encoded = { ok: true; link: string; note?: string } | { ok: false; error: string };

function encodePose(state: PoseLinkState): Encoded {
  const encoded = tryEncodePoseLink(state);
  if (encoded.ok || state.clip === undefined) return encoded;
  const { clip: _clip, time: _time, playing: _playing, ...pose } = state;
  return tryEncodePoseLink(pose);
}

/** A scene's link; its clips left out if they make it too long (its poses kept). */
function encodeScene(scene: SceneLinkState): Encoded {
  let encoded = tryEncodeSceneLink(scene);
  if (!encoded.ok && scene.characters.some((c) => c.clip !== undefined)) {
    const { time: _time, playing: _playing, ...rest } = scene;
    encoded = tryEncodeSceneLink({ ...rest, characters: scene.characters.map(({ clip: _clip, ...c }) => c) });
  }
  if (!encoded.ok || scene.leftOut === 0) return encoded;
  return { ...encoded, note: `The link holds ${scene.characters.length} of the scene's ${scene.characters.length + scene.leftOut} characters (a link holds ${MAX_LINK_CHARACTERS}).` };
}

export type ReadLink = ({ ok: true } & ShareLinkState) | { ok: false; error: string };

/** The state of an encoded link (a fragment's `p`), or why it is damaged. */
export function readLink(link: string): ReadLink {
  const decoded = decodeShareLink(link);
  if (!decoded.ok) return { ok: false, error: `This pose link is damaged: ${decoded.error}` };
  return { ok: true, ...decoded.link };
}

/** The state of the link in `url`'s fragment (relative URLs resolve against `base`), or why there is none. */
export function readLinkUrl(url: string, base?: string): ReadLink {
  const link = poseLinkInUrl(url, base);
  if (link === null) return { ok: false, error: 'the URL has no pose link (#p=…)' };
  return readLink(link);
}

/** What the page shows, for messages. */
function shownLabel(editor: PoseEditor): string {
  const { source } = editor;
  return source.kind === 'gltf' ? `'${source.name}'` : source.kind === 'lesson' ? `lesson '${source.id}'` : 'the default character';
}

/**
 * The link's state with its bones in the page's rig order (a glTF link is
 * matched to the loaded model by joint names), or why it cannot apply here.
 */
function stateForPage(editor: PoseEditor, state: PoseLinkState): { ok: true; state: PoseLinkState; note: string | null } | Extract<LinkOutcome, { ok: false }> {
  const { character } = state;
  const { source } = editor;
  if (character.kind === 'lesson') {
    if (!isLessonId(character.id)) return { ok: false, error: `This link poses lesson '${character.id}', which this page does not have (its lessons: ${LESSON_IDS.join(', ')})` };
    if (source.kind !== 'lesson' || source.id !== character.id) return { ok: false, error: `This link poses lesson '${character.id}', but the page shows ${shownLabel(editor)}: choose that lesson to apply it` };
    return { ok: true, state, note: null };
  }
  if (character.kind === 'default') {
    if (source.kind !== 'default') return { ok: false, error: `This link poses the default character, but the page shows ${shownLabel(editor)}: choose "Default character" to apply it` };
    const { boneCount } = editor.session.rig;
    if (!defaultCharacterLinkFits(state.boneCount, boneCount)) return { ok: true, state, note: null };
    return { ok: true, state: { ...state, boneCount, angles: anglesForBoneCount(state.angles, boneCount) }, note: null };
  }
  if (source.kind !== 'gltf') return { ok: false, error: `Load '${character.name}' to apply this pose`, waits: state };
  const match = matchJoints(character.joints, editor.session.rig.boneNames);
  if (!match.ok) return { ok: false, error: `This link poses '${character.name}', but '${source.name}' does not fit it: ${match.reason}`, waits: state };
  const { rigBoneOf } = match;
  const angles = new Array<number>(state.angles.length);
  rigBoneOf.forEach((bone, k) => {
    for (let slot = 0; slot < 3; slot++) angles[3 * bone + slot] = state.angles[3 * k + slot];
  });
  const goals = state.goals.map((goal) => ({ ...goal, bone: rigBoneOf[goal.bone] }));
  const clip = state.clip && { ...state.clip, channels: state.clip.channels.map((channel) => ({ ...channel, bone: channel.target === 'root' ? channel.bone : rigBoneOf[channel.bone] })) };
  const note = character.name === source.name ? null : `This link was made with '${character.name}'; '${source.name}' has the same joints, so its pose applies.`;
  return { ok: true, state: { ...state, angles, goals, ...(clip && { clip }) }, note };
}

export function applyLinkState(host: LinkHost, linkState: PoseLinkState): LinkOutcome {
  const { editor } = host;
  const fitted = stateForPage(editor, linkState);
  if (!fitted.ok) return fitted;
  const { state } = fitted;
  const { rig } = editor.session;
  if (state.boneCount !== rig.boneCount) return { ok: false, error: `This link is for ${state.boneCount} bones; the character has ${rig.boneCount}` };

  const goalSet = takesAnyGoals(state.solver)
    ? colouredGoals(state.goals.map((goal) => ({ bone: rig.boneNames[goal.bone], pinned: goal.pinned, movesRoot: goal.movesRoot === true, orient: goal.orientation !== undefined, pole: goal.pole !== undefined })))
    : null;
  const problem = goalSet && goalSetProblem(rig, goalSet);
  if (problem) return { ok: false, error: `This link's targets cannot pose this character: ${problem}` };
  // First: a convention lesson's settings rebuild its rig (same bones, another bind), which the pose then applies to.
  const settingsNote = state.character.kind === 'lesson' ? host.setLessonSettings?.(state.character.settings ?? {}) ?? null : null;
  const notes = (note: string | null): string | null => [settingsNote, note].filter((n) => n !== null).join(' ') || null;
  try {
    editor.setSolver(state.solver);
  } catch (error) {
    // Thrown before anything changed (a rig without the solver's goal bones).
    return { ok: false, error: `This link's solver cannot pose this character: ${errorMessage(error)}` };
  }
  if (goalSet) editor.setEditableGoals(goalSet);
  // Before the pose, whose root offset was kept with these proportions (so no floor to keep here).
  if (!sameProportions(state.proportions ?? AS_BUILT, editor.session.proportions)) editor.setProportions(state.proportions ?? AS_BUILT, []);
  editor.setPose(state.angles, state.rootOffset);
  if (state.clip) host.setTimeline?.({ clip: state.clip, time: state.time ?? 0, playing: state.playing === true });
  host.setCamera(state.camera.position, state.camera.target);
  // A solver with its own goals: the link's can only be their targets.
  const bones = editor.session.goalBones;
  const matching = state.goals.length === bones.length && state.goals.every((goal, g) => goal.bone === bones[g]);
  if (!matching) {
    const theirs = state.goals.map((goal) => goal.bone).join(', ') || 'none';
    return { ok: true, note: notes(`The link's goals (bones ${theirs}) do not match this page's for ${state.solver} (bones ${bones.join(', ')}): its targets were ignored, the handles sit on the pose.`) };
  }
  // Targets, and the poles and orientations the goals were given when the set was (placed on the pose).
  const { session } = editor;
  const poles = Float64Array.from(session.poles_ms);
  const orientations = Float64Array.from(session.orientations_ms);
  state.goals.forEach((goal, g) => {
    if (goal.pole !== undefined && !Number.isNaN(poles[3 * g])) poles.set(goal.pole, 3 * g);
    if (goal.orientation !== undefined && !Number.isNaN(orientations[4 * g])) orientations.set(goal.orientation, 4 * g);
  });
  editor.setGoalState(state.goals.flatMap((goal) => goal.target), poles, orientations);
  return { ok: true, note: notes(fitted.note) };
}
