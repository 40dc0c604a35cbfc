// The battle's settings (battle.settings) as the umpire edits them: the book's form (book.umpire.settingsForm) and
// the settings every book has (table_settings_form.js) with Save. One form, two places: under "Settings" in set-up, and in a collapsible box of the play panel until
// the battle ends (the server takes battle.settings until then); update() moves it where the battle stands.

import { h, setText, errorLine, runForm } from '../common/dom.js';
import { tableSettingsForm } from './table_settings_form.js';

export function settingsBox(send) {
  const save = h('button', { type: 'button', class: 'small secondary', testid: 'battle-settings-save' }, 'Save');
  const error = errorLine('battle-settings-error');
  // Said once the server has taken the settings (the form itself may look the same as before Save).
  const saved = h('p', { class: 'hint', role: 'status', testid: 'battle-settings-saved', hidden: true });
  const formSlot = h('div', {});
  const table = tableSettingsForm();
  const box = h('div', { class: 'stack settings-form' }, formSlot, table.el, h('div', { class: 'form-actions' }, save), error.el, saved);
  const setupHome = h('div', { testid: 'battle-setup-settings' }, box);
  const playHome = h('details', { class: 'override-box settings-box', testid: 'battle-play-settings' },
    h('summary', {}, 'Settings'),
    h('p', { class: 'hint' }, 'A new turn timer runs from the next turn, auto-run from the next turn closed; the other settings count from the next step resolved.'));
  const forms = new Map(); // book id -> the book's form
  let form = null;
  let battle = null;
  let dirty = false; // the umpire has changed a field: pushes no longer refill the form until it is saved
  let battleId = null;
  const unsay = () => { saved.hidden = true; setText(saved, ''); };
  box.addEventListener('input', () => { dirty = true; unsay(); });
  box.addEventListener('change', () => { dirty = true; unsay(); });
  save.addEventListener('click', () => {
    if (!form) return;
    unsay();
    // A refusal (the form's own check or the server's) is shown by runForm in the error line.
    runForm({ button: save, error, action: async () => {
      await send('battle.settings', { battle: battle.id, settings: { ...form.read(battle), ...table.read(battle) } });
      dirty = false;
      form.fill(battle);
      table.fill(battle);
      setText(saved, 'Saved.');
      saved.hidden = false;
    } });
  });

  function useBook(book) {
    const make = book && book.umpire && book.umpire.settingsForm;
    if (make && !forms.has(book.id)) forms.set(book.id, make());
    const next = make ? forms.get(book.id) : null;
    if (next !== form) { form = next; formSlot.replaceChildren(...(form ? [form.el] : [])); dirty = false; }
    table.use((book && book.umpire && book.umpire.tableSettings) || []);
  }

  return {
    setupHome,
    playHome,
    update(b, book) {
      battle = b;
      useBook(book);
      box.hidden = !form;
      const home = b.status === 'setup' ? setupHome : playHome;
      if (box.parentNode !== home) home.append(box);
      playHome.hidden = b.status === 'ended' || !form;
      if (battleId !== b.id) { battleId = b.id; dirty = false; unsay(); }
      if (form && !dirty) {
        form.fill(b);
        table.fill(b);
      }
    },
  };
}
