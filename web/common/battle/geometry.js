// Battle geometry for drawing, mirroring shared/battle/geometry.cpp: table units, facings in degrees
// clockwise from +y, a unit's `position` the centre of its front edge, its footprint extending behind it.
// Only what drawing needs: where a rule reaches (a range, "with a unit", "beside") is the server's (`hints`).

export function direction(facing) {
  const r = (facing * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

export function rightOf(facing) { return direction(facing + 90); }

// Frontage and depth of the formation's block, in bases.
export function block(unit) {
  const n = Math.max(unit.bases || 1, 1);
  if (unit.formation === 'column') return [1, n];
  if (unit.formation === 'square') {
    let k = 1;
    while (k * k < n) k += 1;
    return [k, k];
  }
  return [n, 1];
}

const add = (a, b, s = 1) => [a[0] + b[0] * s, a[1] + b[1] * s];

export function footprint(unit) {
  const [across, deep] = block(unit);
  const bw = unit.base_width || 4;
  const bd = unit.base_depth || 2;
  const frontage = across * bw;
  const depth = deep * bd;
  const fwd = direction(unit.facing || 0);
  const right = rightOf(unit.facing || 0);
  const p = unit.position || [0, 0];
  const fl = add(p, right, -frontage / 2);
  const fr = add(p, right, frontage / 2);
  return { frontLeft: fl, frontRight: fr, rearRight: add(fr, fwd, -depth), rearLeft: add(fl, fwd, -depth), frontage, depth };
}

export function corners(unit) {
  const f = footprint(unit);
  return [f.frontLeft, f.frontRight, f.rearRight, f.rearLeft];
}

// Each base's outline: front-left, front-right, rear-right, rear-left.
export function baseOutlines(unit) {
  const [across] = block(unit);
  const f = footprint(unit);
  const bw = unit.base_width || 4;
  const bd = unit.base_depth || 2;
  const fwd = direction(unit.facing || 0);
  const right = rightOf(unit.facing || 0);
  const out = [];
  for (let i = 0; i < Math.max(unit.bases || 1, 1); i += 1) {
    const col = i % across;
    const row = Math.floor(i / across);
    const fl = add(add(f.frontLeft, right, col * bw), fwd, -row * bd);
    const fr = add(fl, right, bw);
    out.push([fl, fr, add(fr, fwd, -bd), add(fl, fwd, -bd)]);
  }
  return out;
}

export function distance(a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1]); }

export function measureLabel(table) {
  const m = (table && table.measure) || 'cm';
  return m === 'inches' ? '″' : m === 'paces' ? ' paces' : ' cm';
}
