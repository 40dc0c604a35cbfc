// "Notifications" on the campaigns page: the user's address for notices, verified or not, set (a link goes to
// it) or removed (docs/protocol.md, "HTTP" and "Notifications"). An address gets nothing but its link until
// the link is opened, so the panel says whether it is verified. With an address, the user's choice: every notice at
// once, one digest a day at an hour of his own time zone, or nothing; and, where the server takes replies (its
// `replies_offered`), whether his replies to Muster's e-mail carry his diary.

import { h, setText, errorLine, runForm } from '../dom.js';
import { api } from '../api.js';

const MODES = [
  ['immediate', 'every notice at once'],
  ['digest', 'one digest a day'],
  ['off', 'nothing'],
];
const pad = (n) => String(n).padStart(2, '0');

// The browser's own zone (IANA); null where the browser does not say, and the server's zone is kept.
function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch (err) {
    return null;
  }
}

function choiceWords(e) {
  if (e.mode === 'off') return 'Now: no e-mail; your notifications still wait in the list on this site.';
  if (e.mode === 'digest') return `Now: one digest a day at ${pad(e.digest_hour)}:00 (${e.time_zone}).`;
  return 'Now: every notice by e-mail at once.';
}

// The choice form (POST /api/email/choices). show(e) takes GET /api/email's answer; what the user is changing is
// kept until he saves, as the panel looks again whenever the page comes back into view.
function choicesForm(status) {
  let saved = null;
  let dirty = false;
  const mode = h('select', { id: 'email-mode', testid: 'email-mode' },
    MODES.map(([value, label]) => h('option', { value }, label)));
  const hour = h('select', { id: 'email-digest-hour', testid: 'email-digest-hour' },
    Array.from({ length: 24 }, (_, i) => h('option', { value: String(i) }, `${pad(i)}:00`)));
  const hourField = h('div', { class: 'field' }, h('label', { for: 'email-digest-hour' }, 'Digest at (your time)'), hour);
  const replies = h('input', { type: 'checkbox', id: 'email-replies', testid: 'email-replies', 'aria-describedby': 'email-replies-hint' });
  const repliesField = h('div', { class: 'field', hidden: true },
    h('label', { class: 'check', for: 'email-replies' }, replies, h('span', {}, "Take my diary when I reply to Muster's e-mail")),
    h('p', { class: 'hint', id: 'email-replies-hint' },
      "The month's e-mail shows your choices as lines such as “Pay: arrears”; reply with your diary, and any line you change."));
  const zone = h('p', { class: 'hint', testid: 'email-time-zone' });
  const current = h('p', { class: 'email-choice', testid: 'email-choice' });
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'email-choices-save' }, 'Save');
  const error = errorLine('email-choices-error');
  const form = h('form', { class: 'stack email-choices', novalidate: true, hidden: true },
    h('h3', {}, 'E-mail'),
    current,
    h('div', { class: 'field-row' },
      h('div', { class: 'field' }, h('label', { for: 'email-mode' }, 'Send me'), mode),
      hourField),
    zone, repliesField, error.el,
    h('div', { class: 'form-actions' }, save));

  const timeZone = () => browserZone() || (saved && saved.time_zone) || 'UTC';
  function showZone() {
    hourField.hidden = mode.value !== 'digest';
    const differs = saved && saved.mode === 'digest' && saved.time_zone !== timeZone();
    setText(zone, `Your time zone: ${timeZone()}${differs ? ` (the digest is now set for ${saved.time_zone}; Save moves it to yours)` : ''}`);
  }
  mode.addEventListener('change', () => { dirty = true; showZone(); });
  hour.addEventListener('change', () => { dirty = true; });
  replies.addEventListener('change', () => { dirty = true; });

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    setText(status, '');
    runForm({
      button: save,
      error,
      action: async () => {
        // Sent only where offered: a server that takes no replies keeps the member's choice as it is.
        const body = { mode: mode.value, digestHour: Number(hour.value), timeZone: timeZone() };
        if (!repliesField.hidden) body.replies = replies.checked;
        const e = await api.setEmailChoices(body);
        dirty = false;
        show(e);
        setText(status, 'Saved.');
      },
    });
  });

  function show(e) {
    const has = typeof e.address === 'string' && e.address !== '';
    form.hidden = !has;
    if (!has) error.hide();
    if (!has || typeof e.mode !== 'string') { showZone(); return; } // a new address's answer carries no choice
    saved = e;
    setText(current, choiceWords(e));
    repliesField.hidden = e.replies_offered !== true;
    if (!dirty) {
      mode.value = e.mode;
      if (Number.isInteger(e.digest_hour)) hour.value = String(e.digest_hour);
      replies.checked = e.replies !== false; // the server's default is true
    }
    showZone();
  }
  return { el: form, show };
}

