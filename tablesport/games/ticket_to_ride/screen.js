// Ticket to Ride: the USA map drawn from the game data (cities at their real coordinates, routes in their
// colour, claimed routes in their owner's colour), click a route to claim it and choose the cards; the
// face-up row and the blind pile; your hand and tickets (completed ones marked); every player's cards,
// tickets, trains and longest path; the longest path on the map (outlined black for every player who holds
// it; a player's length in the table shows that player's path: hover, focus or press it); the ticket choice;
// the final scoring table.
import { el, t, seatName, nameOf, LANG, NONCE } from "/static/common.js";

let DATA = { cities: {}, routes: {}, tickets: {}, colours: [] };
// pathSeat: the player whose longest path the map shows (pressed in the table), null: every holder's
const ui = { route: null, keep: new Set(), keepKey: "", pathSeat: null };
const SVG = "http://www.w3.org/2000/svg";
const W = 1000, H = 620, PAD = 40;
const CARD = { pink: "#e879b9", white: "#f4f4f4", blue: "#2b6cb0", yellow: "#ecc94b", orange: "#ed8936",
  black: "#2d3748", red: "#e53e3e", green: "#38a169", locomotive: "#805ad5", grey: "#a0aec0" };
const SEAT = ["#c53030", "#2f855a", "#2b6cb0", "#d69e2e", "#6b46c1"];

const STYLE = `
.ttr-wrap { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.ttr-map { width: 100%; max-width: 1000px; border: 1px solid #cbd5e0; background: #f7fafc; border-radius: 6px; }
.ttr-map .city circle { fill: #fff; stroke: #2d3748; stroke-width: 2; }
.ttr-map .city .goal-ring { fill: none; stroke: #d69e2e; stroke-width: 3; }
.ttr-map .city .offer-ring { fill: none; stroke: #2b6cb0; stroke-width: 2; stroke-dasharray: 4 3; }
.ttr-side h4 .muted { font-weight: normal; font-size: .85rem; }
.ttr-map .city text { font-size: 11px; fill: #1a202c; paint-order: stroke; stroke: #f7fafc; stroke-width: 3px; }
.ttr-map .hit { stroke: transparent; cursor: default; }
.ttr-map .hit.claimable { cursor: pointer; stroke: rgba(56, 161, 105, .35); }
.ttr-map .hit.claimable:hover { stroke: rgba(56, 161, 105, .6); }
.ttr-map-box { width: 100%; max-width: 1000px; min-width: 0; flex: 1 1 100%; }
@media (max-width: 600px) {
  /* a phone scrolls the map sideways at a readable size instead of shrinking it */
  .ttr-map-box { overflow-x: auto; }
  .ttr-map { min-width: 640px; }
  .ttr-side { min-width: 0; }
}
.ttr-route-pick select { max-width: 100%; }
.ttr-map .hit.chosen { stroke: rgba(214, 158, 46, .5); }
.ttr-map .longest-path { display: none; stroke: #1a202c; stroke-width: 16; stroke-linecap: round; opacity: .9; }
.ttr-map .longest-path.on { display: inline; }
.ttr-map .city.on-path circle:not(.goal-ring):not(.offer-ring) { stroke-width: 3.5; }
.ttr-path-btn { font: inherit; padding: 0 .4rem; min-width: 2.6rem; }
.ttr-path-btn[aria-pressed="true"] { background: #1a202c; color: #fff; }
#ttr-longest { margin: 0; }
.ttr-side { display: flex; flex-direction: column; gap: .6rem; min-width: 18rem; }
.ttr-row { display: flex; gap: .3rem; align-items: center; flex-wrap: wrap; }
.ttr-card { width: 3.4rem; height: 2.3rem; border: 2px solid #4a5568; border-radius: 6px; display: inline-flex;
  align-items: center; justify-content: center; font-size: .75rem; font-weight: bold; color: #1a202c;
  box-shadow: inset 0 0 0 2px #fff8, 0 1px 2px #0003; font-family: inherit; }
.ttr-card.locomotive { background-image: repeating-linear-gradient(45deg, #805ad5, #805ad5 6px, #6b46c1 6px, #6b46c1 12px) !important; }
#ttr-hand .ttr-card { font-size: .95rem; }
.ttr-card.dark { color: #fff; }
button.ttr-card:disabled { opacity: .6; }
.ttr-tickets li.done { color: #2f855a; }
.ttr-tickets li.done::before { content: "✓ "; }
.ttr-players td, .ttr-final td, .ttr-final th { padding: .1rem .5rem; }
.ttr-players tr.turn { font-weight: bold; }
.ttr-pay button { margin: .15rem; }
.ttr-last { color: #c53030; font-weight: bold; }
`;

