// The umpire's crisis and draft (docs/protocol.md, crisis.roll, expedition.create, .generate, .discard, .edit,
// .brief; over-the-hills.txt, ANNEX A): when the next crisis comes (umpires only), a new expedition rolled from
// Annex A or blank, the generator's rolls, every field of the briefing with its visibility, and the briefing.
//
// Test ids: crisis-panel, crisis-status (data-turn, data-months-left), crisis-roll, crisis-error; expedition-draft-panel,
// expedition-create-generate, expedition-create-blank, expedition-create-error, expedition-draft, expedition-rolls,
// expedition-roll (data-what, data-value), expedition-generate, expedition-discard, expedition-brief,
// expedition-draft-error, expedition-draft-public (what the players would be told), and fields.js's ids.

import { h, setText, syncKeyed, errorLine, runForm } from '../../common/dom.js';
import { fieldsEditor } from './fields.js';
import { publicFields, fieldLabel, valueText, plural, turnText } from './words.js';

export function crisisPanel(ctx, campaignId) {
  const status = h('p', { testid: 'crisis-status' });
  const note = h('p', { class: 'hint' });
  const roll = h('button', { type: 'button', class: 'secondary', testid: 'crisis-roll' }, 'Roll the next crisis');
  const error = errorLine('crisis-error');
  const el = h('section', { class: 'card panel', testid: 'crisis-panel', 'aria-labelledby': 'crisis-heading' },
    h('h2', { id: 'crisis-heading' }, 'The next crisis'),
    h('p', { class: 'secret-note' }, 'Umpires only: the players must not know how long they have.'),
    status, note, h('div', { class: 'form-actions' }, roll), error.el);
  roll.addEventListener('click', () => {
    runForm({ button: roll, error, action: () => ctx.conn.send('crisis.roll', { campaign: Number(campaignId) }) });
  });
  return {
    el,
    update(view, u) {
      const c = (u || {}).crisis;
      status.dataset.turn = c ? String(c.turn) : '';
      status.dataset.monthsLeft = c ? String(c.months_left) : '';
      if (!c) {
        setText(status, 'No crisis rolled');
        setText(note, 'Roll 2d6 months (house rule crisis_dice) to the next crisis; briefing an expedition answers it.');
      } else if (c.months_left <= 0) {
        setText(status, `A crisis is due now (${turnText(view, c.turn, { comma: true })})`);
        setText(note, 'Create an expedition and brief the players.');
      } else {
        setText(status, `Next crisis in ${plural(c.months_left, 'month')} (${turnText(view, c.turn, { comma: true })})`);
        setText(note, typeof c.rolled_turn === 'number' ? `Rolled in ${turnText(view, c.rolled_turn)}. Rolling again replaces it.` : '');
      }
      setText(roll, c ? 'Roll the next crisis again' : 'Roll the next crisis');
    },
  };
}

export function draftPanel(ctx, campaignId) {
  const createGen = h('button', { type: 'button', class: 'primary', testid: 'expedition-create-generate', dataset: { control: 'expedition-create' } }, 'New expedition (roll it from Annex A)');
  const createBlank = h('button', { type: 'button', class: 'secondary', testid: 'expedition-create-blank' }, 'New blank expedition');
  const createError = errorLine('expedition-create-error');
  const createBox = h('div', {},
    h('p', { class: 'muted' }, 'There is no draft. Annex A rolls the location (d100), the enemy (d6) and the enemy’s numbers; you then edit whatever you like before the briefing.'),
    h('div', { class: 'form-actions' }, createGen, createBlank), createError.el);

  const rolls = h('ul', { class: 'report-lines', testid: 'expedition-rolls' });
  const noRolls = h('p', { class: 'muted empty' }, 'Nothing rolled: a blank expedition.');
  const editor = fieldsEditor(ctx, campaignId);
  const preview = h('dl', { class: 'facts', testid: 'expedition-draft-public' });
  const regen = h('button', { type: 'button', class: 'secondary', testid: 'expedition-generate' }, 'Roll again');
  const discard = h('button', { type: 'button', class: 'danger-ghost', testid: 'expedition-discard' }, 'Discard');
  const brief = h('button', { type: 'button', class: 'primary', testid: 'expedition-brief' }, 'Brief the players');
  const error = errorLine('expedition-draft-error');
  const draftBox = h('div', { testid: 'expedition-draft' },
    h('p', { class: 'secret-note' }, 'The draft is yours alone until you brief it. Then the players see the fields ticked “Players see it”; the rest stay secret.'),
    h('h3', {}, 'The generator’s rolls'), noRolls, rolls,
    h('h3', {}, 'The briefing'), editor.el,
    h('h3', {}, 'What the players will be told'), preview,
    h('div', { class: 'form-actions' }, brief, regen, discard), error.el);

  const el = h('section', { class: 'card panel', testid: 'expedition-draft-panel', 'aria-labelledby': 'draft-heading' },
    h('h2', { id: 'draft-heading' }, 'Draw up an expedition'), createBox, draftBox);

  const create = (generate, button) => runForm({
    button, error: createError, action: () => ctx.conn.send('expedition.create', { campaign: Number(campaignId), generate }),
  });
  createGen.addEventListener('click', () => create(true, createGen));
  createBlank.addEventListener('click', () => create(false, createBlank));
  regen.addEventListener('click', () => runForm({
    button: regen, error, action: () => ctx.conn.send('expedition.generate', { campaign: Number(campaignId) }),
  }));
  discard.addEventListener('click', () => runForm({
    button: discard, error, action: () => ctx.conn.send('expedition.discard', { campaign: Number(campaignId) }),
  }));
  brief.addEventListener('click', () => runForm({
    button: brief, error, action: () => ctx.conn.send('expedition.brief', { campaign: Number(campaignId) }),
  }));

  return {
    el,
    update(view, u) {
      const d = (u || {}).draft || null;
      createBox.hidden = !!d;
      draftBox.hidden = !d;
      if (!d) {
        error.hide();
        editor.update(null, { fields: [] }); // the next draft starts with fresh rows
        return;
      }
      createError.hide();
      const rs = (Array.isArray(d.rolls) ? d.rolls : []).map((r, i) => [i, r]);
      noRolls.hidden = rs.length > 0;
      syncKeyed(rolls, rs, () => h('li', { class: 'report-line', testid: 'expedition-roll' }), (li, r) => {
        li.dataset.what = r.what;
        li.dataset.value = String(r.value);
        setText(li, `${`${String(r.what || '').replace(/_/g, ' ')} ${r.dice || ''}`.trim()}: ${r.value}`);
      });
      editor.update(d, u);
      const pub = publicFields(d, true);
      syncKeyed(preview, pub.length ? pub : [['', null]], () => h('div', {}, h('dt'), h('dd')), (div, v, name) => {
        setText(div.querySelector('dt'), name ? fieldLabel(name) : 'Nothing');
        setText(div.querySelector('dd'), name ? valueText(name, v) : 'No field is ticked “Players see it”.');
      });
    },
  };
}
