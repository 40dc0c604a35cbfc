// The New battle form's starting points (docs/protocol.md, "Scenarios and strings of battles"):
// - "Start from": a blank table or a scenario of the chosen book, from the umpire's view (`battle_scenarios`: the
//   book's own set-ups and those saved in this campaign), its description shown and a seat for each of its leaders
//   (a player of the campaign, or nobody): battle.create {"scenario", "seats": {leader name: user}};
// - "Carry on from": for a book that carries its pieces on (`carryOn`: Border Reivers' string of raids), an ended
//   battle of that book: battle.create's `carry_from`. Without a scenario the new battle takes the ended one's table
//   and sides and no pieces, so that every survivor comes where it ended, seated as before.

import { h, setText } from '../common/dom.js';
import { RULESETS } from '../rulesets/index.js';

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const sideName = (battle, id) => ((battle.sides || []).find((s) => s.id === id) || {}).name || id || '';

// Replaces a select's options when their keys change, keeping the choice when it is still offered.
function fillSelect(select, options) {
  const key = options.map((o) => `${o.value}\u0001${o.label}`).join('\u0002');
  if (select.dataset.key === key) return;
  select.dataset.key = key;
  const keep = select.value;
  select.replaceChildren(...options.map((o) => h('option', { value: o.value }, o.label)));
  select.value = options.some((o) => o.value === keep) ? keep : options[0].value;
}

function seatPicker(leader, i, battle, players) {
  const id = `battle-create-seat-${i}`;
  const select = h('select', { id, testid: 'battle-create-seat', dataset: { leader: leader.name || '' } },
    h('option', { value: '' }, 'nobody'),
    ...players.map((p) => h('option', { value: String(p.user) }, p.name)));
  return h('div', { class: 'create-player' },
    h('label', { for: id }, `${leader.name} (${sideName(battle, leader.side)})`), select);
}

export function startFrom() {
  const c = {
    scenario: h('select', { id: 'battle-create-scenario', testid: 'battle-create-scenario' }),
    about: h('p', { class: 'hint', testid: 'battle-create-scenario-about', hidden: true }),
    seats: h('div', { class: 'create-players', testid: 'battle-create-seats' }),
    carry: h('select', { id: 'battle-create-carry', testid: 'battle-create-carry' }),
    carryHint: h('p', { class: 'hint', testid: 'battle-create-carry-hint', hidden: true }),
  };
  c.seatsField = h('div', { class: 'field', hidden: true }, h('span', { class: 'label' }, 'Seats: a player for each leader'), c.seats);
  c.carryField = h('div', { class: 'stack', hidden: true }, field('battle-create-carry', 'Carry on from', c.carry), c.carryHint);
  const state = { scenarios: [], ended: [], players: [], changed: () => {} };

  const chosenScenario = () => state.scenarios.find((s) => s.id === c.scenario.value) || null;
  const chosenCarry = () => state.ended.find((b) => String(b.id) === c.carry.value) || null;

  function showScenario() {
    const sc = chosenScenario();
    c.about.hidden = !sc;
    setText(c.about, sc ? sc.description || 'No description.' : '');
    c.seatsField.hidden = !sc;
    const leaders = (sc && sc.battle && Array.isArray(sc.battle.leaders)) ? sc.battle.leaders : [];
    const key = sc ? `${sc.id}|${state.players.map((p) => `${p.user}:${p.name}`).join(',')}` : '';
    if (c.seats.dataset.key !== key) {
      const keep = new Map([...c.seats.querySelectorAll('select')].map((s) => [s.dataset.leader, s.value]));
      c.seats.dataset.key = key;
      c.seats.replaceChildren(...leaders.map((l, i) => seatPicker(l, i, sc.battle, state.players)));
      for (const s of c.seats.querySelectorAll('select')) {
        const v = keep.get(s.dataset.leader);
        if (v && [...s.options].some((o) => o.value === v)) s.value = v;
      }
    }
  }

  function showCarry(book) {
    const from = chosenCarry();
    setText(c.carryHint, !from ? (book && book.carryOn) || ''
      : `${book.carryOn} ${chosenScenario() ? 'The scenario\'s pieces carry on by name.' : 'With no scenario, every survivor comes where it ended, seated as before, on that battle\'s table.'}`);
    c.carryHint.hidden = !book || !book.carryOn;
  }

  c.scenario.addEventListener('change', () => { showScenario(); showCarry(RULESETS[state.ruleset]); state.changed(); });
  c.carry.addEventListener('change', () => { showCarry(RULESETS[state.ruleset]); state.changed(); });

  return {
    scenarioEl: h('div', { class: 'stack' }, field('battle-create-scenario', 'Start from', c.scenario), c.about, c.seatsField),
    carryEl: c.carryField,
    onChange(fn) { state.changed = fn; },
    // view: the umpire's; ruleset: the book chosen in the form; players: the campaign's players ({user, name}).
    update(view, ruleset, players) {
      state.ruleset = ruleset;
      state.players = players;
      state.scenarios = (Array.isArray(view && view.battle_scenarios) ? view.battle_scenarios : []).filter((s) => s && s.ruleset === ruleset);
      fillSelect(c.scenario, [{ value: '', label: 'A blank table' }, ...state.scenarios.map((s) => ({ value: s.id, label: s.name }))]);
      const book = RULESETS[ruleset];
      state.ended = book && book.carryOn
        ? Object.values((view && view.battles) || {}).filter((b) => b && b.ruleset === ruleset && b.status === 'ended').sort((a, b) => a.id - b.id)
        : [];
      c.carryField.hidden = !book || !book.carryOn;
      fillSelect(c.carry, [{ value: '', label: 'Nothing: a fresh battle' }, ...state.ended.map((b) => ({ value: String(b.id), label: b.name }))]);
      showScenario();
      showCarry(book);
    },
    scenario: chosenScenario,
    carryFrom: chosenCarry,
    // {leader name: user} for every leader given a player.
    seats() {
      const out = {};
      for (const s of c.seats.querySelectorAll('select')) if (s.value !== '') out[s.dataset.leader] = Number(s.value);
      return out;
    },
    // After a battle is created: back to a blank table.
    reset() {
      c.scenario.value = '';
      c.carry.value = '';
      showScenario();
      showCarry(RULESETS[state.ruleset]);
    },
  };
}
