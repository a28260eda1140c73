// What each feature object of a Rig shares (rig-skinning.ts, clip-sampler.ts,
// rig-springs.ts, rig-teaching.ts, rig-mirror.ts): exactly one WASM handle
// of its own, made for its rig's address and deleted by dispose() (the Rig
// disposes its features before itself), and error codes turned into
// Error('Rig: …').
export interface FeatureWasmHandle {
  errorMessage(): string;
  address(): number;
  delete(): void;
}

export abstract class FeatureHandle<H extends FeatureWasmHandle> {
  private handle: H | null;
  /** The handle's address: the module's frame exports for this feature take it. */
  protected readonly address: number;

  protected constructor(
    handle: H,
    private readonly rigAlive: () => void,
  ) {
    this.handle = handle;
    this.address = handle.address();
  }

  get disposed(): boolean {
    return this.handle === null;
  }

  /** Deletes the WASM object. Idempotent. */
  dispose(): void {
    this.handle?.delete();
    this.handle = null;
  }

  protected live(): H {
    this.rigAlive();
    if (this.handle === null) throw new Error('Rig: used after dispose()');
    return this.handle;
  }

  protected check(code: number): void {
    if (code !== 0) throw new Error(`Rig: ${this.live().errorMessage()}`);
  }
}
