// Ticket to Ride: the USA map drawn from the game data (cities at their real coordinates, routes in their
// colour, claimed routes in their owner's colour), click a route to claim it and choose the cards; the
// face-up row and the blind pile; your hand and tickets (completed ones marked); every player's cards,
// tickets, trains and longest path; the longest path on the map (outlined black for every player who holds
// it; a player's length in the table shows that player's path: hover, focus or press it); the ticket choice;
// the final scoring table. On a narrow screen the whole map fits the width: a tap zooms in there (or the
// zoom button), and in the zoomed map, which slides, a tap claims the nearest claimable route within a
// finger's reach.
import { el, t, seatName, nameOf, LANG, NONCE } from "/static/common.js";

let DATA = { cities: {}, routes: {}, tickets: {}, colours: [] };
// pathSeat: the player whose longest path the map shows (pressed in the table), null: every holder's
// zoom: null (the whole map) or where the zoomed map is slid to ({ left, top } px, or { fx, fy }: the point
// of the map, as fractions of its size, to centre); reveal: the payments of a route just tapped to bring into view
const ui = { route: null, keep: new Set(), keepKey: "", pathSeat: null, zoom: null, reveal: false };
const SVG = "http://www.w3.org/2000/svg";
const W = 1000, H = 620, PAD = 40;
const ZOOM = 3;          // the zoomed map is this many times the width of its box
const NARROW = "(max-width: 700px)";   // a screen where a tap on the whole map zooms in instead of claiming
const FINGER = 22;       // px: a tap claims the nearest claimable route this close to it
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
.ttr-map-area { width: 100%; max-width: 1000px; min-width: 0; flex: 1 1 100%; }
.ttr-map-box { width: 100%; min-width: 0; }
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
.ttr-map-box.zoomed { overflow: auto; max-height: 65vh; overscroll-behavior: contain; }
.ttr-map-box.zoomed .ttr-map { width: ${ZOOM * 100}%; max-width: none; display: block; }
.ttr-zoom-bar { display: none; gap: .2rem .6rem; align-items: center; flex-wrap: wrap; margin-bottom: .3rem; font-size: .9rem; }
.ttr-zoom-bar button { min-height: 2.75rem; }
@media ${NARROW} {
  /* a phone: the whole map fits the width; a tap or the zoom button zooms in, and the zoomed map slides */
  /* the draw choices above the map, compact: one row that wraps */
  .ttr-wrap > .ttr-draw { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; width: 100%; }
  .ttr-wrap > .ttr-draw > .ttr-row { display: contents; }
  .ttr-wrap > .ttr-draw .ttr-card { width: auto; min-width: 2.9rem; padding: 0 .3rem; height: 2.75rem; }
  .ttr-wrap > .ttr-draw button:not(.ttr-card) { min-height: 2.75rem; }
  .ttr-zoom-bar { display: flex; }
  .ttr-side { min-width: 0; }
  .ttr-players, .ttr-final { font-size: .85rem; }
  .ttr-players td, .ttr-final td, .ttr-final th { padding: .1rem .25rem; }
  /* the final table's seven columns share the width: their words wrap instead of widening the page */
  .ttr-final { width: 100%; table-layout: fixed; }
  .ttr-final td, .ttr-final th { overflow-wrap: anywhere; }
}
#ttr-offered .ttr-offer { display: block; padding: .35rem 0; }
.ttr-keep-row { display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: center; margin-top: .3rem; }
#ttr-keep-why { color: #9c4221; font-weight: bold; }
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
  const reach = new Map();   // a claimable route → its line on the map, for a tap near it
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
    if (claims.has(id)) reach.set(id, ends);
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
  map.addEventListener("click", (e) => tapMap(e, map, reach, ctx));
  return map;
}

// A tap (or click) on the map. The whole map on a phone: zoom in there. Else the claimable route nearest to
// the tap within a finger's reach is chosen: its payments show under the map.
function tapMap(e, map, reach, ctx) {
  const area = map.closest(".ttr-map-area");
  if (!ui.zoom && area && window.matchMedia?.(NARROW).matches) {
    const r = map.getBoundingClientRect();
    ui.zoom = { fx: (e.clientX - r.left) / r.width, fy: (e.clientY - r.top) / r.height };
    applyZoom(area);
    return;
  }
  const id = nearestRoute(map, e.clientX, e.clientY, reach);
  if (id == null || !ctx.refresh) return;
  ui.route = id;
  ui.reveal = true;
  ctx.refresh();
}

