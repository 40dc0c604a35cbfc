// The "Battle" tab (docs/protocol.md, "Battles"): shown to every member once the
// view has a battle, and always to umpires (who create battles here). The shared page: the map, the talk, the
// units, the turn log and its replay, the Records chart. The battle's book (web/rulesets/, chosen by the battle's
// `ruleset`) adds its parts: the player's secret panel (Over the Hill: the hand of cards), its unit columns, its
// words. Umpires get their console, which web/umpire/ registers here (registerBattleConsole): web/common/ imports
// nothing from web/umpire/.

import { h, setText } from '../dom.js';
import { api } from '../api.js';
import { battleMap } from './map.js';
import { talkPanel } from './talk.js';
import { logPanel, replayPanel } from './log.js';
import { recordsPanel } from './records.js';
import { unitsPanel } from './units.js';
import { orderSheet } from './sheet.js';
import { pieceNews } from './piece_news.js';
import { bookOf, bookKnown, loadBook } from '../../rulesets/index.js';
import { battleList, battleConsoleLoader } from './index.js';

const STATUS = { setup: 'Setting up', cards: 'Choosing cards', resolving: 'Resolving', ended: 'Ended' };
// The status in the battle's book's words where it has them (book.statusLabels: Border Reivers' bound).
const statusLabel = (b, book) => (book && book.statusLabels && book.statusLabels[b.status]) || STATUS[b.status] || b.status;


function headerElements() {
  const e = {
    picker: h('select', { id: 'battle-select', testid: 'battle-select' }),
    title: h('h2', { class: 'battle-name', testid: 'battle-name' }),
    status: h('span', { class: 'badge battle-status', testid: 'battle-status' }),
    turn: h('span', { class: 'battle-turn', testid: 'battle-turn' }),
    sub: h('p', { class: 'muted battle-sub', testid: 'battle-sub' }),
    notice: h('p', { class: 'notice-line battle-ruleset-notice', testid: 'battle-ruleset-notice', role: 'status', hidden: true }),
    // On a phone the dice's line is with the log (data-part), leaving the map on the first screen.
    dice: h('p', { class: 'hint battle-dice', testid: 'battle-dice', hidden: true, dataset: { part: 'log' } }),
  };
  e.pickerField = h('div', { class: 'field battle-picker', hidden: true }, h('label', { for: 'battle-select' }, 'Battle'), e.picker);
  e.head = h('div', { class: 'card battle-head' }, h('div', { class: 'battle-title-row' }, e.title, e.status, e.turn), e.sub, e.dice, e.notice);
  return e;
}

function subText(view, b) {
  const me = view.me || {};
  const sides = (b.sides || []).map((s) => s.name || s.id).join(' v ');
  const leader = b.me && b.me.leader ? (b.leaders || []).find((l) => l.id === b.me.leader) : null;
  const mySide = b.me && b.me.side ? ((b.sides || []).find((s) => s.id === b.me.side) || {}).name || b.me.side : '';
  const who = me.role === 'umpire' ? 'You are umpiring: you see everything.' : leader ? `You are ${leader.name}, ${mySide}.` : 'You watch as a spectator would.';
  const table = b.table ? `Table ${b.table.width} × ${b.table.depth} ${b.table.measure}.` : '';
  const next = b.status === 'resolving' && b.next_step ? ` Next step: ${b.next_step}.` : '';
  return `${sides}. ${table} ${who}${next}`;
}

// The battle's own dice (docs/dice.md, "Battles' own seeds"): the commitment from the start; once it ended, its
// rolls to download and check (#/dice-check). A battle from before battles had seeds says nothing.
function showDice(el, view, b) {
  el.hidden = !b.seed_sha256;
  if (!b.seed_sha256) { el.replaceChildren(); return; }
  const campaign = view.campaign && view.campaign.id;
  if (!b.seed) {
    el.replaceChildren(`Its dice come from a seed of its own, committed to as ${b.seed_sha256.slice(0, 16)}…; it is revealed when the battle ends, so anyone can check every roll.`);
    return;
  }
  el.replaceChildren('The seed of its dice is revealed: ',
    h('a', { href: `/api/campaigns/${campaign}/battles/${b.id}/dice`, download: `battle-${b.id}-dice.json`, testid: 'battle-dice-download' }, 'download its rolls'),
    ' and ', h('a', { href: '#/dice-check', testid: 'battle-dice-check' }, 'check them'), '.');
}

