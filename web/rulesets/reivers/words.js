// Border Reivers' words on the battle page (border-reivers.txt; docs/protocol.md, "Border Reivers"): its name
// types, the phases of a bound and the umpire's sentence for each combat step (shared/rulesets/reivers/combat.h),
// a finished bound in words, the craft ratings and the actions a heidman pays craft for.

// border-reivers.txt, the combat factors table's "Name Type", and the movement table's herds and wagons.
export const TROOP_LABELS = {
  rider: 'Rider', lowne: 'Lowne', demi_lance: 'Demi-Lance', musketeer: 'Musketeer', blade: 'Blade', bow: 'Bow',
  pike: 'Pike', herd: 'Herd', wagon: 'Wagon',
};

// A side's bound is the box "bound" (the battle's status `cards`); its end is the reveal; combat follows.
export const PHASES = {
  cards: 'Bound', reveal: 'End of the bound', fire: 'Fire', melee: 'Melee', incidents: 'Incidents', aftermath: 'Aftermath',
};

export const STATUS_LABELS = { cards: 'Bound', resolving: 'Combat' };

// The steps after a bound (combat.h: "Combat is then resolved, parts 5-7 above").
export const STEP_LABELS = {
  fire: 'Fire: bows and musketeers shoot at range',
  melee: 'Melee: names in contact fight; losers recoil, flee or are destroyed',
  incidents: 'Incidents: each heidman whose name fought rolls 2d6; on a 2 (less 4 fleeing, 2 recoiled) the incident table',
  aftermath: 'Aftermath: names still fleeing flee again, herds are taken, the bound\'s marks are cleared; the next side\'s bound opens',
};

// "Poor 1d4, Average 1d6, Good 1dAv+1": the die each rating throws, in the book's words.
export const CRAFT_LABELS = { poor: 'poor (1d4)', average: 'average (1d6)', good: 'good (average die + 1)' };

// The actions of a bound (shared/rulesets/reivers/actions.h) and their costs from the view's hints.costs (the
// book's cost table as the server holds it): the page says them, the server charges them.
export function actionLabels(costs) {
  const c = costs || {};
  const n = (v) => (typeof v === 'number' ? v : '?');
  return {
    move: `Move a name or group (${n(c.move)} craft; ${n(c.road)} on a road once a bound)`,
    move_heidman: `Ride with your heidman (${n(c.move)} craft)`,
    conceal: `Lay an ambush (${n(c.conceal_dismounted)} craft a point on foot, ${n(c.conceal_mounted)} mounted)`,
    detect: `Search for an ambush (${n(c.detect)} craft a detection point)`,
    dismount: `Dismount a name (${n(c.dismount)} craft)`,
    remount: `Remount a name (${n(c.dismount)} craft)`,
    rally: `Rally a fleeing name (${n(c.rally)} craft)`,
    spring: 'Spring an ambush (no craft)',
  };
}

// A finished bound in the box ({"done": true}): the umpire's list.
export function describeBound(battle, item) {
  return item && item.done ? 'has finished his bound' : '';
}

export function talkClosed() {
  return 'Closed: talk opens while your heidman stands beside another.';
}

export const sideName = (b, id) => ((b.sides || []).find((s) => s.id === id) || {}).name || id || '';
