// File ▸ Export for ControlNet…: a side dialog (side-dialog.css) that writes
// what image models are guided by — the OpenPose skeleton and its JSON, the
// depth, normal and edge passes, the masks, the shaded picture on a
// transparent background — through the render camera, at its resolution.
// Each pass has a card with a preview (drawn when the dialog opens and on
// Refresh, not per frame) and a box choosing it; one chosen pass downloads
// as itself, several as one zip. Still, a clip frame by frame, or a
// turnaround sheet; long runs show their progress with Cancel, the page
// drawing between pictures. Below, OpenPose JSON back into a pose
// (openpose-import-section.ts).
import { errorMessage } from '../text/error-message.js';
import { closeButton } from './close-button.js';
import { type ControlNetHost, OUTPUT_PASSES, type OutputOptions, type OutputPass, type OutputRun, type PicturePass } from './controlnet-host.js';
import { download } from './download.js';
import { OpenPoseImportSection } from './openpose-import-section.js';
import { toolButton, toolOption, toolSelect } from './tool-controls.js';

const PASS_LABELS: Record<OutputPass, [string, string]> = {
  openpose: ['OpenPose', 'The skeleton image the ControlNet OpenPose models take: COCO-18 limbs in their standard colours on black, with the hands'],
  'openpose-json': ['OpenPose JSON', 'The keypoints in OpenPose’s own JSON (people[], pose_keypoints_2d as x, y, confidence), hidden points at confidence 0'],
  depth: ['Depth', 'Depth as the depth ControlNets take it: near bright, far dark, over the characters’ range; black background'],
  normal: ['Normal', 'Camera-space normals in the NormalBae convention of ControlNet 1.1 (red left, green up, blue toward the camera)'],
  edges: ['Edges', 'A Canny edge image of the shaded picture, white on black'],
  mask: ['Masks', 'One white-on-black mask per character, and one for the props'],
  shaded: ['Shaded', 'The picture as Save PNG takes it, on a transparent background'],
};
const PREVIEW_SIDE = 176;
const DEFAULT_PASSES: readonly OutputPass[] = ['openpose', 'openpose-json', 'depth'];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function checkbox(action: string, label: string, title: string, checked: boolean): [HTMLLabelElement, HTMLInputElement] {
  const wrapper = element('label', 'side-dialog-check');
  wrapper.title = title;
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.dataset.action = action;
  input.checked = checked;
  wrapper.append(input, element('span', '', label));
  return [wrapper, input];
}

export class ControlNetDialog {
  readonly element = element('div', 'side-dialog outputs-dialog');
  private readonly size = element('p', 'outputs-size');
  private readonly chosen = new Map<OutputPass, HTMLInputElement>();
  private readonly previews = new Map<PicturePass, HTMLImageElement>();
  private readonly layout = toolSelect('outputs-layout', 'The body layout of the OpenPose JSON', 'Layout…');
  private readonly hands: HTMLInputElement;
  private readonly keepHidden: HTMLInputElement;
  private readonly run = toolSelect('outputs-run', 'What to export: one picture, the clip frame by frame, or a turnaround sheet', 'Export…');
  private readonly every = document.createElement('input');
  private readonly runLine = element('p', 'outputs-run-line');
  private readonly keypointLine = element('p', 'outputs-keypoints');
  private readonly exportButton = toolButton('outputs-export', 'Write the chosen passes (one file, or a zip of several)', 'Export');
  private readonly cancelButton = toolButton('outputs-cancel', 'Stop the export; nothing is written', 'Cancel');
  private readonly progress = document.createElement('progress');
  private readonly status = element('p', 'side-dialog-status outputs-status');
  readonly importSection: OpenPoseImportSection;
  private running: AbortController | null = null;
  private previewRound = 0;

