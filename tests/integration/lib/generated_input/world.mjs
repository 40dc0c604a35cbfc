// The world the generated-input test (tests/integration/generated_input.test.mjs) sends into: one server, the users
// and their sockets, and campaigns built to the state each command needs (a year under way, an expedition before
// its committee, a battle of each book).
import assert from 'node:assert/strict';
import { startServer } from '../server.mjs';
import { connect, newUser } from '../client.mjs';

export const REPLY_MS = 10000; // per frame

// --- The world: users, one watching socket each (subscribed to every campaign it is in), sending sockets per worker ---
export let server;
export const W = { users: {}, watch: {}, send: [], stranger: null, strangerCampaign: null };
export const KEYS = ['U', 'A', 'B', 'C', 'O', 'D']; // D: creates campaigns (campaign.create), a member of nothing else
let frameNo = 0;
/** A fresh number, for a text that must differ from the last. */
export function nextNumber() { frameNo += 1; return frameNo; }
let built = 0; // campaigns built

export function short(x, n = 160) { const s = typeof x === 'string' ? x : JSON.stringify(x); return s.length > n ? `${s.slice(0, n)}...` : s; }

/**
 * Sends one command frame and resolves with its reply: the frame with its id, or one with `"reply": null` (the
 * server's answer to a frame it cannot read at all: a number or string JSON allows but it will not hold).
 */
export async function sendFrame(client, type, bodyText, timeoutMs = REPLY_MS) {
  frameNo += 1;
  const id = `g${frameNo}`;
  const from = client.messages.length;
  const p = client.until(() => {
    for (let i = from; i < client.messages.length; i++) {
      const m = client.messages[i];
      if (m && typeof m === 'object' && 'reply' in m && (m.reply === id || m.reply === null)) return m;
    }
    return undefined;
  }, timeoutMs, `the reply to ${id}`);
  const text = bodyText === undefined ? `{"id":"${id}","type":${JSON.stringify(type)}}`
    : `{"id":"${id}","type":${JSON.stringify(type)},"body":${bodyText}}`;
  client.sendRaw(text);
  return p;
}

/** Every push committed before this call has reached `client` (the server answers frames on a socket in order). */
export async function barrier(client) {
  const r = await sendFrame(client, 'generated_input.barrier', '{}', REPLY_MS);
  assert.equal(r.error?.code, 'unknown_command', `the barrier frame: ${short(r)}`);
}

export async function ok(client, type, body) {
  const r = await client.send(type, body, { timeoutMs: REPLY_MS });
  if (r.ok !== true) throw new Error(`set-up: ${type} ${short(body, 300)} refused: ${short(r, 300)}`);
  return r.body;
}
export async function tryOk(client, type, body) { return client.send(type, body, { timeoutMs: REPLY_MS }); }

/** The server, the users and their sockets: a watching socket each, and `workers` sets of sending sockets. */
export async function openWorld(workers) {
  server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
  for (const [k, name] of [['U', 'gi_umpire'], ['A', 'gi_player_a'], ['B', 'gi_player_b'], ['C', 'gi_player_c'], ['O', 'gi_observer'], ['D', 'gi_founder'], ['S', 'gi_stranger']]) {
    W.users[k] = await newUser(server, name);
  }
  for (const k of KEYS) W.watch[k] = await connect(server, W.users[k].cookie);
  for (let w = 0; w < workers; w++) {
    W.send[w] = {};
    for (const k of KEYS) W.send[w][k] = await connect(server, W.users[k].cookie);
  }
  W.stranger = await connect(server, W.users.S.cookie);
  W.strangerCampaign = (await ok(W.stranger, 'campaign.create', { name: 'Not yours' })).campaign;
  assert.equal((await W.stranger.subscribe(W.strangerCampaign)).reply.ok, true);
  W.strangerView = structuredClone({ version: W.stranger.version(W.strangerCampaign), view: W.stranger.view(W.strangerCampaign) });
}


export async function closeWorld() {
  // A server that died under the inputs says how, before the sockets' own complaints are read.
  assert.ok(server?.exit == null, `the server exited during the run: ${JSON.stringify(server?.exit)}\n${server?.stderr.slice(-3000)}`);
  // A handler that threw is logged and survived (server/main.cpp; a campaign's, Hub::handle_failed), but it is a
  // defect all the same.
  assert.doesNotMatch(server?.stderr ?? '', /a handler failed|muster: campaign \d+: \S+ failed:/, 'the server\'s log');
  for (const c of [...Object.values(W.watch), ...W.send.flatMap((s) => Object.values(s)), W.stranger]) await c?.close().catch(() => {});
  await server?.cleanup();
}

