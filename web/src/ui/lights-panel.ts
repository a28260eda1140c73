// The inspector's Lights panel: where the key light comes from (azimuth and
// elevation, degrees), its strength and the ambient level (factors on the
// page's look), and Reset to the page's lights.
import type { Lights } from '../scene/light-settings.js';
import { type Field, numberField } from './panel-fields.js';
import { ProblemLine } from './problem-line.js';
import { panelButton, sectionHeading } from './tool-controls.js';

export class LightsPanel {
  readonly element = document.createElement('details');
  private readonly summaryState = document.createElement('span');
  private readonly problem = new ProblemLine('panel-problem');
  private readonly fields: [keyof Lights['settings'], Field<number>][];
  private readonly stop: () => void;

  constructor(parent: HTMLElement, private readonly lights: Lights) {
    this.element.className = 'lights-panel inspector-details';
    const heading = sectionHeading('Lights', this.summaryState, 'inspector-details-state');
    const set = (key: keyof Lights['settings']) => (value: number) => this.problem.run(() => lights.set({ [key]: value }));
    this.fields = [
      ['keyAzimuth', numberField('light-key-azimuth', 'Key azimuth (°)', 'Where the key light comes from, about the vertical: 0 from the front (+Z), 90 from +X', 0, set('keyAzimuth'))],
      ['keyElevation', numberField('light-key-elevation', 'Key elevation (°)', 'How high the key light is above the floor: 90 straight above', 0, set('keyElevation'))],
      ['keyIntensity', numberField('light-key-intensity', 'Key strength', 'The key light’s strength: 1 as the page opens, 0 off', 2, set('keyIntensity'))],
      ['ambient', numberField('light-ambient', 'Ambient', 'The sky and ground light’s level: 1 as the page opens, 0 off', 2, set('ambient'))],
    ];
    const reset = panelButton('lights-reset', 'Reset', 'The page’s lights, as it opens');
    reset.addEventListener('click', () => this.problem.run(() => lights.reset()));
    const body = document.createElement('div');
    body.className = 'lights-panel-body';
    body.append(...this.fields.map(([, field]) => field.row), reset, this.problem.element);
    this.element.append(heading, body);
    parent.append(this.element);
    this.stop = lights.onChange(() => this.show());
    this.show();
  }

  reset(): void {
    this.element.open = false;
    this.problem.show(null);
  }

  dispose(): void {
    this.stop();
    this.element.remove();
  }

  private show(): void {
    const settings = this.lights.settings;
    for (const [key, field] of this.fields) field.show(settings[key]);
    const defaults = this.lights.defaults;
    const same = (Object.keys(defaults) as (keyof typeof defaults)[]).every((key) => Math.abs(defaults[key] - settings[key]) < 1e-9);
    this.summaryState.textContent = same ? 'as the page opens' : 'changed';
  }
}
