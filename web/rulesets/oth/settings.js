// Over the Hill's settings form for the umpire (battle.settings; shared/rulesets/oth/battle_settings.h): the
// turn's running (auto-run, the timer), ambushes and terrain. The console places it in set-up and in play.

import { h } from '../../common/dom.js';
import { TERRAIN_KINDS } from '../../common/battle/map.js';

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
const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);

function controls() {
  return {
    autoRun: h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' }),
    turnSeconds: h('input', { type: 'number', id: 'battle-turn-seconds', testid: 'battle-turn-seconds', value: '0', min: 0, max: 86400, inputmode: 'decimal' }),
    spotCm: h('input', { type: 'number', id: 'battle-spot-cm', testid: 'battle-spot-cm', min: 0, max: 1000, step: 'any', inputmode: 'decimal', placeholder: 'e.g. 10' }),
    surprise: h('input', { type: 'checkbox', id: 'battle-ambush-surprise', testid: 'battle-ambush-surprise' }),
    blocksSight: h('input', { type: 'text', id: 'battle-blocks-sight', testid: 'battle-blocks-sight', placeholder: 'wood, town, hill', autocomplete: 'off' }),
    movement: h('input', { type: 'text', id: 'battle-terrain-movement', testid: 'battle-terrain-movement', placeholder: 'wood 0.5, marsh 0.5, town 0.5, river 0', autocomplete: 'off' }),
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
    h('div', { class: 'field' }, h('label', { for: 'battle-blocks-sight' }, 'Terrain that blocks sight'), c.blocksSight,
      h('p', { class: 'hint' }, `Kinds of terrain, separated by commas: ${TERRAIN_KINDS.join(', ')}.`)),
    h('div', { class: 'field' }, h('label', { for: 'battle-terrain-movement' }, 'Movement in terrain'), c.movement,
      h('p', { class: 'hint' }, 'A kind and the part of normal speed kept in it: 1 full speed, 0.5 half, 0 impassable except where a road crosses. Kinds left out: full speed.')));
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
// Ambushes and terrain are sent only when changed, so a server without them is not troubled by the form.
export function settingsForm() {
  const c = controls();
  // Kinds the settings may name: the client's list and any other kind on this table.
  const known = (b) => [...new Set([...TERRAIN_KINDS, ...(b.terrain || []).map((t) => t.kind)])];
  return {
    el: layout(c),
    fill(b) {
      const st = b.settings || {};
      c.autoRun.checked = !!st.auto_run;
      c.turnSeconds.value = String(st.turn_seconds || 0);
      c.spotCm.value = typeof st.spot_cm === 'number' ? String(st.spot_cm) : '';
      c.surprise.checked = !!st.ambush_surprise;
      c.blocksSight.value = kindsText(st.blocks_sight);
      c.movement.value = factorsText(st.terrain_movement);
    },
    read(b) {
      const cur = b.settings || {};
      const out = { auto_run: c.autoRun.checked, turn_seconds: Number(c.turnSeconds.value) || 0 };
      const spot = spotChange(c.spotCm.value.trim(), cur);
      if (spot !== undefined) out.spot_cm = spot;
      if (c.surprise.checked !== !!cur.ambush_surprise) out.ambush_surprise = c.surprise.checked;
      const kinds = parseKinds(c.blocksSight.value, known(b));
      if (kindsText(kinds) !== kindsText(cur.blocks_sight || [])) out.blocks_sight = kinds;
      const factors = parseFactors(c.movement.value, known(b));
      if (factorsText(factors) !== factorsText(cur.terrain_movement || {})) out.terrain_movement = factors;
      return out;
    },
  };
}
