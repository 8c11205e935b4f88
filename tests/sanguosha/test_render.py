"""The Sanguosha terminal view: the renderer on built positions, and whole games played through
``tablesport play`` over a pipe (always answering option 0)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from rich.console import Console

from tablesport.core import Rng
from tablesport.games import find_preset
from tablesport.games.sanguosha.bots import HeuristicBot
from tablesport.games.sanguosha.render import render
from tablesport.games.sanguosha.scenario import build
from tablesport.games.sanguosha.state import SgsState
from tests.installed_env import cli

ROOT = Path(__file__).resolve().parents[2]


def text_of(renderable: object, width: int = 160) -> str:
    console = Console(width=width, record=True, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_seat_rows_show_generals_hp_equipment_judgement_and_hand() -> None:
    g, _ = build({"preset": "sgs-1v1-2014", "players": [
        {"side": "cold", "general": "guan_yu", "hp": 3, "hand": ["slash S7", "peach H3"],
         "equip": ["qinggang_sword", "eight_diagrams"]},
        {"side": "warm", "general": "diao_chan", "judge": ["indulgence S6"], "equip": ["chitu"]},
    ]})
    g.run()
    out = text_of(render(g.view(0), g.pending(), 0))
    for want in ("Guan Yu 关羽", "Diao Chan 貂蝉", "♥♥♥♡ 3/4", "Qinggang Sword ♠6", "Eight Diagrams ♠2",
                 "Chitu ♥5", "judged Indulgence ♠6", "your hand:", "Slash ♠7", "Peach ♥3", "your decision",
                 "play: Use a card"):
        assert want in out, want
    # the other seat sees the hand count, not the cards
    other = text_of(render(g.view(1), None, 1))
    assert "Slash ♠7" not in other and "Peach ♥3" not in other


def test_3v3_rows_show_identity_cards_upright_and_sideways() -> None:
    """Action units (2012 §3.3.1): an identity card turns sideways when its character acts."""
    _, rs = find_preset("sgs-3v3-2012")
    g = SgsState(rs, 2)
    bot = HeuristicBot(Rng(0))
    while (d := g.pending()) is not None and all(g.mode.get("upright", [True])):
        g.apply(d.seats[0], bot.act(g, d.seats[0], d))
    out = text_of(render(g.view(0), d, 0))
    assert "commander ▬" in out or "vanguard ▬" in out
    assert "commander ▮" in out or "vanguard ▮" in out
    assert "identity card: ▮ upright" in out


def _play(preset: str, seed: int, extra: list[str]) -> str:
    env = {**os.environ, "COLUMNS": "160", "TERM": "dumb"}
    proc = subprocess.run(
        [*cli(), "play", preset, "--seed", str(seed), *extra],
        input="0\n" * 20000, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_play_a_whole_3v3_game_over_a_pipe() -> None:
    out = _play("sgs-3v3-2012", 3, ["--seat", "0"])
    for want in ("draft", "candidates", "cold picks:", "warm picks:", "your decision", "⏱ 10 s",
                 "pick_identity", "field:", "commander ▮", "▬", "♥", "your hand:", "respond", "game over"):
        assert want in out, want
    assert "end of input" not in out


def test_play_a_whole_1v1_game_over_a_pipe() -> None:
    out = _play("sgs-1v1-2014", 4, [])
    for want in ("draft", "(face down)", "seat 0 took:", "lord", "renegade", "· 3 left", "⏱ 15 s",
                 "your hand:", "game over"):
        assert want in out, want
    assert "end of input" not in out
