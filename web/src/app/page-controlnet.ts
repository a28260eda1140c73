// File ▸ Export for ControlNet… on the page: the outputs (page-outputs.ts)
// over the page's passes, and their dialog where the page has an editor's
// controls (not in an embedded view).
import { ControlNetDialog } from '../ui/controlnet-dialog.js';
import { OpenPoseImport } from './openpose-import.js';
import { PageOutputs } from './page-outputs.js';
import { type PagePasses, type PassesPage, pagePasses } from './page-passes.js';
import type { TimelineModel } from '../animation/timeline-model.js';

export class PageControlNet {
  readonly outputs: PageOutputs;
  readonly passes: PagePasses;
  readonly dialog: ControlNetDialog | null;

  constructor(page: PassesPage & { timeline: TimelineModel }, dialogParent: HTMLElement | null) {
    const { editor, timeline, camera, view } = page;
    const nextFrame = (): Promise<void> => view.nextFrame();
    this.passes = pagePasses(page);
    this.outputs = new PageOutputs({ editor, timeline, camera, passes: this.passes, nextFrame, openPose: new OpenPoseImport(editor, nextFrame) });
    this.dialog = dialogParent === null ? null : new ControlNetDialog(dialogParent, this.outputs);
  }

  toggle(): void {
    this.dialog?.toggle();
  }

  /** Opens the dialog at its OpenPose import and asks for the file. */
  importOpenPose(): void {
    if (this.dialog === null) return;
    if (!this.dialog.isOpen) this.dialog.open();
    this.dialog.importSection.pickFile();
  }

  /** As a fresh page has it: the dialog closed. */
  reset(): void {
    this.dialog?.close();
  }

  dispose(): void {
    this.dialog?.dispose();
  }
}
