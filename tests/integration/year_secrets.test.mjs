// Hidden information in the campaign year over real WebSockets (DESIGN.md, "Hidden information";
// docs/protocol.md, "The year's view"): a colonel's objective, fortune, PIP, diary orders, companies really
// maintained, arrears, month report and unpublished diary text reach that player and the umpires only;
// auction bids and published diaries are public.
//
// An umpire, two players (A and B) and an observer play one campaign from setup through one resolved month.
// Every secret carries a unique marker: a text marker, or a number no public value can equal (the house
// rules are set to odd prices, so fortunes, PIP, costs and arrears are six- or four-digit numbers nobody else
// has). Every raw frame each socket receives is searched for every marker of the other colonel, and every
// push is also checked structurally: no view or patch op ever carries another colonel's private keys or the
// umpire's console. Sockets that subscribe late (a full view, or a patch from `since`) are checked too.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer } from './lib/server.mjs';
import { connect, newUser } from './lib/client.mjs';

const SEC = 1000;
const hex = () => randomBytes(6).toString('hex');

// House rules (public) chosen so that every secret number below is unique.
const RULES = {
  starting_money: 947213, pip_price: 7, wage: 1379, government_pay: 2417,
  drill_cost: 4391, musketry_cost: 5827, manoeuvres_cost: 6733,
};
const A_PIP = 3119; // costs 21833: fortune 925380
const B_PIP = 2861; // costs 20027: fortune 927186
const A_START = RULES.starting_money - A_PIP * RULES.pip_price;
const B_START = RULES.starting_money - B_PIP * RULES.pip_price;
// The auction (public): lot 1, regiment 7: A 1203, B 1288, A 1346 (A wins); lot 2, regiment 12: B 1117.
const A_PRICE = 1346;
const B_PRICE = 1117;
const A_AFTER_AUCTION = A_START - A_PRICE; // 924034
const B_AFTER_AUCTION = B_START - B_PRICE; // 926069
// A's orders: drill and manoeuvres, 7 companies maintained, 9 declared, the men left in arrears;
// A supervises manoeuvres. B's: drill and musketry, 6 maintained, 8 declared, paid; B socialises.
const A_ORDERS = { drill: true, musketry: false, manoeuvres: true, maintained: 7, declared: 9, pay: 'arrears' };
const B_ORDERS = { drill: true, musketry: true, manoeuvres: false, maintained: 6, declared: 8, pay: 'pay' };
const ALLOWANCE = 2 * RULES.government_pay; // the same for both: not a marker
const A_INCOME = 9 * RULES.government_pay + ALLOWANCE; // 26587
const B_INCOME = 8 * RULES.government_pay + ALLOWANCE; // 24170
const A_IMPROVEMENTS = RULES.drill_cost + RULES.manoeuvres_cost; // 11124
const B_IMPROVEMENTS = RULES.drill_cost + RULES.musketry_cost; // 10218
const A_ARREARS = 7 * RULES.wage; // 9653
const B_WAGES = 6 * RULES.wage; // 8274
const A_END = A_AFTER_AUCTION + A_INCOME - A_IMPROVEMENTS; // 939497
const B_END = B_AFTER_AUCTION + B_INCOME - B_WAGES - B_IMPROVEMENTS; // 931747
const A_PIP_END = A_PIP - 10; // the only colonel present not socialising
const B_PIP_END = B_PIP + 5; // socialising

const TEXT = {
  aObjective: `OBJ-A-${hex()}`, aReview: `REVIEW-A-${hex()}`,
  bObjective: `OBJ-B-${hex()}`, bReview: `REVIEW-B-${hex()}`,
  aDiary: `DIARY-A-${hex()}`, bDiary: `DIARY-B-${hex()}`,
  aReport: `REPORT-A-${hex()}`, bReport: `REPORT-B-${hex()}`,
};

