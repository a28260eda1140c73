// Labels for numbers, each made once per distinct key and reused: the HUD and
// the energy plot set their text on every drag frame, and a drag frame should
// allocate nothing. Keys are small integers (a value already rounded to what
// is shown), so a lookup allocates nothing either. A table read by playback
// (the playhead's pixel, the time in hundredths) makes its labels a block of
// neighbouring keys at a time: a playing clip skips keys from frame to frame
// and visits them in a different order each loop, so one label per miss would
// keep missing for many loops; a block per miss stops after the first.

// Enough for every value a session shows; past it the cache starts over.
const MAX_LABELS = 4096;

export class NumberLabels {
  private readonly labels = new Map<number, string>();

  /** `block`: on a miss, the labels of the `block` keys from the multiple of `block` at or below the key are made too. */
  constructor(
    private readonly format: (key: number) => string,
    private readonly block = 1,
  ) {}

  get(key: number): string {
    const label = this.labels.get(key);
    return label === undefined ? this.make(key) : label;
  }

  private make(key: number): string {
    if (this.labels.size + this.block > MAX_LABELS) this.labels.clear();
    const first = Math.floor(key / this.block) * this.block;
    for (let k = first; k < first + this.block; k++) if (!this.labels.has(k)) this.labels.set(k, this.format(k));
    return this.labels.get(key)!;
  }
}
