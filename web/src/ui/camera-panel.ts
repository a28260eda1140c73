// The inspector's Camera panel: the render camera every picture is taken
// through — From view (it takes the orbit view), Look through (the view shows
// it, with the frame guide), the frame guide switch, the picture's size
// (presets or typed), the lens, where it stands and looks, the background
// and whether pictures keep the overlays — and its saved views (save under
// a name, apply, rename, delete). Typed values go through the camera's own
// checks: a refused one shows on the panel's problem line.
import { RESOLUTION_PRESETS, type RenderCamera, type Vec3 } from '../scene/render-camera.js';
import { type Field, choiceField, colorField, numberField, numbersField, switchField } from './panel-fields.js';
import { ProblemLine } from './problem-line.js';
import { panelButton, sectionHeading } from './tool-controls.js';

/** What the panel drives (the page's camera, app/page-camera.ts). */
export interface CameraPanelHost {
  readonly camera: RenderCamera;
  fromView(): void;
  readonly lookThrough: { readonly active: boolean; enter(): void; leave(): void };
  readonly guideShown: boolean;
  showGuide(shown: boolean): void;
  readonly overlaysInPicture: boolean;
  keepOverlays(kept: boolean): void;
  onOptionsChange(listener: () => void): () => void;
  /** The panel opened or closed (the camera's lines show in the view while it is open). */
  setEditing(open: boolean): void;
}

const CUSTOM = 'custom';
const DEFAULT_COLOR = '#ffffff';

export class CameraPanel {
  readonly element = document.createElement('details');
  private readonly summaryState = document.createElement('span');
  private readonly problem = new ProblemLine('panel-problem');
  private readonly lookButton = panelButton('look-through', 'Look through', 'Look through the render camera (orbiting leaves it)');
  private readonly guideButton = panelButton('frame-guide', 'Frame guide', 'Show the render camera’s frame: its lines in the view, the outside darkened while looking through');
  private readonly preset: ReturnType<typeof choiceField>;
  private readonly size: Field<number[]>;
  private readonly focal: Field<number>;
  private readonly position: Field<number[]>;
  private readonly target: Field<number[]>;
  private readonly background: ReturnType<typeof choiceField>;
  private readonly color: ReturnType<typeof colorField>;
  private readonly overlays: Field<boolean>;
  private readonly viewName = document.createElement('input');
  private readonly viewList = document.createElement('ul');
  private readonly stop: (() => void)[];

