// Words of the expeditions (docs/protocol.md, "Expeditions and the War Office Committee"; over-the-hills.txt,
// "Expeditions", ANNEX A): statuses, the briefing's fields, missions, how a motion carried, roles, and the small
// readers of the view every part of the Expeditions tab shares. Nothing here decides a rule: the server does.

import { h } from '../../common/dom.js';
import { mapZoom } from '../../common/battle/zoom.js';
import { MONTHS, ordinal, yearOf, colonelTitle } from '../format.js';

export const STATUS = {
  draft: 'Being drawn up by the umpire',
  briefed: 'Briefed: the War Office Committee sits',
  departed: 'Sailed',
  returning: 'Reckoned: sailing home',
  home: 'Home',
};

// The briefing's fields in the order the protocol lists them, with labels in plain English.
export const FIELDS = [
  ['region', 'Region'],
  ['location', 'Location'],
  ['action', 'Action'],
  ['mission', 'Mission'],
  ['objectives', 'Objectives'],
  ['travel', 'Travel'],
  ['months_out', 'Months at sea on the way out'],
  ['months_back', 'Months at sea on the way back'],
  ['map', 'Map'],
  ['enemy', 'Enemy'],
  ['believed_enemy', 'What is believed of the enemy'],
  ['risk_hint', 'Risk of disease or shipwreck'],
  ['pip_gains', 'PIP to be gained'],
  ['other_gains', 'Other gains'],
  ['enemy_quality', 'Enemy quality (the truth)'],
  ['enemy_numbers', 'Enemy numbers (times the expedition’s strength)'],
  ['enemy_numbers_text', 'Enemy numbers in words'],
  ['disease_risk', 'Chance of disease (%)'],
  ['shipwreck_risk', 'Chance of shipwreck (%) each voyage'],
  ['notes', 'The umpire’s notes'],
];
const FIELD_LABELS = Object.fromEntries(FIELDS);
export const fieldLabel = (name) => FIELD_LABELS[name] || name;

// The columns of ANNEX A's table of force levels (shared/campaign/annex_a.cpp, mission_names); the umpire's view
// names them too (`umpire.missions`), a player's does not.
export const MISSIONS = {
  raid_european: 'Raid on a European enemy',
  defend_raid: 'Defending Against Raid by European Enemy',
  capture_island: 'Capture / Recapture an Island',
  caribbean_rebellion: 'Put down rebellion of slaves / civilians in Caribbean',
  raid_island: 'Raid on enemy Caribbean island',
  raid_pirates: 'Raid on Caribbean pirates base',
  riots: 'Put down riots in England, Scotland or Ireland',
  jacobites: 'Fighting in Scotland against Jacobite Rebels',
};

export const HOW = {
  most_pip: 'most PIP',
  seniority: 'seniority',
  umpire: 'the umpire’s casting vote',
  no_votes: 'no votes',
};

export const ROLES = {
  artillery: 'Commands the attached artillery',
  cavalry: 'Commands the attached cavalry',
  local_forces: 'Commands the local forces',
  naval: 'Commands the naval support',
  enemy: 'Plays the enemy',
};
export const ROLE_CHOICES = [['', 'No role'], ['artillery', 'Artillery'], ['cavalry', 'Cavalry'],
  ['local_forces', 'Local forces'], ['naval', 'Naval support'], ['enemy', 'The enemy']];

export const ROLL_WHAT = {
  location: 'location',
  disease: 'disease',
  shipwreck_out: 'shipwreck on the voyage out',
  shipwreck_home: 'shipwreck on the voyage home',
  loot: 'loot',
};

export const expeditionsOf = (view) => (view && view.expeditions) || null;
export const isUmpire = (view) => !!(view && view.me && view.me.role === 'umpire');
export const isPlayer = (view) => !!(view && view.me && view.me.role === 'player');

// A briefing's value, whoever reads it: players get {field: value}, umpires {field: {value, public}}.
export function briefingValue(x, name, umpire) {
  const b = (x && x.briefing) || {};
  if (!(name in b)) return undefined;
  return umpire ? (b[name] || {}).value : b[name];
}

// The fields the players see and that say something, as [[name, value]], in the protocol's order; for umpires
// read off the flags.
export function publicFields(x, umpire) {
  return allPublicFields(x, umpire).filter(([, v]) => !isBlank(v));
}

function allPublicFields(x, umpire) {
  const b = (x && x.briefing) || {};
  const out = [];
  for (const [name] of FIELDS) {
    if (!(name in b)) continue;
    if (umpire) {
      const f = b[name] || {};
      if (f.public) out.push([name, f.value]);
    } else {
      out.push([name, b[name]]);
    }
  }
  // Anything the server adds that this client does not know yet, after.
  for (const name of Object.keys(b)) {
    if (FIELD_LABELS[name]) continue;
    if (umpire ? (b[name] || {}).public : true) out.push([name, umpire ? b[name].value : b[name]]);
  }
  return out;
}

export function isBlank(v) {
  return v === null || v === undefined || v === '';
}

