// Loose Files and American Scramble in the random-play test over real frames (random_play.test.mjs): the port of
// tests/unit/rulesets/lfas/battle_property_lfas.h. Two sides of infantry, skirmishers, cavalry and guns under
// commanders, random sealed orders (fire, command points, movement dice, charges, formations); checks that no
// player sees the other side's command points or, before the reveal, its orders.

export const id = 'lfas';

export function create(users) {
  const units = [];
  const unit = (side, n, type, x, y, v) => {
    units.push({ side, name: n, troop_type: type, position: [x, y], facing: side === 'a' ? 0 : 180, values: { ...v, note: `VALUE-${n}` } });
  };
  unit('a', 'A-Grenadiers', 'infantry', 20, 12, { class: 1, regular: true });
  unit('a', 'A-Rangers', 'skirmishers', 30, 14, { class: 2, weapon: 'rifle' });
  unit('a', 'A-Dragoons', 'cavalry', 40, 12, { class: 2, brigade: 2 });
  unit('a', 'A-Guns', 'artillery', 26, 8, { class: 3, gun: 'heavy' });
  unit('b', 'B-Militia', 'infantry', 20, 22, { class: 4, kind: 'militia' });
  unit('b', 'B-Continentals', 'infantry', 32, 24, { class: 2, hessian: false });
  unit('b', 'B-Horse', 'cavalry', 44, 26, { class: 3 });
  unit('b', 'B-Guns', 'artillery', 26, 34, { class: 3, gun: 'light', limbered: true });
  const leaders = [
    { id: 1, side: 'a', user: users.bob.user, name: 'Cornwallis', position: [24, 10], values: { role: 'c_in_c' } },
    { id: 2, side: 'a', user: users.carol.user, name: 'Tarleton', position: [40, 10], values: { role: 'brigadier' } },
    { id: 3, side: 'b', user: users.dave.user, name: 'Greene', position: [28, 28], values: { role: 'c_in_c' } },
  ];
  return {
    name: 'Random Loose Files', ruleset: 'lfas', table: { width: 72, depth: 48, measure: 'inches' },
    sides: [{ id: 'a', name: 'British' }, { id: 'b', name: 'Americans' }], units, leaders,
    terrain: [{ kind: 'wood', name: 'TERRAIN-A-ONLY', shape: 'circle', centre: [60, 20], radius: 5, known_to: ['a'] }],
    settings: { orders_needed: true },
  };
}

const SPENDS = ['order', 'order', 'move', 'write', 'rally', 'inspire', 'bribe'];

export function item(r, b) {
  if (r.pick(8) === 0) return { type: 'battle.withdraw', body: {} };
  const ids = [];
  const enemies = [];
  for (const u of b.units ?? []) {
    if (u.removed === true) continue;
    (u.side === (b.viewer_side ?? '') ? ids : enemies).push(u.id);
  }
  ids.push(999);
  enemies.push(999);
  const hints = b.lfas?.units ?? {};
  const body = { fire: [], command: [], move: [] };
  const n = r.pick(3);
  for (let i = 0; i < n; i++) {
    const unit = ids[r.pick(ids.length)];
    const key = Number.isInteger(unit) ? String(unit) : '';
    if (r.pick(3) === 0) {
      let target = enemies[r.pick(enemies.length)];
      const fire = hints[key]?.fire;
      if (Array.isArray(fire) && fire.length && r.pick(3) !== 0) target = fire[r.pick(fire.length)];
      body.fire.push({ unit, target });
    }
    body.command.push({ spend: SPENDS[r.pick(7)], units: [unit], unit, dice: 1 + r.pick(4), to: [r.pick(72), r.pick(48)] });
    let m = { unit, av: r.pick(3), d6: r.pick(3), to: [r.pick(72), r.pick(48)] };
    switch (r.pick(6)) {
      case 0: m.charge = enemies[r.pick(enemies.length)]; m.bayonet = r.pick(2) === 0; break;
      case 1: m = { unit, formation: r.pick(2) ? 'skirmish' : 'column' }; break;
      case 2: m = { unit, limber: true }; break;
      default: break;
    }
    if (r.pick(4) !== 0) body.move.push(m);
  }
  return { type: 'battle.submit', body };
}

export const overrides = ['dp', 'casualties', 'cp', 'wound', 'formation', 'limber', 'part', 'move', 'nonsense'];
export const table = [72, 48];

export function overrideExtra(r, _ub, body) {
  body.value = r.pick(7);
  body.wound = ['', 'light', 'serious', 'killed', 'bad'][r.pick(5)];
  body.formation = ['line', 'column', 'skirmish', 'square'][r.pick(4)];
}

/** A player sees his own side's command points only; another side's orders never before the reveal. */
export function check(ub, _v, b, expect) {
  const side = b.viewer_side ?? '';
  for (const key of Object.keys(b.lfas?.cp ?? {})) {
    const l = ub.leaders.find((x) => String(x.id) === key);
    expect(l !== undefined && l.side === side, `sees the points of commander ${key}`);
  }
  for (const key of Object.keys(b.lfas?.units ?? {})) {
    const u = ub.units.find((x) => String(x.id) === key);
    expect(u !== undefined && u.side === side, `sees the hints of unit ${key}`);
  }
}
