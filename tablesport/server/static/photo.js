// The referee's photo of a finished Blokus board (templates/referee/photo.html): the photo is read by
// the server, the reading drawn over it as 400 tappable squares, each tap re-checked by the server.
import { t } from "/static/common.js";
import { readPhoto } from "/static/photo_upload.js";

const CYCLE = [".", "B", "Y", "R", "G"];
const FILL = { B: "rgba(20,90,255,0.55)", Y: "rgba(255,215,0,0.6)", R: "rgba(235,30,40,0.55)",
               G: "rgba(0,170,80,0.55)", ".": "rgba(255,255,255,0.01)" };
const base = location.pathname.replace(/\/$/, "");
const csrf = document.getElementById("photo-csrf").value;
const status = document.getElementById("photo-status");
const svg = document.getElementById("photo-cells");
const form = document.getElementById("photo-sheet");
let rows = [];
let doubt = new Set();

// The map from the unit square (a20 at 0,0; t1 at 1,1) onto the grid's four corners in the photo.
function squareToQuad(p) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = p;
  const dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3;
  let g = 0, h = 0;
  if (sx || sy) {
    const den = dx1 * dy2 - dx2 * dy1;
    g = (sx * dy2 - dx2 * sy) / den;
    h = (dx1 * sy - sx * dy1) / den;
  }
  const a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, d = y1 - y0 + g * y1, e = y3 - y0 + h * y3;
  return (u, v) => { const w = g * u + h * v + 1; return [(a * u + b * v + x0) / w, (d * u + e * v + y0) / w]; };
}

function paint(cell) {
  const ch = rows[+cell.dataset.y][+cell.dataset.x];
  cell.setAttribute("fill", FILL[ch]);
  cell.dataset.value = ch;
}

function draw(corners) {
  const at = squareToQuad(corners);
  svg.replaceChildren();
  for (let y = 0; y < 20; y++) {
    for (let x = 0; x < 20; x++) {
      const pts = [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]].map(([u, v]) => at(u / 20, v / 20));
      const cell = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
      cell.setAttribute("points", pts.map((p) => p.join(",")).join(" "));
      cell.dataset.x = x;
      cell.dataset.y = y;
      cell.id = `cell-${String.fromCharCode(97 + x)}${20 - y}`;
      cell.setAttribute("class", doubt.has(`${x},${y}`) ? "cell doubt" : "cell");
      cell.setAttribute("vector-effect", "non-scaling-stroke");
      cell.addEventListener("click", () => tap(cell));
      paint(cell);
      svg.append(cell);
    }
  }
}

async function tap(cell) {
  const x = +cell.dataset.x, y = +cell.dataset.y;
  const next = CYCLE[(CYCLE.indexOf(rows[y][x]) + 1) % CYCLE.length];
  rows[y] = rows[y].slice(0, x) + next + rows[y].slice(x + 1);
  cell.classList.add("tapped");
  paint(cell);
  await check();
}

function show(colours) {
  const problems = [];
  colours.forEach((c) => {
    const row = form.querySelector(`tr[data-colour="${c.colour}"]:not(.last-row)`);
    row.querySelector(".left").textContent = c.problems.length ? "?" : c.squares_left;
    row.querySelector(".score").textContent = c.score ?? (c.problems.length ? "?" : "…");
    form.querySelector(`tr.last-row[data-colour="${c.colour}"]`).hidden = !c.all_placed;
    for (const p of c.problems) problems.push(`${t("photo.colour." + c.colour)}: ${p}`);
  });
  const box = document.getElementById("photo-problems");
  box.hidden = problems.length === 0;
  box.querySelector("ul").replaceChildren(...problems.map((p) => {
    const li = document.createElement("li"); li.textContent = p; return li;
  }));
  document.getElementById("photo-rows").value = rows.join("/");
  document.getElementById("photo-enter").disabled = problems.length > 0;
}

let checks = 0;

async function check() {
  // taps come faster than the checks' answers, which may arrive out of order: only the last tap's shows
  const mine = ++checks;
  const body = new URLSearchParams({ rows: rows.join("/"), csrf });
  const r = await fetch(`${base}/check`, { method: "POST", body, headers: { "x-csrf-token": csrf } });
  if (!r.ok) return;
  const got = await r.json();
  if (mine === checks) show(got.colours);
}

document.getElementById("photo-zoom").addEventListener("click", (ev) => {
  const on = document.getElementById("photo-view").classList.toggle("zoomed");
  ev.target.setAttribute("aria-pressed", String(on));
});

document.getElementById("photo-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  const got = await readPhoto(file, `${base}/read`, csrf, status);
  if (!got) {
    document.getElementById("photo-view").hidden = form.hidden = true;
    return;
  }
  rows = got.rows.slice();
  doubt = new Set(got.doubt.map(([x, y]) => `${x},${y}`));
  status.textContent = doubt.size ? t("photo.doubt", { n: doubt.size }) : "";
  document.getElementById("photo-img").src = got.photo;
  document.getElementById("photo-read").value = got.rows.join("/");
  document.getElementById("photo-corners").value = JSON.stringify(got.corners);
  document.getElementById("photo-data").value = got.photo;
  document.getElementById("photo-view").hidden = false;
  document.getElementById("photo-hint").hidden = false;
  form.hidden = false;
  draw(got.corners);
  show(got.colours);
});
