// The page's timeline: the clip menu holds the clips every character has
// ("New clip", registered with registerClips) and, after them, the clips of
// the character on screen (the default character's demo clips, a loaded
// file's animations), which a character change replaces — so a menu never
// offers another character's clips.
import { type OfferedClip, TimelineModel } from './timeline-model.js';

export class CharacterTimeline extends TimelineModel {
  private ownClips: readonly OfferedClip[] = [];
  /** Every offered clip, kept in one array: the panel reads it every frame (no allocation). */
  private allClips: readonly OfferedClip[] = super.clips;

  override get clips(): readonly OfferedClip[] {
    return this.allClips;
  }

  override registerClips(clips: readonly OfferedClip[]): void {
    super.registerClips(clips);
    this.allClips = [...super.clips, ...this.ownClips];
  }

  /** The clips of the character on screen (after the ones every character has). */
  get characterClips(): readonly OfferedClip[] {
    return this.ownClips;
  }

  /** Replaces the character's clips in the menu. */
  offerCharacterClips(clips: readonly OfferedClip[]): void {
    this.ownClips = clips;
    // Also tells the listeners the list changed.
    this.registerClips([]);
  }

  override useOffered(name: string): void {
    const offered = this.ownClips.find((o) => o.name === name);
    if (offered === undefined) {
      if (!super.clips.some((o) => o.name === name)) throw new Error(`Timeline: no clip ${JSON.stringify(name)}; the clips are ${this.allClips.map((o) => o.name).join(', ')}`);
      super.useOffered(name);
      return;
    }
    const clip = offered.make();
    if (clip === null) throw new Error(`Timeline: clip ${JSON.stringify(name)} is not for this character`);
    this.useClip(clip);
  }
}
