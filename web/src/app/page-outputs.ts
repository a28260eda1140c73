// The outputs image pipelines take (File ▸ Export for ControlNet…, and
// kin.renderPass / kin.openPose): each pass through the render camera at its
// picture's size — or a smaller one for the dialog's previews — as PNG, the
// OpenPose keypoints as their JSON; one picture, the clip frame by frame, or
// a turnaround sheet around the active character.
//
// A sequence shows each frame on the page (the timeline goes to its time and
// a frame is drawn, so the meshes hold that pose) and waits a frame between
// pictures, so the page stays responsive and Cancel is heard; afterwards the
// pose and the time are put back as they were, cancelled or not, and a
// cancelled run writes nothing.
import type { PoseEditor } from '../posing/pose-editor.js';
import type { TimelineModel } from '../animation/timeline-model.js';
import { zipOutputs, type OutputFile } from '../outputs/output-zip.js';
import { drawOpenPose } from '../outputs/openpose-image.js';
import { openPoseJson, type OpenPoseDocument } from '../outputs/openpose-json.js';
import { type DepthImage, type PassPixels, depthPicture } from '../outputs/pass-images.js';
import { frameFileName, sequenceFrames } from '../outputs/sequence-frames.js';
import { type CameraPlace, composeSheet, sheetGrid, turnaroundPlaces } from '../outputs/turnaround.js';
import { fileSafeName } from '../text/file-safe-name.js';
import type { PassMask } from '../three/pass-render.js';
import type { PictureView } from '../three/render-camera-three.js';
import { verticalFov } from '../scene/render-camera.js';
import type { ControlNetHost, OpenPoseFitReport, OpenPoseLayout, OutputFileBlob, OutputOptions, OutputRun, PicturePass } from '../ui/controlnet-host.js';
import { picturePng } from '../ui/picture-png.js';
import type { PageCamera } from './page-camera.js';
import type { PagePasses } from './page-passes.js';
import { type KeypointOptions, SceneKeypoints, pointCounts } from './scene-keypoints.js';
import type { OpenPoseImport } from './openpose-import.js';

/** The widest turnaround sheet written: 4 views of 1024 px side by side. */
const MAX_SHEET_WIDTH = 4096;

function abortError(): DOMException {
  return new DOMException('the export was cancelled', 'AbortError');
}

/** Runs `make` for each chosen pass in turn, telling the progress after each and stopping when cancelled. */
async function eachPass(options: OutputOptions, progress: (done: number, total: number) => void, signal: AbortSignal, make: (pass: OutputOptions['passes'][number]) => Promise<void>): Promise<void> {
  let done = 0;
  for (const pass of options.passes) {
    if (signal.aborted) throw abortError();
    await make(pass);
    progress(++done, options.passes.length);
  }
}

export interface PageOutputParts {
  editor: PoseEditor;
  timeline: TimelineModel;
  camera: PageCamera;
  passes: PagePasses;
  /** Resolves once a frame showing every change before it is drawn. */
  nextFrame(): Promise<void>;
  openPose: OpenPoseImport;
}

export class PageOutputs implements ControlNetHost {
  readonly keypoints: SceneKeypoints;

  constructor(private readonly parts: PageOutputParts) {
    this.keypoints = new SceneKeypoints(() => parts.editor.scene.characters, (view) => parts.passes.renderer.depthImage(view));
  }

  /** The render camera's view, at its picture's size or scaled to fit `maxSide`, from its own place or `place`. */
  view(maxSide = Infinity, place?: CameraPlace): PictureView {
    const state = this.parts.camera.camera.state;
    const scale = Math.min(1, maxSide / Math.max(state.width, state.height));
    return {
      position: place?.position ?? state.position,
      target: place?.target ?? state.target,
      verticalFov: verticalFov(state),
      width: Math.max(1, Math.round(state.width * scale)),
      height: Math.max(1, Math.round(state.height * scale)),
    };
  }

  pictureSize(): { width: number; height: number } {
    const { width, height } = this.parts.camera.camera.state;
    return { width, height };
  }

  /** The OpenPose JSON of the scene through `view` (hidden points judged by `depth`, the depth pass of `view`, when given). */
  openPose(view: PictureView, layout: OpenPoseLayout, options: KeypointOptions, depth?: DepthImage): OpenPoseDocument {
    return openPoseJson(this.keypoints.people(view, options, depth).people, view.width, view.height, layout);
  }

