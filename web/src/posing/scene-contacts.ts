// The contacts of the scene (scene/contacts.ts says what one is), kept
// true as the characters are edited: on every change of a character's pose
// or place (the editor's change events; nobody polls) each contact's point
// on the other character is carried into its character's model space, its
// goal's target put there and that character solved again.
//
// How contacts on each other settle (clasped hands: A's hand held on B's
// and B's on A's): alternating, Gauss–Seidel style. A round goes through
// the contacts in order, each solving its character toward the other's
// point as the previous solve left it; rounds repeat until every contact
// holds within TOLERANCE_M or MAX_ROUNDS. Not jointly, because each
// character is its own rig with its own solver in the core, and its pins,
// joint limits and floor are goals and bounds of that one solve: solving
// each character alone keeps all of them holding by construction, with no
// new solver over two skeletons. It converges fast: a reachable target is
// met by one solve to the solver's 10 µm, so the second contact already
// holds after the first one's solve (tests/web/contacts-mutual.test.ts
// measures, for clasped hands dragged by either character, one solve per
// drag move and a second round that only checks). The contacts of the
// character being dragged come last in each round: the other character
// follows the drag instead of pulling the dragged hand back. For it to
// converge, a clasp holds each goal on the other's own point (add() →
// clasped()): held at an offset from it, the two hands' turn against each
// other is left free, and the alternating solves chased it without end
// (measured: the error grew by 0.3 mm per drag move, never settling).
//
// Undo: the contact list and the poses of the characters other than the
// active one are a scene state part of every undo step (scene-editor.ts),
// so adding or removing a contact is one step, and undoing a drag that
// moved both characters brings both back. The drag path (settle) allocates
// nothing.
import { Change, type Changes } from '../scene/scene-change.js';
import { type Contact, type ContactSpec, MAX_CONTACTS, type Vec3, carryPoint, checkContactSpec, contactPoint_ms, goalPoint_ms, pointInBone } from '../scene/contacts.js';
import type { SceneCharacter } from '../scene/scene.js';
import { Signal } from '../rig/listener-list.js';
import type { PoseEditor } from './pose-editor.js';

/** A contact holds when its goal is this close to its point (metres): well within the 1 mm asked, above the solver's 10 µm. */
export const TOLERANCE_M = 1e-4;
/** Rounds of solves at the most per edit: contacts that cannot all hold (out of reach) stop there. */
export const MAX_ROUNDS = 12;

/** Changes that move a contact's point or its goal. */
const FOLLOWED = Change.POSE | Change.CHARACTERS | Change.BODY | Change.TARGETS;
/** Changes after which a contact's character, goal or bone may be gone. */
const RESOLVE = Change.CHARACTERS | Change.CHARACTER | Change.GOALS;

/** A contact with its characters and indices looked up (once per change of the list or the goals, not per drag frame). */
interface Resolved {
  contact: Contact;
  from: SceneCharacter;
  goal: number;
  to: SceneCharacter;
  bone: number;
}

/** A character's pose and goals as an undo step keeps them (of a character not active then). */
interface KeptPose {
  character: SceneCharacter;
  session: SceneCharacter['session'];
  angles: Float32Array;
  rootOffset_ms: Vec3;
  targets_ms: Float64Array;
  poles_ms: Float64Array;
  orientations_ms: Float64Array;
}

interface ContactsState {
  list: readonly Contact[];
  others: readonly KeptPose[];
}

/** What the latest settle did: for the status of a contact and for tests. */
export interface SettleReport {
  rounds: number;
  solves: number;
  /** The largest distance of a contact's goal from its point after it (metres). */
  worst: number;
}

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return false;
  return true;
}

function keepPose(character: SceneCharacter): KeptPose {
  const { session } = character;
  return {
    character,
    session,
    angles: Float32Array.from(session.rig.pose()),
    rootOffset_ms: session.rig.rootOffset,
    targets_ms: Float64Array.from(session.targets_ms),
    poles_ms: Float64Array.from(session.poles_ms),
    orientations_ms: Float64Array.from(session.orientations_ms),
  };
}

