// A battle loses nothing on a crash (docs/architecture.md, "Storage": an append-only event log replayed at
// start-up, "a reply means the events are on disk"; docs/protocol.md, "Battles (Over the Hill)" and
// campaign.subscribe's `since`).
//
// One campaign: an umpire U, players A (british) and B (french) on opposite sides, an observer O. One battle:
// A's and B's leaders stand together (talk), B has a visible unit and a concealed one (the ambush, far from
// everyone). Turn 1 opens a talk channel (A plays Talk), turn 2 carries a talk message and sets the turn timer
// (battle.settings turn_seconds: it arms from the next turn), turn 3 opens with a deadline: a second message,
// A plays a Move card, B plays nothing.
//   1. Every socket's view (rebuilt from its pushes) is recorded, then the server is SIGKILLed right after the
//      card's reply and started again on the same database.
//   2. Each user reconnects (same session cookie) twice: subscribing with `since` (his last version, his old view
//      seeded) and fresh. Both views deep-equal the one before the crash: A's card is still his and hidden
//      from B and O, the ambush still hidden from A and O, the history frames, the log, the talk, the channel,
//      the deadline.
//   3. Nobody plays: the turn timer, re-armed after the replay, closes turn 3 by itself shortly after the
//      deadline, and every socket is pushed the reveal and turn 4.
//   4. A burst: the umpire sends forty overrides (each with a reason) without waiting; the server is SIGKILLed
//      right after the first reply. After the restart the battle holds exactly the first n of them, in order,
//      n at least the number that got a reply: every replied command is there, none half-applied.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect } from './lib/client.mjs';
import { battleTable } from './lib/battle_table.mjs';

const hex = () => randomBytes(5).toString('hex');
const TURN_SECONDS = 8; // long enough for the crash, the restart (seconds on a loaded machine) and the comparisons to come first
const WHO = ['umpire', 'a', 'b', 'o'];
const BURST = 40; // overrides sent at once before the second crash

// Markers no public value can equal: the ambush (name, x), A's Move card (x and y), the talk.
const AMB = { id: 7391, name: `AMBUSH-${hex()}`, xs: '151.3817', at: [151.3817, 95] };
const MOVE_TO = [41.7391, 62.5183];
const MOVE_MARKS = ['41.7391', '62.5183'];
const TALK = { a: `TALK-A-${hex()}`, b: `TALK-B-${hex()}` };
const LEADER = { a: 1, b: 2 };
const UNIT = { a: 1, b: 2 };

let server;
let campaign, battle, users;
let live; // {umpire, a, b, o}: each user's current socket
const sockets = [];
const track = (c) => { sockets.push(c); return c; };

