// The pose library the page offers: the built-in poses, then the user's own,
// kept in a store (the browser's IndexedDB on the page, idb-pose-store.ts).
// Every change goes to the store first and shows once it is kept; what comes
// back from the store is checked as a file's entries are (a store another
// version or a hand wrote may hold anything).
import type { Rig } from '../rig/rig.js';
import { BUILT_IN_POSES } from './built-in-poses.js';
import { type LibraryPose, type PoseCarrier, type PoseCategory, capturedPose, hasLibraryBody } from './pose-library.js';
import { checkedCategory, checkedEntry, checkedPoseName, libraryFileText, MAX_LIBRARY_POSES, parseLibraryFile } from './pose-library-file.js';

/** Where the user's poses are kept. */
export interface PoseStore {
  all(): Promise<unknown[]>;
  put(pose: LibraryPose): Promise<void>;
  putAll(poses: readonly LibraryPose[]): Promise<void>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
}

/** A store in memory, for a page without IndexedDB and for tests. */
export class MemoryPoseStore implements PoseStore {
  private readonly poses = new Map<string, LibraryPose>();
  all(): Promise<unknown[]> {
    return Promise.resolve([...this.poses.values()].map((pose) => structuredClone(pose)));
  }
  put(pose: LibraryPose): Promise<void> {
    this.poses.set(pose.id, structuredClone(pose));
    return Promise.resolve();
  }
  async putAll(poses: readonly LibraryPose[]): Promise<void> {
    for (const pose of poses) await this.put(pose);
  }
  remove(id: string): Promise<void> {
    this.poses.delete(id);
    return Promise.resolve();
  }
  clear(): Promise<void> {
    this.poses.clear();
    return Promise.resolve();
  }
}

function newId(): string {
  return `user:${crypto.randomUUID()}`;
}

export class PoseLibrary {
  private user: LibraryPose[] = [];
  private readonly listeners = new Set<() => void>();
  /** Why the store's poses could not be read, or null. */
  loadProblem: string | null = null;

  private readonly fitting = new WeakMap<Rig, boolean>();
  private ownRig: Rig | null = null;

  /**
   * `knownBones`: the bone names a pose may set (the default character's).
   * `carry` takes a pose onto a character of other bones (by roles);
   * `libraryRig` makes a rig of the default character (the thumbnails').
   */
  constructor(
    private readonly store: PoseStore,
    private readonly knownBones: readonly string[],
    readonly carry?: PoseCarrier,
    private readonly libraryRig?: () => Rig,
  ) {}

  /** Whether the library's poses go onto `rig`: the default character's body, or enough bones that map by role. */
  fits(rig: Rig): boolean {
    let fits = this.fitting.get(rig);
    if (fits === undefined) {
      fits = hasLibraryBody(rig) || this.carries(rig);
      this.fitting.set(rig, fits);
    }
    return fits;
  }

  /** The rig the thumbnails are drawn on: the default character's (made once), else `fallback`. */
  thumbnailRig(fallback: Rig): Rig {
    if (this.libraryRig) this.ownRig ??= this.libraryRig();
    return this.ownRig ?? fallback;
  }

  private carries(rig: Rig): boolean {
    if (!this.carry) return false;
    try {
      this.carry(rig, BUILT_IN_POSES[0]);
      return true;
    } catch {
      return false;
    }
  }

  /** Reads the user's poses from the store; an entry that does not check out is left out, and loadProblem says which. */
  async load(): Promise<void> {
    const bones = new Set(this.knownBones);
    const kept: LibraryPose[] = [];
    const refused: string[] = [];
    (await this.store.all()).forEach((raw, index) => {
      try {
        // Kept as the page keeps a pose (rootOffset_ms); checked as a file's entry.
        const stored = typeof raw === 'object' && raw !== null ? (raw as { rootOffset_ms?: unknown }) : {};
        kept.push(checkedEntry(typeof raw === 'object' && raw !== null ? { ...raw, rootOffset: stored.rootOffset_ms } : raw, index, bones));
      } catch (error) {
        refused.push((error as Error).message);
      }
    });
    this.user = kept.sort((a, b) => a.name.localeCompare(b.name));
    this.loadProblem = refused.length === 0 ? null : `Left out of your pose library: ${refused.join('; ')}`;
    this.changed();
  }

  /** Built-in poses first, then the user's by name. */
  poses(): readonly LibraryPose[] {
    return [...BUILT_IN_POSES, ...this.user];
  }

  /** The pose with this id; throws naming it. */
  find(id: unknown): LibraryPose {
    const pose = this.poses().find((p) => p.id === id);
    if (!pose) throw new Error(`kin: no pose ${JSON.stringify(id)} in the library`);
    return pose;
  }

  /** Keeps the rig's pose under a name and category; resolves to the new pose. */
  async save(rig: Rig, name: string, category: PoseCategory): Promise<LibraryPose> {
    if (this.user.length >= MAX_LIBRARY_POSES) throw new Error(`kin: the library holds ${MAX_LIBRARY_POSES} poses already`);
    const pose = capturedPose(rig, newId(), checkedPoseName(name), checkedCategory(category));
    await this.store.put(pose);
    this.user = [...this.user, pose].sort((a, b) => a.name.localeCompare(b.name));
    this.changed();
    return pose;
  }

  async rename(id: string, name: string): Promise<void> {
    const pose = this.ownPose(id);
    const renamed = { ...pose, name: checkedPoseName(name) };
    await this.store.put(renamed);
    this.user = this.user.map((p) => (p.id === id ? renamed : p)).sort((a, b) => a.name.localeCompare(b.name));
    this.changed();
  }

  async remove(id: string): Promise<void> {
    this.ownPose(id);
    await this.store.remove(id);
    this.user = this.user.filter((p) => p.id !== id);
    this.changed();
  }

  async clear(): Promise<void> {
    await this.store.clear();
    this.user = [];
    this.changed();
  }

  /** The user's poses as a library file's text. */
  exportText(): string {
    return libraryFileText(this.user);
  }

  /** Adds a library file's poses (a pose of the same id is replaced); resolves to how many. Throws naming the problem, keeping nothing, for a bad file. */
  async importText(text: string): Promise<number> {
    const poses = parseLibraryFile(text, this.knownBones);
    const ids = new Set(poses.map((pose) => pose.id));
    if (this.user.filter((pose) => !ids.has(pose.id)).length + poses.length > MAX_LIBRARY_POSES) {
      throw new Error(`the library would hold more than the ${MAX_LIBRARY_POSES} poses it may`);
    }
    await this.store.putAll(poses);
    this.user = [...this.user.filter((pose) => !ids.has(pose.id)), ...poses].sort((a, b) => a.name.localeCompare(b.name));
    this.changed();
    return poses.length;
  }

  /** Calls `listener` after every change; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private ownPose(id: string): LibraryPose {
    const pose = this.user.find((p) => p.id === id);
    if (!pose) throw new Error(`kin: no pose ${JSON.stringify(id)} of yours in the library${this.poses().some((p) => p.id === id) ? ' (the built-in poses cannot be changed)' : ''}`);
    return pose;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