// --- Contexts: a campaign, its members (each watching), and what the command needs ----------------------------------
export const uid = (k) => W.users[k].user;
export const uview = (ctx) => W.watch.U.view(ctx.campaign);
export const S = (ctx, k) => W.send[ctx.worker][k];

/** A campaign: the umpire U, players, an observer; each member's watching socket subscribed. */
export async function table(worker, { players = ['A', 'B', 'C'], observers = ['O'] } = {}) {
  built += 1;
  const s = W.send[worker];
  const campaign = (await ok(s.U, 'campaign.create', { name: `Generated ${built}` })).campaign;
  const codes = {};
  if (players.length) codes.player = (await ok(s.U, 'campaign.invite', { campaign, role: 'player' })).code;
  if (observers.length) codes.observer = (await ok(s.U, 'campaign.invite', { campaign, role: 'observer' })).code;
  for (const k of players) await ok(s[k], 'campaign.join', { code: codes.player });
  for (const k of observers) await ok(s[k], 'campaign.join', { code: codes.observer });
  const members = ['U', ...players, ...observers];
  for (const k of members) {
    const r = await W.watch[k].subscribe(campaign);
    assert.equal(r.reply.ok, true, `subscribe ${k}: ${short(r.reply)}`);
  }
  return { worker, campaign, members, codes, data: {}, accepted: 0 };
}
/** The umpire's view (which bases and set-ups read) holds everything committed so far. */
export async function synced(ctx) {
  await barrier(W.watch.U);
  return ctx;
}

export async function colonels(ctx, who = { A: { pip: 10 }, B: {} }) {
  for (const [k, extra] of Object.entries(who)) await ok(S(ctx, k), 'colonel.create', { campaign: ctx.campaign, name: `Colonel ${k}`, ...extra });
  return synced(ctx);
}
export async function regiments(ctx, map = { A: 7, B: 12 }) {
  for (const [k, regiment] of Object.entries(map)) {
    await ok(S(ctx, 'U'), 'auction.open', { campaign: ctx.campaign, regiment });
    await ok(S(ctx, k), 'auction.bid', { campaign: ctx.campaign, amount: 50 });
    await ok(S(ctx, 'U'), 'auction.close', { campaign: ctx.campaign });
  }
  return synced(ctx);
}
export async function startYear(ctx) { await ok(S(ctx, 'U'), 'year.start', { campaign: ctx.campaign, year: '1744', month: 3 }); return synced(ctx); }
/** The year running: A and B colonels with regiments 7 and 12, C a colonel too (15) unless told otherwise. */
export async function months(worker, { third = true, rules } = {}) {
  const ctx = await table(worker);
  if (rules) await ok(S(ctx, 'U'), 'rules.set', { campaign: ctx.campaign, settings: rules });
  await colonels(ctx, third ? { A: { pip: 10 }, B: {}, C: {} } : { A: { pip: 10 }, B: {} });
  await regiments(ctx, third ? { A: 7, B: 12, C: 15 } : { A: 7, B: 12 });
  return startYear(ctx);
}
export const turnOf = (ctx) => uview(ctx).year.calendar.turn;
export const diaryBody = (ctx) => ({
  campaign: ctx.campaign, colonel: uid('A'), activity: 'supervise', supervise: 'drill',
  orders: { drill: true, musketry: false, manoeuvres: false, maintained: 10, declared: 10, pay: 'pay' }, text: 'A fine month.', publish: false,
});

// Expeditions.
export async function expeditionDraft(ctx) {
  await ok(S(ctx, 'U'), 'expedition.create', { campaign: ctx.campaign, generate: true });
  for (const [field, value] of [['mission', 'raid_european'], ['region', 'Mainland France'], ['months_out', 0], ['months_back', 0]]) {
    await ok(S(ctx, 'U'), 'expedition.edit', { campaign: ctx.campaign, field, value });
  }
}
export async function briefed(worker, { rules = { starting_money: 5000, pip_price: 1 } } = {}) {
  const ctx = await months(worker, { rules });
  await expeditionDraft(ctx);
  ctx.data.expedition = (await ok(S(ctx, 'U'), 'expedition.brief', { campaign: ctx.campaign })).expedition;
  await ok(S(ctx, 'U'), 'committee.attendance', { campaign: ctx.campaign, expedition: ctx.data.expedition, present: [uid('A'), uid('B'), uid('C')] });
  return synced(ctx);
}
export async function putMotion(ctx) {
  ctx.data.motion = (await ok(S(ctx, 'U'), 'motion.put', { campaign: ctx.campaign, expedition: ctx.data.expedition, question: 'Which regiment goes?',
    options: [{ label: 'The 7th', regiments: [7] }, { label: 'The 12th', regiments: [12] }] })).motion;
}
export async function forced(worker) {
  const ctx = await briefed(worker);
  await ok(S(ctx, 'U'), 'expedition.force', { campaign: ctx.campaign, expedition: ctx.data.expedition, regiments: [7, 12] });
  return ctx;
}
export async function departed(worker) {
  const ctx = await forced(worker);
  await ok(S(ctx, 'U'), 'expedition.depart', { campaign: ctx.campaign, expedition: ctx.data.expedition });
  return synced(ctx);
}

