// Exports of the timeline's clip (GLB with its animation, BVH): both
// resample the clip on the page's rig, which leaves the rig's pose put back
// but its animated translations and scales at rest (export/clip-frames.ts).
// Here the page gets back exactly what it showed: the clip's translations
// and scales at the current time, then the pose on screen (which may be the
// user's, edited away from the clip).
import type { TimelineModel } from '../animation/timeline-model.js';
import type { ClipData } from '../animation/clip.js';
import { exportBvh } from '../export/bvh-export.js';
import { exportFileName, exportGlb } from '../export/character-export.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { CharacterMeshes } from '../three/character-meshes.js';

/** Centimetres: what motion-capture tools expect of a BVH file without units of its own. */
const BVH_METRES_PER_UNIT = 0.01;

/** The clip to export: the timeline's, unless it has no keys. */
function keyedClip(timeline: TimelineModel): ClipData | null {
  return timeline.clip.channels.length > 0 ? timeline.clip : null;
}

/** Runs `write`, which samples `clip` on the rig, then restores what the page showed (synchronously). */
function restoringView<T>(editor: PoseEditor, timeline: TimelineModel, write: () => T): T {
  const { session } = editor;
  const { rig } = session;
  const angles = Float32Array.from(rig.pose());
  const rootOffset = rig.rootOffset;
  try {
    return write();
  } finally {
    rig.clips.sampleClip(timeline.time, timeline.loopMode);
    rig.setPose(angles, rootOffset);
    session.poseSampled();
  }
}

/** The character as GLB, with the timeline's clip as its animation when it has keys; and the file's name. */
export async function glbWithClip(editor: PoseEditor, timeline: TimelineModel, character: CharacterMeshes): Promise<{ data: ArrayBuffer; name: string }> {
  const clip = keyedClip(timeline);
  const { rig } = editor.session;
  // Everything that samples the rig runs before exportGlb's first await: the view is restored at once.
  const pending = clip === null ? exportGlb(rig, character, editor.source) : restoringView(editor, timeline, () => exportGlb(rig, character, editor.source, clip));
  return { data: await pending, name: exportFileName(editor.source, clip === null ? '-posed.glb' : '-animated.glb') };
}

/** The character's skeleton and the timeline's clip as BVH (in the file's own units for a BVH character, else centimetres); throws for a clip without keys. */
export function bvhOfClip(editor: PoseEditor, timeline: TimelineModel, metresPerUnit: number | undefined): { text: string; warnings: string[]; name: string } {
  const clip = keyedClip(timeline);
  if (clip === null) throw new Error('the clip has no keys: key a pose (K) or pick a clip first');
  const { text, warnings } = restoringView(editor, timeline, () => exportBvh(editor.session.rig, clip, { metresPerUnit: metresPerUnit ?? BVH_METRES_PER_UNIT }));
  return { text, warnings, name: exportFileName(editor.source, '.bvh') };
}
