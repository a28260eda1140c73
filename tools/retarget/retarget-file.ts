// One source file of a batch: read (source-motion.ts), each clip mapped by
// bone names, checked, retargeted onto the character through the core
// (rig/retarget.ts), and written as <base>.glb (the character with the clip,
// glb-animation.ts), <base>.report.json (report-json.ts) and optionally
// <base>.bvh. A file with several animations gives <base>-<animation>.*
// for each. Any problem throws; its message names it (the caller names the
// file).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportBvh } from '../../web/src/export/bvh-export.js';
import { guessReasons, withEntries } from '../../web/src/rig/bone-map-entries.js';
import type { Retargeter } from '../../web/src/rig/retarget.js';
import { errorMessage } from '../../web/src/text/error-message.js';
import type { KinModule } from '../../web/src/wasm/generated/kin.js';
import { glbWithAnimation } from './glb-animation.js';
import { outputBases } from './output-names.js';
import type { WorkerSetup } from './options.js';
import { reportJson } from './report-json.js';
import { readSourceMotion } from './source-motion.js';
import type { TargetCharacter } from './target-character.js';

/** What a worker holds for the whole batch. */
export interface BatchContext {
  module: KinModule;
  retargeter: Retargeter;
  target: TargetCharacter;
  options: WorkerSetup;
}

export interface ClipResult {
  /** The files written, the GLB first. */
  files: string[];
  meanAngle_deg: number;
}

export interface FileResult {
  clips: ClipResult[];
  warnings: string[];
}

// BVH readers mostly expect centimetres.
const BVH_METRES_PER_UNIT = 0.01;

/** Retargets every clip of the file at `path` onto the character; `base` names the outputs (without extension). */
export async function retargetFile(context: BatchContext, path: string, base: string): Promise<FileResult> {
  const { module, retargeter, target, options } = context;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new Error(`it cannot be read (${(error as NodeJS.ErrnoException).code ?? errorMessage(error)})`);
  }
  const source = await readSourceMotion(module, path, bytes);
  try {
    const bases = outputBases(base, source.clips.map((clip) => clip.name));
    const clips = source.clips.map((sourceClip, c): ClipResult => {
      const where = source.clips.length > 1 ? `animation '${sourceClip.name}': ` : '';
      source.rig.clips.setClip(sourceClip);
      const guessed = retargeter.autoMap(source.rig, target.rig);
      const { map, origins } = options.mapEntries === null ? { map: guessed, origins: Array.from(guessed, () => 'guessed' as const) } : withEntries(guessed, options.mapEntries, source.rig, target.rig);
      const problems = retargeter.validate(source.rig, target.rig, map);
      if (problems.length > 0) throw new Error(`${where}the bone mapping onto '${target.name}' does not hold: ${problems.join('; ')}`);
      const { clip, report } = retargeter.retarget(source.rig, target.rig, map, {
        mode: options.mode,
        contactLocks: options.mode === 'ik',
        fps: options.fps,
        clipName: sourceClip.name,
        targetName: target.name,
      });
      const files = [join(options.out, `${bases[c]}.glb`), join(options.out, `${bases[c]}.report.json`)];
      writeFileSync(files[0], new Uint8Array(glbWithAnimation(target, clip)));
      const reasons = guessReasons(map, origins, source.rig, target.rig);
      const about = { source: path, clip: sourceClip.name, target: options.onto, mode: options.mode, fps: clip.fps, map, origins, reasons, sourceRig: source.rig, targetRig: target.rig, warnings: source.warnings };
      writeFileSync(files[1], `${JSON.stringify(reportJson(report, about))}\n`);
      if (options.bvh) {
        files.push(join(options.out, `${bases[c]}.bvh`));
        writeFileSync(files[2], exportBvh(target.rig, clip, { metresPerUnit: BVH_METRES_PER_UNIT }).text);
      }
      return { files, meanAngle_deg: report.meanAngle_deg };
    });
    return { clips, warnings: source.warnings };
  } finally {
    source.rig.dispose();
  }
}
