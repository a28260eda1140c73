// What changed, as one number of bits, so that an edit made of several
// changes (a drag frame moves a target, then solves) reaches the listeners
// once, and telling them allocates nothing. The posing session raises the
// bits of its own state; the pose editor adds its own and tells its
// listeners once per edit (posing/pose-editor.ts).

export const Change = {
  /** The pose: angles or root offset (a solve, setPose, a clip's pose shown). */
  POSE: 1 << 0,
  /** A target, pole or orientation moved. */
  TARGETS: 1 << 1,
  /** Other goals (another solver's, an edited goal set, a pin). */
  GOALS: 1 << 2,
  /** The solver or its options. */
  SOLVER: 1 << 3,
  /** A solve ran (failed or not). */
  SOLVE: 1 << 4,
  /** A solve ran timed: the status line shows it. */
  TIMED_SOLVE: 1 << 5,
  /** The pose change came from showing a clip at a time (playback, scrubbing), not from an edit. */
  SAMPLE: 1 << 6,
  /** The keyframe clip. */
  CLIP: 1 << 7,
  /** A gesture began or ended. */
  GESTURE: 1 << 8,
  /** The active character replaced by another one (a file loaded, a lesson chosen). */
  CHARACTER: 1 << 9,
  /** Characters added, removed or moved on the floor. */
  CHARACTERS: 1 << 10,
  /** Another character made active. */
  ACTIVE: 1 << 11,
  /** The active character's proportions (its rest scales). */
  BODY: 1 << 12,
  /** Props added, removed, moved, attached, renamed, hidden or locked. */
  PROPS: 1 << 13,
} as const;

/** Some of Change's bits, or-ed together. */
export type Changes = number;

/** What a share link holds (characters, poses, targets, goals, solvers, clips): a change of one is written into the URL. */
export const LINKED = Change.BODY | Change.POSE | Change.TARGETS | Change.GOALS | Change.SOLVER | Change.CLIP | Change.CHARACTER | Change.CHARACTERS | Change.ACTIVE;

/** The bits that say the active character's handles are others now: its goals, or another character. */
export const NEW_HANDLES = Change.GOALS | Change.CHARACTER | Change.ACTIVE;
