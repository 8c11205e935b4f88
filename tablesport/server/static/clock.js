// The table clock of a physical table: the game clock (start, pause, overtime) and the draft timers.
// The game clock is the server's (tablesport/store/table_clock.py): this page shows what the server says
// (read again every few seconds, when the phone wakes and after every button), counting down between reads,
// so every device at the table shows the same time and a reload or a sleeping phone loses nothing.
// Without the script the buttons are plain forms and the page shows the clock as it was loaded.
const box = document.getElementById("clock");
const face = document.getElementById("game-clock");
const note = document.getElementById("time-up-note");
const status = document.getElementById("clock-status");
const STATES = JSON.parse(box.dataset.states || "{}");
let clock = { state: box.dataset.state, left: Number(box.dataset.left), overtimes: 0 };
let readAt = performance.now();

function mmss(s) {
  const m = Math.floor(Math.max(0, s) / 60), r = Math.max(0, s) % 60;
  return `${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}`;
}
function leftNow() {
  if (clock.state !== "running") return clock.left;
  return Math.max(0, Math.ceil(clock.left - (performance.now() - readAt) / 1000));
}
function draw() {
  const left = leftNow();
  face.textContent = mmss(left);
  face.classList.toggle("low", left <= 60);
  note.hidden = clock.state !== "time_up";
  box.dataset.state = clock.state;
  if (STATES[clock.state]) status.textContent = STATES[clock.state];
  document.getElementById("overtime-count").textContent = String(clock.overtimes);
}
function take(state) {
  clock = state;
  readAt = performance.now();
  draw();
}
let lastRead = 0;
async function read() {
  lastRead = performance.now();
  try {
    const r = await fetch(`${box.dataset.url}/state`, { cache: "no-store" });
    if (r.ok) take(await r.json());
  } catch { /* offline: keep counting from the last read */ }
}
for (const f of document.querySelectorAll("form.clock-act")) {
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await fetch(f.action, { method: "POST", body: new URLSearchParams(new FormData(f)),
      headers: { "X-CSRF-Token": box.dataset.csrf, Accept: "application/json" } });
    const body = await r.json().catch(() => ({}));
    if (r.ok) { take(body); box.dataset.refused = ""; return; }
    box.dataset.refused = body.error || String(r.status);
    await read();
    status.textContent = body.error || String(r.status);
  });
}
setInterval(() => {
  draw();
  // at 0 the server says time is up (asked once a second until it agrees)
  if (clock.state === "running" && leftNow() <= 0 && performance.now() - lastRead > 1000) read();
}, 250);
setInterval(read, 5000);
document.addEventListener("visibilitychange", () => { if (!document.hidden) read(); });
window.addEventListener("pageshow", read);
read();

const timerFace = document.getElementById("timer-face");
let timer = null;
for (const b of document.querySelectorAll("button.timer")) {
  b.addEventListener("click", () => {
    if (timer) clearInterval(timer);
    let s = Number(b.dataset.seconds);
    timerFace.textContent = `${s}`;
    timerFace.classList.remove("low");
    timer = setInterval(() => {
      s -= 1;
      timerFace.textContent = `${Math.max(0, s)}`;
      timerFace.classList.toggle("low", s <= 3);
      if (s <= 0) clearInterval(timer);
    }, 1000);
  });
}
draw();
