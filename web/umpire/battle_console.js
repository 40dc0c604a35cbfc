// The umpire's part of the Battle tab: creating a battle (battle_create.js), the set-up editor (add units,
// leaders and terrain, place them by dragging on the map: battle_setup_forms.js, battle_selection.js), the
// settings (battle_settings_box.js), start, the turn's controls, steps, overrides and end (battle_play.js), and
// saving the set-up as a scenario (battle_save_scenario.js).
// The book's parts (its unit values, settings and overrides forms) come from web/rulesets/. The god view is the
// map and tables themselves: the server sends umpires the whole battle.
// web/umpire/index.js registers this console with the shared page (registerBattleConsole).

import { h, errorLine, runForm } from '../common/dom.js';
import { createPanel } from './battle_create.js';
import { unitForm, terrainForm, leaderForm } from './battle_setup_forms.js';
import { selectionPanel } from './battle_selection.js';
import { settingsBox } from './battle_settings_box.js';
import { playPanel } from './battle_play.js';
import { saveScenarioPanel } from './battle_save_scenario.js';
import { aloneWarning } from './battle_warnings.js';

const round = (n) => Math.round(n * 10) / 10;

function setupPanel(parts, settings, start, startError) {
  const unknownBook = h('p', { class: 'hint', testid: 'battle-setup-no-book', hidden: true },
    'This page does not know this battle\'s rule set: its units cannot be added here.');
  const el = h('section', { class: 'card panel panel-battle-setup', testid: 'battle-setup', 'aria-labelledby': 'setup-heading' },
    h('h2', { id: 'setup-heading' }, 'Set-up'),
    h('p', { class: 'hint' }, 'New pieces appear in their side\'s half of the table; drag them into place on the map.'),
    h('div', { class: 'setup-grid' },
      h('div', {}, h('h3', {}, 'Add a unit'), unknownBook, parts.units.el),
      h('div', {}, h('h3', {}, 'Terrain and leaders'), parts.terrain.el, parts.leaders.el,
        h('h3', {}, 'Selected'), parts.selection.el)),
    h('h3', {}, 'Settings'), settings.setupHome,
    h('div', { class: 'form-actions start-row' }, start), startError.el);
  return { el, unknownBook };
}

// hooks: {select(battle id), map, redrawMap()} from the shared page.
export function umpireBattleConsole(ctx, campaignId, { select, map, redrawMap }) {
  const send = (type, body) => ctx.conn.send(type, { campaign: Number(campaignId), ...body });
  const state = { view: null, b: null, book: null };
  const current = () => state;
  const create = createPanel(send, select);
  const parts = {
    units: unitForm(send, current),
    terrain: terrainForm(send, current),
    leaders: leaderForm(send, current),
    selection: selectionPanel(send, () => state, map),
  };
  const settings = settingsBox(send);
  const start = h('button', { type: 'button', class: 'primary', testid: 'battle-start' }, 'Start the battle');
  const startError = errorLine('battle-start-error');
  start.addEventListener('click', () => runForm({ button: start, error: startError, action: () => send('battle.start', { battle: state.b.id }) }));
  const setup = setupPanel(parts, settings, start, startError);
  const play = playPanel(send, settings.playHome);
  const save = saveScenarioPanel(send);
  const alone = aloneWarning((id) => {
    const sel = { kind: 'leader', id };
    map.select(sel);
    parts.selection.select(sel);
    if (state.b && state.b.status !== 'setup') play.select('leader', id);
  });
  const el = h('div', { class: 'battle-console', testid: 'battle-console' }, alone.el, setup.el, play.el, save.el);
  const players = () => Object.values((state.view && state.view.members) || {}).filter((m) => m.role === 'player');
  const piece = (kind, id) => ((kind === 'unit' ? state.b.units : state.b.leaders) || []).find((x) => x.id === id);

  function update(view, b, book) {
    Object.assign(state, { view, b, book });
    create.update(view, players(), !b);
    save.update(b);
    alone.update(b);
    if (!b) { setup.el.hidden = true; play.el.hidden = true; return; }
    const inSetup = b.status === 'setup';
    setup.el.hidden = !inSetup;
    play.el.hidden = inSetup;
    setup.unknownBook.hidden = !!book;
    parts.units.el.hidden = !book;
    parts.units.update(b, book, players());
    parts.leaders.update(b, players(), book);
    settings.update(b, book);
    parts.selection.fill();
    start.disabled = !(b.leaders || []).some((l) => l.user);
    if (!inSetup) play.update(view, b, book);
  }

  return {
    el,
    createEl: create.el,
    update,
    canDrag: () => !!state.b && state.b.status !== 'ended',
    mapPoint() { /* clicks on empty table: nothing for now */ },
    mapSelect(sel) {
      parts.selection.select(sel);
      if (state.b.status !== 'setup' && sel.kind !== 'terrain') play.select(sel.kind, sel.id);
    },
    mapDrag({ kind, id, delta }) {
      if (!state.b) return;
      if (state.b.status === 'setup') { parts.selection.drag(kind, id, delta, redrawMap); return; }
      if (kind === 'terrain') return;
      // During play a move is an override: the form filled in, the reason asked for.
      const item = piece(kind, id);
      if (!item) return;
      play.moveTo(kind, id, [round(item.position[0] + delta[0]), round(item.position[1] + delta[1])]);
      parts.selection.hint('Give the reason and press Override to move it.');
    },
  };
}