function showHeader(e, view, b, book) {
  showDice(e.dice, view, b);
  setText(e.title, b.name);
  setText(e.status, statusLabel(b, book));
  e.status.dataset.status = b.status;
  e.status.className = `badge battle-status status-${b.status}`;
  // A book that counts its turns otherwise says so (Chosen Men: a game turn of several bounds).
  setText(e.turn, book && book.turnLabel ? book.turnLabel(b) : b.turn ? `Turn ${b.turn}` : '');
  e.turn.dataset.turn = String(b.turn || 0);
  setText(e.sub, subText(view, b));
  // A book this client does not know: the shared page still works; say plainly what is missing.
  e.notice.hidden = !!book;
  e.notice.dataset.ruleset = b.ruleset || '';
  setText(e.notice, book ? '' : `This battle is fought by rules this page does not know (“${b.ruleset || 'none'}”): the map, the log, the talk and the units are shown, not the rule set's own parts (cards, orders, settings).`);
}

function fillPicker(e, list) {
  e.pickerField.hidden = list.length < 2;
  const keys = list.map((b) => `${b.id}:${b.name}:${b.status}`).join('|');
  if (e.picker.dataset.keys === keys) return;
  e.picker.dataset.keys = keys;
  e.picker.replaceChildren(...list.map((b) => h('option', { value: String(b.id) }, `${b.name} (${statusLabel(b, bookOf(b))})`)));
}

// The book's secret panel (built once per book), mounted in its slot.
function secretSlot(ctx, campaignId, hooks) {
  const el = h('div', { class: 'battle-secret-slot' });
  const built = new Map();
  let shown = null;
  return {
    el,
    // The panel of `book` (mounted), or null.
    use(book) {
      const id = book && book.secretPanel ? book.id : null;
      if (id && !built.has(id)) built.set(id, book.secretPanel(ctx, campaignId, hooks));
      const panel = id ? built.get(id) : null;
      if (panel !== shown) { el.replaceChildren(...(panel ? [panel.el] : [])); shown = panel; }
      return panel;
    },
  };
}

// On a phone the battle's parts are shown one at a time (style.css hides the others by their data-part): the map,
// with the player's turn in its sheet, first.
const SECTIONS = [['map', 'Map'], ['talk', 'Talk'], ['log', 'Log'], ['units', 'Units'], ['replay', 'Replay']];

function sectionsBar(choose) {
  const buttons = SECTIONS.map(([id, label]) => h('button', { type: 'button', class: 'small ghost battle-section', testid: `battle-section-${id}`, 'aria-pressed': id === 'map' ? 'true' : 'false', onclick: () => choose(id) }, label));
  const el = h('nav', { class: 'battle-sections', 'aria-label': 'Parts of the battle' }, ...buttons);
  return { el, show: (id) => buttons.forEach((b, i) => b.setAttribute('aria-pressed', SECTIONS[i][0] === id ? 'true' : 'false')) };
}

// A phone's width: the stylesheet's sheet and one part at a time (style.css, max-width 700px).
const onPhone = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia('(max-width: 700px)').matches;

// The part of the table a phone's player first sees: his own pieces and the edge of the table nearer them (his
// side's ground), [x0, y0, x1, y1] in table units; null for a viewer with no pieces, or on a wider screen.
function openingFrame(b, me) {
  if (!onPhone()) return null;
  const mine = [...(b.units || []).filter((u) => u.owner === me.user && !u.removed),
    ...(b.leaders || []).filter((l) => b.me && l.id === b.me.leader)].map((x) => x.position || [0, 0]);
  if (!mine.length || !b.table) return null;
  const xs = mine.map((p) => p[0]);
  const ys = mine.map((p) => p[1]);
  const pad = b.table.width * 0.08;
  const nearStart = ys.reduce((a, y) => a + y, 0) / ys.length < b.table.depth / 2;
  return [Math.min(...xs) - pad, nearStart ? 0 : Math.min(...ys) - pad, Math.max(...xs) + pad, nearStart ? Math.max(...ys) + pad : b.table.depth];
}

function mapHint(pickReq, editing, b) {
  if (pickReq) return pickReq.hint || 'Click or tap a point on the map.';
  if (editing) return b.status === 'setup' ? 'Drag units, leaders and terrain to place them; click one to select it.' : 'Drag to move (an override, with a reason).';
  return 'Hover over or tap a unit for its ranges.';
}

