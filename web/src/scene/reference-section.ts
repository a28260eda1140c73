// The scene file's 'reference' section: the reference image's bytes (kept
// beside the JSON through the sink), its file name and settings; null when
// the page has none. check() reads the picture's header
// before anything is decoded (picture-header.ts), and refuses each field wrong by name.
import { checkImageBytes } from './picture-header.js';
import { type Reference, type ReferenceSettings, DEFAULT_REFERENCE, withReferenceChanges } from './reference-image.js';
import type { SceneFileSection } from './scene-file-section.js';

export interface ReferenceSectionState {
  /** The bytes' name in the file (the sink's). */
  image: string;
  name: string;
  settings: ReferenceSettings;
}

/** What the section saves (no bytes: they went to the sink), or, checked, with the picture's bytes found in the file (what apply needs). */
export type CheckedReference = (ReferenceSectionState & { bytes?: Uint8Array }) | null;

/** `show` puts a picture (decoded by the page) and its settings on the page, or none. */
export function referenceSection(
  reference: Reference,
  show: (picture: { bytes: Uint8Array; name: string } | null, settings: ReferenceSettings) => Promise<void>,
): SceneFileSection<CheckedReference> {
  return {
    key: 'reference',
    save: (sink) => {
      const { image } = reference;
      if (image === null) return null;
      return { image: sink.add(image.name, image.bytes), name: image.name, settings: reference.settings };
    },
    check: (value, path, bytes) => {
      if (value === null) return null;
      if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path} must be null or an object {image, name, settings}`);
      const record = value as Record<string, unknown>;
      if (typeof record.name !== 'string' || record.name.length === 0 || record.name.length > 255) throw new Error(`${path}.name must be a file name of 1 to 255 characters`);
      if (typeof record.image !== 'string') throw new Error(`${path}.image must be the name of the picture's bytes in the file`);
      const picture = bytes.get(record.image);
      if (picture === undefined) throw new Error(`${path}.image: the file holds no bytes named ${JSON.stringify(record.image)}`);
      try {
        checkImageBytes(picture, record.name);
      } catch (error) {
        throw new Error(`${path}.image: ${(error as Error).message}`);
      }
      const settings = withReferenceChanges(DEFAULT_REFERENCE, record.settings ?? null, `${path}.settings`);
      return { image: record.image, name: record.name, settings, bytes: picture };
    },
    apply: (state) => {
      if (state === null) return show(null, DEFAULT_REFERENCE);
      if (state.bytes === undefined) throw new Error('reference: apply takes the state check() gave (with the picture\'s bytes)');
      return show({ bytes: state.bytes, name: state.name }, state.settings);
    },
  };
}
