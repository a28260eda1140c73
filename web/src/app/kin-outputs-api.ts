// The image outputs' members of window.kin (see kin-api.ts) beside
// kin.renderPass (kin-passes-api.ts): the OpenPose keypoints of the scene
// through the render camera as OpenPose's JSON, an export of several passes
// (one picture, a clip frame by frame, a turnaround) as the ControlNet
// dialog writes it, and an OpenPose JSON fitted back onto the active
// character. Options checked at the boundary, a wrong one named.
import type { OpenPoseDocument } from '../outputs/openpose-json.js';
import { OUTPUT_PASSES, type OpenPoseFitReport, type OpenPoseLayout, type OutputOptions, type OutputRun } from '../ui/controlnet-host.js';
import type { KinPage } from './kin-tools-api.js';
import type { PageControlNet } from './page-controlnet.js';

export interface KinOpenPoseOptions {
  /** 'BODY_25' (the default: with feet) or 'COCO_18'. */
  layout?: OpenPoseLayout;
  /** 21 points per hand (default true). */
  hands?: boolean;
  /** Points hidden behind a body or a prop keep confidence 1 (default false: 0). */
  keepHidden?: boolean;
  /** The picture's size (default the render camera's). */
  width?: number;
  height?: number;
}

export interface KinOpenPoseFit {
  /** Root mean square of the fitted points' reprojection errors, pixels of the file's canvas. */
  reprojectionErrorPx: number;
  maxErrorPx: number;
  perJoint: { name: string; errorPx: number }[];
  /** Limbs whose front and back the picture cannot tell (kin.flipOpenPoseLimb bends one the other way). */
  ambiguous: string[];
}

export interface KinOutputsApi {
  /** The scene's people through the render camera as OpenPose JSON (people[], pose_keypoints_2d …, canvas_width/height), after a frame is drawn. */
  openPose(options?: KinOpenPoseOptions): Promise<OpenPoseDocument>;
  /**
   * Writes what Export for ControlNet… writes: `options.passes` (any of
   * openpose, openpose-json, depth, normal, edges, mask, shaded) for `run`
   * ({kind: 'still'} by default, {kind: 'sequence', every}, {kind:
   * 'turnaround', views: 4 | 8}); one file, or a zip of several.
   */
  exportOutputs(options: Partial<OutputOptions> & Pick<OutputOptions, 'passes'>, run?: OutputRun): Promise<{ name: string; blob: Blob }>;
  /** Fits the active character to person `person` (default 0) of an OpenPose JSON (text or object) through the render camera; one undo step. */
  importOpenPose(json: string | object, options?: { person?: number }): Promise<KinOpenPoseFit>;
  /** Bends a limb ('arm_l', 'arm_r', 'leg_l', 'leg_r') of the last fit the other way and fits again. */
  flipOpenPoseLimb(limb: string): Promise<KinOpenPoseFit>;
}

function checkKeys(value: unknown, allowed: readonly string[], what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`kin: ${what} must be an object`);
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw new Error(`kin: ${what} has no field ${unknown.map((k) => JSON.stringify(k)).join(', ')}; its fields are ${allowed.join(', ')}`);
  return value as Record<string, unknown>;
}

function flag(value: unknown, fallback: boolean, what: string): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`kin: ${what} must be true or false`);
  return value;
}

function layoutOf(value: unknown): OpenPoseLayout {
  if (value === undefined) return 'BODY_25';
  if (value !== 'BODY_25' && value !== 'COCO_18') throw new Error(`kin: the OpenPose layout is 'BODY_25' or 'COCO_18', not ${JSON.stringify(value)}`);
  return value;
}

function outputOptions(value: unknown): OutputOptions {
  const options = checkKeys(value, ['passes', 'layout', 'hands', 'keepHidden'], 'exportOutputs’s options');
  const passes = options.passes;
  if (!Array.isArray(passes) || passes.length === 0) throw new Error(`kin: exportOutputs’s passes is a list of one or more of ${OUTPUT_PASSES.join(', ')}`);
  for (const pass of passes) if (!(OUTPUT_PASSES as readonly unknown[]).includes(pass)) throw new Error(`kin: no output ${JSON.stringify(pass)}; the outputs are ${OUTPUT_PASSES.join(', ')}`);
  return { passes: passes as OutputOptions['passes'], layout: layoutOf(options.layout), hands: flag(options.hands, true, 'hands'), keepHidden: flag(options.keepHidden, false, 'keepHidden') };
}

function outputRun(value: unknown): OutputRun {
  const run = checkKeys(value, ['kind', 'every', 'views'], 'exportOutputs’s run');
  if (run.kind === 'still') return { kind: 'still' };
  if (run.kind === 'sequence') {
    const every = run.every ?? 1;
    if (!Number.isInteger(every) || (every as number) < 1) throw new Error(`kin: a sequence's every is a whole number of frames ≥ 1, not ${JSON.stringify(every)}`);
    return { kind: 'sequence', every: every as number };
  }
  if (run.kind === 'turnaround') {
    if (run.views !== 4 && run.views !== 8) throw new Error(`kin: a turnaround has 4 or 8 views, not ${JSON.stringify(run.views)}`);
    return { kind: 'turnaround', views: run.views };
  }
  throw new Error(`kin: an export's run is {kind: 'still'}, {kind: 'sequence', every} or {kind: 'turnaround', views}, not ${JSON.stringify(run.kind)}`);
}

function fitOf(report: OpenPoseFitReport): KinOpenPoseFit {
  return { reprojectionErrorPx: report.rmsPx, maxErrorPx: report.maxPx, perJoint: report.perJoint, ambiguous: report.ambiguous.map((a) => a.limb) };
}

export function createOutputsApi(page: () => KinPage & { controlNet: PageControlNet }): KinOutputsApi {
  const outputs = () => page().controlNet.outputs;
  return {
    openPose: async (options = {}) => {
      const checked = checkKeys(options, ['layout', 'hands', 'keepHidden', 'width', 'height'], 'openPose’s options');
      const view = page().controlNet.passes.view({ width: checked.width, height: checked.height }, 'kin.openPose');
      const layout = layoutOf(checked.layout);
      const keypoints = { hands: flag(checked.hands, true, 'hands'), keepHidden: flag(checked.keepHidden, false, 'keepHidden') };
      await page().view.nextFrame();
      return outputs().openPose(view, layout, keypoints);
    },
    exportOutputs: async (options, run = { kind: 'still' }) => {
      const file = await outputs().export(outputOptions(options), outputRun(run), () => {}, new AbortController().signal);
      return { name: file.name, blob: file.blob };
    },
    importOpenPose: async (json, options = {}) => {
      const { person = 0 } = checkKeys(options, ['person'], 'importOpenPose’s options');
      return fitOf(await outputs().importOpenPose(typeof json === 'string' ? json : JSON.stringify(json), person as number));
    },
    flipOpenPoseLimb: async (limb) => fitOf(await outputs().flipLimb(limb)),
  };
}
