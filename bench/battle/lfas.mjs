// Loose Files and American Scramble (`lfas`) for bench/battle-turns.mjs: three commanders a side (the
// commander-in-chief and two brigadiers), each with two infantry units (a brigadier's by `brigade`), 24" apart
// on a 72 x 48" table (12 units): beyond musket range (8"), so nobody fires, charges or breaks.
//
// The turn is the book's way (docs/protocol.md, "Loose Files and American Scramble", "The turn";
// loose-files-american-scramble.txt, "ORDER OF PLAY IN A TURN (ALL MOVEMENT IS SIMULTANEOUS)"): every player
// puts his sealed orders in at once; the last one in reveals them all and the steps fire, command, movement,
// combat, redress, retreats and morale follow in the same commit. Each player's orders spend one command point
// on moving his own commander one average die towards a point 2" aside (back again the next turn): a die rolled
// and a log line a turn, and no unit moves (`orders_needed`), so no unit takes a DP or a casualty. A
// commander's points are rolled 2-6 each turn: one is always there.
export const about = 'Loose Files: 6 commanders (3 a side), 12 units; each turn all six put in sealed orders at once (a commander\'s move of one die)';

const SIDES = ['british', 'americans'];

export async function setup({ U, campaign, players }) {
  const leaders = [], units = [];
  players.forEach(({ user }, i) => {
    const side = SIDES[i < 3 ? 0 : 1], k = i % 3, british = i < 3;
    const id = 31 + i, x = 12 + k * 24, y = british ? 12 : 36;
    leaders.push({ id, side, name: `Commander ${i}`, user, position: [x, british ? y - 3 : y + 3],
      values: { role: k === 0 ? 'c_in_c' : 'brigadier' } });
    for (let n = 0; n < 2; n++) {
      units.push({ id: 101 + 2 * i + n, side, name: `Regiment ${i}-${n}`, troop_type: 'infantry',
        position: [x + n * 8, y], facing: british ? 0 : 180,
        values: { class: 3, kind: 'regular', ...(k === 0 ? {} : { brigade: id }) } });
    }
  });
  const battle = (await U.ok('battle.create', {
    campaign, name: 'Bench', ruleset: 'lfas', table: { width: 72, depth: 48, measure: 'inches' },
    sides: SIDES.map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) })), leaders, units,
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  return { battle, units: units.length, leaders };
}

export async function playTurn({ campaign, players }, { battle, leaders }, turn) {
  await Promise.all(players.map(({ c }, i) => {
    const [x, y] = leaders[i].position;
    const to = [turn % 2 === 1 ? x + 2 : x, y];
    return c.ok('battle.submit', { campaign, battle, turn, command: [{ spend: 'move', dice: 1, to }] });
  }));
}
