// Loading a campaign whose log is long but whose state is not (docs/architecture.md, "Snapshots"): a club's table
// talk. An umpire and six players; each sends chat lines and rolls dice for the table in turn, --lines of each in
// all (the view keeps the last 200 chat lines and 100 rolls, so the state stops growing while the log grows on).
// Then bench/load-cost.mjs: the load from the whole log against the load from its snapshot. Run on demand:
//
//   node bench/long-log.mjs [--lines 20000] [--snapshot-every 1000] [--bin build/muster]
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const LINES = Number(arg('lines', 20000));
const EVERY = Number(arg('snapshot-every', 1000));
if (arg('bin')) process.env.MUSTER_BIN = arg('bin');
const { startServer, MUSTER_BIN } = await import('../tests/integration/lib/server.mjs');
const { connect, newUser } = await import('../tests/integration/lib/client.mjs');
const { measureLoads, loadTable } = await import('./load-cost.mjs');

const BASE_ARGS = ['--ws-rate', '100000', '--ws-burst', '100000'];
const server = await startServer({ args: BASE_ARGS });
const started = Date.now();
try {
  const ump = await newUser(server, 'log_umpire');
  const U = await connect(server, ump.cookie);
  const must = async (c, type, body) => {
    const r = await c.send(type, body, { timeoutMs: 60000 });
    if (!r.ok) throw new Error(`${type} refused: ${JSON.stringify(r.error)}`);
    return r.body;
  };
  const campaign = (await must(U, 'campaign.create', { name: 'Long log bench' })).campaign;
  const code = (await must(U, 'campaign.invite', { campaign, role: 'player' })).code;
  const players = [];
  for (let i = 0; i < 6; i++) {
    const c = await connect(server, (await newUser(server, `log_player_${i}`)).cookie);
    await must(c, 'campaign.join', { code });
    players.push(c);
  }
  // Each player's lines in flight together (one campaign's commands share group commits), awaited in rounds.
  for (let n = 0; n < LINES; n += players.length) {
    await Promise.all(players.map((c, i) => must(c, 'chat.say', { campaign, text: `Line ${n + i}: the French are in the village again, sir.` })));
    await Promise.all(players.map((c) => must(c, 'dice.roll', { campaign, dice: '2d6', reason: 'who buys the next round' })));
  }
  for (const c of [U, ...players]) await c.close();
  const loads = await measureLoads(server, campaign, ump.cookie, { baseArgs: BASE_ARGS, every: EVERY });
  console.log(`\`node bench/long-log.mjs ${process.argv.slice(2).join(' ')}\` (binary ${MUSTER_BIN}; ${LINES} chat lines and ${LINES} rolls; ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  console.log(loadTable(loads));
} finally {
  await server.cleanup().catch(() => {});
}
