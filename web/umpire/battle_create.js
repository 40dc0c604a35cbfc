// The umpire's "New battle" form (battle.create): the rule set (the books this client knows, web/rulesets/), name,
// table, the two sides, each player's side, and whether the players bring their regiments. A book may offer
// `newBattleDefaults` ({table: {width, depth, measure}, sides: [first, second]}: Border Reivers' table in paces),
// filled in when it is chosen. On an expedition on campaign, the server brings its regiments and the players given
// roles instead of the players chosen here. Or it starts from a scenario with its seats, or carries on from an ended battle
// (battle_create_from.js): then the table, sides and pieces are the scenario's or that battle's, not the form's.

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { BOOKS, RULESETS } from '../rulesets/index.js';
import { startFrom } from './battle_create_from.js';

// What the form starts with for a book that offers no defaults (Over the Hill's table).
const DEFAULTS = { table: { width: 180, depth: 120, measure: 'cm' }, sides: ['British', 'French'] };
const MEASURES = { cm: 'cm', inches: 'in', paces: 'paces' };
const defaultsOf = (id) => {
  const d = (RULESETS[id] && RULESETS[id].newBattleDefaults) || {};
  return { table: { ...DEFAULTS.table, ...(d.table || {}) }, sides: d.sides || DEFAULTS.sides };
};

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
const num = (id, value, attrs = {}) => h('input', { type: 'number', id, testid: id, value: String(value), inputmode: 'decimal', ...attrs });
const sideId = (name, i) => (name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || `side${i + 1}`);

function controls() {
  const c = {
    ruleset: h('select', { id: 'battle-create-ruleset', testid: 'battle-create-ruleset' },
      ...BOOKS.map((b) => h('option', { value: b.id }, b.name))),
    name: h('input', { type: 'text', id: 'battle-create-name', testid: 'battle-create-name', maxlength: 80, placeholder: 'Fontenoy' }),
    sideA: h('input', { type: 'text', id: 'battle-create-side-a', testid: 'battle-create-side-a', value: 'British', maxlength: 40 }),
    sideB: h('input', { type: 'text', id: 'battle-create-side-b', testid: 'battle-create-side-b', value: 'French', maxlength: 40 }),
    width: num('battle-create-width', 180, { min: 20, max: 10000 }),
    depth: num('battle-create-depth', 120, { min: 20, max: 10000 }),
    widthLabel: h('label', { for: 'battle-create-width' }, 'Width (cm)'),
    depthLabel: h('label', { for: 'battle-create-depth' }, 'Depth (cm)'),
    players: h('div', { class: 'create-players', testid: 'battle-create-players' }),
    regiments: h('input', { type: 'checkbox', testid: 'battle-create-regiments', id: 'battle-create-regiments' }),
    // A battle on an expedition on campaign: the server brings its regiments and the players given roles.
    expedition: h('select', { id: 'battle-create-expedition', testid: 'battle-create-expedition' }),
    button: h('button', { type: 'submit', class: 'primary', testid: 'battle-create' }, 'Create the battle'),
    error: errorLine('battle-create-error'),
  };
  c.measure = 'cm';
  c.from = startFrom();
  // The form's own table, sides and leaders: hidden while a scenario or an ended battle gives them.
  c.expeditionField = field('battle-create-expedition', 'Fought on an expedition', c.expedition);
  c.own = h('div', { class: 'stack' },
    h('div', { class: 'field' }, h('span', { class: 'label' }, 'Leaders: each player\'s side'), c.players),
    h('label', { class: 'check' }, c.regiments, ' Bring each player\'s regiment (current Drill, Musketry, Effectiveness; four bases)'));
  c.manual = h('div', { class: 'stack' },
    h('div', { class: 'field-row' }, h('div', { class: 'field' }, c.widthLabel, c.width), h('div', { class: 'field' }, c.depthLabel, c.depth)),
    h('div', { class: 'field-row' }, field('battle-create-side-a', 'First side (the expedition\'s, on one)', c.sideA), field('battle-create-side-b', 'Second side', c.sideB)),
    c.expeditionField, c.own);
  c.form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field-row' }, field('battle-create-ruleset', 'Rule set', c.ruleset), field('battle-create-name', 'Name', c.name)),
    c.from.scenarioEl, c.from.carryEl, c.manual,
    h('div', { class: 'form-actions' }, c.button), c.error.el);
  return c;
}

// The book chosen: its table and side names filled in, unless the umpire has changed the side names already.
function chooseBook(c, from) {
  const was = defaultsOf(from);
  const d = defaultsOf(c.ruleset.value);
  c.width.value = String(d.table.width);
  c.depth.value = String(d.table.depth);
  c.measure = d.table.measure;
  setText(c.widthLabel, `Width (${MEASURES[c.measure] || c.measure})`);
  setText(c.depthLabel, `Depth (${MEASURES[c.measure] || c.measure})`);
  if (c.sideA.value === was.sides[0] && c.sideB.value === was.sides[1]) [c.sideA.value, c.sideB.value] = d.sides;
}

