// Keeps the page's URL a share link of what is on screen. Every frame it is
// told the app's state version; once the version has stopped changing for
// DELAY_MS it rewrites the fragment with history.replaceState: a drag costs
// one write at its end, and neither adds a history entry (Back still leaves
// the page) nor fires hashchange.
const DELAY_MS = 400;

export class LinkFragment {
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `seenVersion`: the state the URL already shows (written on no change until it moves). */
  constructor(private readonly currentUrl: () => string, private seenVersion: number) {}

  /** Called every frame; schedules a write if the state changed since the last call. */
  watch(version: number): void {
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(this.write, DELAY_MS);
  }

  /** Writes now (before someone reads location.href), and cancels a pending write. */
  writeNow(): void {
    this.write();
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private readonly write = (): void => {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    history.replaceState(history.state, '', this.currentUrl());
  };
}
