// The small campaign the browser benches look at (bench/lighthouse/run.mjs, bench/push-tasks.mjs), made over the
// real protocol as the browser tests make theirs (tests/integration/lib/battle_table.mjs): an umpire and three
// players a, b and c, each with a colonel (Kemp, Dartington, Hay), the year started (174-, month 4), and an Over the
// Hill battle (tests/web/lib/book_battles.mjs) in play between players a and b.
//
//   const { campaign, battle, users } = await smallCampaign(server, { name: 'Lighthouse', prefix: 'lh' });
//   users.umpire.cookie, users.a.user, ...   (newUser's: {username, user, cookie})
import { uniqueName } from '../../tests/integration/lib/client.mjs';
import { battleTable } from '../../tests/integration/lib/battle_table.mjs';
import { bookBattle } from '../../tests/web/lib/book_battles.mjs';

/**
 * Sets the campaign up on `server` and closes every socket it used. `name` is the campaign's name, `prefix` starts
 * each username (`<prefix>u` the umpire, `<prefix>a`, `<prefix>b`, `<prefix>c` the players, each made unique).
 * Returns {campaign, battle, users}.
 */
export async function smallCampaign(server, { name = 'Small', prefix = 'sc' } = {}) {
  const table = await battleTable(server, {
    name,
    umpire: uniqueName(`${prefix}u`),
    players: { a: uniqueName(`${prefix}a`), b: uniqueName(`${prefix}b`), c: uniqueName(`${prefix}c`) },
  });
  const { campaign, users, clients } = table;
  const U = clients.umpire;
  let battle;
  try {
    await clients.a.ok('colonel.create', { campaign, name: 'Kemp' });
    await clients.b.ok('colonel.create', { campaign, name: 'Dartington' });
    await clients.c.ok('colonel.create', { campaign, name: 'Hay' });
    await U.ok('year.start', { campaign, year: '174-', month: 4 });
    battle = (await U.ok('battle.create', { campaign, name: 'Fontenoy', ...bookBattle('oth', users.a.user, users.b.user) })).battle;
    await U.ok('battle.start', { campaign, battle });
    await table.settle();
  } finally {
    for (const c of table.everyone) await c.close().catch(() => {});
  }
  return { campaign, battle, users };
}
