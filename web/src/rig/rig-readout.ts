// What a Rig reads back without changing anything: the bone buffers as
// views over WASM memory, one per buffer slot of the contract
// (buffer-views.ts; a view is made again only when memory has grown), the
// goals' targets as the core holds them, and the root offset and last
// report's numbers from the exchange record (exchange-record.ts). rig.ts's
// Rig extends it with every call that changes the rig. Reading allocates
// nothing but the copies named so (goalTargets, rootOffset).
import type { KinModule, RigHandle } from '../wasm/generated/kin.js';
import { BufferViews } from './buffer-views.js';
import type { KinContract, SolveStatus } from './contract.js';
import { ExchangeRecord } from './exchange-record.js';
import type { Vec3Tuple } from './rig-desc.js';

export interface SolveReport {
  status: SolveStatus;
  iterations: number;
  /** Largest goal distance after the solve, model units (an orientation's or a pole's miss where larger). */
  error: number;
  /**
   * The weighted energy ½ Σ w·d² after the solve: what the iterative solvers
   * lower. It never rises from the start, but `error` can: a pin weighing 100
   * can keep its foot by moving a hand away from its target.
   */
  energy: number;
  /** The goal (index in the goals set) whose miss is `error`; -1 without goals. */
  worstGoal: number;
  /**
   * A solve that ended away from its targets: the goal whose target lies
   * farthest beyond any pose's reach (the core's bound: its bones stretched
   * straight from a fixed root, or from another goal's target that holds as
   * hard), -1 when every target is within reach and a miss is the solver's.
   */
  shortGoal: number;
  /** How far beyond reach shortGoal's target is, model units (0 with none). */
  shortfall: number;
  /** Entries in energyHistory(): E before the first and after each iteration. */
  energyCount: number;
}

export abstract class RigReadout {
  /** The module's contract (contract.ts): its solvers, options, enum orders and record layout. */
  readonly contract: KinContract;
  protected readonly exchange: ExchangeRecord;
  protected readonly views: BufferViews;
  /** The last solve's report, one object every solve reuses. */
  protected readonly report: SolveReport = { status: 'invalid-input', iterations: 0, error: 0, energy: 0, worstGoal: -1, shortGoal: -1, shortfall: 0, energyCount: 0 };
  private energyWhole: Float32Array | null = null;
  private readonly energyPrefixes: Float32Array[] = [];

  protected constructor(module: KinModule, contract: KinContract, handle: RigHandle) {
    this.contract = contract;
    this.exchange = new ExchangeRecord(module, handle.exchangePtr(), contract.exchange);
    this.views = new BufferViews(module, this.exchange, contract.exchange);
  }

  /** The rig's handle; throws Error('Rig: used after dispose()') once it is gone. */
  protected abstract live(): RigHandle;

  /** The root offset (model space); a solve that moves the root changes it. */
  get rootOffset(): Vec3Tuple {
    this.live();
    // Through a typed array, as readRootOffset: a plain array here made the copy polymorphic, and a drag
    // frame's readRootOffset after an undo step's capture then boxed each number (tests/web/contacts-allocation.test.ts).
    const out = new Float64Array(3);
    this.exchange.rootOffset(out);
    return [out[0], out[1], out[2]];
  }

  /** The root offset into `out` (3 numbers): allocation-free, for a drag frame. */
  readRootOffset(out: Float32Array | Float64Array): void {
    this.live();
    this.exchange.rootOffset(out);
  }

  get goalCount(): number {
    return this.live().goalCount();
  }

  /** Skinning palette P_j · inverse bind_j, 16 floats per bone (view, no copy). */
  palette(): Float32Array {
    return this.view('palette');
  }

  /** Bone-to-model matrices P_j, 16 floats per bone (view). */
  modelMatrices(): Float32Array {
    return this.view('model');
  }

  /** The pose's bone-to-model matrices alone: modelMatrices() without what the springs added, 16 floats per bone (view). */
  poseModelMatrices(): Float32Array {
    return this.view('poseModel');
  }

