// Frames on demand: nothing is drawn while nothing changes. Whoever changes
// what the view shows asks for a frame (request()); requests made before it
// is drawn share it. The draw function says whether the view is still in
// motion by itself (the camera's damping easing out), and gets another frame
// then. A draw that throws stops the scheduler: one report beats an error
// every 16 ms.
export class FrameScheduler {
  /**
   * The frame being drawn's time (ms since the page's time origin, whole:
   * a small integer), from the browser's frame callback. A playback frame's
   * clock reads it rather than performance.now(), whose every result is a
   * new heap number.
   */
  frameTimeMillis = 0;
  private pending = false;
  private stopped = false;

  /** `draw` returns true when it wants the next frame too. */
  constructor(private readonly draw: () => boolean, private readonly onError: (error: unknown) => void) {}

  /** Whether a frame is asked for and not drawn yet (the view in motion asks for the next one as it draws). */
  get waiting(): boolean {
    return this.pending && !this.stopped;
  }

  /** Asks for a frame (allocation-free: a drag frame calls it). */
  readonly request = (): void => {
    if (this.pending || this.stopped) return;
    this.pending = true;
    requestAnimationFrame(this.tick);
  };

  stop(): void {
    this.stopped = true;
  }

  private readonly tick = (timeMillis: number): void => {
    this.pending = false;
    this.frameTimeMillis = Math.round(timeMillis);
    if (this.stopped) return;
    let again: boolean;
    try {
      again = this.draw();
    } catch (error) {
      this.stopped = true;
      this.onError(error);
      return;
    }
    if (again) this.request();
  };
}
