// Chosen Men's settings form for the umpire (battle.settings; docs/protocol.md, "Chosen Men, Well Disposed",
// "Settings"): the base width in the table's measure, the tempo dice and how bids are paid and tied, the tempo
// points a brigade's order costs, the charge and close ranges in BW, and the hand-to-hand result bands. Each value
// is checked before sending (the server checks again); only the settings changed are sent.

import { h } from '../../common/dom.js';

const LABELS = {
  bw: 'One base width (BW) in the table\'s measure', tempo_dice: 'Tempo dice (d6) each game turn',
  tempo_bonus: 'Tempo points added to the dice', bid_paid_by: 'Tempo bids are paid by', tempo_tie: 'On a tied bid the tempo',
  first_tempo: 'The side with the tempo before any bid', tp_start: 'TP to order a brigade that did not move last stage',
  tp_continue: 'TP to order a brigade that moved last stage', charge_bw: 'Charge reach (BW)', close_bw: 'Close range (BW)',
  melee_no_result_upto: 'Hand to hand: no result up to a difference of', melee_recoil_upto: 'Hand to hand: the loser recoils up to a difference of',
};
const CHOICES = {
  bid_paid_by: [['both', 'both sides'], ['winner', 'the side that wins the tempo']],
  tempo_tie: [['keeps', 'stays with the side that had it'], ['other', 'goes to the other side']],
};
// [min, max, whole]: the server's bounds (shared/rulesets/cmwd/settings.cpp).
const NUMBERS = {
  bw: [0.01, 1000, false], tempo_dice: [0, 6, true], tempo_bonus: [0, 36, true], tp_start: [0, 12, true], tp_continue: [0, 12, true],
  charge_bw: [0, 20, false], close_bw: [0, 20, false], melee_no_result_upto: [0, 12, true], melee_recoil_upto: [0, 12, true],
};

const id = (k) => `cmwd-setting-${k.replace(/_/g, '-')}`;
const field = (k, control) => h('div', { class: 'field' }, h('label', { for: id(k) }, LABELS[k]), control);

function controls() {
  const c = {
    autoRun: h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' }),
    turnSeconds: h('input', { type: 'number', id: 'battle-turn-seconds', testid: 'battle-turn-seconds', value: '0', min: 0, max: 86400, inputmode: 'decimal' }),
    first_tempo: h('select', { id: id('first_tempo'), testid: id('first_tempo') }),
  };
  for (const [k, opts] of Object.entries(CHOICES)) c[k] = h('select', { id: id(k), testid: id(k) }, ...opts.map(([v, l]) => h('option', { value: v }, l)));
  for (const [k, [lo, hi, whole]] of Object.entries(NUMBERS)) c[k] = h('input', { type: 'number', id: id(k), testid: id(k), min: lo, max: hi, step: whole ? 1 : 'any', inputmode: 'decimal' });
  return c;
}

const row = (c, keys) => h('div', { class: 'field-row' }, ...keys.map((k) => field(k, c[k])));

function layout(c) {
  return h('div', { class: 'stack' },
    h('div', { class: 'inline-form' },
      h('label', { class: 'check', for: 'battle-auto-run' }, c.autoRun, ' Resolve the combat at once when a side finishes (untick to step through it)'),
      h('div', { class: 'field' }, h('label', { for: 'battle-turn-seconds' }, 'Turn timer (s, 0 none)'), c.turnSeconds)),
    row(c, ['bw', 'tempo_dice', 'tempo_bonus']), row(c, ['bid_paid_by', 'tempo_tie', 'first_tempo']),
    row(c, ['tp_start', 'tp_continue']), row(c, ['charge_bw', 'close_bw']), row(c, ['melee_no_result_upto', 'melee_recoil_upto']));
}

function readNumber(k, text) {
  const [lo, hi, whole] = NUMBERS[k];
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < lo || v > hi || (whole && !Number.isInteger(v))) {
    throw new Error(`${LABELS[k]}: ${whole ? 'a whole number' : 'a number'} from ${lo} to ${hi}.`);
  }
  return v;
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
      c.first_tempo.replaceChildren(h('option', { value: '' }, 'the first side listed'), ...(b.sides || []).map((s) => h('option', { value: s.id }, s.name || s.id)));
      c.first_tempo.value = st.first_tempo || '';
    },
    read(b) {
      const cur = b.settings || {};
      const out = { auto_run: c.autoRun.checked, turn_seconds: Number(c.turnSeconds.value) || 0 };
      const changed = (k, v) => { if (JSON.stringify(v) !== JSON.stringify(cur[k])) out[k] = v; };
      for (const k of Object.keys(CHOICES)) changed(k, c[k].value);
      // A setting this server does not send, left blank, is left alone.
      for (const k of Object.keys(NUMBERS)) if (!(cur[k] === undefined && c[k].value.trim() === '')) changed(k, readNumber(k, c[k].value));
      if (c.melee_no_result_upto.value !== '' && Number(c.melee_recoil_upto.value) < Number(c.melee_no_result_upto.value)) {
        throw new Error('Hand to hand: the recoil band must reach at least as far as the no-result band.');
      }
      if (c.first_tempo.value || cur.first_tempo) changed('first_tempo', c.first_tempo.value);
      return out;
    },
  };
}
