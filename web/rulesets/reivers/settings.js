// Border Reivers' settings form for the umpire (battle.settings; docs/protocol.md, "Border Reivers", "Settings";
// shared/rulesets/reivers/settings.h): the turn's running, the weather and the craft range's scale, and the readings
// the umpire chooses where border-reivers.txt is silent or ambiguous (docs/rules-notes.md, "Border Reivers"). Each
// value is checked against the server's bounds before sending (the server checks again); only the settings
// changed are sent.

import { h } from '../../common/dom.js';

const CHOICES = {
  combat_die: [['d6', 'd6'], ['d10', 'd10'], ['average', 'the average die'], ['none', 'no die']],
  factor_column: [['own', 'the name\'s own state'], ['enemy', 'the enemy\'s state']],
  recoil_flanked: [['flee', 'flees (the table)'], ['destroyed', 'is destroyed (the text)']],
  unnamed_type: [['impassable', 'may not pass'], ['unaffected', 'is unaffected']],
  concealment_from: [['kind', 'the kind of ground'], ['cover', 'the cover rolled']],
  flee_obstacles: [['round', 'goes round them'], ['stop', 'stops at them'], ['pass', 'passes them']],
  stand_failed: [['recoil', 'recoils'], ['flee', 'flees']],
  follow_up: [['close', 'closes up on it'], ['stand', 'stands']],
  craft_thrown: [['bound_start', 'at the start of his bound'], ['first_action', 'at his first action']],
  hidden_in_contact: [['lies_still', 'lies still'], ['fights', 'shows itself and fights']],
  under_fire_lasts: [['round', 'until the shooters\' next bound ends'], ['bound', 'until its own next bound ends']],
};
const LABELS = {
  weather: 'Weather (the craft range is its entry on the scale)',
  craft_range_paces: 'Craft range by weather, paces ("clear 300, dark 50")',
  combat_die: 'Die added to each combat score', factor_column: 'Foot or Mounted column by',
  recoil_flanked: 'A flanked loser who would recoil', unnamed_type: 'In "Foot ¼ speed" ground, the other kind',
  concealment_from: 'An ambush\'s ground class from', flee_obstacles: 'A fleeing name at ground it may not enter',
  stand_failed: 'A charged name that fails to stand', under_fire_lasts: 'A name shot at is under fire',
  follow_up: 'The winner of a melee whose loser recoils', craft_thrown: 'A heidman throws his craft',
  hidden_in_contact: 'A name in ambush touching an enemy at the melee', test_to_charge: 'Moving into contact takes a fyrebrand test',
  cover_modifier: 'The "in cover" modifier (-2 to 2)', contact_paces: 'In contact within (paces)',
  with_paces: 'A heidman is with his name within (paces)', search_paces: 'A search finds names within (paces)',
  conceal_near_enemy_paces: 'No concealing within (paces) of an enemy in view (0: anywhere)',
  surprise_paces: 'A sprung ambush surprises names within (paces)', rally_cost: 'Craft to rally a fleeing name',
  local_knowledge: 'Local knowledge: the side rolls every area in secret at the start', first_side: 'The side whose bound is first',
  regiment_losses: 'A campaign regiment\'s losses (%) by its name\'s end ("destroyed 50, fled 25")',
};
// [min, max, whole]: the server's bounds (settings.cpp).
const NUMBERS = {
  cover_modifier: [-2, 2, true], contact_paces: [0, 200, false], with_paces: [0, 1000, false], search_paces: [0, 1000, false],
  conceal_near_enemy_paces: [0, 5000, false], surprise_paces: [0, 1000, false], rally_cost: [0, 6, true],
};
const SIDE_CHOICES = ['local_knowledge', 'first_side'];

const id = (k) => `reivers-setting-${k.replace(/_/g, '-')}`;
const field = (k, control) => h('div', { class: 'field' }, h('label', { for: id(k) }, LABELS[k]), control);

