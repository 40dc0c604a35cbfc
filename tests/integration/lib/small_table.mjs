import assert from 'node:assert/strict';
import { connect, newUser, uniqueName } from './client.mjs';
import { diffPaths } from './view_diff.mjs';

// A small table for the smallest reproductions of live-view mismatches (tests/integration/live_views.test.mjs): an umpire, players A and B, an observer, each with a live socket;
// after each command every live view is compared with a NEW socket's fresh subscription.

export async function smallTable(server, tag) {
  const keys = ['U', 'A', 'B', 'O'];
  const users = {};
  const live = {};
  for (const k of keys) {
    users[k] = await newUser(server, uniqueName(`lv${tag}${k}`));
    live[k] = await connect(server, users[k].cookie);
  }
  const campaign = (await live.U.ok('campaign.create', { name: `Live views: ${tag}` })).campaign;
  const player = (await live.U.ok('campaign.invite', { campaign, role: 'player' })).code;
  const observer = (await live.U.ok('campaign.invite', { campaign, role: 'observer' })).code;
  await live.A.ok('campaign.join', { code: player });
  await live.B.ok('campaign.join', { code: player });
  await live.O.ok('campaign.join', { code: observer });
  for (const k of keys) assert.equal((await live[k].subscribe(campaign)).reply.ok, true);
  const uid = (k) => users[k].user;
  /** Every member's live view against a fresh subscription on a new socket: {member: [differing paths]}. */
  const differences = async () => {
    const out = {};
    for (const k of keys) {
      await live[k].caughtUp(campaign);
      assert.deepEqual(live[k].problems, [], `${k}: pushes applied cleanly`);
      const p = await connect(server, users[k].cookie);
      const { view } = await p.subscribe(campaign);
      await p.close();
      const d = diffPaths(live[k].view(campaign), view);
      if (d.length) out[k] = d.map((x) => `${x.path}: live ${x.live}, fresh ${x.fresh}`);
    }
    return out;
  };
  /** A command that must be accepted, then no live view may differ from a fresh one. */
  const step = async (k, type, body) => {
    await live[k].ok(type, { campaign, ...body });
    assert.deepEqual(await differences(), {}, `after ${k} ${type} ${JSON.stringify(body).slice(0, 200)}: live views differ from fresh ones`);
  };
  const close = async () => { for (const k of keys) await live[k].close().catch(() => {}); };
  return { campaign, users, live, uid, step, differences, close };
}

// An Over the Hill battle of A (side a) against B (side b), B's leader concealed or not.
export const duel = (uid, bConcealed) => ({
  name: 'Moor', ruleset: 'oth', sides: [{ id: 'a', name: 'Blue' }, { id: 'b', name: 'Red' }],
  units: [{ side: 'a', owner: uid('A'), name: 'Blue Foot', position: [40, 40], facing: 0 },
    { side: 'b', owner: uid('B'), name: 'Red Foot', position: [40, 100], facing: 180 }],
  leaders: [{ side: 'a', user: uid('A'), name: 'Kemp', position: [40, 41] },
    { side: 'b', user: uid('B'), name: 'Wolfe', position: [40, 101], concealed: bConcealed }],
});

/** Runs fn on a new small table, which is closed after it whatever happens. */
export async function withSmallTable(server, tag, fn) {
  const x = await smallTable(server, tag);
  try { await fn(x); } finally { await x.close(); }
}
