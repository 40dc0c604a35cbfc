// The chronicle's parts beyond the colonels, the gazette and the battles' logs (web/common/pages/chronicle.js): the
// umpire's notices, each with the answers the view holds (an umpire's chronicle also his private notes), the table
// talk, the dice (an umpire's also the blind rolls), the expeditions as the Expeditions tab tells them, and under a
// battle its Records and losses once ended and its talk. Each shows what the member's view holds: the server has
// already left out what he may not see, so nothing here filters or reckons. The expeditions' words are the year's
// (`year.expeditions`, handed in by app.js): web/common imports nothing of web/year/.

import { h, bySeq } from '../dom.js';
import { noticeItem, fillItem } from '../panels/notices.js';
import { answersByNotice, answerItem, fillAnswer } from '../panels/notice_answers.js';
import { rollItem, fillRoll } from '../panels/dice.js';
import { memberName } from '../battle/names.js';
import { fillRecordsTable, fillLossesTable } from '../battle/records.js';

const isUmpire = (view) => !!(view.me && view.me.role === 'umpire');

// The date in full: a chronicle is read long after the night (the panels' short times are for today).
const stampFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const stampText = (ms) => (typeof ms === 'number' && Number.isFinite(ms) ? stampFmt.format(new Date(ms)) : '');

function when(ms) {
  const text = stampText(ms);
  return text ? h('time', { datetime: new Date(ms).toISOString() }, text) : null;
}

// A campaign panel's list item, filled as the panel fills it, then dated in full.
function filled(li, item, fill) {
  fill(li, item);
  const t = li.querySelector('time');
  if (t && stampText(item.at)) t.textContent = stampText(item.at);
  return li;
}

function part(id, title, ...children) {
  return h('section', { class: `card chronicle-part ${id}`, testid: id, 'aria-labelledby': `${id}-heading` },
    h('h2', { id: `${id}-heading` }, title), ...children);
}

const none = (text) => h('p', { class: 'muted' }, text);

// A table too wide for a phone scrolls in its own frame, which the keyboard can reach.
const scroller = (label, table) => h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': label }, table);

// Under a notice the answers the view holds (an umpire's: all, a player's: his own), as the Table shows them.
function noticeAnswersBlock(view, answers) {
  if (!answers.length) return null;
  const me = view.me || {};
  return h('div', { class: 'notice-answers-part' },
    isUmpire(view) ? h('p', { class: 'hint notice-answers-heading' }, 'Answers, seen by the umpires alone') : null,
    h('ol', { class: 'notice-answers' }, answers.map(([, a]) => filled(answerItem(), a, (li, x) => fillAnswer(li, x, me)))));
}

function chronicleNotice(view, key, n, answers) {
  const li = filled(noticeItem('chronicle-notice'), n, fillItem);
  li.dataset.notice = key;
  const block = noticeAnswersBlock(view, answers.get(key) || []);
  if (block) li.appendChild(block);
  return li;
}

// The umpire's public notices, oldest first, each with its answers; his private notes in an umpire's view only.
export function noticesPart(view) {
  const notices = bySeq(view.notices);
  const notes = view.umpire_notes ? bySeq(view.umpire_notes) : [];
  const answers = answersByNotice(view);
  return part('chronicle-notices', 'Notices',
    notices.length ? h('ol', { class: 'notice-list' }, notices.map(([key, n]) => chronicleNotice(view, key, n, answers)))
      : none('The umpire posted no notice.'),
    notes.length ? h('div', { class: 'chronicle-secret', testid: 'chronicle-umpire-notes' },
      h('h3', {}, 'Umpires’ notes'), h('p', { class: 'secret-note' }, 'Only umpires see these.'),
      h('ol', { class: 'note-list' }, notes.map(([, n]) => {
        const li = filled(noticeItem('chronicle-umpire-note'), n, fillItem);
        li.classList.add('note-item');
        return li;
      }))) : null);
}

// The campaign's table talk: every member reads it. The view holds only its latest messages.
export function chatPart(view) {
  const items = bySeq(view.chat);
  return part('chronicle-chat', 'Table talk',
    items.length ? [h('p', { class: 'hint' }, 'The latest messages, as the server keeps them.'),
      h('ol', { class: 'chat-list chronicle-chat-list' }, items.map(([, m]) => h('li', { class: 'chat-item', testid: 'chronicle-chat-item' },
        h('div', { class: 'item-meta' }, h('span', { class: 'author' }, m.author), ' ', when(m.at)),
        h('div', { class: 'item-text' }, m.text))))]
      : none('No one spoke at the table.'));
}

