// A scene link (scene-link.ts) applied on the page: the scene is made to
// hold exactly the link's characters, each posed as its record says
// (share-link.ts's applyLinkState, the path every link takes), standing
// where it stood, the link's active one active and the camera where it
// looked. Built-in characters are made anew through the page's own path for
// adding one; a glTF character is the page's, if one on it has the link's
// joints (it keeps its place in the scene's order, before the new ones),
// and otherwise is named in the note (a file cannot travel in a link).
// Everything that can be checked without making characters is checked
// first: a link that fails there changes nothing. A record that still
// fails on its new character takes the characters it added out again. Only
// then do the characters the link does not hold leave; with a full scene
// the ones it replaces leave before the new ones come. The new characters
// start posed (no undo steps of theirs: the link's pose is where they start).
// The link's contacts (version 5) then tie the characters it posed.
import type { BuiltInCharacter } from '../import/built-in-characters.js';
import { LESSON_IDS, isLessonId } from '../lessons/lessons.js';
import { toModel } from '../scene/character-transform.js';
import { MAX_CHARACTERS, type SceneCharacter } from '../scene/scene.js';
import { defaultCharacterLinkFits } from './default-character-links.js';
import { matchJoints } from './joint-names.js';
import type { PoseLinkCharacter, PoseLinkState } from './pose-link.js';
import type { SceneLinkCharacter, SceneLinkState } from './scene-link.js';
import { type LinkHost, type LinkOutcome, applyLinkState } from './share-link.js';
import { errorMessage } from '../text/error-message.js';

/** What the page does for a scene link besides what any link needs. */
export interface SceneLinkPage {
  /** The bone count of a built-in character. */
  builtInBones(character: BuiltInCharacter): number;
  /** Adds a built-in character to the scene as the page adds one (it becomes active); throws, adding nothing, if it cannot. */
  addBuiltIn(character: BuiltInCharacter): void;
}

type Planned = { record: SceneLinkCharacter; builtIn: BuiltInCharacter } | { record: SceneLinkCharacter; kept: SceneCharacter } | { record: SceneLinkCharacter; missing: string };

function builtInOf(character: PoseLinkCharacter): BuiltInCharacter | string {
  if (character.kind === 'default') return { kind: 'default' };
  if (character.kind === 'gltf') return `'${character.name}' is a file`;
  if (!isLessonId(character.id)) return `lesson '${character.id}' is not on this page (its lessons: ${LESSON_IDS.join(', ')})`;
  return { kind: 'lesson', id: character.id };
}

/** Which character each record goes to, or why the link cannot apply here (nothing made, nothing changed). */
function plan(host: LinkHost, page: SceneLinkPage, link: SceneLinkState): Planned[] | string {
  const claimed = new Set<SceneCharacter>();
  const planned: Planned[] = [];
  for (const [k, record] of link.characters.entries()) {
    const { character } = record;
    if (character.kind === 'gltf') {
      const kept = host.editor.scene.characters.find((c) => !claimed.has(c) && c.info.source.kind === 'gltf' && matchJoints(character.joints, c.session.rig.boneNames).ok);
      if (kept === undefined) planned.push({ record, missing: character.name });
      else {
        claimed.add(kept);
        planned.push({ record, kept });
      }
      continue;
    }
    const builtIn = builtInOf(character);
    if (typeof builtIn === 'string') return `character ${k}: ${builtIn}`;
    const bones = page.builtInBones(builtIn);
    const fits = builtIn.kind === 'default' ? defaultCharacterLinkFits(record.boneCount, bones) : record.boneCount === bones;
    if (!fits) return `character ${k} is for ${record.boneCount} bones; ${builtIn.kind === 'default' ? 'the default character' : `lesson '${builtIn.id}'`} has ${bones}`;
    planned.push({ record, builtIn });
  }
  if (planned.every((p) => 'missing' in p)) return `Load ${planned.map((p) => `'${(p as { missing: string }).missing}'`).join(', ')} to apply this link`;
  return planned;
}

/** A host that applies a record's pose, goals, timeline and lesson settings, but not the camera (the scene's is set once). */
function recordHost(host: LinkHost): LinkHost {
  return {
    editor: host.editor,
    camera: () => host.camera(),
    setCamera: () => {},
    ...(host.setTimeline && { setTimeline: (timeline) => host.setTimeline!(timeline) }),
    ...(host.setLessonSettings && { setLessonSettings: (settings) => host.setLessonSettings!(settings) }),
  };
}

/**
 * The link's contacts (none: the scene's go) between the characters it
 * posed, their bones named by the new rigs; a note if some could not be
 * (a character not on the page, a contact the page refuses).
 */
