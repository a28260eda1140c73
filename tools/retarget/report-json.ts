// A retarget's error report (rig/retarget.ts) as the JSON file the batch
// tool writes beside each result: what went onto what and how, the summary,
// and the per-frame arrays (frame × bone angle errors, frame × limb effector
// errors). JSON has no NaN: an unmapped bone's error is null.
import type { MapOrigin } from '../../web/src/rig/bone-map-entries.js';
import type { Rig } from '../../web/src/rig/rig.js';
import type { RetargetMode, RetargetReport } from '../../web/src/rig/retarget.js';

export interface ReportContext {
  source: string;
  clip: string;
  target: string;
  mode: RetargetMode;
  /** Frames per second of the result. */
  fps: number;
  /** Per target bone: the source bone mapped onto it, or -1. */
  map: Int32Array;
  /** Per target bone: whether the map file gave its source ('given') or the bone roles did ('guessed'). */
  origins: readonly MapOrigin[];
  /** Per target bone: the role or chain that matched a guessed source (bone-map-entries.ts guessReasons), else null. */
  reasons: readonly (string | null)[];
  sourceRig: Rig;
  targetRig: Rig;
  warnings: readonly string[];
}

/** Six decimals are far below any error worth reading; NaN (unmapped) becomes null. */
function value(x: number): number | null {
  return Number.isFinite(x) ? Number(x.toFixed(6)) : null;
}

/** Rows of `width` values. */
function rows(data: ArrayLike<number>, width: number): (number | null)[][] {
  return Array.from({ length: data.length / width }, (_, r) => Array.from({ length: width }, (_, c) => value(data[r * width + c])));
}

export function reportJson(report: RetargetReport, context: ReportContext): object {
  const { sourceRig, targetRig, map } = context;
  return {
    format: 'kin-retarget-report',
    version: 1,
    source: context.source,
    clip: context.clip,
    target: context.target,
    mode: context.mode,
    fps: context.fps,
    frames: report.frames,
    map: Object.fromEntries(targetRig.boneNames.map((name, j) => [name, map[j] >= 0 ? sourceRig.boneNames[map[j]] : null])),
    mapOrigins: Object.fromEntries(targetRig.boneNames.map((name, j) => [name, context.origins[j]])),
    guessedRoles: Object.fromEntries(targetRig.boneNames.flatMap((name, j) => (context.reasons[j] === null ? [] : [[name, context.reasons[j]]]))),
    summary: {
      meanAngle_deg: value(report.meanAngle_deg),
      maxAngle_deg: value(report.maxAngle_deg),
      meanLimbError: value(report.meanLimbError),
      maxLimbError: value(report.maxLimbError),
      maxFootSlide: value(report.maxFootSlide),
      footSlide: { left: value(report.footSlide[0]), right: value(report.footSlide[1]) },
      contactFrames: { left: report.contactFrames[0], right: report.contactFrames[1] },
    },
    warnings: context.warnings,
    perFrame: {
      times: Array.from(report.times, value),
      boneNames: targetRig.boneNames,
      boneAngleError_rad: rows(report.boneAngleError_rad, targetRig.boneCount),
      limbNames: report.limbNames,
      limbError: rows(report.limbError, report.limbNames.length),
    },
  };
}
