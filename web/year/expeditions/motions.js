// One motion of the War Office Committee (docs/protocol.md, motion.put, motion.vote, motion.close): its question and
// options; for a present colonel while it is open, a PIP input per option and "Vote" (his own sealed vote shown
// back); for umpires while it is open, the live tally and "Close" with an optional tie-break; once closed, for
// everyone, the totals, which option carried and how, and every colonel's votes.
//
// Test ids: expedition-motion (data-motion, data-open), motion-title, motion-option (data-option), motion-vote-form,
// motion-vote-pip (data-option), motion-vote, motion-vote-error, motion-my-vote (data-pip: "5,0"), motion-pip-hint,
// motion-result, motion-total (data-option, data-total, data-carried), motion-how (data-how), motion-votes,
// motion-vote-row (data-colonel), motion-vote-cell (data-option, data-pip), motion-tally, motion-tally-total,
// motion-tally-row, motion-tie-break, motion-close, motion-close-error.

import { h, setText, syncKeyed, errorLine, runForm } from '../../common/dom.js';
import { num, myColonel } from '../format.js';
import { HOW, whoText, regimentsText, idPrefix, wholeNumber } from './words.js';

// An option's words: its label, and what carrying it settles.
function optionText(view, o) {
  const parts = [];
  if (Array.isArray(o.regiments) && !o.label.includes(regimentsText(o.regiments))) parts.push(`sends ${regimentsText(o.regiments)}`);
  if (o.commander) parts.push(`${whoText(view, o.commander)} commands`);
  return parts.length ? `${o.label} (${parts.join('; ')})` : o.label;
}

