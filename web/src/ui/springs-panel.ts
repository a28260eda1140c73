// The inspector's springs panel, for a rig with spring chains (hidden for
// the others): per chain a switch, its frequency, damping ratio, gravity,
// inertia and swing limit (a change restarts that chain at rest on the pose),
// the time in which a swing halves, and Reset, which puts every chain back at
// rest. The core validates every value; a refused one shows on the panel's
// problem line and changes nothing.
import type { Rig } from '../rig/rig.js';
import { type SpringChain, type SpringParameters, boneSwingLimits, changeSpringChain, springHalfLife_s } from '../rig/springs.js';
import { ProblemLine } from './problem-line.js';

type NumericParameter = Exclude<keyof SpringParameters, 'enabled' | 'floor' | 'boneSwingMax'>;

interface Field {
  key: NumericParameter;
  label: string;
  title: string;
  step: string;
  min: number;
  max: number;
  /** Shown in degrees, held in radians. */
  degrees?: boolean;
}

const FIELDS: readonly Field[] = [
  { key: 'frequencyHz', label: 'Frequency (Hz)', title: 'Swings per second of the undamped spring: higher is stiffer', step: '0.1', min: 0.1, max: 20 },
  { key: 'dampingRatio', label: 'Damping ratio', title: '0 swings on, 1 returns without swinging past (critical), above 1 creeps', step: '0.05', min: 0, max: 10 },
  { key: 'gravity', label: 'Gravity (m/s²)', title: 'Pull along −Y, in model units per second squared (9.81 for a rig in metres)', step: '0.1', min: 0, max: 1000 },
  { key: 'inertia', label: 'Inertia', title: 'How much of the body’s acceleration the chain feels: 1 like a mass on a spring, 0 none', step: '0.1', min: 0, max: 4 },
  {
    key: 'swingMax',
    label: 'Swing limit (°)',
    title: 'The most each bone may swing away from where the pose points it, in degrees up to 180: smaller keeps the chain closer to the pose. Applies to every bone of the chain',
    step: '1',
    min: 1,
    max: 180,
    degrees: true,
  },
];

const DEGREES_PER_RADIAN = 180 / Math.PI;

/** Degrees to a tenth: the float radians the core holds come back without a tail of digits. */
const toDegrees = (radians: number): number => Math.round(radians * DEGREES_PER_RADIAN * 10) / 10;

/**
 * The field's value as shown, or null for the swing limit when the chain's
 * bones have limits of their own that differ (one number cannot show them).
 */
function shownValue(chain: SpringChain, field: Field): number | null {
  if (field.key !== 'swingMax') return chain[field.key];
  const limits = boneSwingLimits(chain);
  return limits.every((limit) => limit === limits[0]) ? toDegrees(limits[0]) : null;
}

/** The field's title, listing the bones' own swing limits when one number cannot show them. */
function fieldTitle(chain: SpringChain, field: Field): string {
  if (shownValue(chain, field) !== null) return field.title;
  const limits = boneSwingLimits(chain).map((limit) => `${toDegrees(limit)}°`);
  return `${field.title}. Each bone has its own now (${limits.join(', ')}); a value here replaces them all`;
}

/** "halves in 0.23 s", or why it never does. */
function halfLifeText(chain: SpringChain): string {
  if (chain.dampingRatio === 0) return 'Undamped: it swings on (the integrator loses a little).';
  if (chain.dampingRatio >= 1) return 'Returns without swinging past.';
  return `A swing halves in ${springHalfLife_s(chain).toFixed(2)} s.`;
}

export class SpringsPanel {
  readonly element = document.createElement('details');
  private readonly chainsElement = document.createElement('div');
  private readonly summaryState = document.createElement('span');
  private readonly problem = new ProblemLine('panel-problem springs-problem');
  private shownRig: Rig | null = null;
  // Raised by a change of the shown rig's chains made elsewhere (window.kin): the fields are built anew.
  private chainsChanged = true;
  // Set while the panel makes a change itself: that one keeps its fields (and the focus in them).
  private acting = false;
  private stopListening = (): void => {};
  private readonly onChainsChanged = (): void => {
    if (!this.acting) this.chainsChanged = true;
  };

  /** `rig` gives the rig on show; `changed` asks for a frame after a change. */
  constructor(parent: HTMLElement, private readonly rig: () => Rig, private readonly changed: () => void) {
    this.element.className = 'springs-panel inspector-details';
    this.element.open = true;
    const heading = document.createElement('summary');
    heading.textContent = 'Springs ';
    this.summaryState.className = 'springs-panel-state inspector-details-state';
    heading.append(this.summaryState);
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.className = 'tool-button springs-reset';
    reset.textContent = 'Reset';
    reset.title = 'Every chain back at rest on the pose';
    reset.addEventListener('click', () => this.act(() => this.rig().springs.resetSprings()));
    const body = document.createElement('div');
    body.className = 'springs-panel-body';
    body.append(this.chainsElement, reset, this.problem.element);
    this.element.append(heading, body);
    parent.append(this.element);
    this.element.hidden = true;
  }

