// The campaign's mail, in the umpire's console (GET /api/campaigns/{id}/mail; docs/protocol.md, "A diary by
// e-mail"): what came to the campaign's reply addresses, the latest 50, newest first, each with what the server
// did with it. Loaded by console.js only when the umpire asks for it. The server decides every outcome; the page
// only puts it in words and names the member from the view.

import { h, setText, setTime, syncKeyed } from '../common/dom.js';
import { api } from '../common/api.js';

// Each outcome the server records, in words; the badge's colour says whether the diary went in.
const OUTCOMES = {
  recorded: ['diary recorded', 'badge-ok'],
  repeated: ['the same message again: nothing changed', ''],
  refused: ['refused', 'badge-warn'],
  dropped: ['dropped: an automatic reply, or not to a reply address', ''],
  bounce: ['a bounce', 'badge-warn'],
  forged: ['forged reply address', 'badge-differs'],
  expired: ['reply address expired', 'badge-warn'],
  too_large: ['too large', 'badge-warn'],
  flood: ['too many in an hour', 'badge-warn'],
  off: ['replies turned off, or no verified address', 'badge-warn'],
  unauthenticated: ['sender not vouched for (DKIM/SPF)', 'badge-differs'],
};

export function outcomeWords(outcome) {
  return (OUTCOMES[outcome] || [String(outcome || 'unknown')])[0];
}

// "Colonel Anne (anne)": his colonel's name where he has one, and his name as a member.
function whoOf(view, user) {
  if (user === null || user === undefined) return '';
  const member = ((view && view.members) || {})[String(user)];
  const colonel = (((view && view.year) || {}).colonels || {})[String(user)];
  if (colonel && colonel.name && member) return `${colonel.name} (${member.name})`;
  if (member) return member.name;
  if (colonel && colonel.name) return colonel.name;
  return `member #${user}`;
}

function mailItem() {
  return h('li', { class: 'adjustment-item mail-item', testid: 'umpire-mail-item' },
    h('div', { class: 'item-meta' }, h('time'), ' · ', h('span', { class: 'badge', testid: 'umpire-mail-outcome' })),
    h('div', {},
      h('strong', { testid: 'umpire-mail-who' }), ' ',
      h('span', { class: 'mono muted', testid: 'umpire-mail-sender' })),
    h('div', { class: 'item-text', testid: 'umpire-mail-subject' }),
    h('p', { class: 'hint', testid: 'umpire-mail-reason' }));
}

function fillItem(li, m, view) {
  li.dataset.outcome = m.outcome || '';
  li.dataset.user = m.user === null || m.user === undefined ? '' : String(m.user);
  setTime(li.querySelector('time'), m.received);
  const badge = li.querySelector('[data-testid="umpire-mail-outcome"]');
  const [, tone] = OUTCOMES[m.outcome] || ['', 'badge-warn'];
  badge.className = `badge ${tone}`.trim();
  setText(badge, outcomeWords(m.outcome));
  const who = li.querySelector('[data-testid="umpire-mail-who"]');
  const name = whoOf(view, m.user);
  who.hidden = !name;
  setText(who, name);
  setText(li.querySelector('[data-testid="umpire-mail-sender"]'), m.sender || '(no sender)');
  setText(li.querySelector('[data-testid="umpire-mail-subject"]'), m.subject || '(no subject)');
  const reason = li.querySelector('[data-testid="umpire-mail-reason"]');
  reason.hidden = !m.reason;
  setText(reason, m.reason || '');
}

// {el, load(): reads the list again (rejects with the server's words), update(view): names from the latest view}.
export function mailList(campaignId) {
  const list = h('ul', { class: 'adjustment-list mail-list', testid: 'umpire-mail-list' });
  const none = h('p', { class: 'muted empty', testid: 'umpire-mail-none', hidden: true },
    'No mail has come to this campaign’s reply addresses.');
  const read = h('p', { class: 'hint', testid: 'umpire-mail-read', hidden: true }, 'The latest 50, newest first; read at ', h('time'), '.');
  let records = null; // null until read
  let view = null;

  function render() {
    if (records === null) return;
    none.hidden = records.length > 0;
    syncKeyed(list, records.map((m) => [m.id, m]), mailItem, (li, m) => fillItem(li, m, view));
  }

  return {
    el: h('div', { class: 'stack' }, read, none, list),
    async load() {
      const answer = await api.campaignMail(campaignId);
      records = Array.isArray(answer.mail) ? answer.mail : [];
      read.hidden = false;
      setTime(read.querySelector('time'), Date.now());
      render();
    },
    update(v) {
      view = v;
      render();
    },
  };
}