function nearestRoute(map, x, y, reach) {
  const m = map.getScreenCTM();
  if (!m || !reach.size) return null;
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  let best = null, bestD = FINGER / m.a;   // a finger's reach in the map's units
  for (const [id, e] of reach) {
    const dx = e.x2 - e.x1, dy = e.y2 - e.y1;
    const f = Math.max(0, Math.min(1, ((p.x - e.x1) * dx + (p.y - e.y1) * dy) / (dx * dx + dy * dy || 1)));
    const d = Math.hypot(p.x - (e.x1 + f * dx), p.y - (e.y1 + f * dy));
    if (d <= bestD) { best = id; bestD = d; }
  }
  return best;
}

// The zoom bar and the map box as ui.zoom says: the whole map, or the zoomed map slid to its place.
function applyZoom(area) {
  const box = area.querySelector(".ttr-map-box");
  const zoomed = !!ui.zoom;
  box.classList.toggle("zoomed", zoomed);
  const button = area.querySelector("#ttr-zoom");
  button.textContent = t(zoomed ? "ttr.zoom_out" : "ttr.zoom_in");
  button.setAttribute("aria-pressed", String(zoomed));
  area.querySelector("#ttr-zoom-hint").textContent = t(zoomed ? "ttr.zoomed_hint" : "ttr.zoom_hint");
  if (!zoomed) return;
  if (ui.zoom.fx != null) {
    box.scrollLeft = ui.zoom.fx * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = ui.zoom.fy * box.scrollHeight - box.clientHeight / 2;
  } else {
    box.scrollLeft = ui.zoom.left;
    box.scrollTop = ui.zoom.top;
  }
  ui.zoom = { left: box.scrollLeft, top: box.scrollTop };
}

function mapArea(view, ctx, claims) {
  const box = el("div", { class: "ttr-map-box", tabindex: "0", role: "region", "aria-label": t("ttr.map"),
    onscroll: () => { if (ui.zoom && box.classList.contains("zoomed")) ui.zoom = { left: box.scrollLeft, top: box.scrollTop }; } },
    drawMap(view, ctx, claims));
  const area = el("div", { class: "ttr-map-area" });
  const bar = el("div", { class: "ttr-zoom-bar" },
    el("button", { type: "button", id: "ttr-zoom", "aria-pressed": "false",
      onclick: () => { ui.zoom = ui.zoom ? null : { fx: 0.5, fy: 0.5 }; applyZoom(area); } }, t("ttr.zoom_in")),
    el("span", { id: "ttr-zoom-hint", class: "muted" }, t("ttr.zoom_hint")));
  area.append(bar, box);
  return area;
}

