// The body's members of window.kin (see kin-api.ts): the active character's
// proportions and the named bodies, as the inspector's Body panel sets them
// (the pose kept, the lowest point of the body kept at its height). Each
// change is one undo step.
import { BODY_PRESETS, type Proportions, completeProportions } from '../posing/proportions.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinBodyApi {
  /** The active character's proportions: a factor per part, 1 as built. */
  proportions(): Proportions;
  /**
   * Sets some of the proportions (height, head, shoulders, arms, legs,
   * torso, hands; the others as they are) and returns them all; throws,
   * changing nothing, naming a part that is unknown or out of its range.
   */
  setProportions(proportions: Partial<Proportions>): Proportions;
  /** The named bodies: id, name and proportions. */
  bodyPresets(): { id: string; name: string; proportions: Proportions }[];
  /** Gives the character a named body's proportions; throws naming the ids there are. */
  applyBodyPreset(id: string): void;
}

export function createBodyApi(page: () => KinPage): KinBodyApi {
  const set = (proportions: Proportions): Proportions => {
    const { editor, ui } = page();
    editor.setProportions(proportions, ui?.activeMeshes() ?? []);
    return editor.session.proportions;
  };
  return {
    proportions: () => page().editor.session.proportions,
    setProportions: (partial) => {
      if (typeof partial !== 'object' || partial === null) throw new Error('kin: setProportions takes an object of factors, e.g. { height: 1.1 }');
      return set(completeProportions(partial, page().editor.session.proportions));
    },
    bodyPresets: () => BODY_PRESETS.map((preset) => ({ ...preset })),
    applyBodyPreset: (id) => {
      const preset = BODY_PRESETS.find((p) => p.id === id);
      if (preset === undefined) throw new Error(`kin: no body ${JSON.stringify(id)}; the bodies are ${BODY_PRESETS.map((p) => p.id).join(', ')}`);
      set(preset.proportions);
    },
  };
}
