// Border Reivers (`reivers`) for bench/battle-turns.mjs: three heidmen a side (Scots and English), each with two
// names of riders, 600 paces apart on a 1500 x 1000 paces table (12 names), no terrain (no secret rolls).
//
// The turn is the book's way, not Over the Hill's: turn N is one side's bound (docs/protocol.md, "Border
// Reivers", "The bound"; border-reivers.txt read in docs/rules-notes.md, "The bound": "Each side starts with the
// heidman with the lowest fyrebrand rating"). So only the three heidmen of that side act, one after the other
// (fyrebrand 1, 2, 3): each moves one of his names 20 paces sideways (1 craft; an average heidman throws at
// least 1) and finishes with `battle.submit`; the last one's finish closes the bound and the combat steps
// (fire, melee, incidents, aftermath) follow in the same commit. The names never come near the enemy, so the
// raid goes on as long as the bench wants.
export const about = 'Border Reivers: 6 heidmen (3 a side), 12 names; a turn is one side\'s bound: its 3 heidmen each move a name, then finish, in fyrebrand order';

const SIDES = ['scots', 'english'];

export async function setup({ U, campaign, players }) {
  const leaders = [], units = [];
  players.forEach(({ user }, i) => {
    const side = SIDES[i < 3 ? 0 : 1], k = i % 3, y = i < 3 ? 200 : 800;
    const heidman = 11 + i, x = 300 + k * 400;
    leaders.push({ id: heidman, user, side, name: `Heidman ${i}`, position: [x, y], values: { fyrebrand: k + 1, craft: 'average' } });
    for (let n = 0; n < 2; n++) {
      units.push({ id: 101 + 2 * i + n, side, owner: user, name: `Riders ${i}-${n}`, troop_type: 'rider',
        position: [x + n * 120, y], values: { heidman } });
    }
  });
  const battle = (await U.ok('battle.create', {
    campaign, name: 'Bench raid', ruleset: 'reivers', table: { width: 1500, depth: 1000, measure: 'paces' },
    sides: SIDES.map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) })), leaders, units,
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  return { battle, units: units.length, leaders, names: units };
}

// Odd turns are the Scots' bounds (the first side listed), even ones the English (docs/protocol.md: "the sides
// take turns from `first_side`"). Each heidman's first name goes 20 paces right on his side's odd bounds and
// back on the even ones.
export async function playTurn({ campaign, players }, { battle, names }, turn) {
  const side = turn % 2 === 1 ? 0 : 1;
  const bound = Math.ceil(turn / 2);
  for (let k = 0; k < 3; k++) {
    const i = side * 3 + k, { c } = players[i];
    const name = names[2 * i];
    const x = name.position[0] + (bound % 2 === 1 ? 20 : 0);
    await c.ok('battle.act', { campaign, battle, turn, action: 'move', unit: name.id, to: [x, name.position[1]] });
    await c.ok('battle.submit', { campaign, battle, turn });
  }
}
