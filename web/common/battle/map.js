// The battle map: an inline SVG of the table (viewBox in table units, y drawn upwards as the model has it),
// terrain by kind, units as their bases in formation and facing, leaders as markers, a ruler, ranges on hover.
// The map is redrawn from the battle's view on every update; hover, ruler and drags live here. drawScene() is the
// drawing itself, shared with the replay (log.js), which draws the history's frames the same way.
// The book's marks on a unit (a letter, a badge, words in its title) come from the book (web/rulesets/), the
// ranges from the server's hints (`hints.ranges`): the map knows no rule of any book.

import { h } from '../dom.js';
import { baseOutlines, footprint, distance, measureLabel } from './geometry.js';
import { s, r2 } from './svg.js';
import { rangeEls, leaderReachEls, pickEls, rulerEls } from './overlay.js';
import { mapZoom } from './zoom.js';
import { piecesBar } from './pieces.js';


// How much bigger the marks drawn on the table (leaders, letters, badges, notes) are than on a 180 x 120 cm table:
// 1 while the table's shorter side is 120 units or less, more on a table measured in larger units (Border Reivers: 1500 x 1000 paces), so
// a leader is not a speck. Marks are drawn at their cm size inside a group scaled by it.
export function markScale(table) {
  const t = table || {};
  return Math.max(1, Math.min(Number(t.width) || 180, Number(t.depth) || 120) / 120);
}

// The grid's spacing: 10 (5 on a small table) at mark scale 1, else the round number nearest 10 x the scale.
function gridStep(t, k) {
  if (k <= 1) return t.width > 100 ? 10 : 5;
  const want = 10 * k;
  return [20, 25, 50, 100, 200, 250, 500, 1000].reduce((a, b) => (Math.abs(b - want) < Math.abs(a - want) ? b : a));
}

// A mark drawn at cm size around table point c (SVG coordinates), scaled by k.
const markAt = (c, k, attrs, ...children) => s('g', { transform: `translate(${c[0]},${c[1]})${k !== 1 ? ` scale(${r2(k)})` : ''}`, ...attrs }, ...children);

// Where a feature's note is written: its centre (a circle), the middle of its points (a polygon), its middle point
// (a line).
function featureMiddle(tf) {
  if (tf.shape === 'circle' && tf.centre) return tf.centre;
  const pts = tf.points || [];
  if (!pts.length) return null;
  if (tf.shape === 'polyline') return pts[Math.floor(pts.length / 2)];
  return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
}

const TOUCH_SLOP = 10; // CSS px a finger may wander in a tap (select) before it is a drag (move)

export const TERRAIN_KINDS = ['wood', 'hill', 'river', 'road', 'town', 'marsh', 'wall'];

// Table points to SVG points: the model's y runs up the table, SVG's down; turned, the table is seen from the
// far side (rotated 180°).
function projector(table, flip) {
  const W = table.width;
  const D = table.depth;
  const toSvg = (p) => (flip ? [r2(W - p[0]), r2(p[1])] : [r2(p[0]), r2(D - p[1])]);
  return { toSvg, pts: (list) => list.map((p) => toSvg(p).join(',')).join(' ') };
}

const sideClass = (sides, id) => {
  const i = (sides || []).findIndex((x) => x.id === id);
  return `side-${i === 0 ? 'a' : i === 1 ? 'b' : 'c'}`;
};

const CONCEALED = 'Concealed from the enemy';

// A unit's title: its name, troops and formation, its order, the book's words, whether it is concealed.
function unitTitle(u, book) {
  const troops = (book.troopLabels && book.troopLabels[u.troop_type]) || u.troop_type;
  const parts = [`${u.name || 'Unit'} (${troops}, ${u.formation})`];
  if (u.order && u.order.name) parts.push(u.order.name.replace(/_/g, ' '));
  const more = book.unitTitle ? book.unitTitle(u) : '';
  if (more) parts.push(more);
  if (u.concealed) parts.push(CONCEALED);
  return parts.join(' · ');
}

export function tableSvg(attrs) {
  return s('svg', { class: 'battle-svg', role: 'img', preserveAspectRatio: 'xMidYMid meet', ...attrs });
}

