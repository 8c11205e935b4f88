// Monopoly Deal: every player's bank and property sets (complete sets marked, House/Hotel), the draw and
// discard piles, the action being answered; your hand: click a card for what it can do (bank it, lay it as a
// colour, play it at a player or a card); Just Say No prompts, payments by ticking table cards, the hand limit;
// the end table with every player's value. Your hand comes first, above the players' tables, so that it is
// in view when your turn starts (on a phone too). Money is "3M" in English and "3百万" / "3百萬" in Chinese.
import { el, t, seatName, setNamer, LANG } from "/static/common.js";

let DATA = { cards: {}, colours: {} };
// movesOpen: the rearranging moves are unfolded (kept from one frame to the next)
const ui = { picked: null, asked: null, paying: new Set(), movesOpen: false };

export async function init() {
  const r = await fetch("/api/v1/games/monopoly-deal/names");
  if (r.ok) DATA = await r.json();
  setNamer((v) => (DATA.cards[v] ? cardLabel(v) : DATA.colours[v] ? colourName(v) : null));
}

const card = (id) => DATA.cards[id] || { name: id, kind: "", value: 0 };
const keyOf = (id) => String(id).replace(/-\d+$/, "");
const tx = (key, fmt) => (t(key, fmt) === key ? null : t(key, fmt));
// an amount of money in the page's language ("3M", "3百万")
export const money = (n) => t("md.money", { n });

export function colourName(c) {
  return tx(`md.colour.${c}`) || DATA.colours[c]?.name || c;
}

// A card's name in the page's language: English names from the game data; in Chinese, kind and colours.
function cardName(id) {
  const c = card(id);
  if (c.kind === "money") return money(c.value);
  if (LANG === "en") return c.name;
  const cols = c.colours === "any" ? [t("md.any_colour")] : (c.colours || []).map(colourName);
  if (c.kind === "property") return t("md.card.property", { colour: cols[0] });
  // colours listed as the event log lists them (server/content/texts.py LIST_SEP)
  if (c.kind === "wild") return t("md.card.wild", { colours: cols.join("、") });
  if (c.kind === "rent") return t("md.card.rent", { colours: cols.join("、") });
  return t(`md.kind.${c.kind}`);
}

// A card in words: its name, and the value of an action or rent card ("Sly Deal (3M)").
export function cardLabel(id) {
  const c = card(id);
  return ["money", "property", "wild"].includes(c.kind) ? cardName(id) : `${cardName(id)} (${money(c.value)})`;
}

// the colours of the property sets (drawn, not copied: plain CSS colours)
const HUE = { brown: "#8b5a2b", light_blue: "#90cdf4", pink: "#d53f8c", orange: "#dd6b20", red: "#c53030",
  yellow: "#ecc94b", green: "#2f855a", dark_blue: "#2c5282", railroad: "#1a202c", utility: "#a0c4a0" };

function band(c) {
  const cols = c.colours === "any" ? Object.keys(HUE) : c.colours || [];
  if (!cols.length) return "";
  const stops = cols.map((k, i) => `${HUE[k] ?? "#ccc"} ${(i * 100) / cols.length}% ${((i + 1) * 100) / cols.length}%`);
  return `linear-gradient(90deg, ${stops.join(", ")})`;
}

// A card drawn as a card: the colour band of its set(s), its value in the corner, its name.
function face(id, extra = {}, tag = "span") {
  const c = card(id);
  const colour = c.kind === "property" ? c.colours[0] : "";
  const cls = `md-card md-${c.kind}${colour ? " md-c-" + colour : ""}${extra.class ? " " + extra.class : ""}`;
  const bg = band(c);
  const label = `${cardLabel(id)}${c.kind === "money" ? "" : ` · ${money(c.value)}`}`;
  return el(tag, { role: tag === "span" ? "img" : null, ...extra, class: cls, dataset: { card: id, ...(extra.dataset || {}) },
    "aria-label": label, title: label },
    bg ? el("span", { class: "md-band", style: `background:${bg}`, "aria-hidden": "true" }) : null,
    el("span", { class: "md-value", "aria-hidden": "true" }, money(c.value)),
    el("span", { class: "md-name", "aria-hidden": "true" }, cardName(id)));
}
const chip = (id, extra = {}) => face(id, extra);

