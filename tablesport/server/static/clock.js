// The table clock of a physical table: the game clock (start, pause, overtime) and the draft timers.
// The clock lives in the page (a referee's phone or laptop at the table); nothing here is sent anywhere.
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
function tick() { left -= 1; if (left <= 0) { left = 0; stop(); } draw(); }
function stop() { if (running) { clearInterval(running); running = null; } }
document.getElementById("clock-start").addEventListener("click", () => { if (!running && left > 0) running = setInterval(tick, 1000); });
document.getElementById("clock-pause").addEventListener("click", stop);
document.getElementById("clock-overtime").addEventListener("click", () => {
  overtimes += 1; left = Number(box.dataset.overtime) * 60; draw(); stop(); running = setInterval(tick, 1000);
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