// The pieces of a scene, each drawn with d: {toSvg, pts, ids, opts, selected, live, book, look, sides}.
// A feature his side does not know (`known: false`) comes with its shape only (docs/protocol.md, "The battles'
// view"): drawn as unknown ground.
const UNKNOWN_GROUND = 'Unknown ground';
const terrainKnown = (tf) => tf.known !== false && !!tf.kind;

// The book's note on a feature (book.terrainNote: Border Reivers' terrain roll, or "? not yet ridden"), or null.
function noteOf(d, tf) {
  const n = d.book.terrainNote ? d.book.terrainNote(tf, d.battle, d.look.turn) : null;
  if (!n) return null;
  return typeof n === 'string' ? { text: n, unknown: false } : { text: String(n.text || ''), unknown: !!n.unknown };
}

function terrainEl(d, tf) {
  const { toSvg, pts, ids, opts, k } = d;
  const known = terrainKnown(tf);
  // Unknown ground is drawn as terrain of no known kind (the stylesheet's terrain-other).
  const kind = known && TERRAIN_KINDS.includes(tf.kind) ? tf.kind : 'other';
  let shape;
  if (tf.shape === 'circle' && tf.centre) {
    const c = toSvg(tf.centre);
    shape = s('circle', { cx: c[0], cy: c[1], r: r2(tf.radius || 0) });
  } else if (tf.shape === 'polyline') {
    const width = Number(tf.width) || 0;
    shape = s('polyline', { points: pts(tf.points || []), 'stroke-width': width > 0 ? width : r2(0.8 * k), fill: 'none' });
  } else {
    shape = s('polygon', { points: pts(tf.points || []) });
  }
  const note = noteOf(d, tf);
  const title = `${known ? tf.name || tf.kind : UNKNOWN_GROUND}${note ? ` · ${note.text}` : ''}`;
  const g = s('g', { class: `terrain terrain-${kind}${known ? '' : ' terrain-unknown'}${tf.shape === 'polyline' ? ' terrain-line' : ''}`, testid: `${ids}-terrain`, dataset: { terrain: String(tf.id), kind: known ? tf.kind : 'unknown' } },
    s('title', {}, title), shape);
  const mid = note ? featureMiddle(tf) : null;
  if (mid) {
    g.appendChild(markAt(toSvg(mid), k, { class: `terrain-note${note.unknown ? ' is-unknown' : ''}` },
      s('text', { 'text-anchor': 'middle', y: 0.8, testid: `${ids}-terrain-note`, dataset: { terrain: String(tf.id), known: note.unknown ? 'false' : 'true' } }, note.text)));
  }
  if (opts.editTerrain) {
    g.dataset.drag = 'terrain';
    g.dataset.id = String(tf.id);
    g.classList.add('draggable');
  }
  return g;
}