function player(view, s, me) {
  const p = view.players[s];
  const from = `.md-player[data-seat="${s}"] h4`;  // a card new to this player's bank or sets comes from their hand
  const bankValue = p.bank.reduce((a, id) => a + card(id).value, 0);
  const sets = p.sets.map((st, i) => el("div", {
    class: `md-set md-c-${st.colour}${st.complete ? " complete" : ""}`, style: `--set:${HUE[st.colour] ?? "#ccc"}`,
    dataset: { colour: st.colour, complete: st.complete ? "1" : "0", index: i, area: `set${s}${st.colour}`, from },
  }, el("div", { class: "md-set-head" }, `${colourName(st.colour)} ${st.cards.length}/${DATA.colours[st.colour]?.size ?? "?"}`,
       st.complete ? el("strong", {}, ` ✔ ${t("md.complete")}`) : null, ` · ${t("md.rent")} ${money(st.rent)}`),
     st.cards.map((id) => chip(id)), st.house ? chip(st.house) : null, st.hotel ? chip(st.hotel) : null));
  return el("div", { class: `md-player${s === view.turn ? " on-turn" : ""}${s === me ? " me" : ""}`, dataset: { seat: s } },
    el("h4", {}, `${seatName(s)}${s === view.turn ? " ◀" : ""}`),
    el("p", { class: "muted" }, `${t("md.hand")}: ${p.hand_count} · ${t("md.bank")}: ${money(bankValue)} · ${t("md.value")}: ${money(p.value)} · `
      + `${t("md.complete_sets")}: ${p.complete_colours.length}`),
    el("div", { class: "md-bank", dataset: { area: `bank${s}`, from } }, p.bank.map((id) => chip(id))),
    el("div", { class: "md-sets" }, sets));
}

function actionLine(view) {
  const a = view.action;
  if (!a) return null;
  const what = tx(`md.kind.${a.kind}`) || a.kind;
  return el("p", { id: "md-action", class: "md-action" },
    t("md.action_line", { actor: seatName(a.actor), action: what, target: seatName(a.target) }),
    a.amount ? ` · ${money(a.amount)}` : "", a.just_say_no ? ` · ${t("md.kind.just_say_no")} ×${a.just_say_no}` : "");
}

export function renderView(box, view, ctx) {
  const me = ctx.seat;
  box.append(el("div", { class: "md-piles" },
    el("span", { id: "md-draw" }, `${t("md.draw_pile")}: ${view.draw_count}`), " · ",
    el("span", { id: "md-discard", dataset: { area: "discard", from: `.md-player[data-seat="${view.turn}"] h4` } }, `${t("md.discard_pile")}: `, view.discard.length ? chip(view.discard[view.discard.length - 1], { class: "mini" }) : "—"),
    " · ", `${t("md.plays")}: ${view.plays}/${view.max_plays}`));
  const line = actionLine(view);
  if (line) box.append(line);
  if (view.hand) {  // first, right under the decision: in view when the turn starts, before the players' tables
    const d = ctx.mine ? ctx.decision : null;
    const playable = new Set();
    if (d?.kind === "play") for (const o of d.options) if (o[0] !== "end" && o[0] !== "move") playable.add(keyOf(o[1]));
    box.append(el("h3", { class: "md-hand-head" }, t("md.your_hand"),
      playable.size ? el("span", { class: "muted" }, ` · ${t("md.hand_tip")}`) : null));
    box.append(el("div", { id: "md-hand", dataset: { area: "hand", from: "#md-draw" } }, view.hand.map((id) => (playable.has(keyOf(id))
      ? face(id, { class: `playable${ui.picked === keyOf(id) ? " picked" : ""}`, "aria-pressed": String(ui.picked === keyOf(id)),
                   onclick: () => { ui.picked = keyOf(id); ctx.refresh(); } }, "button")
      : chip(id)))));
  }
  box.append(el("div", { class: "md-players" }, view.players.map((_, s) => player(view, s, me))));
  if (view.reason) {
    const rows = view.players.map((p, s) => el("tr", { dataset: { seat: s } }, el("td", {}, seatName(s)),
      el("td", {}, money(p.value)), el("td", {}, String(p.complete_colours.length)),
      el("td", {}, view.winner === s ? t("md.three_sets") : "")));
    box.append(el("h3", {}, t("md.final_values")),
      el("table", { id: "md-values", class: "list" },
        el("tr", {}, el("th", {}, ""), el("th", {}, t("md.value")), el("th", {}, t("md.complete_sets")), el("th", {}, "")), rows));
  }
}

// An option in words.
function optionLabel(o) {
  const [verb] = o;
  if (verb === "bank") return t("md.opt.bank");
  if (verb === "property") return t("md.opt.property", { colour: colourName(o[2]) });
  if (verb === "move") return t("md.opt.move", { card: cardLabel(o[1]), colour: colourName(o[2]) });
  if (verb === "house" || verb === "hotel") return t(`md.opt.${verb}`, { set: o[2] });
  if (verb === "pass_go" || verb === "birthday") return t(`md.opt.${verb}`);
  if (verb === "debt_collector") return t("md.opt.debt_collector", { seat: seatName(o[2]) });
  if (verb === "sly_deal") return t("md.opt.sly_deal", { card: cardLabel(o[2]) });
  if (verb === "forced_deal") return t("md.opt.forced_deal", { give: cardLabel(o[2]), take: cardLabel(o[3]) });
  if (verb === "deal_breaker") return t("md.opt.deal_breaker", { seat: seatName(o[2]), set: o[3] });
  if (verb === "rent") {
    const who = o[3] === null ? t("md.everyone") : seatName(o[3]);
    return t("md.opt.rent", { colour: colourName(o[2]), who }) + (o[4].length ? ` ×${2 ** o[4].length}` : "");
  }
  return JSON.stringify(o);
}

