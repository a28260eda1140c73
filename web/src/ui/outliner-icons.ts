// The outliner's small toggles drawn as SVG (an eye, a padlock), so that they
// need no icon font: Debian's Chromium may have no emoji.
const SVG = 'http://www.w3.org/2000/svg';

function icon(paths: readonly string[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '14');
  svg.setAttribute('height', '14');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', 'currentColor');
    path.setAttribute('stroke-width', '1.5');
    path.setAttribute('stroke-linecap', 'round');
    svg.append(path);
  }
  return svg;
}

/** An open eye (shown), or one struck through (hidden). */
export function eyeIcon(hidden: boolean): SVGSVGElement {
  const eye = ['M1.5 8 C4 3.5 12 3.5 14.5 8 C12 12.5 4 12.5 1.5 8 Z', 'M8 6 A2 2 0 1 0 8.01 6'];
  return icon(hidden ? [...eye, 'M2.5 13.5 L13.5 2.5'] : eye);
}

/** A padlock, closed (locked) or open. */
export function lockIcon(locked: boolean): SVGSVGElement {
  return icon(['M3.5 7.5 H12.5 V14 H3.5 Z', locked ? 'M5.5 7.5 V5 A2.5 2.5 0 0 1 10.5 5 V7.5' : 'M5.5 7.5 V5 A2.5 2.5 0 0 1 10.5 4']);
}
