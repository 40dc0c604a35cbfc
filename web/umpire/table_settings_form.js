// The battle's settings that every book has (battle.settings; docs/protocol.md, "battle.settings";
// shared/battle/table_settings.h), below the book's own form: whether the table chat is closed to the battle's
// players while it is fought, and whether its end applies losses to the campaign's regiments. Sent only when
// changed.

import { h } from '../common/dom.js';

const SETTINGS = [
  ['chat_closed', 'battle-chat-closed', 'Close the table chat to the battle\'s players while it is fought (they talk as their leaders may)'],
  ['apply_losses', 'battle-apply-losses', 'When the battle ends, apply its losses to the campaign\'s regiments'],
];

// {el, fill(b), read(b) -> the changes}, as a book's settingsForm.
export function tableSettingsForm() {
  const boxes = Object.fromEntries(SETTINGS.map(([k, id]) => [k, h('input', { type: 'checkbox', id, testid: id })]));
  const el = h('fieldset', { class: 'stack table-settings', testid: 'battle-table-settings' },
    h('legend', {}, 'Every book'),
    ...SETTINGS.map(([k, id, label]) => h('label', { class: 'check', for: id }, boxes[k], ` ${label}`)));
  return {
    el,
    fill(b) {
      const st = b.settings || {};
      for (const [k] of SETTINGS) boxes[k].checked = !!st[k];
    },
    read(b) {
      const st = b.settings || {};
      const out = {};
      for (const [k] of SETTINGS) if (st[k] !== undefined && boxes[k].checked !== !!st[k]) out[k] = boxes[k].checked;
      return out;
    },
  };
}
