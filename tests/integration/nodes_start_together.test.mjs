// Nodes started together on an empty PostgreSQL store, as docker/compose.multi.yml starts them: each migrates the
// store at start-up (server/store/migrations.cpp), and PostgreSQL does not serialise two CREATE TABLEs at once, so
// without the advisory lock two of three crashed on their first migration. Here three nodes start at the same moment
// on a fresh database, three times: every node must come up and serve, and each migration is recorded once.
// Runs only on PostgreSQL (MUSTER_TEST_STORE=postgresql, as `ctest -L integration-pg` runs it): SQLite is one node's.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MusterServer, MUSTER_WEB, databaseFor } from './lib/server.mjs';
import { wantsPostgres } from './lib/postgres.mjs';

const skip = !wantsPostgres && 'nodes share a PostgreSQL store: run with MUSTER_TEST_STORE=postgresql';
const servers = [];
const dirs = [];
after(async () => {
  for (const s of servers) if (s.running) await s.stop().catch(() => {});
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = readdirSync(path.join(here, '../../migrations/postgresql')).filter((f) => /^\d+_.*\.sql$/.test(f));

test('three nodes started at once on an empty store all come up, and each migration is applied once', { skip }, async () => {
  assert.ok(migrations.length > 0);
  for (let round = 1; round <= 3; ++round) {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-together-'));
    dirs.push(dir);
    const pg = await databaseFor(dir);
    const nodes = ['a', 'b', 'c'].map((n) => new MusterServer({ dir, web: MUSTER_WEB, args: ['--node', `node-${n}`], env: {}, keepDir: true, pg }));
    servers.push(...nodes);
    const started = await Promise.allSettled(nodes.map((s) => s.start()));
    for (const [i, r] of started.entries())
      assert.equal(r.status, 'fulfilled', `round ${round}, node ${i}: ${r.reason?.message}\n${nodes[i].stderr}`);
    for (const s of nodes) {
      const health = await fetch(s.url('/healthz'));
      assert.equal(health.status, 200, `round ${round}: ${s.stderr}`);
      assert.ok(s.running);
    }
    const rows = pg.sql('SELECT version, count(*) FROM schema_migrations GROUP BY version ORDER BY version').split('\n');
    assert.equal(rows.length, migrations.length, rows.join(', '));
    for (const row of rows) assert.equal(row.split('|')[1], '1', `round ${round}: ${row}`);
    for (const s of nodes) await s.stop();
  }
});
