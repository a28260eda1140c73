// The editor shell: regions that cannot overlap, laid out by a CSS grid
// (web/shell.css) — a top bar (character, files, share, help), the tools on
// the left (undo, poses, mirror, targets, view), the inspector on the right
// (the solver with its plot, the selection), a bottom region (the solve
// status now, the timeline later) and the viewport taking the rest, the
// renderer sized to it. The side regions fold to a strip; on a phone they
// become sheets above the status line, one at a time, opened from tabs, so
// that the viewport keeps the middle of the screen. Nothing here floats over
// the viewport but transient things (banners, menus, dialogs).

export type SideRegion = 'tools' | 'inspector';

const PHONE = '(max-width: 640px)';

function region(tag: string, className: string, label: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.setAttribute('aria-label', label);
  return element;
}

export class Shell {
  readonly top = region('header', 'shell-top', 'top bar');
  readonly tools = region('aside', 'shell-tools', 'tools');
  readonly viewport = region('main', 'shell-viewport', 'viewport');
  readonly inspector = region('aside', 'shell-inspector', 'inspector');
  readonly bottom = region('footer', 'shell-bottom', 'status');
  /** Where each side region's content goes (below its fold button). */
  readonly toolsBody = document.createElement('div');
  readonly inspectorBody = document.createElement('div');
  private readonly tabs = region('nav', 'shell-tabs', 'panels');
  private readonly tabButtons: Record<SideRegion, HTMLButtonElement>;
  private readonly phone = window.matchMedia(PHONE);

  constructor(private readonly root: HTMLElement) {
    root.classList.add('shell');
    this.toolsBody.className = 'shell-body';
    this.inspectorBody.className = 'shell-body';
    this.tools.append(this.foldButton('tools', 'Tools'), this.toolsBody);
    this.inspector.append(this.foldButton('inspector', 'Inspector'), this.inspectorBody);
    this.tabButtons = { tools: this.tab('tools', 'Tools'), inspector: this.tab('inspector', 'Inspector') };
    this.tabs.append(this.tabButtons.tools, this.tabButtons.inspector);
    root.append(this.top, this.tools, this.viewport, this.inspector, this.bottom, this.tabs);
    // Desktop: both sides open. Phone: both sheets closed, the view gets the screen.
    this.showDefaultLayout();
    this.phone.addEventListener('change', this.onLayoutChange);
  }

  /** Whether a side region is open (on a phone: its sheet shows). */
  isOpen(side: SideRegion): boolean {
    return this.root.dataset[side] === 'open';
  }

  /** Opens or folds a side region; on a phone, opening one sheet closes the other. */
  setOpen(side: SideRegion, open: boolean): void {
    if (open && this.phone.matches) {
      const other: SideRegion = side === 'tools' ? 'inspector' : 'tools';
      this.root.dataset[other] = 'folded';
      this.tabButtons[other].setAttribute('aria-pressed', 'false');
    }
    this.root.dataset[side] = open ? 'open' : 'folded';
    this.tabButtons[side].setAttribute('aria-pressed', String(open));
  }

  /** The side regions as the page opens at this size: open beside the view, or folded behind their tabs on a phone. */
  showDefaultLayout(): void {
    this.setOpen('tools', !this.phone.matches);
    this.setOpen('inspector', !this.phone.matches);
  }

  dispose(): void {
    this.phone.removeEventListener('change', this.onLayoutChange);
  }

  private foldButton(side: SideRegion, name: string): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'shell-fold';
    button.dataset.action = `fold-${side}`;
    const label = `Show or hide the ${name.toLowerCase()}`;
    button.title = label;
    button.setAttribute('aria-label', label);
    const text = document.createElement('span');
    text.className = 'shell-fold-label';
    text.textContent = name;
    button.append(text);
    button.addEventListener('click', () => this.setOpen(side, !this.isOpen(side)));
    return button;
  }

  private tab(side: SideRegion, name: string): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'shell-tab';
    button.dataset.action = `tab-${side}`;
    button.textContent = name;
    button.addEventListener('click', () => this.setOpen(side, !this.isOpen(side)));
    return button;
  }

  // Crossing into the phone layout leaves at most one sheet open; back to desktop opens both sides.
  private readonly onLayoutChange = (): void => this.showDefaultLayout();
}