function unitEl(d, u) {
  const { toSvg, pts, ids, opts, selected, live, book, look, sides, k } = d;
  const cls = ['unit', sideClass(sides, u.side)];
  if (opts.myUser && u.owner === opts.myUser) cls.push('unit-mine');
  else if (opts.mySide && u.side === opts.mySide) cls.push('unit-friend');
  if (u.removed) cls.push('unit-removed');
  if (u.concealed) cls.push('is-concealed');
  if (opts.highlightUnits && opts.highlightUnits.has(u.id)) cls.push('unit-offered');
  if (selected && selected.kind === 'unit' && selected.id === u.id) cls.push('unit-selected');
  const pos = u.position || [0, 0];
  // data-x/-y/-facing: the unit's place on the table in table units (what a test or a reader checks).
  const g = s('g', { class: cls.join(' '), testid: `${ids}-unit`, dataset: {
    unit: String(u.id), side: u.side, formation: u.formation || 'line', troop: u.troop_type || '',
    x: String(r2(pos[0])), y: String(r2(pos[1])), facing: String(r2(u.facing || 0)), concealed: u.concealed ? 'true' : undefined,
  } });
  g.appendChild(s('title', {}, unitTitle(u, book)));
  for (const b of baseOutlines(u)) g.appendChild(s('polygon', { class: 'base', points: pts(b) }));
  // The front edge, drawn heavier, shows the facing.
  const f = footprint(u);
  const fl = toSvg(f.frontLeft);
  const fr = toSvg(f.frontRight);
  g.appendChild(s('line', { class: 'front', x1: fl[0], y1: fl[1], x2: fr[0], y2: fr[1] }));
  const badge = book.unitBadge && !u.removed ? book.unitBadge(u) : null;
  if (badge) {
    g.appendChild(markAt(fr, k, {},
      s('circle', { class: `tp-badge badge-${badge.key}`, cx: 0, cy: 0, r: 1.5 }),
      s('text', { class: 'tp-text', x: 0, y: 0.7, 'text-anchor': 'middle', testid: `${ids}-unit-${badge.key}`, dataset: { value: String(badge.value) } }, String(badge.value))));
  }
  const glyph = book.unitGlyph ? book.unitGlyph(u) : '';
  if (glyph) {
    const c = toSvg([(f.frontLeft[0] + f.rearRight[0]) / 2, (f.frontLeft[1] + f.rearRight[1]) / 2]);
    g.appendChild(markAt(c, k, {}, s('text', { class: 'unit-glyph', x: 0, y: 1, 'text-anchor': 'middle' }, glyph)));
  }
  if (live) {
    g.addEventListener('pointerenter', () => look.onHover(u.id));
    g.addEventListener('pointerleave', () => look.onHover(null, u.id));
    g.addEventListener('focus', () => look.onHover(u.id));
    g.addEventListener('blur', () => look.onHover(null, u.id));
    g.setAttribute('tabindex', '0');
  }
  if (opts.editUnits) {
    g.dataset.drag = 'unit';
    g.dataset.id = String(u.id);
    g.classList.add('draggable');
  }
  return g;
}

// Where each leader's name is written, below the ones already placed when it would overlap them (leaders side by
// side, or stacked on one regiment): {leader id: y offset in cm}.
function labelOffsets(leaders, toSvg, k) {
  const placed = [];
  const out = {};
  for (const l of [...leaders].sort((a, b) => a.id - b.id)) {
    const c = toSvg(l.position || [0, 0]);
    const width = (2.6 + 1.1 * String(l.name || '').length) * k;
    let dy = 0;
    const clash = () => placed.some((p) => Math.abs(p.x - c[0]) < Math.max(p.w, width) && Math.abs(p.y - (c[1] + dy * k)) < 2.2 * k);
    while (clash() && dy < 40) dy += 2.4;
    placed.push({ x: c[0], y: c[1] + dy * k, w: width });
    out[l.id] = dy;
  }
  return out;
}

function leaderEl(d, l) {
  const { toSvg, ids, opts, sides, k, live, look } = d;
  const mine = opts.myLeader && l.id === opts.myLeader;
  const fate = l.values && l.values.fate;
  const c = toSvg(l.position || [0, 0]);
  const pos = l.position || [0, 0];
  const cls = `leader ${sideClass(sides, l.side)}${mine ? ' leader-mine' : ''}${fate === 'killed' ? ' leader-killed' : ''}${l.concealed ? ' is-concealed' : ''}`;
  const g = s('g', { class: cls, testid: `${ids}-leader`, dataset: { leader: String(l.id), user: String(l.user || 0), x: String(r2(pos[0])), y: String(r2(pos[1])), concealed: l.concealed ? 'true' : undefined } },
    s('title', {}, `${l.name || 'Leader'}${fate && fate !== 'unhurt' ? ` (${fate})` : ''}${l.concealed ? ` · ${CONCEALED}` : ''}`),
    markAt(c, k, {},
      s('circle', { cx: 0, cy: 0, r: 1.8 }),
      s('path', { class: 'leader-flag', d: 'M0,0 l0,-4.2 l2.6,0.9 l-2.6,0.9' }),
      s('text', { class: 'leader-label', x: 2.6, y: r2(1.2 + ((d.labelDy && d.labelDy[l.id]) || 0)), testid: `${ids}-leader-label` }, l.name || '')));
  if (live) {
    g.addEventListener('pointerenter', () => look.onHoverLeader(l.id));
    g.addEventListener('pointerleave', () => look.onHoverLeader(null, l.id));
    g.addEventListener('focus', () => look.onHoverLeader(l.id));
    g.addEventListener('blur', () => look.onHoverLeader(null, l.id));
    g.setAttribute('tabindex', '0');
  }
  if (opts.editUnits) {
    g.dataset.drag = 'leader';
    g.dataset.id = String(l.id);
    g.classList.add('draggable');
  }
  return g;
}

