// Blokus: the 20 × 20 board, the piece tray of the colour to move, rotate/flip, and a preview
// of legal placements (target squares) computed from the decision's listed options.
import { el, t, seatName } from "/static/common.js";

const COLOURS = { B: "#2b6cb0", Y: "#d69e2e", R: "#c53030", G: "#2f855a", ".": "#f7fafc" };
const LETTER = ["B", "Y", "R", "G"];
// kept across frames; pending: a shown placement; trayScroll: how far the tray strip is scrolled (a phone)
const ui = { piece: null, turn: 0, flip: false, pending: null, trayScroll: 0 };

const sq = (x, y) => String.fromCharCode(97 + x) + y;        // x 0..19, y 1..20
const parse = (s) => [s.charCodeAt(0) - 97, Number(s.slice(1))];

function normal(cells) {
  const mx = Math.min(...cells.map((c) => c[0])), my = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - mx, y - my]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}
const keyOf = (cells) => normal(cells).map((c) => c.join(":")).join(" ");

function oriented(shape) {
  let cells = shape.map(([x, y]) => [x, y]);
  if (ui.flip) cells = cells.map(([x, y]) => [-x, y]);
  for (let i = 0; i < ui.turn; i++) cells = cells.map(([x, y]) => [y, -x]);
  return normal(cells);
}

// placements of the selected piece in its current orientation: target square -> move string
function targets(view, options) {
  const out = new Map();
  if (!ui.piece || !options) return out;
  const cells = oriented(view.pieces[ui.piece]);
  const key = keyOf(cells);
  for (const move of options) {
    if (move === "pass") continue;
    const squares = move.split(",").map(parse);
    if (squares.length !== cells.length || keyOf(squares) !== key) continue;
    const anchor = normal(squares)[0];
    const mx = Math.min(...squares.map((c) => c[0])), my = Math.min(...squares.map((c) => c[1]));
    out.set(sq(anchor[0] + mx, anchor[1] + my), move);
  }
  return out;
}

function pieceDrawing(cells, colour, size = 16, cls = "bk-piece-grid") {
  const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
  const grid = el("div", { class: cls, "aria-hidden": "true", style: `grid-template-columns: repeat(${w}, var(--bk-cell, ${size}px)); grid-auto-rows: var(--bk-cell, ${size}px)` });
  const filled = new Set(cells.map(([x, y]) => `${x}:${h - 1 - y}`));
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
    grid.append(el("span", { style: filled.has(`${c}:${r}`) ? `background:${colour}` : "" }));
  }
  return grid;
}

// A piece as a player names it ("5-square Z piece"; the log's lines use the same names: texts/game.yaml)
export const pieceName = (code) => t(`bk.piece_name.${code}`);

// The log's line of a placed piece ends with a small drawing of it, in its colour and as it lies on the board.
export function logGlyph(ev) {
  if (ev.kind !== "placed" || typeof ev.data?.move !== "string") return null;
  return pieceDrawing(normal(ev.data.move.split(",").map(parse)), COLOURS[LETTER[ev.data.colour]] ?? "#4a5568", 7, "bk-piece-grid bk-log-glyph");
}

const colourName = (c) => t(`bk.colour_${c.name}`) === `bk.colour_${c.name}` ? c.name : t(`bk.colour_${c.name}`);

// the squares where the colour to move can start a piece: squares of its legal placements that touch
// one of its pieces at a corner (or its start corner)
function anchors(view, colour, options) {
  const letter = LETTER[colour];
  const own = (x, y) => { const row = view.board[20 - y]; return row && row[x] === letter; };
  const corner = view.colours[colour].corner;
  const out = new Set();
  for (const move of options || []) {
    if (move === "pass") continue;
    for (const s of move.split(",")) {
      if (out.has(s)) continue;
      const [x, y] = parse(s);
      if (s === corner || own(x - 1, y - 1) || own(x + 1, y - 1) || own(x - 1, y + 1) || own(x + 1, y + 1)) out.add(s);
    }
  }
  return out;
}

