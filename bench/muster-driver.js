'use strict';
// Muster driver for the peer benchmark (../shared/bench-peers/loadgen.js; interface in its README.md).
//
//   node ../shared/bench-peers/loadgen.js --driver bench/muster-driver.js --url http://127.0.0.1:PORT \
//     --rooms 50 --mode closed --server-pid PID
//
// Mapping of the "umpire" workload onto Muster (docs/performance.md says what is and is not checked):
// - players: real accounts (POST /api/register, POST /api/login -> cookie muster_session). scrypt makes
//   each call ~0.3-0.5 s, so every worker registers a pool of user sets and reuses them across rooms:
//   a set is P users; a user may hold 8 sockets (server default max_connections_per_user), one of which
//   is a control socket, so a set serves up to 7 rooms (SET_ROOMS).
// - a room is a campaign: player 0 sends campaign.create and campaign.invite (role player), players
//   1..P-1 campaign.join with the code. Then player 0 posts one private umpire note (notice.post
//   private:true) holding the workload's secret token "SECRET:p0:...": umpire notes are the only data in a
//   campaign that the server shows to one member (the umpire, player 0) and filters out of everyone else's
//   view, so the leak check is a real check of the server's filter for player 0's secret. Players 1..P-1
//   have no per-player secret in Muster; nothing is invented for them.
// - a move is a real chat.say whose text is JSON {card, unit, seq}; the reply ({id}) means it is committed.
//   The driver sends no battle command (so none needs the `turn` a battle command carries).
// - the client keeps Muster's view current (first "view" push, then RFC 6902 "patch" pushes) and folds
//   the chat messages (author_id -> pid, in the order of their chat `id`) into the harness view
//   {counter, version, players: {pid: {lastSeq, moves, score, secret?}}}, `version` being the push's (the
//   user's own view version: docs/protocol.md, "Views and versions"; no view carries the event seq). The
//   workload's `seq` is the order's own field, nothing of Muster's. Muster does not know the workload's
//   rules: the fold applies an order only if W.validOrder() accepts it and its seq is increasing, the way a
//   Muster client would read table talk. The server itself commits any text.
const W = require('../../shared/bench-peers/workload');

function loadWs() {
  try { return require('ws'); } catch (_) { /* not in the repo's node_modules */ }
  return require('../../shared/bench-peers/peers-require')('wsjson')('ws');
}
const WebSocket = loadWs();

const PASSWORD = 'bench-password-0123';
const SET_ROOMS = Number(process.env.MUSTER_SET_ROOMS || 7); // rooms per user set (8 sockets/user - 1 control)
// Chat history posted by player 0 before the room's clients connect (real chat.say, text that is not an
// order, so the fold ignores it): a campaign with history. 0 = the workload as the peers run it.
const PREFILL = Number(process.env.MUSTER_PREFILL || 0);
// Leak-detector self-test (bench/run.sh): post player 0's secret as a PUBLIC notice instead of a private
// umpire note, so every player receives it; the harness's wire check must then report leaks.
const LEAK_SELFTEST = process.env.MUSTER_LEAK_SELFTEST === '1';
// Behind a proxy that routes by campaign (bench/run.sh SETUPS=pg2: two nodes, HAProxy): each member's commands for a
// room go through a socket at /ws/c/{campaign}, which reaches the node that keeps it; only campaign.create goes to
// /ws, any node. A socket that reached another node before the proxy's map named the keeper is answered `moved`,
// and opened again.
const ROUTE_BY_CAMPAIGN = process.env.MUSTER_ROUTE === 'campaign';
const CALL_TIMEOUT_MS = 30000;

let BASE = 'http://127.0.0.1:18040';
let WS_URL = 'ws://127.0.0.1:18040/ws';
let ORIGIN = BASE;
let PLAYERS = 6;
let tag = '';
const sets = [];                // {index, roomsUsed, ready: Promise<users[]>, users}
const rooms = new Map();        // roomId -> {campaign, users, pidOfUser}
const controls = [];            // control sockets, closed at shutdown
let roomsCreated = 0;
const stats = { moveErrors: 0, firstErrors: [] };