function applyContacts(host: LinkHost, link: SceneLinkState, planned: readonly Planned[], ids: ReadonlyMap<Planned, number>): string | null {
  const { contacts } = host;
  if (contacts === undefined) return null;
  const given = link.contacts ?? [];
  const ends = given.map((c) => ({ from: ids.get(planned[c.from.character]), to: ids.get(planned[c.to.character]), c }));
  const placed = ends.filter((e) => e.from !== undefined && e.to !== undefined);
  const scene = host.editor.scene;
  const specs = placed.map(({ from, to, c }) => ({
    from: { character: from!, bone: scene.character(from!).session.rig.boneNames[c.from.bone] },
    to: { character: to!, bone: scene.character(to!).session.rig.boneNames[c.to.bone], point_bs: c.to.point_bs },
  }));
  const left = given.length - placed.length;
  if (specs.length === 0 && contacts.contacts.length === 0) return left > 0 ? `This link's ${left} contacts tie characters that are not on the page.` : null;
  try {
    contacts.replace(specs, "the link's contacts");
  } catch (error) {
    return `This link's contacts were left out: ${errorMessage(error)}`;
  }
  return left > 0 ? `${left} of this link's contacts tie characters that are not on the page.` : null;
}

/** Applies a scene link: see the top of this file. */
export function applySceneLink(host: LinkHost, page: SceneLinkPage, link: SceneLinkState): LinkOutcome {
  const { editor } = host;
  if (editor.undo.inStep) return { ok: false, error: 'Finish the drag before opening a scene link' };
  const planned = plan(host, page, link);
  if (typeof planned === 'string') return { ok: false, error: planned.startsWith('Load ') ? planned : `This scene link cannot be opened here: ${planned}` };
  const kept = new Set(planned.flatMap((p) => ('kept' in p ? [p.kept] : [])));
  const leaving = editor.scene.characters.filter((c) => !kept.has(c));
  const before = editor.active.id;
  // A full scene: the characters the link replaces make room first.
  const adding = planned.filter((p) => 'builtIn' in p).length;
  while (editor.scene.characters.length + adding > MAX_CHARACTERS) editor.removeCharacter(leaving.shift()!.id);

  const added: number[] = [];
  const ids = new Map<Planned, number>();
  const undoAdded = (error: string): LinkOutcome => {
    for (const id of added) editor.removeCharacter(id);
    if (editor.scene.has(before)) editor.setActiveCharacter(before);
    return { ok: false, error };
  };
  for (const [k, p] of planned.entries()) {
    if ('kept' in p) ids.set(p, p.kept.id);
    if (!('builtIn' in p)) continue;
    try {
      page.addBuiltIn(p.builtIn);
    } catch (error) {
      return undoAdded(`This scene link's character ${k} could not be added: ${errorMessage(error)}`);
    }
    added.push(editor.active.id);
    ids.set(p, editor.active.id);
  }
  // The link's active character (or, if it is a file not on the page, the first one made) last: the timeline shows its clip.
  const activePlan = ids.has(planned[link.active]) ? planned[link.active] : planned.find((p) => ids.has(p))!;
  const order = [...planned.filter((p) => p !== activePlan && ids.has(p)), activePlan];
  const notes: string[] = [];
  const applyHost = recordHost(host);
  for (const p of order) {
    const id = ids.get(p)!;
    editor.setActiveCharacter(id);
    const isActive = p === activePlan;
    const state: PoseLinkState = { ...p.record, camera: link.camera, ...(isActive && p.record.clip && { time: link.time, playing: link.playing }) };
    const outcome = 'kept' in p ? editor.undo.step(() => applyLinkState(applyHost, state)) : applyLinkState(applyHost, state);
    if (!outcome.ok) return undoAdded(`This scene link's character ${planned.indexOf(p)} cannot be posed: ${outcome.error}`);
    if (outcome.note !== null) notes.push(outcome.note);
  }
  for (const gone of leaving) editor.removeCharacter(gone.id);
  for (const p of order) editor.placeCharacter(ids.get(p)!, p.record.transform);
  editor.setActiveCharacter(ids.get(activePlan)!);
  // Taking characters out and choosing the active one put its timeline back to its start.
  const { clip } = activePlan.record;
  if (clip !== undefined) host.setTimeline?.({ clip, time: link.time ?? 0, playing: link.playing === true });
  const contactsNote = applyContacts(host, link, planned, ids);
  if (contactsNote !== null) notes.push(contactsNote);
  editor.undo.forget((step) => added.includes(step.character));
  const { transform } = activePlan.record;
  host.setCamera(toModel(transform, link.camera.position), toModel(transform, link.camera.target));

  for (const p of planned) if ('missing' in p) notes.push(`'${p.missing}' is not on the page: load it and open the link again to pose it too.`);
  if (link.leftOut > 0) notes.push(`This link holds ${link.characters.length} of the ${link.characters.length + link.leftOut} characters of the scene it was made from.`);
  return { ok: true, note: notes.length > 0 ? notes.join(' ') : null };
}
