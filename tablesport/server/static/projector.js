// The projector: shows one competition at a time (every 12 s), and fetches the board again as soon as the
// event's socket says something changed — no reload.
const body = document.body;
const event = body.dataset.event;
const lang = body.dataset.lang;
const words = JSON.parse(document.getElementById("i18n").textContent);
const holder = document.getElementById("board-holder");
const live = document.getElementById("live");
let shown = 0;

// Competitions with nothing to show yet (no entrants) are skipped while another has something.
function slides() {
  const all = Array.from(holder.querySelectorAll(".slide"));
  const full = all.filter((s) => s.dataset.empty !== "yes");
  all.forEach((s) => { if (!full.includes(s)) s.hidden = full.length > 0; });
  return full.length ? full : all;
}

// A slide taller or wider than the screen (1920×1080, 1280×720) is scaled down to fit; what still would
// not fit at 70 % is split: its standings tables are shown a part at a time, in turn.
function fit(slide) {
  slide.style.transform = "";
  const room = window.innerHeight - holder.getBoundingClientRect().top - 8;
  const wide = holder.clientWidth;
  const scale = Math.min(1, room / slide.scrollHeight, wide / slide.scrollWidth);
  if (scale < 1) slide.style.transform = `scale(${Math.max(scale, 0.7)})`;
  return scale >= 0.7;
}

function pages(slide) {
  // the groups of a slide that does not fit, split into parts that do
  const groups = Array.from(slide.querySelectorAll(".standings-group"));
  groups.forEach((g) => { g.hidden = false; });
  if (fit(slide) || groups.length < 2) return [groups];
  const parts = [];
  let part = [];
  groups.forEach((g) => {
    groups.forEach((x) => { x.hidden = !part.concat([g]).includes(x); });
    if (part.length && !fit(slide)) { parts.push(part); part = [g]; } else { part.push(g); }
  });
  parts.push(part);
  return parts;
}

let parts = [];
let part = 0;

function show(i) {
  const all = slides();
  if (!all.length) return;
  shown = ((i % all.length) + all.length) % all.length;
  all.forEach((s, k) => { s.hidden = k !== shown; });
  parts = pages(all[shown]);
  part = 0;
  showPart();
}

function showPart() {
  const all = slides();
  const slide = all[shown];
  if (!slide || parts.length < 2) return;
  slide.querySelectorAll(".standings-group").forEach((g) => { g.hidden = !parts[part].includes(g); });
  fit(slide);
}

function next() {
  if (part + 1 < parts.length) { part += 1; showPart(); } else { show(shown + 1); }
}

async function refresh(version) {
  const board = document.getElementById("board");
  if (board && board.dataset.version === String(version)) return;
  const r = await fetch(`/events/${event}/projector/board?lang=${encodeURIComponent(lang)}`);
  if (!r.ok) return;
  holder.innerHTML = await r.text();
  show(shown);
}

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/events/${event}`);
  ws.onopen = () => { live.textContent = words.live; live.classList.add("on"); };
  ws.onmessage = (m) => { refresh(JSON.parse(m.data).version); };
  ws.onclose = () => { live.textContent = words.connecting; live.classList.remove("on"); setTimeout(connect, 1000); };
}

show(0);
setInterval(next, 12000);
window.addEventListener("resize", () => show(shown));
connect();
