// Page entry: installs window.kin at once (tests await kin.ready), then boots
// the demo. Every failure, during loading or later, ends in a readable overlay.
import characterUrl from '../../assets/character.glb?url';
import { boot } from './app/boot.js';
import { errorMessage } from './text/error-message.js';
import { showErrorOverlay } from './ui/error-overlay.js';
import { createKinApi } from './app/kin-api.js';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');

const kin = createKinApi();
window.kin = kin.api;

function fail(what: string, error: unknown): void {
  showErrorOverlay(root as HTMLElement, what, error);
  kin.fail(`${what}: ${errorMessage(error)}`);
}

// The browser logs uncaught errors itself; these only make them visible.
window.addEventListener('error', (event) => fail('Something went wrong', event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => fail('Something went wrong', event.reason));

void boot(root, kin, characterUrl, (what, error) => {
  // Caught errors would otherwise leave no trace for whoever debugs the page.
  console.error(error);
  fail(what, error);
});
