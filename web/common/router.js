// Hash routes: #/login, #/campaigns, #/campaign/<id>[/<tab>].

export function parseHash(hash = window.location.hash) {
  const path = hash.replace(/^#\/?/, '');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { name: 'home' };
  if (parts[0] === 'login' && parts.length === 1) return { name: 'login' };
  if (parts[0] === 'campaigns' && parts.length === 1) return { name: 'campaigns' };
  if (parts[0] === 'campaign' && /^[0-9]+$/.test(parts[1] || '') && parts.length <= 3) {
    return { name: 'campaign', id: parts[1], tab: parts[2] || null };
  }
  return { name: 'unknown' };
}

export function campaignHash(id, tab) {
  return tab ? `#/campaign/${encodeURIComponent(id)}/${encodeURIComponent(tab)}` : `#/campaign/${encodeURIComponent(id)}`;
}
