// Sound and attention on the table page: a short generated sound (WebAudio, no files) and the tab
// title when it becomes this seat's turn and when 5 seconds are left; a mute button whose choice
// the browser remembers (localStorage).
import { t, el } from "/static/common.js";

const KEY = "tablesport.sound";
const baseTitle = document.title;
let audio = null;
let muted = localStorage.getItem(KEY) === "off";
let lastAsked = null;     // the decision this seat was last told about
let hurried = null;       // the decision the 5-second warning was given for

function ctx() {
  if (!audio) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    audio = new AC();
  }
  if (audio.state === "suspended") audio.resume();
  return audio;
}
// browsers start audio only after a gesture: wake it on the first click or key
for (const ev of ["pointerdown", "keydown"]) window.addEventListener(ev, () => { if (!muted) ctx(); }, { once: true });

// tones: [frequency Hz, start s, length s]
export function beep(tones) {
  if (muted) return;
  const a = ctx();
  if (!a) return;
  const now = a.currentTime;
  for (const [f, at, len] of tones) {
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.type = "sine";
    osc.frequency.value = f;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
    osc.connect(gain).connect(a.destination);
    osc.start(now + at);
    osc.stop(now + at + len + 0.05);
  }
}
const TURN = [[660, 0, 0.15], [880, 0.16, 0.2]];
const HURRY = [[990, 0, 0.08], [990, 0.14, 0.08], [990, 0.28, 0.08]];

// a screen reader hears the same news (a live region that changes only when the news does)
let live = null;
function announce(text) {
  if (!live) {
    live = el("div", { id: "announce", class: "sr-only", role: "status", "aria-live": "assertive" });
    document.body.append(live);
  }
  live.textContent = text;
}

function setTitle(prefix) {
  if (prefix) announce(prefix.replace(/^[^\p{L}]+/u, ""));
  document.title = prefix ? `${prefix} · ${baseTitle}` : baseTitle;
  document.getElementById("table")?.setAttribute("data-attention", prefix ? (prefix === t("title_hurry") ? "hurry" : "turn") : "");
}

// Called with every frame and every clock tick: mine (this seat must decide), asked (the decision's
// id), left (seconds left on it, or null).
export function attend(mine, asked, left) {
  if (!mine) { setTitle(""); lastAsked = null; return; }
  if (asked !== lastAsked) { lastAsked = asked; hurried = null; beep(TURN); setTitle(t("title_your_turn")); }
  if (left != null && left <= 5 && left > 0 && hurried !== asked) { hurried = asked; beep(HURRY); setTitle(t("title_hurry")); }
}

export function muteButton() {
  const b = el("button", { id: "mute", type: "button", title: t("sound_label"), "aria-pressed": muted ? "false" : "true" });
  const show = () => { b.textContent = muted ? `✕ ${t("sound_off")}` : `♪ ${t("sound_on")}`; b.setAttribute("aria-pressed", muted ? "false" : "true"); };
  b.addEventListener("click", () => { muted = !muted; localStorage.setItem(KEY, muted ? "off" : "on"); show(); if (!muted) beep([[880, 0, 0.1]]); });
  show();
  return b;
}
