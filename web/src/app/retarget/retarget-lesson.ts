// The retargeting lesson (lessons/long-legs-lesson.ts) on the page: when
// the long-legged rig is shown with no clip of its own yet (not a share
// link's), the default character's walk is retargeted onto it twice through
// the retarget controller — with rotations, then with IK limbs and contact
// locks — and the IK result plays on the skinned body while the rotation
// result plays as orange bones on its other side, the source walking in
// green beside it; the card shows both reports' numbers. The two results
// are what the lesson shows, not edits: undo starts after them.
import type { ClipData } from '../../animation/clip.js';
import type { TimelineModel } from '../../animation/timeline-model.js';
import { lessonEntry } from '../../lessons/lessons.js';
import type { PoseEditor } from '../../posing/pose-editor.js';
import { Rig } from '../../rig/rig.js';
import type { RetargetLessonCard } from '../../ui/retarget-lesson-card.js';
import type { KinModule } from '../../wasm/generated/kin.js';
import type { PosingView } from '../posing-view.js';
import { BESIDE_GAP, SkeletonBeside, jointExtent } from './retarget-beside.js';
import type { RetargetController } from './retarget-controller.js';
import { framePoints } from './retarget-framing.js';
import { DEFAULT_SOURCE_NAME } from './retarget-sources.js';
import { Change } from '../../scene/scene-change.js';

const RETARGET_LESSON = 'retarget';
/** The source of the lesson: the default character's walk. */
const SOURCE_CLIP = 'Walk cycle';
const ROTATION_COLOR = 0xf0a35a;
const LESSON_FPS = 30;
/** Room around the three figures' joints when framing them, in target heights. */
const FRAME_PADDING = 0.15;

export class RetargetLesson {
  private rotationRig: Rig | null = null;
  private readonly rotation: SkeletonBeside;
  private ikClip: ClipData | null = null;
  /** Set when the retarget lesson came on screen, until it starts: another character meanwhile clears it. */
  private startWanted = false;
  private stopListening: () => void;

  constructor(
    private readonly module: KinModule,
    private readonly editor: PoseEditor,
    private readonly timeline: TimelineModel,
    private readonly retarget: RetargetController,
    private readonly view: PosingView,
    private readonly card: RetargetLessonCard,
  ) {
    this.rotation = new SkeletonBeside(view.viewport.scene, ROTATION_COLOR);
    // Runs on every change, a drag's every move included: it captures nothing, so it allocates nothing.
    this.stopListening = editor.onChange((changes) => {
      if ((changes & (Change.CHARACTER | Change.ACTIVE)) !== 0) this.characterChanged();
    });
  }

  /** Another character on screen: the lesson's clip goes; the retarget lesson starts on its rig. */
  private characterChanged(): void {
    this.stop();
    const { source } = this.editor;
    this.startWanted = source.kind === 'lesson' && source.id === RETARGET_LESSON;
    // After the swap has finished (the view shows the new character), and only if no link gave it a clip meanwhile.
    if (this.startWanted) queueMicrotask(() => this.start());
  }

  /** Called with every frame: the rotation result's bones at the timeline's time, while the lesson's clip is shown. */
  update(): void {
    if (this.rotationRig !== null) this.rotation.update(this.editor.clip === this.ikClip, this.timeline.time, this.timeline.loopMode);
  }

  dispose(): void {
    this.stopListening();
    this.stop();
  }

  private start(): void {
    const { editor, retarget } = this;
    if (!this.startWanted) return;
    this.startWanted = false;
    if (editor.clip.channels.length > 0) return;
    retarget.useBuiltIn(DEFAULT_SOURCE_NAME, SOURCE_CLIP);
    // Keys at 30 fps: the walk's own keys (8 a second, Catmull-Rom) would play as jerky straight lines.
    retarget.setOptions({ mode: 'rotation', fps: LESSON_FPS });
    const rotation = retarget.apply();
    const rotationClip = editor.clip;
    retarget.setOptions({ mode: 'ik', contactLocks: true });
    const ik = retarget.apply();
    this.ikClip = editor.clip;
    editor.undo.clear();

    const target = editor.session.rig;
    const rig = Rig.create(this.module, lessonEntry(RETARGET_LESSON).build(this.module).bones);
    rig.clips.setClip(rotationClip);
    this.rotationRig = rig;
    const rotationJoints = this.rotation.place(rig, target, 1);
    // All three in view: the source on the left, the result skinned in the middle, the rotation result on the right.
    const body = jointExtent(target.bindMatrices(), target.boneCount);
    const height = body.high - body.low;
    // The source (shorter) stands within the character's outline moved to its side.
    const source = body.points.map((p) => p.clone().setX(p.x - BESIDE_GAP * height));
    framePoints(this.view.viewport, [...source, ...body.points, ...rotationJoints], FRAME_PADDING * height, retarget.viewCovered());
    this.card.show(ik, rotation);
    this.timeline.play();
  }

  private stop(): void {
    this.rotation.dispose();
    this.rotationRig?.dispose();
    this.rotationRig = null;
    this.ikClip = null;
    this.card.hide();
  }
}
