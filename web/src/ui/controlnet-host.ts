// What File ▸ Export for ControlNet… asks of the page (app/page-outputs.ts
// answers): previews and exports of the image passes and the OpenPose
// keypoints through the render camera — one picture, a clip frame by frame,
// or a turnaround sheet — and an OpenPose JSON fitted back onto the active
// character.

/** What one export can hold: the images the ControlNet models take, and OpenPose's keypoint JSON. */
export const OUTPUT_PASSES = ['openpose', 'openpose-json', 'depth', 'normal', 'edges', 'mask', 'shaded'] as const;
export type OutputPass = (typeof OUTPUT_PASSES)[number];
/** The passes that are pictures (everything but the JSON). */
export type PicturePass = Exclude<OutputPass, 'openpose-json'>;

export type OpenPoseLayout = 'BODY_25' | 'COCO_18';

export interface OutputOptions {
  passes: readonly OutputPass[];
  /** The body layout of the JSON (the skeleton image is always drawn in COCO-18, as the ControlNet annotator draws it). */
  layout: OpenPoseLayout;
  /** Whether the keypoints include 21 points per hand. */
  hands: boolean;
  /** Whether points hidden behind a body or a prop keep confidence 1 (and are drawn). */
  keepHidden: boolean;
}

/** One picture through the render camera, every n-th frame of the clip, or a turnaround sheet around the active character. */
export type OutputRun = { kind: 'still' } | { kind: 'sequence'; every: number } | { kind: 'turnaround'; views: 4 | 8 };

export interface OutputFileBlob {
  name: string;
  blob: Blob;
}

/** How a fit ended: the error in pixels over the fitted points and per joint, and the limbs whose front and back the picture cannot tell. */
export interface OpenPoseFitReport {
  rmsPx: number;
  maxPx: number;
  perJoint: { name: string; errorPx: number }[];
  /** Limbs that could bend the other way and look the same: a flip tries the other way. */
  ambiguous: { limb: string; label: string }[];
}

export interface ControlNetHost {
  /** The size the outputs are made at: the render camera's picture. */
  pictureSize(): { width: number; height: number };
  /** How many frames a sequence of every `every`-th frame holds; 0 when the timeline's clip has no keys. */
  sequenceLength(every: number): number;
  /** A small picture of `pass` as it would be written, at most `maxSide` pixels a side. */
  preview(pass: PicturePass, options: OutputOptions, maxSide: number): Promise<Blob>;
  /** A line about the keypoints now: how many people, how many points hidden. */
  keypointSummary(options: OutputOptions): string;
  /** The file to download: one PNG or JSON, or a zip of several; `progress` told per picture made, `signal` cancels (the promise rejects with an AbortError and nothing is written). */
  export(options: OutputOptions, run: OutputRun, progress: (done: number, total: number) => void, signal: AbortSignal): Promise<OutputFileBlob>;
  /** How many people an OpenPose JSON holds (throws naming what is wrong with it). */
  openPosePeople(text: string): number;
  /** Fits the active character to person `person` of the JSON (one undo step). */
  importOpenPose(text: string, person: number): Promise<OpenPoseFitReport>;
  /** Bends an ambiguous limb of the last fit the other way and fits again. */
  flipLimb(limb: string): Promise<OpenPoseFitReport>;
}
