// Slow clients from many addresses (docs/reliability.md, "Under attack"): a cap per address is no defence against
// them, so the server also caps the connections waiting on their client over all addresses
// (max_http_connections_waiting) and, past it, ends the one that has waited longest. Against a real server on
// loopback, 160 slowloris connections, each from its own address of 127.0.0.0/8, each sending a header line every
// second and never finishing its header, while the header timeout is far off (30 s):
// - the server holds at most the cap of them (40 here), so its descriptors stay bounded;
// - a quick client, from yet another address, is answered every time meanwhile, and a logged-in WebSocket's
//   commands go on (it does not count: its user has logged in);
// - the slow connections are ended by the server (their sockets see the close), and once the attack stops its
//   descriptors come back to their number before it.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer } from './lib/server.mjs';
import { sleep } from './lib/client.mjs';
import { Arena, getFrom } from './lib/attacks.mjs';

const CAP = 40;
const ATTACKERS = 160;

let server;
let arena;

before(async () => {
  server = await startServer({
    args: ['--max-http-connections-per-address', '0', '--max-http-connections-waiting', String(CAP),
      '--http-header-timeout-seconds', '30'],
  });
  arena = new Arena(server);
  await arena.setUp(['u', 'w'], 'ma');
});

after(async () => {
  await arena?.close();
  await server?.cleanup();
});

// One slowloris connection from `address`: a request line, then a header line a second, never the blank line.
function slowloris(address) {
  const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: address });
  const state = { closedByServer: false, opened: false };
  let timer;
  socket.on('connect', () => {
    state.opened = true;
    socket.write('GET / HTTP/1.1\r\nHost: muster\r\n');
    timer = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 1000);
  });
  socket.on('error', () => {});
  socket.on('close', () => { clearInterval(timer); state.closedByServer = !state.stopping; });
  state.stop = () => { state.stopping = true; clearInterval(timer); socket.destroy(); };
  return state;
}

test(`${ATTACKERS} slow clients from as many addresses: at most ${CAP} held, a quick client answered`, { timeout: 60000 }, async (t) => {
  await sleep(200);
  const baseline = arena.fds();
  const attackers = [];
  let most = 0;
  const answers = [];
  const lines = [];
  for (let i = 0; i < ATTACKERS; ++i) {
    attackers.push(slowloris(`127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`));
    if (i % 20 === 19) {
      await sleep(100);
      most = Math.max(most, arena.fds() - baseline);
      answers.push(await getFrom(server, '127.0.9.9'));
      const started = Date.now();
      const r = await arena.W.send('chat.say', { campaign: arena.campaign, text: `line ${i}` });
      assert.equal(r.ok, true, `the player's line ${i}: ${JSON.stringify(r)}`);
      lines.push(Date.now() - started);
    }
  }
  for (let s = 0; s < 3; ++s) {
    await sleep(1000);
    most = Math.max(most, arena.fds() - baseline);
    answers.push(await getFrom(server, '127.0.9.9'));
  }
  const ended = attackers.filter((a) => a.closedByServer).length;
  t.diagnostic(`the server held at most ${most} descriptors beyond its baseline, ended ${ended} of ${ATTACKERS} slow `
    + `connections, answered ${answers.filter((a) => a === 200).length} of ${answers.length} quick requests; `
    + `chat round trips ${lines.join(', ')} ms`);
  assert.ok(attackers.every((a) => a.opened), 'every slow connection was accepted');
  assert.ok(most <= CAP + 3, `at most ${CAP} slow connections held: ${most}`);
  assert.ok(ended >= ATTACKERS - CAP - 3, `the server ended the ones that waited longest: ${ended}`);
  assert.deepEqual(answers.filter((a) => a !== 200), [], 'every quick request was answered');
  for (const a of attackers) a.stop();
  const deadline = Date.now() + 5000;
  while (arena.fds() > baseline + 1 && Date.now() < deadline) await sleep(100);
  assert.ok(arena.fds() <= baseline + 1, `descriptors back to ${baseline}: ${arena.fds()}`);
});
