// Loads the module in Node (tests, benchmarks). Emscripten 3.1.6 misuses
// Node's global fetch for local files, so the binary is read from disk and
// handed over directly.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import createKinModule, { type KinModule } from './generated/kin.js';

export async function loadKinModuleNode(): Promise<KinModule> {
  const wasmPath = fileURLToPath(new URL('./generated/kin.wasm', import.meta.url));
  return createKinModule({ wasmBinary: readFileSync(wasmPath) });
}
