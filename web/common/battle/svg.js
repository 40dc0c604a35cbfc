// SVG elements for the battle's drawings (the map, its overlay, the replay).

const NS = 'http://www.w3.org/2000/svg';

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'testid') el.dataset.testid = v;
    else if (k === 'dataset') { for (const [dk, dv] of Object.entries(v)) if (dv !== undefined) el.dataset[dk] = dv; }
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const r2 = (n) => Math.round(n * 100) / 100;
