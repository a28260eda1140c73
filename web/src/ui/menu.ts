// A drop-down menu of the top bar (File): a button that opens a short list
// of actions under it. The list floats over the viewport while open and
// closes on a choice, a click elsewhere or Esc. Items are buttons with a
// tooltip that doubles as their accessible name, and a data-action that
// tests and styles find them by.

export function menuItem(action: string, title: string, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'menu-item';
  button.dataset.action = action;
  button.title = title;
  button.setAttribute('aria-label', title);
  button.textContent = label;
  return button;
}

export class Menu {
  readonly element = document.createElement('details');
  private readonly list = document.createElement('div');

  constructor(parent: HTMLElement, name: string, label: string) {
    this.element.className = 'menu';
    this.element.dataset.menu = name;
    const summary = document.createElement('summary');
    summary.className = 'menu-button';
    summary.textContent = label;
    this.list.className = 'menu-list';
    this.list.setAttribute('role', 'menu');
    this.element.append(summary, this.list);
    parent.append(this.element);
    // A choice closes the menu (after its own click handler has run).
    this.list.addEventListener('click', (event) => {
      if ((event.target as HTMLElement).closest('.menu-item')) this.close();
    });
    document.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    document.addEventListener('keydown', this.onKeyDown);
  }

  /** Adds items (or anything holding them) at the end. */
  add(...items: HTMLElement[]): void {
    this.list.append(...items);
  }

  close(): void {
    this.element.open = false;
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (this.element.open && !this.element.contains(event.target as Node)) this.close();
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.element.open) {
      this.close();
      event.preventDefault();
    }
  };
}
