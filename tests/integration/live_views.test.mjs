// "A view kept by patches equals a fresh one, always", over a real server and real sockets (docs/protocol.md,
// "Views and versions" and `campaign.subscribe`): the integration half of the guarantee whose model half is the
// property tests of tests/unit (test_year_property.cpp, test_expedition_property.cpp, test_battle_property.cpp).
//
// One campaign: an umpire, five players (colonels c1-c5), an observer, and an outsider (a registered user who is
// no member). Each member has a live socket, subscribed once, whose view is rebuilt from the pushes it gets (a whole
// view, then patches), and a probe socket that subscribes afresh (no `since`: a whole view) after every command and
// unsubscribes again; every MUSTER_LIVE_VIEWS_NEW_SOCKET_EVERY commands each probe is a NEW socket. Then a few
// hundred random commands, chosen by a seeded PRNG from the senders' own views: the campaign year (colonels,
// objectives, the auction, year.start, diaries, month.resolve and month.undo, leave), table talk, notices, open and
// blind dice, invites, the expeditions and the War Office Committee (crisis.roll, expedition.create with generate,
// brief, attendance, motions and votes, force, depart, outcome, reckon), and battles of the four books (created from
// units or a scenario, one on an expedition; their players' commands from tests/integration/lib/random_play/,
// close_turn, step, talk, overrides, end), mostly legal, some illegal or stale; at the end campaign.close.
//
// After each command (its reply, then a round trip on every socket, which comes back behind every push of what was
// committed before it), for every member:
//   - the view his live socket built deep-equals the fresh one, and its version is the fresh subscribe's version
//     ("two sockets of one user share it"). Nothing is left out of the comparison: the protocol has no field that
//     differs between two sockets of one user (`me` is the user's, versions are the user's), so any difference is
//     a bug. A mismatch is recorded (command, member, differing JSON paths) and his live socket resubscribes, so
//     that the run goes on to find the next one; the test fails at the end if there was any;
//   - a member whose fresh view did not change received no push ("A user whose view an event leaves unchanged ...
//     gets no frame at all"), and his version did not move;
//   - a refused command changed no view and sent no frame to anyone but its sender, who got its reply alone;
//   - the outsider gets not_found for every campaign command and never a push.
// Now and then a member's live socket disconnects for a few commands and a new one reconnects with `since` (his
// last version): it gets a patch (the server keeps 256 changes for him) and ends with a view equal to a fresh one.
//
// The second test holds the smallest reproduction of each mismatch the random run has found, so that each is
// checked on every run, whatever a seed reaches.
//
//   MUSTER_LIVE_VIEWS_COMMANDS=n          commands (default 300)
//   MUSTER_LIVE_VIEWS_SEED=n              the PRNG's seed (default 1); the server's dice are its own, so a seed may
//                                         play differently from some point on between two runs
//   MUSTER_LIVE_VIEWS_NEW_SOCKET_EVERY=n  a new probe socket every n commands (default 5; 1: every command)
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { connect, newUser, uniqueName } from './lib/client.mjs';
import { Dice, envInt } from './lib/random_play/common.mjs';
import { short, diffPaths, jsonEqual, shape } from './lib/view_diff.mjs';
import { withSmallTable, duel } from './lib/small_table.mjs';
import * as oth from './lib/random_play/oth.mjs';
import * as reivers from './lib/random_play/reivers.mjs';
import * as cmwd from './lib/random_play/cmwd.mjs';
import * as lfas from './lib/random_play/lfas.mjs';

const COMMANDS = envInt('MUSTER_LIVE_VIEWS_COMMANDS', 300);
const SEED = envInt('MUSTER_LIVE_VIEWS_SEED', 1);
const NEW_SOCKET_EVERY = envInt('MUSTER_LIVE_VIEWS_NEW_SOCKET_EVERY', 5);

const BOOKS = { oth, reivers, cmwd, lfas };
const PLAYERS = ['c1', 'c2', 'c3', 'c4', 'c5'];
const MEMBERS = ['umpire', ...PLAYERS, 'observer'];
const NAMES = { c1: 'Kemp', c2: 'Dartington', c3: 'Hawley', c4: 'Ligonier', c5: 'Wolfe' };
const OBJECTIVES = ['glory', 'prestige', 'wealth', 'smartest', 'duty', 'custom'];
const MISSIONS = ['raid_european', 'defend_raid', 'capture_island', 'caribbean_rebellion', 'raid_island', 'raid_pirates', 'riots', 'jacobites'];