// The page of one campaign's battles: the battle picked, the shared panels, the book's panel, the console.
class BattlePage {
  constructor(ctx, campaignId) {
    this.ctx = ctx;
    this.campaignId = campaignId;
    this.selectedId = null;
    this.lastView = null;
    this.pickReq = null; // the book's request for a point on the map: {from, reach, to, hint}
    this.records_ = new Map(); // an ended battle's record, fetched when it is shown (the live view holds a summary)
    this.consoleApi = null;
    this.consoleAsked = false;
    this.secret = null; // the book's secret panel on screen
    this.e = headerElements();
    this.buildPanels();
    this.layout();
  }

  buildPanels() {
    const consoleDo = (name, arg) => { if (this.consoleApi) this.consoleApi[name](arg); };
    this.news = pieceNews();
    this.map = battleMap({
      news: this.news.el,
      onPoint: (p) => {
        if (this.pickReq && this.secret && this.secret.mapPoint && this.secret.mapPoint(p)) {
          // The point taken: the sheet shows what the book made of it (a refusal beside its control).
          this.sheetFolded = false;
          if (this.sheet.isActive()) {
            this.sheet.open();
            this.showPointAnswer();
          }
          return;
        }
        consoleDo('mapPoint', p);
      },
      canDrag: () => !!this.consoleApi && this.consoleApi.canDrag(),
      onDrag: (d) => consoleDo('mapDrag', d),
      onSelect: (sel) => consoleDo('mapSelect', sel),
      onTurn: (flip) => this.replay.setFlip(flip),
      onPiece: (p) => this.tapped(p),
    });
    this.slot = secretSlot(this.ctx, this.campaignId, {
      pick: (req) => {
        const same = JSON.stringify(req) === JSON.stringify(this.pickReq);
        // A point is asked for: the sheet folds down so the map can be tapped, and its bar says what to tap.
        if (req && !this.pickReq && this.sheet.isOpen() && this.sheet.justChosen()) { this.sheetFolded = true; this.sheet.fold(req.hint || 'Tap a point on the map.'); }
        if (!req && this.sheetFolded) { this.sheetFolded = false; this.sheet.open(); }
        this.pickReq = req;
        if (!same) this.renderMap();
      },
      showMap: () => {
        this.showSection('map');
        const r = this.map.svg.getBoundingClientRect();
        if (r.bottom < 60 || r.top > window.innerHeight - 60) this.map.el.scrollIntoView({ block: 'start', behavior: 'smooth' });
      },
    });
    // Open or folded, the sheet stays so for this battle when the page is reloaded (a phone that slept).
    this.sheet = orderSheet(this.slot.el, (open) => this.keepSheet(open));
    this.sections = sectionsBar((id) => this.showSection(id));
    this.talk = talkPanel(this.ctx, this.campaignId);
    this.units = unitsPanel();
    this.log = logPanel();
    this.replay = replayPanel();
    this.records = recordsPanel();
  }

  layout() {
    const e = this.e;
    this.none = h('p', { class: 'muted empty', testid: 'battle-none' }, 'No battle yet.');
    this.loading = h('p', { class: 'muted', testid: 'battle-loading', role: 'status', hidden: true }, 'Fetching the battle\'s record…');
    this.consoleSlot = h('div', { class: 'battle-console-slot' });
    this.createSlot = h('div', { class: 'battle-create-slot' });
    for (const [panel, part] of [[this.talk, 'talk'], [this.log, 'log'], [this.records, 'log'], [this.units, 'units'], [this.replay, 'replay']]) panel.el.dataset.part = part;
    this.consoleSlot.dataset.part = 'map';
    this.body = h('div', { class: 'battle-body', dataset: { section: 'map' } },
      e.head,
      this.sections.el,
      h('div', { class: 'battle-grid' },
        h('section', { class: 'card panel panel-map', 'aria-label': 'Map', dataset: { part: 'map' } }, this.map.el),
        h('div', { class: 'battle-side' }, this.sheet.el, this.talk.el)),
      this.consoleSlot,
      this.records.el,
      h('div', { class: 'battle-lower' }, this.log.el, this.units.el),
      // The replay takes the whole width: its small map beside the turn's lines.
      this.replay.el);
    this.el = h('div', { class: 'battle-tab' }, e.pickerField, this.none, this.loading, this.createSlot, this.body);
    e.picker.addEventListener('change', () => this.show(Number(e.picker.value)));
  }

  refresh() { if (this.lastView) this.update(this.lastView); }