// ------------------------------------------------------------------ RFC 6902 JSON Patch
function unescapeToken(t) { return t.replace(/~1/g, '/').replace(/~0/g, '~'); }
function parsePointer(p) {
  if (p === '') return [];
  if (p[0] !== '/') throw new Error(`bad JSON pointer ${p}`);
  return p.slice(1).split('/').map(unescapeToken);
}
function arrayIndex(arr, key, forAdd) {
  if (forAdd && key === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(key)) throw new Error(`bad array index ${key}`);
  const i = Number(key);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`array index ${key} out of range`);
  return i;
}
function getAt(doc, tokens) {
  let v = doc;
  for (const t of tokens) {
    if (Array.isArray(v)) v = v[arrayIndex(v, t, false)];
    else if (v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, t)) v = v[t];
    else throw new Error(`no value at /${tokens.join('/')}`);
  }
  return v;
}
function deepEqual(a, b) { return JSON.stringify(a) === JSON.stringify(b); } // enough for a `test` op here
function clone(v) { return v === undefined ? v : JSON.parse(JSON.stringify(v)); }
// Returns the new document (the root may be replaced).
function applyPatch(doc, ops, onOp) {
  for (const op of ops) {
    const tokens = parsePointer(op.path);
    const put = (value, insert) => {
      if (tokens.length === 0) { doc = value; return; }
      const parent = getAt(doc, tokens.slice(0, -1));
      const key = tokens[tokens.length - 1];
      if (Array.isArray(parent)) {
        const i = arrayIndex(parent, key, insert);
        if (insert) parent.splice(i, 0, value); else parent[i] = value;
      } else if (parent !== null && typeof parent === 'object') {
        if (!insert && !Object.prototype.hasOwnProperty.call(parent, key)) throw new Error(`replace of missing ${op.path}`);
        parent[key] = value;
      } else throw new Error(`parent of ${op.path} is not a container`);
    };
    const remove = (toks) => {
      if (toks.length === 0) throw new Error('cannot remove the root');
      const parent = getAt(doc, toks.slice(0, -1));
      const key = toks[toks.length - 1];
      if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
      else if (parent !== null && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, key)) delete parent[key];
      else throw new Error(`remove of missing /${toks.join('/')}`);
    };
    switch (op.op) {
      case 'add': put(op.value, true); break;
      case 'replace': put(op.value, false); break;
      case 'remove': remove(tokens); break;
      case 'move': { const from = parsePointer(op.from); const v = getAt(doc, from); remove(from); put(v, true); break; }
      case 'copy': put(clone(getAt(doc, parsePointer(op.from))), true); break;
      case 'test': if (!deepEqual(getAt(doc, tokens), op.value)) throw new Error(`test failed at ${op.path}`); break;
      default: throw new Error(`unknown patch op ${op.op}`);
    }
    if (onOp) onOp(op, tokens);
  }
  return doc;
}