function cardChip(name, attrs = {}, text = null) {
  const dark = ["blue", "black", "red", "green", "locomotive"].includes(name);
  const { class: extra = "", ...rest } = attrs;   // the caller's classes join the card's (dark text, stripes)
  return el(attrs.onclick ? "button" : "span", { class: `ttr-card${dark ? " dark" : ""}${name === "locomotive" ? " locomotive" : ""} ${extra}`.trim(),
    style: `background:${CARD[name] ?? "#fff"}`, title: cardName(name),
    "aria-label": text != null && text !== cardName(name) ? `${text} × ${cardName(name)}` : cardName(name), ...rest }, text ?? cardName(name));
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
  const area = mapArea(view, ctx, claims);
  wrap.append(area);
  const side = el("div", { class: "ttr-side" });

  // the route chosen on the map: its payments, right under the map
  let pay = null;
  if (ui.route) {
    const r = DATA.routes[ui.route];
    pay = el("div", { class: "ttr-pay", id: "ttr-pay", dataset: { route: ui.route } },
      el("strong", {}, `${cityName(r.a)} – ${cityName(r.b)} (${r.length}): `),
      claims.get(ui.route).map((o) => el("button", { class: "ttr-payment", dataset: { card: o[2], locos: o[3] },
        onclick: () => { ui.route = null; ctx.send(o); } }, payLabel(o, r))),
      el("button", { id: "ttr-pay-cancel", onclick: () => { ui.route = null; ctx.refresh(); } }, t("ttr.cancel")));
    side.append(pay);
  }
  if (claims.size) {
    // the routes that can be claimed, for the keyboard and for small screens (the map's lines are thin)
    const pick = el("select", { id: "ttr-route-list", "aria-label": t("ttr.claim_route"),
      onchange: (e) => { ui.route = e.target.value || null; ui.reveal = true; ctx.refresh(); } },
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


  // face-up row, blind pile, tickets: beside the map; on a phone above it (a turn's choices in the first screen)
  const can = (o) => opts.some((x) => JSON.stringify(x) === JSON.stringify(o));
  const draw = el("div", { class: "ttr-draw", id: "ttr-draw" });
  const row = el("div", { class: "ttr-row", id: "ttr-faceup" }, el("span", {}, `${t("ttr.faceup")}: `),
    view.faceup.map((c, i) => c == null
      ? el("span", { class: "ttr-card" }, "—")
      : cardChip(c, { dataset: { slot: i, card: c }, class: "ttr-card ttr-slot", disabled: !can(["faceup", i]),
        onclick: () => ctx.send(["faceup", i]) })));
  draw.append(row, el("div", { class: "ttr-row" },
    el("button", { id: "ttr-blind", disabled: !can(["blind"]), onclick: () => ctx.send(["blind"]) },
      t("ttr.blind", { n: view.deck })),
    el("button", { id: "ttr-tickets", disabled: !can(["tickets"]), onclick: () => ctx.send(["tickets"]) },
      t("ttr.draw_tickets", { n: view.tickets_left })),
    el("span", { class: "muted" }, `${t("ttr.discards")}: ${view.discard}`)));
  if (window.matchMedia?.(NARROW).matches) wrap.prepend(draw); else side.append(draw);

  // my hand and tickets
  if (view.hand) {
    side.append(el("div", { class: "ttr-row", id: "ttr-hand" }, el("span", {}, `${t("ttr.hand")}: `),
      Object.entries(view.hand).map(([c, n]) => cardChip(c, { dataset: { card: c, count: n } }, `${n}`))));
    // the ticket choice is the decision's own (renderDecision): here only while it is not this seat's to make
    if (view.offered.length && !keepAsked(ctx)) side.append(keepBox(view, ctx));
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
  applyZoom(area);
  if (pay && ui.reveal) pay.scrollIntoView({ block: "nearest" });
  ui.reveal = false;
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

// the ticket choice is this seat's decision now
const keepAsked = (ctx) => ctx.mine && ctx.decision?.kind === "keep_tickets";

// The rule of a ticket choice in words: how many of the n offered may be kept (the preset's keep_min/keep_max).
export function keepRule(lo, hi, n) {
  if (lo === hi) return t("ttr.keep_exactly", { n: lo });
  if (hi >= n) return t("ttr.keep_at_least", { n: lo });
  return t("ttr.keep_range", { lo, hi });
}

// Why the tickets ticked cannot be kept as they are ("" when they can): too few or too many.
export function keepWhy(k, lo, hi) {
  if (k < lo) return t("ttr.keep_more", { k, n: lo - k });
  if (k > hi) return t("ttr.keep_fewer", { k, n: k - hi });
  return "";
}

function keepBox(view, ctx) {
  const d = ctx.decision;
  const key = view.offered.map((tk) => tk.id).join(",");
  if (ui.keepKey !== key) { ui.keepKey = key; ui.keep = new Set(); }
  const n = view.offered.length;   // the engine keeps the bounds within the tickets offered (state.py)
  const lo = Math.min(d?.data?.keep_min ?? 1, n), hi = Math.min(d?.data?.keep_max ?? n, n);
  const chosen = view.offered.filter((tk) => ui.keep.has(tk.id)).map((tk) => tk.id);
  const option = (ctx.mine && Array.isArray(d?.options) ? d.options : [])
    .find((o) => o[0] === "keep" && JSON.stringify(o[1]) === JSON.stringify(chosen));
  const why = ctx.mine ? keepWhy(chosen.length, lo, hi) : "";
  return el("div", { id: "ttr-offered" }, el("h4", {}, t("ttr.choose", { lo, hi }), el("span", { class: "muted" }, ` · ${t("ttr.offer_hint")}`)),
    view.offered.map((tk) => el("label", { class: "ttr-offer", dataset: { ticket: tk.id } },
      el("input", { type: "checkbox", checked: ui.keep.has(tk.id), disabled: !ctx.mine,
        onchange: (e) => { if (e.target.checked) ui.keep.add(tk.id); else ui.keep.delete(tk.id); ctx.refresh(); } }),
      ` ${cityName(tk.a)} – ${cityName(tk.b)} (${tk.points}) `)),
    el("div", { class: "ttr-keep-row" },
      el("button", { id: "ttr-keep", disabled: !option, "aria-describedby": "ttr-keep-rule ttr-keep-why",
        onclick: () => { ui.keep = new Set(); ctx.send(option); } }, t("ttr.keep")),
      el("span", { id: "ttr-keep-rule" }, keepRule(lo, hi, n)),
      el("span", { id: "ttr-keep-why", role: "status", hidden: !why }, why)));
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
  // the tickets to choose from and the button under the prompt: in view when the choice starts, on a phone too
  const view = ctx.frame?.view;
  if (d.kind === "keep_tickets" && view?.offered?.length) box.append(keepBox(view, ctx));
  return true;
}