// Each secret kind of the issue, per colonel: [kind, marker]. A number marker matches only as a whole number.
const SECRETS = {
  A: [
    ['objective', TEXT.aObjective], ['objective', TEXT.aReview],
    ['fortune', A_START], ['fortune', A_AFTER_AUCTION], ['fortune', A_END], ['fortune', A_AFTER_AUCTION + A_INCOME],
    ['PIP', A_PIP], ['PIP', A_PIP_END],
    ['diary orders', A_IMPROVEMENTS], ['diary orders', A_INCOME],
    ['companies really maintained', A_ARREARS],
    ['arrears', A_ARREARS],
    ['month report', TEXT.aReport], ['month report', 'Government pay for 9 companies declared'],
    ['month report', 'The only colonel present not socialising this month'],
    ['unpublished diary text', TEXT.aDiary],
  ],
  B: [
    ['objective', TEXT.bObjective], ['objective', TEXT.bReview],
    ['fortune', B_START], ['fortune', B_AFTER_AUCTION], ['fortune', B_END], ['fortune', B_AFTER_AUCTION + B_INCOME],
    ['PIP', B_PIP], ['PIP', B_PIP_END],
    ['diary orders', B_IMPROVEMENTS], ['diary orders', B_INCOME], ['diary orders', B_WAGES + B_IMPROVEMENTS],
    ['companies really maintained', B_WAGES], ['companies really maintained', 'Pay for 6 companies'],
    ['month report', TEXT.bReport], ['month report', 'Government pay for 8 companies declared'],
    ['unpublished diary text', TEXT.bDiary],
  ],
};

const PUBLIC_KEYS = ['away', 'name', 'player', 'profile', 'regiment', 'regiment_name', 'user'];
const PRIVATE_KEYS = ['adjustments', 'default_diary', 'diaries', 'diary', 'fortune', 'history', 'objective', 'pip',
  'pip_bought', 'reports', 'sheet'];

function numberPattern(n) { return new RegExp(`(?<![0-9A-Za-z])${n}(?![0-9A-Za-z])`); }
function contains(frame, marker) { return typeof marker === 'number' ? numberPattern(marker).test(frame) : frame.includes(marker); }

let server;
let ump, pa, pb, obs;
let U, A, B, O; // subscribed from the start
let campaign;
const sockets = [];
function track(c) { sockets.push(c); return c; }
// Everyone who must never see a colonel's secrets: name -> {client, own} (own: that socket's colonel, if any).
const watchers = { A: [], B: [], O: [] };