before(async () => {
  server = await startServer({ args: ['--ws-rate', '2000', '--ws-burst', '2000'] });
  const table = await battleTable(server, {
    name: 'Crash', umpire: 'rs_umpire', players: { a: 'rs_player_a', b: 'rs_player_b' }, observers: { o: 'rs_observer' },
  });
  table.everyone.forEach(track);
  ({ campaign, users } = table);
  live = { ...table.clients };
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

// --- helpers ---

const bv = (c) => c.view(campaign).battles[String(battle)];
/** What the sender saw (docs/protocol.md, "Battles": "The moment a command was meant for"): his view's turn. */
const at = (c) => ({ turn: bv(c).turn });
const unitIn = (v, id) => v.units.find((u) => u.id === id);
const leaderIn = (v, id) => v.leaders.find((l) => l.id === id);

/**
 * Every live socket has every push of what was committed so far (versions are per user: a round trip on each
 * socket, docs/protocol.md, "Views and versions") and applied every push cleanly.
 */
async function settle() {
  for (const k of WHO) await live[k].caughtUp(campaign, 3000);
  for (const k of WHO) assert.deepEqual(live[k].problems, [], `${k}: pushes applied cleanly`);
}

/** The frames of `c` (from `from` on) holding `marker`, shortened for a readable failure. */
const framesWith = (c, marker, from = 0) => c.frames.slice(from).filter((f) => f.includes(marker)).map((f) => f.slice(0, 200));

/** The ambush is nowhere in this battle view: not a unit now, nor in any history frame, nor in the log. */
function assertNoAmbush(v, who) {
  assert.equal(unitIn(v, AMB.id), undefined, `${who}: no ambush in the units`);
  for (const f of v.history) assert.ok(!f.units.some((u) => u.id === AMB.id), `${who}: no ambush in the frame of turn ${f.turn}`);
  assert.ok(!JSON.stringify(v).includes(AMB.name) && !JSON.stringify(v).includes(AMB.xs), `${who}: no trace of the ambush`);
}

/** A's card of turn 3 as each viewer must see it before the reveal. */
function assertCardAsSeen(k, v) {
  const box = v.boxes.cards;
  assert.equal(box.turn, 3);
  assert.equal(box.revealed, false);
  assert.deepEqual(box.submitted, [users.a.user], `${k}: A has played, B has not`);
  if (k === 'umpire' || k === 'a') {
    assert.deepEqual(box.items, [{ user: users.a.user, side: 'british', item: { card: 'move', to: MOVE_TO } }], `${k}: A's card`);
  } else {
    assert.deepEqual(box.items, [], `${k}: not what A played`);
    assert.ok(!MOVE_MARKS.some((m) => JSON.stringify(v).includes(m)), `${k}: nothing of A's card`);
  }
}

/** Connects `k` again; with `since`, the old socket's views are seeded (the client keeps its view and version). */
async function reconnect(k, { since } = {}) {
  const c = track(await connect(server, users[k].cookie, since === undefined ? {} : { seedViews: since.views }));
  const r = await c.subscribe(campaign, since === undefined ? {} : { since: since.version(campaign) });
  assert.equal(r.reply.ok, true, `${k}: subscribed after the restart: ${JSON.stringify(r.reply)}`);
  return { c, reply: r.reply, push: r.push };
}

async function crash() {
  const exit = await server.kill('SIGKILL');
  assert.equal(exit.signal, 'SIGKILL', 'killed, not exited');
  const t0 = Date.now();
  await server.start();
  return Date.now() - t0;
}

// --- the battle before the crash ---

const before_ = {}; // k -> {version, view, frames}: each socket as it stood when the server was killed
let deadline;

test('set-up: an ambush, a talk channel and a message, the turn timer set; turn 3 open with A\'s card played, B\'s not', async () => {
  const U = live.umpire, A = live.a, B = live.b, O = live.o;
  const values = { drill: 3, musketry: 3, effectiveness: 3 };
  battle = (await U.ok('battle.create', {
    campaign, name: 'Prestonpans',
    sides: [{ id: 'british', name: 'British' }, { id: 'french', name: 'French' }],
    leaders: [
      { id: LEADER.a, user: users.a.user, side: 'british', name: 'Kemp', position: [40, 40] },
      { id: LEADER.b, user: users.b.user, side: 'french', name: 'Dartois', position: [43, 40] }, // within talk_cm
    ],
    units: [
      { id: UNIT.a, side: 'british', owner: users.a.user, name: '33rd Foot', troop_type: 'formed_infantry', position: [40, 40], facing: 0, values },
      { id: UNIT.b, side: 'french', owner: users.b.user, name: 'Regiment de Picardie', troop_type: 'formed_infantry', position: [60, 110], facing: 180, values },
      { id: AMB.id, side: 'french', owner: users.b.user, name: AMB.name, troop_type: 'irregulars', position: AMB.at, facing: 180, concealed: true },
    ],
  })).battle;
  await U.ok('battle.start', { campaign, battle });
  await settle();
  assert.equal(bv(U).settings.turn_seconds, 0, 'no timer yet');

  // Turn 1: A plays Talk to B's leader; B's card closes the turn (auto_run): the channel is open in turn 2.
  await A.ok('card.play', { campaign, battle, ...at(A), card: 'talk', leader: LEADER.b });
  await B.ok('card.play', { campaign, battle, ...at(B), card: 'no_action' });
  await settle();
  for (const k of ['umpire', 'a', 'b']) assert.deepEqual(bv(live[k]).channels, [{ a: users.a.user, b: users.b.user }], `${k}: the channel`);

  // Turn 2: a message; the umpire sets the timer (it arms from the next turn); A plays Talk again, B closes.
  await A.ok('talk.say', { campaign, battle, ...at(A), to: users.b.user, text: TALK.a });
  await U.ok('battle.settings', { campaign, battle, settings: { turn_seconds: TURN_SECONDS } });
  await A.ok('card.play', { campaign, battle, ...at(A), card: 'talk', leader: LEADER.b });
  const opened = Date.now();
  await B.ok('card.play', { campaign, battle, ...at(B), card: 'no_action' });
  await settle();
  deadline = bv(U).deadline;
  assert.equal(bv(U).turn, 3);
  assert.equal(typeof deadline, 'number', 'turn 3 has a deadline');
  assert.ok(Math.abs(deadline - (opened + TURN_SECONDS * 1000)) < 1500, `the deadline is turn_seconds after the turn opened (${deadline - opened} ms)`);

  // Turn 3: B answers in the channel; A plays a Move card; B plays nothing.
  await B.ok('talk.say', { campaign, battle, ...at(B), to: users.a.user, text: TALK.b });
  await A.ok('card.play', { campaign, battle, ...at(A), card: 'move', to: MOVE_TO });
  // The reply means committed: A's socket had the push before it; the others catch up by a round trip each.
  for (const k of WHO) await live[k].caughtUp(campaign, 3000);
  for (const k of WHO) {
    const c = live[k];
    assert.deepEqual(c.problems, [], `${k}: pushes applied cleanly`);
    before_[k] = { version: c.version(campaign), view: structuredClone(c.view(campaign)), frames: c.frames.length };
  }

  // What stood before the crash (the same is checked after it).
  for (const k of WHO) {
    const v = bv(live[k]);
    assert.deepEqual([v.status, v.turn, v.deadline], ['cards', 3, deadline], `${k}: turn 3, the deadline`);
    assert.deepEqual(v.history.map((f) => f.turn), [1, 2, 3], `${k}: a frame a turn`);
    assertCardAsSeen(k, v);
  }
  for (const k of ['a', 'o']) assertNoAmbush(bv(live[k]), k);
  for (const k of ['umpire', 'b']) assert.equal(unitIn(bv(live[k]), AMB.id)?.concealed, true, `${k}: the ambush, concealed`);
  for (const k of ['umpire', 'a', 'b']) {
    assert.deepEqual(bv(live[k]).talk.map((m) => [m.turn, m.from, m.text]), [[2, users.a.user, TALK.a], [3, users.b.user, TALK.b]], `${k}: the talk`);
  }
  assert.deepEqual(bv(O).talk, []);
  assert.deepEqual(bv(O).channels, []);
  for (const k of ['b', 'o']) for (const m of MOVE_MARKS) assert.deepEqual(framesWith(live[k], m), [], `A's card reached ${k}`);
  for (const k of ['a', 'o']) assert.deepEqual(framesWith(live[k], AMB.name), [], `the ambush reached ${k}`);
});

// --- the crash ---

let restartMs;
test('SIGKILL right after a reply: every user reconnects, with `since` and fresh, to the view he had', async (t) => {
  restartMs = await crash();
  for (const k of WHO) await live[k].waitForClose(5000);
  t.diagnostic(`restarted in ${restartMs} ms; ${deadline - Date.now()} ms left to the deadline`);

  const fresh = {};
  for (const k of WHO) {
    const old = live[k];
    // With `since`: the server's patch logs died with it, and "the numbers of a server run start at its start
    // time in ms x 1000, so a `since` from an earlier run never matches one of this run" (docs/protocol.md,
    // "Views and versions"): a whole view, at a version of this run, that is the same view.
    const s = await reconnect(k, { since: old });
    assert.deepEqual(Object.keys(s.reply.body), ['version'], `${k}: subscribe replies {version}: ${JSON.stringify(s.reply.body)}`);
    assert.ok(Number.isInteger(s.reply.body.version) && s.reply.body.version > before_[k].version,
      `${k}: a version of the new run (${s.reply.body.version}) after the old one (${before_[k].version})`);
    assert.ok('view' in s.push, `${k}: a whole view after the restart`);
    assert.equal(s.push.version, s.reply.body.version, `${k}: the first push is at the replied version`);
    assert.deepEqual(s.c.problems, [], `${k}: the catch-up applied cleanly`);
    assert.deepEqual(s.c.view(campaign), before_[k].view, `${k}: the view after subscribing with since = ${before_[k].version}`);
    live[k] = s.c;
    // Fresh: a whole view.
    const f = await reconnect(k);
    assert.ok('view' in f.push, `${k}: a fresh subscribe gets a whole view`);
    assert.deepEqual(f.c.view(campaign), before_[k].view, `${k}: the view of a fresh subscribe`);
    fresh[k] = f.c;
  }
  assert.ok(Date.now() < deadline, `compared before the turn timer ran out (${Date.now() - deadline} ms late: raise TURN_SECONDS)`);

  // Spelled out: A's card, the ambush, the talk, the frames, the log.
  for (const k of WHO) {
    const v = bv(live[k]);
    assert.deepEqual([v.status, v.turn, v.deadline], ['cards', 3, deadline], `${k}: turn 3 with its deadline`);
    assert.deepEqual(v.history.map((f) => f.turn), [1, 2, 3], `${k}: the history frames`);
    assert.deepEqual(v.log.filter((e) => e.phase === 'reveal').map((e) => e.turn), [1, 2], `${k}: the log of turns 1 and 2`);
    assertCardAsSeen(k, v);
  }
  for (const k of ['a', 'o']) {
    assertNoAmbush(bv(live[k]), k);
    for (const c of [live[k], fresh[k]]) assert.deepEqual(framesWith(c, AMB.name), [], `the ambush reached ${k} after the restart`);
  }
  for (const k of ['umpire', 'b']) assert.equal(unitIn(bv(live[k]), AMB.id).concealed, true, `${k}: still concealed`);
  for (const k of ['b', 'o']) for (const c of [live[k], fresh[k]]) for (const m of MOVE_MARKS) assert.deepEqual(framesWith(c, m), [], `A's card reached ${k}`);
  for (const k of ['umpire', 'a', 'b']) {
    assert.deepEqual(bv(live[k]).talk.map((m) => m.text), [TALK.a, TALK.b], `${k}: the talk`);
    assert.deepEqual(bv(live[k]).channels, [{ a: users.a.user, b: users.b.user }], `${k}: the channel still open`);
  }
  for (const c of [live.o, fresh.o]) for (const m of Object.values(TALK)) assert.deepEqual(framesWith(c, m), [], 'the talk reached O');
  for (const c of Object.values(fresh)) await c.close();
});

test('the turn timer still runs after the restart: turn 3 closes by itself, everyone is pushed turn 4', async (t) => {
  const from = Object.fromEntries(WHO.map((k) => [k, live[k].frames.length]));
  const at = {};
  await Promise.all(WHO.map(async (k) => {
    await live[k].waitForView(campaign, (v) => v.battles[String(battle)].turn === 4, Math.max(0, deadline - Date.now()) + 5000, `${k}: turn 4`);
    at[k] = Date.now();
  }));
  t.diagnostic(`turn 4 reached ${at.umpire - deadline} ms after the deadline`);
  for (const k of WHO) {
    assert.ok(at[k] >= deadline - 50, `${k}: not before the deadline (${at[k] - deadline} ms)`);
    assert.ok(at[k] <= deadline + 3000, `${k}: within 3 s of the deadline (${at[k] - deadline} ms)`);
  }
  await settle();
  for (const k of WHO) {
    const c = live[k];
    const v = bv(c);
    assert.ok(c.frames.length > from[k], `${k}: pushed`);
    assert.deepEqual([v.status, v.turn], ['cards', 4], `${k}: turn 4 open`);
    assert.deepEqual(v.history.map((f) => f.turn), [1, 2, 3, 4], `${k}: the frames`);
    const reveal = v.log.filter((e) => e.phase === 'reveal' && e.turn === 3);
    assert.equal(reveal.length, 1, `${k}: turn 3 revealed`);
    assert.deepEqual(reveal[0].details.cards, [{ user: users.a.user, side: 'british', item: { card: 'move', to: MOVE_TO } }], `${k}: A's card, the only one`);
    assert.deepEqual(leaderIn(v, LEADER.a).position, MOVE_TO, `${k}: A's leader rode`);
    assert.equal(typeof v.deadline, 'number', `${k}: turn 4 has its own deadline`);
  }
  for (const k of ['a', 'o']) assertNoAmbush(bv(live[k]), k);
});

// --- a burst cut short ---

test('SIGKILL during a burst of overrides: the battle holds exactly a prefix of them, every replied one included', async (t) => {
  const U = live.umpire;
  // Close turn 4 without a timer, so that nothing but the overrides changes the battle from here on.
  await U.ok('battle.settings', { campaign, battle, settings: { turn_seconds: 0 } });
  await U.ok('battle.close_turn', { campaign, battle, ...at(U) });
  await settle();
  assert.deepEqual([bv(U).turn, bv(U).deadline], [5, null]);
  const start = bv(U);
  const state0 = {
    tpA: unitIn(start, UNIT.a).markers.tension_points, tpB: unitIn(start, UNIT.b).markers.tension_points,
    tpAmb: unitIn(start, AMB.id).markers.tension_points, posA: unitIn(start, UNIT.a).position,
    orderA: unitIn(start, UNIT.a).order?.name ?? null, ranB: start.tallies[String(UNIT.b)]?.times_ran_away ?? 0,
    posLeaderA: leaderIn(start, LEADER.a).position,
  };
  // Forty overrides of seven kinds, each with its own reason (its log line ends ": reason.").
  const kinds = [
    (i) => ({ body: { what: 'tp', unit: UNIT.a, value: i % 9 }, apply: (s) => { s.tpA = i % 9; } }),
    (i) => ({ body: { what: 'tp', unit: UNIT.b, value: (i + 3) % 9 }, apply: (s) => { s.tpB = (i + 3) % 9; } }),
    (i) => ({ body: { what: 'move', unit: UNIT.a, position: [40 + (i % 7), 36] }, apply: (s) => { s.posA = [40 + (i % 7), 36]; } }),
    (i) => ({ body: { what: 'record', unit: UNIT.b, times_ran_away: i }, apply: (s) => { s.ranB = i; } }),
    // The ambush's: its line goes to the french side only.
    (i) => ({ secret: true, body: { what: 'tp', unit: AMB.id, value: (i + 5) % 9 }, apply: (s) => { s.tpAmb = (i + 5) % 9; } }),
    (i) => ({ body: { what: 'order', unit: UNIT.a, order: i % 2 ? 'fire' : null }, apply: (s) => { s.orderA = i % 2 ? 'fire' : null; } }),
    (i) => ({ body: { what: 'move', leader: LEADER.a, position: [38, 60 + (i % 10)] }, apply: (s) => { s.posLeaderA = [38, 60 + (i % 10)]; } }),
  ];
  const burst = Array.from({ length: BURST }, (_, i) => ({ ...kinds[i % kinds.length](i), reason: `R${i}-${hex()}` }));

  // Sent at once, no waiting; the server is killed as soon as the first reply is in.
  const replies = burst.map((b) => U.send('battle.override', { campaign, battle, ...b.body, reason: b.reason }).catch(() => null));
  const first = await replies[0];
  await server.kill('SIGKILL');
  await U.waitForClose(5000);
  const got = await Promise.all(replies);
  assert.equal(first?.ok, true, `the first override: ${JSON.stringify(first)}`);
  const replied = got.map((r) => r !== null);
  for (const [i, r] of got.entries()) {
    if (!r) continue;
    assert.equal(r.ok, true, `override ${i}: ${JSON.stringify(r)}`);
    // docs/protocol.md, "Views and versions": most commands reply {} (never the event seq).
    assert.deepEqual(r.body, {}, `override ${i}: replies {}`);
  }
  const lastReplied = replied.lastIndexOf(true);
  assert.ok(replied.slice(0, lastReplied + 1).every(Boolean), `replies come in order: ${replied.map(Number).join('')}`);
  // What reached A and O before the kill: no line about the ambush.
  for (const k of ['a', 'o']) {
    for (const b of burst.filter((x) => x.secret)) assert.deepEqual(framesWith(live[k], b.reason), [], `the ambush's override reached ${k}`);
  }

  const t0 = Date.now();
  await server.start();
  const views = {};
  for (const k of WHO) {
    live[k] = (await reconnect(k)).c;
    views[k] = bv(live[k]);
  }
  // How many are stored: the overrides whose lines (each ends with its own reason) the umpire's log holds.
  const n = burst.filter((b) => views.umpire.log.some((e) => e.text.endsWith(`: ${b.reason}.`))).length;
  t.diagnostic(`${replied.filter(Boolean).length} of ${burst.length} replied before the kill; ${n} in the log after the restart (restarted in ${Date.now() - t0} ms)`);
  assert.ok(n >= lastReplied + 1, `every replied override is stored: ${n} stored, ${lastReplied + 1} replied`);
  assert.ok(n <= burst.length, `nothing but the overrides: ${n} events`);

  // Exactly the first n, in order, each whole: the log's lines and the state they leave.
  const U2 = views.umpire;
  const stored = burst.filter((b) => U2.log.some((e) => e.text.endsWith(`: ${b.reason}.`)));
  assert.deepEqual(stored.map((b) => b.reason), burst.slice(0, n).map((b) => b.reason), 'the stored overrides are the first n, in order');
  const expected = structuredClone(state0);
  for (const b of burst.slice(0, n)) b.apply(expected);
  assert.deepEqual({
    tpA: unitIn(U2, UNIT.a).markers.tension_points, tpB: unitIn(U2, UNIT.b).markers.tension_points,
    tpAmb: unitIn(U2, AMB.id).markers.tension_points, posA: unitIn(U2, UNIT.a).position,
    orderA: unitIn(U2, UNIT.a).order?.name ?? null, ranB: U2.tallies[String(UNIT.b)]?.times_ran_away ?? 0,
    posLeaderA: leaderIn(U2, LEADER.a).position,
  }, expected, `the umpire's view: the state after the first ${n} overrides`);
  // Each side's view agrees: A's own unit whole, B's own units whole, the ambush still hidden from A and O.
  assert.equal(unitIn(views.a, UNIT.a).markers.tension_points, expected.tpA, 'A: his unit\'s TPs');
  assert.deepEqual(unitIn(views.a, UNIT.a).position, expected.posA, 'A: his unit\'s position');
  assert.equal(unitIn(views.b, UNIT.b).markers.tension_points, expected.tpB, 'B: his unit\'s TPs');
  assert.equal(unitIn(views.b, AMB.id).markers.tension_points, expected.tpAmb, 'B: the ambush\'s TPs');
  for (const k of ['a', 'o']) {
    assertNoAmbush(views[k], k);
    for (const b of burst.filter((x) => x.secret)) assert.ok(!views[k].log.some((e) => e.text.includes(b.reason)), `${k}: no line about the ambush`);
  }
  for (const k of ['a', 'b', 'o']) {
    const lines = burst.slice(0, n).filter((b) => !b.secret).map((b) => b.reason);
    for (const r of lines) assert.ok(views[k].log.some((e) => e.text.endsWith(`: ${r}.`)), `${k}: the public line ${r}`);
  }
});
