// Hash routes: #/login, #/reset?token=<token> (the e-mailed link), #/dice-check, #/campaigns, #/admin,
// #/campaign/<id>[/<tab>], #/chronicle/<id> (a member's chronicle of the campaign).

export function parseHash(hash = window.location.hash) {
  const route = hash.replace(/^#\/?/, '');
  const q = route.indexOf('?');
  const path = q >= 0 ? route.slice(0, q) : route;
  const query = new URLSearchParams(q >= 0 ? route.slice(q + 1) : '');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { name: 'home' };
  if (parts[0] === 'login' && parts.length === 1) return { name: 'login' };
  if (parts[0] === 'reset' && parts.length === 1) return { name: 'reset', token: query.get('token') || '' };
  if (parts[0] === 'dice-check' && parts.length === 1) return { name: 'dice-check' };
  if (parts[0] === 'campaigns' && parts.length === 1) return { name: 'campaigns' };
  if (parts[0] === 'admin' && parts.length === 1) return { name: 'admin' }; // the server administrator's page
  if (parts[0] === 'campaign' && /^[0-9]+$/.test(parts[1] || '') && parts.length <= 3) {
    return { name: 'campaign', id: parts[1], tab: parts[2] || null };
  }
  if (parts[0] === 'chronicle' && /^[0-9]+$/.test(parts[1] || '') && parts.length === 2) return { name: 'chronicle', id: parts[1] };
  return { name: 'unknown' };
}

export function chronicleHash(id) {
  return `#/chronicle/${encodeURIComponent(id)}`;
}

export function campaignHash(id, tab) {
  return tab ? `#/campaign/${encodeURIComponent(id)}/${encodeURIComponent(tab)}` : `#/campaign/${encodeURIComponent(id)}`;
}
