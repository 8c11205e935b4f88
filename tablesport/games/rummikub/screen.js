// Rummikub: your rack and the table; drag tiles between them to rearrange the table, with every
// set checked as you go (why it is invalid, and the initial-meld sum) before you submit.
import { el, t, seatName } from "/static/common.js";
import { settle } from "/static/motion.js";

const COLOUR = { R: "red", B: "blue", O: "orange", K: "black" };
// a shape for each colour as well, so that red and orange (and blue and black) differ without colour vision
const MARK = { R: "●", B: "■", O: "▲", K: "◆" };
const ui = { asked: null, work: [], placed: [] };

const code = (id) => id.slice(0, -1);
const isJoker = (id) => code(id) === "J";
const num = (c) => Number(c.slice(1));

// The same checks as the referee's sets.check_set: {ok, kind, value} or {ok: false, why}.
export function checkSet(ids) {
  const codes = ids.map(code);
  const size = codes.length;
  if (size < 3) return { ok: false, why: t("rk.too_short", { n: size }) };
  const real = codes.filter((c) => c !== "J");
  const jokers = size - real.length;
  if (!real.length) return { ok: false, why: t("rk.only_jokers") };
  const numbers = new Set(real.map(num));
  const colours = real.map((c) => c[0]);
  const problems = [];
  if (numbers.size === 1) {
    const n = real.length ? num(real[0]) : 0;
    const twice = colours.filter((c, i) => colours.indexOf(c) !== i);
    if (size > 4) problems.push(t("rk.group_too_long", { n: size }));
    else if (twice.length) problems.push(t("rk.group_colours", { tile: twice[0] + n }));
    else return { ok: true, kind: "group", value: n * size };
  }
  if (new Set(colours).size === 1) {
    const nums = real.map(num).sort((a, b) => a - b);
    const dup = nums.find((n, i) => i > 0 && nums[i - 1] === n);
    const col = colours[0];
    if (dup !== undefined) { if (numbers.size > 1 || !problems.length) problems.push(t("rk.run_twice", { tile: col + dup })); }
    else if (size > 13) problems.push(t("rk.run_too_long", { n: size }));
    else {
      const lo = nums[0], hi = nums[nums.length - 1];
      const start = Math.min(lo, 13 - size + 1);
      if (hi - lo + 1 <= size && start >= 1) {
        let value = 0;
        for (let k = start; k < start + size; k++) value += k;
        return { ok: true, kind: "run", value, start };
      }
      if (nums.includes(1) && nums.includes(13)) problems.push(t("rk.run_wrap", { col }));
      else problems.push(t("rk.run_gap", { from: col + lo, to: col + hi, gaps: hi - lo + 1 - nums.length, jokers }));
    }
  } else if (numbers.size > 1) {
    problems.push(t("rk.mixed"));
  }
  return { ok: false, why: problems.join("; ") };
}

const key = (set) => set.map(code).sort().join(" ");

// A valid set as it reads on the table: a run from its lowest number up (a joker in the gap it fills, or at
// an end), a group by colour. Other sets keep the order they were laid in.
export function inOrder(ids, check = checkSet(ids)) {
  if (!check.ok) return ids;
  if (check.kind === "group") return [...ids].sort((a, b) => (isJoker(a) - isJoker(b)) || code(a).localeCompare(code(b)));
  const slots = new Array(ids.length).fill(null);
  const jokers = [];
  for (const id of ids) {
    if (isJoker(id)) jokers.push(id);
    else slots[num(code(id)) - check.start] = id;
  }
  return slots.map((id) => id ?? jokers.shift());
}

