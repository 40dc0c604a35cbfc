// Over the Hill's settings form for the umpire (battle.settings; shared/rulesets/oth/battle_settings.h): the
// turn's running (auto-run, the timer) and ambushes. The console places it in set-up and in play.

import { h } from '../../common/dom.js';

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);

function controls() {
  return {
    autoRun: h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' }),
    turnSeconds: h('input', { type: 'number', id: 'battle-turn-seconds', testid: 'battle-turn-seconds', value: '0', min: 0, max: 86400, inputmode: 'decimal' }),
    spotCm: h('input', { type: 'number', id: 'battle-spot-cm', testid: 'battle-spot-cm', min: 0, max: 1000, step: 'any', inputmode: 'decimal', placeholder: 'e.g. 10' }),
    surprise: h('input', { type: 'checkbox', id: 'battle-ambush-surprise', testid: 'battle-ambush-surprise' }),
    chargeNext: h('input', { type: 'checkbox', id: 'battle-test-charge-next-turn', testid: 'battle-test-charge-next-turn' }),
  };
}

function layout(c) {
  return h('div', { class: 'stack' },
    h('div', { class: 'inline-form' },
      h('label', { class: 'check', for: 'battle-auto-run' }, c.autoRun, ' Resolve each turn at once (untick to step through it)'),
      field('battle-turn-seconds', 'Turn timer (s, 0 none)', c.turnSeconds)),
    h('div', { class: 'field-row' },
      field('battle-spot-cm', 'Ambushers are seen within (cm)', c.spotCm),
      h('label', { class: 'check', for: 'battle-ambush-surprise' }, c.surprise, ' A sprung ambush: the enemy units that see it take a reaction test (surprised)')),
    // docs/rules-notes.md, "The turn in play": when "Ch Charge nearest enemy" on the order to advance charges.
    h('label', { class: 'check', for: 'battle-test-charge-next-turn' }, c.chargeNext, ' A unit whose test to advance reads Ch stands this turn and charges from the next (unticked: it charges at once)'));
}

function spotChange(text, cur) {
  if (text === '') {
    if (cur.spot_cm !== undefined) throw new Error('Give the distance at which ambushers are seen (cm).');
    return undefined;
  }
  const v = Number(text);
  if (!(v >= 0 && v <= 1000)) throw new Error('The distance at which ambushers are seen: a number of cm from 0 to 1000.');
  return v !== cur.spot_cm ? v : undefined;
}

// {el, fill(b): the form from the view, read(b): the changes to send (throws a message the umpire can read)}.
// Ambushes are sent only when changed, so a server without them is not troubled by the form. The terrain that
// blocks sight and movement in terrain are the table's (web/umpire/table_settings_form.js; index.js names them).
export function settingsForm() {
  const c = controls();
  return {
    el: layout(c),
    fill(b) {
      const st = b.settings || {};
      c.autoRun.checked = !!st.auto_run;
      c.turnSeconds.value = String(st.turn_seconds || 0);
      c.spotCm.value = typeof st.spot_cm === 'number' ? String(st.spot_cm) : '';
      c.surprise.checked = !!st.ambush_surprise;
      c.chargeNext.checked = !!st.test_charge_next_turn;
    },
    read(b) {
      const cur = b.settings || {};
      const out = { auto_run: c.autoRun.checked, turn_seconds: Number(c.turnSeconds.value) || 0 };
      const spot = spotChange(c.spotCm.value.trim(), cur);
      if (spot !== undefined) out.spot_cm = spot;
      if (c.surprise.checked !== !!cur.ambush_surprise) out.ambush_surprise = c.surprise.checked;
      if (c.chargeNext.checked !== !!cur.test_charge_next_turn) out.test_charge_next_turn = c.chargeNext.checked;
      return out;
    },
  };
}
