// Hidden information of expeditions over real WebSockets (DESIGN.md, "Hidden information": "expedition
// briefing: everyone gets the public part; true enemy strength and quality, disease and shipwreck risk, months
// to the next crisis: umpires only"; "War Office Committee PIP votes: the voter and umpires until the vote
// closes, then everyone"; docs/protocol.md, "Expeditions and the War Office Committee").
//
// An umpire, two players (A and B) and an observer. Each secret carries a marker; every raw frame each
// non-umpire socket receives is searched for it. While only umpires' things change (the crisis roll, the
// draft, a sealed vote of the other player, the outcome the umpire records), the others receive no frame at all.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect, newUser } from './lib/client.mjs';

const hex = () => randomBytes(6).toString('hex');
const MARK = {
  notes: `SECRET-NOTES-${hex()}`,
  quality: `SECRET-QUALITY-${hex()}`,
  numbers: 13.7, // the true enemy numbers
  disease: 73,   // disease risk, percent
  voteA: 1733,   // A's sealed PIP on option 2
  losses: 87,    // the 7th's losses in the umpire's outcome
};

let server, ump, pa, pb, obs, U, A, B, O, campaign;
const sockets = [];

before(async () => {
  server = await startServer();
  ump = await newUser(server, 'xs_umpire');
  pa = await newUser(server, 'xs_player_a');
  pb = await newUser(server, 'xs_player_b');
  obs = await newUser(server, 'xs_observer');
  U = await connect(server, ump.cookie);
  campaign = (await U.ok('campaign.create', { name: 'Secrets of the War Office' })).campaign;
  const code = { player: (await U.ok('campaign.invite', { campaign, role: 'player' })).code,
    observer: (await U.ok('campaign.invite', { campaign, role: 'observer' })).code };
  A = await connect(server, pa.cookie);
  B = await connect(server, pb.cookie);
  O = await connect(server, obs.cookie);
  sockets.push(U, A, B, O);
  await A.ok('campaign.join', { code: code.player });
  await B.ok('campaign.join', { code: code.player });
  await O.ok('campaign.join', { code: code.observer });
  for (const c of sockets) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  await U.ok('rules.set', { campaign, settings: { starting_money: 5000, pip_price: 1 } });
  await A.ok('colonel.create', { campaign, name: 'Kemp', pip: 4000 });
  await B.ok('colonel.create', { campaign, name: 'Dartington', pip: 40 });
  for (const [regiment, who] of [[7, A], [12, B]]) {
    await U.ok('auction.open', { campaign, regiment });
    await who.ok('auction.bid', { campaign, amount: 50 });
    await U.ok('auction.close', { campaign });
  }
  await U.ok('year.start', { campaign, year: '174-', month: 3 });
  await settle();
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

async function settle() {
  for (const c of sockets) await c.caughtUp(campaign, 3000);
  for (const c of sockets) assert.deepEqual(c.problems, [], 'pushes applied cleanly');
}

function numberPattern(n) { return new RegExp(`(?<![0-9A-Za-z.])${String(n).replace('.', '\\.')}(?![0-9A-Za-z.])`); }
// A colonel's own reckoning shows his d100 rolls, whose values (1-100) may equal the disease marker by chance and say
// nothing of the risk itself: a numeric marker is not looked for in them.
const d100Value = /("dice":"d100",(?:"[a-z_]+":(?:"[^"]*"|true|false|\d+),)*"value":)\d+/g;
function contains(frame, marker) {
  return typeof marker === 'number' ? numberPattern(marker).test(frame.replace(d100Value, '$1"die"')) : frame.includes(marker);
}

// No frame of these sockets carries these markers or the umpires' keys.
function assertKept(clients, markers) {
  for (const [who, c] of Object.entries(clients)) {
    for (const m of markers) {
      const hits = c.frames.filter((f) => contains(f, m));
      assert.deepEqual(hits.map((f) => f.slice(0, 200)), [], `${m} reached ${who}`);
    }
    for (const key of ['"crisis"', '"tally"', '"preview"', '"draft"', '"reckonings"']) {
      assert.deepEqual(c.framesContaining(key).map((f) => f.slice(0, 200)), [], `${key} reached ${who}`);
    }
  }
}

// Runs `act`; the listed sockets receive no push at all from it.
async function silentFor(clients, act) {
  const counts = new Map(clients.map((c) => [c, c.pushes.length]));
  await act();
  await settle();
  for (const c of clients) assert.equal(c.pushes.length, counts.get(c), 'no push for a change he may not see');
}

test('the crisis countdown and the draft reach umpires only: no other socket hears a thing', async () => {
  await silentFor([A, B, O], async () => {
    await U.ok('crisis.roll', { campaign });
    await U.ok('expedition.create', { campaign, generate: true });
    await U.ok('expedition.edit', { campaign, field: 'mission', value: 'raid_european' });
    await U.ok('expedition.edit', { campaign, field: 'region', value: 'Mainland France' });
    await U.ok('expedition.edit', { campaign, field: 'months_out', value: 0 });
    await U.ok('expedition.edit', { campaign, field: 'months_back', value: 0 });
    await U.ok('expedition.edit', { campaign, field: 'notes', value: MARK.notes });
    await U.ok('expedition.edit', { campaign, field: 'enemy_quality', value: MARK.quality });
    await U.ok('expedition.edit', { campaign, field: 'enemy_numbers', value: MARK.numbers });
    await U.ok('expedition.edit', { campaign, field: 'disease_risk', value: MARK.disease });
  });
  const uv = U.view(campaign).expeditions.umpire;
  assert.ok(uv.crisis.months_left >= 2 && uv.crisis.months_left <= 12);
  assert.equal(uv.draft.briefing.notes.value, MARK.notes);
});

test('the briefing: the public part for all, the secret fields for umpires only', async () => {
  const r = await U.ok('expedition.brief', { campaign });
  assert.deepEqual(r, { expedition: 1 });
  await settle();
  for (const c of [A, B, O]) {
    const x = c.view(campaign).expeditions.list['1'];
    assert.equal(x.briefing.region, 'Mainland France');
    assert.ok(!('notes' in x.briefing) && !('enemy_quality' in x.briefing) && !('disease_risk' in x.briefing));
  }
  assert.equal(U.view(campaign).expeditions.list['1'].briefing.notes.value, MARK.notes);
  assertKept({ A, B, O }, [MARK.notes, MARK.quality, MARK.numbers, MARK.disease]);
});

test('a sealed vote reaches the voter and umpires only, until the motion closes; then everyone', async () => {
  await U.ok('committee.attendance', { campaign, expedition: 1, present: [pa.user, pb.user] });
  await U.ok('motion.put', { campaign, expedition: 1, question: 'Which regiment goes?',
    options: [{ label: 'The 7th', regiments: [7] }, { label: 'The 12th', regiments: [12] }] });
  await settle();
  await silentFor([B, O], () => A.ok('motion.vote', { campaign, expedition: 1, motion: 1, pip: [3, MARK.voteA] }));
  assert.deepEqual(A.view(campaign).expeditions.list['1'].motions[0].my_vote, [3, MARK.voteA]);
  assert.deepEqual(U.view(campaign).expeditions.list['1'].motions[0].tally.totals, [3, MARK.voteA]);
  assertKept({ B, O }, [MARK.voteA]);
});

test('the outcome the umpire records and its preview stay with the umpires; the reckoning is public', async () => {
  await U.ok('motion.close', { campaign, expedition: 1, motion: 1 });
  await settle();
  const closed = B.view(campaign).expeditions.list['1'].motions[0];
  assert.deepEqual(closed.votes[String(pa.user)], [3, MARK.voteA]);
  await U.ok('expedition.force', { campaign, expedition: 1, regiments: [7, 12] });
  await U.ok('expedition.depart', { campaign, expedition: 1 });
  await settle();
  await silentFor([A, B, O], () => U.ok('expedition.outcome', { campaign, expedition: 1,
    outcome: { success: true, town_taken: true, losses_percent: { 7: MARK.losses } } }));
  assert.equal(U.view(campaign).expeditions.list['1'].preview.words, 'The town was taken and looted.');
  assertKept({ B, O }, [MARK.notes, MARK.quality, MARK.numbers, MARK.disease, MARK.losses]);
  assertKept({ A }, [MARK.notes, MARK.quality, MARK.numbers, MARK.disease]);
  await U.ok('expedition.reckon', { campaign, expedition: 1 });
  await settle();
  for (const c of [A, B, O]) assert.equal(c.view(campaign).expeditions.list['1'].reckoning.words, 'The town was taken and looted.');
  // The 7th's losses are its colonel's: A's own view has them, B's and the observer's never.
  const mine = A.view(campaign).expeditions.list['1'].my_reckoning;
  assert.match(mine.losses[0].reason, /^Losses in action/);  // then disease, at the secret risk, may strike too
  assertKept({ B, O }, [MARK.notes, MARK.quality, MARK.numbers, MARK.disease]);
  // (Only the 7th lost men in action: B's 12th did not.)
  assertKept({ B, O }, ['Losses in action']);
  assert.ok(!('my_reckoning' in O.view(campaign).expeditions.list['1']));
});
