// Loose Files' settings form for the umpire (battle.settings; docs/protocol.md, "Loose Files and American
// Scramble", "Settings"): simultaneous turns or IGOUGO and who goes first, how simultaneous moves that meet end, whether a unit needs an order to move,
// whose speed changes are limited, where an order given directly is measured from, the adjacency and wheel readings, the inspiring bonuses and the distances the
// beaten fall back. Each value is checked before sending (the server checks again); only changes are sent.

import { h } from '../../common/dom.js';

const LABELS = {
  sequence: 'Turns', first_side: 'IGOUGO: the side that goes first', orders_needed: 'A unit moves only on an order (given this turn or written)',
  speed_limit_for: 'Speed changes by one or two dice only for', adjacent_inches: 'A commander is "adjacent" within (inches)',
  wheel_degrees: 'A turn above this many degrees is a wheel', inspire_bonus: 'A brigadier inspiring gives (combat)',
  c_in_c_bonus: 'The commander-in-chief inspiring gives (combat)', defeated_inches: 'The defeated fall back (inches)',
  rout_inches: 'The routed run at least (inches)', movers_meeting: 'Simultaneous moves that meet',
  command_range_from: 'An order given directly reaches units within 6" of the commander',
};
const CHOICES = {
  sequence: [['simultaneous', 'simultaneous (all movement at once)'], ['igougo', 'IGOUGO (the sides take turns)']],
  speed_limit_for: [['cavalry', 'cavalry'], ['all', 'every unit']],
  movers_meeting: [['both_stop', 'both stop where they meet'], ['in_order', 'move one at a time, in the order the orders came']],
  command_range_from: [['after_ride', 'after his ride of the turn'], ['before_ride', 'where he stands, before he rides']],
};
// [min, max, whole]: the server's bounds (shared/rulesets/lfas/settings.cpp).
const NUMBERS = {
  adjacent_inches: [0, 12, false], wheel_degrees: [0, 180, false], inspire_bonus: [0, 6, true], c_in_c_bonus: [0, 6, true],
  defeated_inches: [0, 100, false], rout_inches: [0, 200, false],
};

const id = (k) => `lfas-setting-${k.replace(/_/g, '-')}`;
const field = (k, control) => h('div', { class: 'field' }, h('label', { for: id(k) }, LABELS[k]), control);

function controls() {
  const c = {
    autoRun: h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' }),
    turnSeconds: h('input', { type: 'number', id: 'battle-turn-seconds', testid: 'battle-turn-seconds', value: '0', min: 0, max: 86400, inputmode: 'decimal' }),
    first_side: h('select', { id: id('first_side'), testid: id('first_side') }),
    orders_needed: h('input', { type: 'checkbox', id: id('orders_needed'), testid: id('orders_needed') }),
  };
  for (const [k, opts] of Object.entries(CHOICES)) c[k] = h('select', { id: id(k), testid: id(k) }, ...opts.map(([v, l]) => h('option', { value: v }, l)));
  for (const [k, [lo, hi, whole]] of Object.entries(NUMBERS)) c[k] = h('input', { type: 'number', id: id(k), testid: id(k), min: lo, max: hi, step: whole ? 1 : 'any', inputmode: 'decimal' });
  return c;
}

const row = (c, keys) => h('div', { class: 'field-row' }, ...keys.map((k) => field(k, c[k])));

function layout(c) {
  return h('div', { class: 'stack' },
    h('div', { class: 'inline-form' },
      h('label', { class: 'check', for: 'battle-auto-run' }, c.autoRun, ' Resolve the turn at once when every order is in (untick to step through it)'),
      h('div', { class: 'field' }, h('label', { for: 'battle-turn-seconds' }, 'Turn timer (s, 0 none)'), c.turnSeconds)),
    row(c, ['sequence', 'first_side']),
    h('label', { class: 'check', for: id('orders_needed') }, c.orders_needed, ` ${LABELS.orders_needed}`),
    row(c, ['speed_limit_for', 'adjacent_inches']), row(c, ['wheel_degrees', 'inspire_bonus']),
    row(c, ['c_in_c_bonus', 'defeated_inches']), row(c, ['rout_inches', 'movers_meeting']), row(c, ['command_range_from']));
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
      c.orders_needed.checked = st.orders_needed !== false;
      for (const k of Object.keys(CHOICES)) if (st[k] !== undefined) c[k].value = st[k];
      for (const k of Object.keys(NUMBERS)) c[k].value = st[k] === undefined ? '' : String(st[k]);
      c.first_side.replaceChildren(h('option', { value: '' }, 'the first side listed'), ...(b.sides || []).map((s) => h('option', { value: s.id }, s.name || s.id)));
      c.first_side.value = st.first_side || '';
    },
    read(b) {
      const cur = b.settings || {};
      const out = { auto_run: c.autoRun.checked, turn_seconds: Number(c.turnSeconds.value) || 0 };
      const changed = (k, v) => { if (JSON.stringify(v) !== JSON.stringify(cur[k])) out[k] = v; };
      // A choice this server does not send is left alone.
      for (const k of Object.keys(CHOICES)) if (cur[k] !== undefined || k !== 'command_range_from') changed(k, c[k].value);
      // A setting this server does not send, left blank, is left alone.
      for (const k of Object.keys(NUMBERS)) if (!(cur[k] === undefined && c[k].value.trim() === '')) changed(k, readNumber(k, c[k].value));
      if (cur.orders_needed !== undefined || !c.orders_needed.checked) changed('orders_needed', c.orders_needed.checked);
      if (c.first_side.value || cur.first_side) changed('first_side', c.first_side.value);
      return out;
    },
  };
}
