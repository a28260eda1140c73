// The asking side of solve-protocol.ts, for a thread that must not wait on
// solves (the page during a drag): at most one request in flight; a request
// made while one is in flight only marks that another is wanted, and it is
// filled when it is sent — from the state as it is then (the latest finished
// solve applied, the latest targets): the latest wins, however many moves
// came in between. Answers of an older setup (generation), or sent before a
// cancel(), are refused: counted, never handed on. The port is a Web Worker
// or a Node worker thread; whoever owns it passes its messages to receive().
import { type FromSolveWorker, GOAL_VALUES, type SolveBuffers, type SolveSetup, type ToSolveWorker, transferList } from './solve-protocol.js';

export interface SolvePort {
  post(message: ToSolveWorker, transfer: ArrayBuffer[]): void;
}

export type SolvedAnswer = Extract<FromSolveWorker, { kind: 'solved' }>;

/** What the client asks of the thread it works for. */
export interface SolveRequester {
  /** Writes the start pose, root offset and goal values into a request about to be sent (sized by the last setup). */
  fill(buffers: SolveBuffers): void;
  /** A current request was solved: apply it (the buffers are lent; copy what you keep). */
  solved(answer: SolvedAnswer): void;
  /** A current request failed (the Rig's named error), or the worker cannot solve at all. */
  failed(message: string): void;
}

export class SolveClient {
  private generation = 0;
  private nextId = 0;
  /** Answers to requests before this id are refused (cancel()). */
  private acceptFrom = 0;
  private inFlight = false;
  private wanted = false;
  private spare: SolveBuffers | null = null;
  private angleCount = 0;
  private valueCount = 0;
  private dead: string | null = null;
  private refusedAnswers = 0;
  private appliedAnswers = 0;

  constructor(private readonly port: SolvePort, private readonly requester: SolveRequester) {}

  /** Whether a request is in flight or wanted. */
  get busy(): boolean {
    return this.inFlight || this.wanted;
  }

  /** Answers refused as stale so far. */
  get refused(): number {
    return this.refusedAnswers;
  }

  /** Answers handed to the requester so far (solved or failed). */
  get applied(): number {
    return this.appliedAnswers;
  }

  /** Starts a generation: the worker's rig, solver and goals from now on; anything in flight or wanted is dropped. */
  setup(setup: SolveSetup, boneCount: number): void {
    this.generation++;
    this.wanted = false;
    this.angleCount = 3 * boneCount;
    this.valueCount = GOAL_VALUES * setup.goals.length;
    this.port.post({ kind: 'setup', generation: this.generation, setup }, []);
  }

  /** Asks for a solve of the state as it will be when the request is sent (now, if none is in flight). */
  request(): void {
    if (this.dead !== null) {
      this.requester.failed(this.dead);
      return;
    }
    this.wanted = true;
    if (!this.inFlight) this.send();
  }

  /** Drops what is wanted and refuses the answer in flight (the state changed under it). */
  cancel(): void {
    this.wanted = false;
    this.acceptFrom = this.nextId;
  }

  /** Hands a message from the worker to the client. */
  receive(message: FromSolveWorker): void {
    if (message.kind === 'fatal') {
      this.dead = message.message;
      this.inFlight = false;
      this.wanted = false;
      this.requester.failed(message.message);
      return;
    }
    this.inFlight = false;
    const current = message.generation === this.generation && message.id >= this.acceptFrom;
    if (!current) this.refusedAnswers++;
    else {
      this.appliedAnswers++;
      if (message.kind === 'solved') this.requester.solved(message);
      else this.requester.failed(message.message);
    }
    // Reused for the next request (if its sizes still fit then: a setup may change them).
    this.spare = { angles: message.angles, rootOffset: message.rootOffset, goalValues: message.goalValues, ...(message.ikFrom ? { ikFrom: message.ikFrom } : {}) };
    if (this.wanted) this.send();
  }

  private send(): void {
    this.wanted = false;
    this.inFlight = true;
    const spare = this.spare;
    this.spare = null;
    const fits = spare !== null && spare.angles.length === this.angleCount && spare.ikFrom?.length === this.angleCount && spare.goalValues.length === this.valueCount;
    const buffers = fits ? spare : { angles: new Float32Array(this.angleCount), rootOffset: new Float64Array(3), goalValues: new Float64Array(this.valueCount), ikFrom: new Float32Array(this.angleCount) };
    this.requester.fill(buffers);
    this.port.post({ kind: 'solve', generation: this.generation, id: this.nextId++, ...buffers }, transferList(buffers));
  }
}