before(async () => {
  server = await startServer();
  ump = await newUser(server, 'ys_umpire');
  pa = await newUser(server, 'ys_player_a');
  pb = await newUser(server, 'ys_player_b');
  obs = await newUser(server, 'ys_observer');
  U = track(await connect(server, ump.cookie));
  campaign = (await U.ok('campaign.create', { name: 'Secrets of the year' })).campaign;
  const code = { player: (await U.ok('campaign.invite', { campaign, role: 'player' })).code,
    observer: (await U.ok('campaign.invite', { campaign, role: 'observer' })).code };
  A = track(await connect(server, pa.cookie));
  B = track(await connect(server, pb.cookie));
  O = track(await connect(server, obs.cookie));
  assert.deepEqual(await A.ok('campaign.join', { code: code.player }), { campaign, role: 'player' });
  assert.deepEqual(await B.ok('campaign.join', { code: code.player }), { campaign, role: 'player' });
  assert.deepEqual(await O.ok('campaign.join', { code: code.observer }), { campaign, role: 'observer' });
  for (const c of [U, A, B, O]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  watchers.A.push(A);
  watchers.B.push(B);
  watchers.O.push(O);
});

after(async () => {
  for (const c of sockets) await c.close().catch(() => {});
  await server?.cleanup();
});

/** Waits until every socket has the pushes of everything committed so far. */
async function settle() {
  const all = [U, ...watchers.A, ...watchers.B, ...watchers.O];
  for (const c of all) await c.caughtUp(campaign, 3 * SEC);
  for (const c of all) assert.deepEqual(c.problems, [], 'pushes applied cleanly');
}

function userOf(who) { return who === 'A' ? pa.user : pb.user; }

/**
 * No frame any socket of `viewers` received contains any of `owner`'s markers, and no push carried a private
 * key of `owner`'s colonel or the umpire's console. `upTo` (optional) limits each socket to its first n frames.
 */
function assertSecretsKept(owner, viewers, { upTo, skip = [] } = {}) {
  const id = String(userOf(owner));
  for (const [who, list] of Object.entries(viewers)) {
    for (const [i, c] of list.entries()) {
      const frames = upTo ? c.frames.slice(0, upTo.get(c) ?? c.frames.length) : c.frames;
      assert.ok(frames.length > 0, `${who}#${i} received frames`);
      for (const [kind, marker] of SECRETS[owner]) {
        if (skip.includes(marker)) continue;
        const hits = frames.filter((f) => contains(f, marker));
        assert.deepEqual(hits.map((f) => f.slice(0, 300)), [], `${owner}'s ${kind} (${marker}) reached ${who}#${i}`);
      }
      const pushes = frames.map((f) => JSON.parse(f)).filter((m) => m.push === 'view' && m.campaign === campaign);
      for (const p of pushes) assertPushClean(p, id, `${who}#${i} version ${p.version}`);
    }
  }
}

function assertColonelEntryPublic(entry, what) {
  assert.deepEqual(Object.keys(entry).sort(), PUBLIC_KEYS, `${what}: only the public part of the colonel`);
}

function assertYearClean(year, id, what) {
  if (year === undefined) return;
  assert.ok(!('console' in year), `${what}: no umpire console`);
  if (year.colonels && year.colonels[id]) assertColonelEntryPublic(year.colonels[id], what);
}

// One push, checked structurally for colonel `id`'s private part.
function assertPushClean(p, id, what) {
  if ('view' in p) return assertYearClean(p.view.year, id, what);
  for (const op of p.patch) {
    for (const path of [op.path, op.from]) {
      if (path === undefined) continue;
      assert.ok(!path.startsWith('/year/console'), `${what}: op on the console ${JSON.stringify(op).slice(0, 200)}`);
      const m = /^\/year\/colonels\/([^/]+)(?:\/([^/]+))?/.exec(path);
      if (m && m[1] === id && m[2] !== undefined) {
        assert.ok(PUBLIC_KEYS.includes(m[2]), `${what}: op on a private key: ${JSON.stringify(op).slice(0, 200)}`);
      }
    }
    if (!('value' in op)) continue;
    if (op.path === '' ) assertYearClean(op.value.year, id, what);
    else if (op.path === '/year') assertYearClean(op.value, id, what);
    else if (op.path === '/year/colonels') assertYearClean({ colonels: op.value }, id, what);
    else if (op.path === `/year/colonels/${id}`) assertColonelEntryPublic(op.value, what);
  }
}

/** The owner's and the umpire's sockets did receive every marker of `owner` (or those in `only`). */
function assertSecretsReached(owner, ownerClient, { only } = {}) {
  for (const [kind, marker] of SECRETS[owner]) {
    if (only && !only.includes(marker)) continue;
    assert.ok(ownerClient.frames.some((f) => contains(f, marker)), `${owner} received his own ${kind} (${marker})`);
    assert.ok(U.frames.some((f) => contains(f, marker)), `the umpire received ${owner}'s ${kind} (${marker})`);
  }
}

test('setup: colonels with their PIP and objectives, seen by their players and the umpire only', async () => {
  await U.ok('rules.set', { campaign, settings: RULES });
  await A.ok('colonel.create', {
    campaign, name: 'Kemp', pip: A_PIP,
    profile: { age: 41, social_status: 'Baronet', marital_status: 'Widower', background: 'Norfolk squire', experience: 'Blenheim' },
  });
  await B.ok('colonel.create', { campaign, name: 'Dartington', pip: B_PIP, profile: { age: 29, social_status: 'Younger son' } });
  await A.ok('objective.choose', { campaign, kind: 'custom', text: `${TEXT.aObjective} a seat in Parliament` });
  await B.ok('objective.choose', { campaign, kind: 'custom', text: `${TEXT.bObjective} the hand of Lady Mary` });
  let uv = await U.waitForView(campaign, (v) => v.year.console.pending_objectives.length === 2, 3 * SEC);
  assert.deepEqual(uv.year.console.pending_objectives, [pa.user, pb.user].sort((x, y) => x - y));
  await U.ok('objective.review', { campaign, colonel: pa.user, approve: true, note: `${TEXT.aReview} approved` });
  await U.ok('objective.review', { campaign, colonel: pb.user, approve: false, note: `${TEXT.bReview} too ambitious` });
  await settle();

  uv = U.view(campaign);
  assert.deepEqual(uv.year.settings.starting_money, RULES.starting_money);
  const av = A.view(campaign).year.colonels[String(pa.user)];
  assert.equal(av.fortune, A_START);
  assert.equal(av.pip, A_PIP);
  assert.equal(av.pip_bought, A_PIP);
  assert.deepEqual(av.objective, { kind: 'custom', text: `${TEXT.aObjective} a seat in Parliament`, status: 'approved', note: `${TEXT.aReview} approved` });
  const bv = B.view(campaign).year.colonels[String(pb.user)];
  assert.equal(bv.fortune, B_START);
  assert.equal(bv.pip, B_PIP);
  assert.deepEqual(bv.objective, { kind: 'custom', text: `${TEXT.bObjective} the hand of Lady Mary`, status: 'rejected', note: `${TEXT.bReview} too ambitious` });
  assert.deepEqual(uv.year.colonels[String(pa.user)].objective, av.objective);
  assert.deepEqual(uv.year.colonels[String(pb.user)].objective, bv.objective);

  // The other player and the observer have the public part only: the name and the roleplay profile.
  for (const [who, c] of [['B', B], ['O', O]]) {
    assert.deepEqual(c.view(campaign).year.colonels[String(pa.user)], {
      user: pa.user, player: pa.username, name: 'Kemp',
      profile: { age: 41, social_status: 'Baronet', marital_status: 'Widower', background: 'Norfolk squire', experience: 'Blenheim' },
      regiment: null, regiment_name: null, away: null,
    }, `${who}'s view of Kemp`);
  }
  assertSecretsKept('A', { B: watchers.B, O: watchers.O });
  assertSecretsKept('B', { A: watchers.A, O: watchers.O });
  assertSecretsReached('A', A, { only: [TEXT.aObjective, TEXT.aReview, A_PIP, A_START] });
  assertSecretsReached('B', B, { only: [TEXT.bObjective, TEXT.bReview, B_PIP, B_START] });
});

test('the auction: every bid is public, the winners pay', async () => {
  const lot1 = await U.ok('auction.open', { campaign, regiment: 7 });
  assert.deepEqual(lot1, {}, 'a year command replies {}');
  await A.ok('auction.bid', { campaign, amount: 1203 });
  // B and the observer DO see A's bid, live.
  for (const [who, c] of [['B', B], ['O', O]]) {
    const v = await c.waitForView(campaign, (w) => w.year.auction.lot?.bids?.length === 1, 3 * SEC, `${who} sees A's bid`);
    assert.equal(v.year.auction.lot.regiment, 7);
    assert.equal(v.year.auction.lot.bids[0].colonel, pa.user);
    assert.equal(v.year.auction.lot.bids[0].colonel_name, 'Kemp');
    assert.equal(v.year.auction.lot.bids[0].amount, 1203);
    assert.deepEqual(v.year.auction.lot.high, { colonel: pa.user, colonel_name: 'Kemp', amount: 1203 });
    assert.ok(c.frames.some((f) => contains(f, 1203)), `${who} received a frame with A's bid`);
  }
  await B.ok('auction.bid', { campaign, amount: 1288 });
  await A.ok('auction.bid', { campaign, amount: A_PRICE });
  for (const [who, c] of [['B', B], ['O', O]]) {
    const v = await c.waitForView(campaign, (w) => w.year.auction.lot?.bids?.length === 3, 3 * SEC, `${who} sees three bids`);
    assert.deepEqual(v.year.auction.lot.bids.map((b) => [b.colonel, b.amount]), [[pa.user, 1203], [pb.user, 1288], [pa.user, A_PRICE]]);
  }
  await U.ok('auction.close', { campaign });
  await U.ok('auction.open', { campaign, regiment: 12 });
  await B.ok('auction.bid', { campaign, amount: B_PRICE });
  await U.ok('auction.close', { campaign });
  await settle();
  for (const [who, c] of [['A', A], ['B', B], ['O', O], ['U', U]]) {
    const v = c.view(campaign);
    assert.deepEqual(v.year.auction.lots.map((l) => [l.lot, l.regiment, l.winner, l.winner_name, l.price]),
      [[1, 7, pa.user, 'Kemp', A_PRICE], [2, 12, pb.user, 'Dartington', B_PRICE]], `${who}: the closed lots`);
    assert.deepEqual(v.year.regiments.map((r) => [r.number, r.colonel]), [[7, pa.user], [12, pb.user]], `${who}: regiments`);
  }
  assert.equal(A.view(campaign).year.colonels[String(pa.user)].fortune, A_AFTER_AUCTION);
  assert.equal(B.view(campaign).year.colonels[String(pb.user)].fortune, B_AFTER_AUCTION);
  assertSecretsKept('A', { B: watchers.B, O: watchers.O });
  assertSecretsKept('B', { A: watchers.A, O: watchers.O });
});

let bAtMonthStart;
test('the month: diaries, orders, arrears and reports stay with their owners and the umpire', async () => {
  bAtMonthStart = structuredClone(B.views);
  await U.ok('year.start', { campaign, year: '174-', month: 4 });
  await A.ok('diary.submit', {
    campaign, activity: 'supervise', supervise: 'manoeuvres', orders: A_ORDERS,
    text: `${TEXT.aDiary} Dined with the Duke; the men grumble.`,
  });
  // A revision: the last diary before the resolution counts.
  await B.ok('diary.submit', { campaign, activity: 'business', orders: { ...B_ORDERS, pay: 'arrears' }, text: 'first thoughts' });
  await B.ok('diary.submit', { campaign, activity: 'socialise', orders: B_ORDERS, text: `${TEXT.bDiary} A ball at Ghent.`, publish: false });
  await settle();
  const ad = A.view(campaign).year.colonels[String(pa.user)].diary;
  assert.deepEqual(ad.orders, A_ORDERS);
  assert.deepEqual(ad.cost, { income: A_INCOME, wages: 0, back_pay: 0, improvements: A_IMPROVEMENTS, total_costs: A_IMPROVEMENTS,
    fortune: A_AFTER_AUCTION, available: A_AFTER_AUCTION + A_INCOME, left: A_END });
  const bd = B.view(campaign).year.colonels[String(pb.user)].diary;
  assert.deepEqual(bd.orders, B_ORDERS);
  assert.deepEqual(bd.cost, { income: B_INCOME, wages: B_WAGES, back_pay: 0, improvements: B_IMPROVEMENTS,
    total_costs: B_WAGES + B_IMPROVEMENTS, fortune: B_AFTER_AUCTION, available: B_AFTER_AUCTION + B_INCOME, left: B_END });
  assert.deepEqual(U.view(campaign).year.console.submitted, { [pa.user]: true, [pb.user]: true });

  const resolved = await U.ok('month.resolve', { campaign });
  await U.ok('report.note', { campaign, colonel: pa.user, text: `${TEXT.aReport} the inspector counted 7 companies` });
  await U.ok('report.note', { campaign, colonel: pb.user, text: `${TEXT.bReport} a fine turnout` });
  await settle();

  const a = A.view(campaign).year.colonels[String(pa.user)];
  assert.equal(a.fortune, A_END);
  assert.equal(a.pip, A_PIP_END);
  assert.equal(a.sheet.companies, 7);
  assert.equal(a.sheet.declared, 9);
  assert.equal(a.sheet.arrears, A_ARREARS);
  assert.equal(a.sheet.arrears_months, 1);
  const ar = a.reports['1'];
  assert.equal(ar.label, 'April 174-');
  assert.deepEqual(ar.fortune, { before: A_AFTER_AUCTION, after: A_END });
  assert.deepEqual(ar.pip_total, { before: A_PIP, after: A_PIP_END });
  assert.deepEqual(ar.notes, [`${TEXT.aReport} the inspector counted 7 companies`]);
  assert.equal(ar.money.reduce((s, m) => s + m.amount, 0), A_END - A_AFTER_AUCTION);
  assert.deepEqual(ar.regiment.arrears, { before: 0, after: A_ARREARS });
  const b = B.view(campaign).year.colonels[String(pb.user)];
  assert.equal(b.fortune, B_END);
  assert.equal(b.pip, B_PIP_END);
  assert.equal(b.sheet.companies, 6);
  assert.equal(b.sheet.arrears, 0);
  assert.deepEqual(b.reports['1'].notes, [`${TEXT.bReport} a fine turnout`]);
  assert.ok(b.reports['1'].money.some((m) => m.item === 'wages' && m.amount === -B_WAGES));
  // The umpire's console: declared against maintained.
  const uv = U.view(campaign);
  assert.deepEqual(uv.year.console.companies, { [pa.user]: { declared: 9, maintained: 7 }, [pb.user]: { declared: 8, maintained: 6 } });
  assert.deepEqual(resolved, {});

  // Every marker reached its owner and the umpire ...
  assertSecretsReached('A', A);
  assertSecretsReached('B', B);
  // ... and none reached the other player or the observer.
  assertSecretsKept('A', { B: watchers.B, O: watchers.O });
  assertSecretsKept('B', { A: watchers.A, O: watchers.O });
  for (const [who, c, other] of [['A', A, pb.user], ['B', B, pa.user], ['O', O, null]]) {
    const v = c.view(campaign);
    assert.ok(!('console' in v.year), `${who}: no console`);
    for (const [id, entry] of Object.entries(v.year.colonels)) {
      if (c !== O && Number(id) !== other) continue;
      assertColonelEntryPublic(entry, `${who}'s view of colonel ${id}`);
    }
    assert.deepEqual(v.year.gazette, {}, `${who}: nothing published yet`);
  }
});

test('late subscribers (a full view, and a patch from since) get nothing private either', async () => {
  const B2 = track(await connect(server, pb.cookie));
  const O2 = track(await connect(server, obs.cookie));
  const A2 = track(await connect(server, pa.cookie));
  for (const c of [B2, O2, A2]) assert.equal((await c.subscribe(campaign)).reply.ok, true);
  // Back from an earlier version: a socket seeded with B's view at the start of the month, caught up by a patch.
  const since = bAtMonthStart.get(campaign).version;
  const B3 = track(await connect(server, pb.cookie, { seedViews: bAtMonthStart }));
  const back = await B3.subscribe(campaign, { since });
  assert.ok('patch' in back.push, 'B3 came back with a patch from since');
  assert.equal(back.reply.ok, true);
  watchers.B.push(B2, B3);
  watchers.O.push(O2);
  watchers.A.push(A2);
  await settle();
  for (const c of [B2, O2, A2, B3]) assert.ok(c.frames.length >= 2);
  assert.deepEqual(B2.view(campaign), B.view(campaign), 'a new socket of B sees what B sees');
  assert.deepEqual(O2.view(campaign), O.view(campaign));
  assert.deepEqual(B3.view(campaign), B.view(campaign), 'B back from since sees what B sees');
  assertSecretsKept('A', { B: watchers.B, O: watchers.O });
  assertSecretsKept('B', { A: watchers.A, O: watchers.O });
});

test('published: A\'s diary text reaches B and the observer through the gazette; B\'s stays private', async () => {
  const upTo = new Map([...watchers.B, ...watchers.O, ...watchers.A].map((c) => [c, c.frames.length]));
  assert.ok(!B.frames.some((f) => f.includes(TEXT.aDiary)) && !O.frames.some((f) => f.includes(TEXT.aDiary)));
  const pub = await A.ok('diary.publish', { campaign, turn: 1 });
  await settle();
  assert.deepEqual(pub, {});
  const expected = {
    1: { id: 1, turn: 1, label: 'April 174-', colonel: pa.user, colonel_name: 'Kemp',
      text: `${TEXT.aDiary} Dined with the Duke; the men grumble.`, at: U.view(campaign).year.gazette[1]?.at },
  };
  assert.equal(typeof expected[1].at, 'number');
  for (const [who, list] of Object.entries(watchers)) {
    for (const c of list) {
      assert.deepEqual(c.view(campaign).year.gazette, expected, `${who}: the gazette`);
      const after = c.frames.slice(upTo.get(c));
      assert.ok(after.some((f) => f.includes(TEXT.aDiary)), `${who}: the published text arrived`);
    }
  }
  assert.deepEqual(U.view(campaign).year.gazette, expected);
  // Before the publication nobody else had it; afterwards only the text went out, nothing else of A's.
  assertSecretsKept('A', { B: watchers.B, O: watchers.O }, { skip: [TEXT.aDiary] });
  assertSecretsKept('A', { B: watchers.B, O: watchers.O }, { upTo });
  assertSecretsKept('B', { A: watchers.A, O: watchers.O });
});
