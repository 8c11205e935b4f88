// Shared by the table, replay and lobby pages: UI strings, names from game data, a generic view.

export const STRINGS = JSON.parse(document.getElementById("i18n")?.textContent || "{}");
export const LANG = document.documentElement.lang || "en";
let HANT = { chars: {}, phrases: {} };

export async function loadHant() {
  if (LANG !== "zh-Hant") return;
  const r = await fetch(`/i18n/${LANG}.json`);
  if (r.ok) HANT = (await r.json()).hant || HANT;
}

export function t(key, fmt = {}) {
  let text = STRINGS[key] ?? key;
  for (const [k, v] of Object.entries(fmt)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export function hasText(key) { return key in STRINGS; }

export function toHant(text) {
  text = String(text);
  if (text in HANT.phrases) return HANT.phrases[text];
  let out = "";
  for (const ch of text) out += HANT.chars[ch] ?? ch;
  return out;
}

// A name from game data: {name, name_zh} → the page's language.
export function nameOf(obj) {
  if (obj == null) return "";
  if (typeof obj !== "object") return String(obj);
  if (LANG === "en" || !obj.name_zh) return obj.name ?? obj.id ?? "";
  return LANG === "zh-Hant" ? (obj.name_zh_hant ?? toHant(obj.name_zh)) : obj.name_zh;
}

export function seatName(n) { return t("seat_n", { n }); }

// The nonce of this page's Content-Security-Policy: a <style> element a screen adds carries it
// (el("style", { nonce: NONCE }, css)); the page's data script holds it.
export const NONCE = document.getElementById("i18n")?.nonce || "";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "style") node.style.cssText = v;  // through the CSSOM: the page's policy has no inline styles
    else node.setAttribute(k, v === true ? "" : v);
  }
  // children may be nested lists (a list of [text, node] pairs): all of them, in order
  for (const c of children.flat(Infinity)) if (c != null) node.append(c instanceof Node ? c : String(c));
  return node;
}

export function short(value) {
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

// A generic, readable rendering of any JSON view: nested definition lists and tables.
export function genericView(value, depth = 0) {
  if (value === null || typeof value !== "object") return el("span", { class: "v" }, short(value));
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span", { class: "chips" }, value.map((v) => el("span", { class: "chip" }, short(v))));
    }
    if (depth > 4) return el("code", {}, JSON.stringify(value));
    return el("ol", { class: "gv", start: "0" }, value.map((v) => el("li", {}, genericView(v, depth + 1))));
  }
  if (depth > 4) return el("code", {}, JSON.stringify(value));
  const dl = el("dl", { class: "gv" });
  for (const [k, v] of Object.entries(value)) dl.append(el("dt", {}, k), el("dd", {}, genericView(v, depth + 1)));
  return dl;
}

// A game screen may name the strings its events carry (card tokens, general ids, ...).
let namer = null;
export function setNamer(fn) { namer = fn; }
const nameValue = (v) => (typeof v === "string" && namer ? namer(v) ?? v : short(v));

// One line of the event log.
export function describeEvent(ev) {
  const data = ev.data || {};
  const fmt = {};
  for (const [k, v] of Object.entries(data)) {
    if ((k === "seat" || k === "winner" || k === "target" || k === "source") && typeof v === "number") fmt[k] = seatName(v);
    else if (Array.isArray(v)) fmt[k] = v.map(nameValue).join(", ");
    else if (typeof v === "string") fmt[k] = nameValue(v);
    else if (v && typeof v === "object") fmt[k] = nameOf(v) || JSON.stringify(v);
    else fmt[k] = v === null ? "—" : v;
  }
  const key = ev.kind === "referee" ? `ev.referee.${data.control}` : `ev.${ev.kind}`;  // a referee's control
  if (hasText(key)) return t(key, fmt);
  const parts = Object.entries(fmt).map(([k, v]) => `${k}=${v}`);
  return `${ev.kind}${parts.length ? ": " + parts.join(", ") : ""}`;
}

export function describeResult(result) {
  if (!result) return "";
  const winners = result.winner_side ?? (result.winner_seats || []).map(seatName).join(", ");
  return `${t("game_over")} — ${winners ? t("winner") + ": " + winners : t("draw")} · ${t("scores")}: ${result.scores.join(" : ")} · ${result.reason}`;
}

export async function gameModule(game) {
  try {
    return await import(`/games/${game}/screen.js`);
  } catch {
    return null;
  }
}

// One WebSocket and its frames: each frame is parsed once, here, and handed to the listeners of its kind.
// A frame's kind is its family: "chat" for type "chat", "chat_history", ... and for an error whose code is
// "chat_..."; every other frame is of kind "table". A frame that is not a JSON object with a "type" reaches
// no listener (it is logged), and a listener that throws does not keep the frame from the others. The
// channel outlives its sockets: connect() again after a close keeps every listener.
export class FrameChannel {
  constructor(families = ["chat"]) { this.ws = null; this.families = families; this.listeners = {}; this.openers = []; }

  on(kind, fn) { (this.listeners[kind] ||= []).push(fn); return this; }

  onOpen(fn) { this.openers.push(fn); return this; }

  kindOf(frame) {
    const name = String(frame.type === "error" ? frame.code ?? "" : frame.type);
    return this.families.find((f) => name === f || name.startsWith(`${f}_`)) ?? "table";
  }

  dispatch(text) {
    let frame;
    try { frame = JSON.parse(text); } catch { console.warn("a frame that is not JSON:", String(text).slice(0, 80)); return; }
    if (frame === null || typeof frame !== "object" || Array.isArray(frame) || typeof frame.type !== "string") {
      console.warn("a frame without a type:", String(text).slice(0, 80));
      return;
    }
    for (const fn of this.listeners[this.kindOf(frame)] || []) {
      try { fn(frame); } catch (e) { console.error(e); }
    }
  }

  connect(url) {
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener("message", (m) => this.dispatch(m.data));
    ws.addEventListener("open", () => { for (const fn of this.openers) fn(ws); });
    return ws;
  }

  send(obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }
}

// The table page's channel: table.js connects it; the chat panel and the held seats listen to it.
export const tableChannel = new FrameChannel();
