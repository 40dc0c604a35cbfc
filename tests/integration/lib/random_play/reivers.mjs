// Border Reivers in the random-play test over real frames (random_play.test.mjs): the port of
// tests/unit/rulesets/reivers/battle_property_reivers.h. A raid with names in ambush, a hidden heidman, secret
// terrain rolls and a side with local knowledge (and, beyond the C++ fixture, a wood only side "a" knows); random
// actions of every kind; and checks that no viewer gets a terrain roll, a heidman's craft or a search his side does
// not know, nor a name in ambush of the other side.

export const id = 'reivers';

export function create(users) {
  const units = [];
  const name = (side, owner, n, type, mounted, x, y, hidden) => {
    units.push({
      side, owner, name: n, troop_type: type, position: [x, y], facing: side === 'a' ? 0 : 180, concealed: hidden,
      markers: hidden ? { concealment: 3 } : {}, values: { mounted, fyrebrand: 3, note: `VALUE-${n}` },
    });
  };
  name('a', users.bob.user, 'Armstrongs', 'rider', true, 300, 200, false);
  name('a', users.carol.user, 'Elliots', 'bow', false, 500, 200, false);
  name('a', 0, 'HIDDEN-A-1', 'blade', false, 700, 250, true);
  name('b', users.dave.user, 'Forsters', 'demi_lance', true, 400, 500, false);
  name('b', 0, 'HIDDEN-B-1', 'musketeer', false, 600, 420, true);
  name('b', users.dave.user, 'HIDDEN-B-2', 'pike', false, 250, 450, true);
  name('b', users.dave.user, 'Kine', 'herd', true, 450, 600, false);
  const leaders = [
    { side: 'a', user: users.bob.user, name: 'Kinmont Willie', position: [300, 180], values: { fyrebrand: 2, craft: 'good' } },
    { side: 'a', user: users.carol.user, name: 'Jock Elliot', position: [500, 180], values: { fyrebrand: 3, craft: 'average' } },
    { side: 'b', user: users.dave.user, name: 'HIDDEN-LEADER-B', position: [250, 470], concealed: true, values: { fyrebrand: 1, craft: 'poor' } },
  ];
  const terrain = [
    { kind: 'wood', name: 'Tarras Wood', shape: 'circle', centre: [600, 420], radius: 120 },
    { kind: 'marsh', name: 'Solway Moss', shape: 'circle', centre: [350, 350], radius: 80 },
    { kind: 'town', name: 'Bewcastle', shape: 'circle', centre: [250, 450], radius: 60 },
    { kind: 'field', name: 'Infield', shape: 'polygon', points: [[100, 300], [200, 300], [200, 400], [100, 400]] },
    { kind: 'wall', name: 'Dyke', shape: 'polyline', points: [[0, 320], [1000, 330]], width: 0 },
    { kind: 'road', name: 'Street', shape: 'polyline', points: [[300, 0], [300, 800]], width: 30 },
    // Beyond the C++ fixture: a feature only the Scots know, so that the terrain canary is there to leak.
    { kind: 'wood', name: 'TERRAIN-A-ONLY', shape: 'circle', centre: [900, 100], radius: 50, known_to: ['a'] },
  ];
  return {
    name: 'Random Raid', ruleset: 'reivers', table: { width: 1000, depth: 800, measure: 'paces' },
    sides: [{ id: 'a', name: 'Scots' }, { id: 'b', name: 'English' }], units, leaders, terrain,
    settings: { local_knowledge: 'b', conceal_near_enemy_paces: 100 },
  };
}

const ACTIONS = ['craft', 'move', 'move', 'move', 'move_heidman', 'conceal', 'detect', 'detect', 'dismount', 'remount',
  'rally', 'spring', 'nonsense'];

export function item(r, b) {
  switch (r.pick(10)) {
    case 0: case 1: return { type: 'battle.submit', body: {} };
    case 2: return { type: 'battle.withdraw', body: {} };
    default: break;
  }
  const body = { action: ACTIONS[r.pick(13)] };
  const own = [];
  const ids = [];
  for (const u of b.units ?? []) {
    ids.push(u.id);
    if (u.side === (b.viewer_side ?? '') && u.removed !== true) own.push(u);
  }
  ids.push(r.pick(2) ? 2 : 999);
  // Mostly one of his own names, moved a little way (a whole move is 100 or 200 paces); sometimes anything.
  let pos = [r.pick(1000), r.pick(800)];
  if (own.length && r.pick(5) !== 0) {
    const u = own[r.pick(own.length)];
    body.unit = u.id;
    pos = [u.position[0] + r.pick(300) - 150, u.position[1] + r.pick(300) - 150];
  } else {
    body.unit = ids[r.pick(ids.length)];
  }
  if (r.pick(6) === 0) body.units = [ids[r.pick(ids.length)], ids[r.pick(ids.length)]];
  body.to = pos;
  body.at = r.pick(2) ? pos : [r.pick(1000), r.pick(800)];
  body.craft = r.pick(5);
  return { type: 'battle.act', body };
}

export const overrides = ['act', 'craft', 'feud', 'unfeud', 'terrain', 'fate', 'marker', 'reveal', 'conceal', 'move', 'nonsense'];
export const table = [1000, 800];

export function overrideExtra(r, ub, body) {
  const units = ub.units;
  body.by = units[r.pick(units.length)].id;
  body.against = [units[r.pick(units.length)].id];
  body.feature = ub.terrain[r.pick(ub.terrain.length)].id;
  body.roll = r.pick(7);
  if (r.pick(2)) body.reveal_to = ['a', 'b', '*'][r.pick(3)];
  body.marker = ['fleeing', 'fyrebrand_up', 'concealment', 'under_fire'][r.pick(4)];
  body.points = r.pick(6);
  body.action = ['craft', 'move', 'conceal', 'detect', 'spring'][r.pick(5)];
  body.to = [r.pick(1000), r.pick(800)];
  body.at = body.to;
  body.craft = 1 + r.pick(3);
  body.rolled = r.pick(8);
  body.fate = r.pick(8) ? '' : 'captured';
}

/**
 * A viewer's terrain rolls are those his side knows (an observer's, those every side knows); craft and searches
 * are his side's; a name in ambush does not exist for the other side, not in its list, not in its count.
 * `expect(ok, what)` records a failed check.
 */
export function check(ub, v, b, expect) {
  const side = b.viewer_side ?? '';
  for (const fid of Object.keys(b.terrain_rolls ?? {})) {
    const known = ub.terrain_rolls?.[fid]?.known_to ?? [];
    if (side) expect(known.includes(side), `sees the roll of feature ${fid}, known to ${JSON.stringify(known)}`);
    else expect(known.length === ub.sides.length, `sees the roll of feature ${fid}, known to ${JSON.stringify(known)} only`);
  }
  for (const lid of Object.keys(b.craft ?? {})) {
    const l = ub.leaders.find((x) => String(x.id) === lid);
    expect(l !== undefined && l.side === side, `sees the craft of heidman ${lid}`);
  }
  for (const s of b.searches ?? []) expect(s.side === side, `sees a search of side ${s.side}: ${JSON.stringify(s).slice(0, 200)}`);
  let maySee = 0;
  for (const u of ub.units) if (v.umpire || u.concealed !== true || u.side === side) maySee += 1;
  expect((b.units ?? []).length === maySee, `sees ${(b.units ?? []).length} names, not the ${maySee} he may`);
  if (!side) expect((b.bound?.order ?? []).length === 0, `an observer sees the bound's order ${JSON.stringify(b.bound?.order)}`);
}
