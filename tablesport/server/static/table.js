// The table page: one WebSocket to the referee; renders the seat's view, decision, timers and log.
import { t, el, seatName, short, genericView, describeEvent, describeResult, gameModule, loadHant, LANG, hasText, tableChannel } from "/static/common.js";
import { rememberSeat } from "/static/mine.js";
import { attend, muteButton } from "/static/attention.js";
import { showHint } from "/static/hints.js";
import { settle } from "/static/motion.js";

const root = document.getElementById("table");
const tid = root.dataset.table;
const seat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
const token = root.dataset.token;
const $ = (id) => document.getElementById(id);
if (seat !== null) {  // "my tables" on the lobby: this browser's way back to the seat
  rememberSeat({ table: tid, seat, url: location.pathname, preset: document.querySelector("#table .bar .bar-title")?.textContent });
}

let ws = null;
let last = null;           // the last frame
let deadlineAt = {};       // seat -> local time (ms) the decision times out
let game = null;           // the game's screen module, if it has one
let retry = 500;
let closedForGood = false;

const MAX_BUTTONS = 80;

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !last) return;
  ws.send(JSON.stringify({ type: "act", seq: last.seq, action }));
}

function showError(frame) {
  const box = $("error");
  const title = t(`err.${frame.code}`);
  box.hidden = false;
  box.dataset.code = frame.code;
  const rule = frame.rule && hasText(`rule.${frame.rule}`) ? t(`rule.${frame.rule}`) : null;  // a rule in words
  const detail = `${frame.message}${frame.allowed ? " — " + frame.allowed : ""}`;
  // the referee's own explanation is English: the Chinese pages show the translated title and keep it as a tooltip
  box.title = detail;
  box.textContent = rule ? `${title}: ${rule}` : LANG === "en" || frame.local ? `${title}: ${detail}` : title;
}

function clearError() { $("error").hidden = true; $("error").textContent = ""; }

function renderSeats(frame) {
  const acting = new Set(frame.decision ? frame.decision.seats : []);
  $("seats").replaceChildren(...frame.seats.map((s, i) => el("span", {
    class: `seat${acting.has(i) ? " acting" : ""}${i === seat ? " me" : ""}`, dataset: { seat: i, standIn: s.stand_in ? "1" : "" },
  }, el("span", { class: `dot${s.online || s.kind === "bot" ? " on" : ""}` }),
     seatLabel(s, i),
     s.stand_in ? el("em", { class: "stand-in" }, ` (${t(s.left ? "seat.left" : "seat.stand_in")})`) : null,
     el("span", { class: "countdown", dataset: { seat: i } }))));
  // a phone shows the seats on one line that scrolls (app.css): the seat to act is brought into it, and
  // the line starts from the first seat again once nobody acts (the end)
  const strip = $("seats"), now = strip.querySelector(".acting");
  if (!now) strip.scrollLeft = 0;
  else if (strip.scrollWidth > strip.clientWidth) {
    const a = now.getBoundingClientRect(), b = strip.getBoundingClientRect();
    if (a.left < b.left || a.right > b.right) strip.scrollLeft += a.left - b.left - 8;
  }
}

// A seat and who plays it: "Seat 1 · Bot greedy", "Seat 0 · Person"
function seatLabel(s, i) {
  return `${seatName(i)} · ${s.kind === "bot" ? `${t("bot")} ${botName(s.label.replace("bot:", ""))}` : t("person")}`;
}

// A bot's name in the page's language ("mcts:playouts=200" → the name of mcts).
function botName(spec) {
  const name = spec.split(":")[0];
  return hasText(`botname.${name}`) ? t(`botname.${name}`) : spec;
}

// Seats a bot stands in for, seats given back, seats left: one log line each time it changes.
function noteStandIns(frame, previous) {
  const before = previous?.seats;
  if (!before) return;
  frame.seats.forEach((s, i) => {
    const was = before[i] || {};
    let key = null;
    if (s.left && !was.left) key = "log.left";
    else if (s.stand_in && !was.stand_in) key = "log.stand_in";
    else if (!s.stand_in && was.stand_in) key = "log.returned";
    if (key) $("log").append(el("li", { class: "muted", dataset: { kind: key } }, t(key, { seat: seatName(i) })));
  });
}

