// File ▸ Retarget…: a panel over the view's right side (the whole view on a
// phone) that puts another skeleton's motion onto the character on screen.
// From the top: the source (a built-in rig, or a BVH / glTF file with
// motion, and which of its clips), the options (rotation or IK, contact
// locks, the key rate, the reference pose both are calibrated in), the bone map (target bone | role | source bone,
// each row a drop-down; rows the problems name are flagged), the problems,
// after Apply the error report in numbers with a per-frame plot and the
// "source beside" toggle, and Apply with its status held at the foot. The view stays usable beside it: a result
// plays there with the source drawn next to the character. Names from files
// go in as text only. It redraws when the host changes, never per frame.
import { MAX_BONE_MAP_BYTES, parseBoneMapEntries } from '../rig/bone-map-entries.js';
import { errorMessage } from '../text/error-message.js';
import { fileSafeName } from '../text/file-safe-name.js';
import { shownName } from '../text/shown-name.js';
import { plural } from '../text/plural.js';
import { closeButton } from './close-button.js';
import { download } from './download.js';
import { RETARGET_REFERENCES, type RetargetDialogHost, type RetargetReference, type RetargetSummary } from './retarget-host.js';
import { RetargetPlot } from './retarget-plot.js';
import { toolButton, toolOption, toolSelect } from './tool-controls.js';

