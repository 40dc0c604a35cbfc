// The battle map: an inline SVG of the table (viewBox in table units, y drawn upwards as the model has it),
// terrain by kind, units as their bases in formation and facing, leaders as markers, a ruler, ranges on hover.
// The map is redrawn from the battle's view on every update; hover, ruler and drags live here.

import { h } from '../dom.js';
import { baseOutlines, footprint, direction, distance, cmPerUnit, measureLabel } from './geometry.js';

const NS = 'http://www.w3.org/2000/svg';

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'testid') el.dataset.testid = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const r2 = (n) => Math.round(n * 100) / 100;

export const TERRAIN_KINDS = ['wood', 'hill', 'river', 'road', 'town', 'marsh', 'wall'];

export const TROOP_LABELS = {
  formed_infantry: 'Foot', horse: 'Horse', militia: 'Militia', irregulars: 'Irregulars', gunners: 'Gunners',
};

// options: onPoint(pt) (a click on the table, in table units), canDrag() -> bool,
// onDrag({kind: 'unit'|'leader'|'terrain', id, to: [x, y], delta: [dx, dy]}), onSelect({kind, id})
export function battleMap(options = {}) {
  const svg = s('svg', { class: 'battle-svg', role: 'img', 'aria-label': 'The battle table', testid: 'battle-map', preserveAspectRatio: 'xMidYMid meet' });
  const readout = h('span', { class: 'ruler-readout', testid: 'battle-ruler-readout', 'aria-live': 'polite' });
  const rulerButton = h('button', { type: 'button', class: 'small secondary', testid: 'battle-ruler', 'aria-pressed': 'false' }, 'Ruler');
  const flipButton = h('button', { type: 'button', class: 'small ghost', testid: 'battle-map-turn', 'aria-pressed': 'false', title: 'Turn the table round: look from the other side' }, 'Turn the table');
  const hint = h('span', { class: 'muted map-hint' });
  const zoomButton = h('button', { type: 'button', class: 'small ghost', testid: 'battle-map-zoom', 'aria-pressed': 'false' }, 'Zoom');
  const toolbar = h('div', { class: 'map-toolbar' }, rulerButton, flipButton, zoomButton, readout, hint);
  const legend = h('div', { class: 'map-legend', 'aria-hidden': 'true' });
  const frame = h('div', { class: 'battle-map-frame' }, svg);
  const el = h('div', { class: 'battle-map-wrap' }, toolbar, frame, legend);
  zoomButton.addEventListener('click', () => {
    const on = !frame.classList.contains('is-zoomed');
    frame.classList.toggle('is-zoomed', on);
    zoomButton.setAttribute('aria-pressed', on ? 'true' : 'false');
  });

  let battle = null;
  let opts = {};
  let D = 120;
  let W = 180;
  let flip = false; // seen from the far side: the table turned 180°
  let hover = null; // unit id
  let ruler = { on: false, a: null, b: null };
  let drag = null;
  let selected = null; // {kind, id}

  const toSvg = (p) => (flip ? [r2(W - p[0]), r2(p[1])] : [r2(p[0]), r2(D - p[1])]);
  const pts = (list) => list.map((p) => toSvg(p).join(',')).join(' ');

  function eventPoint(ev) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const q = pt.matrixTransform(m.inverse());
    return flip ? [r2(W - q.x), r2(q.y)] : [r2(q.x), r2(D - q.y)];
  }

  rulerButton.addEventListener('click', () => {
    ruler = { on: !ruler.on, a: null, b: null };
    rulerButton.setAttribute('aria-pressed', ruler.on ? 'true' : 'false');
    readout.textContent = ruler.on ? 'Click two points on the table.' : '';
    draw();
  });

  flipButton.addEventListener('click', () => {
    flip = !flip;
    flipButton.setAttribute('aria-pressed', flip ? 'true' : 'false');
    svg.dataset.turned = flip ? 'true' : 'false';
    draw();
  });

  svg.addEventListener('click', (ev) => {
    if (drag && drag.moved) return;
    const p = eventPoint(ev);
    if (!p || !battle) return;
    if (ruler.on) {
      if (!ruler.a || ruler.b) ruler = { on: true, a: p, b: null };
      else ruler.b = p;
      if (ruler.b) {
        const d = distance(ruler.a, ruler.b);
        readout.textContent = `${(Math.round(d * 10) / 10).toString()}${measureLabel(battle.table)}`;
        readout.dataset.value = String(Math.round(d * 10) / 10);
      } else {
        readout.textContent = 'Now the second point.';
      }
      draw();
      return;
    }
    if (options.onPoint) options.onPoint(p);
  });

  svg.addEventListener('pointerdown', (ev) => {
    if (ruler.on || !options.canDrag || !options.canDrag()) return;
    const g = ev.target.closest('[data-drag]');
    if (!g) return;
    const start = eventPoint(ev);
    drag = { g, kind: g.dataset.drag, id: Number(g.dataset.id), start, now: start, moved: false };
    svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const p = eventPoint(ev);
    if (!p) return;
    drag.now = p;
    const dx = p[0] - drag.start[0];
    const dy = p[1] - drag.start[1];
    if (Math.hypot(dx, dy) > 0.5) drag.moved = true;
    drag.g.setAttribute('transform', flip ? `translate(${r2(-dx)},${r2(dy)})` : `translate(${r2(dx)},${r2(-dy)})`);
  });
  function endDrag(ev) {
    if (!drag) return;
    const d = drag;
    try { svg.releasePointerCapture(ev.pointerId); } catch { /* already released */ }
    if (d.moved && options.onDrag) {
      const delta = [r2(d.now[0] - d.start[0]), r2(d.now[1] - d.start[1])];
      options.onDrag({ kind: d.kind, id: d.id, delta });
    } else if (!d.moved && options.onSelect) {
      selected = { kind: d.kind, id: d.id };
      options.onSelect(selected);
    }
    // Keep the element where it was dropped until the view moves it; the click after a drag is ignored.
    setTimeout(() => { drag = null; draw(); }, 0);
  }
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', (ev) => { if (drag) drag.g.removeAttribute('transform'); endDrag(ev); });

  function terrainEl(t) {
    const kind = TERRAIN_KINDS.includes(t.kind) ? t.kind : 'other';
    const label = t.name || t.kind;
    let shape;
    if (t.shape === 'circle' && t.centre) {
      const c = toSvg(t.centre);
      shape = s('circle', { cx: c[0], cy: c[1], r: r2(t.radius || 0) });
    } else if (t.shape === 'polyline') {
      const width = Number(t.width) || 0;
      shape = s('polyline', { points: pts(t.points || []), 'stroke-width': width > 0 ? width : 0.8, fill: 'none' });
    } else {
      shape = s('polygon', { points: pts(t.points || []) });
    }
    const g = s('g', { class: `terrain terrain-${kind}${t.shape === 'polyline' ? ' terrain-line' : ''}`, testid: 'battle-terrain', dataset: { terrain: String(t.id), kind: t.kind } },
      s('title', {}, label), shape);
    if (opts.editTerrain) {
      g.dataset.drag = 'terrain';
      g.dataset.id = String(t.id);
      g.classList.add('draggable');
    }
    return g;
  }

  function rangePath(unit, range) {
    const f = footprint(unit);
    const fwd = direction(unit.facing || 0);
    const left = direction((unit.facing || 0) - 45);
    const right = direction((unit.facing || 0) + 45);
    const p = (a, d, r) => toSvg([a[0] + d[0] * r, a[1] + d[1] * r]).join(',');
    const fl = toSvg(f.frontLeft).join(',');
    const fr = toSvg(f.frontRight).join(',');
    const R = r2(range);
    // Ahead of the front edge and in the 45° front arc, within range of the front edge.
    return `M${fl} L${p(f.frontLeft, left, range)} A${R},${R} 0 0 1 ${p(f.frontLeft, fwd, range)} L${p(f.frontRight, fwd, range)} A${R},${R} 0 0 1 ${p(f.frontRight, right, range)} L${fr} Z`;
  }

  function rangesOf(unit) {
    const v = unit.values || {};
    const per = cmPerUnit(battle.table);
    const out = [];
    if (unit.troop_type === 'gunners') {
      out.push({ range: 15 / per, label: 'grape 15 cm', cls: 'range-grape' });
      out.push({ range: 50 / per, label: 'ball 50 cm', cls: 'range-ball' });
    } else if (typeof v.musketry === 'number') {
      out.push({ range: (4 + v.musketry) / per, label: `musketry ${4 + v.musketry} cm`, cls: 'range-musket' });
    }
    return out;
  }

  function unitEl(u) {
    const mine = opts.myUser && u.owner === opts.myUser;
    const sideIndex = battle.sides.findIndex((x) => x.id === u.side);
    const cls = ['unit', `side-${sideIndex === 0 ? 'a' : sideIndex === 1 ? 'b' : 'c'}`];
    if (mine) cls.push('unit-mine');
    else if (opts.mySide && u.side === opts.mySide) cls.push('unit-friend');
    if (u.removed) cls.push('unit-removed');
    if (opts.highlightUnits && opts.highlightUnits.has(u.id)) cls.push('unit-offered');
    if (selected && selected.kind === 'unit' && selected.id === u.id) cls.push('unit-selected');
    const g = s('g', { class: cls.join(' '), testid: 'battle-unit', dataset: { unit: String(u.id), side: u.side, formation: u.formation || 'line', troop: u.troop_type || '' } });
    const tp = u.markers && typeof u.markers.tension_points === 'number' ? ` · TP ${u.markers.tension_points}` : '';
    const order = u.order && u.order.name ? ` · ${u.order.name.replace(/_/g, ' ')}` : '';
    g.appendChild(s('title', {}, `${u.name || 'Unit'} (${TROOP_LABELS[u.troop_type] || u.troop_type}, ${u.formation})${order}${tp}`));
    for (const b of baseOutlines(u)) g.appendChild(s('polygon', { class: 'base', points: pts(b) }));
    // The front edge, drawn heavier, shows the facing.
    const f = footprint(u);
    g.appendChild(s('line', { class: 'front', x1: toSvg(f.frontLeft)[0], y1: toSvg(f.frontLeft)[1], x2: toSvg(f.frontRight)[0], y2: toSvg(f.frontRight)[1] }));
    const tpv = u.markers && u.markers.tension_points;
    if (typeof tpv === 'number' && tpv > 0 && !u.removed) {
      const c = toSvg(f.frontRight);
      g.appendChild(s('circle', { class: 'tp-badge', cx: c[0], cy: c[1], r: 1.5 }));
      g.appendChild(s('text', { class: 'tp-text', x: c[0], y: r2(c[1] + 0.7), 'text-anchor': 'middle', testid: 'battle-unit-tp', dataset: { value: String(tpv) } }, String(tpv)));
    }
    if (u.troop_type === 'horse' || u.troop_type === 'gunners') {
      const c = toSvg([(f.frontLeft[0] + f.rearRight[0]) / 2, (f.frontLeft[1] + f.rearRight[1]) / 2]);
      g.appendChild(s('text', { class: 'unit-glyph', x: c[0], y: r2(c[1] + 1), 'text-anchor': 'middle' }, u.troop_type === 'horse' ? 'H' : 'G'));
    }
    g.addEventListener('pointerenter', () => { hover = u.id; drawOverlay(); });
    g.addEventListener('pointerleave', () => { if (hover === u.id) { hover = null; drawOverlay(); } });
    g.addEventListener('focus', () => { hover = u.id; drawOverlay(); });
    g.addEventListener('blur', () => { if (hover === u.id) { hover = null; drawOverlay(); } });
    g.setAttribute('tabindex', '0');
    if (opts.editUnits) {
      g.dataset.drag = 'unit';
      g.dataset.id = String(u.id);
      g.classList.add('draggable');
    }
    return g;
  }

  function leaderEl(l) {
    const sideIndex = battle.sides.findIndex((x) => x.id === l.side);
    const mine = opts.myLeader && l.id === opts.myLeader;
    const fate = l.values && l.values.fate;
    const c = toSvg(l.position || [0, 0]);
    const g = s('g', { class: `leader side-${sideIndex === 0 ? 'a' : sideIndex === 1 ? 'b' : 'c'}${mine ? ' leader-mine' : ''}${fate === 'killed' ? ' leader-killed' : ''}`, testid: 'battle-leader', dataset: { leader: String(l.id), user: String(l.user || 0) } },
      s('title', {}, `${l.name || 'Leader'}${fate && fate !== 'unhurt' ? ` (${fate})` : ''}`),
      s('circle', { cx: c[0], cy: c[1], r: 1.8 }),
      s('path', { class: 'leader-flag', d: `M${c[0]},${c[1]} l0,-4.2 l2.6,0.9 l-2.6,0.9` }),
      s('text', { class: 'leader-label', x: r2(c[0] + 2.6), y: r2(c[1] + 1.2) }, l.name || ''));
    if (opts.editUnits) {
      g.dataset.drag = 'leader';
      g.dataset.id = String(l.id);
      g.classList.add('draggable');
    }
    return g;
  }

  const overlay = s('g', { class: 'map-overlay' });

  function drawOverlay() {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    if (!battle) return;
    if (hover !== null) {
      const u = (battle.units || []).find((x) => x.id === hover);
      if (u && !u.removed) {
        for (const r of rangesOf(u)) {
          overlay.appendChild(s('path', { class: `range ${r.cls}`, d: rangePath(u, r.range), testid: 'battle-range', dataset: { unit: String(u.id), range: String(r2(r.range)) } }));
        }
      }
    }
    if (opts.moveFrom) {
      const c = toSvg(opts.moveFrom);
      overlay.appendChild(s('circle', { class: 'move-reach', cx: c[0], cy: c[1], r: r2(opts.moveReach || 40) }));
    }
    if (opts.moveTo) {
      const c = toSvg(opts.moveTo);
      overlay.appendChild(s('circle', { class: 'move-target', cx: c[0], cy: c[1], r: 1.5, testid: 'battle-move-target' }));
      if (opts.moveFrom) {
        const a = toSvg(opts.moveFrom);
        overlay.appendChild(s('line', { class: 'move-line', x1: a[0], y1: a[1], x2: c[0], y2: c[1] }));
      }
    }
    if (ruler.on && ruler.a) {
      const a = toSvg(ruler.a);
      overlay.appendChild(s('circle', { class: 'ruler-end', cx: a[0], cy: a[1], r: 0.9 }));
      if (ruler.b) {
        const b = toSvg(ruler.b);
        overlay.appendChild(s('circle', { class: 'ruler-end', cx: b[0], cy: b[1], r: 0.9 }));
        overlay.appendChild(s('line', { class: 'ruler-line', x1: a[0], y1: a[1], x2: b[0], y2: b[1], testid: 'battle-ruler-line' }));
      }
    }
  }

  function draw() {
    if (!battle) return;
    const t = battle.table || { width: 180, depth: 120 };
    D = t.depth;
    W = t.width;
    svg.classList.toggle('is-editing', !!(opts.editUnits || opts.editTerrain));
    svg.setAttribute('viewBox', `-3 -3 ${t.width + 6} ${t.depth + 6}`);
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.appendChild(s('rect', { class: 'table-cloth', x: 0, y: 0, width: t.width, height: t.depth }));
    const grid = s('g', { class: 'table-grid' });
    const step = t.width > 100 ? 10 : 5;
    for (let x = step; x < t.width; x += step) {
      const a = toSvg([x, 0]);
      grid.appendChild(s('line', { x1: a[0], y1: 0, x2: a[0], y2: t.depth }));
    }
    for (let y = step; y < t.depth; y += step) {
      const a = toSvg([0, y]);
      grid.appendChild(s('line', { x1: 0, y1: a[1], x2: t.width, y2: a[1] }));
    }
    svg.appendChild(grid);
    const terrain = s('g', { class: 'terrain-layer' });
    const order = (k) => (k === 'hill' ? 0 : k === 'marsh' ? 1 : k === 'river' ? 2 : k === 'road' ? 3 : 4);
    for (const tf of [...(battle.terrain || [])].sort((a, b) => order(a.kind) - order(b.kind))) terrain.appendChild(terrainEl(tf));
    svg.appendChild(terrain);
    const units = s('g', { class: 'unit-layer' });
    for (const u of battle.units || []) units.appendChild(unitEl(u));
    svg.appendChild(units);
    const leaders = s('g', { class: 'leader-layer' });
    for (const l of battle.leaders || []) leaders.appendChild(leaderEl(l));
    svg.appendChild(leaders);
    svg.appendChild(overlay);
    drawOverlay();
    // Legend: sides and the terrain kinds on this table.
    const kinds = [...new Set((battle.terrain || []).map((x) => x.kind))];
    legend.replaceChildren(
      ...(battle.sides || []).slice(0, 2).map((sd, i) => h('span', { class: `legend-item legend-side-${i === 0 ? 'a' : 'b'}` }, sd.name || sd.id)),
      ...kinds.map((k) => h('span', { class: `legend-item legend-terrain legend-${TERRAIN_KINDS.includes(k) ? k : 'other'}` }, k)));
  }

  return {
    el,
    svg,
    update(b, o = {}) {
      battle = b;
      opts = o;
      hint.textContent = o.hint || '';
      if (drag) return; // redraw after the drop
      draw();
    },
    redraw() { draw(); },
    select(sel) { selected = sel; draw(); },
    get selected() { return selected; },
  };
}