  /** Bind-pose bone-to-model matrices B_j, 16 floats per bone (view). */
  bindMatrices(): Float32Array {
    return this.view('bind');
  }

  /** Bone tips in model space, 3 floats per bone (view). */
  boneTips(): Float32Array {
    return this.view('tips');
  }

  /** The pose: 3 angles per bone by slot (view). */
  pose(): Float32Array {
    return this.view('pose');
  }

  /** The pose IK's ranges lie about (BoneDesc.ikRange): the pose as last set, not solved, unless setIkFrom says otherwise (view). */
  ikFrom(): Float32Array {
    return this.view('ikFrom');
  }

  /** E per iteration of the last solve (view). */
  energyHistory(): Float32Array {
    const whole = this.view('energy');
    if (whole !== this.energyWhole) {
      this.energyWhole = whole;
      this.energyPrefixes.length = 0;
    }
    // One view per history length, made once: solves of a drag stop after
    // different iteration counts, and a new view each would allocate.
    const count = this.report.energyCount;
    return (this.energyPrefixes[count] ??= whole.subarray(0, count));
  }

  /**
   * Goal `goal`'s target (model space), component k (0 x, 1 y, 2 z), read
   * from the core's goals (the one place a drag's target is held). Throws
   * naming the goal and the count for a bad index.
   */
  goalTarget(goal: number, k: number): number {
    const count = this.goalCount;
    if (!Number.isInteger(goal) || goal < 0 || goal >= count) throw new Error(`Rig: goal index ${goal} is out of range [0, ${count})`);
    if (k !== 0 && k !== 1 && k !== 2) throw new Error(`Rig: goal ${goal}: target component ${k} is not 0, 1 or 2`);
    const record = this.contract.goalRecord;
    return this.view('goals')[goal * record.floats + record.target + k];
  }

  /**
   * Every goal's target (model space) into `out`, 3 numbers per goal in goal
   * order; allocation-free. Goals `out` has room for past the rig's (its
   * goals were replaced behind the caller's back) read NaN.
   */
  readGoalTargets(out: Float64Array): void {
    const record = this.contract.goalRecord;
    const goals = this.view('goals');
    const count = goals.length / record.floats;
    for (let g = 0; 3 * g < out.length; g++) {
      const at = g * record.floats + record.target;
      const held = g < count;
      out[3 * g] = held ? goals[at] : Number.NaN;
      out[3 * g + 1] = held ? goals[at + 1] : Number.NaN;
      out[3 * g + 2] = held ? goals[at + 2] : Number.NaN;
    }
  }

  /** Every goal's target (model space), 3 numbers per goal in goal order (a copy). */
  goalTargets(): Float32Array {
    const record = this.contract.goalRecord;
    const goals = this.view('goals');
    const count = goals.length / record.floats;
    const out = new Float32Array(3 * count);
    for (let g = 0; g < count; g++) out.set(goals.subarray(g * record.floats + record.target, g * record.floats + record.target + 3), 3 * g);
    return out;
  }

  /**
   * The balance of the current pose (view, no copy): the centre of mass
   * (model space, 3 floats), then the support polygon of the planted feet as
   * (x, z) pairs on the floor, counter-clockwise in (x, z); none with no foot
   * planted (a foot a goal holds, its toe on the floor).
   */
  balance(): Float32Array {
    return this.view('balance');
  }

  /** The centre of mass of the current pose, model space (a copy). */
  centerOfMass(): Vec3Tuple {
    const balance = this.balance();
    return [balance[0], balance[1], balance[2]];
  }

  /** The view over one of the rig's own buffer slots (checks that the rig is alive). */
  protected view(slot: 'palette' | 'model' | 'poseModel' | 'bind' | 'tips' | 'pose' | 'energy' | 'goals' | 'balance' | 'ikFrom'): Float32Array {
    this.live();
    return this.views.view(slot);
  }
}
