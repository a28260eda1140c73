// Labels for numbers, each made once per distinct key and reused: the HUD and
// the energy plot set their text on every drag frame, and a drag frame should
// allocate nothing. Keys are small integers (a value already rounded to what
// is shown), so a lookup allocates nothing either.

// Enough for every value a session shows; past it the cache starts over.
const MAX_LABELS = 4096;

export class NumberLabels {
  private readonly labels = new Map<number, string>();

  constructor(private readonly format: (key: number) => string) {}

  get(key: number): string {
    let label = this.labels.get(key);
    if (label === undefined) {
      if (this.labels.size >= MAX_LABELS) this.labels.clear();
      label = this.format(key);
      this.labels.set(key, label);
    }
    return label;
  }
}
