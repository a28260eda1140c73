// Skinning weights on the page (lesson tool 'weights', the candy wrapper):
// the skin coloured by the chosen bone's weights — the mesh's own, or
// Scotty3D's capsule rule w = max(0, r − d) / r (d: the vertex's distance to
// the bone's bind segment, normalised over bones) computed by the core as
// the bone's radius is dragged — skinned on the CPU by the core with the
// page's method (LBS or DQS), in place of the character's own mesh.
import { lessonSkinnedMesh } from '../../lessons/lesson-mesh.js';
import { lessonEntry } from '../../lessons/lessons.js';
import type { LessonSettings, SettingsReader } from '../../lessons/lesson-settings.js';
import { WeightColors } from '../../three/weight-colors.js';
import { WeightsPanel } from '../../ui/weights-panel.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';
import { ChangeFlag } from '../../scene/change-flag.js';
import { Change } from '../../scene/scene-change.js';

const RADIUS_MIN = 0.05;
const RADIUS_MAX = 0.8;
const RADIUS_START = 0.35;

export class WeightsTool implements LessonTool {
  private readonly colors: WeightColors;
  private readonly meshJoints: Uint16Array;
  private readonly meshWeights: Float32Array;
  private readonly skinPositions: Float32Array;
  private readonly skinNormals: Float32Array;
  private readonly radii: Float64Array;
  private readonly panel: WeightsPanel;
  private readonly lastBone: number;
  private capsule = false;
  private bone: number;
  private readonly posed: ChangeFlag;
  private shownSkinning = '';
  private note = '';

  constructor(private readonly context: LessonToolContext, lessonId: string) {
    this.posed = new ChangeFlag(context.editor, Change.POSE);
    const { rig } = context.editor.session;
    const entry = lessonEntry(lessonId);
    const lesson = entry.build(context.module);
    const geometry = lessonSkinnedMesh(entry.title, lesson.mesh).geometry;
    this.meshJoints = Uint16Array.from(lesson.mesh.joints);
    this.meshWeights = Float32Array.from(lesson.mesh.weights);
    this.skinPositions = Float32Array.from(geometry.getAttribute('position').array);
    this.skinNormals = Float32Array.from(geometry.getAttribute('normal').array);
    geometry.dispose();
    this.useMeshWeights();
    this.radii = new Float64Array(rig.boneCount).fill(RADIUS_START);
    this.lastBone = rig.boneCount - 1;
    this.bone = this.lastBone;
    this.colors = new WeightColors(context.view.viewport.scene, lesson.mesh.triangles, lesson.mesh.positions.length / 3);
    this.panel = new WeightsPanel(context.controls, rig.boneNames, [RADIUS_MIN, RADIUS_MAX], {
      chooseBone: (bone) => this.set(() => (this.bone = bone)),
      chooseCapsules: (capsules) => this.set(() => (this.capsule = capsules)),
      setRadius: (radius_m) => this.set(() => (this.radii[this.bone] = radius_m)),
    });
    this.showChoices();
    context.view.character.mesh.visible = false;
  }

  update(): void {
    const { editor, view } = this.context;
    const { rig } = editor.session;
    const reskinned = view.skinning !== this.shownSkinning;
    if (!this.posed.take() && !reskinned) return;
    this.shownSkinning = view.skinning;
    const { joints, weights } = this.capsule ? this.capsuleWeights() : { joints: this.meshJoints, weights: this.meshWeights };
    rig.skinning.skin(view.skinning);
    this.colors.update(rig.skinning.skinnedPositions(), joints, weights, 4, this.bone);
    let full = 0;
    let shared = 0;
    for (let v = 0; v < joints.length / 4; v++) {
      let w = 0;
      for (let k = 0; k < 4; k++) if (joints[4 * v + k] === this.bone) w += weights[4 * v + k];
      if (w > 0.999) full++;
      else if (w > 0.001) shared++;
    }
    this.note = `${rig.boneNames[this.bone]}: ${full} vertices wholly its, ${shared} shared with another bone (red: weight 1, blue: 0).`;
    this.panel.showNote(this.note);
    this.context.requestFrame();
  }

  shows(): Record<string, unknown> {
    return { bone: this.bone, capsule: this.capsule, radii: Array.from(this.radii), note: this.note };
  }

  settings(): LessonSettings {
    const settings: LessonSettings = { bone: this.bone, capsules: this.capsule ? 1 : 0 };
    this.radii.forEach((radius, bone) => {
      if (radius !== RADIUS_START) settings[`radius.${bone}`] = radius;
    });
    return settings;
  }

  applySettings(settings: SettingsReader): void {
    this.set(() => {
      this.bone = settings.number('bone', 0, this.lastBone, true) ?? this.lastBone;
      this.capsule = settings.flag('capsules') ?? false;
      this.radii.forEach((_, bone) => (this.radii[bone] = settings.number(`radius.${bone}`, RADIUS_MIN, RADIUS_MAX) ?? RADIUS_START));
    });
  }

  dispose(): void {
    this.posed.dispose();
    this.colors.dispose();
    this.context.view.character.mesh.visible = true;
  }

  /** The capsule weights for the radii now, written into the rig's skin (the views are copied: the next rig call may move them). */
  private capsuleWeights(): { joints: Uint16Array; weights: Float32Array } {
    const { joints, weights } = this.context.editor.session.rig.skinning.capsuleWeights(this.radii);
    return { joints: Uint16Array.from(joints), weights: Float32Array.from(weights) };
  }

  private set(change: () => void): void {
    change();
    // The capsule rule wrote into the rig's skin: the mesh's own weights go back in.
    if (!this.capsule) this.useMeshWeights();
    this.showChoices();
    this.posed.raise();
    this.context.requestFrame();
    this.context.settingsChanged();
  }

  private useMeshWeights(): void {
    this.context.editor.session.rig.skinning.setSkin(this.skinPositions, this.skinNormals, this.meshJoints, this.meshWeights);
  }

  private showChoices(): void {
    this.panel.show(this.bone, this.capsule, this.radii[this.bone]);
  }
}