// "clear 300, dark 50" <-> {clear: 300, dark: 50}
const scaleText = (o) => (o && typeof o === 'object' ? Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') : '');
function parseScale(text) {
  const out = {};
  for (const part of text.split(/[,;\n]+/).map((x) => x.trim()).filter(Boolean)) {
    const m = /^([a-z_ ]+?)\s*[:=]?\s*([0-9]*\.?[0-9]+)$/i.exec(part);
    if (!m) throw new Error(`"${part}": write a weather and its craft range in paces, e.g. "mist 150".`);
    const v = Number(m[2]);
    if (!(v >= 0 && v <= 1000)) throw new Error(`${m[1]} ${m[2]}: a craft range is 0 to 1000 paces.`);
    out[m[1].trim().toLowerCase()] = v;
  }
  if (!Object.keys(out).length) throw new Error('Give the craft range of at least one weather.');
  return out;
}

// "destroyed 50, fled 25" -> {destroyed: 50, fled: 25}: only the states the server has, each 0 to 100.
function parseLosses(text, current) {
  const out = {};
  for (const part of text.split(/[,;\n]+/).map((x) => x.trim()).filter(Boolean)) {
    const m = /^([a-z_]+)\s*[:=]?\s*([0-9]+)$/i.exec(part);
    if (!m || !(m[1] in current) || Number(m[2]) > 100) {
      throw new Error(`${LABELS.regiment_losses}: "${part}": a state (${Object.keys(current).join(', ')}) and a whole percent 0 to 100.`);
    }
    out[m[1]] = Number(m[2]);
  }
  return out;
}

function controls() {
  const c = {
    autoRun: h('input', { type: 'checkbox', id: 'battle-auto-run', testid: 'battle-auto-run' }),
    turnSeconds: h('input', { type: 'number', id: 'battle-turn-seconds', testid: 'battle-turn-seconds', value: '0', min: 0, max: 86400, inputmode: 'decimal' }),
    weather: h('input', { type: 'text', id: id('weather'), testid: id('weather'), maxlength: 40, autocomplete: 'off', list: 'reivers-weathers' }),
    weathers: h('datalist', { id: 'reivers-weathers' }),
    craft_range_paces: h('input', { type: 'text', id: id('craft_range_paces'), testid: id('craft_range_paces'), autocomplete: 'off' }),
    test_to_charge: h('input', { type: 'checkbox', id: id('test_to_charge'), testid: id('test_to_charge') }),
    regiment_losses: h('input', { type: 'text', id: id('regiment_losses'), testid: id('regiment_losses'), autocomplete: 'off' }),
  };
  for (const [k, opts] of Object.entries(CHOICES)) c[k] = h('select', { id: id(k), testid: id(k) }, ...opts.map(([v, l]) => h('option', { value: v }, l)));
  for (const [k, [lo, hi, whole]] of Object.entries(NUMBERS)) c[k] = h('input', { type: 'number', id: id(k), testid: id(k), min: lo, max: hi, step: whole ? 1 : 'any', inputmode: 'decimal' });
  for (const k of SIDE_CHOICES) c[k] = h('select', { id: id(k), testid: id(k) });
  return c;
}

const rowsOf = (keys, n) => Array.from({ length: Math.ceil(keys.length / n) }, (_, i) => keys.slice(i * n, i * n + n));

function layout(c) {
  return h('div', { class: 'stack' },
    h('div', { class: 'inline-form' },
      h('label', { class: 'check', for: 'battle-auto-run' }, c.autoRun, ' Resolve the combat at once when a bound ends (untick to step through it)'),
      h('div', { class: 'field' }, h('label', { for: 'battle-turn-seconds' }, 'Bound timer (s, 0 none)'), c.turnSeconds)),
    h('div', { class: 'field-row' }, field('weather', c.weather), field('craft_range_paces', c.craft_range_paces)), c.weathers,
    h('div', { class: 'field-row' }, field('local_knowledge', c.local_knowledge), field('first_side', c.first_side)),
    ...rowsOf(Object.keys(CHOICES), 4).map((keys) => h('div', { class: 'field-row' }, ...keys.map((k) => field(k, c[k])))),
    h('label', { class: 'check', for: id('test_to_charge') }, c.test_to_charge, ` ${LABELS.test_to_charge}`),
    h('div', { class: 'field-row' }, ...Object.keys(NUMBERS).slice(0, 4).map((k) => field(k, c[k]))),
    h('div', { class: 'field-row' }, ...Object.keys(NUMBERS).slice(4).map((k) => field(k, c[k]))),
    h('div', { class: 'field-row' }, field('regiment_losses', c.regiment_losses)));
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
      c.weather.value = st.weather || '';
      c.weathers.replaceChildren(...Object.keys(st.craft_range_paces || {}).map((w) => h('option', { value: w })));
      c.craft_range_paces.value = scaleText(st.craft_range_paces);
      c.test_to_charge.checked = !!st.test_to_charge;
      c.regiment_losses.value = scaleText(st.regiment_losses);
      for (const k of Object.keys(CHOICES)) if (st[k] !== undefined) c[k].value = st[k];
      for (const k of Object.keys(NUMBERS)) c[k].value = st[k] === undefined ? '' : String(st[k]);
      for (const k of SIDE_CHOICES) {
        c[k].replaceChildren(h('option', { value: '' }, k === 'first_side' ? 'the first side listed' : 'neither side'),
          ...(b.sides || []).map((s) => h('option', { value: s.id }, s.name || s.id)));
        c[k].value = st[k] || '';
      }
    },
    read(b) {
      const cur = b.settings || {};
      const out = { auto_run: c.autoRun.checked, turn_seconds: Number(c.turnSeconds.value) || 0 };
      const changed = (k, v) => { if (JSON.stringify(v) !== JSON.stringify(cur[k])) out[k] = v; };
      const weather = c.weather.value.trim();
      if (!weather || weather.length > 40) throw new Error('Give the weather (e.g. clear, mist, dark).');
      changed('weather', weather);
      const scale = parseScale(c.craft_range_paces.value);
      if (scaleText(scale) !== scaleText(cur.craft_range_paces)) out.craft_range_paces = scale;
      for (const k of Object.keys(CHOICES)) changed(k, c[k].value);
      changed('test_to_charge', c.test_to_charge.checked);
      if (cur.regiment_losses) {
        const losses = parseLosses(c.regiment_losses.value, cur.regiment_losses);
        if (Object.entries(losses).some(([k, v]) => cur.regiment_losses[k] !== v)) out.regiment_losses = losses;
      }
      for (const k of Object.keys(NUMBERS)) changed(k, readNumber(k, c[k].value));
      for (const k of SIDE_CHOICES) changed(k, c[k].value);
      return out;
    },
  };
}
