// The user's poses in the browser's IndexedDB, through idb (one object store
// of poses by id), so that they survive reloads.
import { type IDBPDatabase, openDB } from 'idb';
import type { LibraryPose } from '../posing/pose-library.js';
import type { PoseStore } from '../posing/user-poses.js';

const DATABASE = 'kin-pose-library';
const POSES = 'poses';

export class IdbPoseStore implements PoseStore {
  private readonly database: Promise<IDBPDatabase>;

  constructor() {
    this.database = openDB(DATABASE, 1, {
      upgrade(database) {
        database.createObjectStore(POSES, { keyPath: 'id' });
      },
    });
  }

  async all(): Promise<unknown[]> {
    return (await this.database).getAll(POSES);
  }

  async put(pose: LibraryPose): Promise<void> {
    await (await this.database).put(POSES, pose);
  }

  async putAll(poses: readonly LibraryPose[]): Promise<void> {
    const transaction = (await this.database).transaction(POSES, 'readwrite');
    await Promise.all([...poses.map((pose) => transaction.store.put(pose)), transaction.done]);
  }

  async remove(id: string): Promise<void> {
    await (await this.database).delete(POSES, id);
  }

  async clear(): Promise<void> {
    await (await this.database).clear(POSES);
  }
}
