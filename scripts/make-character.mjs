// Generates the default character, assets/character.glb.
//   node scripts/make-character.mjs          writes the asset
//   node scripts/make-character.mjs --check  exits 1 if the committed asset is not what the
//                                            generator produces now
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCharacterGlb } from './character/build-character.mjs';

const ASSET_PATH = fileURLToPath(new URL('../assets/character.glb', import.meta.url));

function sameBytes(a, b) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

const checkOnly = process.argv.includes('--check');
const started = performance.now();
const glb = buildCharacterGlb();
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (checkOnly) {
  if (!existsSync(ASSET_PATH) || !sameBytes(readFileSync(ASSET_PATH), glb)) {
    console.error(`${ASSET_PATH} is missing or out of date: run \`node scripts/make-character.mjs\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${ASSET_PATH} is up to date (${glb.length} bytes, generated in ${seconds} s).`);
} else {
  writeFileSync(ASSET_PATH, glb);
  console.log(`wrote ${ASSET_PATH} (${glb.length} bytes, generated in ${seconds} s).`);
}