test('a view kept by patches equals a fresh subscription after every command (umpire, five colonels, observer; an outsider)', async (t) => {
  const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
  const started = Date.now();
  const r = new Dice('live-views', SEED);
  const users = {};
  const live = {}; // member -> his live socket (null while disconnected)
  const probe = {}; // member -> his probe socket (subscribes afresh, then unsubscribes)
  let outsider = null;
  let campaign = 0;
  const fresh = {}; // member -> {version, view}: his fresh view after the last command
  const mismatches = []; // {at, command, member, paths}
  const problems = []; // everything else that broke the protocol
  const stats = {
    commands: 0, accepted: 0, refused: 0, byType: {}, refusedCodes: {}, comparisons: 0, newSockets: 0, reconnects: 0,
    unchangedNoPush: 0, outsider: 0, battles: 0, expeditionBattles: 0, firstExpeditionBattle: null, viewBytes: 0,
  };
  const reported = new Map(); // socket -> problems (client.mjs) already reported
  let offline = null; // {k, back, version, view, from}
  const expeditionBattles = new Map(); // expedition id -> battle ids created on it
  let battlesCreated = 0;
  let talkN = 0;
  let reasonN = 0;

  const problem = (what) => { if (problems.length < 200) problems.push(what); };
  const own = (k) => (live[k] ? live[k].view(campaign) : fresh[k].view);
  const uid = (k) => users[k].user;
  const keyOf = (user) => MEMBERS.find((k) => users[k].user === user);

  // --- sockets ---
  const sockets = () => {
    const out = [];
    for (const k of MEMBERS) {
      if (live[k]) out.push([`${k} (live)`, live[k]]);
      out.push([`${k} (probe)`, probe[k]]);
    }
    out.push(['outsider', outsider]);
    return out;
  };

  /** A fresh view: subscribe without `since` (a whole view, at the reply's version), then unsubscribe again. */
  const freshOf = async (k, p) => {
    const from = p.messages.length;
    const sub = p.send('campaign.subscribe', { campaign }, { timeoutMs: 20000 });
    const unsub = p.send('campaign.unsubscribe', { campaign }, { timeoutMs: 20000 });
    const [reply, gone] = await Promise.all([sub, unsub]);
    if (!reply.ok || !gone.ok) throw new Error(`${k}: subscribe afresh: ${JSON.stringify(reply)} ${JSON.stringify(gone)}`);
    const pushes = p.messages.slice(from).filter((m) => m && typeof m === 'object' && 'push' in m);
    if (pushes.length !== 1 || !('view' in pushes[0]) || pushes[0].version !== reply.body.version) {
      problem(`${k}: a subscribe without since got ${pushes.length} push(es), not one whole view at version ${reply.body.version}: ${short(pushes.map((x) => ({ ...x, view: x.view ? '...' : undefined })))}`);
    }
    // The server writes a view's keys in one order: two fresh views are alike when their text is (the cheap test).
    const text = JSON.stringify(pushes[0]?.view ?? null);
    stats.viewBytes += text.length;
    return { version: reply.body.version, view: pushes[0]?.view, text };
  };

  const freshViews = async (newSockets) => {
    if (newSockets) {
      const old = MEMBERS.map((k) => probe[k]);
      const made = await Promise.all(MEMBERS.map((k) => connect(server, users[k].cookie)));
      MEMBERS.forEach((k, i) => { probe[k] = made[i]; });
      await Promise.all(old.map((c) => c.close()));
      stats.newSockets += MEMBERS.length;
    }
    const got = await Promise.all(MEMBERS.map((k) => freshOf(k, probe[k])));
    return Object.fromEntries(MEMBERS.map((k, i) => [k, got[i]]));
  };

  /** Compares a member's live view with his fresh one; on a mismatch records it and resubscribes his live socket. */
  const compare = async (k, f, context) => {
    const c = live[k];
    stats.comparisons += 1;
    if (!jsonEqual(c.view(campaign), f.view)) {
      mismatches.push({ ...context, member: k, paths: diffPaths(c.view(campaign), f.view) });
      const from = c.pushes.length;
      const again = await c.send('campaign.subscribe', { campaign });
      if (!again.ok) throw new Error(`${k}: resubscribe: ${JSON.stringify(again)}`);
      await c.waitFor((p) => p.campaign === campaign && 'view' in p, 10000, { from, what: `${k}'s whole view again` });
      if (!jsonEqual(c.view(campaign), f.view)) problem(`${context.at}: ${k}'s view resubscribed is not the fresh one either`);
    } else if (c.version(campaign) !== f.version) {
      problem(`${context.at}: ${k}'s live view is the fresh one but at version ${c.version(campaign)}, not ${f.version}`);
    }
  };

  const checkClientProblems = (context) => {
    for (const [name, c] of sockets()) {
      const p = c.problems;
      const was = reported.get(c) ?? 0;
      if (p.length > was) problem(`${context}: ${name}'s pushes: ${p.slice(was, was + 3).join('; ')}`);
      reported.set(c, p.length);
    }
    if (outsider.pushes.length > 0) problem(`${context}: the outsider received a push: ${outsider.frames.find((f) => f.includes('"push"'))?.slice(0, 200)}`);
  };

  // --- one command: send, its reply, a round trip on every socket, then every check ---
  const exec = async (i, cmd) => {
    const { k, type, body } = cmd;
    const sender = k === 'outsider' ? outsider : (live[k] ?? probe[k]);
    const all = sockets();
    const before = new Map(all.map(([, c]) => [c, c.messages.length]));
    const reply = await sender.send(type, { campaign, ...body }, { timeoutMs: 20000 });
    const ownFrom = new Map(all.map(([, c]) => [c, c.nextId]));
    await Promise.all(all.map(([, c]) => c.caughtUp(campaign, 20000)));
    const text = `${k} ${type} ${JSON.stringify(body).slice(0, 300)} -> ${reply.ok ? `ok ${JSON.stringify(reply.body).slice(0, 80)}` : reply.error?.code}`;
    const at = `command ${i + 1} (${text})`;
    stats.commands += 1;
    stats.byType[type] = (stats.byType[type] ?? 0) + 1;
    if (reply.ok) stats.accepted += 1;
    else {
      stats.refused += 1;
      const code = reply.error?.code ?? '?';
      stats.refusedCodes[code] = (stats.refusedCodes[code] ?? 0) + 1;
      if (['internal', 'rate_limited', 'unavailable'].includes(code)) problem(`${at}: refused with ${code}: ${reply.error?.message}`);
    }
    if (k === 'outsider') {
      stats.outsider += 1;
      if (reply.ok || reply.error?.code !== 'not_found') problem(`${at}: the outsider got ${JSON.stringify(reply).slice(0, 200)}, not not_found`);
    }
    // What each socket received for it: every frame but the replies of the round trips that settled it.
    const got = new Map();
    for (const [name, c] of all) {
      const list = c.messages.slice(before.get(c)).filter((m) => !(m && typeof m.reply === 'number' && m.reply >= ownFrom.get(c) && !('push' in m)));
      got.set(c, list);
      if (!reply.ok) {
        // A refused command: its sender gets its reply alone, nobody anything.
        const expected = c === sender ? 1 : 0;
        if (list.length !== expected || (c === sender && ('push' in list[0] || list[0].reply === undefined))) {
          problem(`${at}: refused, yet ${name} received ${list.length} frame(s): ${list.map((m) => short(m)).join(' | ')}`);
        }
      } else if (!name.endsWith('(live)')) {
        // A probe (unsubscribed) or the outsider gets nothing but his own command's reply.
        const expected = c === sender ? 1 : 0;
        if (list.length !== expected || list.some((m) => 'push' in m)) problem(`${at}: ${name} received ${list.length} frame(s): ${list.map((m) => short(m)).join(' | ')}`);
      }
    }
    checkClientProblems(at);
    const now = await freshViews(i % NEW_SOCKET_EVERY === NEW_SOCKET_EVERY - 1);
    for (const m of MEMBERS) {
      const f = now[m];
      const was = fresh[m];
      const same = was.text === f.text || jsonEqual(was.view, f.view);
      if (!reply.ok && !same) problem(`${at}: refused, yet ${m}'s fresh view changed: ${short(diffPaths(was.view, f.view))}`);
      if (same && f.version !== was.version) problem(`${at}: ${m}'s view did not change, yet his version moved ${was.version} -> ${f.version}`);
      if (same && reply.ok) stats.unchangedNoPush += 1;
      if (live[m]) {
        const pushes = got.get(live[m]).filter((x) => 'push' in x);
        if (same && pushes.length > 0) problem(`${at}: ${m}'s view did not change, yet his live socket got a push: ${short(pushes)}`);
        await compare(m, f, { at: i + 1, command: text });
      }
      fresh[m] = f;
    }
    return reply;
  };

  // --- a member's live socket goes away for a few commands, and a new one comes back with `since` ---
  const disconnect = async (i) => {
    const k = r.of(MEMBERS);
    const c = live[k];
    offline = { k, back: i + 2 + r.pick(5), from: i + 1, version: c.version(campaign), view: structuredClone(c.view(campaign)) };
    await c.close();
    live[k] = null;
  };
  const reconnect = async (i) => {
    const { k, version, view, from } = offline;
    const c = await connect(server, users[k].cookie, { seedViews: new Map([[campaign, { version, view }]]) });
    const n = c.pushes.length;
    const reply = await c.send('campaign.subscribe', { campaign, since: version });
    if (!reply.ok) throw new Error(`${k}: subscribe since ${version}: ${JSON.stringify(reply)}`);
    const push = await c.waitFor((p) => p.campaign === campaign, 10000, { from: n, what: `${k}'s catch-up` });
    const context = `${k} back with since ${version} after commands ${from}-${i}`;
    // The server keeps 256 changes of every member who subscribed, while he is away too: a few are a patch.
    if (!('patch' in push)) problem(`${context}: a whole view, not a patch`);
    live[k] = c;
    offline = null;
    stats.reconnects += 1;
    checkClientProblems(context);
    const f = await freshOf(k, probe[k]);
    await compare(k, f, { at: `${i} (reconnect)`, command: context });
  };

  // --- the random commands ---
  const pickSome = (list, min) => {
    const out = list.filter(() => r.pick(3) !== 0);
    for (const x of list) if (out.length < min && !out.includes(x)) out.push(x);
    return out;
  };
  const colonelsView = () => own('umpire').year.colonels;
  const colonelOf = (k) => colonelsView()[String(uid(k))];

  const diaryBody = (col) => {
    const body = { activity: r.of(['supervise', 'socialise', 'business', 'politics']), text: `Diary ${r.pick(100000)}`, publish: r.pick(4) === 0 };
    if (col.regiment) {
      const companies = col.sheet?.companies ?? 10;
      const orders = {
        drill: r.pick(2) === 0, musketry: r.pick(3) === 0, manoeuvres: r.pick(6) === 0,
        maintained: r.pick(4) ? companies : r.pick(companies + 1), declared: r.pick(4) ? companies : r.pick(11),
        pay: r.of(['pay', 'pay', 'pay', 'arrears', 'pay_arrears']),
      };
      if (body.activity === 'supervise') {
        const paid = ['drill', 'musketry', 'manoeuvres'].filter((x) => orders[x]);
        if (!paid.length) { orders.drill = true; paid.push('drill'); }
        body.supervise = r.of(paid);
      }
      body.orders = orders;
    } else if (body.activity === 'supervise') body.activity = 'business';
    return body;
  };

  const yearMoves = () => {
    const y = own('umpire').year;
    const cands = [];
    const add = (w, k, type, body) => { for (let n = 0; n < w; n++) cands.push({ k, type, body }); };
    for (const k of PLAYERS) {
      const col = colonelOf(k);
      if (!col) { add(3, k, 'colonel.create', { name: NAMES[k], pip: r.pick(3) * 5, profile: { age: 25 + r.pick(30) } }); continue; }
      if (!col.objective || (col.objective.status !== 'approved' && r.pick(3) === 0)) {
        const kind = r.of(OBJECTIVES);
        add(2, k, 'objective.choose', kind === 'custom' ? { kind, text: `To see ${r.of(['Rome', 'Paris', 'Vienna'])}` } : { kind });
      }
      if (col.objective?.status === 'pending') add(1, 'umpire', 'objective.review', { colonel: uid(k), approve: r.pick(3) !== 0, note: 'Reviewed.' });
    }
    const lot = y.auction.lot;
    const withRegiment = PLAYERS.filter((k) => colonelOf(k)?.regiment);
    if (y.phase === 'setup') {
      if (!lot && withRegiment.length < 5 && y.auction.available.length) add(3, 'umpire', 'auction.open', { regiment: r.of(y.auction.available) });
      if (lot) {
        for (const k of PLAYERS) {
          const col = own(k).year.colonels[String(uid(k))];
          if (!col || col.regiment) continue;
          const least = Math.max(lot.reserve ?? 1, (lot.high?.amount ?? 0) + 1);
          add(2, k, 'auction.bid', { amount: Math.min(col.fortune + (r.pick(10) === 0 ? 1 : 0), least + r.pick(60)) });
        }
        add(lot.bids.length ? 3 : 1, 'umpire', 'auction.close', r.pick(5) ? { lot: lot.lot } : {});
      }
      if (!lot && withRegiment.length >= 3) add(withRegiment.length >= 5 ? 6 : 1, 'umpire', 'year.start', { year: '174-', month: 1 + r.pick(12) });
      return cands;
    }
    const turn = y.calendar.turn;
    for (const k of PLAYERS) {
      const col = own(k).year.colonels[String(uid(k))];
      if (!col) continue;
      add(col.diary?.turn === turn ? 1 : 3, k, 'diary.submit', diaryBody(col));
      if (!col.regiment && y.auction.available.length && y.auction.lowest_price !== null) add(1, k, 'regiment.buy', { regiment: r.of(y.auction.available) });
      if (r.pick(12) === 0) add(1, k, 'leave.declare', { from: turn + 1 + r.pick(2), months: 1 });
      if (r.pick(20) === 0) add(1, 'umpire', 'colonel.adjust', { colonel: uid(k), field: 'pip', value: 20 + r.pick(80), reason: 'The Duke remembers him.' });
      if (r.pick(30) === 0 && col.reports && Object.keys(col.reports).length) add(1, 'umpire', 'report.note', { colonel: uid(k), text: 'Noted.' });
    }
    // Now and then the rest of the year's commands: renames, the gazette, standing orders, leave taken back, the
    // umpire's powers over a colonel, house rules, a deadline far off (a week: no clock runs out in this test).
    const k = r.of(PLAYERS);
    const col = own(k).year.colonels[String(uid(k))];
    if (col) {
      switch (r.pick(12)) {
        case 0: add(1, k, 'colonel.update', { name: `${NAMES[k]} ${r.of(['the Elder', 'the Younger', ''])}`.trim(), profile: { age: 30 + r.pick(40), background: 'Fought at Dettingen.' } }); break;
        case 1: if (col.regiment) add(1, k, 'regiment.rename', { name: `The ${r.of(['Buffs', 'Greens', 'Blues'])}` }); break;
        case 2: add(1, k, 'diary.publish', { turn: Math.max(1, turn - r.pick(2)) }); break;
        case 3: add(1, k, 'diary.standing', r.pick(3) ? diaryBody(col) : { clear: true }); break;
        case 4: if (col.leave?.length) add(1, k, 'leave.cancel', { turn: r.of(col.leave) }); break;
        case 5: add(1, 'umpire', 'colonel.away', { colonel: uid(k), away: r.of(['expedition', 'sea', null, null]) }); break;
        case 6: if (col.regiment) add(1, 'umpire', 'regiment.losses', { colonel: uid(k), companies: 5 + r.pick(6), reason: 'Fever in camp.' }); break;
        case 7: add(1, 'umpire', 'rules.set', { settings: r.of([{ socialise_pip: r.pick(10) }, { colonel_fates: r.of(['expedition', 'all', 'none']) }, { committee_ties: r.of(['seniority', 'umpire']) }, { pip_price: 10 + r.pick(3) }]) }); break;
        case 8: add(1, 'umpire', 'month.set_deadline', { deadline: Date.now() + 7 * 86400000 + r.pick(86400000), reason: 'The post is slow.', turn }); break;
        case 9: add(1, 'umpire', y.calendar.paused ? 'month.resume' : 'month.pause', { reason: 'Winter quarters.' }); break;
        case 10: if (col.away === 'killed') add(3, k, 'colonel.succeed', { name: `${NAMES[k]}'s heir` }); break;
        default: add(1, 'umpire', 'colonel.handover', { colonel: uid(k), to: uid(r.of(PLAYERS)) }); break;
      }
    }
    const owing = y.console?.owing ?? [];
    const allIn = owing.every((u) => y.console.submitted?.[String(u)]);
    add(allIn ? 3 : 1, 'umpire', 'month.resolve', r.pick(6) ? { turn } : { turn: turn + 1 });
    if (y.console?.can_undo) add(1, 'umpire', 'month.undo', { reason: 'A letter came late.' });
    return cands;
  };

  const expeditionMoves = () => {
    const uv = own('umpire');
    const xs = uv.expeditions;
    const y = uv.year;
    const cands = [];
    const add = (w, k, type, body) => { for (let n = 0; n < w; n++) cands.push({ k, type, body }); };
    if (!xs.umpire.crisis || r.pick(10) === 0) add(1, 'umpire', 'crisis.roll', {});
    if (y.phase !== 'months') return cands;
    const list = Object.values(xs.list);
    const active = list.find((x) => x.status === 'briefed' || x.status === 'departed');
    const draft = xs.umpire.draft;
    if (!draft && !active) add(3, 'umpire', 'expedition.create', { generate: r.pick(8) !== 0 });
    if (draft) {
      if (draft.briefing.mission?.value == null) add(3, 'umpire', 'expedition.edit', { field: 'mission', value: r.of(MISSIONS) });
      if (r.pick(4) === 0) add(1, 'umpire', 'expedition.edit', { field: r.of(['months_out', 'months_back']), value: r.pick(2) });
      if (r.pick(6) === 0) add(1, 'umpire', 'expedition.edit', { field: r.of(['notes', 'enemy_numbers', 'disease_risk']), public: r.pick(2) === 0 });
      if (r.pick(10) === 0) add(1, 'umpire', 'expedition.generate', {});
      if (r.pick(25) === 0) add(1, 'umpire', 'expedition.discard', {});
      add(3, 'umpire', 'expedition.brief', {});
    }
    if (active?.status === 'briefed') {
      const x = active.id;
      const free = PLAYERS.filter((k) => { const c = colonelOf(k); return c?.regiment && c.away === null; });
      if (active.present.length < 2 || r.pick(8) === 0) add(active.present.length < 2 ? 4 : 1, 'umpire', 'committee.attendance', { expedition: x, present: pickSome(free, 2).map(uid) });
      const present = active.present.map(keyOf).filter(Boolean);
      const regiment = (k) => colonelOf(k)?.regiment;
      const open = active.motions.filter((m) => m.open);
      if (!open.length && active.motions.length < 3 && present.length >= 1) {
        const a = r.of(present);
        const rest = present.filter((k) => k !== a);
        const options = [{ label: `The ${regiment(a)}th alone`, regiments: [regiment(a)] },
          { label: 'A larger force', regiments: (rest.length ? pickSome(rest, 1) : [a]).map(regiment), commander: uid(r.of(present)) }];
        if (r.pick(3) === 0) options.push({ label: 'Nobody' });
        add(3, 'umpire', 'motion.put', { expedition: x, question: 'Which regiments go?', options });
      }
      for (const m of open) {
        for (const k of present) {
          const pip = own(k).year.colonels[String(uid(k))]?.pip ?? 0;
          add(2, k, 'motion.vote', { expedition: x, motion: m.id, pip: m.options.map(() => r.pick(Math.min(pip, 6) + 1)) });
        }
        const totals = m.tally?.totals ?? [];
        const best = Math.max(...totals);
        const tied = totals.map((v, n) => (v === best ? n : -1)).filter((n) => n >= 0);
        add(2, 'umpire', 'motion.close', tied.length > 1 || r.pick(8) === 0 ? { expedition: x, motion: m.id, tie_break: r.of(tied) ?? 0 } : { expedition: x, motion: m.id });
      }
      if (!open.length && !active.regiments.length && present.length) add(2, 'umpire', 'expedition.force', { expedition: x, regiments: pickSome(present, 1).map(regiment) });
      if (r.pick(10) === 0 && present.length) add(1, 'umpire', 'expedition.roles', { expedition: x, roles: { [uid(r.of(present))]: r.of(['artillery', 'cavalry', 'local_forces', 'naval', 'enemy', null]) } });
      if (!open.length && active.regiments.length) add(3, 'umpire', 'expedition.depart', { expedition: x, months_campaign: 1 + r.pick(2) });
    }
    if (active?.status === 'departed') {
      const x = active.id;
      const fought = expeditionBattles.get(x) ?? [];
      const ended = fought.every((b) => uv.battles[String(b)]?.status === 'ended');
      if (!fought.length || (ended && r.pick(6) === 0)) {
        add(fought.length ? 1 : 4, 'umpire', 'battle.create', {
          expedition: x, name: `The battle of expedition ${x}`, ruleset: 'oth',
          sides: [{ id: 'exp', name: 'The Expedition' }, { id: 'enemy', name: 'The Enemy' }],
          units: [{ side: 'enemy', name: 'Enemy Foot', troop_type: 'formed_infantry', position: [90, 30], facing: 180 },
            { side: 'enemy', name: 'Enemy Horse', troop_type: 'horse', position: [120, 30], facing: 180 }],
          leaders: [{ side: 'enemy', name: 'The Enemy General', position: [90, 25] }],
        });
      }
      const regiments = active.regiments;
      add(1, 'umpire', 'expedition.outcome', {
        expedition: x,
        outcome: { success: r.pick(2) === 0, outnumbered: r.pick(3) === 0, battles_won: r.pick(3), losses_percent: regiments.length ? { [r.of(regiments)]: r.pick(40) } : {} },
      });
      if (active.outcome) add(fought.length && ended ? 3 : 1, 'umpire', 'expedition.reckon', { expedition: x });
    }
    return cands;
  };

  const battleOf = (k, id) => own(k).battles?.[String(id)];
  const createBattle = () => {
    const fx = r.of(Object.values(BOOKS));
    const uv = own('umpire');
    const order = [...PLAYERS];
    for (let n = order.length - 1; n > 0; n--) { const m = r.pick(n + 1); [order[n], order[m]] = [order[m], order[n]]; }
    const scenarios = (uv.battle_scenarios ?? []).filter((s) => s.ruleset === fx.id);
    let body;
    if (scenarios.length && r.pick(3) === 0) {
      const sc = r.of(scenarios);
      const seats = {};
      (sc.battle.leaders ?? []).forEach((l, n) => { if (n < 3 || r.pick(2)) seats[l.name] = uid(order[n % order.length]); });
      body = { scenario: sc.id, name: `${sc.name} ${battlesCreated + 1}`, seats };
    } else {
      body = fx.create({ bob: { user: uid(order[0]) }, carol: { user: uid(order[1]) }, dave: { user: uid(order[2]) } });
      body.name = `${body.name} ${battlesCreated + 1}`;
      const col = colonelOf(order[3]);
      if (fx.id === 'oth' && col?.regiment && r.pick(2) === 0) body.from_regiments = [{ colonel: uid(order[3]), side: 'a', position: [150, 30] }];
    }
    if (r.pick(2) === 0) body.settings = { ...(body.settings ?? {}), auto_run: false };
    return { k: 'umpire', type: 'battle.create', body };
  };

  // A battle's command, as the random play of the books chooses it (tests/integration/lib/random_play/common.mjs).
  const battleMove = (b) => {
    const fx = BOOKS[b.ruleset];
    const turn = b.turn ?? 0;
    const body = { battle: b.id, turn: r.pick(6) === 0 ? turn + 1 : turn };
    const in_ = PLAYERS.filter((k) => (b.players ?? []).includes(uid(k)) && own(k).battles?.[String(b.id)]);
    switch (r.pick(10)) {
      case 0: case 1: case 2: case 3: {
        let k = in_.length ? r.of(in_) : r.of(PLAYERS);
        for (const p of in_) if (battleOf(p, b.id)?.hints?.may_act === true && r.pick(3) !== 0) k = p;
        if (r.pick(12) === 0) k = 'observer';
        const c = fx.item(r, battleOf(k, b.id) ?? {});
        return { k, type: c.type, body: { ...c.body, ...body } };
      }
      case 4: return { k: 'umpire', type: 'battle.close_turn', body };
      case 5: {
        if (in_.length < 2) return { k: 'umpire', type: 'battle.close_turn', body };
        const [a, z] = [r.of(in_), r.of(in_)];
        return { k: a, type: 'talk.say', body: { ...body, to: uid(z), text: `Talk ${++talkN}` } };
      }
      case 6: {
        const reason = `Reason ${++reasonN}`;
        const leaders = (b.leaders ?? []).filter((l) => l.user && in_.includes(keyOf(l.user)));
        if (leaders.length >= 2 && r.pick(4) === 0) {
          // Two players' leaders brought together, so that talk opens now and then.
          const [mover, to] = [r.of(leaders), r.of(leaders)];
          const x = to.position[0] + (to.position[0] + 1 <= fx.table[0] ? 1 : -1);
          return { k: 'umpire', type: 'battle.override', body: { ...body, what: 'move', reason, leader: mover.id, position: [x, to.position[1]] } };
        }
        if (!(b.units ?? []).length) return { k: 'umpire', type: 'battle.close_turn', body };
        Object.assign(body, { what: r.of(fx.overrides), reason, value: r.pick(10), fate: 'wounded', position: [r.pick(fx.table[0]), r.pick(fx.table[1])] });
        try {
          if (fx.overrideExtra) fx.overrideExtra(r, b, body);
        } catch { /* a battle without terrain: the book's extra fields left out */ }
        if (['leader', 'fate', 'act'].includes(body.what) && (b.leaders ?? []).length) body.leader = r.of(b.leaders).id;
        else body.unit = r.of(b.units).id;
        if (r.pick(3) === 0) delete body.turn;
        return { k: 'umpire', type: 'battle.override', body };
      }
      case 7: return { k: r.pick(10) === 0 ? r.of(PLAYERS) : 'umpire', type: 'battle.step', body: { ...body, step: r.pick(6) === 0 ? 'nonsense' : b.next_step } };
      case 8: {
        if (r.pick(turn >= 3 ? 3 : 15) === 0) return { k: 'umpire', type: 'battle.end', body: { battle: b.id } };
        return { k: 'umpire', type: 'battle.settings', body: { battle: b.id, settings: { auto_run: r.pick(2) === 0 } } };
      }
      default: return { k: 'observer', type: 'card.play', body: { battle: b.id, card: 'no_action', turn } };
    }
  };

  const battleMoves = () => {
    const uv = own('umpire');
    const all = Object.values(uv.battles ?? {});
    const going = all.filter((b) => b.status !== 'ended');
    const cands = [];
    if (going.length < 2 && battlesCreated < 8) cands.push(createBattle(), createBattle());
    for (const b of going) {
      if (b.status === 'setup') cands.push({ k: 'umpire', type: 'battle.start', body: { battle: b.id } }, { k: 'umpire', type: 'battle.start', body: { battle: b.id } });
      else for (let n = 0; n < 4; n++) cands.push(battleMove(b));
    }
    if (r.pick(20) === 0 && all.length) cands.push({ k: 'umpire', type: 'battle.save_scenario', body: { battle: r.of(all).id, name: 'Saved' } });
    // A raid carried on from an ended one (Border Reivers: names, herds and feuds carry).
    const done = all.filter((b) => b.status === 'ended' && b.ruleset === 'reivers');
    if (done.length && going.length < 2 && r.pick(4) === 0) {
      const b = r.of(done);
      cands.push({ k: 'umpire', type: 'battle.create', body: { name: `After ${b.name}`, ruleset: 'reivers', carry_from: b.id, sides: b.sides } });
    }
    // The set-up editor, and pieces placed or taken away during play (an override, with a reason).
    for (const b of going) {
      if (!(b.units ?? []).length || r.pick(4)) continue;
      const u = r.of(b.units);
      const reason = b.status === 'setup' ? undefined : `Placed ${++reasonN}`;
      cands.push(r.pick(4)
        ? { k: 'umpire', type: 'battle.place', body: { battle: b.id, unit: { id: u.id, position: [r.pick(BOOKS[b.ruleset].table[0]), r.pick(BOOKS[b.ruleset].table[1])] }, reason } }
        : { k: 'umpire', type: 'battle.remove', body: { battle: b.id, unit: u.id, reason } });
    }
    return cands;
  };

  const socialMove = () => {
    const k = r.of(MEMBERS);
    const uv = own('umpire');
    switch (r.pick(7)) {
      case 0: case 1: return { k, type: 'chat.say', body: { text: r.pick(15) ? `Huzzah ${r.pick(1000)}` : '' } };
      case 2: {
        // An answer to a notice (house rule notice_answers, which the umpire sets now and then), or a notice.
        if (r.pick(3) === 0) return { k, type: 'notice.answer', body: { notice: 1 + r.pick(3), text: `Answer ${r.pick(1000)}` } };
        if (r.pick(8) === 0) return { k: 'umpire', type: 'rules.set', body: { settings: { notice_answers: r.pick(2) === 0 } } };
        return { k: r.pick(3) ? 'umpire' : k, type: 'notice.post', body: { text: `Notice ${r.pick(1000)}`, private: r.pick(2) === 0 } };
      }
      case 3: case 4: return {
        k: r.pick(2) ? 'umpire' : k, type: 'dice.roll',
        body: { dice: r.of(['2d6', 'd10', 'dAv', '3d6', 'd6', '21d6', 'two dice']), reason: 'For the weather', private: r.pick(2) === 0 },
      };
      case 5: return { k: r.pick(4) ? 'umpire' : k, type: 'campaign.invite', body: { role: r.of(['player', 'observer', 'umpire', 'king']) } };
      default: {
        const codes = Object.keys(uv.invites ?? {});
        return { k: r.pick(4) ? 'umpire' : k, type: 'campaign.revoke_invite', body: { code: codes.length && r.pick(4) ? r.of(codes) : 'NOSUCHCODE' } };
      }
    }
  };

  const junkMove = () => {
    const k = r.of(MEMBERS);
    return r.of([
      { k, type: 'nonsense.command', body: {} },
      { k: r.of(PLAYERS), type: 'year.start', body: { year: '1745', month: 3 } },
      { k: r.of(PLAYERS), type: 'month.resolve', body: {} },
      { k: 'observer', type: 'diary.submit', body: { activity: 'business' } },
      { k: 'observer', type: 'colonel.create', body: { name: 'Nobody' } },
      { k: r.of(PLAYERS), type: 'expedition.brief', body: {} },
      { k: r.of(PLAYERS), type: 'crisis.roll', body: {} },
      { k: 'umpire', type: 'battle.create', body: { name: 'No sides', sides: [] } },
      { k: 'umpire', type: 'auction.bid', body: { amount: 10 } },
      { k, type: 'motion.vote', body: { expedition: 99, motion: 1, pip: [1, 2] } },
      { k: 'umpire', type: 'battle.start', body: { battle: 424242 } },
      { k, type: 'chat.say', body: { text: 'x'.repeat(2001) } },
    ]);
  };

  const outsiderMove = () => {
    const b = Object.keys(own('umpire').battles ?? {})[0] ?? 1;
    return {
      k: 'outsider',
      ...r.of([
        { type: 'campaign.subscribe', body: {} },
        { type: 'campaign.subscribe', body: { since: fresh.umpire.version } },
        { type: 'chat.say', body: { text: 'Let me in' } },
        { type: 'dice.roll', body: { dice: '2d6' } },
        { type: 'notice.post', body: { text: 'Hear ye' } },
        { type: 'colonel.create', body: { name: 'Interloper' } },
        { type: 'diary.submit', body: { activity: 'business' } },
        { type: 'auction.bid', body: { amount: 5 } },
        { type: 'campaign.invite', body: { role: 'player' } },
        { type: 'expedition.create', body: { generate: true } },
        { type: 'motion.vote', body: { expedition: 1, motion: 1, pip: [1, 0] } },
        { type: 'battle.create', body: oth.create({ bob: { user: uid('c1') }, carol: { user: uid('c2') }, dave: { user: uid('c3') } }) },
        { type: 'card.play', body: { battle: Number(b), turn: 1, card: 'no_action' } },
        { type: 'talk.say', body: { battle: Number(b), turn: 1, to: uid('c1'), text: 'psst' } },
        { type: 'campaign.close', body: {} },
      ]),
    };
  };

  const next = () => {
    const setup = own('umpire').year.phase === 'setup';
    const roll = r.pick(100);
    let cands = [];
    if (roll < 5) return outsiderMove();
    if (roll < 15) return socialMove();
    if (roll < 20) return junkMove();
    const area = r.pick(100);
    // Setup: mostly the year (to reach the months); then the year, the expeditions and the battles.
    if (setup ? area < 70 : area < 25) cands = yearMoves();
    else if (!setup && area < 65) cands = expeditionMoves();
    if (!cands.length) cands = battleMoves();
    if (!cands.length) cands = yearMoves();
    return cands.length ? r.of(cands) : socialMove();
  };

  try {
    // --- the table: members, each with a live socket subscribed once and a probe; the outsider ---
    for (const k of [...MEMBERS, 'outsider']) users[k] = await newUser(server, uniqueName(`lv${k}`));
    live.umpire = await connect(server, users.umpire.cookie);
    campaign = (await live.umpire.ok('campaign.create', { name: 'Live views' })).campaign;
    const codes = {};
    for (const role of ['player', 'observer']) codes[role] = (await live.umpire.ok('campaign.invite', { campaign, role })).code;
    for (const k of [...PLAYERS, 'observer']) {
      live[k] = await connect(server, users[k].cookie);
      await live[k].ok('campaign.join', { code: k === 'observer' ? codes.observer : codes.player });
    }
    for (const k of MEMBERS) {
      assert.equal((await live[k].subscribe(campaign)).reply.ok, true);
      probe[k] = await connect(server, users[k].cookie);
    }
    outsider = await connect(server, users.outsider.cookie);
    const first = await freshViews(false);
    for (const k of MEMBERS) {
      fresh[k] = first[k];
      await compare(k, first[k], { at: 0, command: 'the first subscribe' });
    }

    for (let i = 0; i < COMMANDS; i++) {
      if (offline && offline.back === i) await reconnect(i);
      else if (!offline && i >= 3 && r.pick(15) === 0) await disconnect(i);
      const cmd = next();
      const reply = await exec(i, cmd);
      if (reply.ok && cmd.type === 'battle.create') {
        stats.battles += 1;
        battlesCreated += 1;
        if (cmd.body.expedition) {
          stats.expeditionBattles += 1;
          stats.firstExpeditionBattle ??= i + 1;
          expeditionBattles.set(cmd.body.expedition, [...(expeditionBattles.get(cmd.body.expedition) ?? []), reply.body.battle]);
        }
      }
    }
    if (offline) await reconnect(COMMANDS);
    // The end of the campaign: the seed revealed in every view; then nothing more is taken.
    await exec(COMMANDS, { k: 'umpire', type: 'campaign.close', body: {} });
    await exec(COMMANDS + 1, { k: r.of(MEMBERS), type: 'chat.say', body: { text: 'After the end' } });
  } finally {
    for (const [, c] of outsider ? sockets() : []) await c.close().catch(() => {});
    await server.cleanup();
  }

  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const uv = fresh.umpire.view;
  const reached = {
    phase: uv.year.phase, turn: uv.year.calendar.turn, colonels: Object.keys(uv.year.colonels).length,
    regiments: uv.year.regiments.length, expeditions: Object.values(uv.expeditions.list).map((x) => `${x.id}:${x.status}`),
    battles: Object.values(uv.battles).map((b) => `${b.id}:${b.ruleset}:${b.status}:t${b.turn}`),
  };
  t.diagnostic(`seed ${SEED}: ${stats.commands} commands (accepted ${stats.accepted}, refused ${stats.refused}) in ${secs} s; `
    + `${stats.comparisons} comparisons of a live view with a fresh one (${stats.newSockets} new sockets, whole views ${(stats.viewBytes / 1048576).toFixed(1)} MiB), `
    + `${stats.reconnects} reconnects with since, ${stats.outsider} outsider commands; battles ${stats.battles} (on an expedition ${stats.expeditionBattles}, the first at command ${stats.firstExpeditionBattle}); `
    + `${stats.unchangedNoPush} views an accepted command left alone, and no push for them`);
  t.diagnostic(`reached ${JSON.stringify(reached)}`);
  t.diagnostic(`commands ${JSON.stringify(stats.byType)}; refused ${JSON.stringify(stats.refusedCodes)}`);
  const kinds = new Map();
  for (const m of mismatches) {
    const key = m.paths.map((p) => shape(p.path)).join(' ');
    if (!kinds.has(key)) kinds.set(key, { first: m, count: 0, members: new Set() });
    kinds.get(key).count += 1;
    kinds.get(key).members.add(m.member);
  }
  const described = [...kinds.values()].map(({ first, count, members }) => `${count}x (members ${[...members].join(', ')}), first at command ${first.at}: ${first.command}\n`
    + first.paths.map((p) => `    ${p.path}: live ${p.live}, fresh ${p.fresh}`).join('\n'));
  for (const d of described) t.diagnostic(`MISMATCH ${d}`);
  const again = `MUSTER_LIVE_VIEWS_SEED=${SEED} MUSTER_LIVE_VIEWS_COMMANDS=${COMMANDS} node --test tests/integration/live_views.test.mjs`;
  assert.deepEqual(problems, [], `protocol problems (again: ${again})`);
  assert.equal(mismatches.length, 0, `${mismatches.length} live view(s) differed from a fresh subscription, ${kinds.size} kind(s) (again: ${again}):\n${described.join('\n')}`);
  // The run reached what it is about.
  assert.equal(reached.phase, 'months', 'the year started');
  assert.ok(stats.expeditionBattles > 0, 'a battle was fought on an expedition');
  assert.ok(stats.reconnects > 0, 'a socket came back with since');
});

