// The map's zoom: the Zoom button (the table 2.5 times the frame's width, or back) and, on a touch screen, two
// fingers pinching the map (1 to 6 times), the point between them kept where it was. The zoomed table pans as
// any scrolled box does (one finger, or the scroll bars); a pinch on the map never zooms the page itself (the
// map's touch-action in style.css leaves pinching to this file).
// The zoomed width is the SVG's own width attribute: no style attribute (web/README.md).

export const MAX_ZOOM = 6;
const BUTTON_ZOOM = 2.5;

const gap = (a, b) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

// How far the map zooms to frame a player's pieces when a battle opens on a phone (frameTo).
const FRAME_ZOOM = 4;

// frame: the scrolled box, svg: the table in it, button: the Zoom toggle, changed(): called after the zoom changed
// (the map redraws its pieces' targets and names for the new size). Returns {set(z, focus?), frameTo(box), zoom,
// pinching()}.
export function mapZoom(frame, svg, button, changed = () => {}) {
  let zoom = 1;
  let pinch = null; // {d0, z0} while two fingers are down

  // focus: the point to keep in place, in CSS px from the frame's top left corner (its middle when left out).
  function set(z, focus) {
    let nz = Math.min(MAX_ZOOM, Math.max(1, Number(z) || 1));
    if (nz < 1.05) nz = 1;
    const fr = frame.getBoundingClientRect();
    const before = svg.getBoundingClientRect();
    const f = focus || { x: fr.width / 2, y: fr.height / 2 };
    const fx = (frame.scrollLeft + f.x) / (before.width || 1);
    const fy = (frame.scrollTop + f.y) / (before.height || 1);
    zoom = nz;
    frame.classList.toggle('is-zoomed', nz > 1);
    if (nz > 1) svg.setAttribute('width', String(Math.round(frame.clientWidth * nz)));
    else svg.removeAttribute('width');
    frame.dataset.zoom = String(Math.round(nz * 100) / 100);
    button.setAttribute('aria-pressed', nz > 1 ? 'true' : 'false');
    const after = svg.getBoundingClientRect();
    frame.scrollLeft = fx * after.width - f.x;
    frame.scrollTop = fy * after.height - f.y;
    // Not while fingers are down: a redraw would take the element they touch, and its touches with it.
    if (!pinch) changed();
  }

  // Zooms so that `box` ([x0, y0, x1, y1], fractions of the drawing from its top left corner) fills the frame, up
  // to FRAME_ZOOM, with its middle in the frame's middle.
  function frameTo(box) {
    const w = Math.max(box[2] - box[0], 1e-3);
    const tall = Math.max(box[3] - box[1], 1e-3);
    set(Math.min(FRAME_ZOOM, 1 / w));
    const fit = frame.clientHeight / (tall * svg.getBoundingClientRect().height);
    if (fit < 1 && zoom > 1) set(zoom * fit);
    const r = svg.getBoundingClientRect();
    frame.scrollLeft = ((box[0] + box[2]) / 2) * r.width - frame.clientWidth / 2;
    frame.scrollTop = ((box[1] + box[3]) / 2) * r.height - frame.clientHeight / 2;
  }

  button.addEventListener('click', () => set(zoom > 1 ? 1 : BUTTON_ZOOM));
  frame.addEventListener('touchstart', (ev) => {
    if (ev.touches.length !== 2) return;
    pinch = { d0: gap(ev.touches[0], ev.touches[1]) || 1, z0: zoom };
    ev.preventDefault();
  }, { passive: false });
  frame.addEventListener('touchmove', (ev) => {
    if (!pinch || ev.touches.length !== 2) return;
    ev.preventDefault();
    const [a, b] = [ev.touches[0], ev.touches[1]];
    const r = frame.getBoundingClientRect();
    set(pinch.z0 * (gap(a, b) / pinch.d0), { x: (a.clientX + b.clientX) / 2 - r.left, y: (a.clientY + b.clientY) / 2 - r.top });
  }, { passive: false });
  const end = (ev) => {
    if (ev.touches.length >= 2 || !pinch) return;
    pinch = null;
    changed();
  };
  frame.addEventListener('touchend', end);
  frame.addEventListener('touchcancel', end);

  return { set, frameTo, get zoom() { return zoom; }, pinching: () => pinch !== null };
}
