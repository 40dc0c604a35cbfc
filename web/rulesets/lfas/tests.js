// The last tests read back with every die and factor (docs/protocol.md, "Loose Files and American Scramble",
// "Steps"): each is a log line whose details name its `test`. Combat reads as each side's sum, "die 4 − 2 (33rd
// DPs) + 3 (training) = 5", then the margin and each side's result; fire as its dice and faces; artillery as its
// modifiers and faces; movement as its faces and DPs. Nothing is reckoned: every total is the server's.

import { h } from '../../common/dom.js';
import { leaderName, unitName, words, plural, inches } from './words.js';

const MOST = 16; // the tests shown: the last turn's that had any, at most this many
const signed = (n) => (n < 0 ? `− ${-n}` : `+ ${n}`);
const list = (v) => (Array.isArray(v) ? v : typeof v === 'number' ? [v] : []);

const TESTS = {
  fire: 'Musketry', artillery: 'Artillery', movement: 'Movement', combat: 'Combat', general: 'Risk to a general',
  morale: 'Units passed by the beaten', commander_move: 'A commander rides',
};

// "Modifiers include +1 heavy, +1 target in column or limbered, +1 same target and range as last turn, -1 new
// target, -1 per DP, -2 target in fieldwork or skirmish order": the server says which apply, and their sum.
const GUN_MODIFIERS = {
  heavy: 'heavy gun (+1)', column_or_limbered: 'target in column or limbered (+1)', same_target: 'same target and range as last turn (+1)',
  new_target: 'new target (−1)', works_or_skirmish: 'target in works or skirmish order (−2)',
};

const dieSpan = (n, kind = '') => h('span', { class: 'lfas-die', testid: 'lfas-test-die', dataset: { die: String(n), kind } }, kind ? `${kind === 'average' ? 'av' : 'd6'} ${n}` : `${n}`);
// Dice summed (movement) read "av 2 + av 5"; dice each read alone (fire) "6, 3, 1".
const faces = (fs, sep = ', ') => list(fs).flatMap((f, i) => [i ? sep : '', f && typeof f === 'object' ? dieSpan(f.face, f.die) : dieSpan(f)]);
const row = (testid, data, ...parts) => h('li', { testid, dataset: data }, ...parts);

// One side of a combat: its units, the average die each rolled, every factor, the total.
function combatSide(b, label, s) {
  const parts = [];
  list(s.dice).forEach((d, i) => parts.push(i ? ' + ' : '', 'die ', dieSpan(d)));
  for (const f of Array.isArray(s.factors) ? s.factors : []) {
    const v = Number(f.value) || 0;
    parts.push(` ${signed(v)} `, h('span', { class: 'lfas-factor', testid: 'lfas-test-factor', dataset: { why: String(f.why || ''), value: String(v) } }, `(${f.why || 'factor'})`));
  }
  const who = list(s.units).map((u) => unitName(b, u)).join(' and ');
  return row('lfas-test-side', { side: label, total: String(s.total ?? '') }, h('strong', {}, `${label === 'attackers' ? 'Attackers' : 'Defender'} (${who})`), ': ', ...parts,
    typeof s.total === 'number' ? ` = ${s.total}` : '');
}

function combatLines(b, d) {
  return [combatSide(b, 'attackers', d.attackers || {}), combatSide(b, 'defender', d.defender || {}),
    row('lfas-test-result', { margin: String(d.margin ?? ''), attacker: words(d.attacker_result), defender: words(d.defender_result) },
      `Margin ${typeof d.margin === 'number' && d.margin > 0 ? '+' : ''}${d.margin ?? '?'}: the attackers: ${words(d.attacker_result)}; the defender: ${words(d.defender_result)}.`)];
}

function fireLines(b, d) {
  const halves = [d.halved_for_target ? 'halved (guns or skirmishers)' : '', d.halved_for_works ? 'halved again (works or buildings)' : ''].filter(Boolean);
  const sum = `${plural(d.companies ?? 0, 'company', 'companies')} − ${plural(d.dps ?? 0, 'DP')}${halves.length ? `, ${halves.join(', ')}` : ''} = ${plural(d.dice ?? 0, 'die', 'dice')}`;
  const out = [row('lfas-test-side', { total: String(d.hits ?? '') }, h('strong', {}, `${unitName(b, d.unit)} at ${unitName(b, d.target)}`), `: ${sum}: `, ...faces(d.faces))];
  if (list(d.rerolls).length) out.push(row('lfas-test-side', {}, 'Skirmishers re-roll their 5s: ', ...faces(d.rerolls)));
  out.push(row('lfas-test-result', { hits: String(d.hits ?? '') }, `${plural(d.hits ?? 0, 'hit')}: ${plural(d.hits ?? 0, 'DP')}.`));
  return out;
}

