// "Save as scenario" (battle.save_scenario; docs/protocol.md, "Scenarios and strings of battles"): the battle's
// set-up as it stands now (its pieces where they are, the seats emptied, a piece in ambush without its id) kept in
// the campaign as a scenario, which then appears in the New battle form's "Start from" list of its rule set.

import { h, setText, errorLine, runForm } from '../common/dom.js';

const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);

// send(type, body) adds the campaign.
export function saveScenarioPanel(send) {
  const name = h('input', { type: 'text', id: 'battle-scenario-name', testid: 'battle-scenario-name', maxlength: 80, required: true });
  const description = h('textarea', { id: 'battle-scenario-description', testid: 'battle-scenario-description', maxlength: 1000, rows: 3 });
  const button = h('button', { type: 'submit', class: 'primary', testid: 'battle-scenario-save' }, 'Save as scenario');
  const error = errorLine('battle-scenario-error');
  const saved = h('p', { class: 'hint', testid: 'battle-scenario-saved', role: 'status', hidden: true });
  const form = h('form', { class: 'stack', novalidate: true },
    h('p', { class: 'hint' }, 'Keeps this table as it stands now, with every leader\'s seat empty, to start other battles from (New battle, "Start from").'),
    field('battle-scenario-name', 'Scenario name', name),
    field('battle-scenario-description', 'Description (optional)', description),
    h('div', { class: 'form-actions' }, button), error.el, saved);
  const el = h('details', { class: 'card panel panel-save-scenario', testid: 'battle-save-scenario' },
    h('summary', {}, h('h2', { class: 'inline-h2' }, 'Save as scenario')), form);
  let battle = null;

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    // Left blank, the scenario takes the battle's name (the placeholder says so).
    const n = name.value.trim() || battle.name;
    saved.hidden = true;
    const body = { battle: battle.id, name: n };
    if (description.value.trim()) body.description = description.value.trim();
    runForm({
      button,
      error,
      action: async () => {
        await send('battle.save_scenario', body);
        setText(saved, `Saved “${n}”: it is in the New battle form's list of scenarios.`);
        saved.hidden = false;
        name.value = '';
        description.value = '';
      },
    });
  });

  return {
    el,
    update(b) {
      battle = b;
      el.hidden = !b;
      if (b) name.placeholder = b.name;
    },
  };
}
