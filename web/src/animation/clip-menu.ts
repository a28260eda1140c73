// The clip menu's entries, without DOM: the clips every character is
// offered (registered by the page: "New clip", a retarget's results), then
// the clips of the character on screen (its file's animations, the default
// character's demo clips). The timeline takes an entry by name as the clip
// it edits; what shows the menu listens to the timeline's changes.
import type { ClipData } from './clip.js';

/** A clip the page offers in the clip menu; `make` builds it for the rig on screen (null: not for this character). */
export interface OfferedClip {
  name: string;
  make(): ClipData | null;
}

export class ClipMenu {
  private registered: readonly OfferedClip[] = [];
  private characterOffers: readonly OfferedClip[] = [];
  private offered: readonly OfferedClip[] = [];

  /** `changed`: told after every change of the entries. */
  constructor(private readonly changed: () => void) {}

  /** The entries: the registered ones, then the character's own (a new array whenever they change; the panel compares it every frame). */
  get entries(): readonly OfferedClip[] {
    return this.offered;
  }

  /** Adds clips (after the ones there, a clip of the same name replaced). */
  register(clips: readonly OfferedClip[]): void {
    this.registered = [...this.registered.filter((o) => !clips.some((c) => c.name === o.name)), ...clips];
    this.offer();
  }

  /** Takes clips registered before out, by name. */
  unregister(names: readonly string[]): void {
    this.registered = this.registered.filter((o) => !names.includes(o.name));
    this.offer();
  }

  /** Replaces the character's clips. */
  offerCharacterClips(clips: readonly OfferedClip[]): void {
    this.characterOffers = clips;
    this.offer();
  }

  /** The clip of the entry named `name`, made for the character on screen; throws naming the entries for an unknown one or one not for this character. */
  clipNamed(name: string): ClipData {
    // The character's own first: its clip may share a name with a registered one.
    const offered = this.characterOffers.find((o) => o.name === name) ?? this.registered.find((o) => o.name === name);
    if (offered === undefined) throw new Error(`Timeline: no clip ${JSON.stringify(name)}; the clips are ${this.offered.map((o) => o.name).join(', ')}`);
    const clip = offered.make();
    if (clip === null) throw new Error(`Timeline: clip ${JSON.stringify(name)} is not for this character`);
    return clip;
  }

  private offer(): void {
    this.offered = [...this.registered, ...this.characterOffers];
    this.changed();
  }
}
