import { t, seatName, el, hasText } from "/static/common.js";
import { showMyTables } from "/static/mine.js";

showMyTables();

const select = document.getElementById("preset");
const box = document.getElementById("seat-choices");

function seatRows() {
  const opt = select.selectedOptions[0];
  if (!opt) return;
  const n = Number(opt.dataset.seats);
  const bots = opt.dataset.bots.split(",").filter(Boolean);
  const roles = (opt.dataset.roles || "").split(",").filter(Boolean);   // what each seat is (Sanguosha: commander, side)
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let i = 0; i < n; i++) {
    const choices = [el("option", { value: "person" }, t("person"))];
    for (const b of bots) choices.push(el("option", { value: `bot:${b}`, selected: i > 0 && b === opt.dataset.defaultBot }, `${t("bot")}: ${hasText(`botname.${b}`) ? t(`botname.${b}`) : b}`));
    box.append(el("label", { class: "seat-choice" }, seatName(i) + " ", el("select", { name: `seat${i}`, id: `seat${i}` }, choices),
      roles[i] ? el("span", { class: "seat-role", id: `seat${i}-role` }, t(roles[i])) : null));
  }
  box.querySelector(".people-only")?.remove();
  if (opt.dataset.peopleOnly) box.append(el("p", { class: "people-only muted", id: "people-only" }, t("lobby.people_only")));
}
select.addEventListener("change", seatRows);
seatRows();