// My seat is played by a bot (I was away): a button to take it back.
// One time-out short of a stand-in bot: say so, with a button that keeps the seat (the count starts again).
function renderAwayWarning(frame) {
  let box = $("away-warning");
  const me = seat !== null ? frame.seats[seat] : null;
  const after = frame.away_after || 0;
  const show = me && frame.status === "running" && !me.stand_in && after > 0 && me.missed > 0 && me.missed < after;
  if (!show) { if (box) box.remove(); return; }
  if (!box) {
    box = el("div", { id: "away-warning", class: "away-warning", role: "alert" },
      el("span", {}, ""),
      el("button", { type: "button", onclick: () => ws && ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: "back" })) },
        t("seat.still_here")));
    $("decision").before(box);
  }
  box.firstChild.textContent = t("seat.away_warning", { left: after - me.missed });
}

function renderTakeBack(frame) {
  let button = $("take-back");
  const show = seat !== null && frame.status === "running" && frame.seats[seat]?.stand_in && !frame.seats[seat]?.left;
  if (!show) { if (button) button.remove(); return; }
  if (!button) {
    button = el("button", { id: "take-back", class: "take-back", type: "button",
      onclick: () => ws && ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: "back" })) }, t("seat.take_back"));
    $("decision").before(button);
  }
}

function renderGiveUp(frame) {
  let button = $("give-up");
  const show = seat !== null && frame.status === "running" && !frame.seats[seat]?.left && frame.give_up !== "stay";
  if (!show) { if (button) button.remove(); $("give-up-why")?.remove(); return; }
  const kind = frame.give_up === "concede" ? "concede" : "leave";
  if (!button) {
    button = el("button", { id: "give-up", class: "give-up", type: "button" });
    button.addEventListener("click", () => {
      if (!window.confirm(t(`give_up.confirm_${button.dataset.kind}`))) return;
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "give_up" }));
    });
    document.querySelector("#table .bar").append(button);
  }
  button.dataset.kind = kind;
  button.textContent = t(`give_up.${kind}`);
  button.disabled = frame.give_up_now === false;  // e.g. a vanguard under the 2011 rules, or not his own turn (2012)
  // why it is greyed, in words beside it (a tooltip is not seen on a touch screen); the game says why
  const why = button.disabled && game?.giveUpWhy ? game.giveUpWhy(frame) : "";
  let note = $("give-up-why");
  if (!why) { note?.remove(); button.removeAttribute("aria-describedby"); return; }
  // on a line of its own under the bar: the bar is one line that scrolls sideways on a phone
  if (!note) { note = el("p", { id: "give-up-why", class: "muted give-up-why" }); document.querySelector("#table .bar").after(note); }
  note.textContent = why;
  button.setAttribute("aria-describedby", "give-up-why");
}

function optionButtons(options, onPick) {
  const wrap = el("div", { class: "options" });
  if (options.length > MAX_BUTTONS) {
    const filter = el("input", { placeholder: t("filter"), class: "filter" });
    const list = el("select", { size: 12, class: "option-list" }, options.map((o, i) => el("option", { value: i }, short(o))));
    filter.addEventListener("input", () => {
      for (const opt of list.options) opt.hidden = !opt.textContent.includes(filter.value);
    });
    const go = el("button", { class: "option-send", onclick: () => list.value !== "" && onPick(options[Number(list.value)]) }, t("send"));
    wrap.append(filter, list, go);
    return wrap;
  }
  options.forEach((o, i) => wrap.append(el("button", { class: "option", dataset: { index: i }, onclick: () => onPick(o) }, short(o))));
  return wrap;
}

