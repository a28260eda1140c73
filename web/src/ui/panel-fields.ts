// Small labelled form fields for the camera, lights and reference panels: a
// number (or a row of numbers), a choice, a switch, a colour. Each commits
// on 'change' (typed and left, Enter, a stepper) through `commit`, which may
// throw: the panel shows why and the field shows the value kept. show()
// leaves a field being typed in alone.

export interface Field<T> {
  readonly row: HTMLElement;
  /** Shows `value` unless the user is typing in the field. */
  show(value: T): void;
}

function row(label: string, className: string, ...controls: HTMLElement[]): HTMLElement {
  const element = document.createElement('label');
  element.className = `panel-field ${className}`;
  const text = document.createElement('span');
  text.className = 'panel-field-label';
  text.textContent = label;
  const box = document.createElement('span');
  box.className = 'panel-field-controls';
  box.append(...controls);
  element.append(text, box);
  return element;
}

function numberInput(name: string, title: string, step: string): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.className = 'panel-number';
  input.name = name;
  input.title = title;
  input.step = step;
  input.setAttribute('aria-label', title);
  return input;
}

const typing = (input: HTMLElement): boolean => document.activeElement === input;

/** A row of `count` numbers (a point: 3; a size: 2; one value: 1), shown to `digits` decimals. */
export function numbersField(name: string, label: string, title: string, count: number, digits: number, commit: (values: number[]) => void): Field<number[]> {
  const step = digits === 0 ? '1' : String(10 ** -digits);
  const inputs = Array.from({ length: count }, (_, i) => numberInput(count === 1 ? name : `${name}-${'xyz'[i]}`, count === 1 ? title : `${title}: ${'xyz'[i]}`, step));
  let shown: number[] = [];
  const show = (values: number[]): void => {
    shown = values;
    inputs.forEach((input, i) => {
      if (!typing(input)) input.value = String(Number(values[i].toFixed(digits)));
    });
  };
  for (const input of inputs) {
    input.addEventListener('change', () => {
      const values = inputs.map((each, i) => (each.value.trim() === '' ? Number.NaN : each === input || typing(each) ? Number(each.value) : shown[i]));
      try {
        commit(values);
      } finally {
        input.blur();
        show(shown);
      }
    });
  }
  return { row: row(label, `panel-field-${count}`, ...inputs), show };
}

export function numberField(name: string, label: string, title: string, digits: number, commit: (value: number) => void): Field<number> {
  const field = numbersField(name, label, title, 1, digits, (values) => commit(values[0]));
  return { row: field.row, show: (value) => field.show([value]) };
}

export function choiceField(name: string, label: string, title: string, options: readonly { value: string; label: string }[], commit: (value: string) => void): Field<string> & { select: HTMLSelectElement } {
  const select = document.createElement('select');
  select.className = 'tool-select';
  select.name = name;
  select.title = title;
  for (const option of options) {
    const element = document.createElement('option');
    element.value = option.value;
    element.textContent = option.label;
    select.append(element);
  }
  select.addEventListener('change', () => commit(select.value));
  return { row: row(label, 'panel-field-choice', select), select, show: (value) => (select.value = value) };
}

export function switchField(name: string, label: string, title: string, commit: (on: boolean) => void): Field<boolean> {
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.name = name;
  input.title = title;
  input.addEventListener('change', () => commit(input.checked));
  return { row: row(label, 'panel-field-switch', input), show: (on) => (input.checked = on) };
}

export function colorField(name: string, title: string, commit: (color: string) => void): Field<string> & { input: HTMLInputElement } {
  const input = document.createElement('input');
  input.type = 'color';
  input.name = name;
  input.title = title;
  input.setAttribute('aria-label', title);
  input.addEventListener('input', () => commit(input.value));
  return { row: input, input, show: (color) => (input.value = color) };
}
