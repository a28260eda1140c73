// A rig's spring chains (wasm/include/kin/rig_springs.h): secondary motion
// on top of its pose. Got from Rig.springs; step() is a frame's call and
// allocates nothing. Whoever shows or steps the chains hears their changes
// through onChange().
import type { SpringsHandle } from '../wasm/generated/kin.js';
import { FeatureHandle } from './feature-handle.js';
import { Signal } from './listener-list.js';
import type { RigParts } from './rig-parts.js';
import type { SpringChain, SpringChainDesc } from './springs.js';

export class RigSprings extends FeatureHandle<SpringsHandle> {
  private readonly changes = new Signal();

  constructor(private readonly rig: RigParts) {
    super(new rig.module.RigSprings(rig.address), () => rig.alive());
  }

  /**
   * Replaces the spring chains (rig/springs.ts; bones by index or name) and
   * starts them at rest on the current pose. Validated in the core (each
   * bone's own swing limit too, one per bone): throws Error('Rig: spring
   * chain …') naming the chain and the bone, keeping the chains it had.
   * Springs move the model matrices, tips and palette on stepSprings(),
   * never the pose's angles.
   */
  setSpringChains(chains: readonly SpringChainDesc[]): void {
    const flat = chains.map((c) => ({ ...c, bones: c.bones.map((b) => (typeof b === 'string' ? this.rig.boneIndex(b) : b)) }));
    this.check(this.live().setSpringChains(flat));
    this.changes.tell();
  }

  /**
   * Calls `listener` after every change of the chains (set, turned on or
   * off, reset): the springs need a step to show it. Returns a function that
   * stops it.
   */
  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  /** The chains as set (their enabled flags as now; boneSwingMax empty when none was given), in the order given. */
  springChains(): SpringChain[] {
    const h = this.live();
    return Array.from({ length: h.springChainCount() }, (_, c) => h.springChain(c)!);
  }

  /** Turns a chain on or off; one turned on starts from the pose as it is then. */
  setSpringEnabled(chain: number, on: boolean): void {
    this.check(this.live().setSpringEnabled(chain, on));
    this.changes.tell();
  }

  /** Every chain back at rest on the current pose (the buffers show the pose alone until the next step). */
  resetSprings(): void {
    this.check(this.live().resetSprings());
    this.changes.tell();
  }

  /**
   * Advances the springs by `dtMillis` milliseconds (finite, in (0, 1000]): FK
   * of the pose, the chains, tips and palette. Call it after the frame's
   * solve or sampleClip. Milliseconds, as a frame's whole ones pass without
   * being boxed into a heap number: allocation-free.
   */
  stepSprings(dtMillis: number): void {
    this.live();
    this.rig.exchange.setSpringStep(dtMillis);
    this.check(this.rig.module._kin_springs_step(this.address));
  }

  /** Whether every enabled chain has come to rest (true without any). */
  get springsSettled(): boolean {
    this.live();
    return this.rig.module._kin_springs_settled(this.address) === 1;
  }
}
