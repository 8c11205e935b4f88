"""generals.yaml against the reference §3.1/§3.3 tables, the preset pools and the ``generals`` export."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from tablesport.games.sanguosha import generals_cli

# Reference §3.1: kingdom, max HP, gender of every general a seed preset can field (gods excluded, D6).
REFERENCE_31 = {
    "cao_cao": ("wei", 4, "male"), "sima_yi": ("wei", 3, "male"), "xiahou_dun": ("wei", 4, "male"),
    "zhang_liao": ("wei", 4, "male"), "xu_chu": ("wei", 4, "male"), "guo_jia": ("wei", 3, "male"),
    "zhen_ji": ("wei", 3, "female"), "liu_bei": ("shu", 4, "male"), "guan_yu": ("shu", 4, "male"),
    "zhang_fei": ("shu", 4, "male"), "zhuge_liang": ("shu", 3, "male"), "zhao_yun": ("shu", 4, "male"),
    "ma_chao": ("shu", 4, "male"), "huang_yueying": ("shu", 3, "female"), "sun_quan": ("wu", 4, "male"),
    "gan_ning": ("wu", 4, "male"), "lu_meng": ("wu", 4, "male"), "huang_gai": ("wu", 4, "male"),
    "zhou_yu": ("wu", 3, "male"), "da_qiao": ("wu", 3, "female"), "lu_xun": ("wu", 3, "male"),
    "sun_shangxiang": ("wu", 3, "female"), "hua_tuo": ("qun", 3, "male"), "lu_bu": ("qun", 4, "male"),
    "diao_chan": ("qun", 3, "female"), "xiahou_yuan": ("wei", 4, "male"), "cao_ren": ("wei", 4, "male"),
    "huang_zhong": ("shu", 4, "male"), "wei_yan": ("shu", 4, "male"), "xiao_qiao": ("wu", 3, "female"),
    "zhou_tai": ("wu", 4, "male"), "zhang_jiao": ("qun", 3, "male"), "yu_ji": ("qun", 3, "male"),
    "meng_huo": ("shu", 4, "male"), "sun_jian": ("wu", 4, "male"), "xu_huang": ("wei", 4, "male"),
    "pang_de": ("qun", 4, "male"), "zhuge_jin": ("wu", 3, "male"),
}
# Reference §3.3: the compulsory (锁定技) and lord (主公技) skills.
COMPULSORY = {"kongcheng", "mashu", "qicai", "jiuyuan", "qianxun", "wushuang", "kuanggu", "hongyan",
              "huoshou"}
LORD = {"hujia", "jijiang", "jiuyuan", "huangtian"}


def test_reference_31_every_general_kingdom_hp_gender() -> None:
    """Reference §3.1: 38 generals (standard 25, Wind 8, four 2012 Myth Returns, Zhuge Jin)."""
    rows = generals_cli.load_generals()
    assert len(rows) == 38
    assert {g["id"]: (g["kingdom"], g["hp"], g["gender"]) for g in rows} == REFERENCE_31
    assert all(g["name_zh"] and all(s["name_zh"] for s in g["skills"]) for g in rows)


def test_reference_33_compulsory_and_lord_flags() -> None:
    """Reference §3.3 labels: compulsory and lord skills as printed (Roar carries no label, §3.3 #10)."""
    skills = {s["id"]: s for g in generals_cli.load_generals() for s in g["skills"]}
    assert {k for k, s in skills.items() if s.get("compulsory")} == COMPULSORY
    assert {k for k, s in skills.items() if s.get("lord")} == LORD


@pytest.mark.parametrize(
    ("preset", "size", "absent"),
    [
        ("sgs-3v3-2011", 32, {"yu_ji", "meng_huo", "zhuge_jin"}),
        ("sgs-3v3-2014", 32, {"yu_ji", "sun_jian", "pang_de"}),
        ("sgs-1v1-2014", 29, {"sun_quan", "cao_cao", "hua_tuo", "lu_meng", "zhuge_jin"}),
        ("sgs-3v3-2012", 32, {"lu_meng", "xiahou_dun", "cao_ren", "wei_yan", "zhang_jiao", "yu_ji"}),
    ],
)
def test_reference_31_pools(preset: str, size: int, absent: set[str]) -> None:
    """Reference §3.1 pools: [S11]/[S14] 32 (no Yu Ji), [S14] 1v1 bans four, [S12] §2.2.1 swaps in five."""
    pool = generals_cli.preset_pools()[preset]
    assert len(pool) == len(set(pool)) == size
    assert not absent & set(pool)


def _cli() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def group() -> None:
        """sanguosha"""

    generals_cli.register(app)
    return app


def test_generals_json_export_format() -> None:
    """Issue 4 data export: the exact row fields, one preset's pool."""
    out = CliRunner().invoke(_cli(), ["generals", "--preset", "sgs-3v3-2012", "--json"])
    assert out.exit_code == 0
    rows = json.loads(out.output)
    assert len(rows) == 32
    jin = next(r for r in rows if r["id"] == "zhuge_jin")
    assert list(jin) == ["id", "name", "name_zh", "kingdom", "hp", "gender", "skills", "presets"]
    assert jin["presets"] == ["sgs-3v3-2012"]
    assert jin["skills"][0] == {"id": "huanshi", "name": "Delayed Release", "name_zh": "缓释",
                                "compulsory": False, "lord": False}
    every = json.loads(CliRunner().invoke(_cli(), ["generals", "--json"]).output)
    assert len(every) == 38
    yu_ji = next(r for r in every if r["id"] == "yu_ji")
    assert yu_ji["presets"] == ["sgs-1v1-2014"]


def test_generals_unknown_preset_is_refused() -> None:
    out = CliRunner().invoke(_cli(), ["generals", "--preset", "sgs-9v9", "--json"])
    assert out.exit_code == 2
    assert "known:" in out.output
