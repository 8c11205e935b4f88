// Pictionary: the board with both teams' tokens, whose turn, the category, the die, the peek and minute
// timers (with sound) and the round clock; in the digital form the drawing paper (pointer events: mouse,
// touch, pen), the picturist's pens, eraser, undo and clear, the guessers' box and the near misses to
// confirm; in the facilitator form the table page's buttons (roll or typed die, ready, change card,
// guessed, not guessed, fouls) and, on a player's phone, the word when it is their turn to draw.
//
// The table page redraws the view box on every frame (strokes arrive many times a second), so this
// screen keeps one panel of its own beside that box and updates it in place: the papers keep their
// pixels, the guess box keeps its text and focus, and buttons are rebuilt only when the question changes.
import { el, t, seatName, NONCE } from "/static/common.js";

const W = 800, H = 600;
const COLOURS = ["#ffffff", "#1d1d1d", "#d62d20", "#1f5fbf", "#2a9d3a", "#f08a24", "#7b3fa0", "#8b5a2b"];
const WIDTHS = [0, 3, 6, 12, 28];
const CAT_COLOURS = { P: "#2a62c0", O: "#f2c12e", A: "#f08a24", D: "#3aa655", AP: "#c53030" };
const BATCH_MS = 25;      // strokes go out at most every 25 ms while the pen moves
const MAX_BATCH = 128;    // points per message (the referee's limit)
const MIN_STEP = 2;       // canvas units between two kept points


