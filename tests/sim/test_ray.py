"""The Ray engine gives the same games as the local one (a small local Ray runtime, 2 CPUs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray")
pytest.importorskip("pyarrow")

from tablesport.sim.batch import simulate  # noqa: E402
from tablesport.sim.stream import simulate_to_dataset  # noqa: E402

from .test_dataset import rows_by_index  # noqa: E402


@pytest.fixture(scope="module")
def ray_runtime() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize(("preset", "games", "bots"), [
    ("goofspiel-2p", 30, "random"),
    ("sgs-3v3-2012", 6, "cold=random,warm=random"),
])
def test_ray_and_local_give_the_same_rows(ray_runtime: Any, tmp_path: Path, preset: str, games: int,
                                          bots: str) -> None:
    local = simulate_to_dataset(preset, games, 11, tmp_path / "local", bots=bots)
    remote = simulate_to_dataset(preset, games, 11, tmp_path / "ray", bots=bots, engine="ray", workers=2,
                                 chunk=4)
    assert remote["engine"] == "ray" and remote["written"] == games
    assert local["run"] == remote["run"]
    assert rows_by_index(tmp_path / "local") == rows_by_index(tmp_path / "ray")


def test_ray_summary_matches_local(ray_runtime: Any) -> None:
    a = simulate("goofspiel-3p", 20, 5).to_json()
    b = simulate("goofspiel-3p", 20, 5, workers=2, engine="ray").to_json()
    assert a["results"] == b["results"] and a["avg_decisions"] == b["avg_decisions"]


def test_ray_resume_skips_what_is_there(ray_runtime: Any, tmp_path: Path) -> None:
    simulate_to_dataset("goofspiel-2p", 8, 3, tmp_path / "d", engine="ray", workers=2, chunk=3)
    again = simulate_to_dataset("goofspiel-2p", 20, 3, tmp_path / "d", engine="ray", workers=2, resume=True)
    assert (again["skipped"], again["written"]) == (8, 12)
    assert [r["index"] for r in rows_by_index(tmp_path / "d")] == list(range(20))
