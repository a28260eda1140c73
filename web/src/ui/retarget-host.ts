// What the retarget dialog shows and drives (the page's retarget controller,
// app/retarget/retarget-controller.ts, is one): the source and its clips, the bone
// map as rows, the problems, the options, Apply and the result's report.
import type { BoneMapEntries } from '../rig/bone-map-entries.js';
import type { RetargetMode, RetargetReport } from '../rig/retarget.js';

/** What Apply uses besides the map. */
/**
 * How both skeletons are calibrated before rotations are carried over: the
 * character posed into the source's rest pose (its T or A), the source posed
 * into the character's, or each in its own rest pose as it stands (a T-pose
 * source on an A-pose character then keeps the arms' difference).
 */
export type RetargetReference = 'character-to-source' | 'source-to-character' | 'rest';
export const RETARGET_REFERENCES: readonly RetargetReference[] = ['character-to-source', 'source-to-character', 'rest'];

export interface RetargetChoices {
  mode: RetargetMode;
  reference: RetargetReference;
  contactLocks: boolean;
  /** Keys per second of the result; 0: at the source clip's own key times. */
  fps: number;
}

/** One row of the mapping table: a target bone, its role (null: none recognised) and the source bone it takes its motion from (null: none). */
export interface RetargetMapRow {
  target: string;
  role: string | null;
  source: string | null;
}

/** A result's report in numbers. */
export interface RetargetSummary {
  clip: string;
  source: string;
  mode: RetargetMode;
  reference: RetargetReference;
  contactLocks: boolean;
  frames: number;
  /** Angle between each mapped bone's direction and the one its source asks for, degrees: mean and largest over bones and frames. */
  meanAngle_deg: number;
  maxAngle_deg: number;
  /** Limb effector error as a fraction of the limb's length: mean and largest over limbs and frames. */
  meanLimbError: number;
  maxLimbError: number;
  /** Largest horizontal slide of each foot during the source's contacts (target units), left then right, and the contact frames counted. */
  footSlide: [number, number];
  contactFrames: [number, number];
  maxFootSlide: number;
}

export interface RetargetDialogHost {
  /** The built-in rigs with clips, by name. */
  readonly builtIns: readonly { name: string }[];
  readonly source: { name: string; rig: { boneNames: readonly string[] }; clips: readonly { name: string; duration: number; fps: number }[] } | null;
  readonly clipChoice: number;
  readonly options: RetargetChoices;
  /** The last result for the character on screen, or null. */
  readonly applied: { summary: RetargetSummary; report: RetargetReport } | null;
  readonly sourceShown: boolean;
  /** What the character on screen is called (the dialog's heading). */
  targetName(): string;
  rows(): RetargetMapRow[];
  problems(): string[];
  useBuiltIn(name: string): void;
  loadFiles(files: readonly File[]): Promise<unknown>;
  chooseClip(index: number): void;
  setOptions(options: Partial<RetargetChoices>): void;
  setMapping(target: number, source: number): void;
  autoMap(): void;
  /** The whole map by bone names (target → source, null: none); throws without a source. */
  mapEntries(): BoneMapEntries;
  /** Puts a map file's entries over the map; throws naming an unknown bone, changing nothing. */
  setMappingByName(entries: BoneMapEntries): void;
  apply(): RetargetSummary;
  showSource(shown: boolean): void;
  onChange(listener: () => void): void;
}