  sheetKey(id) { return `muster.sheet.${this.campaignId}.${id}`; }

  keepSheet(open) {
    if (this.sheetBattle === undefined) return;
    try { sessionStorage.setItem(this.sheetKey(this.sheetBattle), open ? 'open' : 'folded'); } catch { /* private mode: not kept */ }
  }

  keptSheet(id) {
    try { return sessionStorage.getItem(this.sheetKey(id)) === 'open'; } catch { return false; }
  }

  // The book's answer to a point tapped on the map (its element marked data-map-point: where the leader rides, or
  // why not) scrolled into the sheet's view.
  showPointAnswer() {
    requestAnimationFrame(() => {
      const shown = (x) => (x.checkVisibility ? x.checkVisibility() : !!x.offsetParent);
      const answer = [...this.slot.el.querySelectorAll('[data-map-point]')].find(shown);
      if (answer) answer.scrollIntoView({ block: 'center' });
    });
  }

  // What befell the piece last chosen on the map, in the log's words (piece_news.js).
  showNews(b) {
    const p = this.newsPiece && this.newsPiece.battle === b.id ? this.newsPiece : null;
    const x = p ? (p.kind === 'leader' ? b.leaders : b.units || []).find((y) => y.id === p.id) : null;
    this.news.show(b, x ? { kind: p.kind, id: p.id, name: x.name } : null);
  }

  // On a phone, one part of the battle at a time (style.css).
  showSection(id) {
    this.body.dataset.section = id;
    this.sections.show(id);
    if (id === 'map') this.renderMap();
    if (id === 'log') this.log.scrollToEnd();
  }

  // A piece tapped on the map, or chosen from the bar of those under a tap: one of the player's own opens his sheet
  // on it (the book narrows its panel to that piece where it can).
  tapped(p) {
    const b = this.lastView && this.current(this.lastView);
    if (!b) return;
    this.newsPiece = { ...p, battle: b.id };
    this.showNews(b);
    if (this.pickReq || !this.sheet.isActive()) return;
    const mine = p.kind === 'leader' ? !!b.me && b.me.leader === p.id
      : (b.units || []).some((u) => u.id === p.id && u.owner === (this.lastView.me || {}).user);
    if (!mine) return;
    const x = (p.kind === 'leader' ? b.leaders : b.units || []).find((y) => y.id === p.id);
    const narrowed = !!(this.secret && this.secret.focus && this.secret.focus(p));
    this.sheet.open(narrowed && x ? x.name : undefined);
    if (this.sheet.isOpen() && onPhone()) this.map.reveal(p, this.sheet.el.getBoundingClientRect().top);
  }

  // Turns the page to battle `id` (the campaign page's list of what needs you opens a battle's item here).
  show(id) {
    this.selectedId = id;
    this.openOnMap = true;
    this.refresh();
  }

  // A phone opens a battle on its map: the page scrolled to the battle's name, the map just below.
  scrollToBattle() {
    if (!this.openOnMap || this.body.hidden || !onPhone()) return;
    this.openOnMap = false;
    this.showSection('map');
    this.e.head.scrollIntoView({ block: 'start' });
  }

  // The battle on screen: the one picked, else the newest that needs the viewer (the server's `needs_you`), else the
  // newest still being fought, else the newest.
  current(view) {
    const list = battleList(view);
    if (!list.length) return null;
    let b = list.find((x) => x.id === this.selectedId);
    if (!b) {
      const newest = [...list].reverse();
      b = newest.find((x) => x.needs_you) || newest.find((x) => x.status !== 'ended') || list[list.length - 1];
      this.selectedId = b.id;
    }
    return this.withRecord(b);
  }

  // An ended battle comes in the live view as a summary (docs/protocol.md, "paged"): its record, fetched once (and
  // again should the summary change), is shown in its place; until it comes, `loading`.
  withRecord(b) {
    if (!b.paged) return b;
    const key = JSON.stringify(b);
    const got = this.records_.get(b.id);
    if (got && got.battle && got.key === key) return { ...got.battle, paged: true };
    if (!got || (got.battle && got.key !== key)) {
      this.records_.set(b.id, { key });
      api.battleRecord(this.campaignId, b.id)
        .then((r) => { this.records_.set(b.id, { key, battle: r.battle }); this.refresh(); })
        .catch(() => { this.records_.delete(b.id); setTimeout(() => this.refresh(), 3000); }); // asked again
    }
    return { ...b, loading: true };
  }

