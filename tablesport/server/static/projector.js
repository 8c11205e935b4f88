// The projector: shows one competition at a time (every 12 s), and fetches the board again as soon as the
// event's socket says something changed — no reload.
const body = document.body;
const event = body.dataset.event;
const lang = body.dataset.lang;
const words = JSON.parse(document.getElementById("i18n").textContent);
const holder = document.getElementById("board-holder");
const live = document.getElementById("live");
let shown = 0;

function slides() { return Array.from(holder.querySelectorAll(".slide")); }

function show(i) {
  const all = slides();
  if (!all.length) return;
  shown = ((i % all.length) + all.length) % all.length;
  all.forEach((s, k) => { s.hidden = k !== shown; });
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
setInterval(() => show(shown + 1), 12000);
connect();
