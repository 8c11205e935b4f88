"""Each game's encoder: its action paths, macro-actions and clock do what docs/rl.md says."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

import tablesport.rl as rl  # noqa: E402
from tablesport.core import RuleError, TablesportError  # noqa: E402
from tablesport.encoding.choices import Choices  # noqa: E402
from tablesport.games.monopoly_deal.cards import VALUE  # noqa: E402
from tablesport.games.rummikub.sets import check_set  # noqa: E402
from tablesport.games.rummikub.state import codes  # noqa: E402
from tablesport.games.rummikub.tiles import JOKER, penalty  # noqa: E402

from .playouts import decisions, walk  # noqa: E402


def test_paths_that_begin_longer_ones_end_with_the_end_index() -> None:
    choices = Choices({(3, 1): "short", (3, 1, 2): "long", (4,): "other"}, 5, end=0)
    assert sorted(np.flatnonzero(choices.mask()).tolist()) == [3, 4]
    prefix, action = choices.follow((), 3)
    assert (prefix, action) == ((3,), None)
    prefix, _ = choices.follow(prefix, 1)
    assert sorted(np.flatnonzero(choices.mask(prefix)).tolist()) == [0, 2]
    assert choices.follow(prefix, 0) == ((), "short")
    assert choices.follow(prefix, 2) == ((), "long")
    with pytest.raises(RuleError, match=r"the indexes of the action mask: \[0, 2\]"):
        choices.follow(prefix, 4)
    with pytest.raises(TablesportError, match="no end index"):
        Choices({(1,): "a", (1, 2): "b"}, 5)
    with pytest.raises(TablesportError, match="leaves the action space"):
        Choices({(7,): "a"}, 5)


# -- Sanguosha -------------------------------------------------------------------------------------

def test_sanguosha_an_option_is_answered_index_by_index() -> None:
    env = rl.env("sgs-3v3-2012")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    while True:       # random play until a card is used on a target (a path of three indexes or more)
        d = env.state.pending()
        long = [p for p, a in env.choices().actions.items() if a[0] == "use" and len(p) >= 3]
        if d.kind == "play" and long:
            break
        env.step(int(rng.choice(np.flatnonzero(env.mask(env.acting)))))
    path, action = long[0], env.choices().actions[long[0]]
    seat, before = env.acting, env.state.state_hash()
    for i, index in enumerate(path[:-1]):
        env.step(index)
        assert env.acting == seat and env.prefix == path[:i + 1]
        assert env.state.state_hash() == before                      # nothing applied yet
        obs = env.observe(f"seat_{seat}")["observation"]
        at, _ = env.encoder.features.offsets["path_last"]
        assert obs[at + index] == 1                                  # the observation shows the path
    words = [env.encoder.describe(i) for i in path]
    assert words[:2] == ["word use", f"card {action[1]}"]
    assert words[2] == f"seat +{(action[2][0] - seat) % 6}"
    env.step(path[-1])
    assert env.state.state_hash() != before and env.prefix == ()


def test_sanguosha_paths_name_every_kind_of_option() -> None:
    """Over random games of both modes every decision kind met is covered (no word missing)."""
    kinds = set()
    for preset in ("sgs-3v3-2014", "sgs-1v1-2014"):
        env = rl.env(preset)
        for _ in decisions(env, 2, 7, 1500):
            kinds.add(env.state.pending().kind)
            assert walk(env.choices())
    assert {"draft", "play", "respond", "discard"} <= kinds


# -- Pictionary ------------------------------------------------------------------------------------

def test_pictionary_the_minute_ends_after_sixty_answers() -> None:
    env = rl.env("pictionary-event")
    longest = 0
    word, answers = None, 0
    for _ in decisions(env, 1, 3, 600):
        d = env.state.pending()
        if d.kind != "draw":
            continue
        no = env.state.word.no
        answers = answers + 1 if no == word else 1
        word = no
        longest = max(longest, answers)
    assert longest == 60


def test_pictionary_guesses_are_the_words_of_the_category() -> None:
    env = rl.env("pictionary-event")
    for seat in decisions(env, 1, 4, 400):
        view = env.view(seat)
        if env.state.pending().kind == "draw" and view["you"]["role"] == "guesser":
            k = env.encoder.categories.index(view["word"]["category"])
            guesses = {a[1] for a in env.choices().actions.values()}
            assert guesses == {card[k] for card in env.encoder.cards}
            return
    raise AssertionError("no guesser was asked")


# -- Rummikub --------------------------------------------------------------------------------------

def test_rummikub_macro_actions_keep_their_promises() -> None:
    env = rl.env("rummikub-2018")
    checked = 0
    for seat in decisions(env, 3, 11, 200):
        if env.state.pending().kind != "turn":
            continue
        view = env.view(seat)
        plays = env.encoder.macros(view)
        laid = {name: codes(p["rack"]) for name, p in plays.items() if p is not None}
        if not laid:
            continue
        best = laid["most_tiles"]
        assert all(len(x) <= len(best) for x in laid.values())
        assert all(sum(map(penalty, x)) <= sum(map(penalty, laid["most_points"])) for x in laid.values())
        assert JOKER not in laid.get("keep_jokers", [])
        old = [sorted(s) for s in view["table"]]
        if "rack_sets" in laid:
            new = [sorted(s) for s in plays["rack_sets"]["table"]]
            assert all(s in new for s in old)                        # the table's sets untouched
        if "table_only" in laid:
            rack_tiles = set(plays["table_only"]["rack"])
            assert not any(all(t in rack_tiles for t in s) for s in plays["table_only"]["table"])
        if not view["melded"][seat]:
            new_sets = [s for s in plays["most_tiles"]["table"] if sorted(s) not in old]
            assert sum(check_set(codes(s)).value for s in new_sets) >= 30
        checked += 1
    assert checked > 10


# -- Monopoly Deal ---------------------------------------------------------------------------------

def test_monopoly_deal_payments_cover_the_debt_their_way() -> None:
    env = rl.env("monopoly-deal-classic-2p")
    checked = 0
    for seat in decisions(env, 30, 5, 800):
        if env.state.pending().kind != "pay":
            continue
        view = env.view(seat)
        debt = view["action"]["amount"]
        bank = view["players"][seat]["bank"]
        pays = {env.encoder.describe(p[0]): a[1] for p, a in env.choices().actions.items()}
        assert len(pays) == 4
        for cards in pays.values():
            assert sum(VALUE[c] for c in cards) >= debt
        if sum(VALUE[c] for c in bank) >= debt:
            assert set(pays["pay the debt: money first"]) <= set(bank)
        checked += 1
    assert checked > 3


# -- Ticket to Ride --------------------------------------------------------------------------------

def test_ticket_to_ride_keeps_name_positions_in_the_offer() -> None:
    env = rl.env("ttr-classic-2p")
    env.reset(seed=1)
    seat = env.acting
    offered = [t["id"] for t in env.view(seat)["offered"]]
    paths = env.choices().actions
    assert len(paths) == 4                                        # keep 2 or 3 of the 3 offered
    for path, action in paths.items():
        verb, bits = env.encoder.slots.keys[path[0]]
        assert verb == "keep" and sorted(action[1]) == sorted(offered[i] for i in range(3) if bits >> i & 1)


def test_sanguosha_an_option_that_begins_a_longer_one_is_closed_by_end() -> None:
    """``("invoke", "tuxi", (1,))`` beside ``("invoke", "tuxi", (1, 4))``, a Slash on one target beside
    the same Slash on two (Sky Halberd): after the shorter path the mask offers ``end`` beside the
    longer paths' next parts, and ``end`` applies the shorter option."""
    env = rl.env("sgs-3v3-2011")
    for seat in decisions(env, 3, 34, 3000):     # seed 34 meets one at its 23rd decision
        ends = [p for p in env.choices().actions if p[-1] == env.encoder.end]
        if not ends:
            continue
        short, action = ends[0][:-1], env.choices().actions[ends[0]]
        allowed = set(np.flatnonzero(env.choices().mask(short)).tolist())
        assert env.encoder.end in allowed and len(allowed) > 1
        expected = env.state.clone()
        expected.apply(seat, action)
        for index in short:
            env.step(index)
        assert env.prefix == short
        env.step(env.encoder.end)
        assert env.state.state_hash() == expected.state_hash()
        return
    raise AssertionError("no option began a longer one in 3 games")
