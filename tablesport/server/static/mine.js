// "My tables": the seats this browser took, kept in localStorage (nothing leaves the device). The table
// page and the "table created" page remember a seat; the lobby lists them with the way back.
import { t, el, seatName } from "/static/common.js";

const KEY = "tablesport.mine";
const KEEP = 30;

export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.url === "string" && e.url.startsWith("/play/")) : [];
  } catch { return []; }
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP))); } catch { /* storage full or off */ }
}

// entry: {table, seat, url, preset}
export function rememberSeat(entry) {
  const list = myTables().filter((e) => e.url !== entry.url);
  list.unshift({ ...entry, at: Date.now() });
  save(list);
}

export function forget(url) { save(myTables().filter((e) => e.url !== url)); }

export function showMyTables() {
  const list = myTables();
  if (!list.length) return;
  const rows = el("ul", { id: "my-tables", class: "my-tables" });
  const card = el("section", { class: "card", id: "my-tables-card" },
    el("h2", {}, t("mine.tables")), el("p", { class: "muted" }, t("mine.hint")), rows);
  const title = document.querySelector("main h1");
  if (title) title.after(card); else document.querySelector("main")?.prepend(card);
  for (const e of list) {
    const status = el("span", { class: "muted status" });
    const link = el("a", { href: e.url, class: "back-to-seat" }, t("mine.back"));
    const li = el("li", { dataset: { table: e.table, seat: e.seat } },
      `${e.preset || e.table} · ${seatName(e.seat)} `, status, " ", link, " ",
      el("button", { type: "button", class: "forget", onclick: () => { forget(e.url); li.remove(); } }, t("mine.forget")));
    rows.append(li);
    fetch(`/api/v1/tables/${encodeURIComponent(e.table)}`).then((r) => (r.ok ? r.json() : r.status === 404 ? { status: "gone" } : null))
      .then((s) => {
        if (!s) return;
        if (s.status === "gone" || s.status === "abandoned") { forget(e.url); li.remove(); return; }
        li.dataset.status = s.status;
        status.textContent = `(${t(`mine.${s.status}`)})`;
        if (s.status === "finished") { link.href = `/replay/${e.table}`; link.textContent = t("replay"); }
      }).catch(() => {});
  }
}
