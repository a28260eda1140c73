// Retargeting on the page: a source (retarget-sources.ts) and one of its
// clips, the bone map onto the character on screen (automatic by name, each
// row editable), the problems the core finds with it, the options (rotation
// or IK, contact locks, key rate), and Apply, which makes the result the
// timeline's clip through the pose editor — one undo step, playable,
// keyable, exportable and shared by link like any clip — and offers it in
// the clip menu. The last result keeps its report and its source, which is
// drawn beside the character (at its own size, or scaled to its height when
// its units differ) at the timeline's time while that clip is the one
// shown. The dialog and window.kin both drive this one object, so either
// shows what the other did.
import type { ClipData } from '../../animation/clip.js';
import type { TimelineModel } from '../../animation/timeline-model.js';
import type { ImportQuestions, Importer } from '../../import/importer.js';
import type { ModelInput } from '../../import/model-input.js';
import { findLesson } from '../../lessons/lessons.js';
import type { PoseEditor } from '../../posing/pose-editor.js';
import { type BoneMapEntries, boneMapEntries, withEntries } from '../../rig/bone-map-entries.js';
import { errorMessage } from '../../text/error-message.js';
import { BONE_ROLES, type RetargetOptions, type RetargetReport, Retargeter } from '../../rig/retarget.js';
import type { Rig } from '../../rig/rig.js';
import type { KinModule } from '../../wasm/generated/kin.js';
import { RETARGET_REFERENCES, type RetargetChoices, type RetargetDialogHost, type RetargetMapRow, type RetargetReference, type RetargetSummary } from '../../ui/retarget-host.js';
import type { PosingView } from '../posing-view.js';
import { SkeletonBeside, jointExtent } from './retarget-beside.js';
import { framePoints } from './retarget-framing.js';
import { type BuiltInSource, type RetargetSource, builtInSource, fileSource } from './retarget-sources.js';
import { Change } from '../../scene/scene-change.js';

/** A result as applied: its clip, report, where it came from and the rig it was made for. */
export interface AppliedRetarget {
  clip: ClipData;
  report: RetargetReport;
  summary: RetargetSummary;
  source: RetargetSource;
  target: Rig;
}

const SOURCE_COLOR = 0x7fd48a;
/** Keys a second from which a source clip's own key times key the result. */
const DENSE_KEYS_PER_SECOND = 20;
/** How far around the joints the framing of both keeps in view, in character heights. */
const FRAME_PADDING = 0.12;
/** Each calibration choice as the retargeter's reference options (empty angles: a rest pose). */
const REFERENCE_OPTIONS: Record<RetargetReference, Pick<RetargetOptions, 'sourceReference' | 'targetReference'>> = {
  'character-to-source': { targetReference: 'match' },
  'source-to-character': { sourceReference: 'match' },
  rest: { sourceReference: new Float32Array(0), targetReference: new Float32Array(0) },
};

/**
 * The key rate a result of `clip` starts with: its own key times when they
 * are dense (motion capture, a baked animation), else its fps — a few
 * spline keys a second (the demo clips) would play as straight-line jerks.
 */
function keyRateFor(clip: ClipData): number {
  const keys = Math.max(0, ...clip.channels.map((c) => c.keys.length));
  return keys / clip.duration >= DENSE_KEYS_PER_SECOND ? 0 : Math.min(Math.round(clip.fps), 240);
}

/** The panel's choices before any source is picked. */
const START_CHOICES: RetargetChoices = { mode: 'ik', reference: 'character-to-source', contactLocks: true, fps: 0 };

export class RetargetController implements RetargetDialogHost {
  private retargeter: Retargeter | null = null;
  private current: RetargetSource | null = null;
  private clipIndex = 0;
  private bones: Int32Array | null = null;
  private mappedSource: RetargetSource | null = null;
  private mappedTarget: Rig | null = null;
  private lastApplied: AppliedRetarget | null = null;
  private choices: RetargetChoices = { ...START_CHOICES };
  private readonly beside: SkeletonBeside;
  private besideWanted = true;
  // The results' names in the clip menu.
  private readonly resultNames = new Set<string>();
  private readonly listeners: (() => void)[] = [];
  /** The fraction of the view's width, from its right, that the panel covers (the page's dialog sets it). */
  viewCovered: () => number = () => 0;

