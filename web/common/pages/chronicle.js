// #/chronicle/<id>: a member's chronicle of a campaign (docs/protocol.md, "HTTP", GET /api/campaigns/{id}/chronicle):
// his whole view as the server keeps it, as one document to read, print or keep. A player's colonel (an umpire's:
// every colonel) month by month, his diary and his report; the gazette; the umpire's notices; the expeditions;
// every battle he can see with its log, its Records once ended and its talk; the table talk and the dice
// (chronicle_parts.js). An umpire's view also holds his notes, the blind rolls and the expeditions' secrets.
// The page shows what the view holds and reckons nothing. The year's words come from app.js (`year`): web/common
// imports nothing of web/year/.

import { api } from '../api.js';
import { h, bySeq, errorLine } from '../dom.js';
import { campaignHash } from '../router.js';
import { battleList } from '../battle/index.js';
import { logItems } from '../battle/log.js';
import { namer } from '../battle/names.js';
import { bookOf, loadBook } from '../../rulesets/index.js';
import { noticesPart, chatPart, dicePart, expeditionsPart, battleRecords, battleTalk } from './chronicle_parts.js';

// The Battle tab's words for a status and a phase (web/common/battle/tab.js, log.js); a book's own come first.
const STATUS = { setup: 'Setting up', cards: 'Choosing cards', resolving: 'Resolving', ended: 'Ended' };
const PHASES = { setup: 'Set-up', override: 'Umpire', end: 'End', ended: 'End' };

// A file name from the campaign's name and the user's: characters no file system takes become "_".
export function chronicleFileName(campaignName, username) {
  const safe = (s, fallback) => String(s || '').replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '') || fallback;
  return `${safe(campaignName, 'campaign')}-chronicle-${safe(username, 'member')}.json`;
}

// The months a colonel has a report or a diary for (this month's too, before it is resolved), in order.
function monthsOf(col) {
  const months = new Map();
  const at = (turn) => {
    if (!months.has(turn)) months.set(turn, { turn, report: null, diary: null });
    return months.get(turn);
  };
  for (const [t, r] of Object.entries(col.reports || {})) at(Number(t)).report = r;
  for (const [t, d] of Object.entries(col.diaries || {})) at(Number(t)).diary = d;
  if (col.diary && typeof col.diary.turn === 'number') at(col.diary.turn).diary = col.diary;
  return [...months.values()].sort((a, b) => a.turn - b.turn);
}

function diaryBlock(d, year) {
  if (!d) return null;
  return h('div', { class: 'chronicle-diary', testid: 'chronicle-diary' },
    h('h4', {}, 'The diary', d.publish ? ' ' : '', d.publish ? h('span', { class: 'badge badge-ok' }, 'in the gazette') : null),
    d.activity ? h('p', { class: 'hint' }, year.activityText(d)) : null,
    d.text ? h('p', { class: 'item-text diary-text chronicle-text' }, d.text)
      : h('p', { class: 'muted' }, 'No words written this month.'));
}

function monthSection(m, year) {
  const label = (m.report && m.report.label) || (m.diary && m.diary.label) || `Month ${m.turn}`;
  return h('section', { class: 'chronicle-month', testid: 'chronicle-month', dataset: { turn: String(m.turn) } },
    h('h3', {}, label),
    diaryBlock(m.diary, year),
    m.report ? h('div', { class: 'chronicle-report', testid: 'chronicle-report' }, h('h4', {}, 'The month report'), year.reportBody(m.report))
      : h('p', { class: 'muted' }, 'Not resolved yet.'));
}

function regimentLine(col, year) {
  if (!col.regiment) return 'No regiment.';
  const title = year.regimentTitle(col.regiment);
  return col.regiment_name ? `${title}: ${col.regiment_name}` : title;
}

function colonelSection(col, year) {
  const months = monthsOf(col);
  return h('section', { class: 'card chronicle-colonel', testid: 'chronicle-colonel', dataset: { colonel: String(col.user) } },
    h('h2', {}, col.name || `Colonel of ${col.player}`),
    h('p', { class: 'chronicle-colonel-line' }, `Played by ${col.player}. `, h('span', { testid: 'chronicle-regiment' }, regimentLine(col, year))),
    months.length ? months.map((m) => monthSection(m, year))
      : h('p', { class: 'muted' }, 'No month lived through yet.'));
}

// A player's own colonel; an umpire's view holds every colonel whole.
function colonelsPart(view, year) {
  const colonels = ((view.year || {}).colonels) || {};
  const me = view.me || {};
  const shown = me.role === 'umpire' ? Object.values(colonels).sort((a, b) => String(a.name).localeCompare(String(b.name)) || a.user - b.user)
    : [colonels[String(me.user)]].filter(Boolean);
  if (shown.length) return shown.map((c) => colonelSection(c, year));
  if (me.role !== 'player' || !view.year) return null;
  return h('section', { class: 'card chronicle-colonel' }, h('h2', {}, 'Your colonel'),
    h('p', { class: 'muted', testid: 'chronicle-no-colonel' }, 'You have no colonel yet.'));
}

