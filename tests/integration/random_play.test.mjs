// "Secrets at scale" over real frames: random play of battles of every rule set, the port of the model-level
// tests/unit/test_battle_property.cpp to a running server and real WebSocket clients (docs/protocol.md, "Views and
// versions": "A viewer's frames tell him nothing he may not know, not even that something he may not see
// happened"; "A refused command changes nothing").
//
// For each book (tests/integration/lib/random_play/<id>.mjs: its battle.create body with canaries, a player's
// random command from his own view, its overrides and their fields, checks of its own view fields): one server;
// for each seed a campaign with an umpire, Bob and Carol (side "a"), Dave (side "b") and an observer, each with
// one socket that records every frame; the book's battle with a canary string in every secret field (concealed
// units' names and ids, concealed leaders' names and ids, each unit's values.note "VALUE-<name>" for its side,
// terrain "TERRAIN-A-ONLY" known to side "a", talk "TALK-n" between two players, override reasons "REASON-n-X"
// for the side of a concealed piece or for all); then random legal and illegal commands of the umpire, the
// players and the observer, from a seeded PRNG, one at a time. After each (its reply, then a round trip on every
// socket, which comes back behind the pushes of what was committed before it):
//   - the canaries each viewer may see are worked out from the umpire's view after the command (a concealed
//     piece's retire once the umpire's view shows it revealed: the frames that reveal it may name it), and every
//     frame every socket received since the last check (replies, pushes, errors, as raw text), and every view
//     built from them, is searched for every canary that viewer may not see;
//   - a refused command changed no viewer's view or version, and nobody but its sender (who gets the error)
//     received any frame for it;
//   - the C++ test's other checks of the views (a concealed leader's user in no list of the other side; sealed
//     items only the submitter's before the reveal) and the book's own.
// At the end of each seed every set-up canary reached the umpire's frames (the scan is not vacuous) and each
// side's value canaries its own players; each book's play reached its commands and its steps.
//
// A short run by default (all four books within about a minute on two cores). For long runs:
//   MUSTER_RANDOM_PLAY_SEEDS=n      seeds per book (default 10)
//   MUSTER_RANDOM_PLAY_COMMANDS=n   commands per seed (default 120, as the C++ test)
//   MUSTER_RANDOM_PLAY_FIRST_SEED=n the first seed (default 1): one seed again is FIRST_SEED=n SEEDS=1
//   MUSTER_RANDOM_PLAY_BOOKS=a,b    only these books (default: oth,reivers,cmwd,lfas)
// A seed chooses the same commands from the same views; the server's dice are its own (a campaign's random seed),
// so a later command of a seed may differ between runs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './lib/server.mjs';
import { envInt, newStats, playSeed } from './lib/random_play/common.mjs';
import * as oth from './lib/random_play/oth.mjs';
import * as reivers from './lib/random_play/reivers.mjs';
import * as cmwd from './lib/random_play/cmwd.mjs';
import * as lfas from './lib/random_play/lfas.mjs';

const SEEDS = envInt('MUSTER_RANDOM_PLAY_SEEDS', 10);
const COMMANDS = envInt('MUSTER_RANDOM_PLAY_COMMANDS', 120);
const FIRST = envInt('MUSTER_RANDOM_PLAY_FIRST_SEED', 1);
const ONLY = (process.env.MUSTER_RANDOM_PLAY_BOOKS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const BOOKS = [oth, reivers, cmwd, lfas].filter((fx) => ONLY.length === 0 || ONLY.includes(fx.id));

const mb = (n) => `${(n / 1048576).toFixed(1)} MiB`;

for (const fx of BOOKS) {
  test(`random play of ${fx.id} over real frames: no canary reaches a viewer who may not see it; a refused command changes nothing`, async (t) => {
    const server = await startServer({ args: ['--ws-rate', '100000', '--ws-burst', '100000'] });
    const stats = newStats();
    const started = Date.now();
    const failedSeeds = [];
    try {
      for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
        const was = stats.failureCount;
        try {
          await playSeed(server, fx, seed, COMMANDS, stats);
        } catch (e) {
          stats.failureCount += 1;
          stats.failures.push(`${fx.id} seed ${seed}: ${e.stack ?? e}`);
        }
        if (stats.failureCount > was) failedSeeds.push(seed);
      }
    } finally {
      await server.cleanup();
    }
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    t.diagnostic(`${fx.id}: seeds ${stats.seeds}/${SEEDS} (from ${FIRST}), commands ${stats.commands} (accepted ${stats.accepted}, refused ${stats.refused}), `
      + `frames scanned ${stats.frames} (${mb(stats.bytes)}; the umpire's ${stats.umpireFrames}, ${mb(stats.umpireBytes)}), leaks ${stats.leaks}, `
      + `views changed by a refusal ${stats.changedAfterRefusal}, frames for a refusal ${stats.framesAfterRefusal}, view checks failed ${stats.checkFailures}; `
      + `player moves ${stats.playerMoves}, steps by hand ${stats.steps}, turns ${stats.turns}, overrides ${stats.overridesAccepted} (reasons the umpire received ${stats.umpireSawReason}), talk ${stats.talkAccepted} (received by the umpire ${stats.umpireSawTalk}), `
      + `pieces revealed ${stats.reveals}, units that changed side ${stats.sideChanges}, battles ended ${stats.ended}; ${secs} s`);
    t.diagnostic(`${fx.id}: refusals by code ${JSON.stringify(stats.refusedCodes)}; battles ended by ${JSON.stringify(stats.endedBy)}`);
    if (failedSeeds.length) {
      const again = `MUSTER_RANDOM_PLAY_BOOKS=${fx.id} MUSTER_RANDOM_PLAY_FIRST_SEED=${failedSeeds[0]} MUSTER_RANDOM_PLAY_SEEDS=1 MUSTER_RANDOM_PLAY_COMMANDS=${COMMANDS}`;
      assert.fail(`${fx.id}: ${stats.failureCount} problem(s) in seeds ${failedSeeds.join(', ')} (again: ${again} node --test tests/integration/random_play.test.mjs):\n`
        + stats.failures.slice(0, 40).join('\n'));
    }
    assert.equal(stats.seeds, SEEDS, 'every seed played to its end');
    assert.equal(stats.leaks, 0, 'no leak');
    assert.equal(stats.changedAfterRefusal + stats.framesAfterRefusal, 0, 'a refused command changed nothing and sent nothing');
    assert.ok(stats.frames > 0 && stats.bytes > 0, 'frames were scanned');
    // The play reached the book: its players' commands were taken, and its steps ran (by hand or by a turn).
    assert.ok(stats.accepted > 0 && stats.refused > 0, `commands both accepted and refused: ${stats.accepted}/${stats.refused}`);
    assert.ok(stats.playerMoves > 0, `some player commands were accepted (${stats.playerMoves})`);
    assert.ok(stats.steps + stats.turns > 0, `some steps ran (${stats.steps} by hand, ${stats.turns} turns)`);
    assert.ok(stats.umpireSawReason > 0, 'override reasons reached the umpire');
  });
}