const CSS = `
.pc [hidden], .pc[hidden] { display: none !important; }
.pc { display: flex; flex-direction: column; gap: .5rem; }
.pc-top { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; font-size: 1.05rem; }
.pc-cat { color: #fff; padding: .1rem .5rem; border-radius: 4px; font-weight: bold; text-shadow: 0 1px 1px #0006; }
.pc-clock, .pc-timer { font-variant-numeric: tabular-nums; font-weight: bold; }
.pc-clock.low, .pc-timer.low { color: #c53030; }
.pc-timer { font-size: 1.6rem; }
.pc-final, .pc-tiebreak { background: #fefcbf; border: 1px solid #b7791f; border-radius: 4px; padding: 0 .4rem; }
.pc-board { display: flex; flex-wrap: wrap; gap: 2px; }
.pc-square { position: relative; width: 2.1rem; height: 2.1rem; border-radius: 3px; background: #e2e8f0;
  display: flex; align-items: flex-start; justify-content: flex-start; font-size: .65rem; color: #fff; }
.pc-square[data-square="0"], .pc-square[data-cat="finish"] { width: 3.2rem; background: #2d3748 !important; }
.pc-n { padding: 1px 2px; text-shadow: 0 1px 1px #0008; }
.pc-legend { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: .2rem .8rem; font-size: .8rem; margin-top: .2rem; }
.pc-legend i { display: inline-block; width: .8rem; height: .8rem; border-radius: 2px; vertical-align: middle; }
/* dark numbers on the light squares (contrast) */
.pc-square[data-cat="O"], .pc-square[data-cat="A"], .pc-square[data-cat="D"] { color: #1a202c; }
.pc-square[data-cat="O"] .pc-n, .pc-square[data-cat="A"] .pc-n, .pc-square[data-cat="D"] .pc-n { text-shadow: none; }
.pc-cat[data-cat="O"], .pc-cat[data-cat="A"], .pc-cat[data-cat="D"] { color: #1a202c; text-shadow: none; }
.pc-token { position: absolute; bottom: 1px; width: .95rem; height: .95rem; border-radius: 50%; font-size: .6rem;
  display: flex; align-items: center; justify-content: center; font-weight: bold; border: 1px solid #fff; }
.pc-token.team-A { left: 2px; background: #1a202c; } .pc-token.team-B { right: 2px; background: #9b2c2c; }
.pc-word { font-size: 1.1rem; }
.pc-answer { font-size: 2.4rem; font-weight: bold; letter-spacing: .03em; }
.pc-secret { color: #9c4221; font-size: .9rem; }
.pc-buttons, .pc-dice { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.pc-act { font-size: 1.05rem; padding: .45rem .9rem; border-color: #2b6cb0; }
.pc-act.foul { border-color: #c53030; color: #c53030; font-size: .9rem; }
.pc-papers { display: flex; flex-wrap: wrap; gap: .5rem; }
.pc-paper-box { margin: 0; flex: 1 1 320px; max-width: 720px; }
.pc-paper-box figcaption { font-size: .8rem; color: #595959; }
.pc-paper { width: 100%; height: auto; border: 1px solid #999; border-radius: 4px; background: #fff; touch-action: none; }
.pc-paper.live { border: 2px solid #2b6cb0; cursor: crosshair; }
.pc-tools { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.pc-swatch { width: 1.8rem; height: 1.8rem; padding: 0; border: 2px solid #ccc; }
.pc-swatch.on, .pc-size.on { outline: 3px solid #2b6cb0; }
.pc-size { width: 2rem; height: 1.8rem; display: inline-flex; align-items: center; justify-content: center; }
.pc-size i { display: inline-block; border-radius: 50%; background: #222; }
.pc-guess { display: flex; gap: .4rem; } .pc-guess input { flex: 1; font-size: 1.1rem; padding: .3rem .5rem; }
.pc-guesses { margin: 0; padding-left: 1.4rem; max-height: 10rem; overflow: auto; }
.pc-g.correct { color: #276749; font-weight: bold; } .pc-g.near { color: #b7791f; } .pc-g.wrong { color: #595959; }
.pc-near-row { display: flex; gap: .4rem; align-items: center; background: #fffaf0; border-left: 4px solid #dd6b20; padding: .3rem; }
/* the facilitator's phone and the picturist's: the prompt, the countdown, the word and the buttons first, the
   board below, so that the controls and the countdown are on screen together (one-handed) */
.pc[data-role="facilitator"] .pc-result, .pc[data-role="picturist"] .pc-result { order: -5; }
.pc[data-role="facilitator"] .pc-top, .pc[data-role="picturist"] .pc-top { order: -4; }
.pc[data-role="facilitator"] .pc-timer, .pc[data-role="picturist"] .pc-timer,
.pc[data-role="facilitator"] .pc-word, .pc[data-role="picturist"] .pc-word { order: -3; }
.pc-out { color: #c53030; font-weight: bold; }
.pc[data-role="facilitator"] .pc-controls, .pc[data-role="picturist"] .pc-controls,
.pc[data-role="picturist"] .pc-near { order: -2; }
.pc-token { color: #fff; }
/* the digital minute: the guess box, then the paper and the pens, before the board (which the minute does
   not change), so that the paper is on the first screen of a laptop (1280 x 720) with the table page's header */
.pc[data-mode="digital"][data-phase="draw"] :is(.pc-papers, .pc-tools, .pc-guesses, .pc-last) { order: 1; }
.pc[data-mode="digital"][data-phase="draw"] .pc-board { order: 2; }
/* the facilitator's phone: the generic table page's header made compact (one line of title and seat, the
   seat chips after the panel, the decision card only while it shows an error) so that the countdown, the
   rulings and both teams' fouls are on the first screen together (issue 41.5) */
@media (max-width: 600px) {
  #table:has(.pc[data-role="facilitator"]) { display: flex; flex-direction: column; }
  #table:has(.pc[data-role="facilitator"]) > * { order: 0; }
  #table:has(.pc[data-role="facilitator"]) > #seats { order: 1; }
  #table:has(.pc[data-role="facilitator"]) > :is(#chat, p) { order: 2; }
  #table:has(.pc[data-role="facilitator"]) .bar { font-size: .8rem; gap: .2rem .5rem; padding: .2rem .4rem; }
  #table:has(.pc[data-role="facilitator"]) .bar > :is(#seq, #rules-link) { display: none; }
  #table:has(.pc[data-role="facilitator"]) #decision-card:has(#error[hidden]) { display: none; }
  #table:has(.pc[data-role="facilitator"]) #decision-card > :is(h2, #decision),
  #table:has(.pc[data-role="facilitator"]) #view-card > h2 { display: none; }
  .pc[data-role="facilitator"] .pc-act { padding: .35rem .6rem; margin: .1rem 0; }
  .pc[data-role="facilitator"] .pc-act.foul { font-size: .85rem; }
}
.pc-result { font-size: 1.4rem; background: #f0fff4; border: 2px solid #38a169; border-radius: 6px; padding: .5rem; }
`;

