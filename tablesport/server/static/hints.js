// The hint panel of a guided first game (/learn/<game>): what the seat's current decision means, what its
// options do and a tip, as the server wrote them into the seat's own decision (decision.hint, hints.py).
// The panel can be hidden; the browser remembers the choice.
import { t, el } from "/static/common.js";

const KEY = "tablesport.hints";
const box = document.getElementById("hint");
const toggle = document.getElementById("hint-toggle");

function hidden() {
  try { return localStorage.getItem(KEY) === "off"; } catch { return false; }
}

function applyHidden(off) {
  if (!box || !toggle) return;
  box.hidden = off;
  toggle.textContent = t(off ? "hint.show" : "hint.hide");
  toggle.setAttribute("aria-expanded", off ? "false" : "true");
}

toggle?.addEventListener("click", () => {
  const off = !hidden();
  try { localStorage.setItem(KEY, off ? "off" : "on"); } catch { /* storage off: this page only */ }
  applyHidden(off);
});
applyHidden(hidden());

// Show the hint of this frame's decision (only a decision that is this seat's own carries one).
export function showHint(frame) {
  if (!box) return;
  const hint = frame.decision?.mine ? frame.decision.hint : null;
  box.dataset.kind = hint ? hint.kind : "";
  if (!hint) {
    box.replaceChildren(el("p", { class: "muted" }, t("hint.waiting")));
    return;
  }
  box.replaceChildren(
    el("h3", {}, t("hint.what")), el("p", { class: "hint-what" }, hint.what),
    el("h3", {}, t("hint.options")), el("p", { class: "hint-options" }, hint.options),
    el("h3", {}, t("hint.tip")), el("p", { class: "hint-tip" }, hint.tip));
}
