// Words and numbers of the campaign year (docs/protocol.md, "The campaign year"; over-the-hills.txt): money,
// activities, objectives, regiments, house rules. Shared by the players' pages and the umpire's console.

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'];

const grouping = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

// £1,000; −£20 for a loss.
export function pounds(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  return `${n < 0 ? '−' : ''}£${grouping.format(Math.abs(n))}`;
}

// +£20 / −£100 for report lines.
export function signedPounds(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}£${grouping.format(Math.abs(n))}`;
}

export function signed(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}${grouping.format(Math.abs(n))}`;
}

export function num(n) {
  return typeof n === 'number' && Number.isFinite(n) ? grouping.format(n) : '—';
}

// 3 -> "3rd", 11 -> "11th", 22 -> "22nd".
export function ordinal(n) {
  const v = Math.abs(n) % 100;
  if (v >= 11 && v <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[v % 10] || 'th'}`;
}

export function regimentTitle(number) {
  return `${ordinal(number)} Regiment of Foot`;
}

// A name that already begins with a rank ("Colonel Sir John Kemp", "Lt-Col. Hay", "Major-General Wade") keeps it,
// rather than reading "Colonel Colonel Sir John Kemp"; the rest get "Colonel " before them.
const RANK_FIRST = /^(colonel|col\.?|lieutenant[- ]?(colonel|general)|lt\.?[- ]?col\.?|general|major|captain)(?=[\s.,-]|$)/i;

export function colonelTitle(name) {
  const n = String(name ?? '').trim();
  return RANK_FIRST.test(n) ? n : `Colonel ${n}`;
}

export const ACTIVITIES = {
  supervise: 'Supervising the regiment',
  socialise: 'Socialising',
  business: 'Personal business',
  politics: 'Politics',
  expedition: 'Away on an expedition',
  sea: 'On a long sea voyage',
  wounded: 'Laid up with his wounds',
  captured: 'A prisoner of the enemy',
  killed: 'Killed in battle',
};

export const CHOSEN_ACTIVITIES = ['supervise', 'socialise', 'business', 'politics'];

export const AWAY = {
  expedition: 'On an expedition', sea: 'On a long sea voyage', wounded: 'Wounded', captured: 'Captured', killed: 'Killed in battle',
};

// What each improvement is, the attribute it works on and its cost setting.
export const IMPROVEMENTS = [
  { key: 'drill', label: 'Extra drill', attribute: 'drill', attributeLabel: 'Drill', cost: 'drill_cost' },
  { key: 'musketry', label: 'Musketry training', attribute: 'musketry', attributeLabel: 'Musketry', cost: 'musketry_cost' },
  { key: 'manoeuvres', label: 'Battalion manoeuvres', attribute: 'effectiveness', attributeLabel: 'Effectiveness', cost: 'manoeuvres_cost' },
];

export const ATTRIBUTES = [
  { key: 'drill', label: 'Drill', short: 'DRI' },
  { key: 'musketry', label: 'Musketry', short: 'MUS' },
  { key: 'effectiveness', label: 'Effectiveness', short: 'EFF' },
];

export const PAY_CHOICES = {
  pay: 'Pay the men this month',
  arrears: 'Leave the pay in arrears',
  pay_arrears: 'Pay this month and all arrears',
};

// over-the-hills.txt, "Personal Objectives".
export const OBJECTIVES = [
  { kind: 'glory', text: 'To achieve military glory through successful campaigns' },
  { kind: 'prestige', text: 'To increase their social prestige' },
  { kind: 'wealth', text: 'To increase their wealth' },
  { kind: 'smartest', text: 'To have the smartest regiment in the army' },
  { kind: 'duty', text: 'To fulfil their social obligations by maintaining a good regiment, serving their country abroad without thought for personal gain' },
  { kind: 'custom', text: 'One of my own devising (the umpire must approve it)' },
];

export const OBJECTIVE_STATUS = {
  approved: 'Approved',
  pending: 'Waiting for the umpire',
  rejected: 'Rejected by the umpire',
};

export function objectiveText(obj) {
  if (!obj) return '';
  if (obj.text) return obj.text;
  const book = OBJECTIVES.find((o) => o.kind === obj.kind);
  return book ? book.text : obj.kind;
}

export const MONEY_ITEMS = {
  government_pay: 'Government pay',
  allowance: "Colonel's allowance",
  wages: 'Wages',
  back_pay: 'Back pay',
  drill: 'Extra drill',
  musketry: 'Musketry training',
  manoeuvres: 'Battalion manoeuvres',
  business: 'Personal business',
};

export const PIP_ITEMS = {
  socialise: 'Socialising',
  politics: 'Politics',
  lone_absentee: 'Absent while the others socialised',
};

export const FLAGS = {
  arrears_risk: 'The men are long unpaid: the regiment is at risk of looting and trouble',
};

export const ADJUST_FIELDS = [
  { key: 'fortune', label: 'Fortune (£)', min: -1000000000, max: 1000000000 },
  { key: 'pip', label: 'PIP', min: 0, max: 1000000 },
  { key: 'drill', label: 'Drill', min: 1, max: 6, regiment: true },
  { key: 'musketry', label: 'Musketry', min: 1, max: 6, regiment: true },
  { key: 'effectiveness', label: 'Effectiveness', min: 1, max: 6, regiment: true },
  { key: 'companies', label: 'Companies maintained', min: 0, max: 'companies_per_regiment', regiment: true },
  { key: 'declared', label: 'Companies declared', min: 0, max: 'companies_per_regiment', regiment: true },
  { key: 'arrears', label: 'Arrears (£ owed)', min: 0, max: 1000000000, regiment: true },
  { key: 'arrears_months', label: 'Months in arrears', min: 0, max: 1000, regiment: true },
];

// The current value of an adjustable field on a colonel's full view entry.
export function fieldValue(col, key) {
  if (!col) return null;
  if (key === 'fortune' || key === 'pip') return col[key];
  return col.sheet ? col.sheet[key] : null;
}

// Every house rule (docs/protocol.md, "House rules"): what it means, its type and range, and the book's passage.
export const SETTINGS = [
  { group: 'Set up' },
  { name: 'starting_money', label: 'Starting money', unit: '£', min: 0, max: 1000000, passage: 'Set Up' },
  { name: 'pip_price', label: 'Price of one PIP', unit: '£', min: 1, max: 100000, passage: 'Set Up' },
  { name: 'late_colonels_buy_pip', label: 'A colonel created after setup may buy PIP', type: 'bool', passage: 'Set Up (a reading)' },
  { group: 'Regiments' },
  { name: 'last_regiment', label: 'Highest regiment number', min: 3, max: 99, passage: 'Getting your Regiment' },
  { name: 'companies_per_regiment', label: 'Companies in a regiment', min: 1, max: 20, passage: 'Income, Background' },
  { name: 'new_attribute', label: 'Attributes of a new regiment', min: 1, max: 6, passage: 'The Regiment' },
  { name: 'attribute_min', label: 'Lowest attribute', min: 1, max: 6, passage: 'The Regiment' },
  { name: 'attribute_max', label: 'Highest attribute', min: 1, max: 6, passage: 'The Regiment' },
  { group: 'Money' },
  { name: 'government_pay', label: 'Government pay per declared company a month', unit: '£', min: 0, max: 100000, passage: 'Income' },
  { name: 'allowance_companies', label: "Colonel's allowance, in companies' pay", min: 0, max: 20, passage: 'Income' },
  { name: 'wage', label: 'Wages per maintained company a month', unit: '£', min: 0, max: 100000, passage: 'Pay' },
  { name: 'arrears_risk_months', label: 'Months in arrears before the regiment is at risk', min: 0, max: 120, passage: 'Pay ("a few months", a reading)' },
  { name: 'recruit_cost', label: 'Cost of each company raised back to strength', unit: '£', min: 0, max: 100000, passage: 'a reading: the book prices no recruiting' },
  { name: 'half_strength', label: 'Half its strength or more lost', type: 'choice', passage: 'The Regiment ("on campaign", a reading)',
    choices: { campaign: 'Added up over the campaign', battle: 'In one battle or outbreak' } },
  { group: 'Improvements' },
  { name: 'drill_cost', label: 'Extra drill, a month', unit: '£', min: 0, max: 100000, passage: 'Improving Drill' },
  { name: 'musketry_cost', label: 'Musketry training, a month', unit: '£', min: 0, max: 100000, passage: 'Improving Musketry' },
  { name: 'manoeuvres_cost', label: 'Battalion manoeuvres, a month', unit: '£', min: 0, max: 100000, passage: 'Improving Effectiveness' },
  { name: 'improve_on', label: 'd6 score to gain a point', min: 1, max: 7, passage: 'Improving …' },
  { name: 'supervise_bonus', label: 'Added for the improvement the colonel supervises', min: 0, max: 6, passage: 'Improving … (the colonel present)' },
  { group: 'Decline' },
  { name: 'drill_decline_months', label: 'Months without extra drill before a decline roll', min: 1, max: 120, passage: 'Improving Drill' },
  { name: 'drill_decline_on', label: 'Drill lost on a d6 of this or less', min: 0, max: 6, passage: 'Improving Drill' },
  { name: 'musketry_decline_months', label: 'Months without musketry before a decline roll', min: 1, max: 120, passage: 'Improving Musketry' },
  { name: 'musketry_decline_on', label: 'Musketry lost on a d6 of this or less', min: 0, max: 6, passage: 'Improving Musketry' },
  { name: 'effectiveness_decline_months', label: 'Months without manoeuvres before a decline roll', min: 1, max: 120, passage: 'Improving Effectiveness' },
  { name: 'effectiveness_decline_on', label: 'Effectiveness lost on a d6 of this or less', min: 0, max: 6, passage: 'Improving Effectiveness' },
  { group: 'Personal activities' },
  { name: 'socialise_pip', label: 'PIP for socialising', min: 0, max: 1000, passage: 'Personal Activities' },
  { name: 'business_money', label: 'Money from personal business', unit: '£', min: 0, max: 100000, passage: 'Personal Activities' },
  { name: 'politics_pip', label: 'PIP for politics', min: 0, max: 1000, passage: 'Personal Activities' },
  { name: 'lone_absentee_penalty', label: 'PIP lost by the only colonel not socialising', min: 0, max: 1000, passage: 'Personal Activities' },
  { name: 'present', label: 'Who counts as present for that penalty', type: 'choice', passage: 'Personal Activities (a reading)',
    choices: { not_away: 'Everyone not away', submitted: 'Those who submitted a diary' } },
  { name: 'default_diary', label: 'A colonel who submits nothing gets', type: 'choice', passage: 'a reading: the book leaves it open',
    choices: { repeat_last: "Last month's activity and orders", quiet: 'A quiet month (business, pay the men)' } },
  { group: 'Expeditions' },
  { name: 'crisis_dice', label: 'd6 rolled for the months to the next crisis', min: 1, max: 4, passage: 'Annex A ("2-12 months or so")' },
  { name: 'committee_ties', label: 'A tied motion of the War Office Committee goes', type: 'choice', passage: 'Expeditions (a reading)',
    choices: { seniority: 'To the most senior colonel who backed a tied option', umpire: "To the umpire's casting vote" } },
  { name: 'loot_shared', label: 'Loot', type: 'choice', passage: 'Annex A, Other gains (a reading)',
    choices: { each: 'Each colonel who went rolls his own', split: 'One roll, shared equally', commander: 'One roll, all the commander\'s' } },
  { name: 'caribbean_raid', label: 'A West Indies raid (26-30) is on', type: 'choice', passage: 'Annex A',
    choices: { roll: 'A d6: 1-3 an enemy island, 4-6 a pirate base', island: 'An enemy island', pirates: 'A pirate base' } },
  { name: 'enemy_numbers_roll', label: "The generator's enemy numbers", type: 'choice', passage: 'Annex A (a reading)',
    choices: { roll: "A d6 across the book's range", middle: 'The middle of the range' } },
  { name: 'disease_loss_percent', label: 'Companies lost when disease strikes', unit: '%', min: 0, max: 100, passage: 'not in the book' },
  { name: 'shipwreck_loss_percent', label: 'Companies lost in a shipwreck', unit: '%', min: 0, max: 100, passage: 'not in the book' },
  { name: 'away_regiments_train', label: 'A regiment trains while its colonel is away', type: 'bool', passage: 'Going on Campaign (a reading)' },
  { group: "A colonel's fate in battle" },
  { name: 'colonel_fates', label: 'A colonel wounded, captured or killed counts in the campaign', type: 'choice', passage: 'Set Up ("risk to the colonel in battle is risk to the player")',
    choices: { expedition: 'In battles on an expedition', all: 'In any battle', none: 'Never' } },
  { name: 'wounded_months', label: 'Months a wounded colonel is laid up after the battle', min: 0, max: 24, passage: 'not in the book' },
  { name: 'captured_months', label: 'Months a captured colonel is held after the battle', min: 0, max: 24, passage: 'not in the book' },
  { name: 'successor_keeps_pip', label: "A dead colonel's successor keeps his PIP", type: 'bool', passage: 'Set Up (a reading)' },
  { group: 'The table' },
  { name: 'notice_answers', label: 'Players may answer your notices, to the umpires alone', type: 'bool', passage: 'not in the book' },
];

export function settingMeta(name) {
  return SETTINGS.find((s) => s.name === name) || null;
}

export function settingValueText(meta, value) {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (meta && meta.type === 'choice' && meta.choices && meta.choices[value]) return meta.choices[value];
  if (meta && meta.unit === '£' && typeof value === 'number') return pounds(value);
  return String(value);
}

// The year's parts of a view, never undefined.
export function yearOf(view) {
  return (view && view.year) || null;
}

export function myColonel(view) {
  const y = yearOf(view);
  const me = view && view.me;
  if (!y || !me) return null;
  return (y.colonels || {})[String(me.user)] || null;
}

export function settingsOf(view) {
  const y = yearOf(view);
  return (y && y.settings) || {};
}

export function isClosed(view) {
  return !!(view && view.campaign && view.campaign.closed);
}

// Colonels by name (then user id).
export function colonelsSorted(view) {
  const y = yearOf(view);
  return Object.entries((y && y.colonels) || {})
    .sort(([ka, a], [kb, b]) => String(a.name).localeCompare(String(b.name)) || Number(ka) - Number(kb));
}

// The month-by-month history as the label of each point, shortened: "Mar 174-".
export function shortLabel(label) {
  if (typeof label !== 'string' || !label) return '';
  const m = /^([A-Za-z]+)\s+(.*)$/.exec(label);
  return m ? `${m[1].slice(0, 3)} ${m[2]}` : label;
}

// <input type="datetime-local"> value for a unix ms time, in local time.
export function localInputValue(ms) {
  const d = new Date(ms);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// A deadline names its zone: an umpire and a player in different zones see different hours of the same moment.
const deadlineFmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

// This browser's time zone, as IANA names it ("Europe/London").
export function myTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

export function deadlineText(ms) {
  return typeof ms === 'number' ? deadlineFmt.format(new Date(ms)) : '';
}

// What the orders cost this month (mirrors diary_cost in shared/campaign/diary.cpp; the server checks again).
export function diaryCost({ orders, fortune, sheet, settings }) {
  const s = settings || {};
  const c = { income: 0, wages: 0, back_pay: 0, improvements: 0, total_costs: 0, fortune: fortune || 0, available: 0, left: 0 };
  if (sheet && orders) {
    c.income = ((orders.declared || 0) + (s.allowance_companies || 0)) * (s.government_pay || 0);
    if (orders.pay !== 'arrears') c.wages = (orders.maintained || 0) * (s.wage || 0);
    if (orders.pay === 'pay_arrears') c.back_pay = sheet.arrears || 0;
    if (orders.drill) c.improvements += s.drill_cost || 0;
    if (orders.musketry) c.improvements += s.musketry_cost || 0;
    if (orders.manoeuvres) c.improvements += s.manoeuvres_cost || 0;
  }
  c.total_costs = c.wages + c.back_pay + c.improvements;
  c.available = c.fortune + c.income;
  c.left = c.available - c.total_costs;
  return c;
}

// The reason these orders are refused, or null: the same words the server would use.
export function costRefusal(cost) {
  if (cost.left >= 0) return null;
  const items = [];
  if (cost.wages > 0) items.push(`pay ${pounds(cost.wages)}`);
  if (cost.back_pay > 0) items.push(`arrears ${pounds(cost.back_pay)}`);
  if (cost.improvements > 0) items.push(`improvements ${pounds(cost.improvements)}`);
  return `These orders cost ${pounds(cost.total_costs)} (${items.join(', ')}) but you have ${pounds(cost.available)} `
    + `(fortune ${pounds(cost.fortune)} and this month's income ${pounds(cost.income)}).`;
}
