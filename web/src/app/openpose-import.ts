// Import OpenPose JSON: the active character fitted to one person's 2-D
// keypoints (posing/image-fit.ts) through the render camera's place and lens,
// at the file's own canvas size (the picture the keypoints were found in).
// Each BODY_25 or COCO-18 point the file holds (confidence > 0) pulls the
// bone point the character's landmarks name for it (outputs/openpose-
// landmarks.ts; the neck and mid-hip, midpoints of two joints, are left to
// their joints; hands to their wrists); a point at confidence 0 is ignored.
// The fitted pose is one undo step. The report names the limbs whose front
// and back the picture cannot tell, each of which Flip bends the other way.
import * as THREE from 'three';
import { BODY_25, COCO_18 } from '../outputs/openpose-layouts.js';
import { openPoseBody } from '../outputs/openpose-landmarks.js';
import { type ReadPerson, readOpenPoseJson } from '../outputs/openpose-json.js';
import { type FitRestore, type ImageFitInput, type ImageFitReport, type ImagePoint, type Limb, ambiguousLimbs, fitToImage, flipLimb, rigLimbs } from '../posing/image-fit.js';
import type { PoseEditor } from '../posing/pose-editor.js';
import { transformMatrix } from '../scene/character-transform.js';
import { type RenderCameraState, verticalFov } from '../scene/render-camera.js';
import type { Rig } from '../rig/rig.js';
import { placeRenderCamera } from '../three/render-camera-three.js';
import type { OpenPoseFitReport } from '../ui/controlnet-host.js';

/** What the report calls each limb (image-fit.ts rigLimbs names them). */
const LIMB_LABELS: Readonly<Record<string, string>> = { arm_l: 'left arm', arm_r: 'right arm', leg_l: 'left leg', leg_r: 'right leg' };

const identity = new THREE.Matrix4();

export class OpenPoseImport {
  private last: { input: ImageFitInput; character: number } | null = null;

  constructor(private readonly editor: PoseEditor, private readonly nextFrame: () => Promise<void>) {}

  /** How many people `text` holds; throws naming what is wrong with it. */
  people(text: string): number {
    const { people } = readOpenPoseJson(text);
    if (people.length === 0) throw new Error('OpenPose JSON: the file holds no people');
    return people.length;
  }

  /** Fits the active character to person `person` of `json` through `camera` (its place and lens; the file's canvas size). */
  async fit(json: string | object, person: number, camera: RenderCameraState): Promise<OpenPoseFitReport> {
    const document = readOpenPoseJson(json);
    if (!Number.isInteger(person) || person < 0 || person >= document.people.length) {
      throw new Error(`OpenPose JSON: no person ${JSON.stringify(person)}; the file holds ${document.people.length} (0 to ${document.people.length - 1})`);
    }
    const rig = this.editor.session.rig;
    const input = this.fitInput(rig, document.people[person], { ...camera, width: document.width, height: document.height });
    return this.apply(input, (restore) => fitToImage(rig, input, restore));
  }

  /** Bends limb `limb` of the last fit the other way and fits again. */
  async flip(limb: string): Promise<OpenPoseFitReport> {
    const last = this.last;
    if (last === null || last.character !== this.editor.active.id) throw new Error('OpenPose: fit a pose first (the flip bends a limb of the last fit)');
    const limbs = this.limbs(this.editor.session.rig, last.input);
    const chosen = limbs.find((l) => l.name === limb);
    if (chosen === undefined) throw new Error(`OpenPose: no limb ${JSON.stringify(limb)} to flip; the file's points give ${limbs.length === 0 ? 'none' : limbs.map((l) => l.name).join(', ')}`);
    return this.apply(last.input, (restore) => flipLimb(this.editor.session.rig, last.input, chosen, 'middle', restore));
  }

  /** Runs `solve` on the rig, then gives its pose to the editor as one undo step (the session's goals moved onto it). */
  private async apply(input: ImageFitInput, solve: (restore: FitRestore) => ImageFitReport): Promise<OpenPoseFitReport> {
    const { session } = this.editor;
    const rig = session.rig;
    const before = Float32Array.from(rig.pose());
    const rootBefore = rig.rootOffset;
    const setup = session.solveSetup(false);
    let report: ImageFitReport;
    let ambiguous: Limb[];
    try {
      const restore: FitRestore = { solver: setup.solver, options: setup.options, goals: setup.goals };
      report = solve(restore);
      const fitted = Float32Array.from(rig.pose());
      const root = rig.rootOffset;
      ambiguous = ambiguousLimbs(rig, { ...input, prior: fitted }, this.limbs(rig, input), 2, restore);
      // The undo step keeps the pose before the fit.
      rig.setPose(before, rootBefore);
      this.editor.setPose(fitted, root);
    } catch (error) {
      rig.setPose(before, rootBefore);
      session.placePose(before, rootBefore);
      throw error;
    }
    this.last = { input: { ...input, prior: undefined }, character: this.editor.active.id };
    await this.nextFrame();
    return {
      rmsPx: report.rmsPx,
      maxPx: report.maxPx,
      perJoint: report.perPoint.map(({ name, errorPx }) => ({ name, errorPx })),
      ambiguous: ambiguous.map((limb) => ({ limb: limb.name, label: LIMB_LABELS[limb.name] ?? limb.name })),
    };
  }

  /** The points `person` gives the rig: its landmark for each named body point seen (c > 0). */
  private fitInput(rig: Rig, person: ReadPerson, camera: RenderCameraState): ImageFitInput {
    const body = openPoseBody(rig);
    if ('missing' in body) throw new Error(`OpenPose: the active character cannot take an OpenPose pose: ${body.message}`);
    const names: readonly string[] = person.layout === 'BODY_25' ? BODY_25 : COCO_18;
    const points: ImagePoint[] = [];
    person.body.forEach((point, i) => {
      if (!(point.c > 0)) return;
      const source = body.body[BODY_25.indexOf(names[i] as (typeof BODY_25)[number])];
      if (source.points.length !== 1) return;
      points.push({ ...source.points[0], targetPx: [point.x, point.y], weight: point.c, name: source.name });
    });
    if (points.length < 4) throw new Error(`OpenPose: the person has ${points.length} points seen; a fit needs at least 4 (shoulders and hips)`);
    const three = new THREE.PerspectiveCamera();
    placeRenderCamera(three, { ...camera, verticalFov: verticalFov(camera) }, identity);
    const viewProjection = new THREE.Matrix4().multiplyMatrices(three.projectionMatrix, three.matrixWorldInverse).toArray();
    return { viewProjection, width: camera.width, height: camera.height, modelToWorld: transformMatrix(this.editor.active.transform), points, floor: this.editor.session.keepAboveFloorAsked };
  }

  /** The rig's arms and legs whose middle and end joints the fit's points hold (a flip moves those). */
  private limbs(rig: Rig, input: ImageFitInput): Limb[] {
    const joints = new Set(input.points.filter((p) => p.point_bs.every((c) => c === 0)).map((p) => p.bone));
    return rigLimbs(rig).filter((limb) => joints.has(limb.lower) && joints.has(limb.end));
  }
}
