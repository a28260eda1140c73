// The pose library's members of window.kin (see kin-api.ts): the poses, applying
// one as the library panel does (one undo step), and the user's library —
// save, rename, delete, clear, export and import — kept in the browser's
// IndexedDB (the storing members resolve once the pose is kept).
import { type ApplyOptions, applyLibraryPose } from '../posing/pose-library.js';
import type { KinPage } from './kin-tools-api.js';

export interface KinLibraryApi {
  /** Every pose of the library: the built-in ones, then the user's. */
  poseLibrary(): { id: string; name: string; category: string; builtIn: boolean }[];
  /** Applies a library pose: part 'whole' | 'upper' | 'lower' | 'hands' (default whole), mirror, blend 0 … 1 (default 1). */
  applyLibraryPose(id: string, options?: ApplyOptions): void;
  /** Keeps the pose on screen in the user's library; resolves to its id. */
  savePose(name: string, category: string): Promise<string>;
  renamePose(id: string, name: string): Promise<void>;
  deletePose(id: string): Promise<void>;
  /** Deletes every pose of the user's. */
  clearPoseLibrary(): Promise<void>;
  /** The user's poses as a library file's text. */
  exportPoseLibrary(): string;
  /** Adds a library file's poses; resolves to how many; rejects naming the problem, keeping nothing, for a bad file. */
  importPoseLibrary(text: string): Promise<number>;
  /** Resolves once the user's library has been read from the browser. */
  poseLibraryReady(): Promise<void>;
}

export function createLibraryApi(page: () => KinPage): KinLibraryApi {
  const library = () => page().poseLibrary;
  return {
    poseLibrary: () => library().poses().map(({ id, name, category, builtIn }) => ({ id, name, category, builtIn })),
    applyLibraryPose: (id, options = {}) => applyLibraryPose(page().editor, library().find(id), options, library().carry),
    savePose: async (name, category) => (await library().save(page().editor.session.rig, name, category as never)).id,
    renamePose: (id, name) => library().rename(id, name),
    deletePose: (id) => library().remove(id),
    clearPoseLibrary: () => library().clear(),
    exportPoseLibrary: () => library().exportText(),
    importPoseLibrary: (text) => library().importText(text),
    poseLibraryReady: () => page().poseLibraryLoaded,
  };
}