// The command's body: each player placed on his side's half, his regiment in front of him if asked.
function manualBody(c) {
  const d = defaultsOf(c.ruleset.value).table;
  const W = Number(c.width.value) || d.width;
  const D = Number(c.depth.value) || d.depth;
  const sides = [c.sideA.value.trim() || 'First', c.sideB.value.trim() || 'Second'].map((n, i) => ({ id: sideId(n, i), name: n }));
  if (sides[0].id === sides[1].id) sides[1].id += '_2';
  const leaders = [];
  const regiments = [];
  const counts = [0, 0];
  for (const sel of c.players.querySelectorAll('select')) {
    if (sel.value === '') continue;
    const i = Number(sel.value);
    const x = Math.round(W / 3 + counts[i] * W / 6);
    counts[i] += 1;
    const y = i === 0 ? Math.round(D * 0.25) : Math.round(D * 0.75);
    leaders.push({ user: Number(sel.dataset.user), side: sides[i].id, name: sel.dataset.name, position: [x, y] });
    const ahead = Math.round(D / 40);
    if (c.regiments.checked) regiments.push({ colonel: Number(sel.dataset.user), side: sides[i].id, position: [x, i === 0 ? y + ahead : y - ahead], facing: i === 0 ? 0 : 180 });
  }
  const body = { name: c.name.value.trim() || 'Battle', ruleset: c.ruleset.value, table: { width: W, depth: D, measure: c.measure }, sides };
  if (c.expedition.value) return { ...body, expedition: Number(c.expedition.value) };
  body.leaders = leaders;
  if (regiments.length) body.from_regiments = regiments;
  return body;
}

const carriedName = (from) => `${from.name}, carried on`.slice(0, 80);

// From a scenario: its id, the seats and a name if the umpire gave one (the scenario's own otherwise); carrying on
// without one: the ended battle's table and sides and no pieces, so that its survivors come (campaign.h, carry).
function createBody(c) {
  const sc = c.from.scenario();
  const carried = c.from.carryFrom();
  const name = c.name.value.trim();
  let body;
  if (sc) {
    body = { scenario: sc.id, seats: c.from.seats() };
    if (name) body.name = name;
  } else if (carried) {
    body = { name: name || carriedName(carried), ruleset: c.ruleset.value, table: carried.table, sides: (carried.sides || []).map((s) => ({ id: s.id, name: s.name })) };
  } else {
    body = manualBody(c);
  }
  if (carried) body.carry_from = carried.id;
  return body;
}

// What the form shows for its starting point: the form's own fields only for a blank table and a fresh battle;
// the name a blank Name field gives.
function showStart(c) {
  const sc = c.from.scenario();
  const carried = c.from.carryFrom();
  c.manual.hidden = !!sc || !!carried;
  c.own.hidden = c.expedition.value !== '';
  c.name.placeholder = sc ? sc.name : carried ? carriedName(carried) : 'Fontenoy';
}

function playerChoices(players) {
  if (!players.length) return [h('p', { class: 'hint' }, 'No players yet: invite them from the Umpire tab.')];
  return players.map((p, i) => h('label', { class: 'create-player' }, h('span', {}, p.name),
    h('select', { testid: 'battle-create-player', dataset: { user: String(p.user), name: p.name } },
      h('option', { value: '' }, 'not in this battle'), h('option', { value: '0', selected: i % 2 === 0 }, 'first side'),
      h('option', { value: '1', selected: i % 2 === 1 }, 'second side'))));
}

// The expeditions on campaign (the view's `expeditions.list`, status "departed"); the field shows only when there is one.
function expeditionChoices(c, view) {
  const list = Object.values(((view && view.expeditions) || {}).list || {}).filter((x) => x.status === 'departed');
  const key = list.map((x) => x.id).join(',');
  if (c.expedition.dataset.key !== key) {
    const was = c.expedition.value;
    c.expedition.dataset.key = key;
    c.expedition.replaceChildren(h('option', { value: '' }, 'No: the players below'),
      ...list.map((x) => h('option', { value: String(x.id) }, `Expedition ${x.id}`)));
    c.expedition.value = list.some((x) => String(x.id) === was) ? was : '';
  }
  c.expeditionField.hidden = list.length === 0;
}

// send(type, body) adds the campaign; select(battle id) shows the new battle.
export function createPanel(send, select) {
  const c = controls();
  const el = h('details', { class: 'card panel panel-battle-create', testid: 'battle-create-panel' },
    h('summary', {}, h('h2', { class: 'inline-h2' }, 'New battle')), c.form);
  let book = c.ruleset.value;
  let last = { view: null, players: [] };
  chooseBook(c, book);
  c.from.onChange(() => showStart(c));
  c.expedition.addEventListener('change', () => showStart(c));
  c.ruleset.addEventListener('change', () => {
    chooseBook(c, book);
    book = c.ruleset.value;
    c.from.update(last.view, book, last.players);
    showStart(c);
  });
  c.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const body = createBody(c);
    runForm({
      button: c.button,
      error: c.error,
      action: async () => {
        const r = await send('battle.create', body);
        el.open = false;
        c.name.value = '';
        c.from.reset();
        showStart(c);
        if (r && r.battle) select(r.battle);
      },
    });
  });
  return {
    el,
    // view: the umpire's (its battle_scenarios and ended battles); players: the campaign's players ({user, name});
    // open: no battle yet.
    update(view, players, open) {
      last = { view, players };
      c.from.update(view, c.ruleset.value, players);
      expeditionChoices(c, view);
      showStart(c);
      const key = players.map((p) => p.user).join(',');
      if (c.players.dataset.key !== key) {
        c.players.dataset.key = key;
        c.players.replaceChildren(...playerChoices(players));
      }
      if (open) el.open = true;
    },
  };
}