// Battles: one of each book, as the book's own tests set them up.
export const SIDES = (a, b) => [{ id: a, name: a[0].toUpperCase() + a.slice(1) }, { id: b, name: b[0].toUpperCase() + b.slice(1) }];
export const OTH = { leaderA: 11, leaderB: 12, unitA: 1, unitB: 2 };
export function othBody(ctx, extra = {}) {
  return {
    campaign: ctx.campaign, name: 'Prestonpans', ruleset: 'oth', table: { width: 180, depth: 120, measure: 'cm' },
    sides: SIDES('british', 'french'),
    leaders: [
      { id: OTH.leaderA, user: uid('A'), side: 'british', name: 'Kemp', position: [50, 50] },
      { id: OTH.leaderB, user: uid('B'), side: 'french', name: 'Dartois', position: [53, 50] },
    ],
    units: [
      { id: OTH.unitA, side: 'british', owner: uid('A'), name: '33rd Foot', troop_type: 'formed_infantry', position: [50, 50], facing: 0, values: { drill: 3, musketry: 3, effectiveness: 3 } },
      { id: OTH.unitB, side: 'french', owner: uid('B'), name: 'Picardie', troop_type: 'formed_infantry', position: [60, 100], facing: 180, values: { drill: 2, musketry: 2, effectiveness: 2 } },
    ],
    terrain: [{ id: 1, kind: 'wood', name: 'Long Wood', shape: 'circle', centre: [150, 30], radius: 10 }],
    ...extra,
  };
}
export const RV = { heidA: 11, heidB: 21, nameA: 101, nameB: 201, marsh: 1, wood: 2 };
export function reiversBody(ctx) {
  return {
    campaign: ctx.campaign, name: 'Kershope', ruleset: 'reivers', table: { width: 1500, depth: 1000, measure: 'paces' },
    sides: SIDES('scots', 'english'),
    terrain: [
      { id: RV.marsh, kind: 'marsh', name: 'Tarras Moss', shape: 'circle', centre: [400, 150], radius: 60 },
      { id: RV.wood, kind: 'wood', name: 'Kershope Wood', shape: 'circle', centre: [860, 500], radius: 110 },
    ],
    leaders: [
      { id: RV.heidA, user: uid('A'), side: 'scots', name: 'Wat Scott', position: [600, 500], values: { fyrebrand: 1, craft: 'good' } },
      { id: RV.heidB, user: uid('B'), side: 'english', name: 'Musgrave', position: [1300, 800], values: { fyrebrand: 3, craft: 'average' } },
    ],
    units: [
      { id: RV.nameA, side: 'scots', owner: uid('A'), name: 'Harden\'s riders', troop_type: 'rider', position: [600, 500], values: { heidman: RV.heidA } },
      { id: RV.nameB, side: 'english', owner: uid('B'), name: 'Musgrave\'s lances', troop_type: 'rider', position: [1300, 800], values: { heidman: RV.heidB } },
    ],
  };
}
export const CM = { picton: 31, reille: 41, guards: 1101, rifles: 1102, ligne: 2101 };
export function cmwdBody(ctx) {
  return {
    campaign: ctx.campaign, name: 'Sorauren', ruleset: 'cmwd', table: { width: 180, depth: 120, measure: 'cm' },
    sides: SIDES('british', 'french'),
    leaders: [
      { id: CM.picton, side: 'british', name: 'Picton', user: uid('A'), position: [20, 10], values: { brigade: 'maitland', commander: true } },
      { id: CM.reille, side: 'french', name: 'Reille', user: uid('B'), position: [30, 110], values: { brigade: 'foy', commander: true } },
    ],
    units: [
      { id: CM.guards, side: 'british', name: 'Guards', troop_type: 'infantry', position: [30, 50], facing: 0, values: { brigade: 'maitland', school: 'dutch' } },
      { id: CM.rifles, side: 'british', name: '52nd', troop_type: 'infantry', position: [60, 30], facing: 0, values: { brigade: 'maitland', school: 'a_prest' } },
      { id: CM.ligne, side: 'french', name: '45e', troop_type: 'infantry', position: [30, 56], facing: 180, values: { brigade: 'foy', school: 'a_prest' } },
    ],
    settings: { tempo_dice: 0, tempo_bonus: 4 },
  };
}
export const LF = { cinc: 31, greene: 41, fusiliers: 101, foot: 102, militia: 201, guns: 202 };
export function lfasBody(ctx) {
  return {
    campaign: ctx.campaign, name: 'Guilford', ruleset: 'lfas', table: { width: 72, depth: 48, measure: 'inches' },
    sides: SIDES('british', 'americans'),
    leaders: [
      { id: LF.cinc, side: 'british', name: 'Cornwallis', user: uid('A'), position: [30, 8], values: { role: 'c_in_c' } },
      { id: LF.greene, side: 'americans', name: 'Greene', user: uid('B'), position: [40, 46], values: { role: 'c_in_c' } },
    ],
    units: [
      { id: LF.fusiliers, side: 'british', name: '23rd Foot', troop_type: 'infantry', position: [20, 12], facing: 0, values: { class: 2, kind: 'regular', regular: true } },
      { id: LF.foot, side: 'british', name: '33rd Foot', troop_type: 'infantry', position: [30, 12], facing: 0, values: { class: 2, kind: 'regular', regular: true } },
      { id: LF.militia, side: 'americans', name: 'NC Militia', troop_type: 'infantry', position: [20, 18], facing: 180, values: { class: 4, kind: 'militia' } },
      { id: LF.guns, side: 'americans', name: 'Artillery', troop_type: 'artillery', position: [40, 40], facing: 180, values: { class: 3, gun: 'field' } },
    ],
  };
}
export const BODIES = { oth: othBody, reivers: reiversBody, cmwd: cmwdBody, lfas: lfasBody };
export const bview = (ctx) => uview(ctx).battles[String(ctx.data.battle)];
export const bturn = (ctx) => bview(ctx).turn;

