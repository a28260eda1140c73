// The table of measured volumes beside the 3D view: one row per specimen and
// method, one column per twist. The cylinder's volume is shown as a share of
// its rest volume, the body's as the millilitres the twist lost.
import type { SkinningMethod } from '../rig/rig.js';

export interface VolumeCell {
  specimen: string;
  method: SkinningMethod;
  twistDegrees: number;
  volume: number;
  restVolume: number;
}

export type VolumeFormat = 'percent' | 'millilitres';

function formatVolume(cell: VolumeCell, format: VolumeFormat): string {
  if (format === 'percent') return `${((100 * cell.volume) / cell.restVolume).toFixed(1)} %`;
  const lost_ml = (cell.volume - cell.restVolume) * 1e6; // model units are metres
  return `${lost_ml >= 0 ? '+' : '−'}${Math.abs(lost_ml).toFixed(0)} ml`;
}

export function volumeTable(parent: HTMLElement, twistsDegrees: readonly number[], rows: { cells: VolumeCell[]; format: VolumeFormat; color: string }[]): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'volumes';
  const head = table.createTHead().insertRow();
  head.insertCell().textContent = 'volume';
  for (const degrees of twistsDegrees) head.insertCell().textContent = `${degrees}°`;
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    const label = tr.insertCell();
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = row.color;
    label.append(swatch, `${row.cells[0].specimen} · ${row.cells[0].method.toUpperCase()}`);
    for (const cell of row.cells) {
      const td = tr.insertCell();
      td.textContent = formatVolume(cell, row.format);
      td.dataset.specimen = cell.specimen;
      td.dataset.method = cell.method;
      td.dataset.twist = String(cell.twistDegrees);
    }
  }
  parent.append(table);
  return table;
}
