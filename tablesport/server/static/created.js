// The page of a new table's links: each link shown whole (with this site's address) and remembered in
// this browser's "my tables" (mine.js). Kept out of the page itself: the page's policy runs no inline script.
import { rememberSeat } from "/static/mine.js";

const list = document.getElementById("seat-links");
for (const input of document.querySelectorAll("input.copy")) input.value = location.origin + input.value;
for (const a of document.querySelectorAll("a.seat-link")) {
  rememberSeat({ table: list.dataset.table, seat: Number(a.dataset.seat), url: a.getAttribute("href"), preset: list.dataset.preset });
}