// The end of the game: you won / lost / drew (or your place), how it ended, and where to go next.
function endBox(frame) {
  const r = frame.result;
  const box = el("section", { id: "end", class: "end" });
  if (r && seat !== null) {
    const winners = r.winner_seats || [];
    const n = (r.placements || []).length;
    const draw = !winners.length && !r.winner_side && new Set(r.placements || []).size <= 1;
    const won = winners.includes(seat);
    const outcome = won ? "won" : draw ? "draw" : "lost";
    box.dataset.outcome = outcome;
    box.append(el("h2", { class: `outcome ${outcome}` }, t(`end.${outcome}`)));
    if (n > 2 && !Object.keys(r.sides || {}).length && r.placements) {
      box.append(el("p", { class: "place" }, t("end.place", { place: r.placements[seat], n })));
    }
  }
  const scores = scoreList(frame);  // the scores seat by seat, under how the game ended
  box.append(el("p", { id: "result" }, (scores && frame.result_head) || frame.result_text || describeResult(frame.result)));
  if (scores) box.append(scores);
  const preset = root.dataset.preset;
  // a seat plays again with the same rules, seats, people and bots (a form: the server makes or joins the table)
  const again = seat !== null && root.dataset.formToken && !root.dataset.guided
    ? el("form", { method: "post", action: `/tables/${tid}/rematch`, class: "inline", id: "end-again-form" },
      el("input", { type: "hidden", name: "csrf", value: root.dataset.formToken }),
      el("input", { type: "hidden", name: "token", value: token }),
      el("button", { class: "button", id: "end-again", type: "submit" }, t(frame.rematch ? "end.rematch" : "end.again")))
    : preset ? el("a", { class: "button", id: "end-again", href: `/?preset=${encodeURIComponent(preset)}#new-table` }, t("end.again")) : null;
  if (frame.rematch && seat !== null) box.append(rematchOffer(frame));
  box.append(el("p", { class: "end-links" },
    el("a", { class: "button", id: "end-replay", href: `/replay/${tid}` }, t("end.replay")), " ", again, " ",
    el("a", { id: "end-lobby", href: "/" }, t("end.lobby"))));
  return box;
}

// Another player asked to play again: who, and how long my own seat is held for me at the new table (counted
// down by tick()); the same words while the offer stands, from any frame (a "presence" frame brings it live).
function rematchOffer(frame) {
  const o = frame.rematch_offer;
  const name = o?.by ?? (o?.seat != null ? seatName(o.seat) : null);
  const p = el("p", { id: "end-rematch" });
  if (name === null || o.seat === seat) { p.textContent = t("end.rematch_offered"); return p; }
  p.dataset.name = name;
  if (o.held_left != null) p.dataset.heldUntil = String(Date.now() + o.held_left * 1000);
  showRematchOffer(p);
  return p;
}

function showRematchOffer(p, now = Date.now()) {
  const until = p.dataset.heldUntil;
  const left = until == null ? 0 : Math.max(0, Math.ceil((Number(until) - now) / 1000));
  p.textContent = left > 0 ? t("end.rematch_held", { name: p.dataset.name, left }) : t("end.rematch_by", { name: p.dataset.name });
}

// Each seat's score on a line of its own, best place first: the place, who plays it and the score, which
// never breaks apart (app.css .end-scores). None where the scores are not one per seat (a paper table's sides).
function scoreList(frame) {
  const r = frame.result;
  const scores = r?.scores || [];
  if (!scores.length || scores.length !== frame.seats.length) return null;
  const places = (r.placements || []).length === scores.length ? r.placements : null;
  const order = scores.map((_, i) => i);
  if (places) order.sort((a, b) => places[a] - places[b] || a - b);
  const winners = new Set(r.winner_seats || []);
  return el("ol", { class: "end-scores", id: "end-scores", "aria-label": t("end.scores") }, order.map((i) => el("li", {
    class: `${winners.has(i) ? "won" : ""}${i === seat ? " me" : ""}`, dataset: { seat: i },
  }, el("span", { class: "end-place" }, places ? t("end.place_n", { place: places[i] }) : ""),
     el("span", { class: "end-who" }, seatLabel(frame.seats[i], i), i === seat ? t("end.you") : ""),
     el("span", { class: "end-score" }, frame.result_scores?.[i] ?? String(scores[i])))));  // the game's form (texts.py)
}