// Draws a table into `svg` (replacing what was there): the cloth, a grid, `scene.terrain`, `scene.units`,
// `scene.leaders` (scene: {table, sides, terrain, units, leaders}, as the battle's view or a history frame has them).
// The live map and the replay both draw with this, so a frame looks exactly like the table did.
// look: {flip, ids: testid prefix ('battle' live, 'battle-replay' in the replay), opts (the live map's options:
// myUser, mySide, myLeader, highlightUnits, editUnits, editTerrain), selected, onHover(unit id | null),
// book (the battle's book, or null: its troop labels and marks on units), battle (the battle's view, for the
// book's notes on terrain; the scene itself when left out), turn (the replay's frame: a book's note shows only
// what the viewer knew then)}.
export function drawScene(svg, scene, look = {}) {
  const t = scene.table || { width: 180, depth: 120 };
  const { toSvg, pts } = projector(t, !!look.flip);
  const ids = look.ids || 'battle';
  const opts = look.opts || {};
  const selected = look.selected || null;
  const live = !!look.onHover; // the replay is read-only: no focus, hover or dragging
  const book = look.book || {};
  const k = markScale(t);
  const d = { toSvg, pts, ids, opts, selected, live, book, look, sides: scene.sides, k, battle: look.battle || scene };

  const m = r2(3 * k);
  svg.setAttribute('viewBox', `${-m} ${-m} ${r2(t.width + 2 * m)} ${r2(t.depth + 2 * m)}`);
  // On a large table the outlines keep their width on screen (the stylesheet's .is-large-table).
  svg.classList.toggle('is-large-table', k > 1);
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.appendChild(s('rect', { class: 'table-cloth', x: 0, y: 0, width: t.width, height: t.depth }));
  const grid = s('g', { class: 'table-grid' });
  const step = gridStep(t, k);
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
  for (const tf of [...(scene.terrain || [])].sort((a, b) => order(a.kind) - order(b.kind))) terrain.appendChild(terrainEl(d, tf));
  svg.appendChild(terrain);
  const units = s('g', { class: 'unit-layer' });
  for (const u of scene.units || []) units.appendChild(unitEl(d, u));
  svg.appendChild(units);
  const leaders = s('g', { class: 'leader-layer' });
  d.labelDy = labelOffsets(scene.leaders || [], toSvg, k);
  for (const l of scene.leaders || []) leaders.appendChild(leaderEl(d, l));
  svg.appendChild(leaders);
}

function mapElements() {
  const e = {
    svg: tableSvg({ 'aria-label': 'The battle table', testid: 'battle-map' }),
    readout: h('span', { class: 'ruler-readout', testid: 'battle-ruler-readout', 'aria-live': 'polite' }),
    rulerButton: h('button', { type: 'button', class: 'small secondary', testid: 'battle-ruler', 'aria-pressed': 'false' }, 'Ruler'),
    flipButton: h('button', { type: 'button', class: 'small ghost', testid: 'battle-map-turn', 'aria-pressed': 'false', title: 'Turn the table round: look from the other side' }, 'Turn the table'),
    hint: h('span', { class: 'muted map-hint' }),
    zoomButton: h('button', { type: 'button', class: 'small ghost', testid: 'battle-map-zoom', 'aria-pressed': 'false' }, 'Zoom'),
    legend: h('div', { class: 'map-legend', 'aria-hidden': 'true' }),
    overlay: s('g', { class: 'map-overlay' }),
  };
  e.frame = h('div', { class: 'battle-map-frame' }, e.svg);
  e.zoom = mapZoom(e.frame, e.svg, e.zoomButton);
  return e;
}

