// The "Table" tab everyone sees: notices, table talk, dice, members and the dice seed.

import { h } from './dom.js';
import { noticesPanel } from './panels/notices.js';
import { chatPanel } from './panels/chat.js';
import { dicePanel } from './panels/dice.js';
import { membersPanel } from './panels/members.js';
import { seedPanel } from './panels/seed.js';

export const tableTab = {
  id: 'table',
  label: 'Table',
  visible: () => true,
  create(ctx, campaignId) {
    const panels = {
      notices: noticesPanel(ctx, campaignId),
      chat: chatPanel(ctx, campaignId),
      dice: dicePanel(ctx, campaignId, { title: 'Dice', emptyText: 'No rolls yet.' }),
      members: membersPanel(),
      seed: seedPanel(),
    };
    const el = h('div', { class: 'table-grid' },
      h('div', { class: 'col-main' }, panels.notices.el, panels.chat.el),
      h('div', { class: 'col-side' }, panels.dice.el, panels.members.el, panels.seed.el));
    return {
      el,
      update(view) {
        for (const p of Object.values(panels)) p.update(view);
      },
      shown() {
        panels.chat.shown();
      },
    };
  },
};
