// Sanguosha (三国杀): the seats around the table in the seeds' seating (turn order, counter-clockwise,
// your seat at the bottom: in 3v3 the commanders face each other at the far ends with their
// vanguards beside them), generals, HP, equipment, judgement area, identity card upright or
// sideways, distance and attack range, your hand drawn as cards, your general's skill buttons;
// card, target (the seats on the ring) and response prompts; the draft screen. Every card, general
// and skill shows its text on hover, focus or tap in the information panel.
import { el, t, seatName, nameOf, LANG, setNamer } from "/static/common.js";

let DATA = { cards: {}, card_names: {}, generals: {}, skills: {} };
const ui = { source: null, asked: null, field: [], seat: null, info: null };
const SUIT = { spade: "♠", heart: "♥", club: "♣", diamond: "♦" };
const RANK = { 1: "A", 11: "J", 12: "Q", 13: "K" };

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
const tr = (key, fallback) => { const s = t(key); return s === key ? fallback : s; };
export const cardName = (key) => named(DATA.card_names[key]) || key;
export const generalName = (id) => named(DATA.generals[id]) || (id === "hidden" ? t("sg.hidden_general") : id || "—");
export const skillName = (id) => named(DATA.skills[id]) || named(DATA.card_names[id]) || id;  // a weapon's: its card's name
export const kingdomName = (k) => tr(`sg.kingdom_${k}`, k || "");
const textOf = (o) => (o?.text ? o.text[LANG] ?? o.text.en ?? "" : "");
const COLON = () => (LANG.startsWith("zh") ? "：" : ": ");
const isRed = (c) => c && (c.suit === "heart" || c.suit === "diamond");

export function cardLabel(tok) {
  const c = DATA.cards[tok];
  if (!c) return tok === "hidden" ? "?" : String(tok);
  return `${named(c)} ${SUIT[c.suit]}${RANK[c.rank] ?? c.rank}`;
}

function typeLabel(c) {
  if (!c) return "";
  if (c.type === "equipment") return tr(`sg.slot_${c.subtype}`, c.subtype) + (c.range ? ` ${c.range}` : "");
  if (c.type === "trick" && c.subtype === "delayed") return t("sg.type_delayed");
  return tr(`sg.type_${c.type}`, c.type);
}

// --- the information panel: what a card, general or skill does --------------------------------
function showInfo(info) {
  ui.info = info;
  const box = document.getElementById("sg-info");
  if (box) fillInfo(box);
}
function fillInfo(box) {
  const i = ui.info;
  // only a shown text stays at the bottom of the screen (with a close button); the hint does not cover the table
  box.classList.toggle("showing", !!i);
  box.replaceChildren(i ? el("strong", {}, i.title) : el("span", { class: "muted" }, t("sg.info_hint")),
    i?.sub ? el("span", { class: "muted" }, ` · ${i.sub}`) : "", i ? el("div", {}, i.text) : "",
    i ? el("button", { type: "button", class: "sg-info-close", "aria-label": t("close"), onclick: () => showInfo(null) }, "×") : "");
}
// hover, focus and tap (a tap on a touch screen is a click) all show the text
function withInfo(node, info) {
  node.title = `${info.title}${info.sub ? " · " + info.sub : ""}\n${info.text}`;
  node.addEventListener("mouseenter", () => showInfo(info));
  node.addEventListener("focus", () => showInfo(info));
  node.addEventListener("click", () => showInfo(info));
  return node;
}
const cardInfo = (tok) => {
  const c = DATA.cards[tok];
  const n = c ? DATA.card_names[c.key] : null;
  return { title: cardLabel(tok), sub: typeLabel(c), text: textOf(n) };
};
const skillInfo = (id) => {
  const s = DATA.skills[id];
  const flags = [s?.compulsory ? t("sg.compulsory") : "", s?.lord ? t("sg.lord_skill") : ""].filter(Boolean).join(" · ");
  return { title: skillName(id), sub: flags, text: textOf(s) };
};

