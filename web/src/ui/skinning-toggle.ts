// The LBS / DQS switch in the view tools: two radio buttons that ask
// `choose` to apply a skinning method; show() reflects whatever was applied,
// from here or from a script.
import { SKINNING_METHODS, type SkinningMethod } from '../rig/rig.js';

const LABELS: Readonly<Record<SkinningMethod, { text: string; title: string }>> = {
  lbs: { text: 'LBS', title: 'Linear blend skinning: averages bone matrices (a twisted joint collapses like a candy wrapper)' },
  dqs: { text: 'DQS', title: 'Dual quaternion skinning: blends rigid motions (a twisted joint keeps its volume)' },
};

export class SkinningToggle {
  readonly element = document.createElement('fieldset');
  private readonly inputs = {} as Record<SkinningMethod, HTMLInputElement>;

  constructor(choose: (method: SkinningMethod) => void) {
    this.element.className = 'skinning-toggle';
    const legend = document.createElement('legend');
    legend.textContent = 'Skinning';
    this.element.append(legend);
    for (const method of SKINNING_METHODS) {
      const label = document.createElement('label');
      label.title = LABELS[method].title;
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'skinning';
      input.value = method;
      input.addEventListener('change', () => {
        if (input.checked) choose(method);
      });
      const text = document.createElement('span');
      text.textContent = LABELS[method].text;
      label.append(input, text);
      this.element.append(label);
      this.inputs[method] = input;
    }
  }

  show(method: SkinningMethod): void {
    this.inputs[method].checked = true;
  }
}
