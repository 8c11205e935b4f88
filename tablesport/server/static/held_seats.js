// The seats a "play again" table holds for the players of the game before (seat_holds.py): whom for and how
// long, counted down here; from the table's frames (the table page's channel, common.js).
import { t, el, seatName, tableChannel } from "/static/common.js";

let until = {};  // seat -> {name, at: local time (ms) the hold runs out}

function box() {
  let node = document.getElementById("held-seats");
  if (!node) {
    node = el("ul", { id: "held-seats", class: "held-seats muted", "aria-live": "polite" });
    document.getElementById("seats")?.after(node);
  }
  return node;
}

function show() {
  const now = Date.now();
  const items = Object.entries(until).map(([s, h]) => {
    const left = Math.max(0, Math.ceil((h.at - now) / 1000));
    const fmt = { seat: seatName(Number(s)), name: h.name ?? "", left };
    return el("li", { dataset: { seat: s } }, t(h.name ? "seat.held_for" : "seat.held", fmt));
  });
  const node = box();
  node.replaceChildren(...items);
  node.hidden = items.length === 0;
}

tableChannel.on("table", (frame) => {
  if (!Array.isArray(frame.seats)) return;
  const now = Date.now();
  until = {};
  frame.seats.forEach((s, i) => { if (s.held) until[i] = { name: s.held.for, at: now + s.held.left * 1000 }; });
  show();
});
setInterval(() => { if (Object.keys(until).length) show(); }, 1000);
