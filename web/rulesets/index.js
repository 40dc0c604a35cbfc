// The battle books' parts of the battle page: an explicit registry, one folder per book (web/README.md, "Rule
// sets"). The battle's `ruleset` field chooses the book; the shared page (web/common/battle/) and the umpire's
// console (web/umpire/battle_*.js) call only the members below, and a battle of a book not listed here gets the
// shared page alone with a plain notice. A book imports from web/common/ as it likes, never from another book.
//
// A book is an object. `id` and `name` are required; every other member is optional (the page does without):
//
//   id, name                  'oth', 'Over the Hill'
//   newBattleDefaults         {table?: {width, depth, measure}, sides?: [first, second]}: the umpire's New battle
//                             form fills these in when the book is chosen (Border Reivers: 1500 x 1000 paces)
//   troopLabels               {troop_type: label}: the book's troop types (map titles, Units table, set-up form)
//   phases                    {phase: label}: names of the book's phases in the log and the replay
//   statusLabels              {status: label}: the battle's status in the book's words (Border Reivers: cards is
//                             "Bound"); the page's own words otherwise
//   steps                     {step: sentence}: the umpire's words for each resolution step (battle.next_step)
//   box                       the sealed box the players submit to ('cards'): the umpire sees its items listed
//   describeItem(b, item)     a submitted item (a played card) in words: the log's details, the umpire's list
//   unitGlyph(unit)           a letter drawn inside a unit on the map ('' for none)
//   unitBadge(unit)           {key, value, title} | null: a number at a unit's front corner (testid battle-unit-<key>)
//   unitTitle(unit)           words added to a unit's title on the map
//   rangeShapes               {kind: 'circle'}: hints.ranges kinds drawn as a circle round the unit instead of
//                             ahead of it (Border Reivers' move)
//   terrainNote(feature, b, turn?) -> {text, unknown?} | string | null
//                             a note written on a terrain feature on the map and in its title (testid
//                             battle-terrain-note, data-known): Border Reivers' terrain roll as the viewer's side
//                             knows it (b.terrain_rolls), or "? not yet ridden"; read from the view, never reckoned
//                             (in the replay `turn` is the frame's: a roll learned later is still unknown there)
//   unitColumns               [{label, cell(unit, battle) -> string | Node, value?(unit) -> string}]: the Units
//                             table's book columns (between Type and Order)
//   recordsColumns            [{label, cell(row) -> string, value?(row)}]: the Records chart once the battle ends
//   lossColumns               [{label, cell(row) -> string}]: the losses table beside it
//   talkClosed(b)             why the talk is closed, in the book's words
//   turnLabel(b)              the turn in the battle's header in the book's words (Chosen Men: "Game turn 1 — tempo
//                             bids"); "Turn N" when left out
//   turnHeading(turn)         a turn's name in the log, the replay and its frames (Chosen Men: "Game turn 1 — the
//                             tempo side moves and fights"); "Turn N" when left out
//   secretPanel(ctx, campaignId, hooks) -> {el, update(view, b), mapPoint?(p) -> bool, focus?(piece) -> bool}
//                             the player's secret submission (oth: the hand of order cards); on a phone it is shown in
//                             a sheet over the map (web/common/battle/sheet.js), opened by a tap on one of his pieces,
//                             when focus({kind: 'unit'|'leader', id}) is called: the panel may narrow itself to what that
//                             piece may do (true if it did); focus(null) shows it whole again. Its answer to a
//                             point on the map (mapPoint) is the element it marks data-map-point, which the sheet
//                             scrolls into view. hooks:
//                             pick({from, reach, to, hint} | null): ask the map for a point (a circle of `reach`
//                             table units round `from`; map clicks then go to mapPoint), showMap(): scroll to it
//   carryOn                   words for what an ended battle of the book carries into a new one (battle.create's
//                             carry_from, docs/protocol.md "Scenarios and strings of battles"): the New battle form
//                             offers "Carry on from" an ended battle of the book only to books that have them
//   campaignPage              {create(ctx, campaignId) -> {el, update(page, view), destroy?()}}: a tab of
//                             the campaign page, named by the book's `page` {id, label} in BOOKS below (web/common/book_pages.js), shown to every member whose view has the
//                             book's page of the campaign, `battle_books.<book id>` (built per viewer by the book's
//                             server code), which comes to update as `page` (Border Reivers: "Raids", the names' history)
//   umpire                    the umpire console's book parts, each built once per console:
//     unitValues() -> {el, read() -> values, update?(b), fields?({concealed}) -> more unit fields}
//                             the set-up form's values of a new unit (oth: D, M, E); update(b) refreshes choices
//                             drawn from the battle (a name's heidman), fields() adds other fields of the unit
//                             (Border Reivers: markers.concealment of a name placed in ambush)
//     unitBases               the bases a new unit has in the set-up form (4 when left out; Border Reivers: 1)
//     leaderValues() -> {el, read() -> values}          the set-up form's values of a new leader (a heidman's
//                             fyrebrand and craft)
//     turnWords(view, b) -> {info?, heading?, close?, users?}
//                             the turn panel's words (the turn's line, the box's heading, the close button) and the
//                             users whose submissions it lists (every player when left out)
//     settingsForm() -> {el, fill(b), read(b) -> changes}   the battle's settings (battle.settings); read
//                             throws an Error whose message the umpire reads (nothing is sent)
//     overridesForm(send) -> {el, update(view, b), select(kind, id), moveTo(kind, id, position)}
//                             battle.override; send(type, body) adds the campaign; select/moveTo come from the map
//
// What a book draws of the rules comes from the server, never from a copy of them: `b.hints` (the book's server
// code: for Over the Hill shared/rulesets/oth/hints.h) says where the viewer's rules reach. The shared map draws
// `b.hints.ranges` ({unit id: [{kind, cm | paces, range}]}, range in table units) when a unit is hovered or tapped.