  renderMap() {
    const b = this.lastView && this.current(this.lastView);
    if (!b || b.loading) return;
    const me = this.lastView.me || {};
    const editing = me.role === 'umpire' && !!this.consoleApi && this.consoleApi.canDrag();
    const req = this.pickReq;
    this.map.update(b, {
      book: bookOf(b),
      myUser: me.user,
      mySide: (b.me && b.me.side) || '',
      myLeader: (b.me && b.me.leader) || null,
      moveFrom: req ? req.from : null,
      moveReach: req ? req.reach : null,
      moveTo: req ? req.to : null,
      editUnits: editing,
      editTerrain: editing && b.status === 'setup',
      hint: mapHint(req, editing, b),
      frame: openingFrame(b, me),
    });
  }

  // The umpire's console, loaded the first time an umpire's page shows this tab (with every book, for New battle).
  mountConsole(view) {
    const loader = battleConsoleLoader();
    if (this.consoleAsked || !loader || (view.me || {}).role !== 'umpire') return;
    this.consoleAsked = true;
    loader().then((factory) => {
      this.consoleApi = factory(this.ctx, this.campaignId, {
        select: (id) => { this.selectedId = id; this.refresh(); },
        map: this.map,
        redrawMap: () => this.renderMap(),
      });
      this.consoleSlot.replaceChildren(this.consoleApi.el);
      this.createSlot.replaceChildren(this.consoleApi.createEl);
      this.refresh();
    }, (err) => { this.consoleAsked = false; this.showLoadError(err); });
  }

  // The battle's book, loaded when a battle of it is first shown; until it comes the page waits (the battle-loading
  // line) rather than showing the battle as of an unknown book.
  bookReady(b) {
    if (!b || b.loading || bookOf(b) || !bookKnown(b.ruleset)) return true;
    loadBook(b.ruleset).then(() => this.refresh(), (err) => this.showLoadError(err));
    return false;
  }

  showLoadError(err) {
    setText(this.loading, `Could not load this page's code (${err.message}). Reload the page to try again.`);
    this.loading.hidden = false;
  }

  update(view) {
    this.lastView = view;
    fillPicker(this.e, battleList(view));
    const b = this.current(view);
    if (b) this.e.picker.value = String(b.id);
    const ready = this.bookReady(b);
    const book = b ? bookOf(b) : null;
    this.mountConsole(view);
    if (this.consoleApi && ready && !(b && b.loading)) this.consoleApi.update(view, b, book);
    this.none.hidden = !!b;
    this.loading.hidden = !(b && (b.loading || !ready));
    if (b && !ready) setText(this.loading, 'Opening the battle…');
    else if (b && b.loading) setText(this.loading, 'Fetching the battle\'s record…');
    this.body.hidden = !b || !!b.loading || !ready;
    if (!b || b.loading || !ready) return;
    Object.assign(this.el.dataset, { battle: String(b.id), status: b.status, ruleset: b.ruleset || '' });
    showHeader(this.e, view, b, book);
    this.secret = this.slot.use(book);
    if (!this.secret) this.pickReq = null;
    const me = view.me || {};
    this.sheet.active(!!this.secret && me.role === 'player' && !!b.me && !!(b.me.leader || b.me.side) && b.status !== 'ended');
    if (this.sheetBattle !== b.id) {
      this.sheetBattle = b.id;
      if (this.secret && this.secret.focus) this.secret.focus(null);
      if (this.keptSheet(b.id)) this.sheet.open(); else this.sheet.close();
    }
    if (this.sheetWanted && this.sheet.isActive()) this.sheet.open();
    this.sheetWanted = false;
    this.renderMap();
    this.showNews(b);
    this.scrollToBattle();
    if (this.secret) this.secret.update(view, b);
    for (const panel of [this.talk, this.units, this.log, this.replay, this.records]) panel.update(view, b, book);
  }
}

// The tab's instance (its name and when it shows: index.js, battleTab).
export function createBattleTab(ctx, campaignId) {
  const page = new BattlePage(ctx, campaignId);
  return {
    el: page.el,
    update: (view) => page.update(view),
    shown() { page.openOnMap = true; page.renderMap(); page.scrollToBattle(); page.log.scrollToEnd(); },
    // {battle: id}: that battle on screen, with the sheet of his turn open (what needs him is in it).
    open({ battle }) {
      if (battle === null || battle === undefined) return;
      page.sheetWanted = true;
      page.show(battle);
    },
  };
}
