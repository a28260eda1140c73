// kin.idle(): waits until the page has drawn a frame and has nothing left
// to do by itself — no frame asked for (a camera easing out, springs
// swinging, a clip playing), no solve in the background thread, no load, no
// share link due in the address bar — so that a script (a test) can read or
// photograph a page at rest instead of sleeping for a guessed while. What
// waits for the user (a held pointer, a dialog's question) is not pending.
import type { TimelineModel } from '../animation/timeline-model.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import type { PageLinks } from '../share/page-links.js';
import type { FrameScheduler } from '../three/frame-scheduler.js';
import type { PageModels } from '../ui/page-models.js';
import type { PosingView } from './posing-view.js';

/** What the page's work is read from. */
export interface IdleSources {
  scheduler: FrameScheduler;
  editor: PoseEditor;
  timeline: TimelineModel;
  view: PosingView;
  models: PageModels;
  links: PageLinks;
}

/** What the page still does by itself, named (empty: nothing). */
export function pendingWork({ scheduler, editor, timeline, models, links }: IdleSources): string[] {
  const pending: string[] = [];
  if (scheduler.waiting) pending.push(timeline.playing ? 'a clip playing' : 'frames (the camera easing out, springs swinging)');
  if (editor.backgroundSolve?.busy === true) pending.push('a solve in the background thread');
  if (models.loader.loading) pending.push('a model load');
  if (links.writePending) pending.push('the share link due in the address bar');
  return pending;
}

/** Resolves once a frame is drawn and then nothing is pending; rejects naming what still is after `timeoutMillis`. */
export async function whenIdle(sources: IdleSources, timeoutMillis: number): Promise<void> {
  const startedMillis = performance.now();
  await sources.view.nextFrame();
  for (;;) {
    const pending = pendingWork(sources);
    if (pending.length === 0) return;
    if (performance.now() - startedMillis > timeoutMillis) throw new Error(`kin: still busy after ${timeoutMillis} ms: ${pending.join(', ')}`);
    // The browser's next frame: a frame the page asked for is drawn by then, and no frame is asked for here.
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
