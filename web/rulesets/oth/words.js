// Over the Hill's words on the battle page: its troop types, the phases of its turn, the umpire's sentence for
// each resolution step, and a played card in words (over-the-hills.txt, ANNEX B, as the view's `card_set` has it).

export const TROOP_LABELS = {
  formed_infantry: 'Foot', horse: 'Horse', militia: 'Militia', irregulars: 'Irregulars', gunners: 'Gunners',
};

export const PHASES = {
  cards: 'Cards', reveal: 'Reveal', orders: 'Orders', movement: 'Movement', fire: 'Fire', reaction: 'Reaction',
  melee: 'Melee', tension: 'Tension',
};

export const STEP_LABELS = {
  orders: 'Orders: ORDER cards become pending orders, MOVE cards move leaders, ENGAGE marks leaders in the fight',
  movement: 'Movement: units act on digested orders (reaction tests first for advance, charge, retreat)',
  fire: 'Fire: musketry and cannon',
  reaction: 'Reaction: every unit that received a volley tests',
  melee: 'Melee: units in contact fight a round',
  tension: 'Tension: inspiration, rest, rally; pending orders digest; the next turn opens',
};

export const orderName = (o) => (o && o.name ? o.name.replace(/_/g, ' ') : '');

export function cardLabel(battle, card) {
  const c = (battle.card_set || []).find((x) => x.id === card);
  return c ? c.name : card;
}

// A played card item ({card, unit?, leader?, to?}) in words.
export function describeCard(battle, item) {
  if (!item) return '';
  const card = item.card || item.id || '';
  let text = cardLabel(battle, card);
  if (item.unit !== undefined && item.unit !== null) {
    const u = (battle.units || []).find((x) => x.id === item.unit);
    text += ` → ${u ? u.name || `unit ${u.id}` : `unit ${item.unit}`}`;
  }
  if (item.leader !== undefined && item.leader !== null) {
    const l = (battle.leaders || []).find((x) => x.id === item.leader);
    text += ` → ${l ? l.name : `leader ${item.leader}`}`;
  }
  if (Array.isArray(item.to)) text += ` → (${item.to.map((n) => Math.round(n * 100) / 100).join(', ')})`;
  return text;
}

export function talkClosed(battle) {
  // The distance is the battle's setting (the server measures it); the page only says it.
  const cm = battle.settings && battle.settings.talk_cm;
  const near = typeof cm === 'number' ? `within ${cm} cm of` : 'next to';
  return `Closed. A channel opens for one turn when your leader stands ${near} another leader and one of you played “Talk to someone” to the other; it lasts until the next reveal.`;
}
