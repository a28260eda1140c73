// One part of a scene file (scene-file.ts holds the container): the props,
// the contacts, the render camera and lights, the reference image each
// write and read their own section, so that what a part keeps and how it is
// checked live beside the part. Opening a file checks every section first
// (nothing changes if one fails), then applies them in order.

/** Where a section puts the bytes it keeps beside its JSON (a loaded prop's file, an image). */
export interface SceneFileSink {
  /** Stores `bytes` in the file and returns the name the section's JSON refers to them by. */
  add(nameHint: string, bytes: Uint8Array): string;
}

/** The bytes a file keeps beside its JSON, by the names a sink gave them. */
export type SceneFileBytes = ReadonlyMap<string, Uint8Array>;

/**
 * The characters the opened scene will hold, by id (the ids the file gives
 * them), in the scene's order: their bone names (rig order) and the bones
 * their goals pull.
 */
export type SceneFileCharacters = ReadonlyMap<number, { readonly name: string; readonly bones: readonly string[]; readonly goals: readonly string[] }>;

export interface SceneFileSection<T> {
  /** The section's field in the file's JSON. */
  readonly key: string;
  /** The part's state now, as JSON (numbers, strings, booleans, arrays, plain objects). */
  save(sink: SceneFileSink): T;
  /**
   * The state `value` (what the file holds under `key`) stands for, checked in
   * full; throws an Error whose message starts with `path` and names the
   * field (`scene.props[2].scale[1] must be a finite number above 0`). Changes nothing.
   * Character ids and bone names are checked against `characters`: the
   * file's, made but not yet on the page when this runs.
   */
  check(value: unknown, path: string, bytes: SceneFileBytes, characters: SceneFileCharacters): T;
  /** Puts a checked state on the page (after every section passed its check and the file's characters are on it). */
  apply(state: T): void | Promise<void>;
}