// A field's value in words.
export function valueText(name, v) {
  if (isBlank(v)) return '—';
  if (name === 'mission') return MISSIONS[v] || String(v);
  if (name === 'months_out' || name === 'months_back') return v === 0 ? 'none' : `${v} month${v === 1 ? '' : 's'}`;
  if (name === 'enemy_numbers') return `${v} times the expedition’s strength`;
  if (name === 'disease_risk' || name === 'shipwreck_risk') return `${v}%`;
  return String(v);
}

// A picture uploaded to this server (docs/protocol.md, "Images").
export const IMAGE_URL = /^\/api\/campaigns\/\d+\/images\/[0-9a-f]{32}$/;

// A field's value as an element: a sketch map uploaded here is shown; one given as a web address is a link
// (http and https only).
export function valueEl(name, v) {
  const text = valueText(name, v);
  if (name === 'map' && typeof v === 'string' && IMAGE_URL.test(v)) {
    // Zoomed by its button or by pinching, as a battle map is (common/battle/zoom.js).
    const img = h('img', { class: 'sketch-map', src: v, alt: 'The sketch map of the expedition', testid: 'expedition-map-image' });
    const zoom = h('button', { type: 'button', class: 'small ghost', testid: 'expedition-map-zoom', 'aria-pressed': 'false' }, 'Zoom');
    const frame = h('div', { class: 'sketch-map-frame' }, img);
    mapZoom(frame, img, zoom);
    return h('div', { class: 'sketch-map-box' }, frame, zoom);
  }
  if (name === 'map' && typeof v === 'string' && /^https?:\/\/\S+$/i.test(v.trim())) {
    return h('a', { href: v.trim(), target: '_blank', rel: 'noopener noreferrer' }, text);
  }
  return text;
}

export function colonelName(view, user) {
  const c = ((yearOf(view) || {}).colonels || {})[String(user)];
  if (c && c.name) return colonelTitle(c.name);
  return user ? `Colonel #${user}` : 'nobody';
}

export function isMe(view, user) {
  return !!(view && view.me && Number(view.me.user) === Number(user));
}

export function whoText(view, user) {
  return `${colonelName(view, user)}${isMe(view, user) ? ' (you)' : ''}`;
}

// The regiment a colonel holds (its number), or null.
export function regimentOf(view, user) {
  const regs = (yearOf(view) || {}).regiments || [];
  const r = regs.find((x) => Number(x.colonel) === Number(user));
  return r ? r.number : null;
}

export function colonelOfRegiment(view, number) {
  const regs = (yearOf(view) || {}).regiments || [];
  const r = regs.find((x) => Number(x.number) === Number(number));
  return r ? r.colonel : null;
}

// "the 7th and the 9th".
export function regimentsText(numbers) {
  const list = (numbers || []).map((n) => `the ${ordinal(n)}`);
  if (list.length === 0) return 'none';
  if (list.length === 1) return list[0];
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

// "month 3 (June)": a turn of the campaign calendar, its month's name counted from this month's.
// With `comma`: "month 3, June".
export function turnText(view, turn, { comma = false } = {}) {
  const cal = (yearOf(view) || {}).calendar || {};
  if (typeof turn !== 'number') return '—';
  if (typeof cal.turn === 'number' && typeof cal.month === 'number') {
    const m = (((cal.month - 1 + (turn - cal.turn)) % 12) + 12) % 12;
    return comma ? `month ${turn}, ${MONTHS[m]}` : `month ${turn} (${MONTHS[m]})`;
  }
  return `month ${turn}`;
}

export function currentTurn(view) {
  const t = ((yearOf(view) || {}).calendar || {}).turn;
  return typeof t === 'number' ? t : null;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// "Expedition 2: Port Royal, West Indies", from what this viewer sees.
export function expeditionTitle(x, umpire) {
  const region = briefingValue(x, 'region', umpire);
  const location = briefingValue(x, 'location', umpire);
  const where = [location, region].filter((s) => typeof s === 'string' && s.trim()).join(', ');
  const name = x && x.id ? `Expedition ${x.id}` : 'The draft expedition';
  return where ? `${name}: ${where}` : name;
}

// The status in words, with where the force is while it is away.
export function statusText(x, view, umpire) {
  if (!x) return '';
  if (x.status === 'departed') {
    const out = briefingValue(x, 'months_out', umpire);
    const now = currentTurn(view);
    if (typeof out === 'number' && now !== null && now - x.departed_turn < out) return 'Sailed: at sea on the voyage out';
    return 'Sailed: on campaign';
  }
  return STATUS[x.status] || x.status;
}

let uid = 0;
// A prefix for element ids unique on the page (labels need `for`).
export function idPrefix(what) {
  uid += 1;
  return `xp${uid}-${what}`;
}

export function field(id, label, control, hint) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('span', { class: 'hint' }, hint) : null);
}

export function check(id, label, input) {
  return h('label', { class: 'check', for: id }, input, h('span', {}, label));
}

// Whole numbers from an input: NaN unless the text is digits only.
export function wholeNumber(input) {
  const t = String(input.value || '').trim();
  if (!/^\d+$/.test(t)) return NaN;
  return Number(t);
}
