// Loads what the user hands the page — files picked or dropped together, a
// URL, bytes from a script — with the importer that reads it (importer.ts),
// and hands the result on: a character to show in place of the one on
// screen, or a pose to apply to it. Everything is built before anything is
// shown: whatever fails on the way is reported by a message naming the
// problem, and the character on screen stays, posable. Loads run one at a
// time, in the order asked.
import { errorMessage } from '../text/error-message.js';
import type { CharacterParts } from './character-parts.js';
import type { NamedPose } from '../posing/named-pose.js';
import type { ImportFiles, ImportOptions, ImportQuestions, Importer } from './importer.js';
import { type ModelInput, readModelInput } from './model-input.js';

export type ModelLoadOutcome = { ok: true; kind: 'character' | 'pose' | 'scene'; summary: string } | { ok: false; error: string };

/** What the loader needs from the page around it. */
export interface ModelLoaderHooks extends ImportQuestions {
  /** Shows what happened: a problem (nothing changed), or a note (loaded, perhaps with warnings). */
  report(text: string, kind: 'problem' | 'note'): void;
  /** Puts a character on the page; throws, changing nothing, if it cannot. */
  showCharacter(parts: CharacterParts): void;
  /** Applies a pose to the character on screen; returns what to tell the user about it (bones it did not match), or throws. */
  applyPose(pose: NamedPose): string;
}

export class ModelLoader {
  private queue: Promise<unknown> = Promise.resolve();
  private unfinished = 0;

  constructor(
    private readonly importers: readonly Importer[],
    private readonly hooks: ModelLoaderHooks,
  ) {}

  /** The file names the importers read (for a file picker's `accept`). */
  get formats(): string {
    return this.importers.map((importer) => importer.format).join(', ');
  }

  /** Loads after any load already under way; never throws (the outcome says what happened). */
  load(input: ModelInput | readonly File[], options: ImportOptions = {}): Promise<ModelLoadOutcome> {
    this.unfinished++;
    const next = this.queue.then(() => this.loadNow(input, options)).finally(() => this.unfinished--);
    this.queue = next;
    return next;
  }

  /** Whether a load is under way or waiting for one. */
  get loading(): boolean {
    return this.unfinished > 0;
  }

  /** Resolves once every load asked for so far has ended. */
  async settled(): Promise<void> {
    await this.queue;
  }

  private async loadNow(input: ModelInput | readonly File[], options: ImportOptions): Promise<ModelLoadOutcome> {
    let name = typeof input === 'string' ? 'the model' : Array.isArray(input) ? `'${input[0]?.name ?? 'nothing'}'` : `'${(input as File).name}'`;
    try {
      const { files, importer } = await this.read(input);
      name = `'${files.main.name}'`;
      this.hooks.report(`Loading ${name}…`, 'note');
      const result = await importer.import(files, this.hooks, options);
      let summary = result.summary;
      if (result.kind === 'character') {
        result.parts.loadedFrom = files;
        try {
          this.hooks.showCharacter(result.parts);
        } catch (error) {
          result.parts.rig.dispose();
          throw error;
        }
      } else {
        summary = [summary, this.hooks.applyPose(result.pose)].filter(Boolean).join(' ');
      }
      this.hooks.report(summary, 'note');
      return { ok: true, kind: result.kind, summary };
    } catch (error) {
      const message = `Could not load ${name}: ${errorMessage(error)}`;
      this.hooks.report(message, 'problem');
      return { ok: false, error: message };
    }
  }

  /**
   * The character in `files` (a scene file's), made but not shown: its
   * importer chosen as for a load, no question asked (`options` says which
   * skin). Throws naming the problem; the caller owns the parts' rig.
   */
  async importCharacter(files: ImportFiles, options: ImportOptions): Promise<CharacterParts> {
    const importer = this.importers.find((candidate) => candidate.accepts(files.main));
    if (importer === undefined) throw new Error(`'${files.main.name}' is not a format the page reads (${this.formats})`);
    const result = await importer.import(files, { chooseSkin: () => Promise.resolve(null) }, options);
    if (result.kind !== 'character') throw new Error(`'${files.main.name}' holds a pose, not a character`);
    result.parts.loadedFrom = files;
    return result.parts;
  }

  /** The files' bytes and the importer for the main one (the first file an importer accepts); the others are its companions. */
  private async read(input: ModelInput | readonly File[]): Promise<{ files: ImportFiles; importer: Importer }> {
    const inputs: readonly ModelInput[] = Array.isArray(input) ? input : [input as ModelInput];
    if (inputs.length === 0) throw new Error('no file was given');
    const all = await Promise.all(inputs.map((one) => readModelInput(one)));
    // Companions go by the names they came with, which the main file's URIs name (not the link-safe ones).
    const givenNames = inputs.map((one, i) => (typeof one === 'string' ? all[i].name : one.name));
    for (const main of all) {
      const importer = this.importers.find((candidate) => candidate.accepts(main));
      if (importer === undefined) continue;
      const companions = new Map(all.flatMap((other, i) => (other === main ? [] : [[givenNames[i], other.bytes] as const])));
      return { files: { main, companions }, importer };
    }
    const names = all.map((file) => `'${file.name}'`).join(', ');
    throw new Error(`${names} ${all.length === 1 ? 'is' : 'are'} not a format the page reads (${this.formats})`);
  }
}
