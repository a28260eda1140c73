// Skinning weights on the page (lesson tool 'weights', the candy wrapper):
// the skin coloured by the chosen bone's weights — the mesh's own, or
// Scotty3D's capsule rule w = max(0, r − d) / r (d: the vertex's distance to
// the bone's bind segment, normalised over bones) computed by the core as
// the bone's radius is dragged — skinned on the CPU by the core with the
// page's method (LBS or DQS), in place of the character's own mesh.
import { lessonSkinnedMesh } from '../../lessons/lesson-mesh.js';
import { lessonEntry } from '../../lessons/lessons.js';
import { WeightColors } from '../../three/weight-colors.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';

const RADIUS_MIN = 0.05;
const RADIUS_MAX = 0.8;
const RADIUS_START = 0.35;

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.className = 'lesson-tool-row';
  label.append(text, control);
  return label;
}

export class WeightsTool implements LessonTool {
  private readonly colors: WeightColors;
  private readonly meshJoints: Uint16Array;
  private readonly meshWeights: Float32Array;
  private readonly skinPositions: Float32Array;
  private readonly skinNormals: Float32Array;
  private readonly radii: Float32Array;
  private capsule = false;
  private bone: number;
  private shownVersion = '';
  private readonly radius = document.createElement('input');
  private readonly radiusValue = document.createElement('span');
  private readonly note = document.createElement('p');

  constructor(private readonly context: LessonToolContext, lessonId: string) {
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
    this.radii = new Float32Array(rig.boneCount).fill(RADIUS_START);
    this.bone = rig.boneCount - 1;
    this.colors = new WeightColors(context.view.viewport.scene, lesson.mesh.triangles, lesson.mesh.positions.length / 3);

    const bone = document.createElement('select');
    bone.className = 'tool-select';
    bone.name = 'weights-bone';
    rig.boneNames.forEach((name, b) => bone.append(new Option(name, String(b))));
    bone.value = String(this.bone);
    bone.addEventListener('change', () => this.set(() => (this.bone = Number(bone.value))));
    const source = document.createElement('select');
    source.className = 'tool-select';
    source.name = 'weights-source';
    source.append(new Option('the mesh’s own', 'mesh'), new Option('capsules: max(0, r − d) / r', 'capsule'));
    source.addEventListener('change', () => this.set(() => (this.capsule = source.value === 'capsule')));
    this.radius.type = 'range';
    this.radius.name = 'weights-radius';
    this.radius.min = String(RADIUS_MIN);
    this.radius.max = String(RADIUS_MAX);
    this.radius.step = 'any';
    this.radius.addEventListener('input', () => this.set(() => (this.radii[this.bone] = this.radius.valueAsNumber)));
    this.radiusValue.className = 'frames-value';
    this.note.className = 'lesson-weights-note';
    this.note.setAttribute('aria-live', 'polite');
    context.controls.append(labelled('Bone ', bone), labelled('Weights ', source), labelled('Capsule radius ', this.radius), this.radiusValue, this.note);
    this.showRadius();
    context.view.character.mesh.visible = false;
  }

  update(): void {
    const { editor, view } = this.context;
    const { rig } = editor.session;
    const version = `${editor.session.poseVersion}:${view.skinning}`;
    if (version === this.shownVersion) return;
    this.shownVersion = version;
    const { joints, weights } = this.capsule ? this.capsuleWeights() : { joints: this.meshJoints, weights: this.meshWeights };
    rig.skin(view.skinning);
    this.colors.update(rig.skinnedPositions(), joints, weights, 4, this.bone);
    let full = 0;
    let shared = 0;
    for (let v = 0; v < joints.length / 4; v++) {
      let w = 0;
      for (let k = 0; k < 4; k++) if (joints[4 * v + k] === this.bone) w += weights[4 * v + k];
      if (w > 0.999) full++;
      else if (w > 0.001) shared++;
    }
    this.note.textContent = `${rig.boneNames[this.bone]}: ${full} vertices wholly its, ${shared} shared with another bone (red: weight 1, blue: 0).`;
    this.context.requestFrame();
  }

  shows(): Record<string, unknown> {
    return { bone: this.bone, capsule: this.capsule, radii: Array.from(this.radii), note: this.note.textContent };
  }

  dispose(): void {
    this.colors.dispose();
    this.context.view.character.mesh.visible = true;
  }

  /** The capsule weights for the radii now, written into the rig's skin (the views are copied: the next rig call may move them). */
  private capsuleWeights(): { joints: Uint16Array; weights: Float32Array } {
    const { joints, weights } = this.context.editor.session.rig.capsuleWeights(this.radii);
    return { joints: Uint16Array.from(joints), weights: Float32Array.from(weights) };
  }

  private set(change: () => void): void {
    change();
    // The capsule rule wrote into the rig's skin: the mesh's own weights go back in.
    if (!this.capsule) this.useMeshWeights();
    this.showRadius();
    this.shownVersion = '';
    this.context.requestFrame();
  }

  private useMeshWeights(): void {
    this.context.editor.session.rig.setSkin(this.skinPositions, this.skinNormals, this.meshJoints, this.meshWeights);
  }

  private showRadius(): void {
    this.radius.valueAsNumber = this.radii[this.bone];
    this.radius.disabled = !this.capsule;
    this.radiusValue.textContent = this.capsule ? `r = ${this.radii[this.bone].toFixed(2)} m` : '';
  }
}
