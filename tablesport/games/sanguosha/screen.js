// Sanguosha (三国杀): the seats around the table in the seeds' seating (turn order, counter-clockwise,
// your seat at the bottom: in 3v3 the commanders face each other at the far ends with their
// vanguards beside them), generals, HP, equipment, judgement area, identity card upright or
// sideways, your hand; card, target and response prompts; the draft screen.
import { el, t, seatName, nameOf, LANG, setNamer } from "/static/common.js";

let DATA = { cards: {}, card_names: {}, generals: {}, skills: {} };
const ui = { source: null, asked: null, field: [] };
const SUIT = { spade: "♠", heart: "♥", club: "♣", diamond: "♦" };
const RANK = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const KINGDOM = { wei: "魏", shu: "蜀", wu: "吴", qun: "群" };

export async function init() {
  const r = await fetch("/api/v1/games/sanguosha/names");
  if (r.ok) DATA = await r.json();
  setNamer((v) => {
    if (/^c\d+$/.test(v)) return cardLabel(v);
    if (DATA.generals[v]) return generalName(v);
    if (DATA.skills[v]) return skillName(v);
    if (DATA.card_names[v]) return cardName(v);
    return null;
  });
}

const named = (o) => (o ? nameOf(o) : "");
export const cardName = (key) => named(DATA.card_names[key]) || key;
export const generalName = (id) => named(DATA.generals[id]) || (id === "hidden" ? "?" : id || "—");
export const skillName = (id) => named(DATA.skills[id]) || id;

export function cardLabel(tok) {
  const c = DATA.cards[tok];
  if (!c) return tok === "hidden" ? "?" : String(tok);
  return `${named(c)} ${SUIT[c.suit]}${RANK[c.rank] ?? c.rank}`;
}

function cardChip(tok, extra = {}) {
  const c = DATA.cards[tok];
  const red = c && (c.suit === "heart" || c.suit === "diamond");
  return el("span", { class: `sg-card${red ? " red" : ""}`, dataset: { card: tok }, ...extra }, cardLabel(tok));
}

function seatLabel(s, view) {
  const p = view?.players?.[s];
  return p?.general ? `${seatName(s)} ${generalName(p.general)}` : seatName(s);
}

// Any value of an option in words: card tokens → card names, seats → seats with their generals.
function words(v, view) {
  if (Array.isArray(v)) return v.map((x) => words(x, view)).join(", ");
  if (typeof v === "number") return seatLabel(v, view);
  if (typeof v === "string" && /^c\d+$/.test(v)) return cardLabel(v);
  if (typeof v === "string" && DATA.generals[v]) return generalName(v);
  if (typeof v === "string" && DATA.skills[v]) return skillName(v);
  if (typeof v === "string" && DATA.card_names[v]) return cardName(v);
  if (typeof v === "string") return t(`sg.${v}`) === `sg.${v}` ? v : t(`sg.${v}`);
  return JSON.stringify(v);
}

function targetsText(targets, view) {
  if (!targets.length) return "";
  if (targets[0] === "ccw" || targets[0] === "cw") return ` (${t("sg." + targets[0])})`;
  return " → " + targets.map((s) => seatLabel(s, view)).join(", ");
}

export function describeOption(opt, d, view) {
  if (!Array.isArray(opt)) return words(opt, view);
  const [head, ...rest] = opt;
  switch (head) {
    case "use": return `${cardLabel(rest[0])}${targetsText(rest[1] || [], view)}`;
    case "use_as": return `${skillName(rest[0])}: ${rest[1].map(cardLabel).join(" + ")} = ${cardName(rest[2])}${targetsText(rest[3] || [], view)}`;
    case "skill": return `${skillName(rest[0])}${rest[1] != null && !(Array.isArray(rest[1]) && !rest[1].length) ? ": " + words(rest[1], view) : ""}`;
    case "card": return typeof rest[0] === "number" ? `${t("sg.identity_card")} ${rest[0] + 1}` : `${t("sg.play_card")} ${cardLabel(rest[0])}`;
    case "as": return `${skillName(rest[0])}: ${rest[1].map(cardLabel).join(" + ")}`;
    case "invoke": return `${t("sg.invoke")} ${skillName(rest[0])}`;
    case "discard": return `${t("sg.discard")} ${cardLabel(rest[0])}`;
    case "take": return `${t("sg.take")} ${cardLabel(rest[0])}`;
    case "pick": return generalName((d?.data?.candidates || view?.mode?.candidates || [])[rest[0]]);
    case "hand": return t("sg.random_hand");
    case "pile": return `${t("sg.pile")} ${rest[0] + 1}`;
    case "vanguards": return `${t("sg.vanguards")} (${seatLabel(rest[0], view)} ${t("sg.first")})`;
    default:
      if (typeof head === "string" && DATA.generals[head]) return opt.map(generalName).join(" / ");
      return [t(`sg.${head}`) === `sg.${head}` ? head : t(`sg.${head}`), ...rest.map((x) => words(x, view))].join(" ");
  }
}