const rollList = (items, testid) => h('ol', { class: 'roll-list chronicle-roll-list' }, items.map(([, r]) => filled(rollItem(testid), r, fillRoll)));

// The open rolls at the table; the blind ones in an umpire's view only.
export function dicePart(view) {
  const rolls = bySeq(view.rolls);
  const blind = view.blind_rolls ? bySeq(view.blind_rolls) : null;
  return part('chronicle-dice', 'Dice',
    h('h3', {}, 'Rolled at the table'),
    rolls.length ? rollList(rolls, 'chronicle-roll') : none('No one rolled at the table.'),
    blind ? h('div', { class: 'chronicle-secret', testid: 'chronicle-blind-rolls' },
      h('h3', {}, 'Blind rolls'), h('p', { class: 'secret-note' }, 'Only umpires see these rolls.'),
      blind.length ? rollList(blind, 'chronicle-blind-roll') : none('No blind roll.')) : null);
}

// Once a battle has ended, its Records chart and losses as the Battle tab shows them (each side its own rows).
export function battleRecords(view, b, book) {
  if (!Array.isArray(b.records)) return null;
  const records = h('table', { class: 'data-table records-table', testid: 'records-table' });
  const losses = h('table', { class: 'data-table losses-table', testid: 'losses-table' });
  fillRecordsTable(records, b.records, book);
  fillLossesTable(losses, Array.isArray(b.losses) ? b.losses : [], book);
  const note = b.records.length ? 'Each side sees the rows of its own units only.' : 'Each side sees the rows of its own units only: none are yours.';
  return h('div', { class: 'chronicle-records', testid: 'chronicle-records' },
    h('h4', {}, 'Records'), isUmpire(view) ? null : h('p', { class: 'hint' }, note),
    scroller(`Records of battle ${b.id}, ${b.name}`, records),
    h('h4', {}, 'Losses'), scroller(`Losses of battle ${b.id}, ${b.name}`, losses));
}

// The battle's talk the viewer could read: his own channels (an umpire's: all).
export function battleTalk(view, b) {
  const talk = Array.isArray(b.talk) ? b.talk : [];
  if (!talk.length) return null;
  const me = (view.me || {}).user;
  return h('div', { class: 'chronicle-talk', testid: 'chronicle-talk' }, h('h4', {}, 'Talk'),
    h('ol', { class: 'chat-list chronicle-talk-list' }, talk.map((m) => h('li', { class: `chat-item talk-item${m.from === me ? ' mine' : ''}`, testid: 'chronicle-talk-item' },
      h('div', { class: 'item-meta' }, h('span', { class: 'author' }, `${memberName(view, m.from)} → ${memberName(view, m.to)}`),
        ` · turn ${m.turn}`, m.at ? ' ·' : '', when(m.at)),
      h('div', { class: 'item-text' }, m.text)))));
}

// ---- Expeditions (docs/protocol.md, "The view: `expeditions`"), in the words of web/year/expeditions/ (`w`).

function factList(rows, w, testid) {
  return h('dl', { class: 'facts', testid }, rows.map(([name, v]) => h('div', { testid: 'chronicle-expedition-fact', dataset: { field: name } },
    h('dt', {}, w.fieldLabel(name)), h('dd', {}, w.valueEl(name, v)))));
}

// The fields an umpire's view marks secret that have a value, in the protocol's order (unknown ones after).
function secretFields(x, w) {
  const b = x.briefing || {};
  const order = w.FIELDS.map(([name]) => name);
  const names = [...order.filter((n) => n in b), ...Object.keys(b).filter((n) => !order.includes(n))];
  return names.filter((n) => b[n] && typeof b[n] === 'object' && !b[n].public && !w.isBlank(b[n].value)).map((n) => [n, b[n].value]);
}

// The Annex A generator's rolls (umpires' views only): "location d100 37; enemy d6 2".
const rollsText = (rolls, w) => rolls.map((r) => [w.ROLL_WHAT[r.what] || String(r.what || '').replace(/_/g, ' '), r.dice, r.value]
  .filter((v) => v !== undefined && v !== null && v !== '').join(' ')).join('; ');

