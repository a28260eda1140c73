// Prints the README's skinning benchmark summary as Markdown from
// bench/results/skinning.json: per mesh and method, M vertices/s for our
// WASM and native builds and the three.js loop, and WASM against three.js.
//   npx tsx bench/skinning-readme-table.ts > /tmp/table.md
import { readFileSync } from 'node:fs';

interface Row {
  method: string;
  impl: string;
  workload: string;
  vertices: number;
  median_vertices_per_s: number;
}

const { machine, rows } = JSON.parse(readFileSync('bench/results/skinning.json', 'utf8')) as { machine: string; rows: Row[] };
const millions = (r: Row | undefined) => (r ? (r.median_vertices_per_s / 1e6).toFixed(1) : '—');

console.log(`Machine: ${machine}. Median M vertices/s (positions + normals, 4 influences).\n`);
console.log('| mesh | vertices | method | ours: WASM (SIMD) | ours: native | three.js loop | WASM ÷ three.js |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: |');
for (const key of [...new Set(rows.map((r) => `${r.workload}|${r.method}`))]) {
  const [workload, method] = key.split('|');
  const find = (impl: string) => rows.find((r) => r.workload === workload && r.method === method && r.impl === impl);
  const wasm = find('wasm');
  const three = find('three-js');
  const ratio = wasm && three ? `${(wasm.median_vertices_per_s / three.median_vertices_per_s).toFixed(0)}×` : '— (three.js has no DQS)';
  console.log(`| ${workload} | ${wasm?.vertices ?? '—'} | ${method.toUpperCase()} | ${millions(wasm)} | ${millions(find('native'))} | ${millions(three)} | ${ratio} |`);
}
