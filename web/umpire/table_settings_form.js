// The battle's settings that every book has (battle.settings; docs/protocol.md, "battle.settings";
// shared/battle/table_settings.h), below the book's own form: whether the table chat is closed to the battle's
// players while it is fought, whether its end applies losses to the campaign's regiments, and, for a book that reads
// them (its `umpire.tableSettings`), the terrain that blocks sight and movement in terrain. Sent only when changed.

import { h } from '../common/dom.js';
import { TERRAIN_KINDS } from '../common/battle/scene.js';

const CHECKS = [
  ['chat_closed', 'battle-chat-closed', 'Close the table chat to the battle\'s players while it is fought (they talk as their leaders may)'],
  ['apply_losses', 'battle-apply-losses', 'When the battle ends, apply its losses to the campaign\'s regiments'],
];

// "wood, town, hill" -> ['wood', 'town', 'hill']. Kinds the client does not know are refused here; the server
// checks again.
function parseKinds(text, known) {
  const list = text.split(/[\s,;]+/).map((x) => x.trim().toLowerCase()).filter(Boolean);
  const bad = list.filter((k) => !known.includes(k));
  if (bad.length) throw new Error(`Not a kind of terrain: ${bad.join(', ')}. Use ${known.join(', ')}.`);
  return [...new Set(list)];
}

// "wood 0.5, marsh 0.5, river 0" -> {wood: 0.5, marsh: 0.5, river: 0} (also "wood: 0.5" or "wood=0.5").
function parseFactors(text, known) {
  const out = {};
  for (const part of text.split(/[,;\n]+/).map((x) => x.trim()).filter(Boolean)) {
    const m = /^([a-z_]+)\s*[:=]?\s*([0-9]*\.?[0-9]+)$/i.exec(part);
    if (!m) throw new Error(`"${part}": write a kind of terrain and a factor, e.g. "wood 0.5".`);
    const kind = m[1].toLowerCase();
    const f = Number(m[2]);
    if (!known.includes(kind)) throw new Error(`Not a kind of terrain: ${kind}. Use ${known.join(', ')}.`);
    if (!(f >= 0 && f <= 1)) throw new Error(`${kind} ${m[2]}: the factor runs from 0 (impassable) to 1 (full speed).`);
    if (kind in out) throw new Error(`${kind} is given twice.`);
    out[kind] = f;
  }
  return out;
}

const kindsText = (list) => (Array.isArray(list) ? list.join(', ') : '');
const factorsText = (obj) => (obj && typeof obj === 'object' ? Object.entries(obj).map(([k, v]) => `${k} ${v}`).join(', ') : '');

function terrainFields() {
  const blocksSight = h('input', { type: 'text', id: 'battle-blocks-sight', testid: 'battle-blocks-sight', placeholder: 'wood, town, hill', autocomplete: 'off' });
  const movement = h('input', { type: 'text', id: 'battle-terrain-movement', testid: 'battle-terrain-movement', placeholder: 'wood 0.5, marsh 0.5, town 0.5, river 0', autocomplete: 'off' });
  return {
    blocks_sight: {
      control: blocksSight,
      el: h('div', { class: 'field' }, h('label', { for: 'battle-blocks-sight' }, 'Terrain that blocks sight'), blocksSight,
        h('p', { class: 'hint' }, `Kinds of terrain, separated by commas: ${TERRAIN_KINDS.join(', ')}.`)),
      fill: (v) => { blocksSight.value = kindsText(v); },
      read: (known, cur) => { const v = parseKinds(blocksSight.value, known); return kindsText(v) !== kindsText(cur || []) ? v : undefined; },
    },
    terrain_movement: {
      control: movement,
      el: h('div', { class: 'field' }, h('label', { for: 'battle-terrain-movement' }, 'Movement in terrain'), movement,
        h('p', { class: 'hint' }, 'A kind and the part of normal speed kept in it: 1 full speed, 0.5 half, 0 impassable except where a road crosses. Kinds left out: full speed.')),
      fill: (v) => { movement.value = factorsText(v); },
      read: (known, cur) => { const v = parseFactors(movement.value, known); return factorsText(v) !== factorsText(cur || {}) ? v : undefined; },
    },
  };
}

// {el, use(names): the terrain settings the battle's book reads, fill(b), read(b) -> the changes}.
export function tableSettingsForm() {
  const boxes = Object.fromEntries(CHECKS.map(([k, id]) => [k, h('input', { type: 'checkbox', id, testid: id })]));
  const terrain = terrainFields();
  let used = [];
  const el = h('fieldset', { class: 'stack table-settings', testid: 'battle-table-settings' },
    h('legend', {}, 'Every book'),
    ...CHECKS.map(([k, id, label]) => h('label', { class: 'check', for: id }, boxes[k], ` ${label}`)),
    ...Object.values(terrain).map((f) => f.el));
  // Kinds the settings may name: the client's list, any other kind on this table, and those the settings name now
  // (a book's own kinds: Border Reivers' "woods", "built_up").
  const known = (b) => {
    const st = b.settings || {};
    const now = [...(Array.isArray(st.blocks_sight) ? st.blocks_sight : []), ...Object.keys(st.terrain_movement || {})];
    return [...new Set([...TERRAIN_KINDS, ...(b.terrain || []).map((x) => x.kind), ...now])];
  };
  return {
    el,
    use(names) {
      used = Object.keys(terrain).filter((k) => names.includes(k));
      for (const [k, f] of Object.entries(terrain)) f.el.hidden = !used.includes(k);
    },
    fill(b) {
      const st = b.settings || {};
      for (const [k] of CHECKS) boxes[k].checked = !!st[k];
      for (const k of used) terrain[k].fill(st[k]);
    },
    read(b) {
      const st = b.settings || {};
      const out = {};
      for (const [k] of CHECKS) if (st[k] !== undefined && boxes[k].checked !== !!st[k]) out[k] = boxes[k].checked;
      for (const k of used) {
        const v = terrain[k].read(known(b), st[k]);
        if (v !== undefined) out[k] = v;
      }
      return out;
    },
  };
}
