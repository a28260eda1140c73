// Loads the module in the page; Vite resolves the .wasm file's URL so that
// it works from any sub-path the site is served from.
import createKinModule, { type KinModule } from './generated/kin.js';
import wasmUrl from './generated/kin.wasm?url';

export function loadKinModuleBrowser(): Promise<KinModule> {
  return createKinModule({ locateFile: (path) => (path.endsWith('.wasm') ? wasmUrl : path) });
}