// The live map: the scene, the overlay, the toolbar (ruler, turn the table, zoom), hover, clicks and drags.
class MapView {
  constructor(options) {
    Object.assign(this, { options, battle: null, opts: {}, W: 180, D: 120, hover: null, hoverLeader: null, drag: null, selected: null });
    this.flip = false; // seen from the far side: the table turned 180°
    this.ruler = { on: false, a: null, b: null };
    this.e = mapElements();
    this.pieces = piecesBar((p) => this.choose(p));
    const e = this.e;
    e.el = h('div', { class: 'battle-map-wrap' }, h('div', { class: 'map-toolbar' }, e.rulerButton, e.flipButton, e.zoomButton, e.readout, e.hint),
      e.frame, this.pieces.el, e.legend);
    this.listenToolbar();
    this.listenPointer();
  }

  // The overlay (ranges, ruler, move marker) projects as the scene does.
  toSvg(p) { return projector({ width: this.W, depth: this.D }, this.flip).toSvg(p); }

  eventPoint(ev) {
    const svg = this.e.svg;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const q = pt.matrixTransform(m.inverse());
    return this.flip ? [r2(this.W - q.x), r2(q.y)] : [r2(q.x), r2(this.D - q.y)];
  }

  listenToolbar() {
    const e = this.e;
    e.rulerButton.addEventListener('click', () => {
      this.ruler = { on: !this.ruler.on, a: null, b: null };
      e.rulerButton.setAttribute('aria-pressed', this.ruler.on ? 'true' : 'false');
      e.readout.textContent = this.ruler.on ? 'Click or tap two points on the table.' : '';
      this.draw();
    });
    e.flipButton.addEventListener('click', () => {
      this.flip = !this.flip;
      e.flipButton.setAttribute('aria-pressed', this.flip ? 'true' : 'false');
      e.svg.dataset.turned = this.flip ? 'true' : 'false';
      this.draw();
      if (this.options.onTurn) this.options.onTurn(this.flip);
    });
  }

  canDrag() { return !this.ruler.on && !!this.options.canDrag && this.options.canDrag(); }

  listenPointer() {
    const svg = this.e.svg;
    svg.addEventListener('click', (ev) => this.onClick(ev));
    svg.addEventListener('pointerdown', (ev) => this.startDrag(ev));
    // A finger on a piece drags it: its touchstart is kept from the browser, which would pan or scroll instead
    // (Chrome ignores touch-action on SVG shapes); elsewhere on the table a finger pans the zoomed map and scrolls.
    svg.addEventListener('touchstart', (ev) => {
      if (this.canDrag() && ev.target.closest && ev.target.closest('[data-drag]')) ev.preventDefault();
    }, { passive: false });
    svg.addEventListener('pointermove', (ev) => this.moveDrag(ev));
    svg.addEventListener('pointerup', (ev) => this.endDrag(ev));
    svg.addEventListener('pointercancel', (ev) => { if (this.drag) this.drag.g.removeAttribute('transform'); this.endDrag(ev); });
  }

  onClick(ev) {
    if (this.drag && this.drag.moved) return;
    const p = this.eventPoint(ev);
    if (!p || !this.battle) return;
    if (this.ruler.on) {
      this.measure(p);
      return;
    }
    this.showPieces(this.stackAt(ev.clientX, ev.clientY, true));
    if (this.options.onPoint) this.options.onPoint(p);
  }

  // The bar of the pieces under a tap (pieces.js): the one selected (the umpire's) pressed, else the top one,
  // whose ranges or reach are then drawn as for a pointer over it.
  showPieces(stack) {
    const b = this.battle;
    const name = (kind, id) => {
      const list = kind === 'unit' ? b.units : kind === 'leader' ? b.leaders : b.terrain;
      const x = (list || []).find((y) => y.id === id);
      return x ? (x.name || (kind === 'terrain' ? x.kind : '')) : '';
    };
    const pieces = stack.map((g) => {
      const kind = g.dataset.drag || (g.dataset.unit ? 'unit' : 'leader');
      const id = Number(g.dataset.id || g.dataset.unit || g.dataset.leader);
      return { kind, id, name: name(kind, id) };
    });
    const sel = this.selected;
    const chosen = (sel && pieces.find((x) => x.kind === sel.kind && x.id === sel.id)) || pieces[0] || null;
    this.pieces.show(pieces, chosen);
    if (chosen) this.look(chosen);
  }