  /**
   * One pass's picture through `view`; a mask of 'characters' unless told
   * which. The skeleton's sticks and dots are the annotator's pixel sizes at
   * the picture's size, scaled down with it in a smaller view (a preview).
   * `depth`, the depth pass of `view` if drawn already, serves the depth
   * picture and the keypoints' visibility.
   */
  picture(pass: PicturePass, view: PictureView, options: KeypointOptions, mask: PassMask = 'characters', depth?: DepthImage): PassPixels {
    if (pass === 'depth' && depth !== undefined) return depthPicture(depth);
    if (pass !== 'openpose') return this.parts.passes.drawn(pass, view, mask);
    const { people } = this.keypoints.people(view, options, depth);
    const scale = Math.min(1, view.width / this.pictureSize().width);
    return { width: view.width, height: view.height, data: drawOpenPose(people, view.width, view.height, { keepHidden: options.keepHidden, scale }) as Uint8ClampedArray<ArrayBuffer> };
  }

  png(pixels: PassPixels): Promise<Blob> {
    return picturePng(pixels, { background: 'transparent', reference: null });
  }

  sequenceLength(every: number): number {
    const { clip, loop } = this.parts.timeline;
    if (clip.channels.length === 0) return 0;
    return sequenceFrames(clip.duration, clip.fps, loop, every).length;
  }

  async preview(pass: PicturePass, options: OutputOptions, maxSide: number): Promise<Blob> {
    await this.parts.nextFrame();
    return this.png(this.picture(pass, this.view(maxSide), options));
  }

  keypointSummary(options: OutputOptions): string {
    const { people, without } = this.keypoints.people(this.view(512), options);
    const { seen, hidden } = pointCounts(people);
    const parts = [`${people.length} ${people.length === 1 ? 'person' : 'people'}`];
    if (people.length > 0) parts.push(options.keepHidden ? `${seen + hidden} points, hidden ones kept` : `${seen} points seen, ${hidden} hidden or off the picture`);
    if (people.some((person) => person.estimated)) parts.push('face and feet estimated from the bones of a loaded character');
    for (const { name, message } of without) parts.push(`${name}: ${message}`);
    return `${parts.join(' · ')}.`;
  }

  async export(options: OutputOptions, run: OutputRun, progress: (done: number, total: number) => void, signal: AbortSignal): Promise<OutputFileBlob> {
    if (options.passes.length === 0) throw new Error('outputs: choose at least one pass');
    const base = fileSafeName(this.parts.editor.active.name, 'character');
    // A frame first: every character's pose and placement uploaded, as the view would draw them now.
    await this.parts.nextFrame();
    const files = run.kind === 'sequence' ? await this.sequenceFiles(options, run.every, progress, signal) : run.kind === 'turnaround' ? await this.turnaroundFiles(options, run.views, progress, signal) : await this.stillFiles(options, this.view(), '', progress, signal);
    if (signal.aborted) throw abortError();
    if (files.length === 1 && run.kind === 'still') {
      const [file] = files;
      const type = typeof file.bytes === 'string' ? 'application/json' : 'image/png';
      return { name: `${base}-${file.name}`, blob: new Blob([file.bytes as BlobPart], { type }) };
    }
    const suffix = run.kind === 'sequence' ? 'sequence' : run.kind === 'turnaround' ? `turnaround-${run.views}` : 'controlnet';
    return { name: `${base}-${suffix}.zip`, blob: new Blob([zipOutputs(files)], { type: 'application/zip' }) };
  }

  /** Every chosen pass of one picture through `view`, each named `prefix` + the pass (a mask per character and one for the props). */
  private async stillFiles(options: OutputOptions, view: PictureView, prefix: string, progress: (done: number, total: number) => void, signal: AbortSignal, nameOf = (pass: string, ext: string) => `${prefix}${pass}.${ext}`): Promise<OutputFile[]> {
    const files: OutputFile[] = [];
    // One depth pass for the keypoints' visibility and the depth picture.
    let depth: DepthImage | undefined;
    const depthOfView = (): DepthImage => (depth ??= this.parts.passes.renderer.depthImage(view));
    await eachPass(options, progress, signal, async (pass) => {
      if (pass === 'openpose-json') {
        files.push({ name: nameOf('openpose', 'json'), bytes: JSON.stringify(this.openPose(view, options.layout, options, options.keepHidden ? undefined : depthOfView())) });
      } else if (pass === 'mask') {
        for (const character of this.parts.editor.scene.characters) {
          if (character.hidden) continue;
          files.push({ name: nameOf(`mask-${fileSafeName(character.name, String(character.id))}`, 'png'), bytes: await this.pngBytes(this.picture('mask', view, options, { character: character.id })) });
        }
        if (this.parts.editor.scene.props.all.length > 0) files.push({ name: nameOf('mask-props', 'png'), bytes: await this.pngBytes(this.picture('mask', view, options, 'props')) });
      } else {
        const shared = pass === 'depth' || (pass === 'openpose' && !options.keepHidden) ? depthOfView() : undefined;
        files.push({ name: nameOf(pass, 'png'), bytes: await this.pngBytes(this.picture(pass, view, options, 'characters', shared)) });
      }
    });
    return files;
  }

