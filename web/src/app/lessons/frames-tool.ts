// Spaces and axes on the page (lesson tool 'frames'): every bone's frame as
// RGB axes (pose solid, bind faded), the chosen bone's B_j, P_j and
// P_j·B_j⁻¹ (the palette entry skinning applies), and sliders for its
// convention's parameters (rebuild the rig on release, the pose kept), the
// base offset and its three Euler angles (live; a drag is one undo step).
import type { LessonSettings, SettingsReader } from '../../lessons/lesson-settings.js';
import type { Vec3Tuple } from '../../rig/rig-desc.js';
import { slotAxes } from '../../ui/bone-panel.js';
import { FramesPanel, type SliderSpec } from '../../ui/frames-panel.js';
import { BoneFrames } from '../../three/bone-frames.js';
import { type ConventionSliders, axesFromBoneSliders, canonicalSliders } from './convention-sliders.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';
import { ChangeFlag } from '../../scene/change-flag.js';
import { Change } from '../../scene/scene-change.js';

const AXIS_LENGTH_M = 0.12;
const OFFSET_REACH = 0.5;
/** Parameters closer than this to the lesson's start are its start (a rest angle goes through a quaternion and back). */
const SAME_PARAMETER = 1e-9;

/** A bone's parameter as a setting's name: the slider's key and the bone ('extent-0.1', 'roll.2'). */
const settingKey = (key: string, bone: number): string => `${key}.${bone}`;

export class FramesTool implements LessonTool {
  private readonly panel: FramesPanel;
  private readonly frames: BoneFrames;
  private readonly jointFrames: Float32Array;
  private readonly params: ConventionSliders;
  /** The lesson's own parameters, which a share link leaves out. */
  private readonly startParams: ConventionSliders;
  private readonly firstBone: number;
  private bone: number;
  private gesture = false;
  private readonly posed: ChangeFlag;

  constructor(private readonly context: LessonToolContext, lessonId: string) {
    this.posed = new ChangeFlag(context.editor, Change.POSE);
    const { rig } = context.editor.session;
    this.startParams = lessonId === 'canonical' ? canonicalSliders() : axesFromBoneSliders();
    this.params = (context.memory.get('params') as ConventionSliders | undefined) ?? this.startParams;
    // Back in the pose it had before a rebuild.
    const kept = context.memory.get('pose') as { angles: Float32Array; offset: Vec3Tuple } | undefined;
    if (kept !== undefined) context.editor.session.placePose(kept.angles, kept.offset);
    this.firstBone = Math.min(1, rig.boneCount - 1);
    this.bone = (context.memory.get('bone') as number | undefined) ?? this.firstBone;
    this.jointFrames = new Float32Array(4 * rig.boneCount);
    for (let bone = 0; bone < rig.boneCount; bone++) this.jointFrames.set(rig.frame(bone), 4 * bone);
    this.frames = new BoneFrames(context.view.viewport.scene, rig.boneCount, AXIS_LENGTH_M);
    this.panel = new FramesPanel(context.controls, rig.boneNames, {
      chooseBone: (bone) => {
        context.selection.selectBone(bone);
        this.choose(bone);
      },
      live: (key, value) => this.live(key, value),
      done: (key, value) => this.done(key, value),
    });
    context.selection.selectBone(this.bone);
    this.showSliders();
  }

  update(): void {
    const { session } = this.context.editor;
    const selected = this.context.selection.bone;
    if (selected >= 0 && selected !== this.bone) this.choose(selected);
    if (!this.posed.take()) return;
    const { rig } = session;
    this.frames.update(rig.poseModelMatrices(), rig.bindMatrices(), this.jointFrames);
    const at = (m: Float32Array): Float32Array => m.subarray(16 * this.bone, 16 * this.bone + 16);
    this.panel.matrices.show(`Bone '${rig.boneNames[this.bone]}' (bone → model)`, [
      { name: 'B_j (bind)', values: at(rig.bindMatrices()) },
      { name: 'P_j (pose)', values: at(rig.poseModelMatrices()) },
      { name: 'P_j · B_j⁻¹ (skinning)', values: at(rig.palette()) },
    ]);
    const angles = rig.getAngles(this.bone);
    angles.forEach((angle, slot) => this.panel.set(`angle-${slot}`, angle));
    rig.rootOffset.forEach((v, k) => this.panel.set(`offset-${k}`, v));
  }

  shows(): Record<string, unknown> {
    return { bone: this.bone, parameters: this.settings() };
  }