// A card drawn as a card: suit and rank in the corner, name, type; red suits in red.
function cardFace(tok, opts = {}) {
  const c = DATA.cards[tok];
  const cls = `sg-card${isRed(c) ? " red" : ""}${c ? "" : " back"}${opts.small ? " small" : ""}${opts.class ? " " + opts.class : ""}`;
  const label = c ? `${cardLabel(tok)}, ${typeLabel(c)}` : t("sg.card_back");
  const tag = opts.onclick ? "button" : "span";
  const node = el(tag, { class: cls, dataset: { card: tok }, "aria-label": label, "aria-pressed": opts.pressed, tabindex: !opts.onclick && c ? "0" : null },
    c ? [el("span", { class: "sg-corner", "aria-hidden": "true" }, SUIT[c.suit], el("b", {}, RANK[c.rank] ?? c.rank)),
         el("span", { class: "sg-cname" }, named(c)), el("span", { class: "sg-ctype" }, typeLabel(c))]
      : el("span", { class: "sg-cname" }, "?"));
  if (opts.onclick) node.addEventListener("click", opts.onclick);
  return c ? withInfo(node, cardInfo(tok)) : node;
}
const cardChip = (tok, extra = {}) => cardFace(tok, { small: true, ...extra });

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
  if (typeof v === "string") return tr(`sg.${v}`, v);
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
      return [tr(`sg.${head}`, head), ...rest.map((x) => words(x, view))].join(" ");
  }
}

// The source of a play option: the card or skill it starts from (hand cards become clickable).
const sourceOf = (opt) => (opt[0] === "use" ? opt[1] : opt[0] === "use_as" || opt[0] === "skill" ? `skill:${opt[1]}` : opt[0]);

// The seats an option targets (for highlighting them on the ring).
function seatsOf(opt) {
  const list = opt[0] === "use" ? opt[2] : opt[0] === "use_as" ? opt[4] : opt[0] === "skill" ? opt[2] : null;
  if (typeof list === "number") return [list];
  return Array.isArray(list) ? list.filter((x) => typeof x === "number") : [];
}

function optionButton(opt, d, ctx, view) {
  const text = describeOption(opt, d, view);
  const b = el("button", { class: "option", dataset: { kind: String(opt[0]) }, onclick: () => ctx.send(opt) }, text);
  // what the option's skill or card does, on hover and focus (not on click: a click answers)
  const info = !Array.isArray(opt) ? null
    : ["invoke", "skill", "use_as", "as"].includes(opt[0]) && DATA.skills[opt[1]] ? skillInfo(opt[1])
    : ["use", "card", "discard", "take"].includes(opt[0]) && DATA.cards[opt[1]] ? cardInfo(opt[1]) : null;
  if (info) {
    b.title = `${info.title}${info.sub ? " · " + info.sub : ""}\n${info.text}`;
    b.addEventListener("mouseenter", () => showInfo(info));
    b.addEventListener("focus", () => showInfo(info));
  }
  return b;
}

// play options grouped by their source card or skill
function playGroups(d) {
  const groups = new Map();
  for (const o of d?.kind === "play" ? d.options || [] : []) {
    const s = sourceOf(o);
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s).push(o);
  }
  return groups;
}

// the options of the chosen source that target a seat clicked on the ring (all of them without one)
function chosenOptions(d) {
  const list = playGroups(d).get(ui.source) || [];
  return ui.seat == null ? list : list.filter((o) => seatsOf(o).includes(ui.seat));
}

function pickSeat(s, ctx) {
  const list = (playGroups(ctx.decision).get(ui.source) || []).filter((o) => seatsOf(o).includes(s));
  if (list.length === 1 && seatsOf(list[0]).length === 1) { ctx.send(list[0]); return; }
  ui.seat = ui.seat === s ? null : s;
  ctx.refresh();
}

// Why this seat's concede button is greyed now, in words (the rule the mode names), or "".
export function giveUpWhy(frame) {
  const rule = frame.view?.mode?.concede_refused;
  return rule ? tr(`rule.${rule}`, "") : "";
}