/** What a source file picker offers: motion files (glTF with its companions, BVH). */
const SOURCE_FILES = '.bvh,.glb,.gltf,.bin,.png,.jpg,.jpeg,.webp,model/gltf-binary,model/gltf+json';
/** The reference-pose choices as the menu says them. */
const REFERENCE_LABELS: Record<RetargetReference, string> = {
  'character-to-source': 'Character takes the source’s rest pose',
  'source-to-character': 'Source takes the character’s rest pose',
  rest: 'Both in their own rest poses',
};
/** Key rates offered; 0 keys the result where the source clip has keys. */
const KEY_RATES = [0, 24, 30, 60];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Whether a problem message names this bone (as a whole word, quoted or not). */
function names(problem: string, bone: string): boolean {
  const escaped = bone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w:.])${escaped}($|[^\\w:.])`).test(problem);
}

/** The report's numbers as label → text, in the order shown. */
export function reportLines(summary: RetargetSummary): [string, string, string][] {
  const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
  const cm = (v: number): string => `${(100 * v).toFixed(1)} cm`;
  return [
    ['mean-angle', 'Mean angle error', `${summary.meanAngle_deg.toFixed(1)}°`],
    ['max-angle', 'Max angle error', `${summary.maxAngle_deg.toFixed(1)}°`],
    ['mean-limb', 'Mean limb error', pct(summary.meanLimbError)],
    ['max-limb', 'Max limb error', pct(summary.maxLimbError)],
    ['foot-slide', 'Foot slide (L / R)', `${cm(summary.footSlide[0])} / ${cm(summary.footSlide[1])}`],
    ['contacts', 'Contact frames (L / R)', `${summary.contactFrames[0]} / ${summary.contactFrames[1]}`],
  ];
}

export class RetargetDialog {
  readonly element = element('div', 'side-dialog retarget-dialog');
  private readonly heading = element('h2', 'side-dialog-title');
  private readonly builtIn = toolSelect('retarget-builtin', 'A built-in rig with clips as the source', 'Built-in rig…');
  private readonly fileInput = document.createElement('input');
  private readonly mapInput = document.createElement('input');
  private readonly mapButtons = [
    toolButton('retarget-map-load', 'Put a bone map file (map.json: target bone → source bone, null: none) over the map, as npm run retarget -- --map takes it', 'Load…'),
    toolButton('retarget-map-save', 'Save the whole map as map.json, for another take or for npm run retarget -- --map', 'Save…'),
  ];
  private readonly clip = toolSelect('retarget-clip', 'The source clip to retarget', 'Clip…');
  private readonly sourceLine = element('p', 'retarget-source-line');
  private readonly modes: Record<'rotation' | 'ik', HTMLInputElement>;
  private readonly locks = document.createElement('input');
  private readonly keyRate = toolSelect('retarget-keys', 'Where the result has keys', 'Keys…');
  private readonly reference = toolSelect('retarget-reference', 'The reference pose both skeletons are calibrated in before rotations carry over (T- or A-pose)', 'Reference pose…');
  private readonly table = element('tbody', 'retarget-rows');
  private readonly problemList = element('ul', 'retarget-problems');
  private readonly applyButton = toolButton('retarget-apply', 'Retarget the source clip onto the character: the result becomes the timeline’s clip (undo puts the previous one back)', 'Apply');
  private readonly status = element('p', 'side-dialog-status retarget-status');
  /** Why Apply is disabled, beside it (the problems themselves are listed under the map). */
  private readonly blocked = element('p', 'retarget-blocked');
  private readonly report = element('section', 'retarget-report');
  private readonly reportTitle = element('h3', 'side-dialog-subtitle');
  private readonly numbers = element('dl', 'retarget-numbers');
  private readonly plot: RetargetPlot;
  private readonly showSource = document.createElement('input');
  private busy = false;

  constructor(parent: HTMLElement, private readonly host: RetargetDialogHost) {
    this.element.hidden = true;
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-label', 'Retarget a motion onto the character');
    const head = element('header', 'side-dialog-head');
    head.append(this.heading, closeButton('side-dialog-close', 'Close the retarget panel', () => this.close()));

    // Source.
    const source = element('section', 'side-dialog-section');
    source.append(element('h3', 'side-dialog-subtitle', 'Source'));
    this.builtIn.options[0].disabled = true;
    this.builtIn.append(...host.builtIns.map((b) => toolOption(b.name, b.name)));
    this.builtIn.addEventListener('change', () => this.run(() => host.useBuiltIn(this.builtIn.value)));
    this.fileInput.type = 'file';
    this.fileInput.multiple = true;
    this.fileInput.accept = SOURCE_FILES;
    this.fileInput.hidden = true;
    this.fileInput.setAttribute('aria-label', 'motion file to retarget');
    this.fileInput.addEventListener('change', () => {
      const files = Array.from(this.fileInput.files ?? []);
      this.fileInput.value = '';
      if (files.length > 0) void this.load(files);
    });
    const pick = toolButton('retarget-load', 'A BVH file, or a glTF/GLB with animations (with its .bin and textures)', 'BVH / glTF file…');
    pick.addEventListener('click', () => this.fileInput.click());
    this.clip.addEventListener('change', () => this.run(() => host.chooseClip(Number(this.clip.value))));
    const pickers = element('div', 'side-dialog-row');
    pickers.append(this.builtIn, pick, this.fileInput);
    source.append(pickers, this.clip, this.sourceLine);

    // Options.
    const options = element('section', 'side-dialog-section');
    options.append(element('h3', 'side-dialog-subtitle', 'Method'));
    const modeGroup = element('fieldset', 'skinning-toggle retarget-mode');
    const legend = element('legend', '', 'Retarget by');
    modeGroup.append(legend);
    const mode = (value: 'rotation' | 'ik', label: string, title: string): HTMLInputElement => {
      const wrapper = element('label', '');
      wrapper.title = title;
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'retarget-mode';
      input.value = value;
      input.dataset.action = `retarget-mode-${value}`;
      input.addEventListener('change', () => this.run(() => host.setOptions({ mode: value })));
      wrapper.append(input, element('span', '', label));
      modeGroup.append(wrapper);
      return input;
    };
    this.modes = {
      rotation: mode('rotation', 'Rotations', 'Rotation retargeting: each bone turns as its source bone turns from its reference pose'),
      ik: mode('ik', 'IK limbs', 'IK retargeting: hands, feet and head reach where the source’s do, scaled to the character’s limbs'),
    };
    const lockLabel = element('label', 'side-dialog-check');
    lockLabel.title = 'A foot that stands still in the source stays planted on the character (IK only)';
    this.locks.type = 'checkbox';
    this.locks.dataset.action = 'retarget-locks';
    this.locks.addEventListener('change', () => this.run(() => host.setOptions({ contactLocks: this.locks.checked })));
    lockLabel.append(this.locks, ' Contact locks');
    this.keyRate.options[0].disabled = true;
    this.keyRate.addEventListener('change', () => this.run(() => host.setOptions({ fps: Number(this.keyRate.value) })));
    this.reference.options[0].disabled = true;
    this.reference.append(...RETARGET_REFERENCES.map((r) => toolOption(r, REFERENCE_LABELS[r])));
    this.reference.addEventListener('change', () => this.run(() => host.setOptions({ reference: this.reference.value as RetargetReference })));
    const optionRow = element('div', 'side-dialog-row');
    optionRow.append(lockLabel, this.keyRate);
    const referenceRow = element('div', 'side-dialog-row');
    referenceRow.append(this.reference);
    options.append(modeGroup, optionRow, referenceRow);

    // The bone map.
    const map = element('section', 'side-dialog-section');
    const mapHead = element('div', 'side-dialog-row retarget-map-head');
    const auto = toolButton('retarget-automap', 'Map the bones again by their names', 'Auto-map');
    auto.addEventListener('click', () => this.run(() => host.autoMap()));
    this.mapInput.type = 'file';
    this.mapInput.accept = '.json,application/json';
    this.mapInput.hidden = true;
    this.mapInput.setAttribute('aria-label', 'bone map file');
    this.mapInput.addEventListener('change', () => {
      const file = this.mapInput.files?.[0];
      this.mapInput.value = '';
      if (file !== undefined) void this.loadMap(file);
    });
    const [loadMap, saveMap] = this.mapButtons;
    loadMap.addEventListener('click', () => this.mapInput.click());
    saveMap.addEventListener('click', () => this.saveMap());
    mapHead.append(element('h3', 'side-dialog-subtitle', 'Bone map'), auto, loadMap, saveMap, this.mapInput);
    const tableWrap = element('div', 'retarget-table-wrap');
    const table = element('table', 'retarget-table');
    const headRow = document.createElement('tr');
    for (const title of ['Target bone', 'Role', 'Source bone']) headRow.append(element('th', '', title));
    const thead = document.createElement('thead');
    thead.append(headRow);
    table.append(thead, this.table);
    tableWrap.append(table);
    const chainNote = element('p', 'retarget-note', 'A bone left unmapped between mapped ones (a longer spine) turns with the chain it sits in.');
    map.append(mapHead, tableWrap, chainNote, this.problemList);

    // Apply and the report.
    const actions = element('div', 'side-dialog-row side-dialog-actions');
    this.applyButton.classList.add('side-dialog-apply');
    this.applyButton.addEventListener('click', () => this.apply());
    actions.append(this.applyButton, this.blocked, this.status);
    this.report.hidden = true;
    const showLabel = element('label', 'side-dialog-check');
    showLabel.title = 'Draw the source skeleton beside the character while the result plays';
    this.showSource.type = 'checkbox';
    this.showSource.dataset.action = 'retarget-show-source';
    this.showSource.addEventListener('change', () => host.showSource(this.showSource.checked));
    showLabel.append(this.showSource, ' Show the source beside the character');
    this.report.append(this.reportTitle, this.numbers);
    this.plot = new RetargetPlot(this.report);
    this.report.append(showLabel);

    const body = element('div', 'side-dialog-body');
    // Apply last, held at the panel's foot: in reach however far the map or the report is scrolled.
    body.append(source, options, map, this.report, actions);
    this.element.append(head, body);
    parent.append(this.element);
    this.element.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        this.close();
        event.stopPropagation();
      }
    });
    host.onChange(() => {
      if (this.isOpen) this.render();
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows the panel; the first time, with the first built-in rig as the source, so that a map shows at once. */
  open(): void {
    this.element.hidden = false;
    this.status.textContent = '';
    const first = this.host.builtIns[0];
    if (this.host.source === null && first !== undefined) this.run(() => this.host.useBuiltIn(first.name));
    this.render();
  }

  close(): void {
    this.element.hidden = true;
  }

  /** The fraction of its parent's width, from the right, the panel covers (0 while closed). */
  coveredFraction(): number {
    const parent = this.element.parentElement;
    if (!this.isOpen || parent === null) return 0;
    const area = parent.getBoundingClientRect();
    return area.width > 0 ? Math.max(0, area.right - this.element.getBoundingClientRect().left) / area.width : 0;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  dispose(): void {
    this.plot.dispose();
    this.element.remove();
  }

  /** Runs a change the user asked for; what goes wrong shows in the status line. */
  private run(change: () => void): void {
    try {
      change();
      this.status.textContent = '';
      this.status.dataset.kind = '';
    } catch (error) {
      this.showProblem(errorMessage(error));
    }
  }

  private showProblem(message: string): void {
    this.status.textContent = message;
    this.status.dataset.kind = 'problem';
  }

  private async load(files: readonly File[]): Promise<void> {
    this.busy = true;
    this.status.dataset.kind = '';
    this.status.textContent = `Loading '${files[0].name}'…`;
    this.render();
    try {
      await this.host.loadFiles(files);
      this.status.textContent = '';
    } catch (error) {
      this.showProblem(`Could not use '${files[0].name}': ${errorMessage(error)}`);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async loadMap(file: File): Promise<void> {
    try {
      if (file.size > MAX_BONE_MAP_BYTES) throw new Error(`it is ${file.size} bytes, more than a bone map's ${MAX_BONE_MAP_BYTES}`);
      this.host.setMappingByName(parseBoneMapEntries(await file.text(), file.name));
      this.status.dataset.kind = 'note';
      this.status.textContent = `Bone map '${shownName(file.name)}' put over the map.`;
    } catch (error) {
      this.showProblem(`Could not use '${shownName(file.name)}': ${errorMessage(error).replace(/^Retarget: /, '')}`);
    }
    this.render();
  }

  private saveMap(): void {
    this.run(() => {
      const source = this.host.source;
      download(`${JSON.stringify(this.host.mapEntries(), null, 2)}\n`, 'application/json', `${fileSafeName((source?.name ?? '').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, ''), 'source')}-map.json`);
    });
  }

  private apply(): void {
    try {
      const summary = this.host.apply();
      // Space now plays (a focused button would take it and apply again).
      this.applyButton.blur();
      this.status.dataset.kind = 'note';
      this.status.textContent = `Applied: '${summary.clip}', ${plural(summary.frames, 'frame')}. Press Space to play; undo puts the previous clip back.`;
      this.report.scrollIntoView({ block: 'nearest' });
    } catch (error) {
      this.showProblem(errorMessage(error));
    }
  }

  private render(): void {
    const { host } = this;
    const source = host.source;
    this.heading.textContent = `Retarget onto ${host.targetName()}`;
    this.builtIn.value = source !== null && host.builtIns.some((b) => b.name === source.name) ? source.name : '';
    this.clip.replaceChildren(...(source?.clips ?? []).map((c, k) => toolOption(String(k), c.name)));
    this.clip.hidden = source === null;
    if (source !== null) {
      this.clip.value = String(host.clipChoice);
      const clip = source.clips[host.clipChoice];
      this.sourceLine.textContent = `${source.name}: ${plural(source.rig.boneNames.length, 'joint')}; '${clip.name}', ${clip.duration.toFixed(2)} s at ${Number(clip.fps.toFixed(2))} fps.`;
    } else {
      this.sourceLine.textContent = 'Pick a built-in rig, or a BVH / glTF file with motion.';
    }
    const { options } = host;
    this.modes[options.mode].checked = true;
    this.locks.checked = options.contactLocks;
    this.reference.value = options.reference;
    this.locks.disabled = options.mode !== 'ik';
    // A source's own rate (25 fps, say) joins the rates offered.
    const rates = KEY_RATES.includes(options.fps) ? KEY_RATES : [...KEY_RATES, options.fps].sort((a, b) => a - b);
    this.keyRate.replaceChildren(this.keyRate.options[0], ...rates.map((fps) => toolOption(String(fps), fps === 0 ? 'Keys at the source’s frames' : `Keys at ${Number(fps.toFixed(2))} fps`)));
    this.keyRate.value = String(options.fps);

    const problems = host.problems();
    this.renderRows(source?.rig.boneNames ?? [], problems);
    this.problemList.replaceChildren(...(source === null ? [] : problems).map((p) => element('li', '', p)));
    this.applyButton.disabled = this.busy || problems.length > 0;
    for (const button of this.mapButtons) button.disabled = this.busy || source === null;
    this.blocked.textContent = source !== null && problems.length > 0 ? `Apply waits for ${plural(problems.length, 'problem')} in the bone map (listed under it).` : '';

    const applied = host.applied;
    this.report.hidden = applied === null;
    if (applied !== null) {
      const { clip, mode, contactLocks, reference } = applied.summary;
      const how = [mode === 'ik' ? 'IK limbs' : 'rotations', ...(mode === 'ik' && contactLocks ? ['contact locks'] : []), ...(reference === 'character-to-source' ? [] : [REFERENCE_LABELS[reference].toLowerCase()])];
      this.reportTitle.textContent = `Error report: '${clip}' (${how.join(', ')})`;
      this.numbers.replaceChildren(
        ...reportLines(applied.summary).flatMap(([key, label, value]) => {
          const dd = element('dd', '', value);
          dd.dataset.value = key;
          return [element('dt', '', label), dd];
        }),
      );
      this.plot.show(applied.report);
      this.showSource.checked = host.sourceShown;
    }
  }

  /** One row per target bone; a row a problem names is flagged, an unmapped one dimmed. */
  private renderRows(sourceBones: readonly string[], problems: readonly string[]): void {
    const rows = this.host.rows();
    // The drop-down just used keeps the focus across the rebuild (keyboard users go on from it).
    const focused = this.table.contains(document.activeElement) ? (document.activeElement as HTMLSelectElement).name : null;
    this.table.replaceChildren(
      ...rows.map((row, b) => {
        const tr = document.createElement('tr');
        tr.dataset.bone = row.target;
        if (problems.some((p) => names(p, row.target))) tr.classList.add('retarget-flagged');
        else if (row.source === null) tr.classList.add('retarget-unmapped');
        const select = document.createElement('select');
        select.className = 'tool-select';
        select.name = `retarget-map-${b}`;
        select.setAttribute('aria-label', `source bone for ${row.target}`);
        select.append(toolOption('-1', '— none —'), ...sourceBones.map((name, s) => toolOption(String(s), name)));
        select.value = row.source === null ? '-1' : String(sourceBones.indexOf(row.source));
        select.disabled = sourceBones.length === 0;
        select.addEventListener('change', () => this.run(() => this.host.setMapping(b, Number(select.value))));
        const source = document.createElement('td');
        source.append(select);
        tr.append(element('td', 'retarget-bone', row.target), element('td', 'retarget-role', row.role ?? '—'), source);
        return tr;
      }),
    );
    if (focused !== null) this.table.querySelector<HTMLSelectElement>(`select[name="${focused}"]`)?.focus();
  }
}