// Every problem with the table as it stands, in words (empty: ready to submit): {text, broken}. A reminder
// (nothing laid yet, the initial meld's sum so far) is what stands between the player and Play and is shown
// plainly; a broken rule (a set that is not valid, the initial meld using or changing the table's sets) can
// only come from a move the player made, and is shown as an error.
export function tableProblems(work, placed, original, melded) {
  const found = new Map();  // text -> broken
  const out = { push: (text, broken = true) => { if (!found.has(text)) found.set(text, broken); } };
  const sets = work.filter((s) => s.length);
  sets.forEach((s, i) => { const c = checkSet(s); if (!c.ok) out.push(`${t("rk.set")} ${i + 1}: ${c.why}`); });
  if (!placed.length) out.push(t("rk.nothing_laid"), false);
  if (!melded) {
    const left = original.map(key);
    const mine = new Set(placed);
    let sum = 0;
    for (const s of sets) {
      const k = key(s);
      const at = left.indexOf(k);
      if (at >= 0 && s.every((id) => !mine.has(id))) { left.splice(at, 1); continue; }
      if (!s.every((id) => mine.has(id))) out.push(t("rk.meld_from_rack"));
      const c = checkSet(s);
      if (c.ok) sum += c.value;
    }
    if (left.length) out.push(t("rk.meld_keep_table"));
    if (sum < 30) out.push(t("rk.meld_sum", { sum }), false);
  }
  return [...found].map(([text, broken]) => ({ text, broken }));
}

const COLOUR_ORDER = { R: 0, B: 1, O: 2, K: 3, J: 4 };
const SORTS = {
  // 777: groups — by number, then colour; 123: runs — by colour, then number (jokers last)
  "777": (a, b) => (isJoker(a) - isJoker(b)) || num(code(a)) - num(code(b)) || COLOUR_ORDER[a[0]] - COLOUR_ORDER[b[0]],
  "123": (a, b) => COLOUR_ORDER[a[0]] - COLOUR_ORDER[b[0]] || num(code(a)) - num(code(b)),
};
const store = { get: (k) => { try { return localStorage.getItem(k); } catch { return null; } },
  set: (k, v) => { try { localStorage.setItem(k, v); } catch { /* private mode */ } } };
ui.sort = store.get("tablesport.rk.sort");
ui.prevRack = null;    // the rack as last shown: tiles not in it are new (just drawn)
ui.fresh = new Set();
ui.held = null;        // a tile picked up by a tap or a key, put down by a tap on a set or the rack

function tileLabel(id) {
  if (isJoker(id)) return t("rk.joker");
  return `${t("rk.colour_" + id[0])} ${code(id).slice(1)}`;
}

function tile(id, movable, onTap) {
  const c = code(id);
  const node = el(movable ? "button" : "span", {
    class: `rk-tile ${isJoker(id) ? "joker" : COLOUR[c[0]]}${ui.fresh.has(id) ? " fresh" : ""}${ui.held === id ? " held" : ""}`,
    dataset: { tile: id }, draggable: movable ? "true" : null, type: movable ? "button" : null,
    "aria-label": tileLabel(id) + (ui.fresh.has(id) ? ` (${t("rk.new_tile")})` : ""), "aria-pressed": movable ? String(ui.held === id) : null,
    role: movable ? null : "img",
    ondragstart: movable ? (e) => { e.dataTransfer.setData("text/plain", id); e.dataTransfer.effectAllowed = "move"; } : null,
  }, el("span", { "aria-hidden": "true" }, isJoker(id) ? "☺" : c.slice(1)),
    isJoker(id) ? null : el("span", { class: "rk-mark", "aria-hidden": "true" }, MARK[c[0]]));
  // a tap on a tile picks it up; with another tile held, the tap puts that one into this tile's set
  if (movable) node.addEventListener("click", (e) => { if (ui.held && ui.held !== id) return; e.stopPropagation(); onTap(id); });
  if (movable) node.addEventListener("pointerdown", (e) => touchDrag(e, node, id));
  return node;
}

// Dragging with a finger or a pen (the mouse uses the browser's drag and drop): a copy of the tile
// follows the finger; let go over a set, "new set" or the rack to put it there.
function touchDrag(e, node, id) {
  if (e.pointerType === "mouse") return;
  const start = { x: e.clientX, y: e.clientY };
  let ghost = null;
  const move = (ev) => {
    if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 8) return;
    if (!ghost) { ghost = node.cloneNode(true); ghost.classList.add("rk-ghost"); ghost.setAttribute("aria-hidden", "true"); document.body.append(ghost); }
    ghost.style.left = `${ev.clientX - 18}px`;
    ghost.style.top = `${ev.clientY - 24}px`;
  };
  const up = (ev) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    if (!ghost) return;   // no move: a tap, which the click handler takes
    ghost.remove();
    if (ev.type === "pointercancel") return;
    const zone = document.elementFromPoint(ev.clientX, ev.clientY)?.closest(".rk-set, #rk-rack");
    if (zone) zone.dispatchEvent(new CustomEvent("rk-drop", { detail: id }));
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

