// Chosen Men, Well Disposed (`cmwd`) for bench/battle-turns.mjs: three generals a side (the commander and two
// brigadiers), each with a brigade of two infantry bases, 60 cm apart on a 180 x 120 cm table (12 bases).
//
// The turn is the book's way (docs/protocol.md, "Chosen Men, Well Disposed", "The game turn"; the reading in
// docs/rules-notes.md, "The game turn and the tempo"): one game turn of the book is three turns of the battle,
// so a bench turn here is one of those three, as the battle's `turn` counts them:
//   1. `bid`: both commanders bid 0 at once (sealed); the second bid reveals both and names the tempo side.
//   2. `first`: the tempo side's three generals each order their own brigade (2 tempo points, or 1 to continue)
//      and turn one of its bases about (180 degrees: its whole move, and it stays where it stands); then the
//      commander finishes the stage, and the steps fire, charges, melee and morale follow.
//   3. `second`: the other side likewise, then `turn_end` (the next game turn's points).
// `tempo_dice` 0 and `tempo_bonus` 6 give each side 6 points a game turn: enough for its three orders whatever
// they cost, with no die that could leave a brigade unordered. Nobody comes within range, so the battle goes on.
export const about = 'Chosen Men: 6 generals (3 a side), 12 bases; a turn is a stage: the bids, or one side\'s 3 generals each order their brigade and turn a base, then its commander finishes';

const SIDES = ['british', 'french'];

export async function setup({ U, campaign, players }) {
  const leaders = [], units = [];
  players.forEach(({ user }, i) => {
    const side = SIDES[i < 3 ? 0 : 1], k = i % 3, british = i < 3;
    const brigade = `b${i}`, x = 30 + k * 55, y = british ? 30 : 90;
    leaders.push({ id: 11 + i, side, name: `General ${i}`, user, position: [x, british ? y - 10 : y + 10],
      values: { brigade, ...(k === 0 ? { commander: true } : {}) } });
    for (let n = 0; n < 2; n++) {
      units.push({ id: 101 + 2 * i + n, side, name: `Battalion ${i}-${n}`, troop_type: 'infantry',
        position: [x + n * 20, y], facing: british ? 0 : 180, values: { brigade, school: 'dutch' } });
    }
  });
  const battle = (await U.ok('battle.create', {
    campaign, name: 'Bench', ruleset: 'cmwd', table: { width: 180, depth: 120, measure: 'cm' },
    sides: SIDES.map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) })), leaders, units,
    settings: { tempo_dice: 0, tempo_bonus: 6 },
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  return { battle, units: units.length, brigadeOf: players.map((_, i) => `b${i}`), baseOf: players.map((_, i) => 101 + 2 * i) };
}

const stageOf = (c, campaign, battle) => c.view(campaign)?.battles?.[String(battle)]?.cmwd;

export async function playTurn({ campaign, players }, { battle, brigadeOf, baseOf }, turn) {
  const commanders = [players[0], players[3]];
  if ((turn - 1) % 3 === 0) {
    await Promise.all(commanders.map(({ c }) => c.ok('battle.submit', { campaign, battle, turn, bid: 0 })));
    return;
  }
  // Which side acts: the tempo side in `first`, the other in `second`. Both commanders' views have it once the
  // reveal's push is in (the bidder whose reply came last may not be the one whose bid revealed).
  const { c: any } = commanders[0];
  const cm = await any.waitForView(campaign, (v) => v.battles?.[String(battle)]?.turn === turn, 10000)
    .then(() => stageOf(any, campaign, battle));
  const side = SIDES.indexOf(cm.acting_side);
  const mine = [0, 1, 2].map((k) => side * 3 + k);
  await Promise.all(mine.map(async (i) => {
    const { c } = players[i];
    await c.ok('battle.act', { campaign, battle, turn, action: 'order', brigade: brigadeOf[i] });
    await c.ok('battle.act', { campaign, battle, turn, action: 'turn', unit: baseOf[i], degrees: 180 });
  }));
  await players[side * 3].c.ok('battle.submit', { campaign, battle, turn, done: true });
}
