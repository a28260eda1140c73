// The OpenPose-into-3-D part of the ControlNet dialog: pick an OpenPose
// JSON (from a detector run on a photo, or from another tool), choose the
// person if it holds several, and fit the active character to it through the
// render camera. The report says the reprojection error per joint in pixels;
// a limb whose front and back the picture cannot tell gets a Flip button that
// bends it the other way. The fit is one undo step.
import { errorMessage } from '../text/error-message.js';
import type { ControlNetHost, OpenPoseFitReport } from './controlnet-host.js';
import { toolButton, toolOption, toolSelect } from './tool-controls.js';

/** OpenPose JSON files are small; a bigger file is refused before it is read. */
const MAX_JSON_BYTES = 50 * 1024 * 1024;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

export class OpenPoseImportSection {
  readonly element = element('section', 'side-dialog-section outputs-import');
  private readonly input = document.createElement('input');
  private readonly person = toolSelect('openpose-person', 'Which person of the file to fit', 'Person…');
  private readonly fitButton = toolButton('openpose-fit', 'Fit the active character to the chosen person through the render camera (undo puts the pose back)', 'Fit pose');
  private readonly fileLine = element('p', 'outputs-import-line');
  private readonly report = element('div', 'outputs-fit-report');
  private text: string | null = null;
  private fileName = '';

  constructor(private readonly host: ControlNetHost) {
    this.element.append(element('h3', 'side-dialog-subtitle', 'OpenPose JSON → pose'));
    this.input.type = 'file';
    this.input.accept = '.json,application/json';
    this.input.hidden = true;
    this.input.setAttribute('aria-label', 'OpenPose JSON file');
    this.input.addEventListener('change', () => {
      const file = this.input.files?.[0];
      this.input.value = '';
      if (file) void this.load(file);
    });
    const pick = toolButton('openpose-load', 'An OpenPose JSON (people[] with pose_keypoints_2d), as OpenPose or a ControlNet preprocessor writes it', 'OpenPose JSON…');
    pick.addEventListener('click', () => this.input.click());
    this.person.hidden = true;
    this.fitButton.disabled = true;
    this.fitButton.addEventListener('click', () => void this.fit());
    const row = element('div', 'side-dialog-row');
    row.append(pick, this.person, this.fitButton, this.input);
    this.element.append(row, this.fileLine, this.report);
  }

  /** Opens the file picker (File ▸ Import OpenPose JSON…). */
  pickFile(): void {
    this.input.click();
  }

  async load(file: File): Promise<void> {
    this.report.replaceChildren();
    try {
      if (file.size > MAX_JSON_BYTES) throw new Error(`${JSON.stringify(file.name)} is ${file.size} bytes, over the ${MAX_JSON_BYTES / 1024 / 1024} MB an OpenPose JSON may be`);
      const text = await file.text();
      const people = this.host.openPosePeople(text);
      this.text = text;
      this.fileName = file.name;
      this.person.replaceChildren(toolOption('', 'Person…'));
      this.person.options[0].disabled = true;
      for (let p = 0; p < people; p++) this.person.append(toolOption(String(p), `Person ${p + 1}`));
      this.person.value = '0';
      this.person.hidden = people < 2;
      this.fitButton.disabled = false;
      this.say(`${file.name}: ${people} ${people === 1 ? 'person' : 'people'}.`);
    } catch (error) {
      this.text = null;
      this.fitButton.disabled = true;
      this.person.hidden = true;
      this.say(errorMessage(error), 'problem');
    }
  }

  private async fit(): Promise<void> {
    if (this.text === null) return;
    await this.show(() => this.host.importOpenPose(this.text as string, Number(this.person.value) || 0));
  }

  private async show(run: () => Promise<OpenPoseFitReport>): Promise<void> {
    this.fitButton.disabled = true;
    this.say('Fitting…');
    try {
      const report = await run();
      this.say(`${this.fileName}: fitted, ${report.rmsPx.toFixed(1)} px RMS, ${report.maxPx.toFixed(1)} px at most.`);
      this.showReport(report);
    } catch (error) {
      this.say(errorMessage(error), 'problem');
    } finally {
      this.fitButton.disabled = this.text === null;
    }
  }

  private showReport(report: OpenPoseFitReport): void {
    const table = element('table', 'outputs-fit-table');
    const head = element('tr', '');
    head.append(element('th', '', 'Joint'), element('th', '', 'Error'));
    table.append(head);
    for (const joint of report.perJoint) {
      const row = element('tr', '');
      row.dataset.joint = joint.name;
      row.append(element('td', '', joint.name), element('td', 'outputs-fit-px', `${joint.errorPx.toFixed(1)} px`));
      table.append(row);
    }
    const flips = element('div', 'side-dialog-row outputs-flips');
    if (report.ambiguous.length > 0) flips.append(element('span', 'outputs-flip-note', 'Front or back cannot be told:'));
    for (const { limb, label } of report.ambiguous) {
      const button = toolButton(`openpose-flip-${limb}`, `Bend the ${label} the other way and fit again`, `Flip ${label}`);
      button.addEventListener('click', () => void this.show(() => this.host.flipLimb(limb)));
      flips.append(button);
    }
    this.report.replaceChildren(flips, table);
  }

  private say(text: string, kind: 'problem' | '' = ''): void {
    this.fileLine.textContent = text;
    if (kind === '') delete this.fileLine.dataset.kind;
    else this.fileLine.dataset.kind = kind;
  }
}