export async function init() {
  if (!document.getElementById("ttr-style")) {
    document.head.append(el("style", { id: "ttr-style", nonce: NONCE }, STYLE));
  }
  const r = await fetch("/api/v1/games/ticket-to-ride/names");
  if (r.ok) DATA = await r.json();
}

const cityName = (c) => nameOf(DATA.cities[c]) || c;
const cardName = (c) => t(`ttr.card.${c}`);
const svg = (tag, attrs = {}) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

function projection() {
  const cities = Object.values(DATA.cities);
  const k = Math.cos((40 * Math.PI) / 180);
  const xs = cities.map((c) => c.lon * k), ys = cities.map((c) => -c.lat);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const s = Math.min((W - 2 * PAD) / (x1 - x0), (H - 2 * PAD) / (y1 - y0));
  return (c) => [PAD + (c.lon * k - x0) * s, PAD + (-c.lat - y0) * s];
}

// the options of the decision, when it is mine
function myOptions(ctx) {
  const d = ctx.decision;
  return ctx.mine && d && Array.isArray(d.options) ? d.options : [];
}

function drawMap(view, ctx, claims) {
  const at = projection();
  const owner = new Map(view.claimed.map(([r, s]) => [String(r), s]));
  const lastId = view.claimed.length ? String(view.claimed[view.claimed.length - 1][0]) : null;
  // the route → the player whose longest path runs along it (a route has one owner)
  const onPath = new Map(view.players.flatMap((p) => (p.longest_routes || []).map((r) => [String(r), p.seat])));
  // the cities of my tickets still to complete are ringed
  const goals = new Set((view.tickets || []).filter((tk) => !tk.completed).flatMap((tk) => [tk.a, tk.b]));
  const offered = new Set((view.offered || []).flatMap((tk) => [tk.a, tk.b]));   // the tickets to choose from
  const map = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "ttr-map", id: "ttr-map" });
  const hits = svg("g");
  for (const [id, r] of Object.entries(DATA.routes)) {
    const [ax, ay] = at(DATA.cities[r.a]), [bx, by] = at(DATA.cities[r.b]);
    let off = 0;
    if (r.double_of) off = Number(id) < r.double_of ? -5 : 5;
    const len = Math.hypot(bx - ax, by - ay) || 1, nx = (-(by - ay) / len) * off, ny = ((bx - ax) / len) * off;
    const ends = { x1: ax + nx, y1: ay + ny, x2: bx + nx, y2: by + ny };
    const seg = (len - 20) / r.length;
    const who = owner.get(id);
    if (who != null && lastId === id) {
      map.append(svg("line", { ...ends, stroke: "#f6e05e", "stroke-width": onPath.has(id) ? 21 : 17, "stroke-linecap": "round", class: "last-claim",
        "data-arrive": `claim-${view.claimed.length}` }));
    }
    if (onPath.has(id)) {   // shown or not by showPath
      map.append(svg("line", { ...ends, class: "longest-path", "data-route": id, "data-seat": onPath.get(id) }));
    }
    if (who != null) {
      map.append(svg("line", { ...ends, stroke: SEAT[who % SEAT.length], "stroke-width": 9, "stroke-linecap": "round",
        class: "owned", "data-route": id, "data-owner": who }));
    }
    map.append(svg("line", { ...ends, stroke: CARD[r.colour] ?? "#a0aec0", "stroke-width": who != null ? 3 : 5,
      "stroke-dasharray": `${Math.max(2, seg - 3)} 3`, "stroke-dashoffset": -10, class: "route",
      "data-route": id, "data-colour": r.colour }));
    const hit = svg("line", { ...ends, "stroke-width": r.double_of ? 9 : 16, class: `hit${claims.has(id) ? " claimable" : ""}${ui.route === id ? " chosen" : ""}`,
      "data-route": id });
    const title = svg("title");
    title.textContent = `${cityName(r.a)} – ${cityName(r.b)} · ${r.length} · ${t(`ttr.card.${r.colour}`)}`
      + (who != null ? ` · ${seatName(who)}` : "");
    hit.append(title);
    if (claims.has(id)) hit.addEventListener("click", () => { ui.route = id; ctx.refresh(); });
    hits.append(hit);
  }
  for (const [name, c] of Object.entries(DATA.cities)) {
    const [x, y] = at(c);
    const g = svg("g", { class: `city${goals.has(name) ? " goal" : ""}${offered.has(name) ? " offered" : ""}`, "data-city": name });
    if (goals.has(name)) g.append(svg("circle", { cx: x, cy: y, r: 10, class: "goal-ring" }));
    if (offered.has(name)) g.append(svg("circle", { cx: x, cy: y, r: 13, class: "offer-ring" }));
    g.append(svg("circle", { cx: x, cy: y, r: 5 }));
    const label = svg("text", { x: x + 7, y: y - 6 });
    label.textContent = cityName(name);
    g.append(label);
    map.append(g);
  }
  map.append(hits);
  return map;
}

