// The "Battle" tab (docs/protocol.md, "Battles"; issue 4, "The battle page"): shown to every member once the
// view has a battle, and always to umpires (who create battles here). The map, the hand of cards, the talk,
// the turn log and its replay, the Records chart; umpires get the console (umpire/battle_console.js) as well.

import { h, setText } from '../dom.js';
import { battleMap, TROOP_LABELS } from './map.js';
import { cardHand, memberName, describeCard } from './cards.js';
import { talkPanel } from './talk.js';
import { logPanel, replayPanel, recordsPanel } from './log.js';
import { umpireBattleConsole } from '../../umpire/battle_console.js';

const STATUS = { setup: 'Setting up', cards: 'Choosing cards', resolving: 'Resolving', ended: 'Ended' };

export function battleList(view) {
  return Object.values(view.battles || {}).filter((b) => b && b.name !== undefined).sort((a, b) => a.id - b.id);
}

function unitsPanel() {
  const body = h('tbody');
  const el = h('section', { class: 'card panel panel-units', 'aria-labelledby': 'units-heading' },
    h('h2', { id: 'units-heading' }, 'Units'),
    h('div', { class: 'table-scroll' }, h('table', { class: 'data-table unit-table', testid: 'battle-unit-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Unit'), h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col' }, 'D:M:E'),
        h('th', { scope: 'col' }, 'TP'), h('th', { scope: 'col' }, 'Order'))),
      body)));
  const ord = (o) => (o && o.name ? o.name.replace(/_/g, ' ') : '');
  return {
    el,
    update(view, b) {
      const me = view.me || {};
      const sideName = (id) => ((b.sides || []).find((s) => s.id === id) || {}).name || id;
      body.replaceChildren(...(b.units || []).map((u) => {
        const v = u.values || {};
        const known = typeof v.drill === 'number';
        const tp = u.markers && typeof u.markers.tension_points === 'number' ? String(u.markers.tension_points) : '?';
        const pending = u.pending_order ? ` (next: ${ord(u.pending_order)})` : '';
        return h('tr', { testid: 'battle-unit-row', dataset: u.concealed ? { unit: String(u.id), side: u.side, concealed: 'true' } : { unit: String(u.id), side: u.side }, class: `${u.owner === me.user ? 'is-mine' : ''}${u.removed ? ' is-removed' : ''}${u.concealed ? ' is-concealed' : ''}` },
          h('td', {}, h('span', { class: `side-dot side-${(b.sides || []).findIndex((s) => s.id === u.side) === 0 ? 'a' : 'b'}`, 'aria-hidden': 'true' }), ' ',
            u.name || `Unit ${u.id}`, h('span', { class: 'hint' }, ` ${sideName(u.side)}${u.removed ? ', gone' : ''}${u.concealed ? ', concealed from the enemy' : ''}`)),
          h('td', {}, `${TROOP_LABELS[u.troop_type] || u.troop_type}, ${u.formation}`),
          h('td', {}, known ? `${v.drill}:${v.musketry}:${v.effectiveness}` : '?'),
          h('td', { dataset: { value: tp } }, tp),
          h('td', {}, `${ord(u.order) || (known ? '—' : '')}${pending}`));
      }));
    },
  };
}

