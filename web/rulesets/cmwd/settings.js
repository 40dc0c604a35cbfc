// Chosen Men's settings form for the umpire (battle.settings; docs/protocol.md, "Chosen Men, Well Disposed",
// "Settings"; shared/rulesets/cmwd/settings.h): every setting the server has for the book: the base width, the
// tempo, moves, ranges, the fire, charge and hand-to-hand factors by troop type, the result bands, the morale die,
// the ranks of generals, the generator's reserve division and a campaign regiment's losses. Each value is checked
// against the server's bounds before sending (the server checks again); only the settings changed are sent.

import { h } from '../../common/dom.js';

const LABELS = {
  bw: 'One base width (BW) in the table\'s measure', tempo_dice: 'Tempo dice (d6) each game turn',
  tempo_bonus: 'Tempo points added to the dice', bid_paid_by: 'Tempo bids are paid by', tempo_tie: 'On a tied bid the tempo',
  first_tempo: 'The side with the tempo before any bid', tp_start: 'TP to order a brigade that did not move last stage',
  tp_continue: 'TP to order a brigade that moved last stage', charge_bw: 'Charge reach (BW)', close_bw: 'Close range (BW)',
  artillery_long_bw: 'Artillery long range (BW)', heavier_cavalry: '"Cavalry facing heavier cavalry" (-1) counts for',
  melee_no_result_upto: 'Hand to hand: no result up to a difference of', melee_recoil_upto: 'Hand to hand: the loser recoils up to a difference of',
  reserve_cavalry_upto: 'French generator: a reserve division is cavalry on a d6 up to',
  move_bw: 'Move by troop type (BW: "infantry 1, horse 2")', fire_factor: 'Fire factor by school or type and range ("a_prest.close 1")',
  fire_defence: 'Defence against fire by troop type', charge_defence: 'Defence in the test to charge by troop type',
  melee_factor: 'Hand-to-hand factor by troop type', regiment_losses: 'A campaign regiment\'s losses (%) by its base\'s end ("shaken" a level)',
  morale_adjustment: 'Brigade morale: the d6\'s adjustment for faces 1 to 6 ("-2, -1, 0, 0, 1, 2")',
  general_table: 'A successor\'s or generated general\'s rank for d6 faces 1 to 6',
  risk_when_firing: 'A base\'s own fire puts its general at risk', general_no_movement: 'A general hit with "No movement"',
  morale_bases: 'A brigade is spent when its morale exceeds',
};
const CHOICES = {
  bid_paid_by: [['both', 'both sides'], ['winner', 'the side that wins the tempo']],
  tempo_tie: [['keeps', 'stays with the side that had it'], ['other', 'goes to the other side']],
  heavier_cavalry: [['either', 'either side of the test (dragoons charged by horse too)'], ['tester', 'the charging base alone']],
  general_no_movement: [['brigade', 'holds his brigade'], ['orders', 'stands, his orders still going out']],
  morale_bases: [['all', 'every base it began with'], ['standing', 'its bases still standing']],
};
// [min, max, whole]: the server's bounds (shared/rulesets/cmwd/settings.cpp).
const NUMBERS = {
  bw: [0.01, 1000, false], tempo_dice: [0, 6, true], tempo_bonus: [0, 36, true], tp_start: [0, 12, true], tp_continue: [0, 12, true],
  charge_bw: [0, 20, false], close_bw: [0, 20, false], artillery_long_bw: [0, 50, false],
  melee_no_result_upto: [0, 12, true], melee_recoil_upto: [0, 12, true], reserve_cavalry_upto: [0, 6, true],
};
// Named numbers, written "name value, name value": [min, max, whole]; only the names the server has.
const MAPS = {
  move_bw: [0, 20, false], fire_factor: [-6, 12, true], fire_defence: [-6, 12, true], charge_defence: [-6, 12, true],
  melee_factor: [-6, 12, true], regiment_losses: [0, 100, true],
};
const RANKS = ['vigorous', 'active', 'lethargic'];

