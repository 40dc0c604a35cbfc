// A colonel's month-by-month chart from the view's `history` ([{turn, label, fortune, pip, drill, musketry,
// effectiveness, companies}]): three small inline SVG panels (the regiment's attributes on their 1-6 scale,
// fortune, PIP). Colours come from style.css classes; nothing is styled inline.

import { h } from '../common/dom.js';
import { pounds, num, shortLabel } from './format.js';

const SVG = 'http://www.w3.org/2000/svg';

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) {
    if (c === null || c === undefined) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const W = 260;
const H = 118;
const PAD = { left: 38, right: 10, top: 10, bottom: 26 };

function niceRange(values) {
  const vs = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  if (vs.length === 0) return [0, 1];
  let lo = Math.min(...vs);
  let hi = Math.max(...vs);
  if (lo === hi) {
    const pad = Math.max(1, Math.abs(lo) * 0.1);
    lo -= pad;
    hi += pad;
  }
  return [lo, hi];
}

// One panel: series [{key, label, values: [number|null]}], all over the same points.
function panel({ title, series, labels, yMin, yMax, format, grid }) {
  const n = labels.length;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v) => PAD.top + plotH - ((v - yMin) / (yMax - yMin)) * plotH;
  const last = (vals) => {
    for (let i = vals.length - 1; i >= 0; i--) if (typeof vals[i] === 'number') return vals[i];
    return null;
  };
  const summary = series.map((se) => `${se.label} ${format(last(se.values))}`).join(', ');
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart-svg', role: 'img', 'aria-label': `${title}: ${summary}` },
    s('title', {}, `${title}: ${summary}`));
  // Horizontal grid lines and the y scale.
  const ticks = grid || [yMin, yMax];
  for (const t of ticks) {
    svg.appendChild(s('line', { x1: PAD.left, x2: W - PAD.right, y1: y(t), y2: y(t), class: 'chart-grid' }));
    svg.appendChild(s('text', { x: PAD.left - 5, y: y(t) + 3.5, class: 'chart-tick', 'text-anchor': 'end' }, format(t)));
  }
  // The x labels: first, last and (with room) the middle.
  const shown = new Set([0, n - 1]);
  if (n >= 5) shown.add(Math.floor((n - 1) / 2));
  for (const i of shown) {
    if (i < 0 || i >= n) continue;
    const anchor = n <= 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';
    svg.appendChild(s('text', { x: x(i), y: H - 8, class: 'chart-tick', 'text-anchor': anchor }, labels[i]));
  }
  series.forEach((se, si) => {
    // Lines on the same values would hide each other: each series sits a little apart.
    const nudge = series.length > 1 ? (si - (series.length - 1) / 2) * 2.2 : 0;
    const pts = se.values.map((v, i) => (typeof v === 'number' ? [x(i), y(v) + nudge] : null));
    // A broken line where a value is missing (e.g. before the colonel had a regiment).
    let run = [];
    const flush = () => {
      if (run.length > 1) svg.appendChild(s('polyline', { points: run.map((p) => p.join(',')).join(' '), class: `chart-line series-${se.key}` }));
      run = [];
    };
    for (const p of pts) {
      if (p) run.push(p.map((c) => c.toFixed(1)));
      else flush();
    }
    flush();
    pts.forEach((p, i) => {
      if (p) svg.appendChild(s('circle', { cx: p[0].toFixed(1), cy: p[1].toFixed(1), r: 2.6, class: `chart-dot series-${se.key}` },
        s('title', {}, `${labels[i]}: ${se.label} ${format(se.values[i])}`)));
    });
  });
  const legend = h('div', { class: 'chart-legend' },
    series.map((se) => h('span', { class: 'chart-key' }, h('span', { class: `chart-swatch series-${se.key}`, 'aria-hidden': 'true' }),
      `${se.label} `, h('strong', {}, format(last(se.values))))));
  return h('figure', { class: 'chart-panel' }, h('figcaption', {}, title), svg, legend);
}

export function historyChart(testid = 'sheet-chart') {
  const el = h('div', { class: 'chart', testid });
  const empty = h('p', { class: 'muted empty' }, 'The chart starts with the first month.');
  let key = null;
  return {
    el,
    update(history) {
      const pts = Array.isArray(history) ? history : [];
      const k = JSON.stringify(pts);
      if (k === key) return;
      key = k;
      el.dataset.points = String(pts.length);
      if (pts.length === 0) {
        el.replaceChildren(empty);
        return;
      }
      const labels = pts.map((p) => (p.turn === 0 ? 'Start' : p.turn === null ? 'Now' : shortLabel(p.label) || `Month ${p.turn}`));
      const panels = [];
      const hasRegiment = pts.some((p) => typeof p.drill === 'number');
      if (hasRegiment) {
        panels.push(panel({
          title: 'Regiment',
          labels,
          yMin: 1,
          yMax: 6,
          grid: [1, 2, 3, 4, 5, 6],
          format: (v) => (typeof v === 'number' ? String(v) : '—'),
          series: [
            { key: 'drill', label: 'Drill', values: pts.map((p) => p.drill) },
            { key: 'musketry', label: 'Musketry', values: pts.map((p) => p.musketry) },
            { key: 'effectiveness', label: 'Effectiveness', values: pts.map((p) => p.effectiveness) },
          ],
        }));
      }
      const [fLo, fHi] = niceRange(pts.map((p) => p.fortune));
      panels.push(panel({
        title: 'Fortune', labels, yMin: fLo, yMax: fHi, format: pounds,
        series: [{ key: 'fortune', label: 'Fortune', values: pts.map((p) => p.fortune) }],
      }));
      const [pLo, pHi] = niceRange(pts.map((p) => p.pip));
      panels.push(panel({
        title: 'Political influence', labels, yMin: pLo, yMax: pHi, format: (v) => (typeof v === 'number' ? num(Math.round(v)) : '—'),
        series: [{ key: 'pip', label: 'PIP', values: pts.map((p) => p.pip) }],
      }));
      el.replaceChildren(...panels);
    },
  };
}
