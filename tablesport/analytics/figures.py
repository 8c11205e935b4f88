"""The report's figures (matplotlib, SVG). Every title names the sample size."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: Path) -> str:
    fig.tight_layout()
    fig.savefig(path, format="svg")
    _plt().close(fig)
    return path.name


def rate_bars(path: Path, title: str, labels: Sequence[str], rows: Sequence[dict[str, Any]],
              fair: float | None = None) -> str:
    """Win rates with their Wilson 95 % intervals, one bar per row (rows carry rate, lo, hi, n)."""
    plt = _plt()
    height = max(2.5, 0.28 * len(rows) + 1.2)
    fig, ax = plt.subplots(figsize=(7, height))
    y = list(range(len(rows)))
    rates = [r["rate"] for r in rows]
    err = [[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]]
    ax.barh(y, rates, xerr=err, color="#4c78a8", ecolor="#333333", capsize=2)
    ax.set_yticks(y, [f"{lab} (n={r['n']})" for lab, r in zip(labels, rows, strict=True)], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (Wilson 95 % interval)")
    if fair is not None:
        ax.axvline(fair, color="#e45756", linestyle="--", linewidth=1, label=f"fair share {fair:.2f}")
        ax.legend(loc="lower right", fontsize=8)
    ax.set_title(title, fontsize=10)
    return _save(fig, path)


def count_bars(path: Path, title: str, labels: Sequence[str], counts: Sequence[int]) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, max(2.2, 0.3 * len(labels) + 1.2)))
    y = list(range(len(labels)))
    ax.barh(y, counts, color="#72b7b2")
    ax.set_yticks(y, list(labels), fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("games")
    ax.set_title(title, fontsize=10)
    return _save(fig, path)


def histogram(path: Path, title: str, values: Sequence[int], xlabel: str) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.hist(values, bins=min(40, max(5, len(set(values)))), color="#54a24b")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=10)
    return _save(fig, path)


def position_plot(path: Path, title: str, rows: Sequence[dict[str, Any]]) -> str:
    """Per pick position: how often the pick was fielded, and the side's win rate when it was."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    x = [r["position"] for r in rows]
    ax.errorbar(x, [r["rate"] for r in rows], yerr=[[r["rate"] - r["lo"] for r in rows],
                                                      [r["hi"] - r["rate"] for r in rows]],
                fmt="o-", capsize=3, label="side's win rate when fielded")
    ax.plot(x, [r["fielded_rate"] for r in rows], "s--", label="fielded")
    ax.set_ylim(0, 1)
    ax.set_xticks(x)
    ax.set_xlabel("the side's n-th pick")
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=10)
    return _save(fig, path)


def effect_plot(path: Path, title: str, labels: Sequence[str],
                series: dict[str, Sequence[dict[str, Any]]]) -> str:
    """Effects in win-rate points with their 95 % intervals, one row per label and one marker per series
    (rows carry effect, lo, hi, n)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, max(3.0, 0.3 * len(labels) + 1.4)))
    offsets = [0.18 * (i - (len(series) - 1) / 2) for i in range(len(series))]
    for off, (name, rows) in zip(offsets, series.items(), strict=True):
        y = [i + off for i in range(len(rows))]
        ax.errorbar([r["effect"] for r in rows], y, xerr=[[r["effect"] - r["lo"] for r in rows],
                                                          [r["hi"] - r["effect"] for r in rows]],
                    fmt="o", markersize=3, capsize=2, label=name)
    first = next(iter(series.values()))
    ax.set_yticks(list(range(len(labels))),
                  [f"{lab} (n={r['n']})" for lab, r in zip(labels, first, strict=True)], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0, color="#888888", linewidth=1)
    ax.set_xlabel("effect on the side's win rate (points, 95 % interval)")
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(title, fontsize=10)
    return _save(fig, path)
