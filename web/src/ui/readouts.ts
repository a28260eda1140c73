// The full page's readouts and controls around the 3D view: the HUD (top
// left), the solver panel with its energy plot (top right; folded away on
// a phone, leaving the view to the character) and the LBS / DQS toggle
// below it. Embed mode has none.
import type { SkinningMethod } from '../rig/rig.js';
import { EnergyPlot } from './energy-plot.js';
import { Hud } from './hud.js';
import type { PosingReadouts } from '../app/posing-app.js';
import { SkinningToggle } from './skinning-toggle.js';
import { type ChooseSolver, SolverPanel } from './solver-panel.js';

const NARROW_VIEWPORT = '(max-width: 640px)';

export function createReadouts(root: HTMLElement, choose: ChooseSolver, chooseSkinning: (method: SkinningMethod) => void): PosingReadouts {
  const hud = new Hud(root);
  const solverPanel = new SolverPanel(root, choose, !window.matchMedia(NARROW_VIEWPORT).matches);
  const energyPlot = new EnergyPlot(solverPanel.body);
  const skinningToggle = new SkinningToggle(root, chooseSkinning);
  return { hud, solverPanel, energyPlot, skinningToggle };
}
