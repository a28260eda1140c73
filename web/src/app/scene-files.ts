// Save scene / Open scene on the page: the file (scene/scene-file.ts) made
// of the characters' section (scene-file-characters.ts) and every other
// part's (props, contacts, camera, reference image: scene-file-section.ts).
// Opening is all or nothing: the container, every field of every section,
// the characters made and posed off the scene and the other sections checked
// against them — and only then is the scene replaced and each section
// applied. A file that fails anywhere before that leaves the page as it was.
import { type SceneFileContents, SceneFileBytesSink, readSceneFile, writeSceneFile } from '../scene/scene-file.js';
import type { SceneFileCharacters, SceneFileSection } from '../scene/scene-file-section.js';
import { type CharactersPage, applyCharacters, applyView, checkCharacters, prepareCharacters, saveCharacters } from './scene-file-characters.js';

const CHARACTERS_KEY = 'characters';

/** What opening a scene does around the characters' swap. */
export interface SceneFileHooks {
  /** Before the scene changes: playback stops, a gesture ends. */
  beforeOpen(): void;
  /** After every section applied: the clip menu, the lesson's tool, the link follow the new scene. */
  afterOpen(): void;
}

export class SceneFiles {
  private readonly sections: SceneFileSection<unknown>[] = [];
  private opening = false;

  constructor(private readonly page: CharactersPage, private readonly hooks: SceneFileHooks) {}

  /** Adds a part's section (applied after the characters, in the order added). */
  add<T>(section: SceneFileSection<T>): void {
    if (section.key === CHARACTERS_KEY || this.sections.some((s) => s.key === section.key)) throw new Error(`a scene file already has a section '${section.key}'`);
    this.sections.push(section as SceneFileSection<unknown>);
  }

  /** The scene on the page as a file. */
  save(): Uint8Array<ArrayBuffer> {
    const sink = new SceneFileBytesSink();
    const fields: Record<string, unknown> = { [CHARACTERS_KEY]: saveCharacters(this.page, sink) };
    for (const section of this.sections) fields[section.key] = section.save(sink);
    return writeSceneFile(fields, sink.bytes);
  }

  /** Opens a scene file in place of the scene; rejects naming the problem, the page as it was. */
  async open(file: Uint8Array): Promise<void> {
    if (this.opening) throw new Error('a scene file is opening already; wait for it');
    this.opening = true;
    try {
      await this.openNow(readSceneFile(file));
    } finally {
      this.opening = false;
    }
  }

  private async openNow({ sections, bytes }: SceneFileContents): Promise<void> {
    const keys = [CHARACTERS_KEY, ...this.sections.map((s) => s.key)];
    const unknown = Object.keys(sections).find((key) => !keys.includes(key));
    if (unknown !== undefined) throw new Error(`scene has a field ${JSON.stringify(unknown)} scene files do not have (its fields: format, version, ${keys.join(', ')})`);
    const missing = keys.find((key) => !(key in sections));
    if (missing !== undefined) throw new Error(`scene.${missing} is missing`);
    const characters = checkCharacters(sections[CHARACTERS_KEY], `scene.${CHARACTERS_KEY}`, bytes);
    const prepared = await prepareCharacters(this.page, characters, `scene.${CHARACTERS_KEY}`);
    let checked: unknown[];
    try {
      const made: SceneFileCharacters = new Map(characters.list.map((record, k) => {
        const { session } = prepared[k];
        return [record.id, { name: record.name, bones: session.rig.boneNames, goals: session.goalBones.map((bone) => session.rig.boneNames[bone]) }];
      }));
      checked = this.sections.map((section) => section.check(sections[section.key], `scene.${section.key}`, bytes, made));
      this.hooks.beforeOpen();
      applyCharacters(this.page, characters, prepared);
    } catch (error) {
      for (const made of prepared) this.page.characters.discard(made);
      throw error;
    }
    applyView(this.page, characters);
    for (const [k, section] of this.sections.entries()) await section.apply(checked[k]);
    this.hooks.afterOpen();
  }
}