export function renderDecision(box, d, ctx) {
  const view = ctx.frame.view;
  const opts = d.options || [];
  if (ui.asked !== d.asked) { ui.asked = d.asked; ui.source = null; ui.field = []; ui.seat = null; }
  if (d.kind === "respond") {
    const need = d.data?.need;
    box.append(el("p", { class: "sg-respond", id: "respond" }, tr("sg.respond_" + need, d.prompt),
      d.data?.count > 1 ? ` ×${d.data.count}` : "",
      d.data?.dying != null ? ` · ${t("sg.dying")}: ${seatLabel(d.data.dying, view)}` : "",
      d.data?.trick ? ` · ${cardName(d.data.trick)}` : "",
      d.data?.about != null ? ` · ${seatLabel(d.data.about, view)}` : ""));
    box.append(el("div", { class: "options" }, opts.map((o) => optionButton(o, d, ctx, view))));
    return true;
  }
  if (d.kind === "draft") {
    // the candidates as a grid of small general cards, each with its Pick button (the pool on the table
    // is not drawn while this seat picks); the pick order above them
    const cands = d.data?.candidates || [];
    const pickOf = new Map(opts.map((o) => [o[1], o]));
    box.append(el("p", { class: "muted" }, t("sg.draft_how")), draftOrder(view, ctx.seat));
    box.append(el("div", { class: "sg-gtiles", id: "draft" }, cands.map((id, i) => id
      ? generalTile(id, pickOf.has(i) ? () => ctx.send(pickOf.get(i)) : null) : takenTile())));
    return true;
  }
  if (d.kind === "pick_pile") {
    // what the piles are and what the choice does (2011 §二.1.3, 2014 §二.1.3, 2012 §3.1.3)
    box.append(el("p", { class: "sg-pile-how", id: "pile-how" }, t("sg.pile_how")));
    box.append(el("div", { class: "options sg-piles" }, opts.map((o) => el("button", { class: "option sg-pile-card", dataset: { kind: "pile", pile: o[1] + 1 }, onclick: () => ctx.send(o) },
      el("span", { class: "sg-gback", "aria-hidden": "true" }), el("strong", {}, `${t("sg.pile")} ${o[1] + 1}`), el("span", { class: "muted" }, t("sg.pile_size", { n: 8 }))))));
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
    box.append(row, el("div", { class: "sg-draft" }, picks.map((g) => generalCard(g))));
    if (!chosen && ui.field.filter(Boolean).length === 3) box.append(el("p", { class: "error" }, t("sg.field_invalid")));
    return true;
  }
  if (d.kind === "play") {
    const groups = playGroups(d);
    const sources = el("div", { class: "options", id: "sources", role: "group", "aria-label": t("sg.play_how") });
    for (const [s, list] of groups) {
      if (s === "end") continue;
      const skill = s.startsWith("skill:") ? s.slice(6) : null;
      const label = skill ? skillName(skill) : cardLabel(s);
      const b = el("button", { class: `source${ui.source === s ? " selected" : ""}`, dataset: { source: s }, "aria-pressed": ui.source === s ? "true" : "false",
        onclick: () => { ui.source = s; ui.seat = null; ctx.refresh(); } }, label, list.length > 1 ? el("span", { class: "sg-ways" }, t("sg.ways", { n: list.length })) : "");
      sources.append(withInfo(b, skill ? skillInfo(skill) : cardInfo(s)));
    }
    box.append(el("p", { class: "muted" }, t("sg.play_how")), sources);
    if (ui.source && groups.has(ui.source)) {
      const targeted = groups.get(ui.source).some((o) => seatsOf(o).length);
      if (targeted) box.append(el("p", { class: "muted", id: "target-hint" }, t("sg.choose_target")));
      box.append(el("div", { class: "options", id: "targets" }, chosenOptions(d).map((o) => optionButton(o, d, ctx, view))));
    }
    for (const o of groups.get("end") || []) box.append(el("div", { class: "options" }, optionButton(o, d, ctx, view)));
    return true;
  }
  box.append(el("div", { class: "options" }, opts.map((o) => optionButton(o, d, ctx, view))));
  return true;
}

