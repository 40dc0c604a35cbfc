// A small battle of each book for the browser tests (tests/web/pages_battle, phone_month, battle_offline_books):
// player a's British against player b's French, a leader and a unit each (Border Reivers' names are placed after
// the battle is made, placeRiders), and the moves a player makes on the page in his turn.
import { el } from './battle.mjs';

export const SIDES = [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }];

const unit = (side, owner, name, troop, position, values = {}) => ({ side, owner, name, troop_type: troop, position, facing: side === 'british' ? 0 : 180, values });

/** battle.create's body (without campaign and name) for a battle of `book` between users a and b (user ids). */
export function bookBattle(book, a, b) {
  switch (book) {
    case 'oth': return {
      ruleset: book, table: { width: 180, depth: 120, measure: 'cm' }, sides: SIDES,
      leaders: [{ user: a, side: 'british', name: 'Kemp', position: [60, 39] }, { user: b, side: 'french', name: 'Dartois', position: [120, 90] }],
      units: [unit('british', a, '33rd Foot', 'formed_infantry', [60, 40]), unit('british', a, '43rd Foot', 'formed_infantry', [61, 41]),
        unit('french', b, 'Picardie', 'formed_infantry', [120, 95])],
    };
    case 'cmwd': return {
      ruleset: book, table: { width: 180, depth: 120, measure: 'cm' }, sides: SIDES,
      leaders: [{ user: a, side: 'british', name: 'Cadogan', position: [30, 20], values: { commander: true, brigade: 'b1', rank: 'active' } },
        { user: b, side: 'french', name: 'Villeroi', position: [30, 100], values: { commander: true, brigade: 'f1', rank: 'active' } }],
      units: [unit('british', a, 'Guards', 'infantry', [30, 50], { brigade: 'b1', quality: 'trained' }),
        unit('french', b, 'Picardie', 'infantry', [30, 80], { brigade: 'f1', quality: 'trained' })],
      settings: { bw: 6 },
    };
    case 'lfas': return {
      ruleset: book, table: { width: 72, depth: 48, measure: 'inches' }, sides: SIDES,
      leaders: [{ user: a, side: 'british', name: 'Lord Cornwallis', position: [30, 4], values: { role: 'c_in_c' } },
        { user: b, side: 'french', name: 'Nathanael Greene', position: [36, 34], values: { role: 'c_in_c' } }],
      units: [unit('british', a, '33rd Foot', 'infantry', [30, 8], { class: 2, kind: 'regular', regular: true }),
        unit('french', b, 'North Carolina Militia', 'infantry', [36, 30], { class: 4, kind: 'militia' })],
    };
    case 'reivers': return {
      ruleset: book, table: { width: 1500, depth: 1000, measure: 'paces' }, sides: SIDES,
      leaders: [{ user: a, side: 'british', name: 'Kinmont Willie', position: [300, 300], values: { fyrebrand: 2, craft: 'good' } },
        { user: b, side: 'french', name: 'Richie Graham', position: [900, 800], values: { fyrebrand: 3, craft: 'average' } }],
      terrain: [{ kind: 'wood', name: 'Tarras Wood', shape: 'polygon', points: [[500, 400], [700, 400], [700, 600], [500, 600]] }],
    };
    default: throw new Error(book);
  }
}

/** Border Reivers: each heidman's name of riders, placed by the umpire's client U. */
export async function placeRiders(U, campaign, battle) {
  const b = (await U.waitForView(campaign, (v) => v.battles?.[String(battle)]?.leaders?.length === 2)).battles[String(battle)];
  for (const l of b.leaders) {
    const british = l.side === 'british';
    await U.ok('battle.place', { campaign, battle, unit: { side: l.side, owner: l.user, name: british ? 'Armstrongs of Mangerton' : 'Grahams of Netherby',
      troop_type: 'rider', position: british ? [300, 250] : [900, 850], facing: british ? 0 : 180, values: { heidman: l.id } } });
  }
}

/**
 * Loose Files, on page p: Lord Cornwallis orders the 33rd (loose-files-american-scramble.txt: "give an order to a unit
 * ... within 6\" 1 CP"), which moves with two average dice toward (31, 12). Not sent.
 */
export async function writeLfasOrders(p) {
  await p.getByTestId('lfas-spend').selectOption('order');
  await el(p, 'lfas-spend-unit-check').first().check();
  await p.getByTestId('lfas-spend-add').tap();
  await p.getByTestId('lfas-spending-item').first().waitFor();
  const c = p.getByTestId('lfas-unit').first();
  await c.getByTestId('lfas-move-kind').selectOption('move');
  await c.getByTestId('lfas-av').selectOption('2');
  await c.getByTestId('lfas-to-x').fill('31');
  await c.getByTestId('lfas-to-y').fill('12');
}