const id = (k) => `cmwd-setting-${k.replace(/_/g, '-')}`;
const field = (k, control) => h('div', { class: 'field' }, h('label', { for: id(k) }, LABELS[k]), control);
const text = (k) => h('input', { type: 'text', id: id(k), testid: id(k), autocomplete: 'off' });

function controls() {
  const c = {
    autoRun: h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' }),
    turnSeconds: h('input', { type: 'number', id: 'battle-turn-seconds', testid: 'battle-turn-seconds', value: '0', min: 0, max: 86400, inputmode: 'decimal' }),
    first_tempo: h('select', { id: id('first_tempo'), testid: id('first_tempo') }),
    morale_adjustment: text('morale_adjustment'),
    risk_when_firing: h('input', { type: 'checkbox', id: id('risk_when_firing'), testid: id('risk_when_firing') }),
  };
  for (const [k, opts] of Object.entries(CHOICES)) c[k] = h('select', { id: id(k), testid: id(k) }, ...opts.map(([v, l]) => h('option', { value: v }, l)));
  for (const [k, [lo, hi, whole]] of Object.entries(NUMBERS)) c[k] = h('input', { type: 'number', id: id(k), testid: id(k), min: lo, max: hi, step: whole ? 1 : 'any', inputmode: 'decimal' });
  for (const k of Object.keys(MAPS)) c[k] = text(k);
  // The six faces of the ranks' d6, one select each.
  c.general_table = Array.from({ length: 6 }, (_, i) => h('select', { id: `${id('general_table')}-${i + 1}`, testid: `${id('general_table')}-${i + 1}`, 'aria-label': `d6 ${i + 1}` },
    ...RANKS.map((r) => h('option', { value: r }, `${i + 1}: ${r}`))));
  return c;
}

const row = (c, keys) => h('div', { class: 'field-row' }, ...keys.map((k) => field(k, c[k])));

function layout(c) {
  return h('div', { class: 'stack' },
    h('div', { class: 'inline-form' },
      h('label', { class: 'check', for: 'battle-auto-run' }, c.autoRun, ' Resolve the combat at once when a side finishes (untick to step through it)'),
      h('div', { class: 'field' }, h('label', { for: 'battle-turn-seconds' }, 'Turn timer (s, 0 none)'), c.turnSeconds)),
    row(c, ['bw', 'tempo_dice', 'tempo_bonus']), row(c, ['bid_paid_by', 'tempo_tie', 'first_tempo']),
    row(c, ['tp_start', 'tp_continue']), row(c, ['charge_bw', 'close_bw', 'artillery_long_bw']), row(c, ['move_bw']),
    row(c, ['fire_factor']), row(c, ['fire_defence', 'charge_defence']), row(c, ['heavier_cavalry', 'melee_factor']),
    row(c, ['melee_no_result_upto', 'melee_recoil_upto']), row(c, ['morale_adjustment', 'morale_bases', 'reserve_cavalry_upto']),
    h('div', { class: 'field-row' }, h('label', { class: 'check', for: id('risk_when_firing') }, c.risk_when_firing, ` ${LABELS.risk_when_firing}`),
      field('general_no_movement', c.general_no_movement)),
    h('div', { class: 'field' }, h('span', { class: 'label' }, LABELS.general_table), h('div', { class: 'field-row' }, ...c.general_table)),
    row(c, ['regiment_losses']));
}

function readNumber(k, text, [lo, hi, whole] = NUMBERS[k]) {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < lo || v > hi || (whole && !Number.isInteger(v))) {
    throw new Error(`${LABELS[k]}: ${whole ? 'a whole number' : 'a number'} from ${lo} to ${hi}.`);
  }
  return v;
}

