// Names for ids on the battle page: members by user id, and the units, leaders and users a log line names.

export function memberName(view, user) {
  const m = view.members && view.members[String(user)];
  return m ? m.name : `#${user}`;
}

// {unit(id), leader(id), user(id)}: names as this viewer knows them.
export function namer(view, battle) {
  const unit = (id) => { const u = (battle.units || []).find((x) => x.id === id); return u ? u.name || `unit ${id}` : `unit ${id}`; };
  const leader = (id) => { const l = (battle.leaders || []).find((x) => x.id === id); return l ? l.name : `leader ${id}`; };
  const user = (id) => memberName(view, id);
  return { unit, leader, user };
}