  constructor(parent: HTMLElement, private readonly host: CameraPanelHost) {
    const { camera } = host;
    this.element.className = 'camera-panel inspector-details';
    const heading = sectionHeading('Camera', this.summaryState, 'inspector-details-state');
    const act = (action: () => void): void => this.problem.run(action);
    const fromView = panelButton('camera-from-view', 'From view', 'The render camera takes the orbit view: its place, aim and field of view');
    fromView.addEventListener('click', () => act(() => host.fromView()));
    this.lookButton.addEventListener('click', () => act(() => (host.lookThrough.active ? host.lookThrough.leave() : host.lookThrough.enter())));
    this.guideButton.addEventListener('click', () => act(() => host.showGuide(!host.guideShown)));
    const buttons = document.createElement('div');
    buttons.className = 'tool-group';
    buttons.append(fromView, this.lookButton, this.guideButton);

    this.preset = choiceField('camera-resolution', 'Size', 'The picture’s size in pixels', [...RESOLUTION_PRESETS.map((p) => ({ value: `${p.width}x${p.height}`, label: p.label })), { value: CUSTOM, label: 'Custom' }], (value) => {
      if (value === CUSTOM) return;
      const [width, height] = value.split('x').map(Number);
      act(() => camera.set({ width, height }));
    });
    this.size = numbersField('camera-size', 'Pixels', 'The picture’s width and height in pixels', 2, 0, ([width, height]) => act(() => camera.set({ width, height })));
    this.focal = numberField('camera-focal-length', 'Lens (mm)', 'Focal length in mm on a 36 mm wide (full-frame) sensor: 50 is a normal lens, 24 wide, 85 a portrait lens', 1, (focalLength) => act(() => camera.set({ focalLength })));
    this.position = numbersField('camera-position', 'Position', 'Where the camera stands, world space (metres)', 3, 2, (p) => act(() => camera.set({ position: p as Vec3 })));
    this.target = numbersField('camera-target', 'Target', 'The point it looks at, world space (metres)', 3, 2, (p) => act(() => camera.set({ target: p as Vec3 })));
    this.color = colorField('camera-background-color', 'The picture’s background colour', (color) => act(() => camera.set({ background: color })));
    this.background = choiceField('camera-background', 'Background', 'What the picture shows where nothing is drawn', [{ value: 'transparent', label: 'Transparent' }, { value: 'color', label: 'Colour' }], (value) => {
      act(() => camera.set({ background: value === 'transparent' ? 'transparent' : this.color.input.value || DEFAULT_COLOR }));
    });
    this.background.row.querySelector('.panel-field-controls')?.append(this.color.row);
    this.overlays = switchField('camera-overlays', 'Keep overlays', 'Pictures show the handles, grid and lines too (off: a clean picture)', (on) => host.keepOverlays(on));

    const views = document.createElement('div');
    views.className = 'camera-views';
    const viewsHeading = document.createElement('h3');
    viewsHeading.className = 'panel-subheading';
    viewsHeading.textContent = 'Saved views';
    this.viewName.type = 'text';
    this.viewName.name = 'camera-view-name';
    this.viewName.placeholder = 'View name';
    this.viewName.maxLength = 60;
    this.viewName.setAttribute('aria-label', 'name of the view to save');
    const save = panelButton('camera-save-view', 'Save view', 'Save the render camera’s place, aim and lens under this name (the same name replaces it)');
    const saveView = (): void => act(() => {
      camera.saveView(this.viewName.value === '' ? `View ${camera.views.length + 1}` : this.viewName.value);
      this.viewName.value = '';
    });
    save.addEventListener('click', saveView);
    this.viewName.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') saveView();
    });
    const saveRow = document.createElement('div');
    saveRow.className = 'tool-group camera-view-save';
    saveRow.append(this.viewName, save);
    this.viewList.className = 'camera-view-list';
    this.viewList.setAttribute('aria-label', 'saved views');
    views.append(viewsHeading, saveRow, this.viewList);

    const body = document.createElement('div');
    body.className = 'camera-panel-body';
    body.append(buttons, this.preset.row, this.size.row, this.focal.row, this.position.row, this.target.row, this.background.row, this.overlays.row, views, this.problem.element);
    this.element.append(heading, body);
    parent.append(this.element);
    this.element.addEventListener('toggle', () => host.setEditing(this.element.open));
    this.stop = [camera.onChange(() => this.show()), host.onOptionsChange(() => this.showOptions())];
    this.show();
    this.showOptions();
  }

  /** Folded, as the page opens it. */
  reset(): void {
    this.element.open = false;
    this.problem.show(null);
    this.viewName.value = '';
  }

  dispose(): void {
    for (const stop of this.stop) stop();
    this.element.remove();
  }

  private show(): void {
    const { camera } = this.host;
    const state = camera.state;
    const preset = `${state.width}x${state.height}`;
    this.preset.show(RESOLUTION_PRESETS.some((p) => `${p.width}x${p.height}` === preset) ? preset : CUSTOM);
    this.size.show([state.width, state.height]);
    this.focal.show(state.focalLength);
    this.position.show(state.position);
    this.target.show(state.target);
    const transparent = state.background === 'transparent';
    this.background.show(transparent ? 'transparent' : 'color');
    this.color.input.hidden = transparent;
    if (!transparent) this.color.show(state.background);
    this.summaryState.textContent = `${state.width} × ${state.height} · ${Math.round(state.focalLength)} mm`;
    this.showViews();
  }

  private showViews(): void {
    const { camera } = this.host;
    const rows = camera.views.map((view) => {
      const row = document.createElement('li');
      row.className = 'camera-view';
      const apply = panelButton('camera-apply-view', view.name, `Put the render camera where view ‘${view.name}’ has it`);
      apply.classList.add('camera-view-name');
      apply.addEventListener('click', () => this.problem.run(() => camera.applyView(view.name)));
      const rename = panelButton('camera-rename-view', '✎', `Rename view ‘${view.name}’`);
      rename.addEventListener('click', () => {
        const name = window.prompt(`New name for view ‘${view.name}’`, view.name);
        if (name !== null) this.problem.run(() => camera.renameView(view.name, name));
      });
      const remove = panelButton('camera-delete-view', '×', `Delete view ‘${view.name}’`);
      remove.addEventListener('click', () => this.problem.run(() => camera.deleteView(view.name)));
      row.append(apply, rename, remove);
      return row;
    });
    this.viewList.replaceChildren(...rows);
    this.viewList.hidden = rows.length === 0;
  }

  private showOptions(): void {
    const { host } = this;
    this.lookButton.setAttribute('aria-pressed', String(host.lookThrough.active));
    this.guideButton.setAttribute('aria-pressed', String(host.guideShown));
    this.overlays.show(host.overlaysInPicture);
  }
}
