"""The machine a benchmark ran on, for the figures it writes."""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path
from typing import Any


def machine() -> dict[str, Any]:
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "system": f"{platform.system()} {platform.release()}",
    }


RESULTS_DIR = Path(__file__).parent / "results"


def save_results(name: str, out: dict[str, Any]) -> Path:
    """Write a benchmark's figures to bench/results/<name>.json (the one place they go)."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{name}.json"
    path.write_text(json.dumps(out, indent=2) + "\n")
    return path