  constructor(parent: HTMLElement, private readonly host: ControlNetHost) {
    this.element.hidden = true;
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-label', 'Export for ControlNet');
    const head = element('header', 'side-dialog-head');
    head.append(element('h2', 'side-dialog-title', 'Export for ControlNet'), closeButton('side-dialog-close', 'Close the export panel', () => this.close()));

    const passes = element('section', 'side-dialog-section');
    const refresh = toolButton('outputs-refresh', 'Draw the previews again from the scene now', 'Refresh');
    refresh.addEventListener('click', () => void this.refreshPreviews());
    const passHead = element('div', 'side-dialog-row outputs-pass-head');
    passHead.append(element('h3', 'side-dialog-subtitle', 'Passes'), refresh);
    const grid = element('div', 'outputs-grid');
    for (const pass of OUTPUT_PASSES) grid.append(this.card(pass));
    passes.append(passHead, this.size, grid);

    const keypoints = element('section', 'side-dialog-section');
    keypoints.append(element('h3', 'side-dialog-subtitle', 'Keypoints'));
    this.layout.options[0].disabled = true;
    this.layout.append(toolOption('BODY_25', 'BODY_25 (with feet)'), toolOption('COCO_18', 'COCO-18'));
    this.layout.value = 'BODY_25';
    const [handsLabel, hands] = checkbox('outputs-hands', 'Hands', '21 points per hand (the fingered characters)', true);
    const [hiddenLabel, keepHidden] = checkbox('outputs-keep-hidden', 'Keep hidden points', 'Points behind a body or a prop keep confidence 1 and are drawn (else 0 and left out)', false);
    this.hands = hands;
    this.keepHidden = keepHidden;
    for (const input of [this.layout, hands, keepHidden]) input.addEventListener('change', () => this.optionsChanged());
    const keypointRow = element('div', 'side-dialog-row');
    keypointRow.append(this.layout, handsLabel, hiddenLabel);
    keypoints.append(keypointRow, this.keypointLine);

    const runSection = element('section', 'side-dialog-section');
    runSection.append(element('h3', 'side-dialog-subtitle', 'Export'));
    this.run.options[0].disabled = true;
    this.run.append(toolOption('still', 'This picture'), toolOption('sequence', 'The clip, frame by frame'), toolOption('turnaround-4', 'Turnaround, 4 views'), toolOption('turnaround-8', 'Turnaround, 8 views'));
    this.run.value = 'still';
    this.every.type = 'number';
    this.every.min = '1';
    this.every.step = '1';
    this.every.value = '1';
    this.every.className = 'outputs-every';
    this.every.setAttribute('aria-label', 'every n-th frame');
    this.every.title = 'Every n-th frame of the clip';
    const everyLabel = element('label', 'outputs-every-label', 'every ');
    everyLabel.append(this.every, document.createTextNode(' frame'));
    for (const input of [this.run, this.every]) input.addEventListener('change', () => this.showRun());
    const runRow = element('div', 'side-dialog-row');
    runRow.append(this.run, everyLabel);
    runSection.append(runRow, this.runLine);

    this.importSection = new OpenPoseImportSection(host);

    const actions = element('div', 'side-dialog-row side-dialog-actions');
    this.exportButton.classList.add('side-dialog-apply');
    this.exportButton.addEventListener('click', () => void this.exportChosen());
    this.cancelButton.hidden = true;
    this.cancelButton.addEventListener('click', () => this.running?.abort());
    this.progress.className = 'outputs-progress';
    this.progress.hidden = true;
    actions.append(this.exportButton, this.cancelButton, this.progress, this.status);

    const body = element('div', 'side-dialog-body');
    body.append(passes, keypoints, runSection, this.importSection.element, actions);
    this.element.append(head, body);
    parent.append(this.element);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  open(): void {
    this.element.hidden = false;
    this.showRun();
    void this.refreshPreviews();
  }

  close(): void {
    this.running?.abort();
    this.element.hidden = true;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  dispose(): void {
    this.close();
    for (const image of this.previews.values()) if (image.src !== '') URL.revokeObjectURL(image.src);
    this.element.remove();
  }

  /** The choices on the dialog now. */
  options(): OutputOptions {
    return {
      passes: OUTPUT_PASSES.filter((pass) => this.chosen.get(pass)?.checked),
      layout: this.layout.value === 'COCO_18' ? 'COCO_18' : 'BODY_25',
      hands: this.hands.checked,
      keepHidden: this.keepHidden.checked,
    };
  }

  private card(pass: OutputPass): HTMLElement {
    const [label, title] = PASS_LABELS[pass];
    const card = element('label', 'outputs-card');
    card.title = title;
    card.dataset.pass = pass;
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.dataset.action = `outputs-pass-${pass}`;
    input.checked = DEFAULT_PASSES.includes(pass);
    this.chosen.set(pass, input);
    const caption = element('span', 'outputs-card-label');
    caption.append(input, document.createTextNode(` ${label}`));
    if (pass === 'openpose-json') {
      card.append(element('span', 'outputs-card-text', '{ "people": […] }'), caption);
    } else {
      const image = element('img', 'outputs-preview');
      image.alt = `${label} preview`;
      this.previews.set(pass, image);
      card.append(image, caption);
    }
    return card;
  }

  private optionsChanged(): void {
    this.keypointLine.textContent = this.host.keypointSummary(this.options());
    void this.refreshPreviews(['openpose']);
  }

  /** Draws the previews one after another (a later round stops an earlier one). */
  private async refreshPreviews(passes: readonly PicturePass[] = [...this.previews.keys()]): Promise<void> {
    const round = ++this.previewRound;
    const { width, height } = this.host.pictureSize();
    this.size.textContent = `Through the render camera at ${width} × ${height} px (Camera panel).`;
    this.keypointLine.textContent = this.host.keypointSummary(this.options());
    for (const pass of passes) {
      if (round !== this.previewRound || !this.isOpen) return;
      const image = this.previews.get(pass) as HTMLImageElement;
      try {
        const blob = await this.host.preview(pass, this.options(), PREVIEW_SIDE);
        if (image.src !== '') URL.revokeObjectURL(image.src);
        image.src = URL.createObjectURL(blob);
        image.removeAttribute('data-problem');
      } catch (error) {
        image.dataset.problem = errorMessage(error);
        image.title = errorMessage(error);
      }
    }
  }

  private chosenRun(): OutputRun {
    const value = this.run.value;
    if (value === 'sequence') return { kind: 'sequence', every: Math.max(1, Math.round(Number(this.every.value)) || 1) };
    if (value === 'turnaround-4' || value === 'turnaround-8') return { kind: 'turnaround', views: value === 'turnaround-4' ? 4 : 8 };
    return { kind: 'still' };
  }

  private showRun(): void {
    const run = this.chosenRun();
    (this.every.parentElement as HTMLElement).hidden = run.kind !== 'sequence';
    if (run.kind === 'sequence') {
      const frames = this.host.sequenceLength(run.every);
      this.runLine.textContent = frames === 0 ? 'The timeline’s clip has no keys: key a pose first (K), or load a clip.' : `${frames} frames, each pass one file per frame, in one zip.`;
    } else if (run.kind === 'turnaround') {
      this.runLine.textContent = `${run.views} views around the active character, side by side in one image per pass.`;
    } else {
      this.runLine.textContent = '';
    }
  }

  private async exportChosen(): Promise<void> {
    const options = this.options();
    if (options.passes.length === 0) {
      this.say('Choose at least one pass.', 'problem');
      return;
    }
    const controller = new AbortController();
    this.running = controller;
    this.exportButton.disabled = true;
    this.cancelButton.hidden = false;
    this.progress.hidden = false;
    this.progress.removeAttribute('value');
    this.say('Exporting…');
    try {
      const file = await this.host.export(options, this.chosenRun(), (done, total) => {
        this.progress.max = total;
        this.progress.value = done;
        this.say(`Exporting… ${done} of ${total}`);
      }, controller.signal);
      download(file.blob, file.blob.type, file.name);
      this.say(`Saved ${file.name}.`);
    } catch (error) {
      if (controller.signal.aborted) this.say('Cancelled: nothing was written.');
      else this.say(errorMessage(error), 'problem');
    } finally {
      if (this.running === controller) this.running = null;
      this.exportButton.disabled = false;
      this.cancelButton.hidden = true;
      this.progress.hidden = true;
    }
  }

  private say(text: string, kind: 'problem' | '' = ''): void {
    this.status.textContent = text;
    if (kind === '') delete this.status.dataset.kind;
    else this.status.dataset.kind = kind;
  }
}
