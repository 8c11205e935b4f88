// Goofspiel: the prize card, every seat's points and bids, your hand as cards to click.
import { el, t, seatName } from "/static/common.js";

const rank = (token) => Number(String(token).split(":")[1]);

export function renderView(box, view, ctx) {
  box.append(el("div", { class: "gs-prize" }, `${t("gs.prize")}: `,
    el("span", { class: "playing-card prize", id: "prize", dataset: view.prize == null ? {} : { arrive: `prize-${view.prizes_left}` } }, view.prize ?? "—"),
    el("span", { class: "muted" }, ` ${t("gs.prizes_left")}: ${view.prizes_left}`)));
  const rows = view.won.map((w, s) => el("tr", { dataset: { seat: s } },
    el("td", {}, seatName(s)), el("td", {}, `${t("gs.won")}: ${w}`),
    el("td", {}, `${view.cards_left[s]} ${t("gs.cards_left")}`),
    el("td", {}, view.has_bid[s] ? t("gs.has_bid") : "")));
  box.append(el("table", { class: "list" }, rows));
  if (view.hand) {
    const bidding = ctx.mine ? new Set((ctx.decision?.options || []).map(Number)) : new Set();
    box.append(el("h3", {}, t("gs.your_hand")));
    box.append(el("div", { id: "hand" }, view.hand.map((c) => {
      const r = rank(c);
      return bidding.has(r)
        ? el("button", { class: "playing-card", dataset: { card: c }, onclick: () => ctx.send(r) }, r)
        : el("span", { class: "playing-card", dataset: { card: c } }, r);
    })));
    if (view.my_bid) box.append(el("p", {}, `${t("gs.my_bid")}: ${rank(view.my_bid)}`));
  }
  if (view.history.length) {
    box.append(el("h3", {}, t("gs.history")));
    box.append(el("ol", { class: "gs-history" }, view.history.map((h) =>
      el("li", {}, `${t("gs.prize")} ${h.prize}: ${h.bids.map(rank).join(" / ")} → ${h.winner == null ? "—" : seatName(h.winner)}`))));
  }
}
