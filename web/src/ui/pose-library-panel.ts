// The pose library in the tools column, below Pose (for characters with the
// default character's body, or bones that map onto it by role; hidden for the
// others): a category to browse,
// the poses as thumbnails the page draws, how to apply one (the whole body,
// the upper or lower body, the hands; mirrored; a blend from the current
// pose), Save pose (name, category) into the user's library, rename and
// delete for the user's own, and Export / Import of the user's library as a
// file. Applying is one undo step; moving the blend after a pose was applied
// replaces that step (as long as nothing else was done since).
import type { PoseEditor } from '../posing/pose-editor.js';
import { type LibraryPose, POSE_CATEGORIES, POSE_PARTS, type PosePart, applyLibraryPose } from '../posing/pose-library.js';
import type { PoseLibrary } from '../posing/user-poses.js';
import { download } from './download.js';
import { drawPoseThumbnail } from './pose-thumbnail.js';
import { ProblemLine } from './problem-line.js';
import { panelButton, toolOption } from './tool-controls.js';

const PART_LABELS: Readonly<Record<PosePart, string>> = { whole: 'Whole body', upper: 'Upper body', lower: 'Lower body', hands: 'Hands' };
const MINE = 'mine';
const THUMBNAIL = { width: 72, height: 84 };

const capitalised = (text: string): string => text[0].toUpperCase() + text.slice(1);

export class PoseLibraryPanel {
  readonly element = document.createElement('details');
  private readonly count = document.createElement('span');
  private readonly category = document.createElement('select');
  private readonly grid = document.createElement('div');
  private readonly part = document.createElement('select');
  private readonly mirror = document.createElement('input');
  private readonly blend = document.createElement('input');
  private readonly blendValue = document.createElement('span');
  private readonly saveName = document.createElement('input');
  private readonly saveCategory = document.createElement('select');
  private readonly importInput = document.createElement('input');
  private readonly problem = new ProblemLine('panel-problem library-problem');
  private readonly stopListening: () => void;
  /** The last pose applied and the undo depth right after: a blend moved then replaces that step. */
  private lastApplied: { pose: LibraryPose; depth: number } | null = null;

  constructor(private readonly editor: PoseEditor, private readonly library: PoseLibrary) {
    this.element.className = 'pose-library tool-section';
    const summary = document.createElement('summary');
    summary.className = 'tool-heading';
    summary.textContent = 'Library ';
    this.count.className = 'pose-library-count';
    summary.append(this.count);

    this.category.name = 'library-category';
    this.category.className = 'tool-select';
    this.category.setAttribute('aria-label', 'pose category');
    this.category.append(toolOption('all', 'All poses'), ...POSE_CATEGORIES.map((c) => toolOption(c, capitalised(c))), toolOption(MINE, 'My poses'));
    this.category.addEventListener('change', () => this.show());
    this.grid.className = 'pose-library-grid';

    this.part.name = 'library-part';
    this.part.className = 'tool-select';
    this.part.setAttribute('aria-label', 'apply to');
    this.part.append(...POSE_PARTS.map((p) => toolOption(p, PART_LABELS[p])));
    const mirrorRow = document.createElement('label');
    mirrorRow.className = 'pose-library-check';
    this.mirror.type = 'checkbox';
    this.mirror.name = 'library-mirror';
    mirrorRow.append(this.mirror, document.createTextNode('mirrored'));
    const blendRow = document.createElement('label');
    blendRow.className = 'pose-library-blend';
    blendRow.title = 'How far from the current pose to the library pose: 0 % keeps the current pose, 100 % takes the library’s';
    this.blend.type = 'range';
    this.blend.name = 'library-blend';
    this.blend.min = '0';
    this.blend.max = '1';
    this.blend.step = '0.01';
    this.blend.value = '1';
    this.blendValue.textContent = '100%';
    blendRow.append(document.createTextNode('blend'), this.blend, this.blendValue);
    this.blend.addEventListener('input', this.onBlend);

    const save = document.createElement('div');
    save.className = 'pose-library-save';
    this.saveName.name = 'pose-name';
    this.saveName.placeholder = 'Name of this pose';
    this.saveName.maxLength = 80;
    this.saveName.setAttribute('aria-label', 'name of the pose to save');
    this.saveCategory.name = 'pose-category';
    this.saveCategory.className = 'tool-select';
    this.saveCategory.setAttribute('aria-label', 'category of the pose to save');
    this.saveCategory.append(...POSE_CATEGORIES.map((c) => toolOption(c, capitalised(c))));
    const saveButton = panelButton('save-pose', 'Save pose', 'Keep the pose on screen in your library (in this browser)');
    saveButton.addEventListener('click', () => void this.save());
    save.append(this.saveName, this.saveCategory, saveButton);

    const files = document.createElement('div');
    files.className = 'tool-group';
    const exportButton = panelButton('export-library', 'Export…', 'Download your poses as a library file');
    exportButton.addEventListener('click', () => download(this.library.exportText(), 'application/json', 'kin-pose-library.json'));
    const importButton = panelButton('import-library', 'Import…', 'Add the poses of a library file to yours');
    this.importInput.type = 'file';
    this.importInput.accept = '.json,application/json';
    this.importInput.hidden = true;
    this.importInput.name = 'import-library-file';
    importButton.addEventListener('click', () => this.importInput.click());
    this.importInput.addEventListener('change', () => void this.importFile());
    files.append(exportButton, importButton, this.importInput);

    const body = document.createElement('div');
    body.className = 'pose-library-body';
    body.append(this.category, this.grid, this.part, mirrorRow, blendRow, save, files, this.problem.element);
    this.element.append(summary, body);
    this.element.addEventListener('toggle', () => this.show());
    this.stopListening = library.onChange(() => this.show());
  }