// a set, the new-set zone or the rack: takes a dragged tile, or the held tile on a tap / Enter
function dropZone(node, onDrop, label) {
  node.addEventListener("dragover", (e) => { e.preventDefault(); node.classList.add("over"); });
  node.addEventListener("dragleave", () => node.classList.remove("over"));
  node.addEventListener("drop", (e) => { e.preventDefault(); node.classList.remove("over"); ui.held = null; onDrop(e.dataTransfer.getData("text/plain")); });
  node.addEventListener("click", () => { if (ui.held) { const id = ui.held; ui.held = null; onDrop(id); } });
  node.addEventListener("rk-drop", (e) => { ui.held = null; onDrop(e.detail); });
  node.addEventListener("keydown", (e) => { if ((e.key === "Enter" || e.key === " ") && e.target === node && ui.held) { e.preventDefault(); const id = ui.held; ui.held = null; onDrop(id); } });
  node.tabIndex = 0;
  node.setAttribute("role", "group");
  node.setAttribute("aria-label", label);
  return node;
}

function take(id) {
  for (const s of ui.work) { const i = s.indexOf(id); if (i >= 0) { s.splice(i, 1); return; } }
}

function noteRack(rack) {
  if (!rack) return;
  if (ui.prevRack) {
    const before = new Set(ui.prevRack);
    const added = rack.filter((id) => !before.has(id));
    if (added.length) ui.fresh = new Set(added);
  }
  ui.fresh = new Set([...ui.fresh].filter((id) => rack.includes(id)));
  ui.prevRack = [...rack];
}