function cardChip(name, attrs = {}, text = null) {
  const dark = ["blue", "black", "red", "green", "locomotive"].includes(name);
  return el(attrs.onclick ? "button" : "span", { class: `ttr-card${dark ? " dark" : ""}${name === "locomotive" ? " locomotive" : ""}`,
    style: `background:${CARD[name] ?? "#fff"}`, title: cardName(name),
    "aria-label": text != null && text !== cardName(name) ? `${text} × ${cardName(name)}` : cardName(name), ...attrs }, text ?? cardName(name));
}

function payLabel(o, r) {
  if (o[2] === "locomotive") return t("ttr.pay_locos", { n: r.length });
  const base = `${r.length - o[3]} × ${cardName(o[2])}`;
  return o[3] ? `${base} + ${o[3]} × ${cardName("locomotive")}` : base;
}

export function renderView(box, view, ctx) {
  const opts = myOptions(ctx);
  const claims = new Map();
  for (const o of opts) if (o[0] === "claim") {
    const k = String(o[1]);
    if (!claims.has(k)) claims.set(k, []);
    claims.get(k).push(o);
  }
  if (ui.route && !claims.has(ui.route)) ui.route = null;
  const wrap = el("div", { class: "ttr-wrap" });
  wrap.append(el("div", { class: "ttr-map-box", tabindex: "0", role: "region", "aria-label": t("ttr.map") }, drawMap(view, ctx, claims)));
  const side = el("div", { class: "ttr-side" });
  if (claims.size) {
    // the routes that can be claimed, for the keyboard and for small screens (the map's lines are thin)
    const pick = el("select", { id: "ttr-route-list", "aria-label": t("ttr.claim_route"),
      onchange: (e) => { ui.route = e.target.value || null; ctx.refresh(); } },
      el("option", { value: "" }, `${t("ttr.claim_route")} (${claims.size})`),
      [...claims.keys()].map((id) => { const r = DATA.routes[id];
        return el("option", { value: id, selected: ui.route === id }, `${cityName(r.a)} – ${cityName(r.b)} · ${r.length} · ${cardName(r.colour)}`); }));
    side.append(el("label", { class: "ttr-route-pick" }, pick));
  }

  if (view.claimed.length) {
    const [rid, who] = view.claimed[view.claimed.length - 1];
    const r = DATA.routes[String(rid)];
    if (r) side.append(el("p", { class: "muted", id: "ttr-last-claim" }, t("ttr.last_claim", { seat: seatName(who), a: cityName(r.a), b: cityName(r.b) })));
  }
  if (view.last_round) side.append(el("p", { class: "ttr-last", id: "ttr-last" }, t("ttr.last_round", { n: view.turns_left })));

  // the route chosen on the map: its payments
  if (ui.route) {
    const r = DATA.routes[ui.route];
    side.append(el("div", { class: "ttr-pay", id: "ttr-pay", dataset: { route: ui.route } },
      el("strong", {}, `${cityName(r.a)} – ${cityName(r.b)} (${r.length}): `),
      claims.get(ui.route).map((o) => el("button", { class: "ttr-payment", dataset: { card: o[2], locos: o[3] },
        onclick: () => { ui.route = null; ctx.send(o); } }, payLabel(o, r))),
      el("button", { id: "ttr-pay-cancel", onclick: () => { ui.route = null; ctx.refresh(); } }, t("ttr.cancel"))));
  }

  // face-up row, blind pile, tickets
  const can = (o) => opts.some((x) => JSON.stringify(x) === JSON.stringify(o));
  const row = el("div", { class: "ttr-row", id: "ttr-faceup" }, el("span", {}, `${t("ttr.faceup")}: `),
    view.faceup.map((c, i) => c == null
      ? el("span", { class: "ttr-card" }, "—")
      : cardChip(c, { dataset: { slot: i, card: c }, class: "ttr-card ttr-slot", disabled: !can(["faceup", i]),
        onclick: () => ctx.send(["faceup", i]) })));
  side.append(row);
  side.append(el("div", { class: "ttr-row" },
    el("button", { id: "ttr-blind", disabled: !can(["blind"]), onclick: () => ctx.send(["blind"]) },
      t("ttr.blind", { n: view.deck })),
    el("button", { id: "ttr-tickets", disabled: !can(["tickets"]), onclick: () => ctx.send(["tickets"]) },
      t("ttr.draw_tickets", { n: view.tickets_left })),
    el("span", { class: "muted" }, `${t("ttr.discards")}: ${view.discard}`)));

  // my hand and tickets
  if (view.hand) {
    side.append(el("div", { class: "ttr-row", id: "ttr-hand" }, el("span", {}, `${t("ttr.hand")}: `),
      Object.entries(view.hand).map(([c, n]) => cardChip(c, { dataset: { card: c, count: n } }, `${n}`))));
    if (view.offered.length) side.append(keepBox(view, ctx));
    side.append(el("h4", {}, t("ttr.your_tickets"), el("span", { class: "muted" }, ` · ${t("ttr.goal_hint")}`)), el("ul", { class: "ttr-tickets", id: "ttr-my-tickets" },
      view.tickets.map((tk) => el("li", { class: tk.completed ? "done" : "", dataset: { ticket: tk.id } },
        `${cityName(tk.a)} – ${cityName(tk.b)} (${tk.points})`))));
  }

  // the players
  side.append(el("table", { class: "ttr-players", id: "ttr-players" },
    el("tr", {}, ["", t("ttr.trains"), t("ttr.cards"), t("ttr.tickets"), t("ttr.points"), t("ttr.longest")]
      .map((h) => el("th", {}, h))),
    view.players.map((p) => el("tr", { class: view.turn === p.seat && view.phase !== "over" ? "turn" : "",
      dataset: { seat: p.seat }, ...pathHover(wrap, view, p) },
      el("td", {}, el("span", { style: `color:${SEAT[p.seat % SEAT.length]}` }, "■ "), seatName(p.seat)),
      el("td", {}, p.trains), el("td", {}, p.cards), el("td", {}, p.tickets), el("td", {}, p.route_points),
      el("td", { class: "longest" }, pathButton(wrap, view, p))))));
  side.append(el("p", { id: "ttr-longest", class: "muted", "aria-live": "polite" }));

  if (view.final) side.append(finalTable(view));
  wrap.append(side);
  box.append(wrap);
  showPath(wrap, view, ui.pathSeat);
}