  constructor(
    private readonly module: KinModule,
    private readonly editor: PoseEditor,
    private readonly timeline: TimelineModel,
    private readonly view: PosingView,
    private readonly importers: readonly Importer[],
    private readonly questions: ImportQuestions,
    /** The built-in rigs with clips the dialog offers, by name. */
    readonly builtIns: readonly BuiltInSource[],
    private readonly requestFrame: () => void,
  ) {
    this.beside = new SkeletonBeside(view.viewport.scene, SOURCE_COLOR);
    // Another character: its bones make a new map (and the dialog shows them).
    editor.onChange((changes) => {
      if ((changes & (Change.CHARACTER | Change.ACTIVE)) !== 0) this.changed();
    });
  }

  /** What the character on screen is called (the panel's heading). */
  targetName(): string {
    const { source } = this.editor;
    return source.kind === 'default' ? 'the default character' : `'${this.characterName()}'`;
  }

  /** The character's short name, for the result clip's name. */
  private characterName(): string {
    const { source } = this.editor;
    if (source.kind === 'default') return 'default character';
    if (source.kind === 'lesson') return findLesson(source.id)?.title ?? source.id;
    return source.name;
  }

  /** Calls `listener` after every change of the source, map, options or result. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  get source(): RetargetSource | null {
    return this.current;
  }

  get clipChoice(): number {
    return this.clipIndex;
  }

  get options(): RetargetChoices {
    return this.choices;
  }

  /** The result applied last (null before any, or after the page's character changed). */
  get applied(): AppliedRetarget | null {
    return this.lastApplied !== null && this.lastApplied.target === this.editor.session.rig ? this.lastApplied : null;
  }

  /** Whether the source is drawn beside the character while its result plays. */
  get sourceShown(): boolean {
    return this.besideWanted;
  }

  /** Takes one of the built-in rigs as the source (its first clip, or the one named). Throws for an unknown name. */
  useBuiltIn(name: string, clip?: string): void {
    const builtIn = this.builtIns.find((b) => b.name === name);
    if (builtIn === undefined) throw new Error(`Retarget: no built-in source ${JSON.stringify(name)}; they are ${this.builtIns.map((b) => b.name).join(', ')}`);
    this.setSource(builtInSource(this.module, builtIn));
    if (clip !== undefined) this.chooseClip(clip);
  }

  /** Takes the motion in files (BVH, glTF/GLB) as the source; throws naming the problem, keeping the source there was. */
  async loadFiles(input: ModelInput | readonly File[]): Promise<RetargetSource> {
    const source = await fileSource(this.importers, this.questions, input);
    this.setSource(source);
    return source;
  }

  /** Picks the source's clip by index or name; throws naming the clips for an unknown one. */
  chooseClip(clip: number | string): void {
    const source = this.requireSource();
    const index = typeof clip === 'number' ? clip : source.clips.findIndex((c) => c.name === clip);
    if (!(index >= 0 && index < source.clips.length)) throw new Error(`Retarget: '${source.name}' has no clip ${JSON.stringify(clip)}; its clips are ${source.clips.map((c) => c.name).join(', ')}`);
    this.clipIndex = index;
    this.choices = { ...this.choices, fps: keyRateFor(source.clips[index]) };
    this.changed();
  }

  /** Sets some of the options; throws naming a bad one, changing nothing. */
  setOptions(options: Partial<RetargetChoices>): void {
    const next = { ...this.choices, ...options };
    if (next.mode !== 'rotation' && next.mode !== 'ik') throw new Error(`Retarget: mode ${JSON.stringify(next.mode)} is not 'rotation' or 'ik'`);
    if (!RETARGET_REFERENCES.includes(next.reference)) throw new Error(`Retarget: reference ${JSON.stringify(next.reference)} is not one of ${RETARGET_REFERENCES.join(', ')}`);
    if (typeof next.contactLocks !== 'boolean') throw new Error('Retarget: contactLocks must be true or false');
    if (!(Number.isFinite(next.fps) && next.fps >= 0 && next.fps <= 240)) throw new Error(`Retarget: fps ${next.fps} must be 0 (the source's keys) or up to 240`);
    this.choices = next;
    this.changed();
  }

