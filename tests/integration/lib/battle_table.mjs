// The table the battle tests play at: one campaign with an umpire, players and observers, each with his own
// WebSocket client (tests/integration/battle*.test.mjs, tests/web/battle*.test.mjs).
//
//   const t = await battleTable(server, {
//     name: 'Battles', umpire: 'bt_umpire',
//     players: { a: 'bt_player_a', b: 'bt_player_b' }, observers: { o: 'bt_observer' },
//     umpires: { u2: 'bt_umpire_2' },   // optional: more umpires, who join with an umpire's code
//   });
//   t.users.a.user, t.clients.a, t.campaign, await t.settle(), await t.refused(t.clients.a, 'battle.play', {...}, 'forbidden')
import assert from 'node:assert/strict';
import { connect, newUser, sleep } from './client.mjs';

/**
 * Registers the umpire (username `umpire`), the players, the observers and the other umpires (`{key: username}`),
 * in that order; connects the umpire, who creates the campaign `name` and invites one code per role. With `join` (the default)
 * each player and observer connects and joins with his role's code (checked: the reply is {campaign, role}), and
 * with `subscribe` (the default) every socket subscribes to the campaign; without `join`, only the umpire is
 * connected (not subscribed) and the codes are for the test to use.
 *
 * Returns { campaign, codes: {player, observer, umpire?}, users: {umpire, ...keys} (newUser's), clients: {umpire, ...keys}
 * (connected ones), everyone: the connected clients (umpire, players, observers, other umpires), settle(), refused() }.
 */
export async function battleTable(server, { name, umpire, players = {}, observers = {}, umpires = {}, join = true, subscribe = true }) {
  const roleOf = { umpire: 'umpire' };
  for (const k of Object.keys(players)) roleOf[k] = 'player';
  for (const k of Object.keys(observers)) roleOf[k] = 'observer';
  for (const k of Object.keys(umpires)) roleOf[k] = 'umpire';
  const users = {};
  for (const [k, username] of Object.entries({ umpire, ...players, ...observers, ...umpires })) users[k] = await newUser(server, username);
  const U = await connect(server, users.umpire.cookie);
  const clients = { umpire: U };
  const campaign = (await U.ok('campaign.create', { name })).campaign;
  const codes = {};
  for (const role of ['player', 'observer']) {
    if (Object.values(roleOf).includes(role)) codes[role] = (await U.ok('campaign.invite', { campaign, role })).code;
  }
  if (Object.keys(umpires).length) codes.umpire = (await U.ok('campaign.invite', { campaign, role: 'umpire' })).code;
  const joiners = Object.keys(roleOf).filter((k) => k !== 'umpire');
  if (join) {
    for (const k of joiners) clients[k] = await connect(server, users[k].cookie);
    for (const k of joiners) {
      const role = roleOf[k];
      assert.deepEqual(await clients[k].ok('campaign.join', { code: codes[role] }), { campaign, role });
    }
  }
  const everyone = Object.values(clients);
  if (join && subscribe) {
    for (const c of everyone) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  }

  /**
   * Waits until every socket has every push of what was committed so far (versions are per user, so a
   * round trip on each socket); every push applied cleanly. Returns the umpire's version.
   */
  async function settle() {
    for (const c of everyone) await c.caughtUp(campaign, 3000);
    for (const c of everyone) assert.deepEqual(c.problems, [], 'pushes applied cleanly');
    return U.version(campaign);
  }

  /**
   * A refused command: its documented code, and nothing changed: no push to any socket, every version and
   * every view as before. Returns the reply.
   */
  async function refused(client, type, body, code, what = `${type} -> ${code}`) {
    await settle();
    const was = everyone.map((c) => ({ pushes: c.pushes.length, version: c.version(campaign), view: structuredClone(c.view(campaign)) }));
    const r = await client.send(type, { campaign, ...body });
    assert.equal(r.ok, false, `${what}: refused (got ${JSON.stringify(r).slice(0, 300)})`);
    assert.equal(r.error?.code, code, `${what}: code (got ${JSON.stringify(r.error)})`);
    for (const c of everyone) await c.caughtUp(campaign);
    await sleep(60);
    everyone.forEach((c, i) => {
      assert.equal(c.pushes.length, was[i].pushes, `${what}: no push to socket ${i}`);
      assert.equal(c.version(campaign), was[i].version, `${what}: version unchanged on socket ${i}`);
      assert.deepEqual(c.view(campaign), was[i].view, `${what}: view unchanged on socket ${i}`);
    });
    return r;
  }

  return { campaign, codes, users, clients, everyone, settle, refused };
}