function renderDecision(frame) {
  const box = $("decision");
  const d = frame.decision;
  box.replaceChildren();
  if (frame.status === "open") { box.append(el("p", {}, t("waiting_players"))); return; }
  if (!d) { box.append(endBox(frame)); return; }
  const mine = seat !== null && d.mine;
  const own = seat !== null && game?.promptFor ? game.promptFor(frame) : null;  // the game's words for this seat
  box.append(el("p", { class: "prompt" }, el("strong", {}, mine && !own ? t("your_turn") + ": " : ""),
    own ?? d.text?.prompt ?? d.prompt));
  if (!mine && d.seats.length) box.append(el("p", { class: "muted" }, t("waiting_for", { seats: d.seats.map(seatName).join(", ") })));
  if (d.time_limit != null) {
    box.append(el("p", {}, `${t("time_left")}: `, el("span", { class: "countdown", id: "my-countdown" }),
      d.on_timeout ? el("span", { class: "muted on-timeout" }, ` · ${t("on_timeout")}: ${d.text?.on_timeout ?? d.on_timeout}`) : null));
  }
  if (!mine) return;
  if (d.auto_pass) box.append(el("p", { class: "muted auto-pass" }, t("auto_pass")));
  if (game?.renderDecision && game.renderDecision(box, d, ctx(frame))) return;
  if (Array.isArray(d.options)) {
    box.append(optionButtons(d.options, send));
  } else {
    const input = el("textarea", { id: "action-json", rows: 3, cols: 40, placeholder: t("action_json") });
    box.append(input, el("button", { id: "send-json", onclick: () => {
      try { send(JSON.parse(input.value)); } catch (e) { showError({ code: "malformed", message: String(e) }); }
    } }, t("send")));
  }
}

function ctx(frame) {
  // message: a message other than an action (a paper table's facilitator pauses: {type: "pause"})
  const message = (msg) => ws && ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(msg));
  return { seat, frame, send, message, t, el, seatName, decision: frame.decision, mine: seat !== null && !!frame.decision?.mine,
           showProblem: (message) => showError({ code: "illegal_action", message, local: true }),  // in the page's words
           refresh: () => { renderDecision(frame); renderView(frame); } };
}

function renderView(frame) {
  const box = $("view");
  box.replaceChildren();
  if (game?.renderView) {
    try {
      game.renderView(box, frame.view, ctx(frame));
      settle(box, { fresh: frame.type === "hello" });  // the moves since the last frame (motion.js)
      return;
    } catch (e) { console.error(e); box.replaceChildren(); }
  }
  box.append(genericView(frame.view));
}

function addLog(events, replace) {
  const log = $("log");
  if (replace) log.replaceChildren();
  // a game may end a line with a small picture of what it names (Blokus: the piece placed)
  for (const ev of events) log.append(el("li", { dataset: { kind: ev.kind, step: ev.i } }, `[${ev.i}] ${ev.text ?? describeEvent(ev)}`, logGlyph(ev)));
  log.scrollTop = log.scrollHeight;
}

function logGlyph(ev) {
  try { return game?.logGlyph ? game.logGlyph(ev) : null; } catch (e) { console.error(e); return null; }
}

function onFrame(frame) {
  if (frame.code === "seat_elsewhere") { displaced(); showError(frame); return; }
  if (frame.type === "error") { showError(frame); return; }
  if (frame.type === "pong") return;
  const now = Date.now();
  deadlineAt = {};
  for (const [s, left] of Object.entries(frame.deadlines || {})) deadlineAt[s] = now + left * 1000;
  if (frame.type === "hello" || frame.type === "step") clearError();
  const previous = last;
  last = frame;
  // the steps, and the game clock where the rules have one (on a phone only the clock's figures: app.css)
  const clock = frame.clock ? el("span", { class: "seq-clock", title: t("game_clock") },
    el("span", { class: "seq-label" }, ` · ${t("game_clock")}: `), `${mmss(frame.clock.used)} / ${mmss(frame.clock.limit)}`) : "";
  $("seq").replaceChildren(el("span", { class: "seq-steps" }, `${t("steps")}: ${frame.seq}`), clock);
  if (frame.clock) $("seq").dataset.clock = "1";  // a game clock stays in sight on a phone (app.css)
  noteStandIns(frame, previous);
  renderSeats(frame);
  renderGiveUp(frame);
  renderTakeBack(frame);
  renderAwayWarning(frame);
  if (frame.type === "presence" && !frame.decision && frame.status !== "open"
      && JSON.stringify(frame.rematch_offer) !== JSON.stringify(previous?.rematch_offer)) {
    renderDecision(frame);  // the end box: a player just asked to play again
  }
  if (frame.type !== "presence") {
    renderDecision(frame);
    renderView(frame);
    addLog(frame.events, frame.type === "hello");
    if (root.dataset.guided) showHint(frame);
  }
  root.dataset.seq = frame.seq;
  const mine = frame.decision && seat !== null && frame.decision.mine;
  root.dataset.decision = mine ? frame.decision.kind : "";
  root.dataset.asked = mine ? String(frame.decision.asked ?? "") : "";
  root.dataset.status = frame.status;
  showPaused(frame);
  tick();
  if (frame.type === "hello" && seat !== null) {  // drawn: now the seat's time may run
    requestAnimationFrame(() => ws && ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: "ready" })));
  }
}