  /** Stops hearing the shown rig's chains. */
  dispose(): void {
    this.stopListening();
  }

  /** Called with every frame: rebuilds only for another rig, or chains changed from outside the panel. */
  refresh(): void {
    const rig = this.rig();
    if (rig !== this.shownRig) {
      this.problem.show(null);
      this.stopListening();
      this.stopListening = rig.springs.onChange(this.onChainsChanged);
      this.shownRig = rig;
      this.chainsChanged = true;
    }
    if (!this.chainsChanged) return;
    this.chainsChanged = false;
    this.build(rig.springs.springChains());
  }

  private build(chains: readonly SpringChain[]): void {
    this.element.hidden = chains.length === 0;
    this.chainsElement.replaceChildren(...chains.map((chain, c) => this.chainSection(chain, c)));
    this.showState(chains);
  }

  private chainSection(chain: SpringChain, c: number): HTMLElement {
    const section = document.createElement('fieldset');
    section.className = 'springs-chain';
    section.dataset.chain = chain.name;
    const legend = document.createElement('legend');
    const toggle = document.createElement('label');
    toggle.className = 'springs-toggle';
    const on = document.createElement('input');
    on.type = 'checkbox';
    on.name = `spring-${chain.name}`;
    on.checked = chain.enabled;
    on.title = `Let the ${chain.name} swing on springs (off: it keeps the pose)`;
    on.addEventListener('change', () => this.act(() => this.rig().springs.setSpringEnabled(c, on.checked)));
    const name = document.createElement('span');
    name.textContent = chain.name;
    toggle.append(on, name);
    legend.append(toggle);
    section.append(legend);

    const halfLife = document.createElement('p');
    halfLife.className = 'springs-half-life';
    halfLife.textContent = halfLifeText(chain);
    for (const field of FIELDS) {
      const row = document.createElement('label');
      row.className = 'solver-field springs-field';
      row.title = fieldTitle(chain, field);
      const label = document.createElement('span');
      label.textContent = field.label;
      const input = document.createElement('input');
      input.type = 'number';
      input.name = field.key;
      input.step = field.step;
      input.min = String(field.min);
      input.max = String(field.max);
      const value = shownValue(chain, field);
      input.value = value === null ? '' : String(value);
      if (value === null) input.placeholder = 'per bone';
      input.addEventListener('change', () => {
        if (!Number.isFinite(input.valueAsNumber)) {
          this.problem.show(`${chain.name}: ${field.label}: enter a number`);
          return;
        }
        this.act(() => {
          const rig = this.rig();
          const chains = rig.springs.springChains();
          const entered = field.degrees ? input.valueAsNumber / DEGREES_PER_RADIAN : input.valueAsNumber;
          chains[c] = changeSpringChain(chains[c], { [field.key]: entered });
          rig.springs.setSpringChains(chains);
          halfLife.textContent = halfLifeText(chains[c]);
          row.title = fieldTitle(chains[c], field);
        });
      });
      row.append(label, input);
      section.append(row);
    }
    section.append(this.floorToggle(chain, c), halfLife);
    return section;
  }

  /** "rests on the floor": the chain's tips kept on or above it (SpringChainDef::floor). */
  private floorToggle(chain: SpringChain, c: number): HTMLElement {
    const row = document.createElement('label');
    row.className = 'solver-field springs-floor';
    row.title = `Keep the ${chain.name}'s tips on or above the floor (a body lying down rests it there)`;
    const label = document.createElement('span');
    label.textContent = 'Rests on the floor';
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.name = 'floor';
    input.checked = chain.floor;
    input.addEventListener('change', () =>
      this.act(() => {
        const rig = this.rig();
        const chains = rig.springs.springChains();
        chains[c] = changeSpringChain(chains[c], { floor: input.checked });
        rig.springs.setSpringChains(chains);
      }),
    );
    row.append(label, input);
    return row;
  }

  /** "ponytail on", "off", "2 of 3 on" beside the heading (shown while folded). */
  private showState(chains: readonly SpringChain[]): void {
    const on = chains.filter((chain) => chain.enabled).length;
    this.summaryState.textContent = chains.length === 1 ? `${chains[0].name} ${on ? 'on' : 'off'}` : `${on} of ${chains.length} on`;
  }

  private act(action: () => void): void {
    this.acting = true;
    try {
      this.problem.run(action);
    } finally {
      this.acting = false;
    }
    this.showState(this.rig().springs.springChains());
    this.changed();
  }
}