  // A piece chosen from the bar: selected (the umpire's, who may move it), its ranges or reach drawn.
  choose(p) {
    if (this.canDrag() && this.options.onSelect) {
      this.selected = { kind: p.kind, id: p.id };
      this.options.onSelect(this.selected);
      this.draw();
    }
    this.look(p);
    this.pieces.el.querySelectorAll('[data-testid="battle-map-piece"]').forEach((x) => {
      x.setAttribute('aria-pressed', x.dataset.kind === p.kind && Number(x.dataset.id) === p.id ? 'true' : 'false');
    });
  }

  look(p) {
    this.hover = p.kind === 'unit' ? p.id : null;
    this.hoverLeader = p.kind === 'leader' ? p.id : null;
    this.drawOverlay();
  }

  measure(p) {
    const { ruler, e } = this;
    if (!ruler.a || ruler.b) this.ruler = { on: true, a: p, b: null };
    else ruler.b = p;
    if (this.ruler.b) {
      const d = Math.round(distance(this.ruler.a, this.ruler.b) * 10) / 10;
      e.readout.textContent = `${d.toString()}${measureLabel(this.battle.table)}`;
      e.readout.dataset.value = String(d);
    } else {
      e.readout.textContent = 'Now the second point.';
    }
    this.draw();
  }

  // The pieces under a screen point, top first: a leader set down on his regiment, units touching. Those that can
  // be dragged, or with `any` every unit and leader (what a player may tap).
  stackAt(x, y, any = false) {
    const out = [];
    for (const el of document.elementsFromPoint(x, y)) {
      const g = el.closest && (el.closest('[data-drag]') || (any ? el.closest('[data-unit], [data-leader]') : null));
      if (g && this.e.svg.contains(g) && !out.includes(g)) out.push(g);
    }
    return out;
  }

  startDrag(ev) {
    // A second finger makes a pinch (zoom.js), not a drag: the piece goes back.
    if (this.drag && this.drag.pointer !== ev.pointerId) {
      this.drag.g.removeAttribute('transform');
      this.drag = null;
      return;
    }
    if (!this.canDrag()) return;
    let g = ev.target.closest('[data-drag]');
    if (!g) return;
    // The piece selected, if it is in the stack under the pointer, is the one taken: a tap selects the next down
    // (endDrag), so a regiment under its leader can be picked and then dragged.
    const stack = this.stackAt(ev.clientX, ev.clientY);
    const sel = this.selected;
    const held = sel ? stack.find((x) => x.dataset.drag === sel.kind && Number(x.dataset.id) === sel.id) : null;
    if (held) g = held;
    const start = this.eventPoint(ev);
    // A fingertip wobbles a few pixels in a tap: by touch, a drag starts only past TOUCH_SLOP px.
    this.drag = { g, kind: g.dataset.drag, id: Number(g.dataset.id), start, now: start, moved: false, touch: ev.pointerType === 'touch', cx: ev.clientX, cy: ev.clientY, stack, held: !!held, pointer: ev.pointerId };
    this.e.svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  }

  moveDrag(ev) {
    const drag = this.drag;
    if (!drag) return;
    const p = this.eventPoint(ev);
    if (!p) return;
    drag.now = p;
    const dx = p[0] - drag.start[0];
    const dy = p[1] - drag.start[1];
    if (Math.hypot(dx, dy) > 0.5 && (!drag.touch || Math.hypot(ev.clientX - drag.cx, ev.clientY - drag.cy) > TOUCH_SLOP)) drag.moved = true;
    drag.g.setAttribute('transform', this.flip ? `translate(${r2(-dx)},${r2(dy)})` : `translate(${r2(dx)},${r2(-dy)})`);
  }

