// The referee's photos of the losers' racks (templates/referee/rack_photo.html): each photo is read by
// the server, the tiles drawn over it, a tap opens the tile's editor; the totals come from the server.
// Where tiles touch and may be miscounted (the reading's count regions), a dashed outline and a line
// under the photo ask the referee to count them; a tile missing there is added to the codes typed.
import { t } from "/static/common.js";
import { readPhoto } from "/static/photo_upload.js";

const base = location.pathname.replace(/\/$/, "");
const table = new URLSearchParams(location.search).get("table");
const csrf = document.getElementById("photo-csrf").value;
const form = document.getElementById("rack-sheet");
const editor = document.getElementById("tile-editor");
const racks = new Map(); // card → {tiles: [{code, doubt, corners, tapped}], count: [{corners, read}]}
let editing = null; // [card, index]

function codes(card) { return card.querySelector(".rack-codes"); }

function draw(card) {
  const svg = card.querySelector(".rack-tiles");
  const got = racks.get(card);
  const NS = "http://www.w3.org/2000/svg";
  svg.replaceChildren();
  got.tiles.forEach((tile, i) => {
    const g = document.createElementNS(NS, "g");
    const poly = document.createElementNS(NS, "polygon");
    poly.setAttribute("points", tile.corners.map((p) => p.join(",")).join(" "));
    poly.setAttribute("class", `tile${tile.doubt && !tile.tapped ? " doubt" : ""}${tile.tapped ? " tapped" : ""}`);
    poly.setAttribute("vector-effect", "non-scaling-stroke");
    poly.id = `tile-${card.dataset.i}-${i}`;
    poly.dataset.code = tile.code;
    poly.addEventListener("click", () => open(card, i));
    g.append(poly);
    svg.append(g);
  });
  for (const region of got.count) {
    const poly = document.createElementNS(NS, "polygon");
    poly.setAttribute("points", region.corners.map((p) => p.join(",")).join(" "));
    poly.setAttribute("class", "count-here");
    poly.setAttribute("vector-effect", "non-scaling-stroke");
    svg.append(poly);
  }
  codes(card).value = got.tiles.map((x) => x.code).join(" ");
}

function open(card, i) {
  editing = [card, i];
  const code = racks.get(card).tiles[i].code;
  document.getElementById("tile-face").value = code === "J" ? "J" : code.slice(1);
  if (code !== "J") document.getElementById("tile-colour").value = code[0];
  editor.hidden = false;
  editor.scrollIntoView({ block: "nearest" });
}

function close(change) {
  const [card, i] = editing;
  const tiles = racks.get(card).tiles;
  change(tiles, i);
  editor.hidden = true;
  editing = null;
  draw(card);
  check();
}

document.getElementById("tile-ok").addEventListener("click", () => close((tiles, i) => {
  const face = document.getElementById("tile-face").value;
  tiles[i].code = face === "J" ? "J" : document.getElementById("tile-colour").value + face;
  tiles[i].tapped = true;
}));
document.getElementById("tile-drop").addEventListener("click", () => close((tiles, i) => tiles.splice(i, 1)));

function inDoubt() {
  return [...racks.values()].some((r) => r.tiles.some((x) => x.doubt && !x.tapped));
}

let checks = 0;

async function check() {
  // edits come faster than the checks' answers, which may arrive out of order: only the last edit's shows
  const mine = ++checks;
  const body = new URLSearchParams([...new FormData(form)].filter(([k]) => !k.startsWith("photo_")));
  const r = await fetch(`${base}/check?table=${table}`, { method: "POST", body, headers: { "x-csrf-token": csrf } });
  const got = await r.json().catch(() => ({ message: "?" }));
  if (mine !== checks) return;
  const problem = document.getElementById("rack-problem");
  problem.hidden = r.ok && !inDoubt();
  problem.textContent = r.ok ? t("rack.in_doubt_left") : got.message;
  document.getElementById("rack-enter").disabled = !problem.hidden;
  for (const card of form.querySelectorAll(".rack-card")) {
    const v = r.ok ? got.racks[card.dataset.player] : undefined;
    card.querySelector(".rack-total").textContent =
      v === undefined ? "—" : (typeof v === "object" ? `${t("never_melded")} −${v.never_melded}` : `−${v}`);
  }
}

function winner() {
  const w = document.getElementById("rack-winner").value;
  for (const card of form.querySelectorAll(".rack-card")) card.hidden = card.dataset.player === w;
  check();
}

document.getElementById("rack-winner").addEventListener("change", winner);
for (const input of form.querySelectorAll(".rack-codes, .rack-never")) input.addEventListener("change", check);

for (const card of form.querySelectorAll(".rack-card")) {
  card.querySelector(".rack-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const status = card.querySelector(".rack-status");
    const got = await readPhoto(file, `${base}/read?table=${table}`, csrf, status);
    if (!got) {
      card.querySelector(".rack-view").hidden = true;
      card.querySelector(".rack-count").hidden = true;
      return;
    }
    racks.set(card, { tiles: got.tiles.map((x) => ({ ...x, tapped: false })), count: got.count || [] });
    card.querySelector(".rack-count").hidden = !(got.count || []).length;
    const doubt = got.tiles.filter((x) => x.doubt).length;
    status.textContent = `${t("rack.found", { n: got.tiles.length })}${doubt ? " " + t("rack.doubt", { n: doubt }) : ""}`;
    card.querySelector(".rack-img").src = got.photo;
    card.querySelector(".rack-read").value = got.tiles.map((x) => x.code).join(" ");
    card.querySelector(".rack-photo").value = got.photo;
    card.querySelector(".rack-view").hidden = false;
    draw(card);
    check();
  });
}

winner();
