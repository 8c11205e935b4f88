// Moves in motion, one helper for every game's screen (table.js calls settle() after each frame).
//
// A screen marks its places and things with data attributes:
//   data-area="hand"            a place where things lie (a hand, a rack, a bank, a seat, the table)
//   data-from="CSS selector"    on an area: where a thing new to it comes from (the draw pile, a seat)
//   data-card / data-tile       a thing, by its id: one that changed area glides from where it was
//   data-arrive="key"           a thing that appears in place (a placed piece, a claimed route): it
//                               settles in once, the first frame that shows its key
// A move lasts at most DURATION ms; a click, a tap, a key or the next frame finishes it at once; under
// prefers-reduced-motion nothing moves. Nothing waits for a move: clocks and buttons carry on underneath.
// While a thing moves it has the class "ts-moving".

export const DURATION = 250;
const REDUCED = window.matchMedia?.("(prefers-reduced-motion: reduce)");
export const reduced = () => !!REDUCED?.matches;

const running = new Set();

export function finishMoves() {
  for (const a of [...running]) a.finish();
}
for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, finishMoves, { capture: true, passive: true });

function play(node, frames) {
  if (reduced() || !node.animate) return;
  node.classList.add("ts-moving");
  const a = node.animate(frames, { duration: DURATION, easing: "ease-out" });
  running.add(a);
  const done = () => { running.delete(a); node.classList.remove("ts-moving"); };
  a.addEventListener("finish", done);
  a.addEventListener("cancel", done);
}

let places = null;     // key -> { x, y, area } on the last frame (null: nothing shown yet)
let arrived = new Set();

const pageRect = (node) => {
  const r = node.getBoundingClientRect();
  return { x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height };
};

// After a frame is drawn in box: start the moves since the last frame and remember where things are.
// quiet: only remember (a screen redrawn by the player's own hands, not by a move).
export function settle(box, { quiet = false, fresh = false } = {}) {
  finishMoves();   // a new frame finishes the moves still running
  if (fresh) { places = null; arrived = new Set(); }
  const animate = !quiet && places !== null;
  const now = new Map();
  for (const node of box.querySelectorAll("[data-area] [data-card], [data-area] [data-tile]")) {
    const key = node.dataset.card ?? node.dataset.tile;
    if (key === "hidden" || now.has(key)) continue;
    const area = node.closest("[data-area]");
    const at = { ...pageRect(node), area: area.dataset.area };
    now.set(key, at);
    if (!animate) continue;
    const was = places.get(key);
    let src = was && was.area !== at.area ? was : null;   // a page that reflows does not make things glide
    if (!was && area.dataset.from) {
      const from = document.querySelector(area.dataset.from);
      if (from) { const f = pageRect(from); src = { x: f.x + f.w / 2 - at.w / 2, y: f.y + f.h / 2 - at.h / 2 }; }
    }
    if (src && (Math.abs(src.x - at.x) > 2 || Math.abs(src.y - at.y) > 2)) {
      play(node, [{ transform: `translate(${src.x - at.x}px, ${src.y - at.y}px)` }, { transform: "none" }]);
    }
  }
  const seen = new Set();
  for (const node of box.querySelectorAll("[data-arrive]")) {
    const key = node.dataset.arrive;
    seen.add(key);
    if (animate && !arrived.has(key)) play(node, [{ transform: "scale(.35)", opacity: 0.2 }, { transform: "none", opacity: 1 }]);
  }
  places = now;
  arrived = seen;
}