  private async sequenceFiles(options: OutputOptions, every: number, progress: (done: number, total: number) => void, signal: AbortSignal): Promise<OutputFile[]> {
    const { timeline, editor, nextFrame } = this.parts;
    const { clip, loop } = timeline;
    if (clip.channels.length === 0) throw new Error('outputs: the timeline’s clip has no keys: key a pose first, or load a clip');
    const frames = sequenceFrames(clip.duration, clip.fps, loop, every);
    const lastFrame = frames[frames.length - 1].frame;
    const rig = editor.session.rig;
    const pose = Float32Array.from(rig.pose());
    const root = rig.rootOffset;
    const time = timeline.time;
    timeline.pause();
    const files: OutputFile[] = [];
    try {
      for (const [i, { frame, time_s }] of frames.entries()) {
        if (signal.aborted) throw abortError();
        timeline.setTime(time_s);
        await nextFrame();
        if (signal.aborted) throw abortError();
        const view = this.view();
        files.push(...(await this.stillFiles(options, view, '', () => {}, signal, (pass, ext) => frameFileName(pass, frame, lastFrame, ext))));
        progress(i + 1, frames.length);
      }
    } finally {
      timeline.setTime(time);
      editor.session.placePose(pose, root);
      await nextFrame();
    }
    return files;
  }

  private async turnaroundFiles(options: OutputOptions, views: 4 | 8, progress: (done: number, total: number) => void, signal: AbortSignal): Promise<OutputFile[]> {
    const { transform } = this.parts.editor.active;
    const rig = this.parts.editor.session.rig;
    // The vertical line through the hips (the root bone without a hips role), in the world.
    const hips = 16 * Math.max(0, rig.roleBones()[0]);
    const model = rig.modelMatrices();
    const c = Math.cos(transform.heading);
    const s = Math.sin(transform.heading);
    const centerX = transform.x + c * model[hips + 12] + s * model[hips + 14];
    const centerZ = transform.z - s * model[hips + 12] + c * model[hips + 14];
    const places = turnaroundPlaces(this.parts.camera.camera.state, centerX, centerZ, views);
    const { columns } = sheetGrid(views);
    const { width, height } = this.pictureSize();
    const cellSide = Math.max(width, height) * Math.min(1, MAX_SHEET_WIDTH / (columns * width));
    const files: OutputFile[] = [];
    await eachPass(options, progress, signal, async (pass) => {
      if (pass === 'openpose-json') {
        places.forEach((place, i) => files.push({ name: `openpose/view_${i + 1}.json`, bytes: JSON.stringify(this.openPose(this.view(cellSide, place), options.layout, options)) }));
        return;
      }
      const cells: PassPixels[] = [];
      for (const place of places) {
        cells.push(this.picture(pass, this.view(cellSide, place), options));
        // The page draws between views, and hears Cancel.
        await this.parts.nextFrame();
        if (signal.aborted) throw abortError();
      }
      files.push({ name: `${pass}-sheet.png`, bytes: await this.pngBytes(composeSheet(cells, columns)) });
    });
    return files;
  }

  private async pngBytes(pixels: PassPixels): Promise<Uint8Array> {
    return new Uint8Array(await (await this.png(pixels)).arrayBuffer());
  }

  openPosePeople(text: string): number {
    return this.parts.openPose.people(text);
  }

  importOpenPose(text: string, person: number): Promise<OpenPoseFitReport> {
    return this.parts.openPose.fit(text, person, this.parts.camera.camera.state);
  }

  flipLimb(limb: string): Promise<OpenPoseFitReport> {
    return this.parts.openPose.flip(limb);
  }
}
