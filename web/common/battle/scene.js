// The drawing of a battle's table: an inline SVG (viewBox in table units, y drawn upwards as the model has it),
// terrain by kind, units as their bases in formation and facing, leaders as markers. drawScene() is shared by the
// live map (map.js) and the replay (log.js), which draws the history's frames the same way. The book's marks on a
// unit (a letter, a badge, words in its title) come from the book (web/rulesets/): the scene knows no rule.

import { baseOutlines, footprint, corners } from './geometry.js';
import { s, r2 } from './svg.js';
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

// On the live map a finger must be able to take every piece and read every name whatever the zoom (look.px, the
// screen px per table unit): each piece gets an unseen target HIT_PX across, and names are written LABEL_PX high.
const HIT_PX = 45;
const LABEL_PX = 14;
const FONT = 2.4; // the labels' font size in the stylesheet, in table units at mark scale 1

// The scale of the marks that carry words (leaders, names, notes): on a touch screen's live map, whatever makes
// their words LABEL_PX high on screen at any zoom; with a mouse, and in the replay, the table's mark scale.
const wordScale = (k, px, touch) => (px > 0 && touch ? LABEL_PX / (FONT * px) : k);

// Roughly how wide a line of text is, in table units, at scale km (a name kept inside the table's edge).
const textWidth = (text, km) => 0.58 * FONT * String(text || '').length * km;

// Where a feature's note is written: its centre (a circle), the middle of its points (a polygon), its middle point
// (a line).
function featureMiddle(tf) {
  if (tf.shape === 'circle' && tf.centre) return tf.centre;
  const pts = tf.points || [];
  if (!pts.length) return null;
  if (tf.shape === 'polyline') return pts[Math.floor(pts.length / 2)];
  return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
}


export const TERRAIN_KINDS = ['wood', 'hill', 'river', 'road', 'town', 'marsh', 'wall'];

// Table points to SVG points: the model's y runs up the table, SVG's down; turned, the table is seen from the
// far side (rotated 180°).
export function projector(table, flip) {
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
export const terrainKnown = (tf) => tf.known !== false && !!tf.kind;

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
    g.appendChild(markAt(toSvg(mid), d.km, { class: `terrain-note${note.unknown ? ' is-unknown' : ''}` },
      s('text', { 'text-anchor': 'middle', y: 0.8, testid: `${ids}-terrain-note`, dataset: { terrain: String(tf.id), known: note.unknown ? 'false' : 'true' } }, note.text)));
  }
  if (opts.editTerrain) {
    g.dataset.drag = 'terrain';
    g.dataset.id = String(tf.id);
    g.classList.add('draggable');
  }
  return g;
}

const laidOut = (d) => Number(d.look.px) > 0; // the live map, on screen

// A piece's unseen target: a circle round the middle of its outline `box` (SVG points), r table units or larger.
function hitCircle(box, r) {
  const xs = box.map((p) => p[0]);
  const ys = box.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const half = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
  return s('circle', { class: 'hit', cx: r2(cx), cy: r2(cy), r: r2(Math.max(r, half)), 'aria-hidden': 'true' });
}

// A unit's name under its outline, kept inside the table's edges.
function unitLabel(d, box, name) {
  const xs = box.map((p) => p[0]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const bottom = Math.max(...box.map((p) => p[1]));
  const half = textWidth(name, d.km) / 2;
  const x = Math.min(Math.max(cx, half), d.width - half);
  return markAt([r2(x), r2(bottom)], d.km, { class: 'map-unit-name' },
    s('text', { class: 'unit-label', x: 0, y: FONT, 'text-anchor': 'middle', testid: `${d.ids}-unit-label` }, name || ''));
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
  const box = corners(u).map(toSvg);
  if (d.hitR > 0 && !u.removed) g.appendChild(hitCircle(box, d.hitR));
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
  if (laidOut(d) && !u.removed && cls.includes('unit-mine')) g.appendChild(unitLabel(d, box, u.name));
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

// A leader's name beside his marker: to the right, or to the left where it would run off the table.
function leaderLabel(d, l, c) {
  const dy = r2(1.2 + ((d.labelDy && d.labelDy[l.id]) || 0));
  const left = c[0] + (2.6 * d.km) + textWidth(l.name, d.km) > d.width;
  return s('text', { class: 'leader-label', x: left ? -2.6 : 2.6, y: dy, 'text-anchor': left ? 'end' : 'start', testid: `${d.ids}-leader-label` }, l.name || '');
}

function leaderEl(d, l) {
  const { toSvg, ids, opts, sides, live, look } = d;
  const k = d.km;
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
      leaderLabel(d, l, c)));
  if (d.hitR > 0) g.insertBefore(s('circle', { class: 'hit', cx: c[0], cy: c[1], r: r2(d.hitR), 'aria-hidden': 'true' }), g.children[1]);
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
// what the viewer knew then), px (the live map's screen px per table unit, when laid out: names kept readable),
// touch (a finger points: each piece gets a target it can take)}.
// The drawing's box: the table and a margin round it for the marks at its edges.
export function setViewBox(svg, table) {
  const t = table || { width: 180, depth: 120 };
  const m = r2(3 * markScale(t));
  const box = `${-m} ${-m} ${r2(t.width + 2 * m)} ${r2(t.depth + 2 * m)}`;
  if (svg.getAttribute('viewBox') !== box) svg.setAttribute('viewBox', box);
}

export function drawScene(svg, scene, look = {}) {
  const t = scene.table || { width: 180, depth: 120 };
  const { toSvg, pts } = projector(t, !!look.flip);
  const ids = look.ids || 'battle';
  const opts = look.opts || {};
  const selected = look.selected || null;
  const live = !!look.onHover; // the replay is read-only: no focus, hover or dragging
  const book = look.book || {};
  const k = markScale(t);
  const px = Number(look.px) || 0;
  const km = wordScale(k, px, !!look.touch);
  const hitR = px > 0 && look.touch ? HIT_PX / 2 / px : 0;
  const d = { toSvg, pts, ids, opts, selected, live, book, look, sides: scene.sides, k, km, hitR, width: t.width, battle: look.battle || scene };

  setViewBox(svg, t);
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
  d.labelDy = labelOffsets(scene.leaders || [], toSvg, km);
  for (const l of scene.leaders || []) leaders.appendChild(leaderEl(d, l));
  svg.appendChild(leaders);
}

