// Chat at a table (over the table's WebSocket: the table page's channel, common.js, hands it the chat's
// frames only) or in the lobby (its own /ws/lobby, through a channel of its own). Text is put in the page as
// text, never as HTML. Mutes are kept in this browser and sent again on every connection.
import { t, el, seatName, FrameChannel, tableChannel } from "/static/common.js";

const box = document.getElementById("chat");
const room = box.dataset.room;
const list = document.getElementById("chat-log");
const input = document.getElementById("chat-text");
const problem = document.getElementById("chat-error");
const MUTED = "ts.chat.muted";
const muted = new Set(JSON.parse(localStorage.getItem(MUTED) || "[]"));
const channel = room === "lobby" ? new FrameChannel() : tableChannel;

const keepMuted = () => localStorage.setItem(MUTED, JSON.stringify([...muted]));
const say = (obj) => channel.send(obj);

function authorOf(m) {
  if (m.author) return m.author;
  if (m.seat !== null && m.seat !== undefined) return seatName(m.seat);
  return m.channel === "spectators" ? t("chat_spectator") : t("chat_guest");
}

function show(m) {
  if (muted.has(m.from)) return;
  const mute = el("button", { type: "button", class: "chat-mute link", title: t("chat_mute"), onclick: () => {
    muted.add(m.from); keepMuted(); say({ type: "mute", from: m.from });
    for (const li of list.querySelectorAll("li")) if (li.dataset.from === m.from) li.remove();
  } }, t("chat_mute"));
  const report = el("button", { type: "button", class: "chat-report link", onclick: () => {
    const reason = window.prompt(t("chat_report_reason"), "");
    if (reason !== null) say({ type: "report", id: m.id, reason });
  } }, t("chat_report"));
  list.append(el("li", { class: `chat-msg ${m.channel}`, dataset: { id: m.id, from: m.from, channel: m.channel } },
    el("strong", { class: "chat-author" }, authorOf(m)), ": ", el("span", { class: "chat-body" }, m.text), " ", mute, report));
  while (list.children.length > 100) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function onFrame(f) {
  if (f.type === "chat_seats") {
    const seats = document.getElementById("chat-seats");
    const names = Object.entries(f.names).map(([s, name]) => `${seatName(Number(s))}: ${name}`);
    seats.textContent = names.join(" · ");
    seats.hidden = names.length === 0;
    return;
  }
  if (f.type === "chat_history") { list.replaceChildren(); f.messages.forEach(show); return; }
  if (f.type === "chat") { show(f.message); return; }
  if (f.type === "chat_reported") { problem.hidden = false; problem.classList.remove("error"); problem.textContent = t("chat_reported"); return; }
  if (f.type === "error" && String(f.code).startsWith("chat_")) {
    problem.hidden = false; problem.classList.add("error"); problem.textContent = `${t("err." + f.code)}: ${f.message}`;
  }
}

channel.on("chat", onFrame);
channel.onOpen(() => { for (const who of muted) say({ type: "mute", from: who }); });

document.getElementById("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  problem.hidden = true;
  say({ type: "chat", text });
  input.value = "";
});
document.getElementById("chat-unmute").addEventListener("click", () => {
  for (const who of muted) say({ type: "unmute", from: who });
  muted.clear(); keepMuted();
});

if (room === "lobby") {
  let retry = 500;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const socket = channel.connect(`${proto}://${location.host}/ws/lobby`);
    socket.addEventListener("open", () => { retry = 500; box.dataset.connected = "1"; });
    socket.addEventListener("close", () => { box.dataset.connected = "0"; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); });
  };
  connect();
}
