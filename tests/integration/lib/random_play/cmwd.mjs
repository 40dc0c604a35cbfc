// Chosen Men, Well Disposed in the random-play test over real frames (random_play.test.mjs): the port of
// tests/unit/rulesets/cmwd/battle_property_cmwd.h. Two brigades a side, random bids, orders, moves, fire and
// charges; and checks that a sealed tempo bid, or whether it is in, never reaches the other side or an observer
// before both are in, that a side's tempo points are its own, and that declared fire is the acting side's.
import { isDeepStrictEqual } from 'node:util';

export const id = 'cmwd';

export function create(users) {
  const units = [];
  const base = (side, n, type, brigade, x, y) => {
    units.push({
      side, name: n, troop_type: type, position: [x, y], facing: side === 'a' ? 0 : 180,
      values: {
        brigade, note: `VALUE-${n}`, pistols: side === 'b',
        school: type === 'infantry' ? (side === 'a' ? 'dutch' : 'a_prest') : 'dutch',
      },
    });
  };
  for (let i = 0; i < 3; i++) {
    base('a', `A-Foot-${i}`, 'infantry', 'a-foot', 60 + 6 * i, 50);
    base('b', `B-Foot-${i}`, 'infantry', 'b-foot', 60 + 6 * i, 62);
    base('a', `A-Horse-${i}`, i === 2 ? 'dragoons' : 'horse', 'a-horse', 100 + 6 * i, 50);
    base('b', `B-Horse-${i}`, 'horse', 'b-horse', 100 + 6 * i, 64);
  }
  base('a', 'A-Guns', 'artillery', 'a-foot', 82, 48);
  const leaders = [
    { side: 'a', user: users.bob.user, name: 'General Bob', position: [70, 40], values: { brigade: 'a-foot', commander: true } },
    { side: 'a', user: users.carol.user, name: 'Brigadier Carol', position: [106, 46], values: { brigade: 'a-horse', rank: 'vigorous' } },
    { side: 'b', user: users.dave.user, name: 'Marshal Dave', position: [66, 70], values: { brigade: 'b-foot', rank: 'lethargic' } },
    { side: 'b', user: 0, name: 'Brigadier Nobody', position: [106, 72], values: { brigade: 'b-horse' } },
  ];
  const terrain = [{ kind: 'wood', name: 'TERRAIN-A-ONLY', shape: 'circle', centre: [30, 30], radius: 10, known_to: ['a'] }];
  return {
    name: 'Random Chosen Men', ruleset: 'cmwd', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'a', name: 'Allies' }, { id: 'b', name: 'French' }], units, leaders, terrain,
    settings: { tempo_dice: 1, tempo_bonus: 2 },
  };
}

const ACTIONS = ['order', 'order', 'move', 'move', 'wheel', 'turn', 'fire', 'fire', 'charge', 'charge', 'cancel', 'nonsense'];
const BRIGADES = ['a-foot', 'a-horse', 'b-foot', 'b-horse', 'nobody'];

export function item(r, b) {
  switch (r.pick(12)) {
    case 0: case 1: return { type: 'battle.submit', body: { bid: r.pick(9) } };
    case 2: return { type: 'battle.submit', body: { done: true } };
    case 3: return { type: 'battle.withdraw', body: {} };
    default: break;
  }
  const body = { action: ACTIONS[r.pick(12)] };
  body.brigade = BRIGADES[r.pick(5)];
  const ids = (b.units ?? []).map((u) => u.id);
  ids.push(999);
  body.unit = ids[r.pick(ids.length)];
  body.target = ids[r.pick(ids.length)];
  // Mostly what the hints offer: a target in reach.
  const h = b.cmwd?.hints;
  const kind = body.action;
  if (h && typeof h === 'object' && (kind === 'fire' || kind === 'charge') && h[kind] && Object.keys(h[kind]).length && r.pick(4) !== 0) {
    const keys = Object.keys(h[kind]);
    const k = keys[r.pick(keys.length)];
    body.unit = Number(k);
    body.target = h[kind][k][r.pick(h[kind][k].length)];
  }
  body.distance = r.pick(25) / 10;
  body.direction = r.pick(2) ? 'left' : 'right';
  body.degrees = [90, -90, 180, 45][r.pick(4)];
  return { type: 'battle.act', body };
}

export const overrides = ['marker', 'fate', 'rank', 'tempo', 'spent', 'moving', 'part', 'act', 'move', 'nonsense'];
export const table = [180, 120];

export function overrideExtra(r, ub, body) {
  body.marker = ['shaken', 'broken', 'fired', 'nonsense'][r.pick(4)];
  body.value = r.pick(3);
  body.fate = ['', 'horse', 'severe', 'killed', 'captured', 'bad'][r.pick(6)];
  body.rank = ['vigorous', 'active', 'lethargic'][r.pick(3)];
  body.side = r.pick(2) ? 'a' : 'b';
  body.points = r.pick(8);
  body.brigade = ['a-foot', 'a-horse', 'b-foot', 'b-horse'][r.pick(4)];
  body.spent = r.pick(4) === 0;
  body.moving = r.pick(2) === 0;
  body.action = ['order', 'move', 'fire', 'charge'][r.pick(4)];
  body.distance = 1;
  body.target = ub.units[r.pick(ub.units.length)].id;
}

const empty = (v) => v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0);

/**
 * Before the reveal a player learns nothing of the other side's bid: not the item, not whether it is in. His tempo
 * points are his side's; the declared fire and charges are the acting side's.
 */
export function check(ub, v, b, expect) {
  const side = b.viewer_side ?? '';
  const c = b.cmwd ?? {};
  const box = b.boxes?.orders;
  if (box && box.revealed === false) {
    for (const u of box.submitted ?? []) {
      let own = false;
      for (const l of ub.leaders) if (l.user === u) own = l.side === side;
      expect(own, `learns that user ${u} has submitted`);
    }
  }
  if (c.stage === 'bid' && b.status === 'cards') expect(c.bids === undefined || c.bids === null, `sees the bids ${JSON.stringify(c.bids)} before both are in`);
  if (!side) expect(c.tempo === undefined || c.tempo === null, `an observer sees tempo ${JSON.stringify(c.tempo)}`);
  else expect(isDeepStrictEqual(c.tempo ?? null, ub.cmwd?.tempo?.[side] ?? null), `sees tempo ${JSON.stringify(c.tempo)}, not his side's ${JSON.stringify(ub.cmwd?.tempo?.[side])}`);
  if (side !== (c.acting_side ?? '')) expect(empty(c.declared), `sees the acting side's declared ${JSON.stringify(c.declared).slice(0, 200)}`);
  for (const row of c.brigades ?? []) if (row.side !== side) expect(!('ordered' in row), `sees whether brigade ${row.id ?? JSON.stringify(row).slice(0, 80)} of side ${row.side} is ordered`);
}
