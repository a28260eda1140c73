// The page's pose library: the user's poses in the browser's IndexedDB (in
// memory where a page has none), read while the page opens; a character of
// other bones takes the poses by bone roles, from the default character's
// rig (`bones`), on which the thumbnails are drawn too.
import { libraryPoseByRoles } from '../posing/library-by-roles.js';
import { LIBRARY_BONES } from '../posing/pose-library.js';
import { MemoryPoseStore, PoseLibrary } from '../posing/user-poses.js';
import { Rig } from '../rig/rig.js';
import type { BoneDesc } from '../rig/rig-desc.js';
import type { KinModule } from '../wasm/generated/kin.js';
import { IdbPoseStore } from './idb-pose-store.js';

export function pagePoseLibrary(module: KinModule, bones: readonly BoneDesc[]): { library: PoseLibrary; loaded: Promise<void> } {
  const library = new PoseLibrary(
    typeof indexedDB === 'undefined' ? new MemoryPoseStore() : new IdbPoseStore(),
    LIBRARY_BONES,
    (rig, pose) => libraryPoseByRoles(module, bones, rig, pose),
    () => Rig.create(module, bones),
  );
  const loaded = library.load().catch((error: unknown) => {
    library.loadProblem = `Your pose library could not be read: ${(error as Error).message}`;
  });
  return { library, loaded };
}
