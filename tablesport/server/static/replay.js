// The replay page: steps through the public views of a finished game.
import { el, genericView, describeEvent, describeResult, gameModule, loadHant, t } from "/static/common.js";
import { settle } from "/static/motion.js";

const root = document.getElementById("replay");
const $ = (id) => document.getElementById(id);
let frames = [];
let at = 0;
let game = null;
let timer = null;
let resultText = "";

function show(i) {
  const before = at;
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  $("slider").value = at;
  $("stepno").textContent = at;
  $("step").textContent = f.text ?? (f.step ? JSON.stringify(f.step) : "");
  $("log").replaceChildren(...f.events.map((ev) => el("li", {}, ev.text ?? describeEvent(ev))));
  // the winner only once the replay reaches the end
  $("result").textContent = at === frames.length - 1 ? resultText : "";
  const box = $("view");
  box.replaceChildren();
  if (game?.renderView) {
    try {
      game.renderView(box, f.view, { seat: null, replay: true, t, el });
      settle(box, { fresh: Math.abs(at - before) !== 1 });  // one step: its moves in motion (motion.js)
    } catch (e) { console.error(e); box.replaceChildren(genericView(f.view)); }
  } else box.append(genericView(f.view));
  root.dataset.step = at;
}

(async () => {
  await loadHant();
  game = await gameModule(root.dataset.game);
  if (game?.init) await game.init();
  const data = await (await fetch(root.dataset.frames)).json();
  frames = data.frames;
  $("slider").max = frames.length - 1;
  $("stepmax").textContent = frames.length - 1;
  resultText = data.result_text || describeResult(data.result);
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(at - 1);
  $("next").onclick = () => show(at + 1);
  $("last").onclick = () => show(frames.length - 1);
  $("slider").oninput = (e) => show(Number(e.target.value));
  $("play").onclick = () => {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(() => { if (at >= frames.length - 1) { clearInterval(timer); timer = null; } else show(at + 1); }, 700);
  };
  show(0);
  root.dataset.ready = "1";
})();