// "infantry 1, horse 2" <-> {infantry: 1, horse: 2}; names only those of `current` (the server's).
const mapText = (o) => (o && typeof o === 'object' ? Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') : '');
function parseMap(k, value, current) {
  const out = {};
  for (const part of value.split(/[,;\n]+/).map((x) => x.trim()).filter(Boolean)) {
    const m = /^([a-z_.]+)\s*[:=]?\s*(\S+)$/i.exec(part);
    if (!m) throw new Error(`${LABELS[k]}: "${part}": write a name and its value, e.g. "${Object.keys(current)[0] || 'infantry'} 1".`);
    if (!(m[1] in current)) throw new Error(`${LABELS[k]}: there is no "${m[1]}" (${Object.keys(current).join(', ')}).`);
    out[m[1]] = readNumber(k, m[2], MAPS[k]);
  }
  return out;
}

function parseAdjustments(value) {
  const faces = value.split(/[,;\s]+/).filter(Boolean);
  if (faces.length !== 6) throw new Error(`${LABELS.morale_adjustment}: six whole numbers from -6 to 6.`);
  return faces.map((f) => readNumber('morale_adjustment', f, [-6, 6, true]));
}

// {el, fill(b), read(b) -> the changes}: the book's settingsForm (web/rulesets/index.js).
export function settingsForm() {
  const c = controls();
  return {
    el: layout(c),
    fill(b) {
      const st = b.settings || {};
      c.autoRun.checked = !!st.auto_run;
      c.turnSeconds.value = String(st.turn_seconds || 0);
      for (const k of Object.keys(CHOICES)) if (st[k] !== undefined) c[k].value = st[k];
      for (const k of Object.keys(NUMBERS)) c[k].value = st[k] === undefined ? '' : String(st[k]);
      for (const k of Object.keys(MAPS)) c[k].value = mapText(st[k]);
      c.risk_when_firing.checked = !!st.risk_when_firing;
      c.morale_adjustment.value = Array.isArray(st.morale_adjustment) ? st.morale_adjustment.join(', ') : '';
      c.general_table.forEach((s, i) => { s.value = (st.general_table || [])[i] || 'active'; });
      c.first_tempo.replaceChildren(h('option', { value: '' }, 'the first side listed'), ...(b.sides || []).map((s) => h('option', { value: s.id }, s.name || s.id)));
      c.first_tempo.value = st.first_tempo || '';
    },
    read(b) {
      const cur = b.settings || {};
      const out = { auto_run: c.autoRun.checked, turn_seconds: Number(c.turnSeconds.value) || 0 };
      const changed = (k, v) => { if (JSON.stringify(v) !== JSON.stringify(cur[k])) out[k] = v; };
      for (const k of Object.keys(CHOICES)) if (cur[k] !== undefined) changed(k, c[k].value);
      // A setting this server does not send, left blank, is left alone.
      for (const k of Object.keys(NUMBERS)) if (!(cur[k] === undefined && c[k].value.trim() === '')) changed(k, readNumber(k, c[k].value));
      for (const k of Object.keys(MAPS)) {
        if (cur[k] === undefined) continue;
        const m = parseMap(k, c[k].value, cur[k]);
        if (Object.entries(m).some(([name, v]) => cur[k][name] !== v)) out[k] = m;
      }
      if (cur.risk_when_firing !== undefined) changed('risk_when_firing', c.risk_when_firing.checked);
      if (cur.morale_adjustment !== undefined) changed('morale_adjustment', parseAdjustments(c.morale_adjustment.value));
      if (cur.general_table !== undefined) changed('general_table', c.general_table.map((s) => s.value));
      if (c.melee_no_result_upto.value !== '' && Number(c.melee_recoil_upto.value) < Number(c.melee_no_result_upto.value)) {
        throw new Error('Hand to hand: the recoil band must reach at least as far as the no-result band.');
      }
      if (c.first_tempo.value || cur.first_tempo) changed('first_tempo', c.first_tempo.value);
      return out;
    },
  };
}