export function emailPanel() {
  let destroyed = false;
  const address = h('strong', { class: 'mono', testid: 'email-address', dataset: { verified: 'false' } });
  const badge = h('span', { class: 'badge' });
  const current = h('p', { hidden: true }, 'Notices go to ', address, ' ', badge);
  const none = h('p', { class: 'muted', hidden: true }, 'No address: Muster sends you no e-mail.');
  const input = h('input', {
    id: 'email-input', type: 'text', inputmode: 'email', autocomplete: 'email', spellcheck: 'false', maxlength: '254',
    placeholder: 'e.g. you@example.org', testid: 'email-input',
  });
  const save = h('button', { type: 'submit', class: 'secondary', testid: 'email-save' }, 'Save address');
  const remove = h('button', { type: 'button', class: 'danger-ghost', testid: 'email-remove', hidden: true }, 'Remove');
  const status = h('p', { class: 'muted', role: 'status', testid: 'email-status' });
  const error = errorLine('email-error');
  const choices = choicesForm(status);
  const form = h('form', { class: 'stack', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'email-input' }, 'E-mail address'), input),
    error.el,
    h('div', { class: 'form-actions' }, save, remove));

  function show(e) {
    if (destroyed) return;
    const has = typeof e.address === 'string' && e.address !== '';
    current.hidden = !has;
    none.hidden = has;
    remove.hidden = !has;
    setText(address, has ? e.address : '');
    address.dataset.verified = String(has && e.verified === true);
    badge.className = `badge ${e.verified ? 'badge-ok' : 'badge-warn'}`;
    setText(badge, e.verified ? 'verified' : 'not verified: open the link we sent');
    choices.show(e);
  }

  async function load() {
    try {
      show(await api.email());
    } catch (err) {
      if (!destroyed) error.show(`Could not load your e-mail address: ${err.message}`);
    }
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const value = input.value.trim();
    if (value === '') {
      error.show('Write your e-mail address first.');
      return;
    }
    setText(status, '');
    runForm({
      button: save,
      error,
      action: async () => {
        const e = await api.setEmail(value);
        show(e);
        load(); // its choice, which the answer to a new address leaves out
        input.value = '';
        setText(status, `We sent a link to ${e.address}; open it to receive notices there.`);
      },
    });
  });
  remove.addEventListener('click', () => {
    setText(status, '');
    runForm({
      button: remove,
      error,
      action: async () => {
        show(await api.removeEmail());
        setText(status, 'Removed: Muster sends you no more e-mail.');
      },
    });
  });
  // The link is opened in another tab or the mail app: look again when the user comes back.
  const onVisible = () => { if (document.visibilityState === 'visible') load(); };
  document.addEventListener('visibilitychange', onVisible);

  const el = h('section', { class: 'card', testid: 'email-panel', 'aria-labelledby': 'email-heading' },
    h('h2', { id: 'email-heading' }, 'Notifications'),
    h('p', { class: 'muted' }, 'Muster e-mails you when something needs you in a campaign: your colonel, your diary, your turn in a battle.'),
    current, none, form, choices.el, status);
  load();

  return {
    el,
    destroy() {
      destroyed = true;
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