export const battleTab = {
  id: 'battle',
  label: 'Battle',
  visible: (view) => battleList(view).length > 0 || (!!view.me && view.me.role === 'umpire'),
  create(ctx, campaignId) {
    const picker = h('select', { id: 'battle-select', testid: 'battle-select' });
    const pickerField = h('div', { class: 'field battle-picker', hidden: true }, h('label', { for: 'battle-select' }, 'Battle'), picker);
    const title = h('h2', { class: 'battle-name', testid: 'battle-name' });
    const status = h('span', { class: 'badge battle-status', testid: 'battle-status' });
    const turn = h('span', { class: 'battle-turn', testid: 'battle-turn' });
    const sub = h('p', { class: 'muted battle-sub', testid: 'battle-sub' });
    const none = h('p', { class: 'muted empty', testid: 'battle-none' }, 'No battle yet.');
    const head = h('div', { class: 'card battle-head' }, h('div', { class: 'battle-title-row' }, title, status, turn), sub);

    let selectedId = null;
    let lastView = null;
    let moveMode = false;
    let moveTo = null;
    let consoleApi = null;

    const map = battleMap({
      onPoint: (p) => {
        if (moveMode && hand.setMovePoint(p)) return;
        if (consoleApi) consoleApi.mapPoint(p);
      },
      canDrag: () => !!consoleApi && consoleApi.canDrag(),
      onDrag: (d) => { if (consoleApi) consoleApi.mapDrag(d); },
      onSelect: (sel) => { if (consoleApi) consoleApi.mapSelect(sel); },
      onTurn: (flip) => replay.setFlip(flip),
    });
    const hand = cardHand(ctx, campaignId, {
      onMoveMode: (on, to) => { moveMode = on; moveTo = to; renderMap(); },
      onShowMap: () => {
        const r = map.svg.getBoundingClientRect();
        if (r.bottom < 60 || r.top > window.innerHeight - 60) map.el.scrollIntoView({ block: 'start', behavior: 'smooth' });
      },
    });
    const talk = talkPanel(ctx, campaignId);
    const units = unitsPanel();
    const log = logPanel();
    const replay = replayPanel();
    const records = recordsPanel();
    const consoleSlot = h('div', { class: 'battle-console-slot' });

    const battleBody = h('div', { class: 'battle-body' },
      head,
      h('div', { class: 'battle-grid' },
        h('section', { class: 'card panel panel-map', 'aria-label': 'Map' }, map.el),
        h('div', { class: 'battle-side' }, hand.el, talk.el)),
      consoleSlot,
      records.el,
      h('div', { class: 'battle-lower' }, log.el, units.el),
      // The replay takes the whole width: its small map beside the turn's lines.
      replay.el);
    const createSlot = h('div', { class: 'battle-create-slot' });
    const el = h('div', { class: 'battle-tab' }, pickerField, none, createSlot, battleBody);

    picker.addEventListener('change', () => { selectedId = Number(picker.value); if (lastView) update(lastView); });

    function current(view) {
      const list = battleList(view);
      if (!list.length) return null;
      let b = list.find((x) => x.id === selectedId);
      if (!b) {
        // The newest battle still being fought, else the newest.
        b = [...list].reverse().find((x) => x.status !== 'ended') || list[list.length - 1];
        selectedId = b.id;
      }
      return b;
    }

    function renderMap() {
      if (!lastView) return;
      const b = current(lastView);
      if (!b) return;
      const me = lastView.me || {};
      const leader = b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null;
      const umpire = me.role === 'umpire';
      const editing = umpire && consoleApi && consoleApi.canDrag();
      let hint = '';
      if (moveMode) hint = 'Move: click or tap where your leader rides (within 40 cm).';
      else if (editing) hint = b.status === 'setup' ? 'Drag units, leaders and terrain to place them; click one to select it.' : 'Drag to move (an override, with a reason).';
      else hint = 'Hover over or tap a unit for its ranges.';
      map.update(b, {
        myUser: me.user,
        mySide: (b.me && b.me.side) || '',
        myLeader: leader ? leader.id : null,
        moveFrom: moveMode && leader ? leader.position : null,
        moveReach: 40 / ((b.table && b.table.measure === 'inches') ? 2.54 : 1),
        moveTo: moveMode ? moveTo : null,
        editUnits: editing,
        editTerrain: editing && b.status === 'setup',
        hint,
      });
    }

    function update(view) {
      lastView = view;
      const me = view.me || {};
      const list = battleList(view);
      pickerField.hidden = list.length < 2;
      const keys = list.map((b) => `${b.id}:${b.name}:${b.status}`).join('|');
      if (picker.dataset.keys !== keys) {
        picker.dataset.keys = keys;
        picker.replaceChildren(...list.map((b) => h('option', { value: String(b.id) }, `${b.name} (${STATUS[b.status] || b.status})`)));
      }
      const b = current(view);
      if (b) picker.value = String(b.id);
      if (me.role === 'umpire' && !consoleApi) {
        consoleApi = umpireBattleConsole(ctx, campaignId, {
          select: (id) => { selectedId = id; if (lastView) update(lastView); },
          map,
          redrawMap: renderMap,
        });
        consoleSlot.replaceChildren(consoleApi.el);
        createSlot.replaceChildren(consoleApi.createEl);
      }
      if (consoleApi) consoleApi.update(view, b);
      none.hidden = !!b;
      battleBody.hidden = !b;
      if (!b) return;
      el.dataset.battle = String(b.id);
      el.dataset.status = b.status;
      setText(title, b.name);
      setText(status, STATUS[b.status] || b.status);
      status.dataset.status = b.status;
      status.className = `badge battle-status status-${b.status}`;
      setText(turn, b.turn ? `Turn ${b.turn}` : '');
      turn.dataset.turn = String(b.turn || 0);
      const sides = (b.sides || []).map((s) => s.name || s.id).join(' v ');
      const leader = b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null;
      const mySide = b.me && b.me.side ? ((b.sides || []).find((s) => s.id === b.me.side) || {}).name || b.me.side : '';
      const who = me.role === 'umpire' ? 'You are umpiring: you see everything.' : leader ? `You are ${leader.name}, ${mySide}.` : 'You watch as a spectator would.';
      const table = b.table ? `Table ${b.table.width} × ${b.table.depth} ${b.table.measure}.` : '';
      const next = b.status === 'resolving' && b.next_step ? ` Next step: ${b.next_step}.` : '';
      setText(sub, `${sides}. ${table} ${who}${next}`);
      renderMap();
      hand.update(view, b);
      talk.update(view, b);
      units.update(view, b);
      log.update(view, b);
      replay.update(view, b);
      records.update(view, b);
    }

    return { el, update, shown() { renderMap(); log.scrollToEnd(); } };
  },
};

export { memberName, describeCard };