// ------------------------------------------------------------------ HTTP accounts
async function postJson(p, body, cookie) {
  const headers = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  const res = await fetch(BASE + p, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, setCookie: res.headers.get('set-cookie') };
}
async function makeUser(username) {
  const r = await postJson('/api/register', { username, password: PASSWORD });
  if (r.status !== 201) throw new Error(`register ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  const l = await postJson('/api/login', { username, password: PASSWORD });
  const m = l.setCookie && /muster_session=([^;]+)/.exec(l.setCookie);
  if (l.status !== 200 || !m) throw new Error(`login ${username}: ${l.status} ${JSON.stringify(l.body)}`);
  return { id: l.body.user, name: username, cookie: `muster_session=${m[1]}` };
}

// ------------------------------------------------------------------ WebSocket with request/reply
function openSocket(cookie, onWire, url = WS_URL) {
  return new Promise((resolve, reject) => {
    // MUSTER_DEFLATE=1 offers compression from the client too (the server offers it with --ws-deflate true).
    const ws = new WebSocket(url, { perMessageDeflate: process.env.MUSTER_DEFLATE === "1", headers: { Cookie: cookie, Origin: ORIGIN } });
    const pending = new Map();
    let nextId = 0;
    const s = {
      ws,
      onPush: null,
      onWire,
      call(type, body) {
        const id = ++nextId;
        return new Promise((res, rej) => {
          const timer = setTimeout(() => { pending.delete(id); rej(new Error(`${type} timed out`)); }, CALL_TIMEOUT_MS);
          pending.set(id, { res, rej, timer, type });
          ws.send(JSON.stringify({ id, type, body }));
        });
      },
      // fire-and-forget command whose reply only matters if it is an error
      cast(type, body) {
        const id = 'm' + (++nextId);
        ws.send(JSON.stringify({ id, type, body }));
      },
    };
    ws.on('open', () => resolve(s));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`WebSocket upgrade refused: HTTP ${res.statusCode}`)));
    ws.on('error', (e) => reject(e));
    ws.on('close', () => {
      for (const [, p] of pending) { clearTimeout(p.timer); p.rej(new Error(`${p.type}: socket closed`)); }
      pending.clear();
    });
    const onFrame = (m) => {
      // A push may carry the sender's reply (docs/protocol.md): the push first, then the reply.
      if (m.push !== undefined && s.onPush) s.onPush(m);
      if (m.reply === undefined) return;
      const p = pending.get(m.reply);
      if (p) {
        pending.delete(m.reply); clearTimeout(p.timer);
        if (m.ok) p.res(m.body); else p.rej(new Error(`${p.type} refused: ${JSON.stringify(m.error)}`));
      } else if (!m.ok) {
        stats.moveErrors++;
        if (stats.firstErrors.length < 3) { stats.firstErrors.push(m.error); console.error('[muster-driver] command refused:', JSON.stringify(m.error)); }
      }
    };
    ws.on('message', (data) => {
      const text = data.toString();
      if (s.onWire) s.onWire(text);
      const parsed = JSON.parse(text);
      // Frames that queued for the socket come as one array (docs/protocol.md, "Frames").
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) onFrame(m);
    });
  });
}

// A socket at the campaign's address on which `type` has succeeded: tried again (a new socket) while the node it
// reached answers `moved` (the proxy's map did not name the keeper yet).
async function campaignSocket(cookie, campaign, type, body) {
  for (let attempt = 1; ; attempt++) {
    const s = await openSocket(cookie, undefined, `${WS_URL}/c/${campaign}`);
    try {
      const result = await s.call(type, body);
      return { s, result };
    } catch (e) {
      try { s.ws.terminate(); } catch (_) { /* ignore */ }
      if (!/moved|socket closed/.test(e.message) || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// ------------------------------------------------------------------ user sets
function allocSet() {
  let set = sets.find((s) => s.roomsUsed < SET_ROOMS);
  if (!set) {
    set = { index: sets.length, roomsUsed: 0, users: null, ready: null };
    sets.push(set);
    set.ready = (async () => {
      const users = await Promise.all(Array.from({ length: PLAYERS }, (_, pid) => makeUser(`${tag}s${set.index}p${pid}`)));
      for (const u of users) { u.control = await openSocket(u.cookie); controls.push(u.control); }
      set.users = users;
      return users;
    })();
  }
  set.roomsUsed++;
  return set;
}

// ------------------------------------------------------------------ view fold
function makeFold(room) {
  const players = {};
  for (let pid = 0; pid < room.users.length; pid++) players[pid] = { lastSeq: 0, moves: 0, score: 0 };
  return { counter: 0, lastChat: 0, players, secret0: null };
}
// Chat messages are numbered by the chat's own counter (`id` 1, 2, 3, ...): each is folded once, in that order.
function foldChat(fold, room, msg) {
  if (msg.id <= fold.lastChat) return;
  fold.lastChat = msg.id;
  const pid = room.pidOfUser.get(msg.author_id);
  if (pid === undefined) return;
  let o;
  try { o = JSON.parse(msg.text); } catch (_) { return; }
  const p = fold.players[pid];
  if (!W.validOrder(o) || o.seq <= p.lastSeq) return;
  fold.counter += 1;
  p.lastSeq = o.seq; p.moves += 1; p.score += o.card === 'FIRE' ? 2 : 1;
}
function canonical(fold, doc, room, version) {
  const players = {};
  for (const pid of Object.keys(fold.players)) players[pid] = { ...fold.players[pid] };
  // Player 0's secret: the latest umpire note by player 0, present only in umpires' views.
  const notes = doc.umpire_notes;
  if (notes) {
    let best = null;
    for (const k of Object.keys(notes)) if (notes[k].author_id === room.users[0].id && (!best || notes[k].id > best.id)) best = notes[k];
    if (best) players[0].secret = { objective: best.text };
  }
  return { counter: fold.counter, version, players };
}

module.exports = {
  name: 'muster',
  applyPatch, // exported for bench/test-patch.js

  async init({ url, players }) {
    BASE = url.replace(/\/+$/, '');
    WS_URL = BASE.replace(/^http/, 'ws') + '/ws';
    ORIGIN = BASE;
    PLAYERS = players || 6;
    let wid = 0;
    try { wid = require('worker_threads').threadId; } catch (_) { /* main thread */ }
    tag = `b${(process.pid % 100000).toString(36)}${Date.now().toString(36).slice(-4)}w${wid}`;
  },

  async createRoom(roomIndex, players) {
    if (players !== PLAYERS) PLAYERS = players;
    const set = allocSet();
    const users = await set.ready;
    const umpire = users[0].control;
    const { campaign } = await umpire.call('campaign.create', { name: `bench room ${roomIndex} (${++roomsCreated})` });
    // Where each member's commands for this room go: his control socket, or behind the proxy a socket at the
    // campaign's address, kept as his play socket (connect).
    const sockets = users.map((u) => u.control);
    let code;
    if (ROUTE_BY_CAMPAIGN) {
      const first = await campaignSocket(users[0].cookie, campaign, 'campaign.invite', { campaign, role: 'player' });
      sockets[0] = first.s;
      code = first.result.code;
      await Promise.all(users.slice(1).map(async (u, k) => { sockets[k + 1] = (await campaignSocket(u.cookie, campaign, 'campaign.join', { code })).s; }));
    } else {
      ({ code } = await umpire.call('campaign.invite', { campaign, role: 'player' }));
      await Promise.all(users.slice(1).map((u) => u.control.call('campaign.join', { code })));
    }
    // The umpire-only datum that stands for player 0's secret (see the header).
    await sockets[0].call('notice.post', { campaign, private: !LEAK_SELFTEST, text: W.secretObjective(0, 0) });
    if (PREFILL > 0) {
      await Promise.all(Array.from({ length: PREFILL }, (_, i) =>
        sockets[0].call('chat.say', { campaign, text: `Earlier table talk #${i + 1}: the left wing holds the ford.` })));
    }
    const roomId = `c${campaign}`;
    rooms.set(roomId, { campaign, users, pidOfUser: new Map(users.map((u, pid) => [u.id, pid])), sockets: ROUTE_BY_CAMPAIGN ? sockets : null });
    return roomId;
  },

  async connect(roomId, playerId, opts = {}) {
    const room = rooms.get(roomId);
    if (!room) throw new Error(`unknown room ${roomId}`);
    const user = room.users[playerId];
    // Behind the proxy, the socket setup opened at the campaign's address (a user holds at most 8).
    const s = room.sockets ? room.sockets[playerId] : await openSocket(user.cookie, opts.onWire);
    if (room.sockets && opts.onWire) s.onWire = opts.onWire;
    const fold = makeFold(room);
    let doc = null, viewCb = null, lastView = null;
    let gotFirst;
    const first = new Promise((res) => { gotFirst = res; });
    s.onPush = (m) => {
      if (m.push !== 'view' || m.campaign !== room.campaign) return;
      const fresh = [];
      if (m.view !== undefined) {
        doc = m.view;
        for (const k of Object.keys(doc.chat || {})) fresh.push(doc.chat[k]);
      } else {
        if (doc === null) throw new Error('patch before the first view');
        doc = applyPatch(doc, m.patch, (op, t) => {
          if ((op.op === 'add' || op.op === 'replace') && t[0] === 'chat' && t.length === 2) fresh.push(op.value);
          else if (t[0] === 'chat' && t.length === 1 && op.value) for (const k of Object.keys(op.value)) fresh.push(op.value[k]);
        });
      }
      fresh.sort((a, b) => a.id - b.id);
      for (const msg of fresh) foldChat(fold, room, msg);
      lastView = canonical(fold, doc, room, m.version);
      if (viewCb) viewCb(lastView);
      gotFirst();
    };
    const timeout = opts.timeoutMs || 20000;
    let timer;
    try {
      await Promise.race([
        (async () => { await s.call('campaign.subscribe', { campaign: room.campaign }); await first; })(),
        new Promise((_, rej) => { timer = setTimeout(() => rej(new Error(`muster connect timeout ${roomId}/${playerId}`)), timeout); }),
      ]);
    } catch (e) { try { s.ws.terminate(); } catch (_) { /* ignore */ } throw e; } finally { clearTimeout(timer); }
    return {
      sendMove(move) { s.cast('chat.say', { campaign: room.campaign, text: JSON.stringify(move) }); },
      onView(cb) { viewCb = cb; if (lastView) cb(lastView); },
      close() { try { s.ws.close(); } catch (_) { /* ignore */ } },
    };
  },

  async shutdown() {
    if (stats.moveErrors) console.error(`[muster-driver] ${stats.moveErrors} commands refused, e.g. ${JSON.stringify(stats.firstErrors[0])}`);
    for (const c of controls) { try { c.ws.close(); } catch (_) { /* ignore */ } }
  },
};