// a player's longest path in the players' table: pressing it shows that path on the map (pressing again:
// every holder's); focusing the button shows it for as long as the focus stays
function pathButton(wrap, view, p) {
  const label = `${p.longest}${p.has_longest ? " ★" : ""}`;
  if (!p.longest_routes?.length) return label;
  const preview = () => showPath(wrap, view, p.seat);
  const back = () => showPath(wrap, view, ui.pathSeat);
  const button = el("button", { class: "ttr-path-btn", type: "button", dataset: { seat: p.seat },
    "aria-pressed": String(ui.pathSeat === p.seat), title: t("ttr.show_path", { seat: seatName(p.seat) }),
    "aria-label": `${label} · ${t("ttr.show_path", { seat: seatName(p.seat) })}`,
    onclick: () => { ui.pathSeat = ui.pathSeat === p.seat ? null : p.seat; back(); },
    onfocus: preview, onblur: back }, label);
  return button;
}

// hovering a player's row shows that player's longest path while the pointer stays
function pathHover(wrap, view, p) {
  if (!p.longest_routes?.length) return {};
  return { onmouseenter: () => showPath(wrap, view, p.seat), onmouseleave: () => showPath(wrap, view, ui.pathSeat) };
}

const listOf = (items) => new Intl.ListFormat(LANG, { style: "long", type: "conjunction" }).format(items);