export function renderView(box, view, ctx) {
  const d = ctx.decision;
  const mine = ctx.mine && d && d.kind === "place" && Array.isArray(d.options) && d.options.some((o) => o !== "pass");
  const myColour = mine ? d.data.colour : null;
  const opts = mine ? d.options : null;
  const tg = mine ? targets(view, opts) : new Map();
  if (ui.piece && mine && !view.colours[myColour].pieces_left.includes(ui.piece)) ui.piece = null;
  const starts = mine && !ui.piece ? anchors(view, myColour, opts) : new Set();
  const lastMove = view.moves?.length ? view.moves[view.moves.length - 1] : null;
  const lastSquares = new Set(lastMove && lastMove.move !== "pass" ? lastMove.move.split(",") : []);
  const corners = new Map(view.colours.map((c) => [c.corner, c]));

  // scores and colours
  box.append(el("div", { class: "bk-colours" }, view.colours.map((c) => el("span", {
    class: `bk-colour${view.to_move && view.to_move.colour === c.colour ? " acting" : ""}`, dataset: { colour: c.colour },
  }, el("i", { style: `background:${COLOURS[LETTER[c.colour]]}` }), ` ${seatName(c.seat)} · ${colourName(c)} · ${c.squares_left} ${t("bk.squares_left")}${c.done || c.blocked ? " · " + t("bk.done") : ""}`))));
  if (lastMove) {
    const c = view.colours[lastMove.colour];
    // a pass marks no square: its line says only who passed
    const colour = c ? colourName(c) : "";
    box.append(el("p", { class: "muted", id: "bk-last" }, lastMove.move === "pass" ? t("bk.last_pass", { colour })
      : t("bk.last_move", { colour, piece: lastMove.piece ? pieceName(lastMove.piece) : "", move: lastMove.move })));
  }

  // the board with its coordinates (columns a–t, rows 1–20 from the bottom)
  const board = el("div", { class: "bk-board", id: "board", role: "grid", "aria-label": t("bk.board") });
  const cellsByName = new Map();
  // every square of a legal placement takes a click, not only its anchor: the first click shows a placement
  // that covers the square (the next click elsewhere another), a click on the shown placement places it
  const cover = new Map();
  for (const move of tg.values()) for (const s of move.split(",")) { if (!cover.has(s)) cover.set(s, []); cover.get(s).push(move); }
  if (ui.pending && ![...tg.values()].includes(ui.pending)) ui.pending = null;
  const onShown = (name) => ui.pending && ui.pending.split(",").includes(name);
  const preview = (name) => {
    board.querySelectorAll(".preview").forEach((n) => n.classList.remove("preview"));
    const move = name && (tg.get(name) ?? (onShown(name) ? ui.pending : cover.get(name)?.[0]));
    if (move) for (const s of move.split(",")) cellsByName.get(s)?.classList.add("preview");
  };
  const note = el("p", { class: "bk-note muted", id: "bk-note", "aria-live": "polite" });
  view.board.forEach((row, r) => {
    const y = 20 - r;
    board.append(el("span", { class: "bk-label", "aria-hidden": "true" }, String(y)));
    [...row].forEach((ch, x) => {
      const name = sq(x, y);
      const start = corners.get(name);
      const target = tg.has(name);
      const cls = `sq${target ? " target" : ""}${starts.has(name) ? " anchor" : ""}${lastSquares.has(name) ? " last" : ""}${start && ch === "." ? " start" : ""}`;
      const cell = el("div", { class: cls, dataset: { sq: name, c: ch, ...(lastSquares.has(name) ? { arrive: `move-${view.moves.length}` } : {}) },
        style: `background:${COLOURS[ch] ?? "#fff"}${start && ch === "." ? `;--start:${COLOURS[LETTER[start.colour]]}` : ""}`,
        role: target ? "button" : null, tabindex: target ? "0" : null, "aria-label": target ? t("bk.place_at", { sq: name }) : null });
      if (target) {
        cell.addEventListener("focus", () => preview(name));
        cell.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.send(tg.get(name)); } });
      }
      cellsByName.set(name, cell);
      board.append(cell);
    });
  });
  board.append(el("span", { class: "bk-label" }), ...Array.from({ length: 20 }, (_, x) => el("span", { class: "bk-label", "aria-hidden": "true" }, String.fromCharCode(97 + x))));
  board.addEventListener("mouseover", (e) => preview(e.target.dataset?.sq));
  board.addEventListener("click", (e) => {
    const name = e.target.dataset?.sq;
    if (!name || !ui.piece) return;
    const move = tg.get(name) ?? (onShown(name) ? ui.pending : null);
    if (move) { ui.pending = null; ctx.send(move); return; }
    const list = cover.get(name);
    if (!list) { note.textContent = t("bk.not_here"); return; }
    ui.pending = list[(list.indexOf(ui.pending) + 1) % list.length];
    preview(name);
    note.textContent = t("bk.click_again");
  });
  // the board and, on a wide screen beside it, the tray (app.css .bk-main): in sight without scrolling
  const main = el("div", { class: "bk-main" });
  box.append(main);
  main.append(el("div", { class: "bk-board-side" }, el("div", { class: "bk-board-wrap" }, board), note, el("p", { class: "bk-legend muted" }, el("span", { class: "bk-key start" }), ` ${t("bk.legend_start")} `, el("span", { class: "bk-key last" }), ` ${t("bk.legend_last")} `,
    mine ? [el("span", { class: "bk-key anchor" }), ` ${t("bk.legend_anchor")}`] : "")));

  // the tray
  if (mine) {
    const colour = COLOURS[LETTER[myColour]];
    const left = view.colours[myColour].pieces_left;
    // on a phone a strip that scrolls sideways (app.css): it keeps its place when a piece is picked
    const tray = el("div", { class: "bk-tray", id: "tray", onscroll: (e) => { ui.trayScroll = e.target.scrollLeft; } }, left.map((p) => el("button", {
      class: `bk-piece${ui.piece === p ? " selected" : ""}`, dataset: { piece: p }, title: pieceName(p), "aria-label": pieceName(p),
      "aria-pressed": String(ui.piece === p),
      onclick: () => { ui.piece = p; ui.turn = 0; ui.flip = false; rerender(box, view, ctx); },
    }, pieceDrawing(ui.piece === p ? oriented(view.pieces[p]) : normal(view.pieces[p]), colour))));
    const tools = el("div", { class: "bk-tools" },
      el("button", { id: "rotate", onclick: () => { ui.turn = (ui.turn + 1) % 4; rerender(box, view, ctx); } }, t("bk.rotate")),
      el("button", { id: "flip", onclick: () => { ui.flip = !ui.flip; rerender(box, view, ctx); } }, t("bk.flip")),
      el("span", { id: "targets", class: "muted", "aria-live": "polite" }, ui.piece ? t("bk.targets", { n: tg.size }) : t("bk.pick_piece")));
    main.append(el("div", { class: "bk-tray-side" }, el("h3", {}, t("bk.your_pieces")), tools, tray));
    tray.scrollLeft = ui.trayScroll;
  }
}

function rerender(box, view, ctx) {
  box.replaceChildren();
  renderView(box, view, ctx);
}

export function renderDecision(box, d, ctx) {
  if (d.kind !== "place" || !Array.isArray(d.options)) return false;
  if (d.options.length === 1 && d.options[0] === "pass") {  // no piece fits: the one answer, in words
    box.append(el("div", { class: "options" }, el("button", { class: "option", dataset: { index: 0 }, onclick: () => ctx.send("pass") }, t("bk.pass"))));
    return true;
  }
  const name = d.data.colour_name ?? "";
  box.append(el("p", {}, t("bk.how_to", { colour: colourName({ name }) })));
  return true;
}

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
  if (e.key === "r" || e.key === "R") document.getElementById("rotate")?.click();
  if (e.key === "f" || e.key === "F") document.getElementById("flip")?.click();
});