/** A battle of `book` in ctx (a table made when none is given): created, and started unless `setup`. */
export async function battle(worker, book, { setup = false, ctx, settings } = {}) {
  ctx = ctx ?? await table(worker);
  const body = BODIES[book](ctx);
  if (settings) body.settings = { ...(body.settings ?? {}), ...settings };
  ctx.data.battle = (await ok(S(ctx, 'U'), 'battle.create', body)).battle;
  ctx.data.book = book;
  if (!setup) await ok(S(ctx, 'U'), 'battle.start', { campaign: ctx.campaign, battle: ctx.data.battle });
  await barrier(W.watch.U); // the umpire's view (where bases read the turn) has the battle as it is now
  return ctx;
}
export const inBattle = (ctx, extra) => ({ campaign: ctx.campaign, battle: ctx.data.battle, ...extra });
export const atTurn = (ctx, extra) => inBattle(ctx, { turn: bturn(ctx), ...extra });
/** A cmwd battle in the British first stage: both bids in, the British have the tempo. */
export async function cmwdFirstStage(worker, ctx) {
  ctx = await battle(worker, 'cmwd', { ctx });
  for (const [side, points] of [['british', 9], ['french', 6]]) {
    await ok(S(ctx, 'U'), 'battle.override', inBattle(ctx, { what: 'tempo', side, points, reason: 'the scenario' }));
  }
  await ok(S(ctx, 'A'), 'battle.submit', atTurn(ctx, { bid: 3 }));
  await ok(S(ctx, 'B'), 'battle.submit', atTurn(ctx, { bid: 1 }));
  await barrier(W.watch.U);
  return ctx;
}
/** An Over the Hill battle in turn 2 with a talk channel open between A and B. */
export async function othTalking(worker) {
  const ctx = await battle(worker, 'oth');
  await ok(S(ctx, 'A'), 'card.play', atTurn(ctx, { card: 'talk', leader: OTH.leaderB }));
  await ok(S(ctx, 'B'), 'card.play', atTurn(ctx, { card: 'no_action' }));
  await barrier(W.watch.U);
  return ctx;
}
/** A colonel (A's) killed in battle, so that a successor may be raised. */
export async function killColonelA(ctx) {
  const b = (await ok(S(ctx, 'U'), 'battle.create', {
    campaign: ctx.campaign, name: 'Skirmish', sides: SIDES('british', 'french'),
    leaders: [{ user: uid('A'), side: 'british', name: 'Kemp', position: [10, 10] }],
  })).battle;
  await ok(S(ctx, 'U'), 'battle.start', { campaign: ctx.campaign, battle: b });
  await barrier(W.watch.U);
  const lid = uview(ctx).battles[String(b)].leaders.find((l) => l.user === uid('A')).id;
  await ok(S(ctx, 'U'), 'battle.override', { campaign: ctx.campaign, battle: b, what: 'leader', leader: lid, fate: 'killed', reason: 'a ball' });
  await ok(S(ctx, 'U'), 'battle.end', { campaign: ctx.campaign, battle: b });
}
