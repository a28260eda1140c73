// The small pieces every lesson tool's panel is made of: a row of
// controls, a labelled choice (a select inside its label, so that screen
// readers name it), and a table with headed columns whose rows are
// replaced as results come. Plain DOM; text only through textContent.

export interface LessonOption {
  id: string;
  label: string;
}

/** A row of controls in a lesson panel. */
export function lessonRow(...children: HTMLElement[]): HTMLDivElement {
  const div = document.createElement('div');
  div.className = 'lesson-tool-row';
  div.append(...children);
  return div;
}

/** A select named `name` inside a label reading `label`; `select.value` is the chosen id. */
export function lessonChoice(name: string, label: string, options: readonly LessonOption[], value: string, onChange: (id: string) => void): { label: HTMLLabelElement; select: HTMLSelectElement } {
  const wrapper = document.createElement('label');
  wrapper.textContent = label;
  const select = document.createElement('select');
  select.className = 'tool-select';
  select.name = name;
  for (const option of options) select.append(new Option(option.label, option.id));
  select.value = value;
  select.addEventListener('change', () => onChange(select.value));
  wrapper.append(select);
  return { label: wrapper, select };
}

/** A column heading, with what it means when the heading is short. */
export type LessonColumn = string | { text: string; title: string };

/** A table with `columns` headed; fill it with fillLessonRows. */
export function lessonTable(className: string, columns: readonly LessonColumn[], caption?: string): { table: HTMLTableElement; body: HTMLTableSectionElement } {
  const table = document.createElement('table');
  table.className = `lesson-tool-table ${className}`;
  const head = document.createElement('tr');
  for (const column of columns) {
    const th = document.createElement('th');
    if (typeof column === 'string') th.textContent = column;
    else {
      th.textContent = column.text;
      th.title = column.title;
      th.setAttribute('abbr', column.title);
    }
    head.append(th);
  }
  const thead = document.createElement('thead');
  thead.append(head);
  const body = document.createElement('tbody');
  if (caption !== undefined) {
    const key = document.createElement('caption');
    key.textContent = caption;
    table.append(key);
  }
  table.append(thead, body);
  return { table, body };
}

/** Replaces the table body's rows: one per entry, its cells' text, in `color` if given. */
export function fillLessonRows(body: HTMLTableSectionElement, rows: readonly { cells: readonly string[]; color?: string }[]): void {
  body.replaceChildren(
    ...rows.map(({ cells, color }) => {
      const tr = document.createElement('tr');
      if (color !== undefined) tr.style.color = color;
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }),
  );
}
