// Solving a drag in a worker (issue 15, item 9): while the pose editor
// defers a gesture's solves here, each one becomes a request to the solve
// worker through a SolveClient (latest wins, one in flight), filled from the
// session as it is when sent; an answer is applied to the session's rig
// (setPose: FK and palette on this thread, one frame drawn) only if nothing
// but answers changed the pose since its request was filled. Answers still
// coming when the gesture ends land after it, unless an edit moves a target
// or sets the pose first. The worker is
// set up again (a new generation) whenever the session, its goals or its
// solver changed since it was last set up.
import type { Rig } from '../rig/rig.js';
import { type SolvePort, type SolvedAnswer, SolveClient } from '../rig/solve-client.js';
import type { FromSolveWorker, SolveBuffers } from '../rig/solve-protocol.js';
import type { PosingSession } from './posing-session.js';
import { Change, type Changes } from '../scene/scene-change.js';

export class BackgroundSolve {
  private readonly client: SolveClient;
  private setUpSession: PosingSession | null = null;
  private setUpRig: Rig | null = null;
  /** Raised by the set-up session's goals or solver changing: the worker is set up again. */
  private setUpStale = false;
  private filledSession: PosingSession | null = null;
  /** Raised by the filled session's pose changing after the request in flight was filled (only its answer may change it). */
  private poseMoved = false;
  /** Set when the last gesture ended: after it, a target moved (targetsMoved) means the answers still coming are stale. */
  private gestureOver = false;
  private targetsMoved = false;
  private stalePoses = 0;

  /** `session()`: the session on screen now (it tells its listener about an answer applied). */
  constructor(port: SolvePort, private readonly session: () => PosingSession) {
    this.client = new SolveClient(port, {
      fill: (buffers) => this.fill(buffers),
      solved: (answer) => this.apply(answer),
      failed: (message) => this.session().solveFailed(message),
    });
  }

  /** Whether a solve is in flight or wanted. */
  get busy(): boolean {
    return this.client.busy;
  }

  /** Answers applied (or failures recorded) and answers refused as stale, for the page's script API and tests. */
  get counts(): { applied: number; refused: number } {
    return { applied: this.client.applied - this.stalePoses, refused: this.client.refused + this.stalePoses };
  }

  /** Asks for a solve of the session's state (what PosingSession.deferSolves calls instead of solving). */
  readonly request = (): void => {
    const session = this.session();
    this.gestureOver = false;
    const rigChanged = session.rig !== this.setUpRig;
    if (session !== this.setUpSession || rigChanged || this.setUpStale) {
      this.client.setup(session.solveSetup(rigChanged), session.rig.boneCount);
      this.setUpSession = session;
      this.setUpRig = session.rig;
      this.setUpStale = false;
    }
    this.client.request();
  };

  /** The gesture whose solves were asked for has ended: its answers still to come are applied only while its targets stay. */
  gestureEnded(): void {
    this.gestureOver = true;
    this.targetsMoved = false;
  }

  /** Hears a session's changes as they happen (the editor passes each on before batching it); allocation-free. */
  sessionChanged(session: PosingSession, changes: Changes): void {
    if (session === this.setUpSession && (changes & (Change.GOALS | Change.SOLVER | Change.BODY)) !== 0) this.setUpStale = true;
    if (session !== this.filledSession) return;
    if ((changes & Change.POSE) !== 0) this.poseMoved = true;
    if (this.gestureOver && (changes & Change.TARGETS) !== 0) this.targetsMoved = true;
  }

  /** Drops the wanted solve and refuses the one in flight (the state is being put back, or solved here). */
  cancel(): void {
    this.client.cancel();
  }

  /** Hands a message from the worker over. */
  receive(message: FromSolveWorker): void {
    this.client.receive(message);
  }

  private fill(buffers: SolveBuffers): void {
    const session = this.session();
    session.fillSolveRequest(buffers);
    this.filledSession = session;
    this.poseMoved = false;
  }

  private apply(answer: SolvedAnswer): void {
    const session = this.session();
    // Undo, Esc or a script set the pose while the worker solved: its answer starts from a pose that is gone.
    // After the gesture, a target moved by an edit: the answer solves for targets that are gone.
    if (session !== this.filledSession || this.poseMoved || (this.gestureOver && this.targetsMoved)) {
      this.stalePoses++;
      return;
    }
    session.applySolved(answer.angles, answer.rootOffset, answer.report, answer.micros, answer.energy, answer.ikFrom);
  }
}
