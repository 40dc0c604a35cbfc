// Chosen Men, Well Disposed's words on the battle page (chosen-men-well-disposed.txt; docs/protocol.md, "Chosen
// Men, Well Disposed"): its troop types, the game turn's stages and steps, the fates of generals, and the view's
// `cmwd` field read without reckoning anything.

// chosen-men-well-disposed.txt, "Troop Types".
export const TROOP_LABELS = {
  infantry: 'Infantry', horse: 'Horse', dragoons: 'Dragoons', dismounted_dragoons: 'Dismounted dragoons',
  artillery: 'Artillery', baggage: 'Baggage',
};

// The game turn: the tempo bids, then each side moves and fights ("Turn sequence").
export const PHASES = {
  cards: 'Orders', reveal: 'Reveal', fire: 'Fire', charges: 'Charges', melee: 'Hand to hand', morale: 'Brigade morale',
  turn_end: 'End of the game turn', generate: 'Army generator',
};

export const STATUS_LABELS = { cards: 'Orders', resolving: 'Combat' };

export const STEP_LABELS = {
  fire: 'Fire: each declared fire in the order declared, on the fire effect table',
  charges: 'Charges: each declared charge tests to charge, in the order declared; pistols and fire at the chargers',
  melee: 'Hand to hand: every pair of bases in contact fights a round',
  morale: 'Brigade morale: each brigade with a base broken or newly shaken tests; a brigade over its bases is spent',
  turn_end: 'End of the game turn: broken bases leave, generals out of action count down, the next tempo points are rolled',
};

export const QUALITIES = { raw: 'Raw', trained: 'Trained', veteran: 'Veteran' };
export const SCHOOLS = { a_prest: 'A prest', dutch: 'Dutch' };
export const RANKS = { vigorous: 'Vigorous', active: 'Active', lethargic: 'Lethargic' };

// "Risk to Generals": what may befall one ("" unhurt).
export const FATES = {
  '': 'unhurt', aide: 'an aide struck down beside him', horse: 'his horse killed', bruise: 'bruised by a spent bullet',
  slight: 'slightly wounded', severe: 'severely wounded', killed: 'killed', captured: 'captured',
};

export const cmwdOf = (b) => (b && b.cmwd && typeof b.cmwd === 'object' ? b.cmwd : {});
export const sideName = (b, id) => ((b.sides || []).find((s) => s.id === id) || {}).name || id || '';
export const unitName = (b, id) => ((b.units || []).find((u) => u.id === id) || {}).name || `base ${id}`;
export const leaderName = (b, id) => ((b.leaders || []).find((l) => l.id === id) || {}).name || `general ${id}`;
export const brigadeOf = (b, id) => (cmwdOf(b).brigades || []).find((x) => x.id === id) || null;
export const brigadeName = (b, id) => ((brigadeOf(b, id) || {}).name) || id || '';
export const words = (k) => String(k || '').replace(/_/g, ' ');
// The server writes a test's result in words ("charges; the target breaks before contact").
export const resultWord = (r) => words(r);

// The commander of a side as the server names him (cmwd.generals' `commander`), else the seated leader with
// values.commander, else its first seated leader (the protocol's "the side's first player").
export function commanderOf(b, side) {
  const mine = (b.leaders || []).filter((l) => l.side === side && l.user);
  const named = (cmwdOf(b).generals || []).find((g) => g.commander === true && mine.some((l) => l.id === g.leader));
  if (named) return mine.find((l) => l.id === named.leader);
  return mine.find((l) => l.values && l.values.commander === true) || mine[0] || null;
}

// chosen-men-well-disposed.txt, "Turn sequence": a game turn is three of the server's battle turns: the tempo
// bids, then the tempo side's stage, then the other side's (shared/rulesets/cmwd/army.cpp, game_turn_of and
// stage_of). The player sees game turns only.
export const gameTurnOf = (turn) => (turn < 1 ? 0 : Math.floor((turn - 1) / 3) + 1);
const STAGE_WORDS = ['tempo bids', 'the tempo side moves and fights', 'the other side moves and fights'];

// A log line's or a replay frame's turn in the book's numbering: "Game turn 1 — tempo bids" (battle turn 1),
// "Game turn 1 — the tempo side moves and fights" (2). Set-up lines (turn 0) say "Set-up".
export function turnHeading(turn) {
  const n = Number(turn) || 0;
  if (n < 1) return 'Set-up';
  return `Game turn ${gameTurnOf(n)} — ${STAGE_WORDS[(n - 1) % 3]}`;
}

// The stage's line: "Game turn 2 — tempo bids" / "Game turn 2 — the French move and fight".
export function stageLine(b) {
  const c = cmwdOf(b);
  const g = c.game_turn || gameTurnOf(b.turn || 1);
  if (c.stage === 'bid') return `Game turn ${g} — tempo bids`;
  if (c.stage === 'first' || c.stage === 'second') return `Game turn ${g} — the ${sideName(b, c.acting_side)} move and fight`;
  return '';
}

// A submitted item in the box "orders": a tempo bid, or the acting side's "finished" (battle.submit).
export function describeItem(b, item) {
  if (!item || typeof item !== 'object') return '';
  if (typeof item.bid === 'number') return `bids ${item.bid} tempo point${item.bid === 1 ? '' : 's'}`;
  if (item.done) return 'finished';
  return '';
}

// Generals talk only while their figures stand next to each other: the view's `channels` lists those open now.
export function talkClosed() {
  return 'Closed: your general is not beside another player\'s general. Move your figure next to his to talk.';
}