// A general's card: name, kingdom, HP and the skills (each shows its text).
function generalCard(id) {
  const g = DATA.generals[id];
  const info = { title: generalName(id), sub: g ? `${kingdomName(g.kingdom)} · ${g.hp}` : "", text: g ? g.skills.map((s) => `${skillName(s)}: ${textOf(DATA.skills[s])}`).join("\n") : "" };
  const head = withInfo(el("div", { class: "sg-ghead", tabindex: "0" }, el("strong", {}, generalName(id)),
    g ? el("span", { class: `sg-kingdom k-${g.kingdom}` }, kingdomName(g.kingdom)) : "",
    g ? el("span", { class: "sg-hp", "aria-label": `${t("sg.hp")} ${g.hp}` }, "♥".repeat(g.hp)) : ""), info);
  const skills = g ? el("div", { class: "sg-skills" }, g.skills.map((s) => skillChip(s))) : "";
  return el("div", { class: "sg-general", dataset: { general: id } }, head, skills);
}

// A general as a small card of the draft's grid: name, kingdom colour, HP and its skills in one line;
// a tap opens the card across the grid's width with every skill's full text. A face-down candidate
// (1v1) is a card back named as such; with onPick a Pick button.
function generalTile(id, onPick) {
  const pick = onPick ? el("button", { class: "option sg-gpick", type: "button", dataset: { kind: "pick", general: id },
    "aria-label": `${t("sg.pick")} ${generalName(id)}`, onclick: onPick }, t("sg.pick")) : "";
  if (id === "hidden") {
    return el("div", { class: "sg-gtile back", dataset: { general: id } },
      el("div", { class: "sg-gface" }, el("span", { class: "sg-gback", "aria-hidden": "true" }),
        el("strong", {}, t("sg.hidden_general")), el("span", { class: "sg-gline" }, t("sg.hidden_general_how"))), pick);
  }
  const g = DATA.generals[id];
  const skills = g?.skills || [];
  const line = skills.length ? `${skills.map(skillName).join(" · ")}${COLON()}${textOf(DATA.skills[skills[0]])}` : "";
  const full = el("div", { class: "sg-gfull" }, skills.map((s) => {
    const sk = DATA.skills[s];
    const flags = [sk?.compulsory ? t("sg.compulsory") : "", sk?.lord ? t("sg.lord_skill") : ""].filter(Boolean).join(" · ");
    return el("p", {}, el("strong", {}, skillName(s)), flags ? el("span", { class: "muted" }, ` (${flags})`) : "", " ", textOf(sk));
  }));
  return el("div", { class: `sg-gtile${g ? " k-" + g.kingdom : ""}`, dataset: { general: id } },
    el("details", {}, el("summary", { class: "sg-gface", title: t("sg.tap_skills") },
      el("span", { class: "sg-gtop" }, el("strong", {}, generalName(id)),
        g ? el("span", { class: `sg-kingdom k-${g.kingdom}` }, kingdomName(g.kingdom)) : ""),
      g ? el("span", { class: "sg-hp", role: "img", "aria-label": `${t("sg.hp")} ${g.hp}` }, "♥".repeat(g.hp)) : "",
      el("span", { class: "sg-gline" }, line)), full), pick);
}
const takenTile = () => el("div", { class: "sg-gtile taken", "aria-label": t("sg.not_available"), title: t("sg.not_available") }, "×");

// The draft's pick order in words (3v3: the sides alternate from the first picker, 2011 §二.1.3 a),
// 2012 §3.1.3; 1v1: the printed order, 2014 1v1 §二.(一).2.(2)), the step now running marked.
function draftOrder(view, me) {
  const mode = view?.mode || {};
  let steps = null;
  let done = 0;
  let total = 0;
  if (mode.pick_order) {
    steps = mode.pick_order;
    done = Object.values(mode.taken || {}).reduce((n, l) => n + l.length, 0);
    total = (mode.candidates || []).length;
  } else if (mode.draft_order && mode.first_picker) {
    const second = mode.first_picker === "cold" ? "warm" : "cold";
    steps = mode.draft_order.map((k, i) => [i % 2 ? second : mode.first_picker, k]);
    done = Object.values(mode.picks || {}).reduce((n, l) => n + l.length, 0);
    total = (mode.candidates || []).length;
  }
  if (!steps) return "";
  const mine = me != null ? (mode.sides || [])[me] : null;
  const one = mode.kind === "1v1";
  const sum = steps.reduce((n, [, k]) => n + k, 0);
  let before = 0;
  const items = steps.map(([who, k], i) => {
    const last = i === steps.length - 1 && sum === total;   // the remaining general goes to the last step
    const person = who === mine ? (one ? "you" : "us") : mine ? (one ? "opp" : "them") : "side";
    const text = t(`sg.order_${last ? "last_" : ""}${person}`, { n: k, side: tr("sg." + who, who) });
    const state = done >= before + k ? "done" : done >= before ? "now" : "";
    before += k;
    return el("li", { class: state, "aria-current": state === "now" ? "step" : null }, state === "now" ? `▶ ${text}` : text);
  });
  return el("div", { class: "sg-order", id: "draft-order" }, el("strong", {}, t("sg.draft_order") + COLON()), el("ol", {}, items));
}

