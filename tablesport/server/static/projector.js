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
// not fit at 70 % is split into parts shown in turn: its standings tables a few at a time, and a table
// that alone is too long (a division of many players) a number of its rows at a time.
function fit(slide) {
  slide.style.transform = "";
  const room = window.innerHeight - holder.getBoundingClientRect().top - 8;
  const wide = holder.clientWidth;
  const scale = Math.min(1, room / slide.scrollHeight, wide / slide.scrollWidth);
  if (scale < 1) slide.style.transform = `scale(${Math.max(scale, 0.7)})`;
  return scale >= 0.7;
}

function rowsOf(group) {
  return Array.from(group.querySelectorAll("tr[data-entrant], tr[data-school]"));
}

function reveal(slide, part) {
  // show only what ``part`` holds (a set of groups and rows); null shows everything
  slide.querySelectorAll(".standings-group").forEach((g) => {
    g.hidden = part !== null && !part.has(g);
    rowsOf(g).forEach((r) => { r.hidden = part !== null && !part.has(r); });
  });
}

function pages(slide) {
  const groups = Array.from(slide.querySelectorAll(".standings-group"));
  reveal(slide, null);
  if (fit(slide)) return [null];
  const parts = [];
  let part = new Set();
  const tries = (set) => { reveal(slide, set); return fit(slide); };
  groups.forEach((g) => {
    const whole = [g, ...rowsOf(g)];
    if (tries(new Set([...part, ...whole]))) { whole.forEach((x) => part.add(x)); return; }
    if (part.size) { parts.push(part); part = new Set(); }
    if (tries(new Set(whole))) { part = new Set(whole); return; }
    // the group alone is too long: its rows a part at a time, each under its heading; the rows are
    // measured once (a layout per row tried would hold the page up on a slow machine)
    reveal(slide, new Set(whole));
    slide.style.transform = "";
    const rows = rowsOf(g);
    const heights = rows.map((r) => r.offsetHeight);
    const room = (window.innerHeight - holder.getBoundingClientRect().top - 8) / 0.7;
    const budget = room - (slide.scrollHeight - heights.reduce((x, y) => x + y, 0));
    let used = 0;
    part = new Set([g]);
    rows.forEach((r, k) => {
      if (part.size > 1 && used + heights[k] > budget) { parts.push(part); part = new Set([g]); used = 0; }
      part.add(r);
      used += heights[k];
    });
  });
  if (part.size) parts.push(part);
  return parts.length ? parts : [null];
}

let parts = [null];
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
  const slide = slides()[shown];
  if (!slide || !parts.length) return;
  reveal(slide, parts[part]);
  fit(slide);
  slide.dataset.part = `${part + 1}/${parts.length}`;
}

function next() {
  if (part + 1 < parts.length) { part += 1; showPart(); } else { show(shown + 1); }
}

// each refresh fetches the board anew; an answer that comes back after a later refresh's is older than what
// that one shows, so it is dropped (two changes close together could leave the older board on the wall)
let asked = 0;
async function refresh(version) {
  const board = document.getElementById("board");
  if (board && board.dataset.version === String(version)) return;
  const mine = ++asked;
  let html;
  try {
    const r = await fetch(`/events/${event}/projector/board?lang=${encodeURIComponent(lang)}`);
    if (!r.ok) throw new Error(`board: ${r.status}`);
    html = await r.text();
  } catch {  // the server restarting, a dropped connection: the newest ask tries again shortly
    if (mine === asked) setTimeout(() => { if (mine === asked) refresh(version); }, 2000);
    return;
  }
  if (mine !== asked) return;
  holder.innerHTML = html;
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
// the operator may move on at once (a clicker's Right or Page Down, or the space bar)
document.addEventListener("keydown", (e) => {
  if (["ArrowRight", "PageDown", " "].includes(e.key)) next();
});
connect();