function samePose(a: KeptPose, b: KeptPose): boolean {
  return a.session === b.session && sameNumbers(a.angles, b.angles) && sameNumbers(a.rootOffset_ms, b.rootOffset_ms) && sameNumbers(a.targets_ms, b.targets_ms) && sameNumbers(a.poles_ms, b.poles_ms) && sameNumbers(a.orientations_ms, b.orientations_ms);
}

export class SceneContacts {
  private list: readonly Contact[] = [];
  private resolved: Resolved[] = [];
  private nextId = 1;
  private settling = false;
  private readonly changed = new Signal();
  private readonly point_ms = new Float64Array(3);
  private readonly goal_ms = new Float64Array(3);
  readonly lastSettle: SettleReport = { rounds: 0, solves: 0, worst: 0 };

  constructor(private readonly editor: PoseEditor) {
    editor.addStatePart<ContactsState>({
      capture: () => ({ list: this.list, others: this.editor.scene.characters.filter((c) => c !== this.editor.active).map(keepPose) }),
      restore: (state) => this.restore(state),
      same: (a, b) => a.list === b.list && a.others.length === b.others.length && a.others.every((p, i) => samePose(p, b.others[i])),
    });
    editor.onChange(this.heard);
  }

  /** The contacts, in the order they were added (an immutable list: a new one after every change). */
  get contacts(): readonly Contact[] {
    return this.list;
  }