// the map outlines the longest path of ``seat`` (null: of every player who holds the longest) and the line
// under the players' table says whose it is and the cities it runs through
function showPath(wrap, view, seat) {
  if (!view.players[seat]?.longest_routes?.length) seat = null;
  const holders = view.players.filter((p) => p.has_longest).map((p) => p.seat);
  const shown = seat == null ? holders : [seat];
  wrap.querySelectorAll("#ttr-map .longest-path").forEach((n) =>
    n.classList.toggle("on", shown.includes(Number(n.dataset.seat))));
  const cities = new Set(shown.flatMap((s) => view.players[s]?.longest_cities || []));
  wrap.querySelectorAll("#ttr-map .city").forEach((n) => n.classList.toggle("on-path", cities.has(n.dataset.city)));
  wrap.querySelectorAll(".ttr-path-btn").forEach((b) =>
    b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === ui.pathSeat)));
  const line = wrap.querySelector("#ttr-longest");
  if (!line) return;
  line.dataset.shown = shown.join(",");
  if (seat != null) {
    const p = view.players[seat];
    line.textContent = t("ttr.path_of", { seat: seatName(seat), n: p.longest,
      cities: (p.longest_cities || []).map(cityName).join(" – ") });
  } else if (holders.length) {
    line.textContent = `${t("ttr.longest_held", { n: view.longest, seats: listOf(holders.map(seatName)) })} · ${t("ttr.path_hint")}`;
  } else line.textContent = "";
}

function keepBox(view, ctx) {
  const d = ctx.decision;
  const key = view.offered.map((tk) => tk.id).join(",");
  if (ui.keepKey !== key) { ui.keepKey = key; ui.keep = new Set(); }
  const lo = d?.data?.keep_min ?? 1, hi = d?.data?.keep_max ?? view.offered.length;
  const chosen = view.offered.filter((tk) => ui.keep.has(tk.id)).map((tk) => tk.id);
  const option = (ctx.mine && Array.isArray(d?.options) ? d.options : [])
    .find((o) => o[0] === "keep" && JSON.stringify(o[1]) === JSON.stringify(chosen));
  return el("div", { id: "ttr-offered" }, el("h4", {}, t("ttr.choose", { lo, hi }), el("span", { class: "muted" }, ` · ${t("ttr.offer_hint")}`)),
    view.offered.map((tk) => el("label", { class: "ttr-offer", dataset: { ticket: tk.id } },
      el("input", { type: "checkbox", checked: ui.keep.has(tk.id), disabled: !ctx.mine,
        onchange: (e) => { if (e.target.checked) ui.keep.add(tk.id); else ui.keep.delete(tk.id); ctx.refresh(); } }),
      ` ${cityName(tk.a)} – ${cityName(tk.b)} (${tk.points}) `)),
    el("button", { id: "ttr-keep", disabled: !option, onclick: () => { ui.keep = new Set(); ctx.send(option); } },
      t("ttr.keep")));
}

function finalTable(view) {
  const rows = [...view.final].sort((a, b) => a.place - b.place);
  return el("div", { id: "ttr-final" }, el("h4", {}, t("ttr.final")),
    el("table", { class: "ttr-final" },
      el("tr", {}, [t("ttr.place"), "", t("ttr.points"), t("ttr.tickets"), t("ttr.longest"), t("ttr.bonus"), t("ttr.total")]
        .map((h) => el("th", {}, h))),
      rows.map((r) => el("tr", { dataset: { seat: r.seat } }, el("td", {}, r.place), el("td", {}, seatName(r.seat)),
        el("td", {}, r.route_points),
        el("td", { title: r.tickets.map((tk) => `${tk.completed ? "✓" : "✗"} ${cityName(tk.a)}–${cityName(tk.b)} ${tk.points}`).join("\n") },
          `${r.ticket_points >= 0 ? "+" : ""}${r.ticket_points} (${r.tickets.filter((tk) => tk.completed).length}/${r.tickets.length})`),
        el("td", {}, r.longest), el("td", {}, r.longest_bonus), el("td", { class: "total" }, r.total)))));
}

export function renderDecision(box, d, ctx) {
  if (!Array.isArray(d.options) || (d.options.length === 1 && d.options[0][0] === "pass")) return false;
  const hint = { turn: "ttr.how_turn", second_card: "ttr.how_second", keep_tickets: "ttr.how_keep" }[d.kind];
  if (!hint) return false;
  box.append(el("p", { id: "ttr-hint" }, t(hint)));
  return true;
}
