// The spring chains' members of window.kin (see kin-api.ts): the chains of
// the character on screen and the same changes the Springs panel makes (the
// panel follows them). Springs never change the pose: palette() shows their
// swing, the pose's angles and links do not.
import { type SpringChain, type SpringParameters, changeSpringChain } from '../rig/springs.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinSpringsApi {
  /** The character's spring chains (bones by name) with their parameters and on/off. */
  springs(): (Omit<SpringChain, 'bones'> & { bones: string[] })[];
  /**
   * Changes one chain's parameters or turns it on or off, by name; throws naming a bad chain or
   * value (the chain restarts at rest). swingMax alone sets every bone's limit (clearing their
   * own); boneSwingMax gives each bone its own, one per bone ([] back to swingMax for all).
   */
  setSpring(name: string, change: Partial<SpringParameters>): void;
  /** Every chain back at rest on the current pose. */
  resetSprings(): void;
  /** Whether every enabled chain has come to rest. */
  springsSettled(): boolean;
}

export function createSpringsApi(page: () => KinPage): KinSpringsApi {
  const rig = () => page().editor.session.rig;
  // A frame steps the springs with the change (the frame loop hears the chains change).
  const changed = () => void page().view.nextFrame();
  return {
    springs: () => {
      const { boneNames } = rig();
      return rig().springs.springChains().map((chain) => ({ ...chain, bones: chain.bones.map((b) => boneNames[b]) }));
    },
    setSpring: (name, change) => {
      const chains = rig().springs.springChains();
      const c = chains.findIndex((chain) => chain.name === name);
      if (c < 0) throw new Error(`kin: no spring chain '${String(name)}' (chains: ${chains.map((chain) => chain.name).join(', ') || 'none'})`);
      const { enabled, ...parameters } = change;
      if (Object.keys(parameters).length > 0) {
        chains[c] = changeSpringChain(chains[c], parameters);
        rig().springs.setSpringChains(chains);
      }
      if (enabled !== undefined) rig().springs.setSpringEnabled(c, enabled);
      changed();
    },
    resetSprings: () => {
      rig().springs.resetSprings();
      changed();
    },
    springsSettled: () => rig().springs.springsSettled,
  };
}
