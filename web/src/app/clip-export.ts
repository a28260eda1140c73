// Exports of the clips (GLB of the scene with each character's clip as its
// animation, BVH of the active character's): both resample a clip on the
// character's rig, which leaves the rig's pose put back but its animated
// translations and scales at rest (export/clip-frames.ts). Here the page
// gets back what it showed: the active character's clip at the current
// time, then the pose on screen (which may be the user's, edited away from
// the clip); every other character sampled its pose. (The timeline samples
// the active character only, so another one shows its clip's translations
// and scales only as last sampled while it was active; those go back to
// the rest.)
import type { TimelineModel } from '../animation/timeline-model.js';
import type { ClipData } from '../animation/clip.js';
import { exportBvh } from '../export/bvh-export.js';
import { type ExportedProp, exportFileName } from '../export/character-export.js';
import { exportSceneGlb } from '../export/scene-export.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { SceneCharacter } from '../scene/scene.js';
import type { CharacterMeshes } from '../three/character-meshes.js';

/** Centimetres: what motion-capture tools expect of a BVH file without units of its own. */
const BVH_METRES_PER_UNIT = 0.01;

/** A character's clip to export, unless it has no keys (the active one's is the timeline's). */
function keyedClip(character: SceneCharacter): ClipData | null {
  return character.clip.channels.length > 0 ? character.clip : null;
}

/** Runs `write`, which samples the clips of `sampled` on their rigs, then restores what the page showed (synchronously). */
function restoringView<T>(editor: PoseEditor, timeline: TimelineModel, sampled: readonly SceneCharacter[], write: () => T): T {
  const saved = sampled.map(({ session }) => ({ session, angles: Float32Array.from(session.rig.pose()), rootOffset: session.rig.rootOffset }));
  try {
    return write();
  } finally {
    for (const { session, angles, rootOffset } of saved) {
      if (session === editor.session) session.rig.clips.sampleClip(timeline.time, timeline.loopMode);
      session.rig.setPose(angles, rootOffset);
      session.poseSampled();
    }
  }
}

/**
 * Every character of the scene as one GLB (export/scene-export.ts), each
 * with its clip as an animation when the clip has keys; and the file's name:
 * the character's for a scene of one, else 'kin-scene'.
 */
export async function glbWithClip(editor: PoseEditor, timeline: TimelineModel, meshesOf: (id: number) => CharacterMeshes, propsOf: (id: number) => ExportedProp[] = () => []): Promise<{ data: ArrayBuffer; name: string }> {
  const { characters } = editor.scene;
  const members = characters.map((character) => ({
    rig: character.session.rig,
    meshes: meshesOf(character.id),
    source: character.info.source,
    clip: keyedClip(character) ?? undefined,
    name: character.name,
    transform: character.transform,
    props: propsOf(character.id),
  }));
  const sampled = characters.filter((character) => keyedClip(character) !== null);
  // Everything that samples the rigs runs before exportSceneGlb's first await: the view is restored at once.
  const pending = restoringView(editor, timeline, sampled, () => exportSceneGlb(members));
  const suffix = sampled.length === 0 ? '-posed.glb' : '-animated.glb';
  return { data: await pending, name: characters.length === 1 ? exportFileName(editor.source, suffix) : `kin-scene${suffix}` };
}

/** The active character's skeleton and the timeline's clip as BVH (in the file's own units for a BVH character, else centimetres); throws for a clip without keys. */
export function bvhOfClip(editor: PoseEditor, timeline: TimelineModel, metresPerUnit: number | undefined): { text: string; warnings: string[]; name: string } {
  const clip = keyedClip(editor.active);
  if (clip === null) throw new Error('the clip has no keys: key a pose (K) or pick a clip first');
  const { text, warnings } = restoringView(editor, timeline, [editor.active], () => exportBvh(editor.session.rig, clip, { metresPerUnit: metresPerUnit ?? BVH_METRES_PER_UNIT }));
  return { text, warnings, name: exportFileName(editor.source, '.bvh') };
}
