// Prints the README's benchmark summary as Markdown from bench/results/ik.json:
// per workload and target kind, our DLS (WASM and native) and the best row of
// each other implementation, with median µs and success (1e-4 × reach; for
// unreachable targets also 1e-3 × reach, in brackets).
//   npx tsx bench/readme-table.ts > /tmp/table.md
import { readFileSync } from 'node:fs';

interface Row {
  solver: string;
  impl: string;
  workload: string;
  variant: string;
  targets: string;
  median_us: number;
  success_rate: number;
  success_rate_1e3: number;
}

const { machine, rows } = JSON.parse(readFileSync('bench/results/ik.json', 'utf8')) as { machine: string; rows: Row[] };
const cases = [...new Set(rows.map((r) => `${r.workload}|${r.targets}|${r.variant}`))];
const columns: { title: string; pick: (r: Row) => boolean }[] = [
  { title: 'ours: DLS, WASM', pick: (r) => r.impl === 'wasm' && r.solver === 'dls' },
  { title: 'ours: DLS, native', pick: (r) => r.impl === 'native' && r.solver === 'dls' },
  { title: 'ours: CCD, WASM', pick: (r) => r.impl === 'wasm' && r.solver === 'ccd' },
  { title: 'ours: FABRIK, WASM', pick: (r) => r.impl === 'wasm' && r.solver === 'fabrik' },
  { title: 'three.js CCD (50)', pick: (r) => r.impl === 'three-ccd-50' },
  { title: 'closed-chain-ik, tuned', pick: (r) => r.impl === 'closed-chain-ik' && r.solver === 'dls-tuned' },
];
const percent = (rate: number) => `${(100 * rate).toFixed(0)} %`;
// Unreachable rows add the success at 1e-3 × reach (the solver issue's rule) in brackets.
const cell = (r: Row | undefined) =>
  r ? `${r.median_us.toFixed(0)} µs · ${percent(r.success_rate)}${r.targets === 'unreachable' ? ` (${percent(r.success_rate_1e3)})` : ''}` : '—';

console.log(`Machine: ${machine}. Median µs per solve · success rate.\n`);
console.log(`| workload | targets | start | ${columns.map((c) => c.title).join(' | ')} |`);
console.log(`| --- | --- | --- | ${columns.map(() => '---:').join(' | ')} |`);
for (const key of cases) {
  const [workload, targets, variant] = key.split('|');
  const here = rows.filter((r) => r.workload === workload && r.targets === targets && r.variant === variant);
  console.log(`| ${workload} | ${targets} | ${variant} | ${columns.map((c) => cell(here.find(c.pick))).join(' | ')} |`);
}
