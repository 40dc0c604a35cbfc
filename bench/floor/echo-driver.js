'use strict';
// Driver for ../shared/bench-peers/loadgen.js against bench/floor/echo.cpp (docs/performance.md, "The floor").
//
//   node ../shared/bench-peers/loadgen.js --driver bench/floor/echo-driver.js --url http://127.0.0.1:PORT \
//     --rooms 50 --mode closed --server-pid PID
//
// The server does not know the game: it forwards each frame to the 6 sockets of the room. So the move frame
// carries the sender's pid and the order, padded to ~200 bytes (about the size of a Muster chat patch), and
// each client folds the frames it receives into the harness view {counter, players: {pid: {lastSeq, ...}}}.
// The server's short reply ({"reply":"ok"}) is read and dropped, as a reply is in Muster's driver.
// No secrets exist here, so the loadgen's "own secret missing" count is meaningless for this driver.
const W = require('../../../shared/bench-peers/workload');

function loadWs() {
  try { return require('ws'); } catch (_) { /* not in the repo's node_modules */ }
  return require('../../../shared/bench-peers/peers-require')('wsjson')('ws');
}
const WebSocket = loadWs();

const FRAME_BYTES = Number(process.env.ECHO_FRAME_BYTES || 200);
let WS_URL = 'ws://127.0.0.1:18050';
let PLAYERS = 6;

function moveFrame(pid, move) {
  const head = JSON.stringify({ p: pid, card: move.card, unit: move.unit, seq: move.seq, pad: '' });
  return head.slice(0, -2) + 'x'.repeat(Math.max(0, FRAME_BYTES - head.length)) + '"}';
}

module.exports = {
  name: 'echo-floor',

  async init({ url, players }) {
    WS_URL = url.replace(/^http/, 'ws');
    PLAYERS = players || 6;
  },

  connect(roomId, playerId, opts = {}) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${WS_URL}/?room=${encodeURIComponent(roomId)}`, { perMessageDeflate: false });
      const view = { counter: 0, players: {} };
      for (let q = 0; q < PLAYERS; q++) view.players[q] = { lastSeq: 0, moves: 0, score: 0 };
      let viewCb = null;
      const timer = setTimeout(() => { ws.terminate(); reject(new Error(`echo connect timeout ${roomId}/${playerId}`)); }, opts.timeoutMs || 20000);
      const conn = {
        sendMove(move) { ws.send(moveFrame(playerId, move)); },
        onView(cb) { viewCb = cb; cb(view); },
        close() { try { ws.close(); } catch (_) { /* ignore */ } },
      };
      // No state comes from the server: the first view is the empty fold, so the room is "joined" at open.
      ws.on('open', () => { clearTimeout(timer); resolve(conn); });
      ws.on('message', (data) => {
        const text = data.toString();
        if (opts.onWire) opts.onWire(text);
        const parsed = JSON.parse(text);
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) fold(m);
      });
      const fold = (m) => {
        if (m.p === undefined) return; // the reply
        const pv = view.players[m.p];
        if (!pv || !W.validOrder(m) || m.seq <= pv.lastSeq) return;
        view.counter += 1;
        pv.lastSeq = m.seq; pv.moves += 1; pv.score += m.card === 'FIRE' ? 2 : 1;
        if (viewCb) viewCb(view);
      };
      ws.on('error', (e) => { clearTimeout(timer); reject(e); });
    });
  },

  async shutdown() {},
};
