// Over the Hill (`oth`) for bench/battle-turns.mjs: three players a side, each with two formed battalions and
// his leader among them, 30 cm apart on a 180 x 120 cm table (12 units). A turn is every player's card
// (docs/protocol.md, "Status and the turn"): the six cards go at once and the last one closes the turn; with
// `auto_run` the reveal and the six steps follow in the same commit.
export const about = 'Over the Hill: 6 leaders (3 a side), 12 units; each turn all six play a card at once';

export async function setup({ U, campaign, players }) {
  const units = [], leaders = [];
  players.forEach(({ user }, i) => {
    const british = i < 3, x = 30 + (i % 3) * 50, y = british ? 40 : 70;
    for (let k = 0; k < 2; k++)
      units.push({ side: british ? 'british' : 'french', owner: user, name: `Regt ${i}-${k}`, troop_type: 'formed_infantry',
        position: [x + k * 18, y], facing: british ? 0 : 180, values: { drill: 3, musketry: 3, effectiveness: 3 } });
    leaders.push({ user, side: british ? 'british' : 'french', name: `Colonel ${i}`, position: [x, british ? y - 1 : y + 1] });
  });
  const battle = (await U.ok('battle.create', {
    campaign, name: 'Bench', table: { width: 180, depth: 120, measure: 'cm' },
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }], units, leaders,
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  // Units get ids 1..12 in the order given: each player's first unit, the one his leader stands with.
  const unitOf = players.map((_, i) => 2 * i + 1);
  return { battle, units: units.length, unitOf };
}

// FIRE for everyone on the first turn, then no action (the units fire on each turn, out of range of each other).
// Each card names the turn its player saw (docs/protocol.md, "The moment a command was meant for").
export async function playTurn({ campaign, players }, { battle, unitOf }, turn) {
  await Promise.all(players.map(({ c }, i) => c.ok('card.play', turn === 1
    ? { campaign, battle, turn, card: 'order.fire', unit: unitOf[i] }
    : { campaign, battle, turn, card: 'no_action' })));
}
