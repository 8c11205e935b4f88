// The table clock of a physical table: the game clock (start, pause, overtime) and the draft timers.
// The clock lives in the page (a referee's phone or laptop at the table); its moments (start, pause, time up,
// an overtime) are logged in the competition's audit log with the time left on the clock.
const box = document.getElementById("clock");
const face = document.getElementById("game-clock");
const note = document.getElementById("time-up-note");
const overtimeField = document.getElementById("overtimes");
let left = Number(box.dataset.minutes) * 60;
let running = null;
let overtimes = Number(overtimeField ? overtimeField.value : 0) || 0;

function mmss(s) {
  const m = Math.floor(Math.max(0, s) / 60), r = Math.max(0, s) % 60;
  return `${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}`;
}
function draw() {
  face.textContent = mmss(left);
  face.classList.toggle("low", left <= 60);
  note.hidden = left > 0;
  document.getElementById("overtime-count").textContent = String(overtimes);
  if (overtimeField) overtimeField.value = String(overtimes);
}
function log(what) {
  const body = new URLSearchParams({ left: String(left), overtimes: String(overtimes) });
  fetch(box.dataset.log + what, { method: "POST", body, headers: { "X-CSRF-Token": box.dataset.csrf } })
    .then((r) => { box.dataset.logged = r.ok ? what : `refused:${r.status}`; })
    .catch(() => { box.dataset.logged = "offline"; });
}
function tick() { left -= 1; if (left <= 0) { left = 0; stop(); log("time_up"); } draw(); }
function stop() { if (running) { clearInterval(running); running = null; return true; } return false; }
document.getElementById("clock-start").addEventListener("click", () => {
  if (!running && left > 0) { running = setInterval(tick, 1000); log("start"); }
});
document.getElementById("clock-pause").addEventListener("click", () => { if (stop()) log("pause"); });
document.getElementById("clock-overtime").addEventListener("click", () => {
  overtimes += 1; left = Number(box.dataset.overtime) * 60; draw(); stop(); running = setInterval(tick, 1000);
  log("overtime");
});

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
