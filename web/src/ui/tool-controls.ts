// The toolbar's controls. Buttons: a label whose long parts phones leave out
// (CSS hides .tool-long there), a tooltip that doubles as the accessible
// name, and a data-action that tests and styles find it by. Pickers: a
// select whose first option is a placeholder that says what it does. The
// inspector panels' groups and section headings.

/** A part of a button's label that phones leave out. */
export type LongPart = { long: string };
export const long = (text: string): LongPart => ({ long: text });

export function toolButton(action: string, title: string, ...label: (string | LongPart)[]): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tool-button';
  button.dataset.action = action;
  button.title = title;
  button.setAttribute('aria-label', title);
  for (const part of label) {
    const span = document.createElement('span');
    if (typeof part === 'string') {
      span.textContent = part;
    } else {
      span.className = 'tool-long';
      span.textContent = part.long;
    }
    button.append(span);
  }
  return button;
}

/** A panel's button, found by its name (the panels' tests and forms), its label the text, `title` its tooltip. */
export function panelButton(name: string, label: string, title: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tool-button';
  button.name = name;
  button.textContent = label;
  button.title = title;
  return button;
}

/** A picker showing `placeholder` (value '') until something is picked. */
export function toolSelect(name: string, title: string, placeholder: string): HTMLSelectElement {
  const select = document.createElement('select');
  select.className = 'tool-select';
  select.name = name;
  select.title = title;
  select.setAttribute('aria-label', title);
  select.append(toolOption('', placeholder));
  return select;
}

export function toolOption(value: string, label: string): HTMLOptionElement {
  const option = document.createElement('option');
  option.value = value;
  option.textContent = label;
  return option;
}

/** A group of controls that a screen reader announces by `label`. */
export function controlGroup(className: string, label: string): HTMLDivElement {
  const group = document.createElement('div');
  group.className = className;
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', label);
  return group;
}

/** An inspector section's heading: its name, then `state` (a span the panel keeps up to date). */
export function sectionHeading(name: string, state: HTMLSpanElement, stateClass: string): HTMLElement {
  const heading = document.createElement('summary');
  heading.textContent = `${name} `;
  state.className = stateClass;
  heading.append(state);
  return heading;
}