// The mismatches the random run found, each as its smallest reproduction on a small table (lib/small_table.mjs),
// so that each is checked on every run, whatever the seed reaches.
test('reproductions of the mismatches the random run found', async (t) => {
  const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
  try {
    await t.test('a battle created on an expedition is in the expedition\'s battles (expeditions.list.<n>.battles)', async () => {
      await withSmallTable(server, 'xb', async (x) => {
        await x.step('A', 'colonel.create', { name: 'Kemp' });
        await x.step('U', 'auction.open', { regiment: 7 });
        await x.step('A', 'auction.bid', { amount: 10 });
        await x.step('U', 'auction.close', {});
        await x.step('U', 'year.start', { year: '1745', month: 3 });
        await x.step('U', 'expedition.create', { generate: true });
        await x.step('U', 'expedition.brief', {});
        await x.step('U', 'committee.attendance', { expedition: 1, present: [x.uid('A')] });
        await x.step('U', 'expedition.force', { expedition: 1, regiments: [7] });
        await x.step('U', 'expedition.depart', { expedition: 1 });
        await x.step('U', 'battle.create', { expedition: 1, name: 'Fontenoy', sides: [{ id: 'exp', name: 'Expedition' }, { id: 'enemy', name: 'Enemy' }] });
      });
    });

    await t.test('an earlier reveal line\'s cards, after a unit they name is concealed (battle.override conceal)', async () => {
      await withSmallTable(server, 'cc', async (x) => {
        await x.step('U', 'battle.create', duel(x.uid, false));
        await x.step('U', 'battle.start', { battle: 1 });
        await x.step('A', 'card.play', { battle: 1, turn: 1, card: 'order.fire', unit: 1 });
        await x.step('B', 'card.play', { battle: 1, turn: 1, card: 'no_action' });
        await x.step('U', 'battle.override', { battle: 1, what: 'conceal', unit: 1, reason: 'Into the corn' });
      });
    });

    await t.test('an earlier reveal line\'s cards, after a concealed leader is revealed (battle.override reveal)', async () => {
      await withSmallTable(server, 'rc', async (x) => {
        await x.step('U', 'battle.create', duel(x.uid, true));
        await x.step('U', 'battle.start', { battle: 1 });
        await x.step('A', 'card.play', { battle: 1, turn: 1, card: 'no_action' });
        await x.step('B', 'card.play', { battle: 1, turn: 1, card: 'no_action' });
        const leader = x.live.U.view(x.campaign).battles['1'].leaders.find((l) => l.user === x.uid('B')).id;
        await x.step('U', 'battle.override', { battle: 1, what: 'reveal', leader, reason: 'Seen on the skyline' });
      });
    });

    await t.test('a member away after 256 changes of his view comes back with since to a patch, his version one on', async () => {
      // docs/protocol.md, campaign.subscribe: "The server keeps the patches of every member who subscribed, while he
      // is away too (until he has missed 256 changes)"; "Views and versions": the version "goes up by one each time his
      // view of the campaign changes, and only then".
      await withSmallTable(server, 'lg', async (x) => {
        for (let i = 0; i < 256; i++) await x.live.U.ok('chat.say', { campaign: x.campaign, text: `Line ${i}` });
        await x.live.A.caughtUp(x.campaign);
        const version = x.live.A.version(x.campaign);
        const view = structuredClone(x.live.A.view(x.campaign));
        await x.live.A.close();
        await x.live.U.ok('chat.say', { campaign: x.campaign, text: 'While A is away' });
        const back = await connect(server, x.users.A.cookie, { seedViews: new Map([[x.campaign, { version, view }]]) });
        x.live.A = back;
        const { push } = await back.subscribe(x.campaign, { since: version });
        assert.ok('patch' in push, `a patch, not a whole view, for a member who missed one change (since ${version}, now ${push.version})`);
        assert.equal(push.version, version + 1, 'one change: the version one on');
        assert.deepEqual(await x.differences(), {});
      });
    });
  } finally {
    await server.cleanup();
  }
});
