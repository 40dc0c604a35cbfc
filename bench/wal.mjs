// Does the database's write-ahead log stay bounded under steady load? (docs/operations.md, "Backups";
// docs/performance.md, "The write-ahead log"). Several campaigns' players chat and roll dice as fast as their
// replies come back, every command committed; the size of the -wal file is sampled every 50 ms, and a
// `muster backup` runs halfway through. Prints the largest and the last WAL size. Run on demand:
//
//   node bench/wal.mjs [--commands 20000] [--campaigns 4] [--bin build/muster]
import { statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const COMMANDS = Number(arg('commands', 20000));
const CAMPAIGNS = Number(arg('campaigns', 4));
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
const { startServer, MUSTER_BIN } = await import('../tests/integration/lib/server.mjs');
const { connect, newUser } = await import('../tests/integration/lib/client.mjs');

const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
const walSize = () => { try { return statSync(server.dbPath + '-wal').size; } catch { return 0; } };
let largest = 0;
const sampler = setInterval(() => { largest = Math.max(largest, walSize()); }, 50);
try {
  const players = [];
  for (let c = 0; c < CAMPAIGNS; ++c) {
    const u = await newUser(server, `wal_umpire_${c}`);
    const U = await connect(server, u.cookie);
    const { campaign } = await U.ok('campaign.create', { name: `Load ${c}` });
    players.push({ client: U, campaign });
  }
  const started = Date.now();
  let done = 0, backedUp = false;
  await Promise.all(players.map(async ({ client, campaign }) => {
    for (let i = 0; done < COMMANDS; ++i) {
      await client.ok(i % 2 ? 'chat.say' : 'dice.roll', i % 2 ? { campaign, text: `line ${i} `.repeat(8) } : { campaign, dice: '3d6' });
      done += 1;
      if (!backedUp && done >= COMMANDS / 2) {
        backedUp = true;
        const r = spawnSync(MUSTER_BIN, ['backup', '--db', server.dbPath, '--to', path.join(server.dir, 'half.db')]);
        if (r.status !== 0) throw new Error('backup failed');
      }
    }
  }));
  const seconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  console.log(JSON.stringify({ commands: done, seconds, per_second: Math.round(done / seconds),
    wal_largest_bytes: largest, wal_last_bytes: walSize(), db_bytes: statSync(server.dbPath).size }));
  for (const p of players) await p.client.close();
} finally {
  clearInterval(sampler);
  await server.cleanup();
}
