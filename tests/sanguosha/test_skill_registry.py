"""The skill registry (skill.py): one class per skill id, timings from the closed Timing set, and a
load that is all or nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tablesport.games.sanguosha.skill import (
    SKILLS,
    Skill,
    SkillRegistryError,
    load_all,
    load_modules,
    register,
)
from tablesport.games.sanguosha.timing import Timing

GOOD = '''
from tablesport.games.sanguosha.skill import Skill, register
from tablesport.games.sanguosha.timing import Timing


@register
class Probe(Skill):
    id = "probe_good"
    timings = frozenset({Timing.DRAW_PHASE})
'''


def test_a_second_class_under_a_taken_id_is_refused() -> None:
    load_all()

    class Again(Skill):
        id = "yingzi"

    with pytest.raises(SkillRegistryError, match="'yingzi' .* already registered by .*Yingzi"):
        register(Again)
    assert type(SKILLS["yingzi"]).__name__ == "Yingzi"


def test_timings_must_be_members_of_the_closed_set() -> None:
    class Loose(Skill):
        id = "probe_loose"
        timings = frozenset({"after_drawing"})  # type: ignore[arg-type]

    with pytest.raises(SkillRegistryError, match="after_drawing.*not timings"):
        register(Loose)

    class NoId(Skill):
        timings = frozenset({Timing.DRAW_PHASE})

    with pytest.raises(SkillRegistryError, match="has no id"):
        register(NoId)
    assert "probe_loose" not in SKILLS


def test_a_failed_load_leaves_nothing_half_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "probe_skills"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "good.py").write_text(GOOD)
    (pkg / "zbad.py").write_text("raise ImportError('a broken skill module')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ["probe_skills.good", "probe_skills.zbad"]
    try:
        with pytest.raises(ImportError, match="broken"):
            load_modules(names)
        assert "probe_good" not in SKILLS
        assert not any(n.startswith("probe_skills") for n in sys.modules)
        (pkg / "zbad.py").write_text("")
        load_modules(names)          # fixed: the whole load goes through, the good skill registered once
        assert type(SKILLS["probe_good"]).__name__ == "Probe"
    finally:
        SKILLS.pop("probe_good", None)
        for n in [n for n in sys.modules if n.startswith("probe_skills")]:
            del sys.modules[n]