  /** Calls `listener` whenever the list changes (added, removed, restored by undo, pruned); returns a function that stops it. */
  onChange(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  /**
   * Adds a contact (one undo step) and solves its character onto it; `spec`
   * is checked in full first (see checkContactSpec; errors start with
   * `path`), and a goal already held by a contact is refused. Its point left
   * out: where the goal is now, in the other's bone (the goal stays put and
   * holds there), but a contact that makes a clasp with one there holds
   * its goal on the other's goal (see clasped()); `pointField` names it (see
   * checkContactSpec). Returns the new contact.
   */
  add(spec: unknown, path = 'contact', pointField = 'point_bs'): Contact {
    this.refuseDuringGesture();
    if (this.list.length >= MAX_CONTACTS) throw new Error(`${path}: a scene holds at most ${MAX_CONTACTS} contacts; remove one first`);
    const checked = this.check(spec, path, this.list, pointField);
    const contact: Contact = { id: this.nextId++, ...checked };
    const pointGiven = typeof spec === 'object' && spec !== null && typeof (spec as { to?: unknown }).to === 'object' && ((spec as { to: Record<string, unknown> }).to ?? {})[pointField] !== undefined;
    const list = pointGiven ? [...this.list, contact] : this.clasped(contact);
    this.editor.undo.step(() => this.use(list));
    return list.find((c) => c.id === contact.id)!;
  }

  /**
   * The list with `contact` added; if the contact it would make with one
   * there is a clasp (each holds the other's goal: A's hand on B's hand and
   * B's on A's), both are made to hold their goals' own points on each
   * other, so that the two goals meet. Held where they are instead, each at
   * an offset in the other's frame, the pair would leave the hands' turn
   * free against each other and the alternating solves would chase it
   * without end (the offset turning with each hand).
   */
  private clasped(contact: Contact): readonly Contact[] {
    const other = this.list.find((c) => c.from.character === contact.to.character && c.from.bone === contact.to.bone && c.to.character === contact.from.character && c.to.bone === contact.from.bone);
    if (other === undefined) return [...this.list, contact];
    const { scene } = this.editor;
    const ownPoint = (end: { character: number; bone: string }) => {
      const character = scene.character(end.character);
      goalPoint_ms(character, character.session.goalIndex(end.bone), this.goal_ms);
      return pointInBone(character, character, character.session.rig.boneIndex(end.bone), this.goal_ms);
    };
    const held: Contact = { ...contact, to: { ...contact.to, point_bs: ownPoint(contact.to) } };
    const holding: Contact = { ...other, to: { ...other.to, point_bs: ownPoint(other.to) } };
    return [...this.list.map((c) => (c === other ? holding : c)), held];
  }

  /** Takes contact `id` away (one undo step); the characters stay as they are. Throws naming the ids there are. */
  remove(id: number): void {
    this.refuseDuringGesture();
    if (!this.list.some((c) => c.id === id)) throw new Error(`no contact ${JSON.stringify(id)}; the contacts are ${this.list.length === 0 ? 'none' : this.list.map((c) => c.id).join(', ')}`);
    this.editor.undo.step(() => this.use(this.list.filter((c) => c.id !== id)));
  }

  /**
   * Replaces every contact by `specs` (a link or a scene file opened; one
   * undo step): all are checked first, so a bad one changes nothing.
   */
  replace(specs: readonly unknown[], path = 'contacts'): void {
    this.refuseDuringGesture();
    if (specs.length > MAX_CONTACTS) throw new Error(`${path}: ${specs.length} contacts; a scene holds at most ${MAX_CONTACTS}`);
    const checked: ContactSpec[] = [];
    specs.forEach((spec, i) => {
      const one = this.check(spec, `${path}[${i}]`, checked);
      checked.push(one);
    });
    this.editor.undo.step(() => this.use(checked.map((c) => ({ id: this.nextId++, ...c }))));
  }

  /** No contacts, not an undo step (kin.reset(): the history is cleared too). */
  clear(): void {
    this.list = [];
    this.resolve();
    this.changed.tell();
  }

  /** How far contact `id`'s goal is from its point now (metres, world distance: placements are rigid). */
  distance(id: number): number {
    const r = this.resolved.find((one) => one.contact.id === id);
    if (r === undefined) throw new Error(`no contact ${JSON.stringify(id)}`);
    return this.gap(r);
  }

  /** Where contact `id`'s two points are now, in character `viewer`'s model space (the view's): the goal's, then the held one. */
  endpoints_ms(index: number, viewer: SceneCharacter, goal_out: Float64Array, point_out: Float64Array): void {
    const r = this.resolved[index];
    goalPoint_ms(r.from, r.goal, this.goal_ms);
    contactPoint_ms(viewer, r.to, r.bone, r.contact.to.point_bs, point_out);
    // The goal's point is in its own character's model space: carried through the world into the viewer's.
    carryPoint(r.from, viewer, this.goal_ms, goal_out);
  }

  /** How many contacts hold characters that are in the scene now (endpoints_ms's indices). */
  get count(): number {
    return this.resolved.length;
  }

  /**
   * Solves every contact's character onto its point, alternating (see the
   * top of this file), until all hold or MAX_ROUNDS. The contacts of
   * `moved` (the character just edited: the one dragged) come last in each
   * round: the others follow it first, so that a drag of a held hand moves
   * the hand holding it instead of being pulled back. Allocation-free.
   */
  settle(moved: SceneCharacter | null = null): void {
    const report = this.lastSettle;
    report.rounds = 0;
    report.solves = 0;
    report.worst = 0;
    if (this.resolved.length === 0) return;
    this.settling = true;
    try {
      for (let round = 0; round <= MAX_ROUNDS; round++) {
        // The last round only measures.
        const solving = round < MAX_ROUNDS;
        report.worst = 0;
        this.pass(moved, false, solving, round === 0);
        this.pass(moved, true, solving, round === 0);
        report.rounds = round + 1;
        if (report.worst <= TOLERANCE_M) break;
      }
    } finally {
      this.settling = false;
    }
  }

  /** One pass over the contacts of `moved` (`ofMoved`) or of the others: each measured (the worst distance into lastSettle), and solved onto its point if it is off (`solving`; a character solved in a worker in the first round only). */
  private pass(moved: SceneCharacter | null, ofMoved: boolean, solving: boolean, firstRound: boolean): void {
    const { resolved } = this;
    const p = this.point_ms;
    const g = this.goal_ms;
    const report = this.lastSettle;
    for (let i = 0; i < resolved.length; i++) {
      const r = resolved[i];
      if ((r.from === moved) !== ofMoved) continue;
      contactPoint_ms(r.from, r.to, r.bone, r.contact.to.point_bs, p);
      goalPoint_ms(r.from, r.goal, g);
      // Not Math.hypot: with three arguments V8 allocates for it.
      const dx = p[0] - g[0];
      const dy = p[1] - g[1];
      const dz = p[2] - g[2];
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d > report.worst) report.worst = d;
      if (d <= TOLERANCE_M || !solving) continue;
      const { session } = r.from;
      // Solved in a worker (a drag's, Solve in background): asked once; its answer lands as a pose change, which settles again.
      if (session.solvesDeferred && !firstRound) continue;
      session.placeTarget(r.goal, p);
      session.solve(false);
      report.solves++;
    }
  }

