// The live battle map: the scene (scene.js) with a ruler, ranges on hover, the pieces under a tap, clicks and
// drags, and on a phone pieces a finger can take. The map is redrawn from the battle's view on every update; hover,
// ruler and drags live here. The ranges come from the server's hints (`hints.ranges`): the map knows no rule of any
// book.

import { h } from '../dom.js';
import { distance, measureLabel } from './geometry.js';
import { s, r2 } from './svg.js';
import { rangeEls, leaderReachEls, pickEls, rulerEls } from './overlay.js';
import { mapZoom } from './zoom.js';
import { piecesBar } from './pieces.js';
import { drawScene, setViewBox, tableSvg, markScale, projector, TERRAIN_KINDS, terrainKnown } from './scene.js';

// Whether a finger may point at the map (a phone, a tablet, a touch screen beside a mouse).
const TOUCH = () => typeof matchMedia === 'function' && matchMedia('(any-pointer: coarse)').matches;

const TOUCH_SLOP = 10; // CSS px a finger may wander in a tap (select) before it is a drag (move)

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
  return e;
}

// The live map: the scene, the overlay, the toolbar (ruler, turn the table, zoom), hover, clicks and drags.
class MapView {
  constructor(options) {
    Object.assign(this, { options, battle: null, opts: {}, W: 180, D: 120, hover: null, hoverLeader: null, drag: null, selected: null });
    this.flip = false; // seen from the far side: the table turned 180°
    this.ruler = { on: false, a: null, b: null };
    this.e = mapElements();
    this.framed = null; // the battle whose opening frame was set (frameOnce)
    this.e.zoom = mapZoom(this.e.frame, this.e.svg, this.e.zoomButton, () => this.redrawSoon());
    this.pieces = piecesBar((p) => this.choose(p));
    const e = this.e;
    e.el = h('div', { class: 'battle-map-wrap' }, h('div', { class: 'map-toolbar' }, e.rulerButton, e.flipButton, e.zoomButton, e.readout, e.hint),
      e.frame, this.pieces.el, options.news || null, e.legend);
    this.listenToolbar();
    this.listenPointer();
    // A phone turned, a window resized: the pieces' targets and names are sized for the screen again.
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.redrawSoon()).observe(e.frame);
  }

  // One redraw at the next frame however many changes asked for it (a pinch moves the zoom many times a second).
  redrawSoon() {
    if (this.soon || this.e.zoom.pinching()) return; // the pinch's end asks again

    this.soon = requestAnimationFrame(() => {
      this.soon = 0;
      if (!this.drag) this.draw();
    });
  }

  // The screen px per table unit as the map is laid out now, or 0 while it is not on screen.
  screenPx() {
    const m = this.e.svg.getScreenCTM();
    return m && this.e.svg.getBoundingClientRect().width > 0 ? Math.abs(m.a) || 0 : 0;
  }

  // The first time a battle is drawn on screen, the opening frame the page asks for (opts.frame: [x0, y0, x1, y1]
  // in table units; a phone's player: his own pieces and his edge of the table).
  frameOnce() {
    const { battle, opts, e } = this;
    if (this.framed === battle.id || !e.frame.clientWidth) return;
    this.framed = battle.id;
    if (!opts.frame) return;
    const vb = e.svg.viewBox.baseVal;
    const [ax, ay] = this.toSvg([opts.frame[0], opts.frame[1]]);
    const [bx, by] = this.toSvg([opts.frame[2], opts.frame[3]]);
    const fx = (x) => (x - vb.x) / vb.width;
    const fy = (y) => (y - vb.y) / vb.height;
    e.zoom.frameTo([fx(Math.min(ax, bx)), fy(Math.min(ay, by)), fx(Math.max(ax, bx)), fy(Math.max(ay, by))]);
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
    const chosen = (sel && pieces.find((x) => x.kind === sel.kind && x.id === sel.id)) || pieces.find((x) => this.isMine(x)) || pieces[0] || null;
    this.pieces.show(pieces, chosen);
    if (chosen) this.look(chosen);
    if (chosen && this.options.onPiece) this.options.onPiece(chosen);
  }

  // Brings piece p into the screen's upper part, `above` px from the top at most (a phone's sheet has opened over
  // the lower): the page scrolled to the pieces under the tap (or the map's top), the zoomed map's frame to the piece.
  reveal(p, above) {
    const g = this.e.svg.querySelector(p.kind === 'unit' ? `[data-unit="${p.id}"]` : `[data-leader="${p.id}"]`);
    if (!g) return;
    const head = this.pieces.el.hidden ? this.e.frame : this.pieces.el;
    window.scrollBy(0, head.getBoundingClientRect().top - 64); // below the sticky top bar
    const f = this.e.frame.getBoundingClientRect();
    const r = g.getBoundingClientRect();
    this.e.frame.scrollTop += r.top + r.height / 2 - (f.top + Math.min(f.bottom, above)) / 2;
    // A piece at the table's near edge, where the frame scrolls no further: the page, then; past the bar only when
    // it names the one piece (of a stack, the bar is how the others are picked).
    const after = g.getBoundingClientRect();
    const mid = after.top + after.height / 2;
    const stack = this.pieces.el.querySelectorAll('[data-testid="battle-map-piece"]').length > 1;
    const room = stack ? this.pieces.el.getBoundingClientRect().top - 64 : Infinity;
    if (mid > above - 30) window.scrollBy(0, Math.max(0, Math.min(mid - (64 + above) / 2, room)));
  }

  // One of the viewer's own pieces: a unit he owns, or his leader.
  isMine(p) {
    const o = this.opts;
    if (p.kind === 'leader') return !!o.myLeader && p.id === o.myLeader;
    if (p.kind !== 'unit' || !o.myUser) return false;
    const u = (this.battle.units || []).find((x) => x.id === p.id);
    return !!u && u.owner === o.myUser;
  }

  // A piece chosen from the bar: selected (the umpire's, who may move it), its ranges or reach drawn.
  choose(p) {
    if (this.canDrag() && this.options.onSelect) {
      this.selected = { kind: p.kind, id: p.id };
      this.options.onSelect(this.selected);
      this.draw();
    }
    this.look(p);
    if (this.options.onPiece) this.options.onPiece(p);
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
    // The table's box first: its scale on screen, which the pieces' targets are sized by, depends on it.
    setViewBox(e.svg, t);
    this.frameOnce();
    drawScene(e.svg, battle, { flip: this.flip, ids: 'battle', opts, selected: this.selected, onHover: (id, left) => this.onHover(id, left),
      onHoverLeader: (id, left) => this.onHoverLeader(id, left), book: opts.book, battle, px: this.screenPx(), touch: TOUCH() });
    e.svg.appendChild(e.overlay);
    this.drawOverlay();
    // Legend: sides and the terrain kinds on this table.
    const kinds = [...new Set((battle.terrain || []).map((x) => (terrainKnown(x) ? x.kind : 'unknown')))];
    e.legend.replaceChildren(
      ...(battle.sides || []).slice(0, 2).map((sd, i) => h('span', { class: `legend-item legend-side-${i === 0 ? 'a' : 'b'}` }, sd.name || sd.id)),
      ...kinds.map((k) => h('span', { class: `legend-item legend-terrain legend-${TERRAIN_KINDS.includes(k) ? k : 'other'}` }, k === 'unknown' ? 'unknown ground' : k)));
  }

  update(b, o) {
    if (this.battle && b && this.battle.id !== b.id) this.pieces.hide(); // another battle: its pieces are not here
    this.battle = b;
    this.opts = o;
    this.e.hint.textContent = o.hint || '';
    if (this.drag) return; // redraw after the drop
    this.draw();
  }
}

// options: onPoint(pt) (a click on the table, in table units), canDrag() -> bool,
// onDrag({kind: 'unit'|'leader'|'terrain', id, delta: [dx, dy]}), onSelect({kind, id}),
// onTurn(flip) (the table turned round: the replay follows), onPiece({kind, id}) (a piece tapped or chosen from the
// bar; of a stack, the viewer's own first), news (an element shown with the pieces under a tap: what befell the one
// chosen)
export function battleMap(options = {}) {
  const m = new MapView(options);
  return {
    el: m.e.el,
    svg: m.e.svg,
    update(b, o = {}) { m.update(b, o); },
    redraw() { m.draw(); },
    select(sel) { m.selected = sel; m.draw(); },
    reveal(p, above) { m.reveal(p, above); },
    get selected() { return m.selected; },
  };
}