// The votes table: a row per colonel, a column per option (closed: everyone's; open: the umpire's tally).
function votesTable(testid, rowTestid) {
  const head = h('tr');
  const body = h('tbody');
  const foot = h('tr', { class: 'totals-row' });
  const caption = h('caption', { class: 'sr-only' });
  const table = h('table', { class: 'data-table', testid }, caption, h('thead', {}, head), body, h('tfoot', {}, foot));
  const none = h('p', { class: 'muted empty' }, 'No votes.');
  const el = h('div', { class: 'table-scroll' }, table, none);
  return {
    el,
    update(view, m, votes, totals, captionText, totalTestid, carried) {
      setText(caption, captionText);
      const labels = (m.options || []).map((o) => o.label);
      const key = labels.join('\u0001');
      if (head.dataset.key !== key) {
        head.dataset.key = key;
        head.replaceChildren(h('th', { scope: 'col' }, 'Colonel'), ...labels.map((l) => h('th', { scope: 'col' }, l)));
      }
      const rows = Object.entries(votes || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
      none.hidden = rows.length > 0;
      syncKeyed(body, rows, () => h('tr', { testid: rowTestid }), (tr, pip, user) => {
        tr.dataset.colonel = user;
        tr.replaceChildren(h('th', { scope: 'row' }, whoText(view, Number(user))),
          ...labels.map((_, i) => h('td', { testid: 'motion-vote-cell', dataset: { option: String(i), pip: String((pip || [])[i] ?? 0) } },
            `${num((pip || [])[i] ?? 0)} PIP`)));
      });
      foot.replaceChildren(h('th', { scope: 'row' }, 'Total'),
        ...labels.map((_, i) => h('td', {
          testid: totalTestid,
          dataset: { option: String(i), total: String((totals || [])[i] ?? 0), carried: carried === i ? 'true' : 'false' },
        }, `${num((totals || [])[i] ?? 0)} PIP${carried === i ? ' (carried)' : ''}`)));
    },
  };
}

export function motionItem(ctx, campaignId) {
  const p = idPrefix('motion');
  const question = h('p', { class: 'motion-question', testid: 'motion-title' });
  const state = h('span', { class: 'badge' });
  const options = h('ol', { class: 'motion-options' });

  // The colonel's vote.
  const pipInputs = h('div', { class: 'tool-row' });
  const myVote = h('p', { class: 'hint', testid: 'motion-my-vote' });
  const pipHint = h('p', { class: 'hint', testid: 'motion-pip-hint' });
  const vote = h('button', { type: 'submit', class: 'primary', testid: 'motion-vote' }, 'Vote');
  const voteError = errorLine('motion-vote-error');
  const voteForm = h('form', { class: 'tool-form', novalidate: true, testid: 'motion-vote-form', dataset: { control: 'motion-vote' } },
    h('p', { class: 'hint' }, 'Spend PIP on the options you back. The PIP is spent at once, whatever the result; your vote stays sealed until the umpire closes the motion. Voting again replaces your vote.'),
    pipInputs, pipHint, myVote, h('div', { class: 'form-actions' }, vote), voteError.el);
  let dirty = false;
  let inputsKey = null;

  // The result, once closed.
  const how = h('p', { class: 'motion-how', testid: 'motion-how' });
  const results = votesTable('motion-votes', 'motion-vote-row');
  const resultBox = h('div', { class: 'motion-result', testid: 'motion-result' }, how, results.el);

  // The umpire's live tally and Close.
  const tally = votesTable('motion-tally', 'motion-tally-row');
  const tieBreak = h('select', { id: `${p}-tie`, testid: 'motion-tie-break' });
  const close = h('button', { type: 'submit', class: 'secondary', testid: 'motion-close' }, 'Close the motion');
  const closeError = errorLine('motion-close-error');
  const closeForm = h('form', { class: 'inline-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: `${p}-tie` }, 'If tied, the option you choose'), tieBreak),
    h('div', { class: 'form-actions' }, close));
  const umpireBox = h('div', { class: 'motion-umpire' },
    h('p', { class: 'hint' }, 'The live tally (players see only their own vote until you close it).'), tally.el, closeForm, closeError.el);

  const el = h('li', { class: 'adjustment-item', testid: 'expedition-motion' },
    h('div', { class: 'section-head' }, question, state), options, voteForm, resultBox, umpireBox);

  let cur = null; // {m, x}

  voteForm.addEventListener('input', () => { dirty = true; });
  voteForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const inputs = [...pipInputs.querySelectorAll('input')];
    const pip = inputs.map((i) => (String(i.value).trim() === '' ? 0 : wholeNumber(i)));
    if (pip.some((n) => !Number.isInteger(n))) {
      voteError.show('PIP spent on an option is a whole number from 0.');
      return;
    }
    const { m, x } = cur;
    runForm({
      button: vote,
      error: voteError,
      action: async () => {
        await ctx.conn.send('motion.vote', { campaign: Number(campaignId), expedition: x.id, motion: m.id, pip });
        dirty = false;
      },
    });
  });
  closeForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const { m, x } = cur;
    const body = { campaign: Number(campaignId), expedition: x.id, motion: m.id };
    if (tieBreak.value !== '') body.tie_break = Number(tieBreak.value);
    runForm({ button: close, error: closeError, action: () => ctx.conn.send('motion.close', body) });
  });

  return {
    el,
    update(m, x, view) {
      cur = { m, x };
      const umpire = !!(view.me && view.me.role === 'umpire');
      el.dataset.motion = String(m.id);
      el.dataset.open = m.open ? 'true' : 'false';
      setText(question, `Motion ${m.id}: ${m.question}`);
      state.className = `badge ${m.open ? 'badge-warn' : 'badge-ok'}`;
      setText(state, m.open ? 'open' : 'closed');
      const opts = (m.options || []).map((o, i) => [i, o]);
      syncKeyed(options, opts, () => h('li', { testid: 'motion-option' }), (li, o, i) => {
        li.dataset.option = i;
        li.classList.toggle('carried', !m.open && m.carried === Number(i));
        setText(li, `${optionText(view, o)}${!m.open && m.carried === Number(i) ? ' — carried' : ''}`);
      });

      // The vote form: a colonel present at the committee, the motion open.
      const canVote = !!x.can_vote && m.open;
      voteForm.hidden = !canVote;
      if (canVote) {
        const key = (m.options || []).map((o) => o.label).join('\u0001');
        if (key !== inputsKey) {
          inputsKey = key;
          dirty = false;
          pipInputs.replaceChildren(...(m.options || []).map((o, i) => {
            const id = `${p}-pip-${i}`;
            return h('div', { class: 'field' }, h('label', { for: id }, `PIP on “${o.label}”`),
              h('input', { id, type: 'number', min: '0', step: '1', inputmode: 'numeric', value: '0', testid: 'motion-vote-pip', dataset: { option: String(i) } }));
          }));
        }
        const mine = Array.isArray(m.my_vote) ? m.my_vote : null;
        if (!dirty) {
          [...pipInputs.querySelectorAll('input')].forEach((input, i) => { input.value = String(mine ? mine[i] ?? 0 : 0); });
        }
        myVote.dataset.pip = mine ? mine.join(',') : '';
        setText(myVote, mine
          ? `Your vote: ${(m.options || []).map((o, i) => `${num(mine[i] ?? 0)} PIP on “${o.label}”`).join(', ')}.`
          : 'You have not voted on this motion.');
        const col = myColonel(view);
        const spent = mine ? mine.reduce((a, b) => a + b, 0) : 0;
        setText(pipHint, col && typeof col.pip === 'number'
          ? `You have ${num(col.pip)} PIP${spent ? `, and the ${num(spent)} on your vote, which a new vote gives back` : ''}.`
          : '');
        setText(vote, mine ? 'Vote again' : 'Vote');
      } else {
        voteError.hide();
      }

      resultBox.hidden = m.open;
      if (!m.open) {
        const carried = typeof m.carried === 'number' ? m.carried : null;
        how.dataset.how = m.how || '';
        const label = carried !== null ? ((m.options || [])[carried] || {}).label : null;
        setText(how, label
          ? `Carried: “${label}”, by ${HOW[m.how] || m.how || '—'}.`
          : `Nothing carried (${HOW[m.how] || m.how || '—'}).`);
        results.update(view, m, m.votes, m.totals, `Votes on motion ${m.id}`, 'motion-total', carried);
      }

      umpireBox.hidden = !(umpire && m.open && x.status === 'briefed');
      if (!umpireBox.hidden) {
        const t = m.tally || {};
        tally.update(view, m, t.votes, t.totals, `The live tally of motion ${m.id}`, 'motion-tally-total', null);
        const key = (m.options || []).map((o) => o.label).join('\u0001');
        if (tieBreak.dataset.key !== key) {
          tieBreak.dataset.key = key;
          const keep = tieBreak.value;
          tieBreak.replaceChildren(h('option', { value: '' }, 'None: most PIP carries'),
            ...(m.options || []).map((o, i) => h('option', { value: String(i) }, o.label)));
          tieBreak.value = keep;
          if (tieBreak.value !== keep) tieBreak.value = '';
        }
      } else {
        closeError.hide();
      }
    },
  };
}