// The source of a play option: the card or skill it starts from (hand cards become clickable).
const sourceOf = (opt) => (opt[0] === "use" ? opt[1] : opt[0] === "use_as" || opt[0] === "skill" ? `skill:${opt[1]}` : opt[0]);

function optionButton(opt, d, ctx, view) {
  return el("button", { class: "option", dataset: { kind: String(opt[0]) }, onclick: () => ctx.send(opt) }, describeOption(opt, d, view));
}

export function renderDecision(box, d, ctx) {
  const view = ctx.frame.view;
  const opts = d.options || [];
  if (ui.asked !== d.asked) { ui.asked = d.asked; ui.source = null; ui.field = []; }
  if (d.kind === "respond") {
    const need = d.data?.need;
    box.append(el("p", { class: "sg-respond", id: "respond" }, t("sg.respond_" + need) === "sg.respond_" + need ? d.prompt : t("sg.respond_" + need),
      d.data?.count > 1 ? ` ×${d.data.count}` : "",
      d.data?.dying != null ? ` · ${t("sg.dying")}: ${seatLabel(d.data.dying, view)}` : "",
      d.data?.trick ? ` · ${cardName(d.data.trick)}` : "",
      d.data?.about != null ? ` · ${seatLabel(d.data.about, view)}` : ""));
    box.append(el("div", { class: "options" }, opts.map((o) => optionButton(o, d, ctx, view))));
    return true;
  }
  if (d.kind === "draft") {
    const cands = d.data?.candidates || [];
    box.append(el("div", { class: "sg-draft", id: "draft" }, opts.map((o) => generalCard(cands[o[1]], () => ctx.send(o), { class: "option", dataset: { kind: "pick" } }))));
    return true;
  }
  if (d.kind === "field" && opts.length && Array.isArray(opts[0])) {
    const roles = view.mode?.kind === "1v1" ? ["order_1", "order_2", "order_3"] : ["commander", "vanguard_a", "vanguard_b"];
    const picks = [...new Set(opts.flat())];
    const row = el("div", { class: "sg-field", id: "field" });
    roles.forEach((role, i) => row.append(el("label", {}, t("sg." + role) + " ", el("select", { dataset: { role: i }, onchange: (e) => { ui.field[i] = e.target.value; ctx.refresh(); } },
      el("option", { value: "" }, "—"), picks.map((g) => el("option", { value: g, selected: ui.field[i] === g }, generalName(g)))))));
    const chosen = opts.find((o) => o.every((g, i) => g === ui.field[i]));
    row.append(el("button", { class: "option", id: "field-send", disabled: chosen ? null : true, onclick: () => chosen && ctx.send(chosen) }, t("send")));
    box.append(row);
    if (!chosen && ui.field.filter(Boolean).length === 3) box.append(el("p", { class: "error" }, t("sg.field_invalid")));
    return true;
  }
  if (d.kind === "play") {
    const groups = new Map();
    for (const o of opts) { const s = sourceOf(o); if (!groups.has(s)) groups.set(s, []); groups.get(s).push(o); }
    const sources = el("div", { class: "options", id: "sources" });
    for (const [s, list] of groups) {
      if (s === "end") continue;
      const label = s.startsWith("skill:") ? skillName(s.slice(6)) : cardLabel(s);
      sources.append(el("button", { class: `source${ui.source === s ? " selected" : ""}`, dataset: { source: s }, onclick: () => { ui.source = s; ctx.refresh(); } }, label, list.length > 1 ? ` (${list.length})` : ""));
    }
    box.append(el("p", { class: "muted" }, t("sg.play_how")), sources);
    if (ui.source && groups.has(ui.source)) {
      box.append(el("div", { class: "options", id: "targets" }, groups.get(ui.source).map((o) => optionButton(o, d, ctx, view))));
    }
    for (const o of groups.get("end") || []) box.append(el("div", { class: "options" }, optionButton(o, d, ctx, view)));
    return true;
  }
  box.append(el("div", { class: "options" }, opts.map((o) => optionButton(o, d, ctx, view))));
  return true;
}

function generalCard(id, onclick, extra = {}) {
  const g = DATA.generals[id];
  const body = [el("strong", {}, generalName(id))];
  if (g) {
    body.push(el("span", { class: "muted" }, ` ${LANG === "en" ? g.kingdom : KINGDOM[g.kingdom] ?? g.kingdom} · ${"♥".repeat(g.hp)}`));
    body.push(el("div", { class: "sg-skills" }, g.skills.map(skillName).join(" · ")));
  }
  return onclick ? el("button", { class: `sg-general ${extra.class || ""}`, dataset: { general: id, ...(extra.dataset || {}) }, onclick }, body)
    : el("div", { class: "sg-general", dataset: { general: id } }, body);
}

function hpBar(p) {
  return el("span", { class: "sg-hp", title: `${p.hp}/${p.max_hp}` }, "♥".repeat(Math.max(0, p.hp)), el("span", { class: "lost" }, "♡".repeat(Math.max(0, p.max_hp - Math.max(0, p.hp)))));
}

