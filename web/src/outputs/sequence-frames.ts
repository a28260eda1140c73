// Which frames of a clip a sequence export renders: every frame the timeline
// can show, or every n-th of them. A looping clip's last frame is its first
// again (the timeline steps past it back to 0), so it is left out: a 2 s loop
// at 24 fps is 48 frames, as an animator counts them; a clip that plays once
// ends on its last frame, which is kept.

/** The most frames one sequence holds (an hour at 30 fps: past that the zip would not fit in memory anyway). */
export const MAX_SEQUENCE_FRAMES = 108_000;

export interface SequenceFrame {
  /** The frame's number on the timeline (0 at the clip's start). */
  frame: number;
  time_s: number;
}

/** The frames to render; throws naming the problem for a step that is not a whole number ≥ 1 or a clip without frames. */
export function sequenceFrames(duration_s: number, fps: number, looping: boolean, every = 1): SequenceFrame[] {
  if (!Number.isInteger(every) || every < 1) throw new Error(`sequence: every must be a whole number of frames ≥ 1 (got ${String(every)})`);
  if (!(fps > 0) || !Number.isFinite(fps)) throw new Error(`sequence: the clip's fps must be a positive number (got ${fps})`);
  if (!(duration_s >= 0) || !Number.isFinite(duration_s)) throw new Error(`sequence: the clip's duration must be a finite number of seconds ≥ 0 (got ${duration_s})`);
  const last = Math.round(duration_s * fps);
  const count = looping && last > 0 ? last : last + 1;
  if (count > MAX_SEQUENCE_FRAMES) throw new Error(`sequence: the clip has ${count} frames, more than ${MAX_SEQUENCE_FRAMES}`);
  const frames: SequenceFrame[] = [];
  for (let frame = 0; frame < count; frame += every) frames.push({ frame, time_s: frame / fps });
  return frames;
}

/** A frame's file name in the zip: the pass, then the frame number padded so that the names sort in order. */
export function frameFileName(pass: string, frame: number, lastFrame: number, extension: string): string {
  const digits = Math.max(4, String(lastFrame).length);
  return `${pass}/${pass}_${String(frame).padStart(digits, '0')}.${extension}`;
}