function skillChip(id, extra = {}) {
  const s = DATA.skills[id];
  return withInfo(el("button", { class: `sg-skill${s?.compulsory ? " compulsory" : ""}${s?.lord ? " lord" : ""}${extra.class ? " " + extra.class : ""}`,
    type: "button", dataset: { skill: id }, "aria-pressed": extra.pressed, onclick: extra.onclick }, skillName(id)), skillInfo(id));
}

function hpBar(p) {
  return el("span", { class: "sg-hp", role: "img", "aria-label": `${t("sg.hp")} ${p.hp}/${p.max_hp}`, title: `${p.hp}/${p.max_hp}` },
    "♥".repeat(Math.max(0, p.hp)), el("span", { class: "lost" }, "♡".repeat(Math.max(0, p.max_hp - Math.max(0, p.hp)))));
}

// The identity card a seat shows: 3v3 commander (帅) or vanguard (锋) once the identity cards are
// taken, "?" before; 1v1 the role (lord / renegade).
function identity(p, view) {
  const mode = view.mode || {};
  const side = p.side || (mode.sides ? mode.sides[p.seat] : "");
  if (mode.kind === "1v1") return side ? { text: t(`sg.${side}_short`), title: t(`sg.${side}`) } : { text: "?", title: t("sg.identity_unknown") };
  const cmd = mode.commanders;
  if (!cmd) return { text: "?", title: t("sg.identity_unknown") };
  const commander = Object.values(cmd).includes(p.seat);
  return { text: t(commander ? "sg.commander_short" : "sg.vanguard_short"), title: t(commander ? "sg.commander" : "sg.vanguards") };
}

const SLOTS = ["weapon", "armor", "defensive_horse", "offensive_horse"];

