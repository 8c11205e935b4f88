"""What a browser test needs to see moves in motion (static/motion.js): every element that had the class
``ts-moving`` on the page, recorded as it happens (a move lasts a fraction of a second)."""

from __future__ import annotations

from typing import Any

RECORDER = """
window.__moved = [];
new MutationObserver((records) => {
  for (const r of records) {
    const n = r.target;
    if (n.classList && n.classList.contains("ts-moving")) {
      window.__moved.push(n.dataset.card || n.dataset.tile || n.dataset.arrive || n.tagName);
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""


def watch_moves(context: Any) -> None:
    """Record the moves of every page opened in ``context`` from now on."""
    context.add_init_script(RECORDER)


def moved(page: Any) -> list[str]:
    """What moved on the page so far: card and tile ids, arrival keys."""
    return list(page.evaluate("window.__moved"))