let panel = null;
let parts = {};
let ctx = null;           // the last ctx from the table page
let view = null;
let papers = {};          // team -> { canvas, g, key, ops, last }
let pen = { colour: 1, size: 2 };
let drawingTeam = null;   // the team whose paper this seat draws on (a picturist in the minute)
let stroke = null;        // { started: bool, pts: [] } being sent
let flushTimer = null;
let controlsKey = "";
let nearKey = "";
let guessesKey = "";
let deadlineAt = null, deadlineKind = "", clockBase = null;
let beeped = -1;
let audio = null;

function sq(view, team) { return view.teams.find((x) => x.team === team).pos; }
const catName = (c) => t(`pc.cat.${c}`);

function mount(box) {
  if (!panel) {
    document.head.append(el("style", { id: "pc-style", nonce: NONCE }, CSS));
    panel = el("div", { id: "pc", class: "pc" });
    parts = {
      top: el("div", { class: "pc-top" }),
      board: el("div", { id: "pc-board", class: "pc-board" }),
      word: el("div", { id: "pc-word", class: "pc-word" }),
      timer: el("div", { id: "pc-timer", class: "pc-timer" }),
      controls: el("div", { id: "pc-controls", class: "pc-controls" }),
      near: el("div", { id: "pc-near", class: "pc-near" }),
      papers: el("div", { id: "pc-papers", class: "pc-papers" }),
      tools: el("div", { id: "pc-tools", class: "pc-tools" }),
      guess: el("div", { id: "pc-guess", class: "pc-guess" }),
      guesses: el("ol", { id: "pc-guesses", class: "pc-guesses" }),
      last: el("div", { id: "pc-last", class: "pc-last" }),
      result: el("div", { id: "pc-result", class: "pc-result" }),
    };
    panel.append(parts.result, parts.top, parts.board, parts.word, parts.timer, parts.controls, parts.near,
      parts.papers, parts.tools, parts.guess, parts.guesses, parts.last);
    buildTools();
    buildGuessBox();
    setInterval(tick, 100);
  }
  if (panel.parentNode !== box.parentNode || panel.previousSibling !== box) box.after(panel);
}

// -- the board, the turn, the clocks ------------------------------------------------------------
// a team as the table calls it: its entrant's name at a fixture's table, else "Team A" / "Team B"
const teamName = (team) => view?.names?.[team] || `${t("pc.team")} ${team}`;

