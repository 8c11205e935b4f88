"""The 3v3 draft advisor (``tablesport sanguosha advise``): the request is checked against the 2012 seed's
draft (§3.1.3: 16 revealed generals; the first picker takes 1, then 2 each in turn, 15 picks), every bad
request is refused with exit code 2 and a message that says what is allowed; the ranking follows the
tables; the drafter bot drafts legally with it; the heuristic's explore option."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from tablesport.cli import app
from tablesport.core import Rng
from tablesport.games import find_preset
from tablesport.games.sanguosha.advisor import (
    AdvisorError,
    Request,
    Tables,
    advise,
    best_trio,
    draft_sequence,
    load_tables,
    parse_request,
)
from tablesport.games.sanguosha.bots import DrafterBot, HeuristicBot

REVEALED = ["guo_jia", "zhang_liao", "hua_tuo", "diao_chan", "zhuge_liang", "sun_quan", "xiahou_yuan",
            "xiao_qiao", "gan_ning", "cao_cao", "ma_chao", "liu_bei", "lu_bu", "zhen_ji", "zhao_yun",
            "huang_gai"]


def request(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"preset": "sgs-3v3-2012", "generals": list(REVEALED), "first_picker": "warm",
                            "picks": {"warm": ["guo_jia"], "cold": []}, "turn": "cold"}
    return {**base, **over}


def run_cli(payload: str, *args: str) -> Any:
    return CliRunner().invoke(app, ["sanguosha", "advise", *args], input=payload)


def tables(effects: dict[str, tuple[float, float]], synergies: list[dict[str, Any]] | None = None) -> Tables:
    """Hand-made tables: general → (commander effect, vanguard effect) in log-odds, se 0.1."""
    return Tables.from_json({
        "preset": "sgs-3v3-2012", "games": 1000, "roles": ["commander", "vanguard"],
        "generals": {g: {"commander": {"logit": c, "se": 0.1}, "vanguard": {"logit": v, "se": 0.1}}
                     for g, (c, v) in effects.items()},
        "synergies": synergies or []})


def test_the_draft_order_of_the_2012_seed() -> None:
    # 2012 §3.1.3: first picker 1, then 2 each in turn; 15 picks, the 16th general stays
    seq = draft_sequence("sgs-3v3-2012", "warm")
    assert len(seq) == 15
    assert seq[:5] == ["warm", "cold", "cold", "warm", "warm"] and seq.count("cold") == 8


@pytest.mark.parametrize(("change", "says"), [
    ({"generals": REVEALED[:15]}, "16 revealed generals"),
    ({"generals": [*REVEALED[:15], "guo_jia"]}, "revealed twice"),
    ({"generals": [*REVEALED[:15], "no_such_general"]}, "unknown general 'no_such_general'"),
    ({"picks": {"warm": ["guo_jia", "zhang_liao"], "cold": []}}, "hold 1 cold and 1 warm"),
    ({"picks": {"warm": ["guo_jia"], "cold": ["sima_yi"]}}, "not one of the 16"),
    ({"picks": {"warm": ["guo_jia"], "cold": ["guo_jia", "hua_tuo"]}, "turn": "warm"}, "picked twice"),
    ({"turn": "warm"}, "not warm's turn; pick 2 is cold's"),
    ({"turn": "blue"}, "allowed: cold, warm"),
    ({"preset": "sgs-1v1-2014"}, "the 3v3 presets"),
    ({"first_picker": "cold"}, "hold 1 cold and 0 warm"),
])
def test_bad_requests_are_refused_with_what_is_allowed(change: dict[str, Any], says: str) -> None:
    with pytest.raises(AdvisorError) as err:
        parse_request(request(**change))
    assert says in str(err.value)
    res = run_cli(json.dumps(request(**change)), "--json")
    assert res.exit_code == 2 and says in res.output and res.output.startswith("error:")


def test_unknown_general_names_the_pool_and_other_bad_input_exits_2() -> None:
    res = run_cli(json.dumps(request(generals=[*REVEALED[:15], "nobody"])))
    assert res.exit_code == 2 and "the sgs-3v3-2012 pool has:" in res.output and "guo_jia" in res.output
    for payload, says in [('{"preset": "sgs-3v3-2012"', "not JSON"), ("[1, 2]", "a JSON object"),
                          (json.dumps({**request(), "extra": 1}), "unknown field(s) extra"),
                          (json.dumps({"preset": "sgs-3v3-2012"}), "missing field(s)")]:
        res = run_cli(payload, "--json")
        assert res.exit_code == 2 and says in res.output, (payload, res.output)
    full = request(picks={"warm": REVEALED[:7], "cold": REVEALED[7:15]})
    res = run_cli(json.dumps(full))
    assert res.exit_code == 2 and "the draft is over" in res.output
    res = run_cli(json.dumps(request()), "--tables", "/no/such/tables.json")
    assert res.exit_code == 2 and "no such file" in res.output
    with pytest.raises(AdvisorError, match="no advisor tables for preset 'sgs-3v3-2014'"):
        load_tables("sgs-3v3-2014")


def test_names_in_chinese_are_accepted() -> None:
    req = parse_request(request(picks={"warm": ["郭嘉"], "cold": []}))
    assert req.picks["warm"] == ("guo_jia",)


def test_the_cli_ranks_every_general_left_with_intervals() -> None:
    res = run_cli(json.dumps(request()), "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["side"] == "cold" and out["pick"] == 2 and out["picks_left"] == {"cold": 8, "warm": 6}
    gens = [c["general"] for c in out["candidates"]]
    assert sorted(gens) == sorted(set(REVEALED) - {"guo_jia"})
    assert [c["rank"] for c in out["candidates"]] == list(range(1, 16))
    scores = [c["score"] for c in out["candidates"]]
    assert scores == sorted(scores, reverse=True)
    for c in out["candidates"]:
        assert c["contribution"]["lo"] <= c["contribution"]["effect"] <= c["contribution"]["hi"]
    assert out["tables"]["games"] > 0
    text = run_cli(json.dumps(request()))
    assert text.exit_code == 0 and "cold to pick" in text.output


def test_ranking_follows_the_effects_roles_and_supported_synergies() -> None:
    t = tables({"guo_jia": (0.2, 0.2), "zhang_liao": (0.3, 0.9), "hua_tuo": (0.1, 0.1),
                "cao_cao": (0.8, -0.2), "zhuge_liang": (-0.9, -0.9), "lu_bu": (0.0, 0.0)},
               [{"a": "lu_bu", "b": "zhao_yun", "effect": 0.1, "lo": 0.05, "hi": 0.15, "n": 500}])
    req = parse_request(request())
    out = advise(req, t)
    first = out["candidates"][0]
    assert first["general"] == "zhang_liao" and first["role"] == "vanguard"
    cao = next(c for c in out["candidates"] if c["general"] == "cao_cao")
    assert cao["role"] == "commander" and cao["rank"] == 2
    worst = next(c for c in out["candidates"] if c["general"] == "zhuge_liang")
    assert worst["score"] == 0.0 and worst["gain"] == 0.0      # early, a weak pick is left out of the trio
    # lu_bu beside zhao_yun: the pair's synergy lifts lu_bu above the other average generals
    req2 = parse_request(request(picks={"warm": ["guo_jia"], "cold": ["zhao_yun"]}))   # cold's 2nd pick
    ranked = advise(req2, t)["candidates"]
    lu = next(c for c in ranked if c["general"] == "lu_bu")
    assert lu["synergies"] == [{"with": "zhao_yun", "effect": 0.1, "lo": 0.05, "hi": 0.15, "n": 500}]
    assert lu["rank"] < next(c for c in ranked if c["general"] == "liu_bei")["rank"]


def test_best_trio_fields_one_commander_and_two_vanguards() -> None:
    t = tables({"a": (1.0, 0.1), "b": (0.2, 0.5), "c": (0.0, 0.4), "d": (0.9, 0.0)})
    value, (commander, vans) = best_trio(t, ["a", "b", "c", "d"])
    assert commander == "a" and set(vans) == {"b", "c"} and value == pytest.approx(1.9)
    assert best_trio(t, []) == (0.0, (None, ()))


def _play_draft(bots: dict[str, Any], seed: int) -> tuple[Any, list[tuple[str, str, list[str]]]]:
    """Play a 3v3 2012 game to its end; (state, [(side, general picked, advisor's ranking)])."""
    game, rs = find_preset("sgs-3v3-2012")
    state = game.new_state(rs, seed)
    rng = Rng(seed)
    shipped = load_tables("sgs-3v3-2012")
    seen: list[tuple[str, str, list[str]]] = []
    while (d := state.pending()) is not None:
        seat = d.seats[0]
        side = state.side_of(seat)
        bot = bots.get(side or "")
        if d.kind == "draft" and isinstance(bot, DrafterBot):
            view = state.view(seat)["mode"]
            cands = list(d.data["candidates"])
            req = Request("sgs-3v3-2012", tuple(c for c in cands if c) + tuple(view["picks"]["cold"])
                          + tuple(view["picks"]["warm"]), view["first_picker"],
                          {s: tuple(view["picks"][s]) for s in ("cold", "warm")}, d.data["side"])
            ranking = [c["general"] for c in advise(req, shipped)["candidates"]]
            action = bot.act(state, seat, d)
            assert action in (d.options_for(seat) or ())
            seen.append((d.data["side"], cands[action[1]], ranking))
        else:
            action = bot.act(state, seat, d) if bot is not None else state.random_action(seat, rng)
        state.apply(seat, action)
    return state, seen


def test_the_drafter_takes_the_advisors_first_choice_and_fields_from_its_picks() -> None:
    state, seen = _play_draft({"cold": DrafterBot(Rng(1)), "warm": HeuristicBot(Rng(2))}, seed=11)
    assert len(seen) == 8 or len(seen) == 7          # the cold side's picks (7 or 8 by who picked first)
    assert all(general == ranking[0] for _, general, ranking in seen)
    res = state.result()
    assert res is not None
    cold = res.sides["cold"].stats
    assert cold["picks"] == [g for _, g, _ in seen]
    assert set(cold["generals"]) <= set(cold["picks"]) and len(set(cold["generals"])) == 3


def test_explore_zero_is_the_plain_heuristic_and_explore_one_drafts_otherwise() -> None:
    plain, _ = _play_draft({"cold": HeuristicBot(Rng(3)), "warm": HeuristicBot(Rng(4))}, seed=5)
    zero, _ = _play_draft({"cold": HeuristicBot(Rng(3), explore=0),
                           "warm": HeuristicBot(Rng(4), explore=0)}, seed=5)
    assert plain.result() == zero.result()
    picks = []
    for seed in range(4):
        st, _ = _play_draft({"cold": HeuristicBot(Rng(3), explore=1), "warm": HeuristicBot(Rng(4))},
                            seed=seed)
        res = st.result()
        assert res is not None
        picks.append(res.sides["cold"].stats["picks"])
    plain_picks = []
    for seed in range(4):
        st, _ = _play_draft({"cold": HeuristicBot(Rng(3)), "warm": HeuristicBot(Rng(4))}, seed=seed)
        res = st.result()
        assert res is not None
        plain_picks.append(res.sides["cold"].stats["picks"])
    assert picks != plain_picks
