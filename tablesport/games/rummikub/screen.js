// Rummikub: your rack and the table; drag tiles between them to rearrange the table, with every
// set checked as you go (why it is invalid, and the initial-meld sum) before you submit.
import { el, t, seatName } from "/static/common.js";

const COLOUR = { R: "red", B: "blue", O: "orange", K: "black" };
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
        return { ok: true, kind: "run", value };
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

// Every problem with the table as it stands, in words (empty: ready to submit).
export function tableProblems(work, placed, original, melded) {
  const out = [];
  const sets = work.filter((s) => s.length);
  sets.forEach((s, i) => { const c = checkSet(s); if (!c.ok) out.push(`${t("rk.set")} ${i + 1}: ${c.why}`); });
  if (!placed.length) out.push(t("rk.nothing_laid"));
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
    if (sum < 30) out.push(t("rk.meld_sum", { sum }));
  }
  return [...new Set(out)];
}

function tile(id, draggable) {
  const c = code(id);
  return el("span", {
    class: `rk-tile ${isJoker(id) ? "joker" : COLOUR[c[0]]}`, dataset: { tile: id }, draggable: draggable ? "true" : null,
    ondragstart: draggable ? (e) => { e.dataTransfer.setData("text/plain", id); e.dataTransfer.effectAllowed = "move"; } : null,
  }, isJoker(id) ? "☺" : c.slice(1));
}

function dropZone(node, onDrop) {
  node.addEventListener("dragover", (e) => { e.preventDefault(); node.classList.add("over"); });
  node.addEventListener("dragleave", () => node.classList.remove("over"));
  node.addEventListener("drop", (e) => { e.preventDefault(); node.classList.remove("over"); onDrop(e.dataTransfer.getData("text/plain")); });
  return node;
}

function take(id) {
  for (const s of ui.work) { const i = s.indexOf(id); if (i >= 0) { s.splice(i, 1); return; } }
}

export function renderView(box, view, ctx) {
  const d = ctx.decision;
  const mine = ctx.mine && d && d.kind === "turn";
  if (mine && ui.asked !== d.asked) { ui.asked = d.asked; ui.work = view.table.map((s) => [...s]); ui.placed = []; }
  const melded = view.seat != null ? view.melded[view.seat] : true;
  const redraw = () => { box.replaceChildren(); renderView(box, view, ctx); };

  box.append(el("p", { class: "muted" }, `${t("rk.pool")}: ${view.pool} · `,
    view.rack_sizes.map((n, s) => `${seatName(s)}: ${n}${view.melded[s] ? " ✓" : ""}`).join(" · ")));
  if (view.last) box.append(el("p", { class: "muted" }, `${seatName(view.last.seat)}: ${view.last.type}`));

  // the table
  const sets = mine ? ui.work : view.table;
  const table = el("div", { class: "rk-table", id: "rk-table" });
  sets.forEach((s, i) => {
    if (!s.length) return;
    const check = checkSet(s);
    const node = el("div", { class: `rk-set ${check.ok ? "ok" : "bad"}`, dataset: { set: i } },
      s.map((id) => tile(id, mine)),
      el("span", { class: "rk-why" }, check.ok ? `✓ ${t("rk." + check.kind)} ${check.value}` : `✗ ${check.why}`));
    if (mine) dropZone(node, (id) => { if (!id) return; take(id); ui.placed = ui.placed.filter((x) => x !== id).concat(view.rack.includes(id) ? [id] : []); ui.work[i].push(id); redraw(); });
    table.append(node);
  });
  if (mine) {
    table.append(dropZone(el("div", { class: "rk-set rk-new", id: "rk-new" }, t("rk.new_set")), (id) => {
      if (!id) return;
      take(id);
      if (view.rack.includes(id) && !ui.placed.includes(id)) ui.placed.push(id);
      ui.work.push([id]);
      redraw();
    }));
  }
  box.append(el("h3", {}, t("rk.table")), table);

  // the rack
  if (view.rack) {
    const rackTiles = view.rack.filter((id) => !(mine && ui.placed.includes(id)));
    const rack = el("div", { class: "rk-rack", id: "rk-rack" }, rackTiles.map((id) => tile(id, mine)));
    if (mine) dropZone(rack, (id) => {
      if (!ui.placed.includes(id)) { ctx.showProblem?.(t("rk.no_back")); return; }
      take(id); ui.placed = ui.placed.filter((x) => x !== id); redraw();
    });
    box.append(el("h3", {}, t("rk.rack")), rack);
  }

  if (mine) {
    const problems = tableProblems(ui.work, ui.placed, view.table, melded);
    box.append(el("ul", { class: "rk-problems", id: "rk-problems" }, problems.map((p) => el("li", {}, p))));
    box.append(el("div", { class: "bk-tools" },
      el("button", { id: "rk-play", disabled: problems.length ? true : null,
        onclick: () => ctx.send({ type: "play", table: ui.work.filter((s) => s.length), rack: ui.placed }) }, t("rk.play")),
      el("button", { id: "rk-draw", onclick: () => ctx.send({ type: "draw" }) }, t("rk.draw")),
      el("button", { id: "rk-reset", onclick: () => { ui.asked = null; redraw(); } }, t("rk.reset"))));
  }
}

export function renderDecision(box, d) {
  if (d.kind !== "turn") return false;
  box.append(el("p", {}, t("rk.how_to")));
  return true;
}