function renderTop(v, frame) {
  const w = v.word;
  const you = v.you.role === "spectator" ? t("pc.spectator") : v.you.role === "facilitator" ? t("pc.facilitator")
    : `${teamName(v.you.team)} · ${t(`pc.role.${v.you.role}`)}`;
  // the facilitator pauses the round clock and the timers (and resumes them) at a table with no referee
  const pause = v.you.role === "facilitator" && frame.status === "running" && !frame.paused?.away
    && (!frame.paused || frame.paused.runner)
    ? el("button", { id: "pc-pause", dataset: { paused: frame.paused ? "1" : "" },
      onclick: () => ctx?.message?.({ type: frame.paused ? "resume" : "pause" }) },
      t(frame.paused ? "pc.resume" : "pc.pause")) : null;
  parts.top.replaceChildren(...[
    el("span", { class: "pc-you" }, you), pause,
    el("span", { id: "pc-turn", dataset: { team: v.turn } }, `${t("pc.turn")}: ${teamName(v.turn)}`),
    w ? el("span", { class: "pc-cat", style: `background:${CAT_COLOURS[w.category]}`, dataset: { cat: w.category } },
      `${catName(w.category)}${w.all_play && w.category !== "AP" ? " · " + t("pc.all_play") : ""}`) : null,
    el("span", { id: "pc-die", dataset: { die: v.die ?? "" } }, `${t("pc.die")}: ${v.die ?? "—"}`),
    el("span", { id: "pc-clock", class: "pc-clock" }),
    v.final ? el("span", { class: "pc-final" }, t("pc.final")) : null,
    v.tiebreak ? el("span", { class: "pc-tiebreak" }, t("pc.tiebreak")) : null].filter(Boolean));
  clockBase = frame?.clock ? { used: frame.clock.used, limit: frame.clock.limit, at: Date.now() } : null;
  if (!frame?.clock) parts.top.querySelector("#pc-clock").textContent = v.time_up ? t("pc.time_is_up") : "";
}

function renderBoard(v) {
  const pos = { A: sq(v, "A"), B: sq(v, "B") };
  const cells = v.track.map((cat, i) => {
    const label = i === 0 ? t("pc.start") : i === v.finish ? t("pc.finish") : String(i);
    const tokens = ["A", "B"].filter((team) => pos[team] === i)
      .map((team) => el("span", { class: `pc-token team-${team}`, dataset: { team } }, team));
    return el("div", { class: "pc-square", dataset: { square: i, cat: cat || "finish" },
      style: cat ? `background:${CAT_COLOURS[cat]}` : "", title: cat ? catName(cat) : t("pc.finish") },
    el("span", { class: "pc-n" }, label), ...tokens);
  });
  // the categories' colours, named (the board is read by colour)
  const legend = el("div", { class: "pc-legend", "aria-hidden": "true" }, Object.keys(CAT_COLOURS).map((c) =>
    el("span", { class: "pc-legend-item" }, el("i", { style: `background:${CAT_COLOURS[c]}` }), ` ${c} ${catName(c)}`)));
  parts.board.replaceChildren(...cells, legend);
  parts.board.dataset.a = pos.A;
  parts.board.dataset.b = pos.B;
}

function renderWord(v) {
  const w = v.word;
  parts.word.replaceChildren();
  if (!w) return;
  if (w.open && w.answer != null) {
    parts.word.append(el("div", { class: "pc-secret" }, t("pc.your_word")),
      el("div", { id: "pc-answer", class: "pc-answer" }, w.answer));
  } else if (w.open) {
    const drawing = w.teams.map((team) => `${teamName(team)}: ${seatName(w.picturists[team])}`).join(" · ");
    parts.word.append(el("div", { class: "pc-hidden" }, `${t("pc.word_n", { n: w.no })} — ${t("pc.picturist")}: ${drawing}`));
  }
  if (w.open && w.out.length) {  // All Play: a team out after a foul (or giving up); the other may still guess
    parts.word.append(el("div", { id: "pc-out", class: "pc-out", dataset: { out: w.out.join(",") } },
      t("pc.out", { teams: w.out.map(teamName).join(", ") })));
  }
  parts.word.dataset.open = w.open ? "1" : "0";
}

function renderLast(v) {
  const w = v.prev;
  if (!w) { parts.last.replaceChildren(); return; }
  const how = w.team ? t("pc.guessed_by", { team: w.team }) : t(`pc.how.${w.how}`);
  parts.last.replaceChildren(...[el("p", {}, `${t("pc.last_word")} (${t("pc.word_n", { n: w.word })}): `,
    el("strong", { id: "pc-last-answer", dataset: { word: w.word } }, w.answer), ` — ${how}`),
    w.guesses.length ? el("p", { class: "muted" }, w.guesses.map((g) => `${g.team}: ${g.text}`).join(" · ")) : null]
    .filter(Boolean));
}