function artilleryLines(b, d) {
  const m = d.modifiers && typeof d.modifiers === 'object' ? d.modifiers : {};
  const on = Object.entries(GUN_MODIFIERS).filter(([k]) => m[k] === true).map(([, v]) => v);
  if (typeof m.dps === 'number' && m.dps) on.push(`${plural(m.dps, 'DP')} on the gun (−${m.dps})`);
  return [
    row('lfas-test-side', { total: String(d.modifier ?? '') }, h('strong', {}, `${unitName(b, d.unit)} at ${unitName(b, d.target)}, ${d.range || ''} range`),
      `: ${on.length ? on.join(', ') : 'no modifier'}; each gun ${signed(Number(d.modifier) || 0)}: `, ...faces(d.faces)),
    row('lfas-test-result', {}, `${plural(d.dps ?? 0, 'DP')}, ${plural(d.casualties ?? 0, 'casualty', 'casualties')}.`),
  ];
}

function plainLines(b, d) {
  if (d.test === 'movement') {
    return [row('lfas-test-side', { total: String(d.inches ?? '') }, h('strong', {}, unitName(b, d.unit)), ': ', ...faces(d.faces, ' + '),
      ` = ${inches(d.inches ?? 0)}${d.wheel ? ', wheeling' : ''}; ${plural(d.dps ?? 0, 'DP')}.`)];
  }
  if (d.test === 'commander_move') return [row('lfas-test-side', { total: String(d.inches ?? '') }, h('strong', {}, leaderName(b, d.leader)), ': average dice ', ...faces(d.faces, ' + '), ` = ${inches(d.inches ?? 0)}.`)];
  if (d.test === 'general') return [row('lfas-test-side', {}, h('strong', {}, leaderName(b, d.leader)), ': ', ...faces(d.dice), `: ${words(d.result) || 'unhurt'}.`)];
  if (d.test === 'morale') return [row('lfas-test-side', {}, h('strong', {}, unitName(b, d.unit)), ` sees ${unitName(b, d.by)} pass: ${plural(d.dps ?? 0, 'DP')}, ${plural(d.casualties ?? 0, 'casualty', 'casualties')}.`)];
  return [row('lfas-test-side', {}, ...faces(d.faces || d.dice))];
}

function linesOf(b, d) {
  if (d.test === 'combat') return combatLines(b, d);
  if (d.test === 'fire') return fireLines(b, d);
  if (d.test === 'artillery') return artilleryLines(b, d);
  return plainLines(b, d);
}

function testItem(b, e) {
  const d = e.details;
  return h('li', { class: 'lfas-test', testid: 'lfas-test', dataset: { test: String(d.test), turn: String(e.turn), unit: String(d.unit ?? d.leader ?? '') } },
    h('div', { class: 'item-meta' }, `Turn ${e.turn} · ${TESTS[d.test] || words(d.test)}`), h('div', { class: 'item-text' }, e.text || ''),
    h('ul', { class: 'lfas-test-lines' }, ...linesOf(b, d)));
}

// The log's test lines of the last turn that had any (a public line and a side's copy are one).
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

export function testsElements() {
  const e = { heading: h('h3', {}, 'Last tests'), list: h('ol', { class: 'lfas-tests', testid: 'lfas-tests' }) };
  e.el = h('div', { class: 'lfas-fighting' }, e.heading, e.list);
  return e;
}

export function showTests(e, b) {
  const tests = lastTests(b);
  const key = JSON.stringify(tests.map((t) => [t.turn, t.text, t.details]));
  if (e.list.dataset.key !== key) {
    e.list.dataset.key = key;
    e.list.replaceChildren(...tests.map((t) => testItem(b, t)));
  }
  e.el.hidden = tests.length === 0;
}