export function renderView(box, view, ctx) {
  const d = ctx.decision;
  const mine = ctx.mine && d && d.kind === "turn";
  if (mine && ui.asked !== d.asked) { ui.asked = d.asked; ui.work = view.table.map((s) => [...s]); ui.placed = []; ui.held = null; }
  if (!mine) ui.held = null;
  if (view.rack && (!ui.prevRack || ui.prevRack.join() !== view.rack.join())) noteRack(view.rack);
  const melded = view.seat != null ? view.melded[view.seat] : true;
  // the player's own rearranging is not a move to animate: only remember where the tiles are now
  const redraw = () => { box.replaceChildren(); renderView(box, view, ctx); settle(box, { quiet: true }); };
  const tap = (id) => { ui.held = ui.held === id ? null : id; redraw(); };

  box.append(el("p", { class: "muted" }, el("span", { id: "rk-pool" }, `${t("rk.pool")}: ${view.pool}`),
    view.rack_sizes.map((n, s) => [" · ", el("span", { class: "rk-count", dataset: { seat: s } }, `${seatName(s)}: ${n}${view.melded[s] ? " ✓" : ""}`)])));
  if (view.last) box.append(el("p", { class: "muted", id: "rk-last" }, `${seatName(view.last.seat)}: ${t(`rk.last_${view.last.type}`, { n: view.last.count ?? "" })}`));

  // the table
  const sets = mine ? ui.work : view.table;
  // tiles new to the table come from the rack of the seat that laid them
  const table = el("div", { class: "rk-table", id: "rk-table", dataset: { area: "table", from: `.rk-count[data-seat="${view.last?.seat}"]` } });
  sets.forEach((s, i) => {
    if (!s.length) return;
    const check = checkSet(s);
    const node = el("div", { class: `rk-set ${check.ok ? "ok" : "bad"}`, dataset: { set: i } },
      inOrder(s, check).map((id) => tile(id, mine, tap)),
      el("span", { class: "rk-why" }, check.ok ? `✓ ${t("rk." + check.kind)} ${check.value}` : `✗ ${check.why}`));
    if (mine) dropZone(node, (id) => { if (!id) return; take(id); ui.placed = ui.placed.filter((x) => x !== id).concat(view.rack.includes(id) ? [id] : []); ui.work[i].push(id); redraw(); }, `${t("rk.set")} ${i + 1}`);
    table.append(node);
  });
  if (mine) {
    table.append(dropZone(el("div", { class: "rk-set rk-new", id: "rk-new" }, t("rk.new_set")), (id) => {
      if (!id) return;
      take(id);
      if (view.rack.includes(id) && !ui.placed.includes(id)) ui.placed.push(id);
      ui.work.push([id]);
      redraw();
    }, t("rk.new_set")));
  }
  box.append(el("h3", {}, t("rk.table")), table);

  // the rack, sorted as the player chose (777: by number, 123: by colour)
  let dock = box;
  if (view.rack) {
    let rackTiles = view.rack.filter((id) => !(mine && ui.placed.includes(id)));
    if (ui.sort && SORTS[ui.sort]) rackTiles = [...rackTiles].sort(SORTS[ui.sort]);
    const rack = el("div", { class: "rk-rack", id: "rk-rack", dataset: { area: "rack", from: "#rk-pool" } }, rackTiles.map((id) => tile(id, mine, tap)));
    if (mine) dropZone(rack, (id) => {
      if (!ui.placed.includes(id)) { if (!view.rack.includes(id)) ctx.showProblem?.(t("rk.no_back")); redraw(); return; }
      take(id); ui.placed = ui.placed.filter((x) => x !== id); redraw();
    }, t("rk.rack"));
    const sortBtn = (k) => el("button", { class: `rk-sort${ui.sort === k ? " selected" : ""}`, id: `rk-sort-${k}`, type: "button", "aria-pressed": String(ui.sort === k),
      title: t(`rk.sort_${k}`), onclick: () => { ui.sort = k; store.set("tablesport.rk.sort", k); redraw(); } }, k);
    // the seat's own rack and its buttons: a dock that stays at the foot of a phone's screen (app.css) while
    // the table scrolls above it, so a tile is always at hand to lay on a set
    dock = el("div", { class: mine ? "rk-dock" : "rk-rack-box", id: "rk-dock" });
    box.append(dock);
    dock.append(el("div", { class: "rk-rack-head" }, el("h3", {}, t("rk.rack")), el("span", { class: "muted" }, t("rk.sort")), sortBtn("777"), sortBtn("123"),
      ui.fresh.size ? el("span", { class: "rk-fresh-note" }, t("rk.fresh", { n: ui.fresh.size })) : ""), rack);
  }

  if (mine) {
    const problems = tableProblems(ui.work, ui.placed, view.table, melded);
    dock.append(el("div", { class: "rk-problems", id: "rk-problems", "aria-live": "polite" }, problems.length ? el("p", {}, t("rk.before_play")) : null,
      el("ul", {}, problems.map((p) => el("li", { class: p.broken ? "rk-broken" : "rk-reminder" }, p.text)))));
    dock.append(el("div", { class: "bk-tools" },
      el("button", { id: "rk-play", disabled: problems.length ? true : null,
        onclick: () => ctx.send({ type: "play", table: ui.work.filter((s) => s.length), rack: ui.placed }) }, t("rk.play")),
      el("button", { id: "rk-draw", onclick: () => ctx.send({ type: "draw" }) }, t("rk.draw")),
      el("button", { id: "rk-reset", onclick: () => { ui.asked = null; redraw(); } }, t("rk.reset"))));
    // the room the fixed dock takes at the foot of a phone's page (app.css), measured once laid out
    requestAnimationFrame(() => document.documentElement.style.setProperty("--rk-dock-h", `${dock.offsetHeight}px`));
  }
}

export function renderDecision(box, d, ctx) {
  if (d.kind === "reshuffle") {  // the two answers in words ("reshuffle", "keep" are the protocol's)
    box.append(el("div", { class: "options" }, ["reshuffle", "keep"].map((a) =>
      el("button", { class: "option", dataset: { answer: a }, onclick: () => ctx.send(a) }, t(`rk.answer_${a}`)))));
    return true;
  }
  if (d.kind !== "turn") return false;
  box.append(el("p", {}, t("rk.how_to")), el("p", { class: "muted" }, t("rk.how_to_tap")));
  return true;
}
