// The heidman's choices for an action (actions.js): the names it may be given to, as the view shows them, and the
// least it costs from the view's hints (costs, the names' craft_reach, his craft's reach). The server charges the
// true cost (docs/protocol.md, "Border Reivers", battle.act) and judges every name; the page only reads.

import { h } from '../../common/dom.js';
import { distance } from '../../common/battle/geometry.js';
import { TROOP_LABELS } from './words.js';

const vals = (u) => (u.values && typeof u.values === 'object' ? u.values : {});
const fleeing = (u) => !!(u.markers && u.markers.fleeing);
// "Herds and wagons neither mount nor dismount" (shared/rulesets/reivers/actions.cpp): they are driven.
const driven = (u) => u.troop_type === 'herd' || u.troop_type === 'wagon';

// Which of his names each action is offered for: the state the view shows (a name fleeing must be rallied before it
// moves; only a name in ambush springs one).
const FITS = {
  move: (u) => !fleeing(u),
  conceal: (u) => !fleeing(u) && !u.concealed,
  dismount: (u) => !driven(u) && vals(u).mounted === true,
  remount: (u) => !driven(u) && vals(u).mounted === false,
  rally: fleeing,
  spring: (u) => !!u.concealed,
};

// His names: of his side, his or of no heidman ("A name is one of his own (or of no heidman of his side)").
export function offered(b, leader, action) {
  const fits = FITS[action];
  if (!fits) return [];
  return (b.units || []).filter((u) => !u.removed && u.side === leader.side
    && (vals(u).heidman === undefined || vals(u).heidman === null || vals(u).heidman === leader.id) && fits(u));
}

const label = (u) => `${u.name || `Name ${u.id}`} (${TROOP_LABELS[u.troop_type] || u.troop_type}${u.concealed ? ', in ambush' : ''})`;

// The names' controls: ticks for a move (a name, or a group in base contact), a list for the others. Rebuilt only
// when the names change, so what he ticked survives a push.
export function nameChoices(e, b, action, names) {
  const group = action === 'move';
  e.names.hidden = !group || names.length === 0;
  e.unitField.hidden = group || !names.length || action === 'move_heidman' || action === 'detect' || !action;
  const key = `${action}:${names.map((u) => `${u.id}${u.concealed ? 'c' : ''}`).join(',')}`;
  if (group && e.names.dataset.key !== key) {
    const was = new Set([...e.names.querySelectorAll('input:checked')].map((i) => i.value));
    e.names.dataset.key = key;
    e.names.replaceChildren(h('legend', {}, 'Names to move (a group must be in base contact)'),
      ...names.map((u) => {
        const id = `reivers-name-${u.id}`;
        return h('label', { class: 'check', for: id }, h('input', { type: 'checkbox', id, value: String(u.id), testid: 'reivers-name', dataset: { unit: String(u.id) }, checked: was.has(String(u.id)) || names.length === 1 }), ` ${label(u)}`);
      }));
  }
  if (!group && e.unit.dataset.key !== key) {
    const keep = e.unit.value;
    e.unit.dataset.key = key;
    e.unit.replaceChildren(...names.map((u) => h('option', { value: String(u.id) }, label(u))));
    if (names.some((u) => String(u.id) === keep)) e.unit.value = keep;
  }
}

const reachOf = (b, id) => ((b.hints && b.hints.ranges && b.hints.ranges[String(id)]) || []).find((r) => r.kind === 'craft_reach') || null;

// {least, exact, notes, error}: the least the action costs, whether that is all it costs, the reasons, or why the
// server would refuse it out of hand ("Craft may not be used at over twice the current range": hints.reach.most).
export function costOf(b, leader, action, ids, point, spend) {
  const costs = (b.hints && b.hints.costs) || {};
  const reach = (b.hints && b.hints.reach) || null;
  const over = costs.over_range || 0;
  const notes = [];
  let least = 0;
  let exact = true;
  // The names' distance from him: the nearest counts (a group is reached through its nearest name).
  const rs = ids.map((id) => reachOf(b, id)).filter(Boolean);
  const nearest = rs.length === ids.length && rs.length ? Math.min(...rs.map((r) => r.paces)) : null;
  let error = null;
  if (nearest !== null && reach && nearest > reach.most) error = `That name is ${Math.round(nearest)} paces from ${leader ? leader.name : 'him'}: his craft reaches no further than ${reach.most} paces now.`;
  const namesOver = rs.length && rs.length === ids.length && rs.every((r) => r.over_range);
  const addOver = (yes) => { if (yes) { least += over; notes.push(`${over} for using craft over range`); } };
  if (action === 'move') {
    least = costs.move || 0;
    addOver(namesOver);
    const left = leader && b.craft ? b.craft[String(leader.id)] : null;
    // A road may take one off, once a bound; starred ground the side knows adds one: the server knows the way.
    if ((b.terrain || []).some((t) => t.kind === 'road') && !(left && left.road_used)) least += costs.road || 0;
    least = Math.max(0, least);
    exact = false;
  } else if (action === 'move_heidman') {
    least = costs.move || 0;
  } else if (action === 'conceal') {
    least = spend;
    addOver(namesOver);
  } else if (action === 'detect') {
    least = spend * (costs.detect || 0);
    if (point && reach && reach.from) {
      const d = distance(reach.from, point);
      if (d > reach.most) error = `That place is ${Math.round(d)} paces from ${leader ? leader.name : 'him'}: his craft reaches no further than ${reach.most} paces now.`;
      addOver(d > reach.range);
    }
  } else if (action === 'dismount' || action === 'remount') {
    least = costs.dismount || 0;
    addOver(namesOver);
  } else if (action === 'rally') {
    least = costs.rally || 0;
    addOver(namesOver);
  }
  return { least, exact, notes, error };
}