function seatPanel(p, view, ctx, targets) {
  const me = p.seat === ctx.seat;
  const mode = view.mode || {};
  const upright = mode.upright ? mode.upright[p.seat] : true;
  const side = p.side || (mode.sides ? mode.sides[p.seat] : "");
  const id = identity(p, view);
  const equip = el("div", { class: "sg-equip-area", role: "group", "aria-label": t("sg.equipment") }, SLOTS.map((slot) => p.equipment?.[slot]
    ? el("div", { class: "sg-equip", dataset: { slot } }, cardChip(p.equipment[slot]),
      slot.endsWith("_horse") ? el("span", { class: "sg-horse" }, tr(`sg.slot_${slot}`, slot)) : null)
    : el("div", { class: "sg-equip empty", dataset: { slot } }, tr(`sg.slot_${slot}`, slot))));
  const judge = (p.judgement || []).map((j) => el("span", { class: "sg-judge", title: j.as ? cardName(j.as) : "" }, cardChip(j.card), j.as ? ` ${cardName(j.as)}` : ""));
  const piles = Object.entries(p.piles || {}).map(([k, v]) => el("div", { class: "muted" }, `${skillName(k)}: `, Array.isArray(v) ? v.map((c) => cardChip(c)) : v));
  // a teammate (3v3): never styled as an enemy, neither "in range" nor as a red target
  const mySide = ctx.seat != null ? view.players[ctx.seat]?.side || (mode.sides ? mode.sides[ctx.seat] : "") : "";
  const mate = !me && !!side && side === mySide;
  const reach = view.reach;
  let dist = "";
  if (me && reach) dist = el("span", { class: "sg-reach", title: t("sg.attack_range") }, `⚔ ${t("sg.attack_range")} ${reach.attack_range}`);
  else if (reach && reach.distance[p.seat] != null) {
    const d = reach.distance[p.seat];
    // attack range marks enemies; a teammate's seat shows its distance only
    const inRange = d <= reach.attack_range && !mate;
    dist = el("span", { class: `sg-reach${inRange ? " in-range" : ""}` }, `${t("sg.distance")} ${d}${inRange ? " · " + t("sg.in_range") : ""}`);
  }
  const targetable = targets.has(p.seat);
  const chosen = ui.seat === p.seat;
  const label = `${seatLabel(p.seat, view)}${side ? ", " + t("sg." + side) : ""}${p.general ? `, ${t("sg.hp")} ${p.hp}/${p.max_hp}` : ""}`;
  const panel = el("div", {
    class: `sg-seat ${side || ""}${view.current === p.seat ? " current" : ""}${p.alive || !p.general ? "" : " dead"}${me ? " me" : ""}${mate ? " mate" : ""}${targetable ? " targetable" : ""}${chosen ? " chosen" : ""}`,
    dataset: { seat: p.seat, area: `seat${p.seat}` }, role: targetable ? "button" : "group", tabindex: targetable ? "0" : null, "aria-label": targetable ? `${t("sg.target")}: ${label}` : label,
  },
  el("div", { class: "sg-head" },
    el("span", { class: `sg-identity${upright ? "" : " sideways"}`, title: `${id.title}${mode.upright ? " · " + t(upright ? "sg.upright" : "sg.sideways") : ""}` }, id.text),
    ` ${seatName(p.seat)}${side ? " · " + t("sg." + side) : ""}`),
  el("div", { class: "sg-name" }, p.general ? withInfo(el("span", { tabindex: "0" }, generalName(p.general)), generalInfo(p.general)) : "—",
    p.general && p.kingdom ? el("span", { class: `sg-kingdom k-${p.kingdom}` }, kingdomName(p.kingdom)) : ""),
  p.general ? hpBar(p) : "",
  el("div", { class: "muted" }, `${t("sg.hand")}: ${p.hand_count}${p.face_up === false ? " · " + t("sg.face_down") : ""}${p.alive || !p.general ? "" : " · " + t("sg.dead")}`, dist ? " · " : "", dist),
  p.general ? equip : "", judge.length ? el("div", { class: "sg-judgement" }, t("sg.judgement") + ": ", judge) : "", piles);
  if (targetable) {
    panel.addEventListener("click", (e) => { if (!e.target.closest(".sg-card, .sg-name span")) pickSeat(p.seat, ctx); });
    panel.addEventListener("keydown", (e) => { if (e.target === panel && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pickSeat(p.seat, ctx); } });
  }
  return panel;
}

function generalInfo(id) {
  const g = DATA.generals[id];
  return { title: generalName(id), sub: g ? `${kingdomName(g.kingdom)} · ${g.hp}` : "", text: g ? g.skills.map((s) => `${skillName(s)}: ${textOf(DATA.skills[s])}`).join("\n") : "" };
}