function playDecision(box, d, ctx) {
  if (ui.asked !== d) { ui.asked = d; }
  const opts = d.options;
  box.append(el("p", { class: "muted" }, t("md.pick_a_card")));
  if (ui.picked) {
    const mine = opts.map((o, i) => [o, i]).filter(([o]) => o[0] !== "end" && o[0] !== "move" && keyOf(o[1]) === ui.picked);
    box.append(el("div", { id: "md-options", class: "options" }, mine.map(([o, i]) =>
      el("button", { class: "md-option option", dataset: { index: i, verb: o[0] }, onclick: () => { ui.picked = null; ctx.send(o); } },
        optionLabel(o)))));
  }
  box.append(el("button", { id: "md-end", onclick: () => { ui.picked = null; ctx.send(["end"]); } }, t("md.end_turn")));
  // the free rearranging of wildcards: folded under its count, so that many moves never push the hand down
  const moves = opts.filter((o) => o[0] === "move");
  if (moves.length) {
    const fold = el("details", { id: "md-moves-box", ontoggle: () => { ui.movesOpen = fold.open; } },
      el("summary", {}, `${t("md.rearrange")} (${moves.length})`),
      el("div", { id: "md-moves", class: "options" },
        moves.map((o) => el("button", { class: "md-move option", onclick: () => ctx.send(o) }, optionLabel(o)))));
    fold.open = !!ui.movesOpen;
    box.append(fold);
  }
  return true;
}

function respondDecision(box, d, ctx) {
  const a = d.data.action;
  const canSay = d.options.some((o) => o[0] === "just_say_no");
  box.append(el("div", { id: "md-respond", class: "md-prompt" },
    el("p", {}, t("md.action_line", { actor: seatName(a.actor), action: tx(`md.kind.${a.kind}`) || a.kind, target: seatName(a.target) }),
      a.amount ? ` · ${money(a.amount)}` : "", a.take ? ` · ${cardLabel(a.take)}` : "",
      a.just_say_no ? ` · ${t("md.kind.just_say_no")} ×${a.just_say_no}` : ""),
    el("button", { id: "md-accept", onclick: () => ctx.send(["accept"]) }, t("md.accept")),
    canSay ? el("button", { id: "md-jsn", onclick: () => ctx.send(["just_say_no"]) }, t("md.play_jsn")) : null));
  return true;
}

function payDecision(box, d, ctx) {
  if (ui.asked !== d) { ui.asked = d; ui.paying = new Set(); }
  const debt = d.data.debt;
  const total = () => [...ui.paying].reduce((a, id) => a + card(id).value, 0);
  const sum = el("span", { id: "md-pay-total" }, `${money(total())} / ${money(debt)}`);
  const go = el("button", { id: "md-pay", onclick: () => ctx.send(["pay", [...ui.paying]]) }, t("md.pay"));
  go.disabled = total() < debt;
  const rows = d.data.payable.map((id) => {
    const box2 = el("input", { type: "checkbox", class: "md-pay", dataset: { card: id } });
    box2.checked = ui.paying.has(id);
    box2.addEventListener("change", () => {
      if (box2.checked) ui.paying.add(id); else ui.paying.delete(id);
      sum.textContent = `${money(total())} / ${money(debt)}`;
      go.disabled = total() < debt;
    });
    return el("label", { class: "md-pay-card" }, box2, ` ${cardName(id)} (${money(card(id).value)})`);
  });
  box.append(el("p", {}, t("md.pay_prompt", { debt: money(debt), seat: seatName(d.data.to) })),
    el("div", { id: "md-pay-list" }, rows), el("p", {}, `${t("md.paying")}: `, sum), go);
  return true;
}

function discardDecision(box, d, ctx) {
  const hand = ctx.frame?.view?.hand || [];
  const listed = new Set(d.options.map((o) => keyOf(o[1])));
  box.append(el("p", {}, t(d.data.to === "draw_bottom" ? "md.discard_bottom" : "md.discard_pile_prompt", { n: d.data.extra })),
    el("div", { id: "md-discard-choice" }, hand.filter((id) => listed.has(keyOf(id))).map((id) =>
      face(id, { class: "playable", onclick: () => ctx.send(["discard", id]) }, "button"))));
  return true;
}

export function renderDecision(box, d, ctx) {
  if (d.kind === "play") return playDecision(box, d, ctx);
  if (d.kind === "respond") return respondDecision(box, d, ctx);
  if (d.kind === "pay") return payDecision(box, d, ctx);
  if (d.kind === "discard") return discardDecision(box, d, ctx);
  return false;
}
