// Loose Files and American Scramble's words on the battle page (loose-files-american-scramble.txt; docs/protocol.md,
// "Loose Files and American Scramble"): its troop types, the seven phases of a turn, the umpire's sentence for each
// step, a player's revealed orders in words, and the view's `lfas` field read without reckoning anything.

// "1 figure = 10 men": companies of infantry, groups of three skirmishers, troops of cavalry, guns.
export const TROOP_LABELS = { infantry: 'Infantry', skirmishers: 'Skirmishers', cavalry: 'Cavalry', artillery: 'Artillery' };

// "ORDER OF PLAY IN A TURN": phases 3 to 7 follow the reveal; 1 and 2 of the next turn close it.
export const PHASES = {
  cards: 'Orders', reveal: 'Orders revealed', fire: 'Phase 3: firing', command: 'Phase 4: command points',
  movement: 'Phase 5: movement', combat: 'Phase 6: combat', redress: 'Phase 7: re-dress ranks',
  retreats: 'Phase 1: retreats and routs', morale: 'Phase 2: morale',
};

export const STATUS_LABELS = { cards: 'Orders', resolving: 'Resolving' };

export const STEP_LABELS = {
  fire: 'Phase 3: firing: each fire order in turn, as the units stood when the phase began',
  command: 'Phase 4: command points: each commander\'s points spent in order (moves, orders, written orders, rallies, inspiring)',
  movement: 'Phase 5: movement: each unit\'s movement dice rolled, a DP for each low face; charges announced',
  combat: 'Phase 6: combat: each charge within 4" and last turn\'s standoffs, an average die and the modifiers a side',
  redress: 'Phase 7: re-dress ranks: units that did not move lose DPs by class',
  retreats: 'Phase 1: retreats and routs: the beaten fall back; 4th and 5th class victors pursue',
  morale: 'Phase 2: morale: units passed by the beaten take DPs; the commanders\' points for the next turn are rolled',
};

export const KINDS = { regular: 'Regular', militia: 'Militia', light: 'Light' };
export const GUNS = { light: 'Light gun', field: 'Field gun', heavy: 'Heavy gun' };
export const WEAPONS = { musket: 'Musket', rifle: 'Rifle' };
export const FORMATIONS = { line: 'Line', column: 'Column', skirmish: 'Skirmish order' };
export const ROLES = { c_in_c: 'Commander-in-chief', brigadier: 'Brigadier' };
export const WOUNDS = { '': 'unhurt', light: 'lightly wounded', serious: 'seriously wounded (retired)', killed: 'killed' };

export const lfasOf = (b) => (b && b.lfas && typeof b.lfas === 'object' ? b.lfas : {});
export const costsOf = (b) => lfasOf(b).costs || {};
export const sideName = (b, id) => ((b.sides || []).find((s) => s.id === id) || {}).name || id || '';
export const unitOf = (b, id) => (b.units || []).find((u) => u.id === Number(id)) || null;
export const unitName = (b, id) => (unitOf(b, id) || {}).name || `unit ${id}`;
export const leaderName = (b, id) => ((b.leaders || []).find((l) => l.id === Number(id)) || {}).name || `commander ${id}`;
export const words = (k) => String(k ?? '').replace(/_/g, ' ');
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const ordinal = (n) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
export const inches = (n) => `${Math.round(Number(n) * 100) / 100}"`;
export const at = (p) => (Array.isArray(p) ? `(${p.map((n) => Math.round(Number(n) * 100) / 100).join(', ')})` : '');

// The command points one spending line costs, at the prices the server sends (lfas.costs: "move one die x
// inches 1 CP; give an order ... 1 CP; write an order 2 CPs; rally 2 CPs; inspire 3 CPs").
export function costOf(entry, costs) {
  const c = costs || {};
  if (!entry) return 0;
  if (entry.spend === 'move') return (Number(entry.dice) || 0) * (c.move ?? 1);
  return Number(c[entry.spend]) || 0;
}

// A player's orders in the box "orders" once revealed (the log, the umpire's list): how many of each.
export function describeItem(b, item) {
  if (!item || typeof item !== 'object') return '';
  const n = (k) => (Array.isArray(item[k]) ? item[k].length : 0);
  if (!['fire', 'command', 'move'].some((k) => Array.isArray(item[k]))) return '';
  const spent = (item.command || []).reduce((s, c) => s + costOf(c, costsOf(b)), 0);
  return `orders: ${plural(n('fire'), 'fire order')}, ${plural(n('move'), 'move')}, ${plural(spent, 'command point')} spent`;
}

// Commanders talk while their figures stand next to each other: the view's `channels` lists those open now.
export function talkClosed() {
  return 'Closed: your commander is not beside another player\'s commander. Move your figure next to his to talk.';
}