  /**
   * The target's bones with their roles (as the automatic map reads them: by
   * name and by order down each limb, so an older file's LeftShoulder is the
   * upper arm) and the source bones mapped onto them (none without a source).
   */
  rows(): RetargetMapRow[] {
    const target = this.editor.session.rig;
    const map = this.map();
    const sourceNames = this.current?.rig.boneNames ?? [];
    const roles = target.roleBones();
    return target.boneNames.map((name, b) => {
      const role = roles.indexOf(b);
      return { target: name, role: role < 0 ? null : BONE_ROLES[role], source: map === null || map[b] < 0 ? null : sourceNames[map[b]] };
    });
  }

  /** Maps target bone `target` (index) to source bone `source` (index, -1: none). */
  setMapping(target: number, source: number): void {
    const map = this.map();
    if (map === null) throw new Error('Retarget: pick a source first');
    const sourceCount = this.requireSource().rig.boneCount;
    if (!(Number.isInteger(target) && target >= 0 && target < map.length)) throw new Error(`Retarget: no target bone ${target} (the character has ${map.length})`);
    if (!(Number.isInteger(source) && source >= -1 && source < sourceCount)) throw new Error(`Retarget: no source bone ${source} (the source has ${sourceCount}; -1 maps none)`);
    const next = Int32Array.from(map);
    next[target] = source;
    this.bones = next;
    this.changed();
  }

  /**
   * Puts bone-name entries (a map file's, or window.kin's: target name →
   * source name, null: none) over the current map; throws naming an unknown
   * bone, changing nothing.
   */
  setMappingByName(entries: BoneMapEntries): void {
    const map = this.map();
    if (map === null) throw new Error('Retarget: pick a source first');
    try {
      this.bones = withEntries(map, entries, this.requireSource().rig, this.editor.session.rig).map;
    } catch (error) {
      throw new Error(`Retarget: ${errorMessage(error)}`);
    }
    this.changed();
  }

  /** The whole map by bone names (null where unmapped), as Save map writes it. */
  mapEntries(): BoneMapEntries {
    const map = this.map();
    if (map === null) throw new Error('Retarget: pick a source first');
    return boneMapEntries(map, this.requireSource().rig, this.editor.session.rig);
  }

  /** Back to the automatic map by name. */
  autoMap(): void {
    this.mappedSource = null;
    this.changed();
  }

  /** What stops Apply: no source, or the core's problems with the map (each naming bone and role); [] when it can run. */
  problems(): string[] {
    const map = this.map();
    if (map === null || this.current === null) return ['Pick a source: a BVH or glTF file with motion, or a built-in rig.'];
    return this.tool().validate(this.current.rig, this.editor.session.rig, map);
  }

  /**
   * Retargets the source clip onto the character on screen and makes the
   * result the timeline's clip (one undo step), from its start, paused.
   * Throws, changing nothing, with the problems or the core's message.
   */
  apply(): RetargetSummary {
    const source = this.requireSource();
    const problems = this.problems();
    if (problems.length > 0) throw new Error(`Retarget: ${problems.join(' ')}`);
    const target = this.editor.session.rig;
    const sourceClip = source.clips[this.clipIndex];
    source.rig.clips.setClip(sourceClip);
    const { mode, contactLocks, fps, reference } = this.choices;
    const { clip, report } = this.tool().retarget(source.rig, target, this.map() as Int32Array, {
      mode,
      contactLocks,
      fps,
      ...REFERENCE_OPTIONS[reference],
      clipName: sourceClip.name,
      targetName: this.characterName(),
    });
    this.timeline.useClip(clip);
    // In the clip menu too, to come back to after trying another clip (for this character only).
    this.timeline.menu.register([{ name: clip.name, make: () => (this.editor.session.rig === target ? clip : null) }]);
    this.resultNames.add(clip.name);
    const summary: RetargetSummary = {
      clip: clip.name,
      source: source.name,
      mode,
      reference,
      contactLocks,
      frames: report.frames,
      meanAngle_deg: report.meanAngle_deg,
      maxAngle_deg: report.maxAngle_deg,
      meanLimbError: report.meanLimbError,
      maxLimbError: report.maxLimbError,
      footSlide: [report.footSlide[0], report.footSlide[1]],
      contactFrames: [report.contactFrames[0], report.contactFrames[1]],
      maxFootSlide: report.maxFootSlide,
    };
    const previous = this.lastApplied;
    this.lastApplied = { clip, report, summary, source, target };
    if (previous !== null && previous.source !== source && previous.source !== this.current) previous.source.rig.dispose();
    this.placeBeside();
    this.changed();
    return summary;
  }