  endDrag(ev) {
    const d = this.drag;
    if (!d) return;
    try { this.e.svg.releasePointerCapture(ev.pointerId); } catch { /* already released */ }
    if (d.moved && this.options.onDrag) {
      this.options.onDrag({ kind: d.kind, id: d.id, delta: [r2(d.now[0] - d.start[0]), r2(d.now[1] - d.start[1])] });
    } else if (!d.moved && this.options.onSelect) {
      // A tap on the piece already selected, with others under it, selects the next one down the stack.
      let g = d.g;
      if (d.held && d.stack.length > 1) g = d.stack[(d.stack.indexOf(d.g) + 1) % d.stack.length];
      this.selected = { kind: g.dataset.drag, id: Number(g.dataset.id) };
      this.options.onSelect(this.selected);
      // A touch on a piece that may be dragged gives no click (its touchstart is kept from the browser).
      if (d.touch) this.showPieces(d.stack);
    }
    // Keep the element where it was dropped until the view moves it; the click after a drag is ignored.
    setTimeout(() => { this.drag = null; this.draw(); }, 0);
  }

  drawOverlay() {
    const overlay = this.e.overlay;
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    if (!this.battle) return;
    const toSvg = (p) => this.toSvg(p);
    const k = markScale(this.battle.table);
    for (const x of [...rangeEls(toSvg, this.battle, this.hover, this.opts.book), ...leaderReachEls(toSvg, this.battle, this.reachLeaders()),
      ...pickEls(toSvg, this.opts, k), ...rulerEls(toSvg, this.ruler, k)]) overlay.appendChild(x);
  }

  // The leaders whose reach is drawn: the one pointed at, the one selected, and the viewer's own while the table is
  // set up or a turn's cards are chosen (so he sees whether his units are within reach).
  reachLeaders() {
    const ids = new Set();
    if (this.hoverLeader !== null) ids.add(this.hoverLeader);
    if (this.selected && this.selected.kind === 'leader') ids.add(this.selected.id);
    if (this.opts.myLeader && (this.battle.status === 'setup' || this.battle.status === 'cards')) ids.add(this.opts.myLeader);
    return ids;
  }

  onHoverLeader(id, left) {
    if (id !== null) this.hoverLeader = id;
    else if (this.hoverLeader === left) this.hoverLeader = null;
    else return;
    this.drawOverlay();
  }

  onHover(id, left) {
    if (id !== null) this.hover = id;
    else if (this.hover === left) this.hover = null;
    else return;
    this.drawOverlay();
  }

  draw() {
    const { battle, opts, e } = this;
    if (!battle) return;
    const t = battle.table || { width: 180, depth: 120 };
    this.D = t.depth;
    this.W = t.width;
    e.svg.classList.toggle('is-editing', !!(opts.editUnits || opts.editTerrain));
    drawScene(e.svg, battle, { flip: this.flip, ids: 'battle', opts, selected: this.selected, onHover: (id, left) => this.onHover(id, left),
      onHoverLeader: (id, left) => this.onHoverLeader(id, left), book: opts.book, battle });
    e.svg.appendChild(e.overlay);
    this.drawOverlay();
    // Legend: sides and the terrain kinds on this table.
    const kinds = [...new Set((battle.terrain || []).map((x) => (terrainKnown(x) ? x.kind : 'unknown')))];
    e.legend.replaceChildren(
      ...(battle.sides || []).slice(0, 2).map((sd, i) => h('span', { class: `legend-item legend-side-${i === 0 ? 'a' : 'b'}` }, sd.name || sd.id)),
      ...kinds.map((k) => h('span', { class: `legend-item legend-terrain legend-${TERRAIN_KINDS.includes(k) ? k : 'other'}` }, k === 'unknown' ? 'unknown ground' : k)));
  }

  update(b, o) {
    this.battle = b;
    this.opts = o;
    this.e.hint.textContent = o.hint || '';
    if (this.drag) return; // redraw after the drop
    this.draw();
  }
}

// options: onPoint(pt) (a click on the table, in table units), canDrag() -> bool,
// onDrag({kind: 'unit'|'leader'|'terrain', id, delta: [dx, dy]}), onSelect({kind, id}),
// onTurn(flip) (the table turned round: the replay follows)
export function battleMap(options = {}) {
  const m = new MapView(options);
  return {
    el: m.e.el,
    svg: m.e.svg,
    update(b, o = {}) { m.update(b, o); },
    redraw() { m.draw(); },
    select(sel) { m.selected = sel; m.draw(); },
    get selected() { return m.selected; },
  };
}
