// The page's whole-pose actions, each one undo step and each a plain pose
// change afterwards (the targets and handles move onto the new pose): apply a
// preset, mirror the pose. The toolbar, the keyboard and window.kin all come
// here.
import type { MirrorMode } from '../rig/rig.js';
import { lessonEntry } from '../lessons/lessons.js';
import { anglesFromTable } from './angle-table.js';
import { type PosePresetName, START_PRESET, presetPose } from './pose-presets.js';
import type { PosingApp } from '../app/posing-app.js';

/**
 * Presets are tables for the default character's bones; on a lesson rig the
 * start preset (what Reset applies) is the lesson's own start pose.
 */
export function applyPosePreset(app: PosingApp, name: PosePresetName): void {
  const { rig } = app.session;
  const { source } = app;
  if (name === START_PRESET && source.kind === 'lesson') {
    app.setPose(anglesFromTable(rig, lessonEntry(source.id).build().startPose), [0, 0, 0]);
    return;
  }
  const { angles, rootOffset_ms } = presetPose(rig, name);
  app.setPose(angles, rootOffset_ms);
}

/** Mirrors the pose (see Rig.mirror); throws, changing nothing, for a rig that does not mirror. */
export function mirrorPose(app: PosingApp, mode: MirrorMode): void {
  const { rig } = app.session;
  app.history.step(() => {
    rig.mirror(mode);
    // The rig holds the mirrored pose; setting it again moves the goals and handles onto it.
    app.setPose(Array.from(rig.pose()), rig.rootOffset);
  });
}