  /** Draws the source beside the character while its result plays, or not. */
  showSource(shown: boolean): void {
    this.besideWanted = shown;
    this.changed();
  }

  /**
   * Called with every frame: the source skeleton beside the character at
   * the timeline's time, shown while the applied result is the clip on
   * screen. Allocation-free unless a new result was applied.
   */
  update(): void {
    const applied = this.lastApplied;
    if (applied === null) return;
    const shown = this.besideWanted && this.editor.clip === applied.clip && this.editor.session.rig === applied.target;
    this.beside.update(shown, this.timeline.time, this.timeline.loopMode);
  }

  /** As the page opens (kin.reset()): no source, no result (nor one in the clip menu), the first choices, the source drawn beside a result. */
  reset(): void {
    this.disposeSources();
    this.current = null;
    this.lastApplied = null;
    this.clipIndex = 0;
    this.bones = null;
    this.mappedSource = null;
    this.mappedTarget = null;
    this.choices = { ...START_CHOICES };
    this.besideWanted = true;
    this.beside.dispose();
    this.timeline.menu.unregister([...this.resultNames]);
    this.resultNames.clear();
    this.changed();
  }

  /** Frees the module's retargeter, the sources and the drawing. */
  dispose(): void {
    this.retargeter?.dispose();
    this.beside.dispose();
    this.disposeSources();
  }

  private disposeSources(): void {
    this.current?.rig.dispose();
    if (this.lastApplied !== null && this.lastApplied.source !== this.current) this.lastApplied.source.rig.dispose();
  }

  private tool(): Retargeter {
    this.retargeter ??= Retargeter.create(this.module);
    return this.retargeter;
  }

  private requireSource(): RetargetSource {
    if (this.current === null) throw new Error('Retarget: pick a source first (a BVH or glTF file with motion, or a built-in rig)');
    return this.current;
  }

  /** The current map, made anew by name whenever the source or the character changed (null without a source). */
  private map(): Int32Array | null {
    const source = this.current;
    if (source === null) return null;
    const target = this.editor.session.rig;
    if (this.bones === null || source !== this.mappedSource || target !== this.mappedTarget) {
      this.bones = this.tool().autoMap(source.rig, target);
      this.mappedSource = source;
      this.mappedTarget = target;
    }
    return this.bones;
  }

  private setSource(source: RetargetSource): void {
    const old = this.current;
    this.current = source;
    this.clipIndex = 0;
    this.choices = { ...this.choices, fps: keyRateFor(source.clips[0]) };
    // The applied result's source stays while it is drawn beside the character.
    if (old !== null && old !== this.lastApplied?.source) old.rig.dispose();
    this.changed();
  }

  /** The source beside the character; the camera frames both in the part of the view the panel leaves free. */
  private placeBeside(): void {
    const applied = this.lastApplied as AppliedRetarget;
    const placed = this.beside.place(applied.source.rig, applied.target, -1);
    if (this.besideWanted) {
      const character = jointExtent(applied.target.bindMatrices(), applied.target.boneCount);
      framePoints(this.view.viewport, [...character.points, ...placed], FRAME_PADDING * (character.high - character.low), this.viewCovered());
    }
    this.requestFrame();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
    this.requestFrame();
  }
}
