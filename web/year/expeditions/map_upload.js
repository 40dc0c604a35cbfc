// The umpire uploads a sketch map for a briefing (over-the-hills.txt, ANNEX A; docs/protocol.md, "Images"):
// the picture goes to the server, which checks its type and size, and its address becomes the "map" field.
// Whether players see it is the field's "Players see it" box, as for every field.

import { h } from '../../common/dom.js';
import { api } from '../../common/api.js';
import { idPrefix } from './words.js';

export function mapUpload(campaignId, setMap, error) {
  const id = idPrefix('map-upload');
  const input = h('input', { id, type: 'file', accept: 'image/png,image/jpeg,image/gif,image/webp', testid: 'expedition-map-file' });
  const status = h('span', { class: 'hint', 'aria-live': 'polite', testid: 'expedition-map-status' });
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    error.hide();
    input.disabled = true;
    status.textContent = `Uploading ${file.name}…`;
    try {
      const r = await api.uploadImage(campaignId, file);
      await setMap(r.url);
      status.textContent = `${file.name} is the map.`;
    } catch (err) {
      status.textContent = '';
      error.show(err.message || String(err));
    } finally {
      input.disabled = false;
      input.value = '';
    }
  });
  return h('div', { class: 'field map-upload' }, h('label', { for: id }, 'Or upload a picture (PNG, JPEG, GIF or WebP)'), input, status);
}