function gazettePart(view) {
  if (!view.year) return null;
  const news = ((view.expeditions || {}).gazette) || [];
  const items = bySeq(view.year.gazette);
  return h('section', { class: 'card chronicle-gazette', testid: 'chronicle-gazette', 'aria-labelledby': 'chronicle-gazette-heading' },
    h('h2', { id: 'chronicle-gazette-heading' }, 'The Gazette'),
    news.length ? h('ol', { class: 'gazette-list' }, news.map((g) => h('li', { class: 'gazette-item' }, h('div', { class: 'item-text' }, g.text)))) : null,
    items.length ? h('ol', { class: 'gazette-list' }, items.map(([, g]) => h('li', {
      class: 'gazette-item', testid: 'chronicle-gazette-item', dataset: { colonel: String(g.colonel), turn: String(g.turn) },
    }, h('div', { class: 'gazette-head' }, h('span', { class: 'gazette-month' }, g.label || ''), ' ', h('span', { class: 'author' }, g.colonel_name || '')),
    h('div', { class: 'item-text chronicle-text' }, g.text))))
      : h('p', { class: 'muted' }, 'Nothing was published.'));
}

function battleSection(view, b) {
  const book = bookOf(b);
  const phases = { ...PHASES, ...((book && book.phases) || {}) };
  const names = { ...namer(view, b), battle: b, book, phase: (p) => phases[p] || p || '' };
  const status = (book && book.statusLabels && book.statusLabels[b.status]) || STATUS[b.status] || b.status;
  const sides = (b.sides || []).map((s) => s.name || s.id).join(' against ');
  const log = b.log || [];
  return h('section', { class: 'chronicle-battle', testid: 'chronicle-battle', dataset: { battle: String(b.id), status: b.status || '' } },
    h('h3', {}, b.name, ' ', h('span', { class: `badge battle-status status-${b.status}`, testid: 'chronicle-battle-status' }, status)),
    h('p', { class: 'muted' }, [sides, b.turn ? `turn ${b.turn}` : '', book ? book.name : ''].filter(Boolean).join(' · ')),
    log.length ? h('ol', { class: 'battle-log chronicle-log' }, logItems(log.map((e, i) => [e, i]), names))
      : h('p', { class: 'muted' }, 'Nothing has happened yet.'),
    battleRecords(view, b, book), battleTalk(view, b));
}

function battlesPart(view) {
  const list = battleList(view);
  if (!list.length) return null;
  return h('section', { class: 'card chronicle-battles', testid: 'chronicle-battles', 'aria-labelledby': 'chronicle-battles-heading' },
    h('h2', { id: 'chronicle-battles-heading' }, 'Battles'), list.map((b) => battleSection(view, b)));
}

// The document itself, from the answer as it came.
function chronicleDoc(data, year) {
  const view = data.view || {};
  const name = (view.campaign && view.campaign.name) || `Campaign ${data.campaign}`;
  const umpire = (view.me || {}).role === 'umpire';
  return h('article', { class: 'chronicle', testid: 'chronicle' },
    h('h1', { testid: 'chronicle-title' }, `${name}: the chronicle of ${data.username}`),
    h('p', { class: 'muted chronicle-lede' }, umpire ? 'The whole campaign, as the umpire sees it.'
      : 'The campaign as you saw it: your reports, your diaries, the gazette, the notices, the expeditions, the battles you could see, the table talk and the dice.'),
    colonelsPart(view, year), gazettePart(view), noticesPart(view), expeditionsPart(view, year.expeditions),
    battlesPart(view), chatPart(view), dicePart(view));
}

// Saves the text through a link the browser downloads.
function saveText(text, fileName) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = h('a', { href: url, download: fileName, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000); // the download may still be reading it
}

// year: {reportBody, activityText, regimentTitle, expeditions}, the year's words (web/year/; `expeditions`: those of
// web/year/expeditions/words.js with reckoningLines and ordinal).
export function chroniclePage(ctx, route, year) {
  const campaignId = route.id;
  let destroyed = false;
  let saved = null; // {text, fileName}: the answer, written out again as it was parsed
  const print = h('button', { type: 'button', class: 'secondary', testid: 'chronicle-print', disabled: true }, 'Print');
  const json = h('button', { type: 'button', class: 'secondary', testid: 'chronicle-json', disabled: true }, 'Download as JSON');
  const status = h('p', { class: 'muted', testid: 'chronicle-status' }, 'Gathering the chronicle…');
  const error = errorLine('chronicle-error');
  const body = h('div', { class: 'chronicle-body' });
  print.addEventListener('click', () => window.print());
  json.addEventListener('click', () => { if (saved) saveText(saved.text, saved.fileName); });

  const el = h('div', { class: 'page page-chronicle' },
    h('nav', { class: 'page-topline chronicle-nav', 'aria-label': 'Chronicle' },
      h('a', { class: 'back-link', href: campaignHash(campaignId) }, '← Back to the campaign'),
      h('div', { class: 'form-actions' }, print, json)),
    status, error.el, body);

  ctx.setTitle('Chronicle');
  // The books of its battles are loaded before it is written (their words: phases, statuses, records).
  const withBooks = (data) => Promise.all(battleList((data && data.view) || {}).map((b) => loadBook(b.ruleset)))
    .then(() => data);
  api.chronicle(campaignId).then(withBooks).then((data) => {
    if (destroyed) return;
    // Written out before the page reads it: the file is the server's answer, not what the page made of it.
    const text = JSON.stringify(data);
    const view = data.view || {};
    const name = (view.campaign && view.campaign.name) || `Campaign ${campaignId}`;
    saved = { text, fileName: chronicleFileName(name, data.username) };
    status.hidden = true;
    body.replaceChildren(chronicleDoc(data, year));
    print.disabled = false;
    json.disabled = false;
    ctx.setTitle(`${name}: the chronicle of ${data.username}`);
  }, (err) => {
    if (destroyed) return;
    status.hidden = true;
    error.show(err.message);
  });

  return { el, destroy() { destroyed = true; } };
}