import { preload } from '../common/preload.js';

// Each book is loaded when a battle of it is opened (or the umpire's battle console, which offers them all): a page
// downloads no book it does not show. BOOKS names them before they load; a book's page of the campaign (its tab) is
// named here too, so the tab can be offered before the book's code comes.
export const BOOKS = [
  { id: 'oth', name: 'Over the Hill', load: () => import('./oth/index.js').then((m) => m.oth) },
  { id: 'reivers', name: 'Border Reivers', page: { id: 'raids', label: 'Raids' }, load: () => import('./reivers/index.js').then((m) => m.reivers) },
  { id: 'cmwd', name: 'Chosen Men, Well Disposed', load: () => import('./cmwd/index.js').then((m) => m.cmwd) },
  { id: 'lfas', name: 'Loose Files and American Scramble', load: () => import('./lfas/index.js').then((m) => m.lfas) },
];

// The books loaded so far, by id (the umpire's console loads them all first: loadAllBooks).
export const RULESETS = {};
const loading = new Map();

const entryOf = (id) => BOOKS.find((b) => b.id === id) || null;

// True for a rule set this client has a book for, loaded or not.
export function bookKnown(id) { return !!entryOf(id); }

// The book `id`, loaded once; null for a rule set this client does not know.
export function loadBook(id) {
  const entry = entryOf(id);
  if (!entry) return Promise.resolve(null);
  if (!loading.has(id)) {
    preload(`rulesets/${id}/index.js`);
    loading.set(id, entry.load().then((book) => { RULESETS[id] = book; return book; },
      (err) => { loading.delete(id); throw err; }));
  }
  return loading.get(id);
}

export function loadAllBooks() { return Promise.all(BOOKS.map((b) => loadBook(b.id))); }

// The book of a battle once loaded, else null (bookKnown tells a book still loading from an unknown one).
export function bookOf(battle) {
  const id = battle && battle.ruleset;
  return (id && Object.prototype.hasOwnProperty.call(RULESETS, id) && RULESETS[id]) || null;
}
