// Matrices of the selected bone for the spaces-and-axes lessons: B_j (bind,
// bone to model), P_j (pose, bone to model) and P_j·B_j⁻¹ (what skinning
// applies to a vertex bound to the bone), each a 4 × 4 table, rows as
// written on paper (the arrays are column-major). Plain DOM; rewritten only
// when a value changes.

const DIGITS = 3;

export interface NamedMatrix {
  name: string;
  /** 16 floats, column-major. */
  values: ArrayLike<number>;
}

export class MatrixCard {
  readonly element = document.createElement('div');
  private readonly heading = document.createElement('p');
  private readonly grid = document.createElement('div');
  private shown = '';

  constructor(parent: HTMLElement) {
    this.element.className = 'matrix-card';
    this.heading.className = 'matrix-card-heading';
    this.grid.className = 'matrix-card-grid';
    this.element.append(this.heading, this.grid);
    parent.append(this.element);
  }

  show(title: string, matrices: readonly NamedMatrix[]): void {
    const text = (v: number): string => (Math.abs(v) < 0.5 * 10 ** -DIGITS ? 0 : v).toFixed(DIGITS);
    const key = title + matrices.map((m) => Array.from(m.values, text).join(',')).join(';');
    if (key === this.shown) return;
    this.shown = key;
    this.heading.textContent = title;
    this.grid.replaceChildren(
      ...matrices.map((matrix) => {
        const table = document.createElement('table');
        table.className = 'matrix';
        const caption = document.createElement('caption');
        caption.textContent = matrix.name;
        table.append(caption);
        for (let row = 0; row < 4; row++) {
          const tr = document.createElement('tr');
          for (let column = 0; column < 4; column++) {
            const td = document.createElement('td');
            td.textContent = text(matrix.values[4 * column + row]);
            tr.append(td);
          }
          table.append(tr);
        }
        return table;
      }),
    );
  }
}
