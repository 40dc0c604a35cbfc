// Random play of battles over real WebSocket frames (tests/integration/random_play.test.mjs): the port of the
// model-level test tests/unit/test_battle_property.cpp to a running server. What every book shares: the seeded
// dice, the canaries and who may see them, the random command of the umpire, the players and the observer, and
// the checks of every frame each socket receives. A book's module (oth.mjs, reivers.mjs, cmwd.mjs, lfas.mjs) gives
// what tests/unit/battle_property.h's Fixture gives: its battle.create body with canaries, a player's random
// command from his own view, its overrides and their extra fields, and checks of its own view fields.
import { battleTable } from '../battle_table.mjs';
import { httpRequest, uniqueName } from '../client.mjs';

/**
 * The random source of one seed: sfc32 seeded from (book, seed) by splitmix32, so a seed plays the same commands
 * given the same views. (The server's own dice come from each campaign's random seed, so outcomes, and with them
 * later choices, may differ between two runs of one seed.)
 */
export class Dice {
  constructor(book, seed) {
    let h = 0x9e3779b9 ^ Math.imul(seed >>> 0, 2654435761);
    for (const ch of book) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    const split = () => {
      h = (h + 0x9e3779b9) >>> 0;
      let z = h;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s = [split(), split(), split(), split()];
    for (let i = 0; i < 12; i++) this.next();
  }

  next() {
    let [a, b, c, d] = this.s;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    this.s = [a, b, c, d];
    return t >>> 0;
  }

  /** A whole number in [0, n); 0 when n is 0 (then the caller's pick from an empty list is undefined). */
  pick(n) {
    if (!(n > 0)) return 0;
    return Math.floor((this.next() / 4294967296) * n);
  }

  /** An element of a list (undefined for an empty one). */
  of(list) { return list[this.pick(list.length)]; }
}

/**
 * A canary: a string in a secret field. `side`: the side that may see it (umpires always); '' nobody but umpires;
 * '*' everyone (a revealed piece's, or a refused override's reason that was never written). `users`: who may see
 * it besides (talk). `piece`: a concealed unit (its id) or leader (minus its id) whose canaries retire once the
 * umpire's view shows it revealed. `numeric`: an id, matched as a whole number (no digit or point either side).
 * `setup`: placed by battle.create (every one of them must reach the umpire, and a player of its side). `owner`:
 * the side it was made for (`side` turns '*' when it retires). `unit`: for a unit's values.note, the unit: a unit
 * that changes side (a Border Reivers herd taken, "herds stay with the side that took them") shows its values to
 * its new side, and its old side keeps what it saw (the replay's frames of earlier turns), so `sides` gathers every
 * side the umpire's view has shown it on.
 */
export function canary(text, side, { users = [], piece = 0, numeric = false, setup = false, kind = 'value', unit = 0 } = {}) {
  return {
    text: String(text), side, owner: side, sides: new Set([side]), users, piece, numeric, setup, kind, unit,
    re: numeric ? new RegExp(`(?<![\\d.])${text}(?![\\d.])`) : null,
  };
}

export function occurs(c, text) {
  if (c.numeric) {
    const m = c.re.exec(text);
    return m ? m.index : -1;
  }
  return text.indexOf(c.text);
}

/** tests/unit/test_battle_property.cpp, may_see: umpires; the two users of a talk; the canary's side. */
export function maySee(c, viewer, battleView) {
  if (c.side === '*') return true;
  if (viewer.umpire) return true;
  if (c.users.includes(viewer.user)) return true;
  const side = battleView?.viewer_side ?? '';
  return c.side !== '' && side !== '' && c.sides.has(side);
}

const excerpt = (text, at, len) => {
  const from = Math.max(0, at - 120);
  return `${from > 0 ? '...' : ''}${text.slice(from, at + len + 120)}${at + len + 120 < text.length ? '...' : ''}`;
};

export function envInt(name, fallback) {
  const v = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export function newStats() {
  return {
    seeds: 0, commands: 0, accepted: 0, refused: 0, frames: 0, bytes: 0, umpireFrames: 0, umpireBytes: 0,
    leaks: 0, changedAfterRefusal: 0, framesAfterRefusal: 0, checkFailures: 0,
    playerMoves: 0, steps: 0, turns: 0, ended: 0, talkAccepted: 0, overridesAccepted: 0, reveals: 0, sideChanges: 0,
    umpireSawReason: 0, umpireSawTalk: 0, refusedCodes: {}, endedBy: {}, failures: [], failureCount: 0,
  };
}

/**
 * One seed of one book: a campaign with an umpire, Bob and Carol (side "a"), Dave (side "b") and an observer,
 * each with one socket; the book's battle with canaries; then `commands` random commands, one at a time, each
 * followed by every check. Adds to `stats`; pushes every problem (with the seed) to stats.failures. Returns the
 * campaign and its users (battle_table.mjs's), their sockets closed.
 */
export async function playSeed(server, fx, seed, commands, stats) {
  const r = new Dice(fx.id, seed);
  const tag = `${fx.id}${seed}`;
  const t = await battleTable(server, {
    name: `Random ${fx.id} ${seed}`, umpire: uniqueName(`rpu${tag}`),
    players: { bob: uniqueName(`rpb${tag}`), carol: uniqueName(`rpc${tag}`), dave: uniqueName(`rpd${tag}`) },
    observers: { observer: uniqueName(`rpo${tag}`) },
  });
  const { campaign } = t;
  const clients = t.clients;
  const who = {
    umpire: { key: 'umpire', umpire: true, user: t.users.umpire.user },
    bob: { key: 'bob', user: t.users.bob.user },
    carol: { key: 'carol', user: t.users.carol.user },
    dave: { key: 'dave', user: t.users.dave.user },
    observer: { key: 'observer', user: t.users.observer.user },
  };
  const keys = Object.keys(who);
  const users = { bob: who.bob, carol: who.carol, dave: who.dave };
  const canaries = [];
  const mark = Object.fromEntries(keys.map((k) => [k, 0])); // frames scanned so far, per socket
  const umpireSaw = new Set(); // canaries met in the umpire's frames
  const seen = Object.fromEntries(keys.map((k) => [k, new Set()])); // canaries met in the frames of each other viewer
  const reported = Object.fromEntries(keys.map((k) => [k, 0])); // view problems (client.mjs) reported so far
  const viewLeaks = new Set(); // "viewer canary" for each canary a view was found to hold
  const revealed = new Set(); // the concealed pieces the umpire's view has shown revealed
  let battle = null;
  let reasonN = 0;
  const fail = (what) => {
    stats.failureCount += 1;
    if (stats.failures.length < 200) stats.failures.push(`${fx.id} seed ${seed}: ${what}`);
  };
  const bv = (k) => (battle === null ? undefined : clients[k].view(campaign)?.battles?.[String(battle)]);
  const ub = () => bv('umpire');
  // The battle whole, as the page shows it: an ended one's live view is a summary (docs/protocol.md, "paged"), so
  // its record is fetched, as the page does, once for each summary.
  const records = {};
  const wholeBattle = async (k) => {
    const b = bv(k);
    if (!b?.paged) return b;
    const key = JSON.stringify(b);
    if (records[k]?.key !== key) {
      const got = await httpRequest(server, 'GET', `/api/campaigns/${campaign}/battles/${battle}`, { cookie: t.users[k].cookie });
      if (got.status !== 200) fail(`${k}: the record of the ended battle: ${got.status}`);
      records[k] = { key, battle: got.json?.battle };
    }
    return records[k].battle;
  };

  try {
    // --- one command: send, wait for its reply, settle every socket, then check ---
    const exec = async (k, type, body) => {
      const before = Object.fromEntries(keys.map((x) => [x, {
        n: clients[x].frames.length, view: JSON.stringify(clients[x].view(campaign) ?? null), version: clients[x].version(campaign),
      }]));
      const reply = await clients[k].send(type, { campaign, ...body });
      // Every socket's round trip comes back behind the pushes of what was committed before it (client.mjs, caughtUp).
      const ownFrom = Object.fromEntries(keys.map((x) => [x, clients[x].nextId]));
      await Promise.all(keys.map((x) => clients[x].caughtUp(campaign, 10000)));
      stats.commands += 1;
      if (reply.ok) stats.accepted += 1;
      else {
        stats.refused += 1;
        const code = reply.error?.code ?? '?';
        stats.refusedCodes[code] = (stats.refusedCodes[code] ?? 0) + 1;
        if (code === 'internal' || code === 'rate_limited' || code === 'unavailable') fail(`${type} ${JSON.stringify(body)} refused with ${code}: ${JSON.stringify(reply.error)}`);
        if (type === 'battle.override' && body.reason) {
          // A refused override's reason was never written.
          const c = canaries.find((x) => x.text === body.reason);
          if (c) c.side = '*';
        }
        // A refused command changes nobody's view, and nobody but its sender gets a frame: he gets its reply only.
        for (const x of keys) {
          const cl = clients[x];
          const got = [];
          for (let i = before[x].n; i < cl.frames.length; i++) {
            const m = cl.messages[i];
            if (typeof m.reply === 'number' && m.reply >= ownFrom[x]) continue; // the settling round trip's own reply
            got.push(cl.frames[i]);
          }
          const expected = x === k ? 1 : 0;
          if (got.length !== expected || (x === k && JSON.parse(got[0]).reply === undefined)) {
            stats.framesAfterRefusal += 1;
            fail(`refused ${type} (${reply.error?.code}) ${JSON.stringify(body).slice(0, 300)}: ${x} received ${got.length} frame(s): ${got.map((f) => f.slice(0, 300)).join(' | ')}`);
          }
          if (JSON.stringify(cl.view(campaign) ?? null) !== before[x].view || cl.version(campaign) !== before[x].version) {
            stats.changedAfterRefusal += 1;
            fail(`refused ${type} (${reply.error?.code}) ${JSON.stringify(body).slice(0, 300)} changed ${x}'s view (version ${before[x].version} -> ${cl.version(campaign)})`);
          }
        }
      }
      for (const x of keys) {
        const p = clients[x].problems;
        if (p.length > reported[x]) fail(`after ${type}: ${x}'s pushes did not apply: ${p.slice(reported[x], reported[x] + 3).join('; ')}`);
        reported[x] = p.length;
      }
      return reply;
    };

    // --- what every viewer may see now; every frame since the last scan, and every view, scanned against it ---
    const scan = (context) => {
      const u = ub();
      if (u) {
        // A unit's values go with it to a side that takes it (common.mjs, canary: `sides`).
        for (const c of canaries) {
          if (!c.unit) continue;
          const p = (u.units ?? []).find((x) => x.id === c.unit);
          if (p && !c.sides.has(p.side)) {
            c.sides.add(p.side);
            stats.sideChanges += 1;
          }
        }
        // A concealed piece's canaries retire once the umpire's view shows it revealed (or gone): public from now.
        const hidden = new Set();
        for (const p of u.units ?? []) if (p.concealed === true) hidden.add(p.id);
        for (const l of u.leaders ?? []) if (l.concealed === true) hidden.add(-l.id);
        for (const c of canaries) {
          if (c.piece && !hidden.has(c.piece)) {
            revealed.add(c.piece);
            c.piece = 0;
            c.side = '*';
          }
        }
      }
      for (const k of keys) {
        const cl = clients[k];
        const v = who[k];
        const b = bv(k);
        const secret = canaries.filter((c) => !maySee(c, v, b));
        for (let i = mark[k]; i < cl.frames.length; i++) {
          const f = cl.frames[i];
          stats.frames += 1;
          stats.bytes += Buffer.byteLength(f);
          if (v.umpire) {
            stats.umpireFrames += 1;
            stats.umpireBytes += Buffer.byteLength(f);
            for (const c of canaries) if (!umpireSaw.has(c.text) && occurs(c, f) >= 0) umpireSaw.add(c.text);
            continue;
          }
          for (const c of secret) {
            const at = occurs(c, f);
            if (at >= 0) {
              stats.leaks += 1;
              fail(`LEAK after ${context}: ${k} (side "${b?.viewer_side ?? ''}") received canary ${c.text} (${c.kind}, side "${c.side}") in frame ${i}: ${excerpt(f, at, c.text.length)}`);
            }
          }
          for (const c of canaries) if (!seen[k].has(c.text) && occurs(c, f) >= 0) seen[k].add(c.text);
        }
        mark[k] = cl.frames.length;
        if (v.umpire) continue;
        // The view built from those frames holds none either (tests/unit/test_battle_property.cpp, check_canaries).
        const text = JSON.stringify(cl.view(campaign) ?? null);
        for (const c of secret) {
          const at = occurs(c, text);
          if (at >= 0 && !viewLeaks.has(`${k} ${c.text}`)) {
            viewLeaks.add(`${k} ${c.text}`); // once: a view keeps what it got
            stats.leaks += 1;
            fail(`LEAK after ${context}: ${k}'s view holds canary ${c.text}: ${excerpt(text, at, c.text.length)}`);
          }
        }
      }
    };

    // --- the checks of the C++ test's check_canaries beyond the canaries, and the book's own ---
    const checkViews = async (context) => {
      const u = await wholeBattle('umpire');
      if (!u) return;
      for (const k of keys) {
        if (who[k].umpire) continue;
        const b = await wholeBattle(k);
        if (!b) { fail(`${context}: ${k} has no view of battle ${battle}`); continue; }
        if (bv(k).paged) {
          // The record holds no canary its member may not see.
          const text = JSON.stringify(b);
          for (const c of canaries.filter((x) => !maySee(x, who[k], b))) {
            const at = occurs(c, text);
            if (at >= 0) {
              stats.leaks += 1;
              fail(`LEAK after ${context}: ${k}'s record of the ended battle holds canary ${c.text}: ${excerpt(text, at, c.text.length)}`);
            }
          }
        }
        const problems = [];
        const side = b.viewer_side ?? '';
        // A concealed leader's person is in no list the other side gets.
        for (const l of u.leaders ?? []) {
          if (l.concealed !== true || side === l.side || !l.user) continue;
          if ((b.players ?? []).includes(l.user)) problems.push(`the concealed leader ${l.id}'s user ${l.user} is in players`);
          for (const [name, box] of Object.entries(b.boxes ?? {})) {
            if ((box.submitted ?? []).includes(l.user)) problems.push(`the concealed leader ${l.id}'s user ${l.user} is in box ${name}'s submitted`);
          }
        }
        // Sealed items are the submitter's (and umpires') until the box is revealed.
        for (const [name, box] of Object.entries(b.boxes ?? {})) {
          if (box.revealed === false) for (const it of box.items ?? []) if (it.user !== who[k].user) problems.push(`box ${name} shows ${JSON.stringify(it).slice(0, 200)} before its reveal`);
        }
        if (fx.check) fx.check(u, who[k], b, (ok, what) => { if (!ok) problems.push(what); });
        for (const p of problems) {
          stats.checkFailures += 1;
          fail(`${context}: ${k} (side "${side}"): ${p}`);
        }
      }
    };

    const after = async (context) => {
      scan(context);
      await checkViews(context);
    };

    // --- set-up ---
    const created = await exec('umpire', 'battle.create', fx.create(users));
    if (!created.ok) throw new Error(`${fx.id} seed ${seed}: battle.create failed: ${JSON.stringify(created)}`);
    battle = created.body.battle;
    {
      const u = ub();
      for (const p of u.units) {
        canaries.push(canary(`VALUE-${p.name}`, p.side, { setup: true, kind: 'unit values.note', unit: p.id }));
        if (p.concealed === true) {
          canaries.push(canary(p.name, p.side, { piece: p.id, setup: true, kind: 'concealed unit name' }));
          canaries.push(canary(p.id, p.side, { piece: p.id, numeric: true, setup: true, kind: 'concealed unit id' }));
        }
      }
      for (const l of u.leaders) {
        if (l.concealed === true) {
          canaries.push(canary(l.name, l.side, { piece: -l.id, setup: true, kind: 'concealed leader name' }));
          canaries.push(canary(l.id, l.side, { piece: -l.id, numeric: true, setup: true, kind: 'concealed leader id' }));
        }
      }
      // As in the C++ test for every book; a set-up canary (one the umpire must receive) where the book's set-up has it.
      const placed = (u.terrain ?? []).some((f) => f.name === 'TERRAIN-A-ONLY');
      canaries.push(canary('TERRAIN-A-ONLY', 'a', { setup: placed, kind: 'terrain known to a' }));
    }
    await after('battle.create');
    if (r.pick(2)) {
      const s = await exec('umpire', 'battle.settings', { battle, settings: { auto_run: false } });
      if (!s.ok) throw new Error(`${fx.id} seed ${seed}: battle.settings: ${JSON.stringify(s)}`);
      await after('battle.settings');
    }
    const started = await exec('umpire', 'battle.start', { battle });
    if (!started.ok) throw new Error(`${fx.id} seed ${seed}: battle.start: ${JSON.stringify(started)}`);
    await after('battle.start');

    // --- a random command: mostly legal, often stale, sometimes malformed (test_battle_property.cpp, next) ---
    const next = () => {
      const b = ub();
      const turn = b.turn ?? 0;
      const body = { battle, turn: r.pick(6) === 0 ? turn + 1 : turn };
      switch (r.pick(9)) {
        case 0: case 1: case 2: {
          let k = r.pick(3) === 0 ? 'bob' : r.pick(2) ? 'carol' : 'dave';
          // Mostly a player whose view says he may act now (a book that takes turns says so in its hints).
          for (const p of ['bob', 'carol', 'dave']) if (bv(p)?.hints?.may_act === true && r.pick(3) !== 0) k = p;
          if (r.pick(10) === 0) k = 'observer';
          const c = fx.item(r, bv(k) ?? {});
          return { k, type: c.type, body: { ...c.body, ...body } };
        }
        case 3: return { k: 'umpire', type: 'battle.close_turn', body };
        case 4: {
          const k = r.pick(2) ? 'bob' : 'carol';
          const text = `TALK-${r.pick(1000000)}`;
          body.to = k === 'bob' ? who.carol.user : who.bob.user;
          body.text = text;
          canaries.push(canary(text, '', { users: [who[k].user, body.to], kind: 'talk' }));
          return { k, type: 'talk.say', body };
        }
        case 5: case 6: {
          const reason = `REASON-${++reasonN}-X`;
          // Beyond the C++ test: now and then the umpire brings Bob's and Carol's leaders together, so that talk
          // opens (their figures adjacent; in Over the Hill a Talk card too) and its canaries travel.
          const bob = b.leaders.find((l) => l.user === who.bob.user);
          const carol = b.leaders.find((l) => l.user === who.carol.user);
          if (bob && carol && r.pick(8) === 0) {
            const [mover, to] = r.pick(2) ? [bob, carol] : [carol, bob];
            const x = to.position[0] + (to.position[0] + 1 <= fx.table[0] ? 1 : -1);
            Object.assign(body, { what: 'move', reason, leader: mover.id, position: [x, to.position[1]] });
            canaries.push(canary(reason, '*', { kind: 'override reason' }));
            return { k: 'umpire', type: 'battle.override', body };
          }
          const u = r.of(b.units);
          body.what = r.of(fx.overrides);
          body.reason = reason;
          body.value = r.pick(10);
          body.fate = 'wounded';
          body.position = [r.pick(fx.table[0]), r.pick(fx.table[1])];
          if (fx.overrideExtra) fx.overrideExtra(r, b, body);
          if (body.what === 'leader' || body.what === 'fate' || body.what === 'act' || (body.what === 'reveal' && r.pick(3) === 0)) {
            const l = r.of(b.leaders);
            body.leader = l.id;
            canaries.push(canary(reason, l.concealed === true ? l.side : '*', { kind: 'override reason' }));
          } else {
            body.unit = u.id;
            canaries.push(canary(reason, u.concealed === true ? u.side : '*', { kind: 'override reason' }));
          }
          if (r.pick(3) === 0) delete body.turn;
          return { k: 'umpire', type: 'battle.override', body };
        }
        case 7: {
          body.step = r.pick(5) === 0 ? 'nonsense' : b.next_step;
          return { k: r.pick(8) === 0 ? 'bob' : 'umpire', type: 'battle.step', body };
        }
        default: {
          if (r.pick(15) === 0) return { k: 'umpire', type: 'battle.end', body: { battle } };
          return { k: 'observer', type: 'card.play', body: { battle, card: 'no_action', turn } };
        }
      }
    };

    for (let i = 0; i < commands; i++) {
      const { k, type, body } = next();
      const was = ub();
      const wasTurn = was.turn;
      const reply = await exec(k, type, body);
      if (reply.ok) {
        if (['card.play', 'battle.submit', 'battle.act'].includes(type) && k !== 'umpire') stats.playerMoves += 1;
        if (type === 'battle.step') stats.steps += 1;
        if (type === 'talk.say') stats.talkAccepted += 1;
        if (type === 'battle.override') stats.overridesAccepted += 1;
      }
      const now = ub();
      if (now.turn > wasTurn) stats.turns += now.turn - wasTurn;
      const context = `command ${i + 1} (${k} ${type} ${JSON.stringify(body).slice(0, 200)} -> ${reply.ok ? 'ok' : reply.error?.code})`;
      await after(context);
      // What an accepted override or talk wrote reached the umpire (so its canary was really there to leak).
      if (reply.ok && type === 'battle.override' && !umpireSaw.has(body.reason)) fail(`${context}: the umpire never received its reason ${body.reason}`);
      if (reply.ok && type === 'talk.say' && !umpireSaw.has(body.text)) fail(`${context}: the umpire never received the talk ${body.text}`);
      if (reply.ok && type === 'talk.say' && !seen[k === 'bob' ? 'carol' : 'bob'].has(body.text)) fail(`${context}: its recipient never received the talk ${body.text}`);
      if (now.status === 'ended') {
        stats.ended += 1;
        stats.endedBy[type] = (stats.endedBy[type] ?? 0) + 1;
        break;
      }
    }

    // --- the scan was not vacuous: every set-up canary reached the umpire, and its side ---
    for (const c of canaries) {
      if (c.setup && !umpireSaw.has(c.text)) fail(`the umpire never received set-up canary ${c.text} (${c.kind}): the scan is vacuous`);
      if (c.setup && !['bob', 'carol', 'dave'].some((k) => bv(k)?.viewer_side === c.owner && seen[k].has(c.text))) {
        fail(`no player of side "${c.owner}" received his side's canary ${c.text} (${c.kind})`);
      }
      if (c.kind === 'override reason' && umpireSaw.has(c.text)) stats.umpireSawReason += 1;
      if (c.kind === 'talk' && umpireSaw.has(c.text)) stats.umpireSawTalk += 1;
    }
    stats.reveals += revealed.size;
    stats.seeds += 1;
    return { campaign, users: t.users };
  } finally {
    for (const c of t.everyone) await c.close().catch(() => {});
  }
}
