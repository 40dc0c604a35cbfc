// The HTTP account API (docs/protocol.md, "HTTP"). Every error answer is {"error": {"code", "message"}};
// failures reject with an ApiError carrying .status, .code and the server's .message.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const FALLBACK_MESSAGES = {
  400: 'The server could not accept that.',
  401: 'Wrong username or password.',
  409: 'That name is taken.',
  429: 'Too many attempts. Wait a few minutes and try again.',
};

async function request(method, path, body, file) {
  const init = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  };
  if (file !== undefined) {
    init.headers['Content-Type'] = file.type || 'application/octet-stream';
    init.body = file;
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (err) {
      data = null;
    }
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    const message = e.message || FALLBACK_MESSAGES[res.status] || `The server answered ${res.status} ${res.statusText}.`;
    throw new ApiError(res.status, e.code || String(res.status), message);
  }
  return data || {};
}

export const api = {
  // A picture for the campaign (docs/protocol.md, "Images"), the umpire's: {image, url, type, bytes}.
  uploadImage(campaignId, file) {
    return request('POST', `/api/campaigns/${Number(campaignId)}/images`, undefined, file);
  },
  register(username, password) {
    return request('POST', '/api/register', { username, password });
  },
  login(username, password) {
    return request('POST', '/api/login', { username, password });
  },
  logout() {
    return request('POST', '/api/logout', {});
  },
  // {user, username, admin}, or null when there is no session. /api/session answers that with 200 {user: null}
  // rather than /api/me's 401, which the browser would log on every signed-out load. Other failures reject.
  async me() {
    const me = await request('GET', '/api/session');
    return me && me.user ? me : null;
  },
  // A player's draft in a campaign (docs/protocol.md, "Drafts"), `kind` "diary" or "battle-<id>":
  // {turn, draft, saved} or {turn: null}.
  draft(campaign, kind) {
    return request('GET', `/api/campaigns/${campaign}/drafts/${kind}`);
  },
  saveDraft(campaign, kind, turn, draft) {
    return request('POST', `/api/campaigns/${campaign}/drafts/${kind}`, { turn, draft });
  },
  dropDraft(campaign, kind) {
    return request('DELETE', `/api/campaigns/${campaign}/drafts/${kind}`);
  },
  // Passwords (docs/protocol.md, "HTTP"). A change ends the user's other logins; 403 a wrong current password.
  changePassword(current, password) {
    return request('POST', '/api/password', { current, password });
  },
  // {sent: words}, the same whether or not the account exists.
  forgotPassword(account) {
    return request('POST', '/api/password/forgot', { account });
  },
  // The token from the e-mailed link; 400 a link not valid, used or expired. Every login of the user ends.
  resetPassword(token, password) {
    return request('POST', '/api/password/reset', { token, password });
  },
  // The user's address for notices (docs/protocol.md, "HTTP"): {address: string | null, verified}, and once he has
  // one his choice: mode (immediate | digest | off), digest_hour (0-23), time_zone (IANA), replies (his diary taken
  // by e-mail reply) with replies_offered (whether this server takes replies at all).
  email() {
    return request('GET', '/api/email');
  },
  setEmail(address) {
    return request('POST', '/api/email', { address });
  },
  removeEmail() {
    return request('DELETE', '/api/email');
  },
  // Answers as email(); 409 with no address yet, 400 a bad value or a zone the server does not know. `replies`
  // (his diary taken from his replies to Muster's e-mail) is sent only when given: left out, the server keeps it.
  setEmailChoices({ mode, digestHour, timeZone, replies }) {
    const body = { mode, digest_hour: digestHour, time_zone: timeZone };
    if (typeof replies === 'boolean') body.replies = replies;
    return request('POST', '/api/email/choices', body);
  },
  // The page's list: {notifications: [{id, campaign, text, tab, due, at, seen}]}, the latest 50, newest first.
  notifications() {
    return request('GET', '/api/notifications');
  },
  // Marks every notification up to `upTo` (an id) seen.
  notificationsSeen(upTo) {
    return request('POST', '/api/notifications/seen', { up_to: upTo });
  },
  // The server administrator's (docs/protocol.md, "HTTP"); 403 for anyone else. {users: [{id, username, created,
  // admin, disabled}]}, {campaigns: [{id, name, created}]}, {connections, campaigns, outbox_unsent, db_bytes,
  // last_backup: a file name or null}.
  adminUsers() {
    return request('GET', '/api/admin/users');
  },
  adminCampaigns() {
    return request('GET', '/api/admin/campaigns');
  },
  adminHealth() {
    return request('GET', '/api/admin/health');
  },
  // The mail the campaign's reply addresses received (docs/protocol.md, "HTTP"), its umpires' only (403 for
  // others): {mail: [{id, received (unix ms), user (id or null), sender, subject, outcome, reason}]}, the latest 50,
  // newest first.
  campaignMail(campaignId) {
    return request('GET', `/api/campaigns/${Number(campaignId)}/mail`);
  },
  // A member's chronicle of a campaign (docs/protocol.md, "HTTP"): {format: "muster-chronicle", campaign, user,
  // username, view}, his whole view as it stands; 404 not a member.
  chronicle(campaignId) {
    return request('GET', `/api/campaigns/${Number(campaignId)}/chronicle`);
  },
  // One battle as the member's whole view holds it, log and history included (docs/protocol.md, "HTTP"): {battle};
  // an ended battle's log and history are not in the live view (`paged`).
  battleRecord(campaignId, battleId) {
    return request('GET', `/api/campaigns/${Number(campaignId)}/battles/${Number(battleId)}`);
  },
  // A campaign's archive (its JSON text, sent unchanged) onto this server: {campaign: id}; 400 with the reason and
  // nothing written.
  adminImport(archiveText) {
    return request('POST', '/api/admin/import', undefined,
      new Blob([archiveText], { type: 'application/json' }));
  },
  // A disabled account's logins end at once and it cannot log in until enabled again: {id, disabled}.
  setUserDisabled(id, disabled) {
    return request('POST', `/api/admin/users/${Number(id)}`, { disabled: Boolean(disabled) });
  },
  // {link, expires}: a single-use link that sets the user's password, for the administrator to hand on.
  resetLink(id) {
    return request('POST', `/api/admin/users/${Number(id)}/reset-link`, {});
  },
};
