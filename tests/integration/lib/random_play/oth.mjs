// Over the Hill in the random-play test over real frames (random_play.test.mjs): the port of the inline fixture
// of tests/unit/test_battle_property.cpp (oth_create, oth_item): units and a leader in ambush, a value canary on
// every unit, terrain only side "a" knows; a player's random card from his own view of the battle.

export const id = 'oth';

/** The battle.create body (less the campaign); `users`: {bob, carol, dave} with their user ids. */
export function create(users) {
  const units = [];
  const unit = (side, owner, name, x, y, hidden) => {
    units.push({
      side, owner, name, position: [x, y], facing: side === 'a' ? 0 : 180, concealed: hidden,
      values: { drill: 3, musketry: 3, effectiveness: 3, note: `VALUE-${name}` },
    });
  };
  unit('a', users.bob.user, 'Bobs Foot', 40, 40, false);
  unit('a', users.carol.user, 'Carols Foot', 80, 40, false);
  unit('a', 0, 'HIDDEN-A-1', 120, 45, true);
  unit('b', users.dave.user, 'Daves Clan', 60, 70, false);
  unit('b', 0, 'HIDDEN-B-1', 100, 75, true);
  unit('b', users.dave.user, 'HIDDEN-B-2', 20, 80, true);
  const leaders = [
    { side: 'a', user: users.bob.user, name: 'Kemp', position: [40, 41] },
    { side: 'a', user: users.carol.user, name: 'Dartington', position: [80, 41] },
    { side: 'b', user: users.dave.user, name: 'HIDDEN-LEADER-B', position: [20, 81], concealed: true },
  ];
  const terrain = [
    { kind: 'wood', name: 'TERRAIN-A-ONLY', shape: 'circle', centre: [150, 20], radius: 8, known_to: ['a'] },
    { kind: 'hill', name: 'Open Hill', shape: 'circle', centre: [10, 10], radius: 5 },
  ];
  return {
    name: 'Random Moor', ruleset: 'oth', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'a', name: 'Blue' }, { id: 'b', name: 'Red' }], units, leaders, terrain,
  };
}

const CARDS = ['talk', 'inspire', 'engage', 'move', 'order.fire', 'order.advance', 'order.charge', 'order.run_away',
  'order.retreat', 'no_action', 'nonsense'];

/** A player's random command (its body without battle and turn), from his view of the battle `b`. */
export function item(r, b) {
  const body = { card: CARDS[r.pick(11)] };
  const units = (b.units ?? []).map((u) => u.id);
  units.push(r.pick(2) ? 2 : 999);
  body.unit = units[r.pick(units.length)];
  const leaders = (b.leaders ?? []).map((l) => l.id);
  leaders.push(3);
  body.leader = leaders[r.pick(leaders.length)];
  body.to = [r.pick(200), r.pick(130)];
  return { type: r.pick(8) === 0 ? 'card.withdraw' : 'card.play', body };
}

export const overrides = ['reveal', 'conceal', 'tp', 'leader', 'move', 'order', 'nonsense'];
export const table = [180, 120];
export const overrideExtra = null;
export const check = null;
