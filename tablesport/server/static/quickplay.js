// Quick play: join a preset's queue, watch the ticket over /ws/quickplay/<ticket> (asking every second if the
// socket closes early), open the seat once seated.
import { t, el, hasText } from "/static/common.js";

const form = document.getElementById("qp-form");
const preset = document.getElementById("qp-preset");
const bot = document.getElementById("qp-bot");
const wait = document.getElementById("qp-wait");
const status = document.getElementById("qp-status");
const leave = document.getElementById("qp-leave");
const join = document.getElementById("qp-join");
const root = document.getElementById("quickplay");
let ticket = null;
let timer = null;

function bots() {
  const opt = preset.selectedOptions[0];
  const names = opt.dataset.bots.split(",").filter(Boolean);
  bot.replaceChildren(...names.map((b) => el("option", { value: b, selected: b === opt.dataset.default }, `${t("bot")}: ${hasText(`botname.${b}`) ? t(`botname.${b}`) : b}`)));
  const label = bot.closest("label");  // a people-only game (Pictionary): no bot, and the page says why
  if (label) label.hidden = !names.length;
  document.getElementById("qp-people-only")?.remove();
  if (!names.length) label?.after(el("p", { id: "qp-people-only", class: "muted" }, t("lobby.people_only")));
}
preset.addEventListener("change", bots);
bots();

async function api(method, path, body) {
  const r = await fetch(`/api/v1/quickplay${path}`, {
    method, headers: { "content-type": "application/json", "x-csrf-token": root.dataset.csrf },
    body: body ? JSON.stringify(body) : undefined, keepalive: method === "DELETE",
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

function shown(data) {
  root.dataset.status = data.status;
  if (data.status === "waiting") {
    status.textContent = t("qp_waiting", { n: data.waiting, s: Math.ceil(data.fill_in) });
  } else if (data.status === "seated") {
    status.textContent = t("qp_seated");
    clearInterval(timer); timer = null;
    ticket = null;
    location.assign(data.url);
  } else {
    status.textContent = t("qp_left");
    clearInterval(timer); timer = null;
    ticket = null;
    join.hidden = false; leave.hidden = true;
  }
}

function watch(id) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${proto}://${location.host}/ws/quickplay/${encodeURIComponent(id)}`);
  socket.onmessage = (m) => { const f = JSON.parse(m.data); if (f.type === "ticket") shown(f); };
  socket.onclose = () => { if (ticket === id && !timer) timer = setInterval(poll, 1000); };
}

async function poll() {
  if (!ticket) return;
  try { shown(await api("GET", `/${ticket}`)); } catch (e) { status.textContent = String(e.message); }
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    const data = await api("POST", "", { preset: preset.value, bot: bot.value, wait: Number(wait.value || 0) });
    ticket = data.ticket;
    join.hidden = true; leave.hidden = false;
    shown(data);
    if (ticket) watch(ticket);
  } catch (err) { status.textContent = String(err.message); }
});
leave.addEventListener("click", async () => { if (ticket) shown(await api("DELETE", `/${ticket}`)); });
window.addEventListener("pagehide", () => { if (ticket) api("DELETE", `/${ticket}`).catch(() => {}); });
