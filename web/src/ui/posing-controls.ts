// The posing controls around the view: the toolbar, the help overlay and the
// keyboard shortcuts, wired to the app's history and pose actions.
import { HelpOverlay } from './help-overlay.js';
import { installShortcuts } from './keyboard-shortcuts.js';
import type { PosingApp } from '../app/posing-app.js';
import { PosingToolbar } from './posing-toolbar.js';

export class PosingControls {
  readonly toolbar: PosingToolbar;
  readonly help: HelpOverlay;
  private readonly uninstallShortcuts: () => void;

  constructor(app: PosingApp, root: HTMLElement) {
    this.help = new HelpOverlay(root);
    this.toolbar = new PosingToolbar(root, app, () => this.help.toggle());
    this.uninstallShortcuts = installShortcuts(window, {
      undo: () => app.history.undo(),
      redo: () => app.history.redo(),
      toggleHelp: () => this.help.toggle(),
      closeHelp: () => this.help.close(),
    });
  }

  /** Called every frame (allocation-free). */
  refresh(): void {
    this.toolbar.refresh();
  }

  dispose(): void {
    this.uninstallShortcuts();
  }
}
