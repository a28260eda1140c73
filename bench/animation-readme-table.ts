// Prints the README's clip-playback benchmark summary as Markdown from
// bench/results/animation.json: per rig and clip, median (p95) µs per frame
// for our WASM and native builds and three.js, and three.js against WASM.
//   npx tsx bench/animation-readme-table.ts > /tmp/table.md
import { readFileSync } from 'node:fs';

interface Row {
  rig: string;
  variant: string;
  impl: string;
  bones: number;
  channels: number;
  median_us: number;
  p95_us: number;
}

const { machine, rows } = JSON.parse(readFileSync('bench/results/animation.json', 'utf8')) as { machine: string; rows: Row[] };
const cell = (r: Row | undefined) => (r ? `${r.median_us.toFixed(1)} (${r.p95_us.toFixed(1)})` : '—');

console.log(`Machine: ${machine}. Median (p95) µs per frame: clip → pose → FK → skinning palette.\n`);
console.log('| rig | bones | clip | channels | ours: WASM | ours: native | three.js AnimationMixer | three.js ÷ WASM |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
for (const key of [...new Set(rows.map((r) => `${r.rig}|${r.variant}`))]) {
  const [rig, variant] = key.split('|');
  const find = (impl: string) => rows.find((r) => r.rig === rig && r.variant === variant && r.impl === impl);
  const wasm = find('wasm');
  const three = find('three-js');
  const ratio = wasm && three ? `${(three.median_us / wasm.median_us).toFixed(1)}×` : '—';
  console.log(`| ${rig} | ${wasm?.bones ?? '—'} | ${variant} | ${wasm?.channels ?? '—'} | ${cell(wasm)} | ${cell(find('native'))} | ${cell(three)} | ${ratio} |`);
}