function renderResult(v) {
  if (v.phase !== "over") { parts.result.replaceChildren(); parts.result.hidden = true; return; }
  parts.result.hidden = false;
  parts.result.dataset.winner = v.winner;
  parts.result.replaceChildren(el("strong", {}, t("pc.winner", { team: v.winner })),
    ` — ${t(`pc.reason.${v.reason}`)} · A ${sq(v, "A")} : B ${sq(v, "B")}`);
}

// -- timers and sound ----------------------------------------------------------------------------
function beep(freq, ms) {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = freq; g.gain.value = 0.08;
    o.connect(g); g.connect(audio.destination);
    o.start(); o.stop(audio.currentTime + ms / 1000);
  } catch (e) { /* no sound on this device */ }
}

function mmss(s) { s = Math.max(0, Math.ceil(s)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }

function tick() {
  if (clockBase) {
    const left = clockBase.limit - clockBase.used - (Date.now() - clockBase.at) / 1000;
    const node = document.getElementById("pc-clock");
    if (node) { node.textContent = `${t("pc.round_clock")} ${mmss(left)}`; node.classList.toggle("low", left < 300); }
  }
  if (deadlineAt == null) { parts.timer.textContent = ""; return; }
  const left = (deadlineAt - Date.now()) / 1000;
  parts.timer.textContent = `${t(`pc.timer.${deadlineKind}`)} ${Math.max(0, left).toFixed(left < 10 ? 1 : 0)} s`;
  parts.timer.classList.toggle("low", left < 10);
  const whole = Math.ceil(left);
  if (whole !== beeped && left > 0 && whole <= 5 && (deadlineKind === "draw" || deadlineKind === "peek")) {
    beeped = whole; beep(660, 90);
  } else if (left <= 0 && beeped !== 0) { beeped = 0; beep(330, 600); }
}

function setTimer(frame) {
  const d = frame?.decision;
  const lefts = Object.values(frame?.deadlines || {});
  if (!d || !lefts.length) { deadlineAt = null; return; }
  const at = Date.now() + Math.min(...lefts) * 1000;
  if (deadlineKind !== d.kind || deadlineAt == null || Math.abs(at - deadlineAt) > 300) beeped = -1;
  deadlineAt = at; deadlineKind = d.kind;
}

// -- the decision's buttons ----------------------------------------------------------------------
function actLabel(o) {
  if (typeof o === "string") return t(`pc.act.${o}`);
  const [k, a, b] = o;
  if (k === "die") return String(a);
  const named = view?.names?.[a] ? ` (${view.names[a]})` : "";  // a fixture's table: "Guessed: team A (T1)"
  if (k === "guessed") return t("pc.act.guessed", { team: a }) + named;
  if (k === "foul") return t("pc.act.foul", { team: a, foul: t(`pc.foul.${b}`) }) + named;
  if (k === "pass") return t("pc.act.pass");
  return JSON.stringify(o);
}
const actKey = (o) => (typeof o === "string" ? o : o.join("-"));

function renderControls(v, c) {
  const d = c.decision;
  const mine = c.mine && d && Array.isArray(d.options);
  const key = mine ? JSON.stringify([d.kind, d.options, d.asked, !!v.can_undo]) : "";
  if (key === controlsKey) return;
  controlsKey = key;
  parts.controls.replaceChildren();
  if (!mine) return;
  const dice = d.options.filter((o) => Array.isArray(o) && o[0] === "die");
  const rest = d.options.filter((o) => !(Array.isArray(o) && o[0] === "die"));
  const button = (o) => el("button", { class: `pc-act${Array.isArray(o) && o[0] === "foul" ? " foul" : ""}`,
    dataset: { act: actKey(o) }, onclick: () => c.send(o) }, actLabel(o));
  parts.controls.append(el("div", { class: "pc-buttons" }, rest.map(button)));
  if (dice.length) {
    parts.controls.append(el("div", { class: "pc-dice" }, el("span", {}, t("pc.typed_die")), dice.map(button)));
  }
  if (v.can_undo) {  // the facilitator takes back the last ruling (until the next minute starts)
    parts.controls.append(el("div", { class: "pc-buttons" }, el("button", { id: "pc-take-back", class: "pc-act",
      onclick: () => confirm(t("pc.take_back_sure")) && c.send(["undo"]) }, t("pc.take_back"))));
  }
}

function renderNear(v, c) {
  const near = v.word?.open ? v.word.near || [] : [];
  const key = JSON.stringify(near);
  if (key === nearKey) return;
  nearKey = key;
  parts.near.replaceChildren(...near.map((n) => el("div", { class: "pc-near-row", dataset: { id: n.id } },
    el("span", {}, t("pc.near_miss", { seat: seatName(n.seat), text: n.text })),
    el("button", { class: "pc-act", dataset: { act: `accept-${n.id}` }, onclick: () => c.send(["accept", n.id]) }, t("pc.act.accept")),
    el("button", { class: "pc-act", dataset: { act: `reject-${n.id}` }, onclick: () => c.send(["reject", n.id]) }, t("pc.act.reject")))));
}

// -- papers --------------------------------------------------------------------------------------
function paperFor(team) {
  let p = papers[team];
  if (!p) {
    const canvas = el("canvas", { class: "pc-paper", width: W, height: H, dataset: { team } });
    p = papers[team] = { canvas, g: canvas.getContext("2d"), key: "", ops: 0, last: 0,
      box: el("figure", { class: "pc-paper-box" }, el("figcaption", {}, teamName(team)), canvas) };
    canvas.addEventListener("pointerdown", (e) => penDown(team, e));
    canvas.addEventListener("pointermove", (e) => penMove(team, e));
    canvas.addEventListener("pointerup", (e) => penUp(team, e));
    canvas.addEventListener("pointercancel", (e) => penUp(team, e));
    wipe(p);
  }
  return p;
}

function wipe(p) { p.g.fillStyle = COLOURS[0]; p.g.fillRect(0, 0, W, H); }

function line(p, colour, size, pts, from) {
  const g = p.g;
  g.strokeStyle = COLOURS[colour]; g.fillStyle = COLOURS[colour]; g.lineWidth = WIDTHS[size];
  g.lineCap = "round"; g.lineJoin = "round";
  if (pts.length === 2 && from == null) {
    g.beginPath(); g.arc(pts[0], pts[1], WIDTHS[size] / 2, 0, Math.PI * 2); g.fill(); return;
  }
  g.beginPath();
  if (from) g.moveTo(from[0], from[1]); else g.moveTo(pts[0], pts[1]);
  for (let i = from ? 0 : 2; i < pts.length; i += 2) g.lineTo(pts[i], pts[i + 1]);
  g.stroke();
}

function drawOp(p, op, fromIndex) {
  if (op.length === 1 && op[0] === -1) { wipe(p); return; }
  const [colour, size, ...pts] = op;
  if (!fromIndex) { line(p, colour, size, pts, null); return; }
  const prev = [pts[fromIndex - 2], pts[fromIndex - 1]];
  line(p, colour, size, pts.slice(fromIndex), prev);
}

function redraw(p, ops) {
  wipe(p);
  for (const op of ops) drawOp(p, op, 0);
  p.ops = ops.length; p.last = ops.length ? ops[ops.length - 1].length - 2 : 0;
  drawn(p);
}

// Draw what the referee holds: only what is new when the paper grew, everything after an undo.
function syncPaper(p, ops, key, own) {
  if (p.key !== key) { p.key = key; redraw(p, ops); return; }
  if (own) {  // the picturist drew it already; redraw only when the referee's paper shrank or was cleared
    const clearedNow = ops.length > p.ops && ops.slice(p.ops).some((op) => op[0] === -1);
    if (ops.length < p.ops || clearedNow) redraw(p, ops);
    else { p.ops = ops.length; p.last = ops.length ? ops[ops.length - 1].length - 2 : 0; }
    return;
  }
  if (ops.length < p.ops || (ops.length === p.ops && p.ops && ops[p.ops - 1].length - 2 < p.last)) { redraw(p, ops); return; }
  if (p.ops) {
    const op = ops[p.ops - 1];
    if (op.length - 2 > p.last && op[0] !== -1) drawOp(p, op, p.last);
  }
  for (let i = p.ops; i < ops.length; i++) drawOp(p, ops[i], 0);
  p.ops = ops.length; p.last = ops.length ? ops[ops.length - 1].length - 2 : 0;
  drawn(p);
}

// Tells the page (and the latency benchmark) how many points this paper shows now.
function drawn(p) {
  p.canvas.dataset.ops = p.ops;
  document.dispatchEvent(new CustomEvent("pc-drawn", { detail: { team: p.canvas.dataset.team, ops: p.ops, points: p.last / 2, at: Date.now() } }));
}

function renderPapers(v) {
  const w = v.word;
  const shown = w ? Object.keys(w.drawings) : [];
  for (const team of Object.keys(papers)) if (!shown.includes(team)) papers[team].box.remove();
  const wanted = shown.map((team) => paperFor(team).box);
  if (wanted.length !== parts.papers.children.length || wanted.some((b, i) => parts.papers.children[i] !== b)) {
    parts.papers.replaceChildren(...wanted);
  }
  drawingTeam = w && w.open && v.phase === "draw" && v.you.role === "picturist" && v.mode === "digital" ? v.you.team : null;
  for (const team of shown) {
    const p = papers[team];
    syncPaper(p, w.drawings[team], `${w.no}:${team}`, team === drawingTeam);
    p.canvas.classList.toggle("live", team === drawingTeam);
  }
  parts.papers.hidden = !shown.length || v.mode !== "digital";
}

// -- the pen --------------------------------------------------------------------------------------
function point(p, e) {
  const r = p.canvas.getBoundingClientRect();
  return [Math.round(Math.min(W, Math.max(0, (e.clientX - r.left) / r.width * W))),
          Math.round(Math.min(H, Math.max(0, (e.clientY - r.top) / r.height * H)))];
}

function penDown(team, e) {
  if (team !== drawingTeam) return;
  e.preventDefault();
  const p = papers[team];
  p.canvas.setPointerCapture?.(e.pointerId);
  flush();
  const [x, y] = point(p, e);
  stroke = { team, started: false, pts: [x, y], lastX: x, lastY: y, colour: pen.colour, size: pen.size };
  line(p, pen.colour, pen.size, [x, y], null);
  schedule();
}

function penMove(team, e) {
  if (!stroke || stroke.team !== team) return;
  e.preventDefault();
  const p = papers[team];
  const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
  for (const ev of events.length ? events : [e]) {
    const [x, y] = point(p, ev);
    if (Math.abs(x - stroke.lastX) + Math.abs(y - stroke.lastY) < MIN_STEP) continue;
    line(p, stroke.colour, stroke.size, [x, y], [stroke.lastX, stroke.lastY]);
    stroke.pts.push(x, y); stroke.lastX = x; stroke.lastY = y;
    if (stroke.pts.length >= 2 * MAX_BATCH) flush();
  }
  schedule();
}

function penUp(team, e) {
  if (!stroke || stroke.team !== team) return;
  penMove(team, e);
  flush();
  stroke = null;
}

// At most one message every BATCH_MS: a point drawn after a pause goes out at once, points drawn in a
// run go out together when the interval is over.
let lastSent = 0;
function schedule() {
  if (flushTimer) return;
  const wait = lastSent + BATCH_MS - performance.now();
  if (wait <= 0) flush(); else flushTimer = setTimeout(flush, wait);
}

function flush() {
  clearTimeout(flushTimer); flushTimer = null;
  if (!stroke || !stroke.pts.length || !ctx) return;
  lastSent = performance.now();
  const pts = stroke.pts.splice(0, 2 * MAX_BATCH);
  ctx.send(stroke.started ? ["more", ...pts] : ["line", stroke.colour, stroke.size, ...pts]);
  stroke.started = true;
  if (stroke.pts.length) schedule();
}

function buildTools() {
  const swatches = COLOURS.map((c, i) => el("button", { class: `pc-swatch${i === pen.colour ? " on" : ""}`,
    dataset: { colour: i }, title: i === 0 ? t("pc.eraser") : "", style: `background:${c}`,
    onclick: () => { pen.colour = i; refreshTools(); } }, i === 0 ? "⌫" : ""));
  const sizes = [1, 2, 3, 4].map((s) => el("button", { class: `pc-size${s === pen.size ? " on" : ""}`, dataset: { size: s },
    onclick: () => { pen.size = s; refreshTools(); } }, el("i", { style: `width:${WIDTHS[s] / 2 + 2}px;height:${WIDTHS[s] / 2 + 2}px` })));
  parts.tools.append(el("span", { class: "pc-swatches" }, swatches), el("span", { class: "pc-sizes" }, sizes),
    el("button", { id: "pc-undo", onclick: () => ctx?.send(["undo"]) }, t("pc.undo")),
    el("button", { id: "pc-clear", onclick: () => ctx?.send(["clear"]) }, t("pc.clear")),
    el("button", { id: "pc-pass", onclick: () => confirm(t("pc.pass_sure")) && ctx?.send(["pass"]) }, t("pc.give_up")));
}

function refreshTools() {
  for (const b of parts.tools.querySelectorAll(".pc-swatch")) b.classList.toggle("on", Number(b.dataset.colour) === pen.colour);
  for (const b of parts.tools.querySelectorAll(".pc-size")) b.classList.toggle("on", Number(b.dataset.size) === pen.size);
}

// -- guesses --------------------------------------------------------------------------------------
function buildGuessBox() {
  const input = el("input", { id: "pc-guess-input", maxlength: 40, autocomplete: "off", placeholder: t("pc.guess_here") });
  const send = () => {
    const text = input.value.trim();
    if (!text || !ctx) return;
    ctx.send(["guess", text]);
    input.value = "";
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter" && !e.isComposing) send(); });
  parts.guess.append(input, el("button", { id: "pc-guess-send", onclick: send }, t("pc.guess")));
}

function renderGuesses(v) {
  const list = v.word?.guesses || [];
  const key = JSON.stringify([v.word?.no, list.length]);
  if (key === guessesKey) return;
  guessesKey = key;
  parts.guesses.replaceChildren(...list.map((g) => el("li", { class: `pc-g ${g.verdict}`, dataset: { verdict: g.verdict } },
    `${seatName(g.seat)} (${g.team}): ${g.text} — ${t(`pc.verdict.${g.verdict}`)}`)));
}

// -- the module's entry points ---------------------------------------------------------------------
export function renderView(box, v, c) {
  ctx = c; view = v;
  mount(box);
  const frame = c.frame;
  renderResult(v);
  renderTop(v, frame);
  renderBoard(v);
  renderWord(v);
  setTimer(frame);
  renderControls(v, c);
  renderNear(v, c);
  renderPapers(v);
  renderGuesses(v);
  renderLast(v);
  const picturing = drawingTeam != null && c.mine;
  parts.tools.hidden = !picturing;
  parts.guess.hidden = !(v.mode === "digital" && v.phase === "draw" && v.you.role === "guesser" && c.mine);
  panel.dataset.phase = v.phase;
  panel.dataset.role = v.you.role;
  panel.dataset.mode = v.mode;
  panel.dataset.word = v.word?.no ?? "";
  tick();
}

// the watching team is asked during the minute only to report a foul: not "Your turn: draw and guess"
export function promptFor(frame) {
  const v = frame.view;
  const w = v?.word;
  if (v?.phase !== "draw" || !w || !v.you?.team || w.teams.includes(v.you.team)) return null;
  return t("pc.watching", { team: teamName(w.teams[0]) });
}

export function renderDecision(box, d, c) {
  return true;  // the panel holds every control
}
