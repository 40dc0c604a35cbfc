// The campaign year's clocks, persistence, undo and refusals over real WebSockets (docs/protocol.md,
// "The campaign year"): an auction lot with a countdown closes itself; the month's deadline resolves the month
// by itself; a diary that reaches the server after the deadline is refused with too_late and changes nothing,
// while one after the resolution belongs to the next month; a restart keeps every view and a deadline set
// before a shutdown still fires; month.undo is a new event that puts every sheet back; bad input is refused
// with its documented code and changes nothing.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser, sleep, httpRequest } from './lib/client.mjs';

const SEC = 1000;
let server;
let ump, pa, pb, obs;
let U, A, B, O;
let campaign;
const sockets = [];
function track(c) { sockets.push(c); return c; }
const everyone = () => [['U', U], ['A', A], ['B', B], ['O', O]];

// A raised frame rate, so that a burst of diaries can straddle a deadline (the limit is not under test here).
const ARGS = ['--ws-rate', '5000', '--ws-burst', '5000'];

async function connectAll() {
  U = track(await connect(server, ump.cookie));
  A = track(await connect(server, pa.cookie));
  B = track(await connect(server, pb.cookie));
  O = track(await connect(server, obs.cookie));
}

before(async () => {
  server = await startServer({ args: ARGS });
  ump = await newUser(server, 'yf_umpire');
  pa = await newUser(server, 'yf_player_a');
  pb = await newUser(server, 'yf_player_b');
  obs = await newUser(server, 'yf_observer');
  await connectAll();
  campaign = (await U.ok('campaign.create', { name: 'The year runs' })).campaign;
  const player = (await U.ok('campaign.invite', { campaign, role: 'player' })).code;
  const observer = (await U.ok('campaign.invite', { campaign, role: 'observer' })).code;
  await A.ok('campaign.join', { code: player });
  await B.ok('campaign.join', { code: player });
  await O.ok('campaign.join', { code: observer });
  for (const [, c] of everyone()) assert.equal((await c.subscribe(campaign)).reply.ok, true);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

/**
 * Every socket has the pushes of everything committed so far; returns the umpire's version (his view
 * changes with every event of the year, so it counts them).
 */
async function settle() {
  for (const [name, c] of everyone()) {
    await c.caughtUp(campaign, 3 * SEC);
    assert.deepEqual(c.problems, [], `${name}: pushes applied cleanly`);
  }
  return U.version(campaign);
}

const year = (c) => c.view(campaign).year;
const colonel = (c, who) => year(c).colonels[String(who.user)];

function assertError(reply, code, what) {
  assert.equal(reply.ok, false, `${what}: refused (${JSON.stringify(reply).slice(0, 300)})`);
  assert.equal(reply.error?.code, code, `${what}: ${JSON.stringify(reply).slice(0, 300)}`);
  assert.equal(typeof reply.error.message, 'string');
  assert.ok(reply.error.message.length > 0, `${what}: a message`);
}

let probes = 0;
/** Runs fn (refused commands), then proves no event was committed and every view is as before plus a probe chat. */
async function assertNothingChanged(fn) {
  const v0 = await settle();
  const before = new Map(everyone().map(([n, c]) => [n, structuredClone(c.view(campaign))]));
  await fn();
  probes += 1;
  const probe = await U.ok('chat.say', { campaign, text: `probe ${probes}` });
  assert.equal(await settle(), v0 + 1, 'no event was committed by the refused commands');
  for (const [name, c] of everyone()) {
    const now = c.view(campaign);
    const expected = structuredClone(before.get(name));
    expected.chat[String(probe.id)] = now.chat[String(probe.id)];
    assert.equal(now.chat[String(probe.id)].text, `probe ${probes}`);
    assert.deepEqual(now, expected, `${name}: the view is as before, plus the probe`);
  }
}

const QUIET = { maintained: 10, declared: 10, pay: 'pay' };

test('setup and the auction: a lot with a countdown closes itself and awards the regiment', async () => {
  await A.ok('colonel.create', { campaign, name: 'Kemp', pip: 12 });
  await B.ok('colonel.create', { campaign, name: 'Dartington' });
  await settle();
  assert.equal(colonel(A, pa).fortune, 880);
  assert.equal(colonel(B, pb).fortune, 1000);

  // Lot 1, closed by the umpire, with refusals on the way.
  await U.ok('auction.open', { campaign, regiment: 5 });
  await A.ok('auction.bid', { campaign, amount: 300 });
  await assertNothingChanged(async () => {
    for (const regiment of [5, 6]) {
      assertError(await U.send('auction.open', { campaign, regiment }), 'conflict', `auction.open ${regiment} while a lot is open`);
    }
    assertError(await B.send('auction.bid', { campaign, amount: 1001 }), 'cannot_afford', 'a bid above B\'s fortune of 1000');
    assertError(await A.send('auction.bid', { campaign, amount: 881 }), 'cannot_afford', 'a bid above A\'s fortune of 880');
    assertError(await B.send('auction.bid', { campaign, amount: 300 }), 'conflict', 'a bid not above the high bid');
    assertError(await B.send('auction.bid', { campaign, amount: 0 }), 'bad_request', 'a bid of 0');
    assertError(await O.send('auction.bid', { campaign, amount: 400 }), 'forbidden', 'an observer bids');
    assertError(await U.send('auction.bid', { campaign, amount: 400 }), 'forbidden', 'the umpire bids');
    assertError(await A.send('auction.close', { campaign }), 'forbidden', 'a player closes the lot');
    assertError(await U.send('auction.close', { campaign, lot: 7 }), 'conflict', 'closing a lot that is not the open one');
  });
  await U.ok('auction.close', { campaign, lot: 1 });
  await settle();
  assert.equal(colonel(A, pa).regiment, 5);
  assert.equal(colonel(A, pa).fortune, 580);

  // Regiments 1, 2 and 21 are never auctioned (the lot is closed now, so only the number is wrong).
  await assertNothingChanged(async () => {
    for (const regiment of [1, 2, 21, 0, -4, 3.5, '7']) {
      assertError(await U.send('auction.open', { campaign, regiment }), 'bad_request', `auction.open regiment ${regiment}`);
    }
    assertError(await U.send('auction.open', { campaign, regiment: 5 }), 'conflict', 'auctioning a regiment that has a colonel');
    assertError(await U.send('auction.open', { campaign, regiment: 6, countdown_seconds: 9 }), 'bad_request', 'a countdown under 10 s');
    assertError(await U.send('auction.close', { campaign }), 'conflict', 'closing with no lot open');
    assertError(await A.send('regiment.buy', { campaign, regiment: 8 }), 'conflict', 'regiment.buy during setup');
  });

  // Lot 2 with a countdown: nobody closes it; the server does at closes_at.
  await U.ok('auction.open', { campaign, regiment: 9, countdown_seconds: 10 });
  const opened = await settle();
  const lot = year(O).auction.lot;
  assert.equal(lot.lot, 2);
  assert.equal(lot.regiment, 9);
  assert.equal(lot.closes_at, lot.opened_at + 10 * SEC);
  assertError(await A.send('auction.bid', { campaign, amount: 350 }), 'conflict', 'A already has a regiment');
  await B.ok('auction.bid', { campaign, amount: 200 });
  // Still open a moment before its time.
  await sleep(Math.max(0, lot.closes_at - 800 - Date.now()));
  assert.notEqual(year(U).auction.lot, null, 'the lot is still open shortly before its countdown ends');
  assert.equal(year(U).auction.lots.length, 1);
  for (const [name, c] of everyone()) {
    const v = await c.waitForView(campaign, (w) => w.year.auction.lots.length === 2, 5 * SEC, `${name}: the lot closed by itself`);
    assert.ok(Date.now() >= lot.closes_at, 'not closed before its time');
    assert.equal(v.year.auction.lot, null);
    const closed = v.year.auction.lots[1];
    assert.deepEqual({ ...closed, closed_at: 0 }, { lot: 2, regiment: 9, winner: pb.user, winner_name: 'Dartington', price: 200, closed_at: 0, initial: true });
    assert.ok(closed.closed_at >= lot.closes_at && closed.closed_at < lot.closes_at + 3 * SEC, `closed_at ${closed.closed_at} vs ${lot.closes_at}`);
    assert.deepEqual(v.year.regiments.map((r) => [r.number, r.colonel]), [[5, pa.user], [9, pb.user]]);
    assert.equal(v.year.auction.lowest_price, 200);
  }
  assert.equal(await settle(), opened + 2, 'the bid and the close: two changes of the umpire\'s view');
  const bs = colonel(B, pb);
  assert.equal(bs.regiment, 9);
  assert.equal(bs.fortune, 800);
  assert.deepEqual(bs.sheet, { number: 9, name: "Dartington's Regiment of Foot", companies: 10, declared: 10, drill: 1, musketry: 1, effectiveness: 1, arrears: 0, arrears_months: 0,
    at_risk: false, months_without: { drill: 0, musketry: 0, effectiveness: 0 }, strength_on_campaign: 10 });
});

test('bad input in the months: each its error code, and nothing changes', async () => {
  await assertNothingChanged(async () => {
    assertError(await A.send('diary.submit', { campaign, activity: 'business', orders: QUIET }), 'conflict', 'a diary before year.start');
    assertError(await U.send('month.set_deadline', { campaign, deadline: Date.now() + 60 * SEC }), 'conflict', 'a deadline in setup');
  });
  await U.ok('year.start', { campaign, year: '1744', month: 11 });
  await settle();
  assert.deepEqual(year(O).calendar, { year: '1744', month: 11, month_name: 'November', turn: 1, year_number: 1, label: 'November 1744', deadline: null,
    reminders: [], extensions: [], paused: null, rule: null });
  const good = { campaign, activity: 'supervise', supervise: 'drill', orders: { ...QUIET, drill: true } };
  await assertNothingChanged(async () => {
    assertError(await A.send('colonel.update', { campaign, pip: 13 }), 'conflict', 'PIP after setup');
    assertError(await A.send('colonel.update', { campaign, pip: 12 }), 'conflict', 'PIP after setup, unchanged amount');
    assertError(await A.send('diary.submit', { ...good, colonel: pb.user }), 'forbidden', 'a diary for someone else\'s colonel');
    assertError(await O.send('diary.submit', { ...good }), 'forbidden', 'an observer\'s diary');
    assertError(await A.send('diary.submit', { ...good, activity: 'hunting' }), 'bad_request', 'an unknown activity');
    assertError(await A.send('diary.submit', { ...good, activity: 'expedition' }), 'bad_request', 'an away activity chosen by a player');
    assertError(await A.send('diary.submit', { ...good, supervise: 'gunnery' }), 'bad_request', 'an unknown improvement');
    assertError(await A.send('diary.submit', { ...good, supervise: 'musketry' }), 'bad_request', 'supervising an improvement not paid for');
    assertError(await A.send('diary.submit', { ...good, orders: { ...QUIET, maintained: -1 } }), 'bad_request', 'negative companies maintained');
    assertError(await A.send('diary.submit', { ...good, orders: { ...good.orders, declared: -3 } }), 'bad_request', 'negative companies declared');
    assertError(await A.send('diary.submit', { ...good, orders: { ...good.orders, maintained: 11 } }), 'bad_request', 'more companies than a regiment has');
    assertError(await A.send('diary.submit', { ...good, orders: { ...good.orders, pay: 'sometimes' } }), 'bad_request', 'an unknown pay choice');
    assertError(await A.send('diary.submit', { campaign, activity: 'business' }), 'bad_request', 'no orders for a colonel with a regiment');
    assertError(await U.send('diary.submit', { ...good }), 'bad_request', 'an umpire\'s diary without a colonel');
    assertError(await U.send('diary.submit', { ...good, colonel: 424242 }), 'not_found', 'a diary for no such colonel');
    for (const regiment of [2, 21]) {
      assertError(await U.send('auction.open', { campaign, regiment }), 'bad_request', `auction.open regiment ${regiment} in the months`);
      assertError(await A.send('regiment.buy', { campaign, regiment }), 'bad_request', `regiment.buy ${regiment}`);
    }
    assertError(await A.send('regiment.buy', { campaign, regiment: 9 }), 'conflict', 'a second regiment for one colonel');
    assertError(await U.send('month.undo', { campaign }), 'conflict', 'undo with nothing resolved');
    assertError(await U.send('month.set_deadline', { campaign, deadline: Date.now() - 1000 }), 'bad_request', 'a deadline in the past');
    assertError(await A.send('month.set_deadline', { campaign, deadline: Date.now() + 60 * SEC }), 'forbidden', 'a player sets the deadline');
    assertError(await A.send('month.resolve', { campaign }), 'forbidden', 'a player resolves the month');
    assertError(await U.send('month.resolve', { campaign, turn: 2 }), 'conflict', 'resolving a month that is not the current one');
    assertError(await U.send('year.start', { campaign, year: '1745', month: 1 }), 'conflict', 'starting the year twice');
    assertError(await A.send('diary.publish', { campaign, turn: 1 }), 'not_found', 'publishing a diary never written');
    assertError(await U.send('report.note', { campaign, colonel: pa.user, text: 'x' }), 'not_found', 'a note before any report');
  });
  // Orders the colonel cannot pay for: with £50 and £120 of income, pay (£100) and all three improvements (£80).
  await U.ok('colonel.adjust', { campaign, colonel: pa.user, field: 'fortune', value: 50, reason: 'a gambling debt' });
  await assertNothingChanged(async () => {
    const r = await A.send('diary.submit', { ...good, orders: { ...good.orders, musketry: true, manoeuvres: true } });
    assertError(r, 'cannot_afford', 'orders costing more than fortune and income');
    assert.ok(r.error.message.includes('£180') && r.error.message.includes('£170'), r.error.message);
  });
  await U.ok('colonel.adjust', { campaign, colonel: pa.user, field: 'fortune', value: 580, reason: 'the debt forgiven' });
  await settle();
  assert.deepEqual(colonel(A, pa).adjustments.map((x) => [x.field, x.before, x.value, x.reason]),
    [['fortune', 580, 50, 'a gambling debt'], ['fortune', 50, 580, 'the debt forgiven']]);
});

test('the deadline resolves the month by itself', async () => {
  const deadline = Date.now() + 2 * SEC;
  await U.ok('month.set_deadline', { campaign, deadline });
  await A.ok('diary.submit', { campaign, activity: 'supervise', supervise: 'drill', orders: { ...QUIET, drill: true }, text: 'Drill on the heath.' });
  await settle();
  for (const [, c] of everyone()) assert.equal(year(c).calendar.deadline, deadline);
  assert.deepEqual(year(U).console.submitted, { [pa.user]: true, [pb.user]: false });
  // B submits nothing: he gets the campaign's default diary ("repeat_last", and there is no last: "quiet").
  assert.deepEqual(colonel(B, pb).default_diary.orders, { drill: false, musketry: false, manoeuvres: false, ...QUIET });
  assert.equal(colonel(B, pb).default_diary.activity, 'business');

  await sleep(Math.max(0, deadline - 300 - Date.now()));
  assert.equal(year(U).calendar.turn, 1, 'not resolved before the deadline');
  for (const [name, c] of everyone()) {
    const v = await c.waitForView(campaign, (w) => w.year.calendar.turn === 2, deadline + 4 * SEC - Date.now(), `${name}: the month resolved itself`);
    assert.ok(Date.now() >= deadline);
    assert.deepEqual(v.year.calendar, { year: '1744', month: 12, month_name: 'December', turn: 2, year_number: 1, label: 'December 1744', deadline: null,
      reminders: [], extensions: [], paused: null, rule: null });
  }
  await settle();
  const ar = colonel(A, pa).reports['1'];
  assert.equal(ar.default, false);
  assert.equal(ar.activity, 'supervise');
  assert.equal(ar.label, 'November 1744');
  assert.deepEqual(ar.diary.orders, { ...QUIET, drill: true, musketry: false, manoeuvres: false });
  assert.equal(ar.rolls[0].roll, 'drill improvement');
  assert.equal(ar.rolls[0].modifier, 1);
  const br = colonel(B, pb).reports['1'];
  assert.equal(br.default, true);
  assert.equal(br.activity, 'business');
  assert.equal(br.fortune.after - br.fortune.before, 120 - 100 + 20, 'B: income 120, wages 100, business 20');
  assert.equal(br.rolls[0].roll, 'drill decline', 'a month without extra drill rolls for decline');
  assert.deepEqual(colonel(A, pa).diaries['1'].text, 'Drill on the heath.');
  assert.equal(colonel(A, pa).diary, null, 'no diary yet for December');
  assert.deepEqual(year(U).console.submitted, { [pa.user]: false, [pb.user]: false });
  assert.equal(year(U).console.can_undo, true);
});

/**
 * One month: sets a deadline, then sends `n` diaries from A in one burst timed to straddle it. Returns the
 * replies in sending order, and where in A's frames the resolution's push came: a diary's reply before it
 * was committed before the resolution (a commit's pushes go out before its reply, commits in order).
 */
async function burstAcrossDeadline(n, lead) {
  const turn = year(U).calendar.turn;
  const seq0 = await settle();
  // The diary A already has for this month, if any (the warm-up's, or a burst's that landed in the next month).
  const earlier = colonel(A, pa).diary?.turn === turn ? colonel(A, pa).diary.text : null;
  const from = A.messages.length;
  const deadline = Date.now() + 1500;
  await U.ok('month.set_deadline', { campaign, deadline });
  await sleep(Math.max(0, deadline - lead - Date.now()));
  const replies = [];
  for (let i = 0; i < n; i++) {
    replies.push(A.send('diary.submit', { campaign, activity: 'business', orders: QUIET, text: `burst ${turn}.${i}` }, { timeoutMs: 20 * SEC }));
  }
  const got = await Promise.all(replies);
  await U.waitForView(campaign, (v) => v.year.calendar.turn === turn + 1, 5 * SEC, 'the burst month resolved');
  const seqEnd = await settle();
  const resolvedAt = A.messages.findIndex((m, i) => i >= from && m.push && m.patch?.some((op) => op.path === '/year/calendar/turn'));
  assert.ok(resolvedAt >= 0, 'the resolution came as a patch moving the turn');
  return { turn, seq0, seqEnd, deadline, got, resolvedAt, earlier };
}

test('a diary that reaches the server after the deadline is refused with too_late and changes nothing', async (t) => {
  // How long the server takes per diary when they queue up, to time a burst that straddles the deadline.
  const t0 = Date.now();
  const warm = await Promise.all(Array.from({ length: 40 }, (_, i) => A.send('diary.submit', { campaign, activity: 'business', orders: QUIET, text: `warm ${i}` })));
  const perDiary = (Date.now() - t0) / 40;
  assert.ok(warm.every((r) => r.ok), 'the warm-up diaries (no deadline) are all accepted');

  // The burst is aimed by halving: all accepted before the deadline means it was sent too early, all after the
  // resolution too late. A group commit can decide a whole burst in a few milliseconds, far less than the
  // warm-up's time per diary (which waits for each commit), so the lead shrinks until the burst straddles.
  let result;
  const leads = [];
  let lead = Math.max(2, Math.round((60 * perDiary) / 2));
  for (let attempt = 0; attempt < 10 && !result; attempt++) {
    const n = 60;
    const r = await burstAcrossDeadline(n, lead);
    // Each reply in sending order: accepted for this month, too_late, or (after the resolution) accepted for the next.
    const kinds = r.got.map((g) => (g.ok ? (A.messages.indexOf(g) < r.resolvedAt ? 'before' : 'next') : g.error.code));
    const pattern = kinds.map((k) => k[0]).join('');
    leads.push(`${lead}:${pattern.replace(/(.)\1*/g, (run) => run[0] + run.length)}`);
    assert.match(pattern, /^b*t*n*$/, `replies in order: accepted, then too_late, then the next month's (${pattern})`);
    for (const g of r.got) if (!g.ok) assertError(g, 'too_late', 'a diary after the deadline');
    const accepted = r.got.filter((g) => g.ok).length;
    // The deadline, the accepted diaries and the resolution: nothing for the refused ones (the umpire's
    // version counts the changes of his view, and each of these is one).
    assert.equal(r.seqEnd - r.seq0, 1 + accepted + 1, `events: ${pattern}`);
    const a = colonel(A, pa);
    const lastBefore = kinds.lastIndexOf('before');
    const lastNext = kinds.lastIndexOf('next');
    // The month resolved with the last diary accepted before the deadline, or the one from before the burst;
    // with neither (a burst all too late after one all in time) it took the default.
    const resolvedWith = lastBefore >= 0 ? `burst ${r.turn}.${lastBefore}` : r.earlier;
    assert.equal(a.reports[String(r.turn)].default, resolvedWith === null, `default: ${pattern}`);
    if (resolvedWith !== null) assert.equal(a.diaries[String(r.turn)].text, resolvedWith);
    // A diary after the resolution is the next month's (that month has no deadline yet).
    if (lastNext >= 0) assert.equal(a.diary.text, `burst ${r.turn}.${lastNext}`);
    else assert.equal(a.diary, null);
    if (kinds.includes('too_late')) result = { ...r, pattern };
    else if (!kinds.includes('next')) lead = Math.floor(lead / 2);
    else if (!kinds.includes('before')) lead = lead * 2 + 2;
  }
  assert.ok(result, `a diary arrived between the deadline and the resolution (per diary ${perDiary.toFixed(2)} ms; lead:pattern ${leads.join(' ')})`);
  t.diagnostic(`per diary ${perDiary.toFixed(2)} ms; lead:pattern ${leads.join(' ')}`);

  // After the resolution, a diary belongs to the next month and is accepted (the month has no deadline).
  assert.deepEqual(await A.ok('diary.submit', { campaign, activity: 'politics', orders: QUIET, text: 'the next month' }), {});
  await settle();
  const a = colonel(A, pa);
  assert.equal(a.diary.turn, result.turn + 1);
  assert.ok(!('seq' in a.diary), 'no event seq in a diary');
  assert.equal(a.diary.text, 'the next month');
});

test('month.undo is a new event that puts every sheet and the calendar back', async () => {
  await B.ok('diary.submit', { campaign, activity: 'socialise', orders: { ...QUIET, musketry: true }, text: 'B, before the undo' });
  const seq0 = await settle();
  const before = new Map(everyone().map(([n, c]) => [n, structuredClone(year(c))]));
  await U.ok('month.resolve', { campaign });
  const resolved = await settle();
  const turn = before.get('U').calendar.turn;
  assert.equal(year(A).calendar.turn, turn + 1);
  assert.ok(colonel(B, pb).reports[String(turn)]);
  assert.equal(year(U).console.can_undo, true);

  await U.ok('month.undo', { campaign });
  assert.equal(await settle(), resolved + 1, 'the undo is a new change after the resolution');
  assert.equal(resolved, seq0 + 1);
  for (const [name, c] of everyone()) {
    const expected = structuredClone(before.get(name));
    if (expected.console) expected.console.can_undo = false;
    assert.deepEqual(year(c), expected, `${name}: the year as before the resolution`);
  }
  assert.equal(year(U).console.can_undo, false);
  assert.equal(colonel(B, pb).diary.text, 'B, before the undo', 'the month\'s diary is current again');
  // It can be revised and the month resolved again.
  await assertNothingChanged(async () => {
    assertError(await U.send('month.undo', { campaign }), 'conflict', 'a second undo');
  });
  await B.ok('diary.submit', { campaign, activity: 'business', orders: QUIET, text: 'B, revised' });
  await U.ok('month.resolve', { campaign, turn });
  await settle();
  assert.equal(colonel(B, pb).reports[String(turn)].activity, 'business');
  assert.equal(colonel(B, pb).diaries[String(turn)].text, 'B, revised');
  // Not after a colonel's sheet changed.
  await U.ok('colonel.adjust', { campaign, colonel: pb.user, field: 'pip', value: 77, reason: 'a gift from the Duke' });
  await settle();
  assert.equal(year(U).console.can_undo, false);
  await assertNothingChanged(async () => {
    assertError(await U.send('month.undo', { campaign }), 'conflict', 'undo after an adjustment');
  });
});

test('a restart keeps the year, and a deadline set before a shutdown fires after the restart', async () => {
  await A.ok('diary.submit', { campaign, activity: 'socialise', orders: { ...QUIET, drill: true }, text: 'before the restart' });
  await A.ok('diary.publish', { campaign, turn: 1 });
  const deadline = Date.now() + 8 * SEC;
  await U.ok('month.set_deadline', { campaign, deadline });
  await settle();
  const turn = year(U).calendar.turn;
  const before = new Map(everyone().map(([n, c]) => [n, structuredClone(c.view(campaign))]));
  for (const [, c] of everyone()) await c.close();
  await server.restart();
  await connectAll();
  for (const [, c] of everyone()) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  await settle();
  assert.ok(Date.now() < deadline, 'the views are compared before the deadline');
  for (const [name, c] of everyone()) assert.deepEqual(c.view(campaign), before.get(name), `${name}: the same view after the restart`);
  assert.equal(year(O).calendar.deadline, deadline);

  for (const [name, c] of everyone()) {
    await c.waitForView(campaign, (v) => v.year.calendar.turn === turn + 1, deadline + 4 * SEC - Date.now(), `${name}: the deadline fired after the restart`);
  }
  assert.ok(Date.now() >= deadline);
  await settle();
  assert.equal(colonel(A, pa).reports[String(turn)].activity, 'socialise');
  assert.equal(year(U).calendar.deadline, null);

  // A deadline that passes while the server is down fires when it comes back, once.
  const deadline2 = Date.now() + 1500;
  await U.ok('month.set_deadline', { campaign, deadline: deadline2 });
  await settle();
  for (const [, c] of everyone()) await c.close();
  await server.stop();
  await sleep(Math.max(0, deadline2 + 500 - Date.now()));
  await server.start();
  await connectAll();
  assert.equal((await U.subscribe(campaign)).reply.ok, true);
  const v = await U.waitForView(campaign, (w) => w.year.calendar.turn === turn + 2, 5 * SEC, 'the missed deadline fired at start');
  assert.equal(v.year.calendar.deadline, null);
  for (const [, c] of everyone().slice(1)) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  await sleep(1000);
  await settle();
  assert.equal(year(U).calendar.turn, turn + 2, 'resolved once');
  // The live view holds the current month and the three before it (docs/protocol.md, "The year's view"); the
  // chronicle holds every month.
  const from = year(U).months_from;
  assert.equal(from, turn + 2 - 3);
  assert.deepEqual(Object.keys(colonel(A, pa).reports).map(Number).sort((x, y) => x - y), Array.from({ length: turn + 2 - from }, (_, i) => from + i));
  assert.equal(colonel(B, pb).reports[String(turn + 1)].default, true);
  assert.ok(Object.values(year(O).gazette).every((g) => g.turn >= from), 'the live gazette holds no older month');
  const whole = (await httpRequest(server, 'GET', `/api/campaigns/${campaign}/chronicle`, { cookie: pa.cookie })).json.view;
  assert.deepEqual(Object.keys(whole.year.colonels[String(pa.user)].reports).map(Number).sort((x, y) => x - y), Array.from({ length: turn + 1 }, (_, i) => i + 1));
  assert.ok(Object.values(whole.year.gazette).some((g) => g.text === 'Drill on the heath.'));
});
