// The map's overlay: what is drawn over the pieces (ranges, a leader's reach, the point being picked, the ruler),
// projected as the scene is (toSvg). Where a rule reaches comes from the server's hints: nothing here is a rule.

import { s, r2 } from './svg.js';
import { footprint, direction } from './geometry.js';

// Ahead of the unit's front edge and in its 45° front arc, within `range` of the front edge.
function rangePath(toSvg, unit, range) {
  const f = footprint(unit);
  const fwd = direction(unit.facing || 0);
  const left = direction((unit.facing || 0) - 45);
  const right = direction((unit.facing || 0) + 45);
  const p = (a, d, r) => toSvg([a[0] + d[0] * r, a[1] + d[1] * r]).join(',');
  const fl = toSvg(f.frontLeft).join(',');
  const fr = toSvg(f.frontRight).join(',');
  const R = r2(range);
  return `M${fl} L${p(f.frontLeft, left, range)} A${R},${R} 0 0 1 ${p(f.frontLeft, fwd, range)} L${p(f.frontRight, fwd, range)} A${R},${R} 0 0 1 ${p(f.frontRight, right, range)} L${fr} Z`;
}

// The unit's ranges as the server's hints give them (only for units the viewer may know), widest first so that
// the narrower draw on top. A range is drawn ahead of the unit, unless the book draws its kind as a circle round
// the unit (book.rangeShapes: Border Reivers' move).
function rangesOf(battle, unit, book) {
  const list = battle.hints && battle.hints.ranges && battle.hints.ranges[String(unit.id)];
  if (!Array.isArray(list)) return [];
  const shapes = (book && book.rangeShapes) || {};
  const unitWord = (r) => (typeof r.cm === 'number' ? `${r.cm} cm` : typeof r.paces === 'number' ? `${Math.round(r.paces)} paces` : '');
  return list.filter((r) => typeof r.range === 'number' && r.range > 0)
    .map((r) => ({ range: r.range, kind: String(r.kind || ''), circle: shapes[r.kind] === 'circle', label: `${String(r.kind || '').replace(/_/g, ' ')} ${unitWord(r)}` }))
    .sort((a, b) => b.range - a.range);
}

export function rangeEls(toSvg, battle, hover, book) {
  const u = hover === null ? null : (battle.units || []).find((x) => x.id === hover);
  if (!u || u.removed) return [];
  return rangesOf(battle, u, book).map((r) => {
    const data = { testid: 'battle-range', dataset: { unit: String(u.id), range: String(r2(r.range)), kind: r.kind } };
    if (r.circle) {
      const c = toSvg(u.position || [0, 0]);
      return s('circle', { class: `range range-${r.kind}`, cx: c[0], cy: c[1], r: r2(r.range), ...data }, s('title', {}, r.label));
    }
    return s('path', { class: `range range-${r.kind}`, d: rangePath(toSvg, u, r.range), ...data }, s('title', {}, r.label));
  });
}

// The distances the server's hints draw round a leader (`hints.leader_reach`: Over the Hill's "with" his units and
// talk), for each leader in `ids`.
export function leaderReachEls(toSvg, battle, ids) {
  const list = battle.hints && Array.isArray(battle.hints.leader_reach) ? battle.hints.leader_reach : [];
  const out = [];
  for (const id of ids) {
    const l = (battle.leaders || []).find((x) => x.id === id);
    if (!l || !l.position) continue;
    const c = toSvg(l.position);
    for (const r of list) {
      if (typeof r.range !== 'number' || r.range <= 0) continue;
      const label = r.kind === 'with' ? `With his units: within ${r.cm} cm` : r.kind === 'talk' ? `Talk: leaders within ${r.cm} cm` : `${String(r.kind).replace(/_/g, ' ')} ${r.cm} cm`;
      out.push(s('circle', { class: `leader-reach reach-${r.kind}`, cx: c[0], cy: c[1], r: r2(r.range), testid: 'battle-leader-reach', dataset: { leader: String(id), kind: String(r.kind), range: String(r2(r.range)) } },
        s('title', {}, label)));
    }
  }
  return out;
}

// The point being picked (a Move card): the reach round where it starts, the point and the line to it.
export function pickEls(toSvg, opts, k) {
  const out = [];
  if (opts.moveFrom && typeof opts.moveReach === 'number') {
    const c = toSvg(opts.moveFrom);
    out.push(s('circle', { class: 'move-reach', cx: c[0], cy: c[1], r: r2(opts.moveReach) }));
  }
  if (opts.moveTo) {
    const c = toSvg(opts.moveTo);
    out.push(s('circle', { class: 'move-target', cx: c[0], cy: c[1], r: r2(1.5 * k), testid: 'battle-move-target' }));
    if (opts.moveFrom) {
      const a = toSvg(opts.moveFrom);
      out.push(s('line', { class: 'move-line', x1: a[0], y1: a[1], x2: c[0], y2: c[1] }));
    }
  }
  return out;
}

export function rulerEls(toSvg, ruler, k) {
  if (!ruler.on || !ruler.a) return [];
  const a = toSvg(ruler.a);
  const out = [s('circle', { class: 'ruler-end', cx: a[0], cy: a[1], r: r2(0.9 * k) })];
  if (ruler.b) {
    const b = toSvg(ruler.b);
    out.push(s('circle', { class: 'ruler-end', cx: b[0], cy: b[1], r: r2(0.9 * k) }));
    out.push(s('line', { class: 'ruler-line', x1: a[0], y1: a[1], x2: b[0], y2: b[1], testid: 'battle-ruler-line' }));
  }
  return out;
}

