// What the page reads back of the fighting: the last tests with their factors and dice, and the generals' fates.
// Every test is a log line whose details are {"test", "sides": [{"unit", "factors": [{"why", "value"}], "die",
// "total"}], "difference", "result"} (docs/protocol.md, "Chosen Men, Well Disposed", "Steps"): the shared log
// lists them plainly; here each reads as a sum, "3 (charging) + 1 (veterans) + die 4 = 8". Generals come from
// cmwd.generals ("Risk to Generals"). Nothing is reckoned: the totals are the server's.

import { h } from '../../common/dom.js';
import { FATES, RANKS, cmwdOf, leaderName, unitName, brigadeName, words, resultWord, turnHeading } from './words.js';

const MOST = 12; // the tests shown: the last turn's that had any, at most this many
const signed = (n) => (n < 0 ? `− ${-n}` : `+ ${n}`);

function sideLine(b, s) {
  const factors = Array.isArray(s.factors) ? s.factors : [];
  const parts = [];
  factors.forEach((f, i) => {
    const v = Number(f.value) || 0;
    parts.push(i ? ` ${signed(v)} ` : `${v} `, h('span', { class: 'cmwd-factor', testid: 'cmwd-test-factor', dataset: { why: String(f.why || ''), value: String(v) } }, `(${f.why || 'factor'})`));
  });
  if (typeof s.die === 'number') parts.push(parts.length ? ' + ' : '', dieSpan(s.die));
  const who = typeof s.unit === 'number' ? unitName(b, s.unit) : s.leader !== undefined ? leaderName(b, s.leader) : String(s.unit || s.who || '');
  return h('li', { testid: 'cmwd-test-side', dataset: { unit: String(s.unit ?? ''), total: String(s.total ?? '') } },
    h('strong', {}, who), ': ', ...parts, typeof s.total === 'number' ? ` = ${s.total}` : '');
}

// The tests' names (the `test` of a line's details).
const TESTS = {
  fire: 'Fire', charge: 'Test to charge', charge_fire: 'Fire during the charge', melee: 'Hand to hand', morale: 'Brigade morale',
  risk: 'Risk to a general', capture: 'A general touched by the enemy', successor: 'A successor comes', generator: 'Army generator',
};

const dieSpan = (n) => h('span', { class: 'cmwd-die', testid: 'cmwd-test-die', dataset: { die: String(n) } }, `die ${n}`);

// A test with no sides (morale, a general's risk, a generator's roll): its dice and what they made, in a line.
function plainLine(b, d) {
  const who = d.leader !== undefined ? leaderName(b, d.leader) : d.brigade ? brigadeName(b, d.brigade) : d.what || '';
  const dice = Array.isArray(d.dice) ? d.dice : typeof d.die === 'number' ? [d.die] : [];
  const parts = [];
  if (d.test === 'morale') parts.push(`${d.broken || 0} broken × 2 + ${d.shaken || 0} shaken = ${d.points}; `);
  dice.forEach((n, i) => parts.push(i ? ' + ' : '', dieSpan(n)));
  if (typeof d.adjustment === 'number') parts.push(` (${d.adjustment >= 0 ? '+' : ''}${d.adjustment})`);
  if (typeof d.modifier === 'number' && d.modifier) parts.push(` ${signed(d.modifier)}`);
  if (typeof d.total === 'number') parts.push(` = ${d.total}`);
  if (d.test === 'morale' && typeof d.bases === 'number') parts.push(` against ${d.bases} base${d.bases === 1 ? '' : 's'}: ${d.spent ? 'spent' : 'holds'}`);
  if (d.reads || d.rank) parts.push(`: ${words(d.reads || d.rank)}`);
  return h('li', { testid: 'cmwd-test-side', dataset: { total: String(d.total ?? '') } }, who ? h('strong', {}, who) : null, who ? ': ' : '', ...parts);
}

function testItem(b, e) {
  const d = e.details;
  const sides = Array.isArray(d.sides) ? d.sides : [];
  const end = [];
  if (typeof d.difference === 'number') end.push(`difference ${d.difference}`);
  if (d.result !== undefined && sides.length) end.push(h('span', { class: 'cmwd-result', testid: 'cmwd-test-result' }, resultWord(d.result)));
  return h('li', { class: 'cmwd-test', testid: 'cmwd-test', dataset: { test: String(d.test), result: String(d.result ?? ''), turn: String(e.turn) } },
    h('div', { class: 'item-meta' }, `${turnHeading(e.turn)} · ${TESTS[d.test] || words(d.test)}`), h('div', { class: 'item-text' }, e.text || ''),
    h('ul', { class: 'cmwd-test-sides' }, ...(sides.length ? sides.map((x) => sideLine(b, x)) : [plainLine(b, d)])),
    end.length ? h('p', { class: 'cmwd-test-end' }, ...end.flatMap((x, i) => (i ? [': ', x] : [x])), '.') : null);
}

// The log's test lines of the last turn that had any (one per line: the public and the side's copy are one).
export function lastTests(b) {
  const log = (b.log || []).filter((e) => e && e.details && typeof e.details === 'object' && e.details.test);
  if (!log.length) return [];
  const turn = log[log.length - 1].turn;
  const seen = new Set();
  const out = [];
  for (const e of log.filter((x) => x.turn === turn)) {
    const key = `${e.phase}|${e.text}|${JSON.stringify(e.details)}`;
    if (!seen.has(key)) { seen.add(key); out.push(e); }
  }
  return out.slice(-MOST);
}

function generalItem(b, g) {
  const fate = FATES[g.fate || ''] || words(g.fate);
  const out = typeof g.out_until === 'number' && g.out_until > 0 ? `, out of action until game turn ${g.out_until}` : '';
  return h('li', { testid: 'cmwd-general', dataset: { leader: String(g.leader), fate: g.fate || '' } },
    h('strong', {}, leaderName(b, g.leader)), ` (${RANKS[g.rank] || g.rank || '?'}): ${fate}${out}.`);
}

export function fightingElements() {
  const e = {
    testsHeading: h('h3', {}, 'Last tests'),
    tests: h('ol', { class: 'cmwd-tests', testid: 'cmwd-tests' }),
    generalsHeading: h('h3', {}, 'Generals'),
    generals: h('ul', { class: 'cmwd-generals', testid: 'cmwd-generals' }),
  };
  e.el = h('div', { class: 'cmwd-fighting' }, e.testsHeading, e.tests, e.generalsHeading, e.generals);
  return e;
}

export function showFighting(e, b) {
  const tests = lastTests(b);
  const key = JSON.stringify(tests.map((t) => [t.turn, t.text, t.details]));
  if (e.tests.dataset.key !== key) {
    e.tests.dataset.key = key;
    e.tests.replaceChildren(...tests.map((t) => testItem(b, t)));
  }
  e.tests.hidden = tests.length === 0;
  e.testsHeading.hidden = tests.length === 0;
  const gens = (cmwdOf(b).generals || []).filter((g) => g && g.leader !== undefined);
  e.generals.replaceChildren(...gens.map((g) => generalItem(b, g)));
  e.generals.hidden = gens.length === 0;
  e.generalsHeading.hidden = gens.length === 0;
}