  settings(): LessonSettings {
    const settings: LessonSettings = { bone: this.bone };
    const count = this.context.editor.session.rig.boneCount;
    for (let bone = 0; bone < count; bone++) {
      const start = this.startParams.sliders(bone);
      this.params.sliders(bone).forEach((spec, k) => {
        if (Math.abs(spec.value - start[k].value) > SAME_PARAMETER) settings[settingKey(spec.key, bone)] = spec.value;
      });
    }
    return settings;
  }

  /** The link's parameters (the rest at the lesson's start): the rig is rebuilt with them if they differ from those shown. */
  applySettings(settings: SettingsReader): void {
    const { rig } = this.context.editor.session;
    let params = this.startParams;
    for (let bone = 0; bone < rig.boneCount; bone++) {
      for (const spec of this.startParams.sliders(bone)) {
        const value = settings.number(settingKey(spec.key, bone), spec.min, spec.max);
        if (value !== undefined) params = params.changed(bone, spec.key, value);
      }
    }
    const bone = settings.number('bone', 0, rig.boneCount - 1, true) ?? this.firstBone;
    const same = Array.from({ length: rig.boneCount }, (_, b) => b).every((b) => {
      const shown = this.params.sliders(b);
      return params.sliders(b).every((spec, k) => Math.abs(spec.value - shown[k].value) <= SAME_PARAMETER);
    });
    if (same) {
      this.bone = bone;
      this.context.selection.selectBone(bone);
      this.showSliders();
      return;
    }
    this.rebuild(params, bone);
  }

  dispose(): void {
    this.posed.dispose();
    this.endGesture();
    this.frames.dispose();
  }

  /** Shows `bone`'s sliders and matrices (chosen in the panel or in the view). */
  private choose(bone: number): void {
    this.bone = bone;
    this.showSliders();
    this.context.settingsChanged();
  }

  private showSliders(): void {
    const { rig } = this.context.editor.session;
    const { min, max } = rig.limits(this.bone);
    const axes = slotAxes(rig.orders[this.bone]);
    const angles = rig.getAngles(this.bone);
    const offset = rig.rootOffset;
    this.panel.show(this.bone, [
      { heading: this.params.heading, sliders: this.params.sliders(this.bone) },
      { heading: 'Pose: Euler angles, in the order they apply', sliders: axes.map((axis, slot): SliderSpec => ({ key: `angle-${slot}`, label: `angle ${axis}`, min: min[slot], max: max[slot], value: angles[slot], unit: 'rad' })) },
      { heading: 'Base offset (the pose’s root offset)', sliders: ['x', 'y', 'z'].map((axis, k): SliderSpec => ({ key: `offset-${k}`, label: `offset ${axis}`, min: -OFFSET_REACH, max: OFFSET_REACH, value: offset[k], unit: 'm' })) },
    ]);
    this.posed.raise();
  }

  private live(key: string, value: number): void {
    const { editor } = this.context;
    const { rig } = editor.session;
    const [name, index] = key.split('-');
    if (name !== 'angle' && name !== 'offset') return;
    if (!this.gesture) {
      editor.beginGesture();
      this.gesture = true;
    }
    if (name === 'angle') {
      const angles = rig.getAngles(this.bone);
      angles[Number(index)] = value;
      editor.setBoneAngles(this.bone, angles[0], angles[1], angles[2]);
    } else {
      const offset = rig.rootOffset;
      offset[Number(index)] = value;
      editor.setPose(Float32Array.from(rig.pose()), offset);
    }
  }

  private done(key: string, value: number): void {
    const [name] = key.split('-');
    if (name === 'angle' || name === 'offset') {
      this.live(key, value);
      this.endGesture();
      return;
    }
    // A parameter of the skeleton: the lesson rebuilt with it, in the same pose.
    this.rebuild(this.params.changed(this.bone, key, value), this.bone);
  }

  /** Shows the lesson rebuilt with `params`, in the pose shown, `bone` chosen (the next tool finds them in memory). */
  private rebuild(params: ConventionSliders, bone: number): void {
    const { rig } = this.context.editor.session;
    const lesson = params.build(this.context.module);
    this.context.memory.set('params', params);
    this.context.memory.set('bone', bone);
    this.context.memory.set('pose', { angles: Float32Array.from(rig.pose()), offset: rig.rootOffset });
    this.context.rebuild(lesson);
  }

  private endGesture(): void {
    if (!this.gesture) return;
    this.gesture = false;
    this.context.editor.endGesture();
  }
}