// A referee holds the table: a banner with who and why (the seats' actions wait until it resumes).
function showPaused(frame) {
  const box = $("paused");
  if (!box) return;
  box.hidden = !frame.paused;
  const away = frame.paused?.away;  // held for players who are away (nobody may play their seats)
  box.textContent = !frame.paused ? "" : away ? t("paused_away", { seats: away.map(seatName).join(", ") })
    : frame.paused.runner ? t("paused_runner")  // the facilitator's own pause (a paper table)
    : t("paused_by", { by: frame.paused.by, why: frame.paused.why });
  root.dataset.paused = frame.paused ? "1" : "";
}

function mmss(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tick() {
  const now = Date.now();
  for (const node of document.querySelectorAll(".countdown")) {
    // the decision's countdown: mine when I am asked, else the deciding seat's (not my own, empty one)
    const s = node.id === "my-countdown" ? (last?.decision?.mine ? seat : last?.decision?.seats?.[0]) : node.dataset.seat;
    const at = deadlineAt[s];
    if (at == null) { node.textContent = node.id === "my-countdown" ? " —" : ""; continue; }
    const left = Math.max(0, (at - now) / 1000);
    node.textContent = ` ${left.toFixed(left < 10 ? 1 : 0)}s`;
    node.classList.toggle("low", left < 5);
  }
  const offer = document.querySelector("#end-rematch[data-held-until]");
  if (offer) showRematchOffer(offer, now);
  const mine = !!(last?.decision && seat !== null && last.decision.mine);
  const at = mine ? deadlineAt[seat] : null;
  attend(mine, last?.decision?.asked, at == null ? null : (at - now) / 1000);
}
setInterval(tick, 200);

// Another window or device opened this seat: it plays there now; this page says so and never reconnects.
function displaced() {
  closedForGood = true;
  root.dataset.displaced = "1";
  $("banner").hidden = false;
  $("banner").textContent = t("seat_elsewhere");
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // hold=1: this seat's first decision waits until the page has shown it ("ready" below; loading.py)
  const q = `?lang=${encodeURIComponent(LANG)}&hold=1${token ? `&token=${encodeURIComponent(token)}` : ""}`;
  // the channel (common.js) owns the socket and parses each frame once: the table's frames come to onFrame,
  // the chat's to the chat panel (chat.js)
  ws = tableChannel.connect(`${proto}://${location.host}/ws/${tid}${q}`);
  ws.onopen = () => { retry = 500; $("banner").hidden = true; $("conn").textContent = t("connected"); root.dataset.connected = "1"; };
  ws.onclose = (e) => {
    root.dataset.connected = "0";
    if (e.code === 4409) { displaced(); return; }
    if (e.code === 4403 || e.code === 4404) { closedForGood = true; $("banner").hidden = false; $("banner").textContent = t(e.code === 4403 ? "bad_link" : "not_found"); return; }
    if (closedForGood) return;
    $("banner").hidden = false;
    $("banner").textContent = t("reconnecting");
    $("conn").textContent = "";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  };
}

tableChannel.on("table", onFrame);

(async () => {
  await loadHant();
  if (seat !== null) root.querySelector(".bar")?.append(muteButton());
  game = await gameModule(root.dataset.game);
  if (game?.init) await game.init();
  connect();
})();