export function renderView(box, view, ctx) {
  const mode = view.mode || {};
  const me = ctx.seat;
  const d = ctx.mine ? ctx.decision : null;
  const drafting = view.players.some((p) => !p.general) && view.current === -1;
  if (drafting && mode.kind) {
    const cands = mode.candidates || [];
    box.append(el("h3", {}, t("sg.draft")));
    // while another seat picks: the pool and the pick order (this seat's own draft decision shows both)
    if (cands.length && d?.kind !== "draft") {
      box.append(draftOrder(view, me), el("div", { class: "sg-gtiles sg-pool", id: "pool" }, cands.map((id) => id ? generalTile(id) : takenTile())));
    }
    for (const [side, picks] of Object.entries(mode.picks || mode.taken || {})) {
      box.append(el("div", { class: "sg-picks", dataset: { side } }, el("strong", {}, tr("sg." + side, seatName(Number(side))) + COLON()),
        picks.map((g, i) => [i ? " · " : "", withInfo(el("span", { tabindex: "0" }, generalName(g)), generalInfo(g))]).flat()));
    }
  }
  // the table: seats in turn order (counter-clockwise), your seat at the bottom
  const groups = playGroups(d);
  const targets = new Set(ui.source ? (groups.get(ui.source) || []).flatMap(seatsOf) : []);
  const order = view.order?.length ? view.order : view.players.map((p) => p.seat);
  const anchor = me != null ? order.indexOf(me) : Math.max(0, order.indexOf(mode.commanders?.cold ?? order[0]));
  const ring = el("div", { class: `sg-ring${drafting ? " drafting" : ""}`, id: "ring" });
  const n = order.length;
  order.forEach((s, i) => {
    const k = (i - anchor + n) % n;
    const phi = (2 * Math.PI * k) / n;
    const panel = seatPanel(view.players[s], view, ctx, targets);
    panel.style.left = `${50 + 36 * Math.sin(phi)}%`;
    panel.style.top = `${50 + 38 * Math.cos(phi)}%`;
    panel.style.order = String(k === 0 ? n : k);   // the narrow layout lists the others first, yours last
    ring.append(panel);
  });
  ring.append(el("div", { class: "sg-centre" },
    el("div", {}, el("span", { id: "sg-pile" }, `${t("sg.draw_pile")}: ${view.draw_pile}`), ` · ${t("sg.discard_pile")}: ${view.discard_count ?? ""}`),
    view.phase ? el("div", {}, `${t("sg.phase")}: ${tr("sg.phase_" + view.phase, view.phase)}`) : "",
    view.processing?.length ? el("div", { class: "sg-processing", dataset: { area: "processing", from: `#ring .sg-seat[data-seat="${view.current}"]` } },
      view.processing.map((c) => cardFace(c))) : "",
    view.discard_pile?.length ? el("div", { class: "sg-discards", dataset: { area: "discards" } }, view.discard_pile.slice(-4).map((c) => cardChip(c))) : ""));
  box.append(ring);
  // the information panel, between the seats and the hand (on a wide screen a shown text stays at the
  // bottom of the screen while the table scrolls; on a phone it keeps its place, app.css)
  const info = el("div", { class: "sg-info", id: "sg-info", "aria-live": "polite" });
  fillInfo(info);
  box.append(info);
  // your hand and your general's skills
  const mine = me != null ? view.players[me] : null;
  if (mine && mine.hand && (mine.hand.length || !drafting)) {
    const sources = new Set(groups.keys());
    // a response or a discard answered by a hand card: the card itself answers when clicked
    const answers = new Map(d && d.kind !== "play" ? (d.options || [])
      .filter((o) => Array.isArray(o) && (o[0] === "card" || o[0] === "discard") && typeof o[1] === "string")
      .map((o) => [o[1], o]) : []);
    box.append(el("h3", {}, t("sg.your_hand")), el("div", { class: "sg-hand", id: "hand", dataset: { area: "hand", from: "#sg-pile" } }, mine.hand.map((c) => sources.has(c)
      ? cardFace(c, { class: `playable${ui.source === c ? " selected" : ""}`, pressed: ui.source === c ? "true" : "false",
        onclick: () => { ui.source = c; ui.seat = null; ctx.refresh(); } })
      : answers.has(c) ? cardFace(c, { class: "playable answer", onclick: () => ctx.send(answers.get(c)) })
      : cardFace(c))));
    if (mine.general && DATA.generals[mine.general]) {
      box.append(el("div", { class: "sg-myskills", id: "my-skills", role: "group", "aria-label": t("sg.skills") }, el("strong", {}, `${generalName(mine.general)} · ${t("sg.skills")}: `),
        DATA.generals[mine.general].skills.map((s) => skillChip(s, { class: sources.has(`skill:${s}`) ? `usable${ui.source === `skill:${s}` ? " selected" : ""}` : "",
          pressed: sources.has(`skill:${s}`) ? String(ui.source === `skill:${s}`) : null,
          onclick: sources.has(`skill:${s}`) ? () => { ui.source = `skill:${s}`; ui.seat = null; ctx.refresh(); } : null }))));
    }
  }
}
