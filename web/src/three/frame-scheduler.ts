// Frames on demand: nothing is drawn while nothing changes. Whoever changes
// what the view shows asks for a frame (request()); requests made before it
// is drawn share it. The draw function says whether the view is still in
// motion by itself (the camera's damping easing out), and gets another frame
// then. A draw that throws stops the scheduler: one report beats an error
// every 16 ms.
export class FrameScheduler {
  private pending = false;
  private stopped = false;

  /** `draw` returns true when it wants the next frame too. */
  constructor(private readonly draw: () => boolean, private readonly onError: (error: unknown) => void) {}

  /** Asks for a frame (allocation-free: a drag frame calls it). */
  readonly request = (): void => {
    if (this.pending || this.stopped) return;
    this.pending = true;
    requestAnimationFrame(this.tick);
  };

  stop(): void {
    this.stopped = true;
  }

  private readonly tick = (): void => {
    this.pending = false;
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
