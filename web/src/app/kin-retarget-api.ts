// The retarget members of window.kin (see kin-api.ts): the same controller
// File ▸ Retarget… drives, so the panel shows what a script did. Sources are
// a file's text or bytes with its name (BVH, glTF/GLB), or a built-in rig's
// clip; results are plain copies.
import type { RetargetMapRow, RetargetReference, RetargetSummary } from '../ui/retarget-host.js';
import type { RetargetController } from './retarget/retarget-controller.js';
import type { KinPage } from './kin-tools-api.js';

/** How a script retargets: the panel's options, a clip of the source, bones mapped other than by name. */
export interface KinRetargetOptions {
  /** 'rotation' or 'ik' (default: as the panel is, IK at first). */
  mode?: string;
  contactLocks?: boolean;
  /** 'character-to-source' (default), 'source-to-character' or 'rest': which skeleton is posed into the other's rest pose before rotations carry over. */
  reference?: string;
  /** Keys per second of the result; 0 at the source clip's key times. */
  fps?: number;
  /** The source clip by name or index (default: its first). */
  clip?: string | number;
  /** Target bone name → source bone name (null: unmapped), applied over the automatic map. */
  map?: Record<string, string | null>;
}

export interface KinRetargetApi {
  /**
   * Retargets a file's motion onto the character on screen, as picking it
   * in File ▸ Retarget… and pressing Apply does: `source` is the file's text
   * (BVH, .gltf JSON) or bytes (GLB), `fileName` its name (which tells the
   * format). The result becomes the timeline's clip (one undo step), paused
   * at its start. Resolves with the error report's numbers; rejects naming
   * the problem (a bad file, bones the map lacks), changing no clip.
   */
  retargetFrom(source: string | ArrayBuffer | Uint8Array, fileName: string, options?: KinRetargetOptions): Promise<RetargetSummary>;
  /** The same from a built-in rig (see retargetSources()) and one of its clips. */
  retargetBuiltIn(name: string, options?: KinRetargetOptions): RetargetSummary;
  /** The built-in sources and their clip names. */
  retargetSources(): { name: string; clips: string[] }[];
  /** The panel's bone map now: per target bone its role and source bone (empty without a source). */
  retargetMap(): RetargetMapRow[];
  /** The problems that keep Apply from running ([] when it can). */
  retargetProblems(): string[];
  /** The last result's report for the character on screen, or null. */
  retargetReport(): RetargetSummary | null;
  /** Draws the source beside the character while the result plays, or not (the panel's toggle). */
  showRetargetSource(shown: boolean): void;
  /** Opens or closes File ▸ Retarget…'s panel. */
  showRetargetPanel(open: boolean): void;
}

function configure(controller: RetargetController, options: KinRetargetOptions): void {
  if (typeof options !== 'object' || options === null) throw new Error('kin: retarget options must be an object');
  const { mode, reference, contactLocks, fps, clip, map } = options;
  // The clip first: picking one sets the key rate its keys suggest, which an fps given here overrides.
  if (clip !== undefined) controller.chooseClip(clip);
  controller.setOptions({
    ...(mode === undefined ? {} : { mode: mode as 'rotation' | 'ik' }),
    ...(reference === undefined ? {} : { reference: reference as RetargetReference }),
    ...(contactLocks === undefined ? {} : { contactLocks }),
    ...(fps === undefined ? {} : { fps }),
  });
  controller.autoMap();
  if (map !== undefined) controller.setMappingByName(map);
}

export function createRetargetApi(page: () => KinPage): KinRetargetApi {
  const controller = (): RetargetController => {
    const ui = page().ui;
    if (ui === null) throw new Error('kin: retargeting is not available in embed mode; open the page without ?embed=1');
    return ui.retarget;
  };
  const copy = (summary: RetargetSummary): RetargetSummary => structuredClone(summary);
  return {
    retargetFrom: async (source, fileName, options = {}) => {
      const retarget = controller();
      if (typeof fileName !== 'string' || fileName === '') throw new Error('kin: retargetFrom needs the file’s name (e.g. "walk.bvh")');
      const bytes = typeof source === 'string' ? new TextEncoder().encode(source) : source;
      if (!(bytes instanceof ArrayBuffer || bytes instanceof Uint8Array)) throw new Error('kin: retargetFrom takes the file’s text or bytes (ArrayBuffer or Uint8Array)');
      await retarget.loadFiles({ name: fileName, bytes });
      configure(retarget, options);
      return copy(retarget.apply());
    },
    retargetBuiltIn: (name, options = {}) => {
      const retarget = controller();
      retarget.useBuiltIn(name);
      configure(retarget, options);
      return copy(retarget.apply());
    },
    retargetSources: () => controller().builtIns.map((b) => ({ name: b.name, clips: b.clips().map((c) => c.name) })),
    retargetMap: () => controller().rows(),
    retargetProblems: () => controller().problems(),
    retargetReport: () => {
      const applied = controller().applied;
      return applied === null ? null : copy(applied.summary);
    },
    showRetargetSource: (shown) => {
      if (typeof shown !== 'boolean') throw new Error('kin: showRetargetSource takes true or false');
      controller().showSource(shown);
    },
    showRetargetPanel: (open) => {
      const ui = page().ui;
      if (ui === null) throw new Error('kin: the retarget panel is not available in embed mode');
      if (open) ui.retargetDialog.open();
      else ui.retargetDialog.close();
    },
  };
}