  private readonly heard = (changes: Changes, character: SceneCharacter): void => {
    if (this.settling || this.editor.restoring) return;
    if ((changes & RESOLVE) !== 0) this.resolve();
    if (this.resolved.length === 0 || (changes & Change.SAMPLE) !== 0 || (changes & FOLLOWED) === 0) return;
    this.settle(character);
  };

  private refuseDuringGesture(): void {
    if (this.editor.undo.inStep) throw new Error('finish the drag before changing contacts');
  }

  /** `spec` checked against the scene and `others`, the contacts it joins (a goal is held by one at the most). */
  private check(spec: unknown, path: string, others: readonly ContactSpec[], pointField = 'point_bs'): ContactSpec {
    const { scene } = this.editor;
    const checked = checkContactSpec(scene, spec, path, ({ from, to }) => {
      const fromCharacter = scene.character(from.character);
      const toCharacter = scene.character(to.character);
      const goal = fromCharacter.session.goalIndex(from.bone);
      goalPoint_ms(fromCharacter, goal, this.goal_ms);
      return pointInBone(fromCharacter, toCharacter, toCharacter.session.rig.boneIndex(to.bone), this.goal_ms);
    }, pointField);
    const held = others.find((c) => c.from.character === checked.from.character && c.from.bone === checked.from.bone);
    if (held !== undefined) throw new Error(`${path}.from: character ${checked.from.character}'s goal '${checked.from.bone}' is held by ${'id' in held ? `contact ${String(held.id)}` : 'another contact'} already`);
    return checked;
  }

  /** Takes `list` and solves onto it (inside an undo step). */
  private use(list: readonly Contact[]): void {
    this.list = list;
    this.resolve();
    this.settle();
    this.changed.tell();
  }

  /**
   * Looks the contacts' characters, goals and bones up; a contact whose
   * character, goal or bone is gone (a character removed or replaced, its
   * goal set changed) goes too.
   */
  private resolve(): void {
    const { scene } = this.editor;
    const resolved: Resolved[] = [];
    for (const contact of this.list) {
      if (!scene.has(contact.from.character) || !scene.has(contact.to.character)) continue;
      const from = scene.character(contact.from.character);
      const to = scene.character(contact.to.character);
      const goal = from.session.goalNames.indexOf(contact.from.bone);
      const bone = to.session.rig.boneNames.indexOf(contact.to.bone);
      if (goal >= 0 && bone >= 0) resolved.push({ contact, from, goal, to, bone });
    }
    this.resolved = resolved;
    if (resolved.length === this.list.length) return;
    this.list = resolved.map((r) => r.contact);
    this.changed.tell();
  }

  private restore(state: ContactsState): void {
    for (const kept of state.others) {
      const { character, session } = kept;
      // A character gone or replaced since: its pose is no longer one to put back.
      if (!this.editor.scene.characters.includes(character) || character.session !== session || samePose(kept, keepPose(character))) continue;
      session.placePose(kept.angles, kept.rootOffset_ms);
      session.placeGoalState(kept.targets_ms, kept.poles_ms, kept.orientations_ms);
    }
    if (state.list === this.list) return;
    this.list = state.list;
    this.resolve();
    this.changed.tell();
  }

  private gap(r: Resolved): number {
    contactPoint_ms(r.from, r.to, r.bone, r.contact.to.point_bs, this.point_ms);
    goalPoint_ms(r.from, r.goal, this.goal_ms);
    const p = this.point_ms;
    const g = this.goal_ms;
    return Math.hypot(p[0] - g[0], p[1] - g[1], p[2] - g[2]);
  }
}
