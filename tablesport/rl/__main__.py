"""``python -m tablesport.rl [PRESET ...]``: each preset's action space and observation blocks
(every preset when none is named)."""

from __future__ import annotations

import sys

from tablesport.games import all_presets

from .aec import encoder_for


def describe(preset: str) -> str:
    _, _, encoder = encoder_for(preset)
    lines = [f"{preset}: Discrete({encoder.actions}) actions, Box({encoder.size},) observation"]
    lines += [f"  {name:<16} {shape:<12} {text}" for name, shape, text in encoder.features.rows()]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    for preset in argv or sorted(all_presets()):
        print(describe(preset))


if __name__ == "__main__":
    main(sys.argv[1:])