function seatPanel(p, view, me) {
  const mode = view.mode || {};
  const commander = mode.commanders && Object.values(mode.commanders).includes(p.seat);
  const upright = mode.upright ? mode.upright[p.seat] : true;
  const side = p.side || (mode.sides ? mode.sides[p.seat] : "");
  const equip = Object.entries(p.equipment || {}).filter(([, c]) => c).map(([slot, c]) => el("div", { class: "sg-equip", dataset: { slot } }, t("sg." + slot) + ": ", cardChip(c)));
  const judge = (p.judgement || []).map((j) => el("span", { class: "sg-judge", title: j.as ? cardName(j.as) : "" }, cardChip(j.card), j.as ? ` (${cardName(j.as)})` : ""));
  const piles = Object.entries(p.piles || {}).map(([k, v]) => el("div", { class: "muted" }, `${skillName(k)}: ${Array.isArray(v) ? v.map(cardLabel).join(", ") : v}`));
  return el("div", { class: `sg-seat ${side}${view.current === p.seat ? " current" : ""}${p.alive || !p.general ? "" : " dead"}${me ? " me" : ""}`, dataset: { seat: p.seat } },
    el("div", { class: "sg-head" },
      el("span", { class: `sg-identity${upright ? "" : " sideways"}`, title: t(upright ? "sg.upright" : "sg.sideways") }, commander ? t("sg.commander_short") : t("sg.vanguard_short")),
      ` ${seatName(p.seat)} · ${side ? t("sg." + side) : ""}`),
    el("div", { class: "sg-name" }, p.general ? generalName(p.general) : "—", p.general && DATA.generals[p.general] ? el("span", { class: "muted" }, ` ${LANG === "en" ? p.kingdom : KINGDOM[p.kingdom] ?? p.kingdom}`) : ""),
    p.general ? hpBar(p) : "",
    el("div", { class: "muted" }, `${t("sg.hand")}: ${p.hand_count}${p.face_up === false ? " · " + t("sg.face_down") : ""}${p.alive || !p.general ? "" : " · " + t("sg.dead")}`),
    equip, judge.length ? el("div", { class: "sg-judgement" }, t("sg.judgement") + ": ", judge) : "", piles);
}

export function renderView(box, view, ctx) {
  const mode = view.mode || {};
  const me = ctx.seat;
  const drafting = view.players.some((p) => !p.general) && view.current === -1;
  if (drafting && mode.kind) {
    const cands = mode.candidates || [];
    box.append(el("h3", {}, t("sg.draft")));
    if (cands.length) box.append(el("div", { class: "sg-draft sg-pool" }, cands.map((id, i) => id ? generalCard(id) : el("div", { class: "sg-general taken" }, `#${i + 1}`))));
    for (const [side, picks] of Object.entries(mode.picks || mode.taken || {})) {
      box.append(el("div", { class: "sg-picks", dataset: { side } }, el("strong", {}, (t("sg." + side) === "sg." + side ? seatName(Number(side)) : t("sg." + side)) + ": "), picks.map(generalName).join(" · ")));
    }
  }
  // the table: seats in turn order (counter-clockwise), your seat at the bottom
  const order = view.order?.length ? view.order : view.players.map((p) => p.seat);
  const anchor = me != null ? order.indexOf(me) : Math.max(0, order.indexOf(mode.commanders?.cold ?? order[0]));
  const ring = el("div", { class: "sg-ring", id: "ring" });
  const n = order.length;
  order.forEach((s, i) => {
    const phi = (2 * Math.PI * ((i - anchor + n) % n)) / n;
    const panel = seatPanel(view.players[s], view, s === me);
    panel.style.left = `${50 + 40 * Math.sin(phi)}%`;
    panel.style.top = `${50 + 38 * Math.cos(phi)}%`;
    ring.append(panel);
  });
  ring.append(el("div", { class: "sg-centre" },
    el("div", {}, `${t("sg.draw_pile")}: ${view.draw_pile} · ${t("sg.discard_pile")}: ${view.discard_count ?? ""}`),
    view.phase ? el("div", {}, `${t("sg.phase")}: ${t("sg.phase_" + view.phase) === "sg.phase_" + view.phase ? view.phase : t("sg.phase_" + view.phase)}`) : "",
    view.processing?.length ? el("div", {}, view.processing.map((c) => cardChip(c))) : "",
    view.discard_pile?.length ? el("div", { class: "muted" }, view.discard_pile.slice(-4).map((c) => cardChip(c))) : ""));
  box.append(ring);
  // your hand
  const mine = me != null ? view.players[me] : null;
  if (mine && mine.hand) {
    const d = ctx.decision;
    const sources = new Set(ctx.mine && d?.kind === "play" ? (d.options || []).map(sourceOf) : []);
    box.append(el("h3", {}, t("sg.your_hand")), el("div", { class: "sg-hand", id: "hand" }, mine.hand.map((c) => sources.has(c)
      ? cardChip(c, { class: `sg-card playable${ui.source === c ? " selected" : ""}${DATA.cards[c] && (DATA.cards[c].suit === "heart" || DATA.cards[c].suit === "diamond") ? " red" : ""}`, onclick: () => { ui.source = c; ctx.refresh(); } })
      : cardChip(c))));
  }
}
