// The tips' paths over the timeline's clip (lesson tool 'trails'): each
// root bone's tip sampled by the core at the clip's frames (the ghost
// buffers: the pose on screen stays) and drawn as a line, with each path's
// length in the panel — the Euler wand's detour against the quaternion
// wand's single turn. Redrawn when the clip changes.
import { TipTrails } from '../../three/tip-trails.js';
import type { LessonTool, LessonToolContext } from './lesson-tool.js';
import { ChangeFlag } from '../../scene/change-flag.js';
import { Change } from '../../scene/scene-change.js';

const COLORS = [0xf0a35a, 0x6cc4ff];

export class TrailsTool implements LessonTool {
  private readonly trails: TipTrails;
  private readonly lines = document.createElement('p');
  private readonly clipChanged: ChangeFlag;
  private lengths: number[] = [];

  constructor(private readonly context: LessonToolContext) {
    this.clipChanged = new ChangeFlag(context.editor, Change.CLIP);
    this.trails = new TipTrails(context.view.viewport.scene);
    this.lines.className = 'lesson-trails';
    context.controls.append(this.lines);
  }

  shows(): Record<string, unknown> {
    return { pathLengths: [...this.lengths] };
  }

  update(): void {
    const { editor } = this.context;
    if (!this.clipChanged.take()) return;
    const { rig } = editor.session;
    const { clip } = editor;
    if (clip.channels.length === 0) {
      this.trails.show([]);
      this.lines.textContent = 'No clip: nothing to trace.';
      return;
    }
    const roots = Array.from(rig.parents).flatMap((parent, bone) => (parent < 0 ? [bone] : []));
    const frames = Math.max(2, Math.round(clip.duration * clip.fps) + 1);
    const points = roots.map(() => new Float32Array(3 * frames));
    for (let f = 0; f < frames; f++) {
      rig.clips.sampleGhost((clip.duration * f) / (frames - 1), 'clamp');
      const tips = rig.clips.ghostTips();
      roots.forEach((bone, k) => points[k].set(tips.subarray(3 * bone, 3 * bone + 3), 3 * f));
    }
    this.lengths = points.map((p) => {
      let length = 0;
      for (let f = 1; f < frames; f++) length += Math.hypot(p[3 * f] - p[3 * f - 3], p[3 * f + 1] - p[3 * f - 2], p[3 * f + 2] - p[3 * f - 1]);
      return length;
    });
    this.trails.show(points.map((p, k) => ({ points: p, color: COLORS[k % COLORS.length] })));
    this.lines.textContent = roots.map((bone, k) => `${rig.boneNames[bone]}: its tip travels ${this.lengths[k].toFixed(2)} m`).join('; ') + '.';
    this.context.requestFrame();
  }

  dispose(): void {
    this.clipChanged.dispose();
    this.trails.dispose();
  }
}