function briefingBlock(x, w, umpire) {
  const pub = w.publicFields(x, umpire);
  const secret = umpire ? secretFields(x, w) : [];
  const rolls = umpire && Array.isArray(x.rolls) ? x.rolls : [];
  return h('div', { class: 'chronicle-expedition-part' }, h('h4', {}, 'The briefing'),
    pub.length ? factList(pub, w, 'chronicle-expedition-briefing') : none('The players were told nothing.'),
    secret.length || rolls.length ? h('div', { class: 'chronicle-secret', testid: 'chronicle-expedition-secret' },
      h('p', { class: 'secret-note' }, 'Kept from the players: only umpires see these.'),
      secret.length ? factList(secret, w, 'chronicle-expedition-secret-facts') : null,
      rolls.length ? h('p', { class: 'hint' }, `The generator’s rolls: ${rollsText(rolls, w)}.`) : null)
      : null);
}

// A row per colonel, a column per option: the closed motion's votes, or an umpire's live tally.
function votesTable(view, m, votes, totals, label, w) {
  const labels = (m.options || []).map((o) => o.label);
  const rows = Object.entries(votes || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  if (!rows.length) return none('No PIP was spent on it.');
  const pip = (list, i) => `${(list || [])[i] ?? 0} PIP`;
  return scroller(label, h('table', { class: 'data-table', testid: 'chronicle-motion-votes' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Colonel'), labels.map((l) => h('th', { scope: 'col' }, l)))),
    h('tbody', {}, rows.map(([u, p]) => h('tr', { testid: 'chronicle-motion-vote-row', dataset: { colonel: u } },
      h('th', { scope: 'row' }, w.whoText(view, Number(u))), labels.map((_, i) => h('td', {}, pip(p, i)))))),
    h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Total'), labels.map((_, i) => h('td', {}, pip(totals, i)))))));
}

function optionText(view, o, w) {
  const parts = [];
  if (Array.isArray(o.regiments) && o.regiments.length) parts.push(`sends ${w.regimentsText(o.regiments)}`);
  if (o.commander) parts.push(`${w.whoText(view, o.commander)} commands`);
  return parts.length ? `${o.label} (${parts.join('; ')})` : o.label;
}

// A motion as the view shows it: closed, everyone's votes; open, a player's own sealed vote or an umpire's tally.
function motionItem(view, x, m, w) {
  const opts = m.options || [];
  const carried = !m.open && typeof m.carried === 'number' ? m.carried : null;
  const label = carried !== null ? (opts[carried] || {}).label : null;
  const how = w.HOW[m.how] || m.how || '—';
  const mine = Array.isArray(m.my_vote) ? m.my_vote : null;
  const where = `motion ${m.id} of expedition ${x.id}`;
  return h('li', { class: 'chronicle-motion', testid: 'chronicle-motion', dataset: { motion: String(m.id), open: m.open ? 'true' : 'false' } },
    h('p', { class: 'motion-question' }, `Motion ${m.id}: ${m.question} `, h('span', { class: `badge ${m.open ? 'badge-warn' : 'badge-ok'}` }, m.open ? 'open' : 'closed')),
    h('ol', { class: 'motion-options' }, opts.map((o, i) => h('li', { class: i === carried ? 'carried' : null }, optionText(view, o, w), i === carried ? ' — carried' : ''))),
    m.open ? null : h('p', { class: 'motion-how' }, label ? `Carried: “${label}”, by ${how}.` : `Nothing carried (${how}).`),
    m.open ? null : votesTable(view, m, m.votes, m.totals, `Votes on ${where}`, w),
    m.open && mine ? h('p', { class: 'hint' }, `Your vote, sealed until the motion closes: ${opts.map((o, i) => `${mine[i] ?? 0} PIP on “${o.label}”`).join(', ')}.`) : null,
    m.open && m.tally ? [h('p', { class: 'hint' }, 'The live tally (the players see only their own vote until it closes).'),
      votesTable(view, m, m.tally.votes, m.tally.totals, `The live tally of ${where}`, w)] : null);
}

function committeeBlock(view, x, w) {
  const present = x.present || [];
  const motions = x.motions || [];
  if (x.status !== 'briefed' && !present.length && !motions.length) return null;
  const who = (u) => {
    const r = w.regimentOf(view, u);
    return `${w.whoText(view, u)}${r ? `, the ${w.ordinal(r)}` : ''}`;
  };
  return h('div', { class: 'chronicle-expedition-part', testid: 'chronicle-expedition-committee' }, h('h4', {}, 'The War Office Committee'),
    h('p', {}, present.length ? `Present: ${present.map(who).join('; ')}.` : 'No colonel was marked present.'),
    motions.length ? h('ol', { class: 'chronicle-motions' }, motions.map((m) => motionItem(view, x, m, w))) : none('No motion was put.'));
}

function forceBlock(view, x, w) {
  const regs = x.regiments || [];
  const roles = Object.entries(x.roles || {}).filter(([, r]) => r);
  const commander = x.commander ? w.whoText(view, x.commander)
    : x.default_commander ? `by seniority, ${w.whoText(view, x.default_commander)}` : 'not chosen';
  return h('div', { class: 'chronicle-expedition-part' }, h('h4', {}, 'The force'),
    h('p', { testid: 'chronicle-expedition-force', dataset: { regiments: regs.join(',') } }, regs.length
      ? `${x.status === 'briefed' ? 'To go' : 'Went'}: ${w.regimentsText(regs)}. In command: ${commander}.`
      : `No regiments chosen yet.${x.commander ? ` In command: ${commander}.` : ''}`),
    roles.length ? h('ul', { class: 'report-lines' }, roles.map(([u, r]) => h('li', { class: 'report-line' },
      h('span', {}, w.whoText(view, Number(u))), h('span', { class: 'amount' }, w.ROLES[r] || r)))) : null);
}

function voyageBlock(view, x, w, umpire) {
  if (!x.departed_turn && x.status === 'briefed') return null;
  const out = w.briefingValue(x, 'months_out', umpire);
  const back = w.briefingValue(x, 'months_back', umpire);
  const months = (n) => (typeof n === 'number' ? w.plural(n, 'month') : '—');
  const battles = (x.battles || []).map((id) => ((view.battles || {})[String(id)] || {}).name || `Battle ${id}`);
  const rows = [
    ['Sailed', w.turnText(view, x.departed_turn)],
    ['Colonels who went', (x.went || []).map((u) => w.whoText(view, u)).join(', ') || '—'],
    ['At sea on the way out', months(out)],
    ['On campaign', months(x.months_campaign)],
    ['At sea on the way back', months(back)],
  ];
  if (battles.length) rows.push(['Battles fought', battles.join(', ')]);
  if (x.reckoning && typeof x.reckoning.turn === 'number') rows.push(['Reckoned', w.turnText(view, x.reckoning.turn)]);
  return h('div', { class: 'chronicle-expedition-part' }, h('h4', {}, 'The voyage'),
    h('dl', { class: 'facts' }, rows.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v)))));
}

// The outcome: the reckoning's words once reckoned (a player's own part, an umpire's every colonel's); before it,
// an umpire's recorded outcome in the words of the server's preview.
function outcomeBlock(view, x, w, umpire) {
  if (x.reckoning) {
    const each = umpire ? Object.entries(x.reckonings || {}).sort((a, b) => Number(a[0]) - Number(b[0])) : [];
    return h('div', { class: 'chronicle-expedition-part', testid: 'chronicle-expedition-reckoning' }, h('h4', {}, 'The outcome and the reckoning'),
      h('p', { class: 'chronicle-text' }, x.reckoning.words || ''),
      x.my_reckoning ? [h('h5', {}, 'Your part'), w.reckoningLines(x.my_reckoning)] : null,
      each.map(([u, r]) => h('div', { class: 'chronicle-reckoning-colonel', dataset: { colonel: u } }, h('h5', {}, w.whoText(view, Number(u))), w.reckoningLines(r))));
  }
  if (!umpire || !x.outcome) return null;
  return h('div', { class: 'chronicle-expedition-part chronicle-secret', testid: 'chronicle-expedition-outcome' }, h('h4', {}, 'The outcome recorded'),
    h('p', { class: 'secret-note' }, 'Not reckoned yet: only umpires see it.'),
    x.preview && x.preview.words ? h('p', { class: 'chronicle-text' }, x.preview.words) : null);
}

function expeditionSection(view, x, w) {
  const umpire = isUmpire(view);
  return h('section', { class: 'chronicle-expedition', testid: 'chronicle-expedition', dataset: { expedition: String(x.id), status: x.status || '' } },
    h('h3', {}, w.expeditionTitle(x, umpire), ' ', h('span', { class: 'badge' }, w.statusText(x, view, umpire))),
    briefingBlock(x, w, umpire), committeeBlock(view, x, w), forceBlock(view, x, w), voyageBlock(view, x, w, umpire),
    outcomeBlock(view, x, w, umpire));
}

// Every expedition briefed, in the order briefed (the umpire's draft is not yet part of the story).
export function expeditionsPart(view, w) {
  const xs = view.expeditions;
  if (!xs || !w) return null;
  const list = Object.values(xs.list || {}).sort((a, b) => Number(a.id) - Number(b.id));
  return part('chronicle-expeditions', 'Expeditions',
    list.length ? list.map((x) => expeditionSection(view, x, w)) : none('No expedition was briefed.'));
}
