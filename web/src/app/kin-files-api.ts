// The members of window.kin for files and links (see kin-api.ts): the share
// link of the state and applying one, loading a character or a pose as
// File ▸ Load does, which model is on screen, and the GLB and pose JSON the
// export buttons download.
import type { CharacterSource } from '../posing/character-source.js';
import { exportedPose } from '../export/character-export.js';
import type { PoseJson } from '../export/pose-export.js';
import type { ModelInput } from '../import/model-input.js';
import type { ModelLoadOutcome } from '../import/model-loader.js';
import { glbWithClip } from './clip-export.js';
import type { KinPage } from './kin-tools-api.js';

/** How a load went: for a character or a pose, what was loaded and the model on screen then. */
export type KinLoadOutcome = (Extract<ModelLoadOutcome, { ok: true }> & { model: CharacterSource }) | Extract<ModelLoadOutcome, { ok: false }>;

export interface KinFilesApi {
  /**
   * The page's URL with a share link of the state now in its fragment
   * (`#p=<base64url>`: character, solver, pose, goal targets, camera). The
   * address bar catches up 400 ms after posing stops; this does not wait.
   * Throws an Error saying why when no link can hold the state (a glTF of
   * more joints than a link has room for, a target or camera beyond a
   * link's range); the page's address bar then holds no link either.
   */
  shareLink(): string;
  /**
   * Applies the share link in a URL's fragment (absolute, or relative to the
   * page) as opening it would: solver, pose, targets, camera. A link that
   * cannot apply (damaged, another character) changes nothing and returns
   * why; the page's banner shows it too. Targets that do not fit the
   * solver's goals are skipped (the banner says so) and the rest applies.
   * A link for a built-in character not on screen (the default one, a
   * lesson) shows that character first.
   */
  applyLink(url: string): { ok: true } | { ok: false; error: string };
  /**
   * Loads files as File ▸ Load and dropping them on the view do: a glTF 2.0
   * / GLB character in place of the one on screen (a .gltf with its .bin and
   * textures handed over together), or a pose JSON applied to it by bone
   * name. `source` is a URL (this site's, or a data: URL), a File, an array
   * of Files, or `{name, bytes}`. `options.skin` picks one of a glTF file's
   * skins by its index in the file (a file with several skins otherwise
   * asks the user); `options.metresPerUnit` gives a BVH file's length unit
   * (otherwise guessed from the figure's size, as the summary says).
   * Resolves with `{ok: true, kind ('character' or 'pose'), summary,
   * model}` (model as model() gives it) or with the error the page shows; on error the character on screen stays. A new
   * character poses with goals found from its bone names (hands, feet,
   * head) or its leaves, and a share link waiting for this file applies its
   * pose.
   */
  loadModel(source: ModelInput | File[], options?: { skin?: number; metresPerUnit?: number }): Promise<KinLoadOutcome>;
  /**
   * Which character is on screen: {kind: 'default'}, {kind: 'lesson', id}
   * (see loadLesson), or {kind: 'gltf', name, skin, skinName, influences
   * (4 or 8), warnings}.
   */
  model(): CharacterSource;
  /**
   * Builds the GLB that "Export GLB" downloads — every character of the
   * scene skinned: a joint node per bone holding the current pose (so the
   * file opens in the pose on screen in any glTF viewer), the mesh in bind
   * pose, the bind pose kept in the inverse bind matrices
   * (export/joint-nodes.ts), each character's clip as an animation when it
   * has keys; with several characters each under a root node placed where
   * it stands (export/scene-export.ts) — and resolves to its size in bytes,
   * downloading nothing.
   */
  exportGlb(): Promise<number>;
  /**
   * What "Export pose JSON" downloads: {format: 'kin-pose', version: 1,
   * character, rootOffset, bones: [{name, order, angles}]} with every
   * bone's Euler order and angles (radians, by slot) by name.
   */
  poseJson(): PoseJson;
}

export function createFilesApi(running: () => KinPage): KinFilesApi {
  return {
    shareLink: () => {
      const link = running().links.currentUrl();
      if (!link.ok) throw new Error(`kin: ${link.error}`);
      return link.url;
    },
    applyLink: (url) => {
      if (typeof url !== 'string') throw new Error('kin: applyLink takes a URL string');
      const outcome = running().links.apply(url);
      return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
    },
    loadModel: (source, options = {}) => {
      const { models } = running();
      const named = typeof source === 'object' && source !== null && 'bytes' in source;
      const files = Array.isArray(source) && source.length > 0 && source.every((file) => file instanceof File);
      if (!(typeof source === 'string' || source instanceof File || files || (named && typeof source.name === 'string' && (source.bytes instanceof ArrayBuffer || source.bytes instanceof Uint8Array)))) {
        throw new Error('kin: loadModel takes a URL, a File, an array of Files, or {name, bytes: ArrayBuffer | Uint8Array}');
      }
      if (options.skin !== undefined && !(Number.isInteger(options.skin) && options.skin >= 0)) throw new Error('kin: options.skin must be a skin index (a whole number ≥ 0)');
      if (options.metresPerUnit !== undefined && !(typeof options.metresPerUnit === 'number' && options.metresPerUnit > 0 && Number.isFinite(options.metresPerUnit))) {
        throw new Error('kin: options.metresPerUnit must be a finite number > 0 (a BVH file\'s unit in metres)');
      }
      return models.loader.load(source, options).then((outcome) => (outcome.ok ? { ...outcome, model: structuredClone(running().editor.source) } : outcome));
    },
    model: () => structuredClone(running().editor.source),
    exportGlb: async () => {
      const { editor, timeline, characters } = running();
      return (await glbWithClip(editor, timeline, (id) => characters.of(id).meshes)).data.byteLength;
    },
    poseJson: () => {
      const editor = running().editor;
      return exportedPose(editor.session.rig, editor.source);
    },
  };
}
