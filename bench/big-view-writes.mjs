// How many writes a subscribe to a large view costs: a campaign with 200 chat lines of 900 characters (a 211 KB
// view), 50 fresh sockets subscribing one after another. Count the server's sendmsg calls from outside:
//   node bench/big-view-writes.mjs &   # prints PID, then waits 3 s
//   strace -f -c -e trace=sendmsg -p PID
// docs/performance.md, "A message in one write".
import { startServer } from '../tests/integration/lib/server.mjs';
import { connect, newUser } from '../tests/integration/lib/client.mjs';
const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
const u = await newUser(server, 'big_view');
const c = await connect(server, u.cookie);
const campaign = (await c.ok('campaign.create', { name: 'Big' })).campaign;
await Promise.all(Array.from({ length: 200 }, (_, i) => c.ok('chat.say', { campaign, text: 'x'.repeat(900) + i })));
console.log(`PID ${server.pid ?? server.proc?.pid}`);
await new Promise((r) => setTimeout(r, 3000)); // strace attaches
const t0 = Date.now();
for (let i = 0; i < 50; i++) { const s = await connect(server, u.cookie); await s.subscribe(campaign); await s.close(); }
console.log(`50 subscribes in ${Date.now() - t0} ms, view ${JSON.stringify((await (async () => { const s = await connect(server, u.cookie); const r = await s.subscribe(campaign); await s.close(); return r.view; })())).length} bytes`);
await new Promise((r) => setTimeout(r, 1500));
await server.cleanup();
