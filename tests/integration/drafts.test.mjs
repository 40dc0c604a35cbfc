// Drafts over real HTTP (docs/protocol.md, "Drafts"): a player's diary and his battle turn's choice, each kept under
// its kind ("diary", "battle-<id>") for him alone: another player reads none of his, an umpire keeps none, a
// non-member finds no campaign; a bad kind or body is refused and changes nothing; nothing of it reaches any view.
// Run on SQLite and again on PostgreSQL (tests/CMakeLists.txt, integration-pg).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser, httpRequest } from './lib/client.mjs';

let server, ump, kemp, hay, stranger, campaign, U;

before(async () => {
  server = await startServer();
  [ump, kemp, hay, stranger] = await Promise.all(['drf_umpire', 'drf_kemp', 'drf_hay', 'drf_stranger'].map((n) => newUser(server, n)));
  U = await connect(server, ump.cookie);
  campaign = (await U.ok('campaign.create', { name: 'Drafts of Flanders' })).campaign;
  for (const p of [kemp, hay]) {
    const { code } = await U.ok('campaign.invite', { campaign, role: 'player' });
    const P = await connect(server, p.cookie);
    await P.ok('campaign.join', { code });
    await P.close();
  }
  await U.subscribe(campaign);
});

after(async () => {
  await U?.close();
  await server?.cleanup();
});

const at = (kind) => `/api/campaigns/${campaign}/drafts/${kind}`;
const call = (who, method, kind, body) => httpRequest(server, method, at(kind), { cookie: who.cookie, body });

test(`a battle turn's choice and a diary are kept apart, each for its writer alone (${process.env.MUSTER_TEST_STORE || 'sqlite'})`, async () => {
  const choice = { stage: 'cards', choice: { card: 'order.advance', unit: '4', leader: '', to: null } };
  const saved = await call(kemp, 'POST', 'battle-7', { turn: 3, draft: choice });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(typeof saved.json.saved, 'number');
  assert.equal((await call(kemp, 'POST', 'diary', { turn: 2, draft: { text: 'Dear diary' } })).status, 200);

  const got = await call(kemp, 'GET', 'battle-7');
  assert.deepEqual(got.json, { turn: 3, draft: choice, saved: saved.json.saved });
  assert.deepEqual((await call(kemp, 'GET', 'diary')).json.draft, { text: 'Dear diary' });
  assert.deepEqual((await call(kemp, 'GET', 'battle-8')).json, { turn: null });
  // Another player reads none of his; the umpire keeps none; a stranger finds no campaign.
  assert.deepEqual((await call(hay, 'GET', 'battle-7')).json, { turn: null });
  assert.equal((await call(ump, 'GET', 'battle-7')).status, 403);
  assert.equal((await call(ump, 'POST', 'battle-7', { turn: 3, draft: {} })).status, 403);
  assert.equal((await call(stranger, 'GET', 'battle-7')).status, 404);
  assert.equal((await httpRequest(server, 'GET', at('battle-7'))).status, 401);

  // The next save replaces it; a drop removes it and leaves his diary.
  const next = { stage: 'cards', choice: { card: 'inspire' } };
  assert.equal((await call(kemp, 'POST', 'battle-7', { turn: 4, draft: next })).status, 200);
  assert.deepEqual((await call(kemp, 'GET', 'battle-7')).json.draft, next);
  assert.equal((await call(kemp, 'DELETE', 'battle-7')).status, 200);
  assert.deepEqual((await call(kemp, 'GET', 'battle-7')).json, { turn: null });
  assert.deepEqual((await call(kemp, 'GET', 'diary')).json.turn, 2);

  // Nothing of it is in any view.
  const v = await U.caughtUp(campaign);
  assert.equal(JSON.stringify(v).includes('Dear diary'), false);
});

test('a bad kind or body is refused and changes nothing', async () => {
  await call(kemp, 'POST', 'battle-9', { turn: 1, draft: { stage: 'orders', choice: { controls: {} } } });
  for (const kind of ['battle-0', 'battle-x', 'letters', 'battle-9/more']) {
    const r = await call(kemp, 'GET', kind);
    assert.equal(r.status, 404, `${kind}: ${r.text}`);
  }
  for (const body of [{ turn: 1 }, { turn: -1, draft: {} }, { turn: 1.5, draft: {} }, { turn: 1, draft: 'orders' }, { turn: 1, draft: [] }]) {
    const r = await call(kemp, 'POST', 'battle-9', body);
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    assert.equal(r.json.error.code, 'bad_request');
  }
  const big = await call(kemp, 'POST', 'battle-9', { turn: 1, draft: { text: 'x'.repeat(70 * 1024) } });
  assert.ok(big.status === 400 || big.status === 413, big.text);
  assert.deepEqual((await call(kemp, 'GET', 'battle-9')).json.draft, { stage: 'orders', choice: { controls: {} } });
  assert.equal((await call(kemp, 'PUT', 'battle-9', {})).status, 405);
});

test('a player keeps at most 16 drafts in a campaign: saving another drops his oldest', async () => {
  for (let i = 100; i < 117; i += 1) {
    assert.equal((await call(hay, 'POST', `battle-${i}`, { turn: 1, draft: { n: i } })).status, 200);
    await new Promise((r) => setTimeout(r, 3)); // distinct saving times
  }
  assert.deepEqual((await call(hay, 'GET', 'battle-100')).json, { turn: null });
  assert.deepEqual((await call(hay, 'GET', 'battle-116')).json.draft, { n: 116 });
  assert.deepEqual((await call(hay, 'GET', 'battle-101')).json.draft, { n: 101 });
});
