// Tabs for umpires on the campaign page (see player/index.js for the shape of a tab). The server sends
// umpire-only parts of the view (invites, umpire notes, blind rolls) only to umpires; these tabs are hidden
// from everyone else simply because there is nothing for them to show.

import { umpireConsole } from './console.js';

export const umpireTabs = [
  {
    id: 'umpire',
    label: 'Umpire',
    visible: (view) => !!view.me && view.me.role === 'umpire',
    create: umpireConsole,
  },
];