  dispose(): void {
    this.stopListening();
  }

  /** As the page opens: folded, every pose, the whole body, not mirrored, blended fully, nothing typed. */
  reset(): void {
    this.element.open = false;
    this.category.value = 'all';
    this.part.value = 'whole';
    this.mirror.checked = false;
    this.blend.value = '1';
    this.blendValue.textContent = '100%';
    this.saveName.value = '';
    this.saveCategory.selectedIndex = 0;
    this.lastApplied = null;
    this.problem.show(null);
    this.grid.replaceChildren();
  }

  /** Called with every frame: hidden for a character without the default body; the problem of a store that did not load, once. */
  refresh(): void {
    const fits = this.library.fits(this.editor.session.rig);
    if (this.element.hidden === fits) {
      this.element.hidden = !fits;
      this.show();
    }
    if (this.library.loadProblem !== null) {
      this.problem.show(this.library.loadProblem);
      this.library.loadProblem = null;
    }
  }

  /** Builds the grid anew for the category chosen (only while open: thumbnails are drawn then). */
  private show(): void {
    const poses = this.library.poses();
    this.count.textContent = `${poses.length} poses`;
    if (!this.element.open || this.element.hidden) return;
    const chosen = this.category.value;
    const shown = poses.filter((pose) => chosen === 'all' || (chosen === MINE ? !pose.builtIn : pose.category === chosen));
    const rig = this.library.thumbnailRig(this.editor.session.rig);
    this.grid.replaceChildren(...shown.map((pose) => this.item(pose, rig)));
    if (shown.length === 0) {
      const empty = document.createElement('p');
      empty.className = 'tool-note';
      empty.textContent = chosen === MINE ? 'No poses of yours yet: pose the character, name the pose below and Save pose.' : 'No poses here.';
      this.grid.append(empty);
    }
  }

  private item(pose: LibraryPose, rig: PoseEditor['session']['rig']): HTMLElement {
    const item = document.createElement('div');
    item.className = 'pose-library-item';
    item.dataset.pose = pose.id;
    const apply = document.createElement('button');
    apply.type = 'button';
    apply.className = 'pose-library-apply';
    apply.title = `${pose.name} (${pose.category}): apply`;
    const canvas = document.createElement('canvas');
    canvas.width = THUMBNAIL.width;
    canvas.height = THUMBNAIL.height;
    drawPoseThumbnail(canvas, rig, pose);
    const label = document.createElement('span');
    label.className = 'pose-library-name';
    label.textContent = pose.name;
    apply.append(canvas, label);
    apply.addEventListener('click', () => this.apply(pose));
    item.append(apply);
    if (!pose.builtIn) {
      const rename = panelButton('rename-pose', '✎', `Rename ${pose.name}`);
      rename.addEventListener('click', () => this.startRename(item, pose));
      const remove = panelButton('delete-pose', '×', `Delete ${pose.name} from your library`);
      remove.addEventListener('click', () => void this.problem.runAsync(() => this.library.remove(pose.id)));
      const tools = document.createElement('div');
      tools.className = 'pose-library-item-tools';
      tools.append(rename, remove);
      item.append(tools);
    }
    return item;
  }

  private startRename(item: HTMLElement, pose: LibraryPose): void {
    const input = document.createElement('input');
    input.name = 'rename-pose-name';
    input.value = pose.name;
    input.maxLength = 80;
    input.setAttribute('aria-label', `new name for ${pose.name}`);
    const done = (keep: boolean) => {
      if (keep && input.value.trim() !== pose.name) void this.problem.runAsync(() => this.library.rename(pose.id, input.value));
      else this.show();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') done(true);
      if (event.key === 'Escape') done(false);
    });
    input.addEventListener('blur', () => done(true), { once: true });
    item.querySelector('.pose-library-name')?.replaceWith(input);
    input.focus();
    input.select();
  }

  private apply(pose: LibraryPose): void {
    this.problem.run(() => {
      applyLibraryPose(this.editor, pose, { part: this.part.value as PosePart, mirror: this.mirror.checked, blend: this.blend.valueAsNumber }, this.library.carry);
      this.lastApplied = { pose, depth: this.editor.undo.depths.undo };
    });
  }

  private readonly onBlend = (): void => {
    this.blendValue.textContent = `${Math.round(this.blend.valueAsNumber * 100)}%`;
    const last = this.lastApplied;
    if (last === null) return;
    // Nothing done since the pose was applied: the blend replaces that step.
    if (this.editor.undo.depths.undo === last.depth) this.editor.undo.undo();
    this.apply(last.pose);
  };

  private async save(): Promise<void> {
    await this.problem.runAsync(async () => {
      await this.library.save(this.editor.session.rig, this.saveName.value, this.saveCategory.value as LibraryPose['category']);
      this.saveName.value = '';
    });
  }

  private async importFile(): Promise<void> {
    const file = this.importInput.files?.[0];
    this.importInput.value = '';
    if (!file) return;
    await this.problem.runAsync(async () => {
      const count = await this.library.importText(await file.text());
      this.problem.show(`Imported ${count} pose${count === 1 ? '' : 's'} from ${file.name}.`);
    });
  }
}
