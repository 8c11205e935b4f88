"""Pictionary rules, each test naming the clause of seed 000 ("Pictionary game rules") it checks.

§1 = "1. Set up", §2 = "2. Game play", §3 = "3. Other rules", §4 = "4. The winner", §5 = "5. Match rules"
(and the rules reference other_games.md, Pictionary section)."""

from __future__ import annotations

import pytest

from tablesport.core import RuleError
from tablesport.games.pictionary.state import FACILITATOR

from .helpers import act, digital_roll_off, guesser, kinds, roll_off, start_minute, table


def test_higher_die_picks_the_first_card_and_a_tie_rolls_again() -> None:
    """seed 000 Pictionary §1: "Each team rolls the die, and the team with the higher number selects the
    first card"."""
    st = table("pictionary-table")
    ev = roll_off(st, 3, 3)
    assert kinds(ev)[-1] == "roll_off_tie" and st.phase == "roll_off"
    ev = roll_off(st, 2, 5)
    assert "first_team" in kinds(ev) and st.view(None)["turn"] == "B"
    d = st.pending()
    assert d is not None and d.kind == "peek"


def test_digital_roll_off_asks_both_teams_at_once() -> None:
    """seed 000 Pictionary §1: each team rolls the die (digital: one player of each team presses roll)."""
    st = table()
    d = st.pending()
    assert d is not None and d.kind == "roll_off" and set(d.seats) == {0, 3} and d.simultaneous
    with pytest.raises(RuleError):
        act(st, 1, "roll")  # not the team's picturist
    digital_roll_off(st)
    assert st.phase == "peek"


def test_first_word_is_all_play_every_picturist_sees_it_and_nobody_else() -> None:
    """seed 000 Pictionary §1: "The first word sketched is an AP (All Play) word and all teams participate";
    the word is secret: only the picturists see it."""
    st = table()
    digital_roll_off(st)
    w = st.word
    assert w is not None and w.all_play and w.cat == "AP" and set(w.teams) == {0, 1}
    pics = set(w.picturists.values())
    assert pics == {0, 3}  # the first member of each team draws the first word
    for seat in range(6):
        shown = st.view(seat)["word"]
        assert ("answer" in shown) == (seat in pics)
        assert (st.answer in st.hidden_from(seat)) == (seat not in pics)
    assert "answer" not in st.view(None)["word"] and st.answer in st.hidden_from(None)


def test_facilitator_page_never_shows_the_word_but_the_picturist_phone_does() -> None:
    """Facilitator form: the shared table page (seat 0) never sees the word; the picturist's own seat does."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    w = st.word
    assert w is not None
    assert "answer" not in st.view(FACILITATOR)["word"] and st.answer in st.hidden_from(FACILITATOR)
    for pic in w.picturists.values():
        assert st.view(pic)["word"]["answer"] == st.answer and st.view(pic)["you"]["role"] == "picturist"


def test_picturists_rotate_through_the_team_every_word() -> None:
    """seed 000 Pictionary §1: "Each team selects a picturist ... This duty rotates to all players in
    turn"."""
    st = table("pictionary-table")
    roll_off(st, 5, 1)
    seen = []
    for _ in range(4):
        w = st.word
        assert w is not None
        seen.append(dict(w.picturists))
        act(st, 0, "ready")
        act(st, 0, ("pass",))  # not guessed: the other team's turn (and its next picturist)
    team_a = [p[0] for p in seen if 0 in p]
    assert team_a[:3] == [1, 2, 3]  # seats 1, 2, 3 are team A's players in the facilitator form


def test_five_seconds_to_look_then_one_minute_to_draw() -> None:
    """seed 000 Pictionary §2: "five seconds to examine and think about their word" then "one minute"."""
    st = table("pictionary-table")
    roll_off(st, 4, 2)
    d = st.pending()
    assert d is not None and d.kind == "peek" and d.time_limit == 5
    ev = st.timeout(FACILITATOR)
    assert kinds(ev) == ["minute_starts"]
    d = st.pending()
    assert d is not None and d.kind == "draw" and d.time_limit == 60


def test_one_card_change_per_draw_and_a_new_peek() -> None:
    """seed 000 Pictionary §2: "Every time the picturist draws a card, he can change to another card but
    only once"."""
    st = table("pictionary-table")
    roll_off(st, 4, 2)
    first = st.answer
    ev = act(st, 0, "change")
    assert kinds(ev) == ["card_changed", "your_word"] and st.answer != first
    assert first not in str(ev[0].to_json())  # the public event does not name the word
    d = st.pending()
    assert d is not None and d.kind == "peek" and "change" not in d.options  # type: ignore[operator]
    with pytest.raises(RuleError):
        act(st, 0, "change")


def test_only_the_team_in_turn_changes_the_card_in_all_play() -> None:
    """seed 000 Pictionary §2 (one change per draw) in All Play: the team that draws the card may change
    it."""
    st = table()
    digital_roll_off(st)
    w = st.word
    assert w is not None
    turn = st.turn
    d = st.pending()
    assert d is not None
    assert "change" in d.options_for(w.picturists[turn])  # type: ignore[operator]
    assert "change" not in d.options_for(w.picturists[1 - turn])  # type: ignore[operator]


def test_guessed_in_time_the_same_team_rolls_advances_and_draws_from_its_square() -> None:
    """seed 000 Pictionary §2: "If the word is identified in less than a minute, the same team rolls and
    advances ... and draws a new card"; "The category of word is chosen by the color space your team token
    is on"."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    d = st.pending()
    assert d is not None and d.kind == "roll" and d.data["team"] == "A"
    ev = act(st, 0, ("die", 3))
    assert ("rolled", {"team": "A", "die": 3, "from": 0, "to": 3}) in [(e.kind, dict(e.data)) for e in ev]
    w = st.word
    assert w is not None and st.turn == 0 and w.cat == st.board.track[3] and w.teams == (0,)
    assert st.pos == [3, 0]


def test_not_guessed_in_a_minute_play_passes_to_the_other_team() -> None:
    """seed 000 Pictionary §2: "If the word is not identified within a minute, play continues to the left
    to other team"."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 2))  # square 2 is not All Play: only A draws
    act(st, 0, "ready")
    ev = st.timeout(FACILITATOR)
    assert "turn_passes" in kinds(ev) and st.turn == 1
    closed = next(e for e in ev if e.kind == "word_closed")
    assert closed.data["how"] == "missed" and closed.data["answer"]  # the word is shown once the minute ends


def test_all_play_the_first_team_to_guess_takes_the_turn() -> None:
    """seed 000 Pictionary §1 / reference: All Play: every team draws the same word at once; the first to
    guess takes the turn (and rolls)."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    other = 1 - st.turn
    act(st, guesser(st, other), ("guess", st.answer))
    d = st.pending()
    assert d is not None and d.kind == "roll" and st.turn == other


def test_all_play_square_nobody_guesses_next_team_plays() -> None:
    """Reference (published game): on an All Play square nobody guessing passes the turn to the next team."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 5))  # square 5 is All Play on the published board
    w = st.word
    assert w is not None and w.all_play and w.teams == (0, 1)
    act(st, 0, "ready")
    ev = act(st, 0, ("pass",))
    assert "turn_passes" in kinds(ev) and st.turn == 1


def test_plurals_and_homophones_count_as_the_word() -> None:
    """seed 000 Pictionary §3: "If the answer is a singular word, the plural form counts as correct, and
    vice versa"; "Identically sounding words can be used"."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    answer = st.answer
    g = guesser(st, st.turn)
    plural = answer + "es" if answer.endswith(("s", "x", "ch", "sh")) else answer + "s"
    ev = act(st, g, ("guess", plural.upper()))
    guess = next(e for e in ev if e.kind == "guess")
    assert guess.data["verdict"] == "correct", (answer, guess.data)
    assert st.phase == "roll"


def test_a_near_miss_waits_for_the_picturist_and_counts_once_accepted() -> None:
    """Near misses (one typo) are confirmed by the picturist with one click; refused, the minute goes on."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    team = st.turn
    w = st.word
    assert w is not None
    answer = st.answer
    g = guesser(st, team)
    typo = answer[:-1] + ("x" if answer[-1] != "x" else "y")
    if len(answer.replace(" ", "")) < 4:
        pytest.skip("the seed's first word is too short for a near miss")
    ev = act(st, g, ("guess", typo))
    assert ev[0].data["verdict"] == "near" and ev[0].to == frozenset(st.team_seats(team))
    pic = w.picturists[team]
    assert st.view(pic)["word"]["near"][0]["text"] == typo
    ev = act(st, pic, ("reject", 1))
    assert st.phase == "draw" and ev[0].data["accepted"] is False
    assert ev[0].data["seat"] == pic and ev[0].data["guesser"] == g  # the picturist rules (issue 38.3)
    act(st, g, ("guess", typo))
    ev = act(st, pic, ("accept", 2))
    assert "word_closed" in kinds(ev) and st.phase == "roll"


def test_a_near_miss_typed_in_time_is_ruled_after_the_minute() -> None:
    """A near miss typed before the minute ends still counts if its picturist accepts it afterwards."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    team = st.turn
    answer = st.answer
    if len(answer.replace(" ", "")) < 4:
        pytest.skip("first word too short")
    act(st, guesser(st, team), ("guess", answer[:-1] + ("x" if answer[-1] != "x" else "y")))
    d = st.pending()
    assert d is not None
    ev = st.timeout(d.seats[0])
    assert kinds(ev) == ["minute_over"]
    d = st.pending()
    assert d is not None and d.kind == "confirm" and d.time_limit == 15
    ev = st.timeout(d.seats[0])
    assert ("word_closed" in kinds(ev)
            and next(e for e in ev if e.kind == "word_closed").data["how"] == "missed")


def test_a_teams_guesses_are_not_shown_to_the_other_team_while_the_word_is_open() -> None:
    """A team's guesses are not shown to the other team while the word is open (All Play especially)."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    team = st.turn
    g = guesser(st, team)
    ev = act(st, g, ("guess", "zzzz"))
    assert ev[0].to == frozenset(st.team_seats(team))
    for seat in st.team_seats(1 - team):
        assert st.view(seat)["word"]["guesses"] == []
    assert st.view(None)["word"]["guesses"] == []
    assert st.view(g)["word"]["guesses"][0]["text"] == "zzzz"
    ev = act(st, guesser(st, team), ("guess", st.answer))
    closed = next(e for e in ev if e.kind == "word_closed")
    assert closed.to is None and [x["text"] for x in closed.data["guesses"]][0] == "zzzz"
    assert len(st.view(None)["word"]["guesses"]) == 2


def test_in_all_play_a_team_sees_only_its_own_drawing() -> None:
    """All Play in the browser: each team draws on its own paper; the other team cannot copy it (spectators
    see both)."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    w = st.word
    assert w is not None
    act(st, w.picturists[0], ("line", 1, 2, 10, 10, 20, 20))
    act(st, w.picturists[1], ("line", 2, 2, 30, 30))
    assert set(st.view(1)["word"]["drawings"]) == {"A"} and set(st.view(4)["word"]["drawings"]) == {"B"}
    assert set(st.view(None)["word"]["drawings"]) == {"A", "B"}


def test_a_foul_ruled_by_the_facilitator_ends_the_turn() -> None:
    """seed 000 Pictionary §2, §3: no letters or numbers, no talking, no secret or pre-arranged signs; a
    foul ends the team's turn."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 1))
    act(st, 0, "ready")
    ev = act(st, 0, ("foul", "A", "letters"))
    assert kinds(ev)[:2] == ["foul", "word_closed"] and st.turn == 1
    assert st.view(None)["teams"][0]["fouls"] == 1


def test_a_referee_foul_in_all_play_takes_only_that_team_out_of_the_word() -> None:
    """seed 000 Pictionary §3 (fouls) with All Play: the fouling team is out of the word, the other may
    still guess it."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    team = st.turn
    ev = st.referee(("foul", "AB"[team], "talking"))
    assert kinds(ev) == ["foul", "team_out"] and st.phase == "draw"
    with pytest.raises(RuleError):
        act(st, guesser(st, team), ("guess", "anything"))
    act(st, guesser(st, 1 - team), ("guess", st.answer))
    assert st.turn == 1 - team and st.phase == "roll"
    with pytest.raises(RuleError, match="not drawing"):
        st.referee(("foul", "A", "signs"))


def test_the_other_team_reports_a_foul_and_the_referee_decides() -> None:
    """The other team's report is recorded for the referee; only the referee's ruling ends the turn."""
    st = table("pictionary-event", seed=3)
    digital_roll_off(st)
    start_minute(st)
    team = st.turn
    guesser_seat = guesser(st, team)
    act(st, guesser_seat, ("guess", st.answer))
    act(st, st.pending().seats[0], "roll")  # type: ignore[union-attr]
    while st.word is not None and st.word.all_play:  # find a word only one team draws
        start_minute(st)
        d = st.pending()
        assert d is not None
        st.timeout(d.seats[0])
    start_minute(st)
    watcher = st.team_seats(1 - st.turn)[0]
    ev = act(st, watcher, ("report", "letters"))
    assert kinds(ev) == ["report"] and st.phase == "draw"
    d = st.pending()
    assert d is not None and watcher not in d.seats  # one report per player and word
    ev = st.referee(("foul", "AB"[st.turn], "letters"))
    assert "word_closed" in kinds(ev)


def test_time_up_the_team_further_along_wins() -> None:
    """seed 000 Pictionary §4: "If time is up before any team lands on the Finish square, the team that
    covers more squares wins"."""
    st = table("pictionary-table")
    assert st.clock_limit() == 2400
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 4))
    act(st, 0, "ready")
    ev = st.time_up()
    assert kinds(ev)[0] == "time_up" and kinds(ev)[-1] == "game_over"
    res = st.result()
    assert res is not None and res.reason == "time_up" and res.winner_side == "A"
    assert res.sides["A"].stats["squares"] == 4 and res.sides["B"].stats["squares"] == 0
    assert res.sides["A"].placement == 1 and res.sides["B"].placement == 2


def test_a_word_guessed_before_time_up_is_still_rolled_for() -> None:
    """seed 000 Pictionary §2 + §4 (tablesport's reading): a team that guessed in time still rolls and
    advances."""
    st = table("pictionary-table")
    roll_off(st, 1, 6)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "B"))
    st.time_up()
    assert st.phase == "roll"
    act(st, 0, ("die", 2))
    res = st.result()
    assert res is not None and res.winner_side == "B" and res.stats["squares"] == {"A": 0, "B": 2}


def test_level_at_time_up_an_all_play_tiebreak_decides() -> None:
    """seed 000 Pictionary §4 is silent on level squares; tablesport plays All Play words until a team
    guesses one."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    ev = st.time_up()
    assert "tiebreak" in kinds(ev)
    w = st.word
    assert w is not None and w.all_play and w.tiebreak and st.clock_limit() is None
    act(st, 0, "ready")
    act(st, 0, ("pass",))  # nobody guessed: another All Play word
    w = st.word
    assert w is not None and w.all_play
    act(st, 0, "ready")
    act(st, 0, ("guessed", "B"))
    res = st.result()
    assert res is not None and res.reason == "time_up_tiebreak" and res.winner_side == "B"
    assert res.stats["squares"] == {"A": 0, "B": 0}


def test_the_final_has_no_time_up_and_ends_on_finish() -> None:
    """seed 000 Pictionary §5: "During the finals, the rules are the same except that the team has to reach
    'Finish'"."""
    st = table("pictionary-table-final")
    assert st.clock_limit() is None
    with pytest.raises(RuleError):
        st.time_up()
    roll_off(st, 6, 1)
    while st.phase != "over":
        if st.phase == "peek":
            act(st, 0, "ready")
        elif st.phase == "draw":
            act(st, 0, ("guessed", "AB"[st.turn]))
        else:
            act(st, 0, ("die", 6))
    res = st.result()
    assert res is not None and res.reason == "finish" and res.winner_side == "A"
    assert st.pos[0] == st.board.finish == 61  # Start, 60 squares, Finish


def test_a_roll_past_finish_stops_on_finish() -> None:
    """Reference: the track runs from Start to Finish; a roll that reaches or passes Finish ends the game
    (no exact roll needed)."""
    st = table("pictionary-table", board="short")
    roll_off(st, 6, 1)
    for die in (6, 6, 6):
        act(st, 0, "ready")
        act(st, 0, ("guessed", "A"))
        act(st, 0, ("die", die))
    assert st.pos[0] == 18
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 5))
    res = st.result()
    assert res is not None and res.reason == "finish" and st.pos[0] == 21


def test_result_carries_winner_squares_words_and_fouls() -> None:
    """Result: winner and loser, squares covered, words guessed, fouls (what the play-off's 5/3 points
    need)."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 3))
    act(st, 0, "ready")
    act(st, 0, ("foul", "A", "signs"))
    act(st, 0, "ready")
    st.time_up()
    res = st.result()
    assert res is not None
    assert res.sides["A"].stats == {"squares": 3, "words": 1, "fouls": 1, "reports": 0}
    assert res.placements[0] == 0 and res.placements[1:4] == (1, 1, 1) and res.placements[4:] == (2, 2, 2)


def test_minute_actions_are_checked() -> None:
    """Bad actions are refused with the rule and what is allowed, and change nothing."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    w = st.word
    assert w is not None
    pic = w.picturists[st.turn]
    g = guesser(st, st.turn)
    before = st.state_hash()
    bad = [(pic, ("line", 9, 1, 1, 1)), (pic, ("line", 1, 7, 1, 1)), (pic, ("line", 1, 1, 1)),
           (pic, ("line", 1, 1, 900, 1)), (pic, ("more", 1, 1)), (pic, ("undo",)), (pic, ("guess", "x")),
           (pic, ("line", 1, 1, *([5] * 258))), (g, ("line", 1, 1, 1, 1)), (g, ("guess", "x" * 41)),
           (g, ("guess", "   ")), (g, ("guess", 7)), (g, "guess")]
    for seat, action in bad:
        with pytest.raises(RuleError):
            act(st, seat, action)
        assert st.state_hash() == before, action


def test_a_guesser_has_at_most_thirty_guesses_a_word() -> None:
    """Limits: typed guesses per player and word (a flood of guesses is refused)."""
    st = table(max_guesses=3)
    digital_roll_off(st)
    start_minute(st)
    g = guesser(st, st.turn)
    for i in range(3):
        act(st, g, ("guess", f"nothing {chr(97 + i)}"))
    d = st.pending()
    assert d is not None and g not in d.seats
    with pytest.raises(RuleError):
        act(st, g, ("guess", "again"))


def test_strokes_undo_and_clear_and_the_paper_has_a_limit() -> None:
    """Strokes as compact point lists: a line, more points, undo, clear; a paper holds at most 6,000
    points."""
    st = table()
    digital_roll_off(st)
    start_minute(st)
    w = st.word
    assert w is not None
    team = st.turn
    pic = w.picturists[team]
    act(st, pic, ("line", 1, 2, 10, 10))
    act(st, pic, ("more", 20, 20, 30, 30))
    act(st, pic, ("clear",))
    assert st.view(None)["word"]["drawings"]["AB"[team]] == [(1, 2, 10, 10, 20, 20, 30, 30), (-1,)]
    act(st, pic, ("undo",))
    assert st.view(None)["word"]["drawings"]["AB"[team]] == [(1, 2, 10, 10, 20, 20, 30, 30)]
    big = [v for i in range(128) for v in (i, i)]
    with pytest.raises(RuleError, match="6000 points"):
        for _ in range(60):
            act(st, pic, ("line", 1, 1, *big))
    assert w.canvas[team].points <= 6000


def test_a_word_list_for_an_unknown_mode_or_seat_count_is_refused() -> None:
    with pytest.raises(ValueError, match="digital, facilitator"):
        table(mode="paper")


def test_strokes_are_in_the_record_and_a_replay_redraws_them() -> None:
    """Strokes are game actions: the record holds them and a replay rebuilds every paper step by step."""
    from tablesport.core.records import Recorder, replay
    from tablesport.games import start_for_record

    st = table()
    rec = Recorder("pictionary", "pictionary-event", 1, ["person"] * 6)
    while st.phase == "roll_off":
        d = st.pending()
        assert d is not None
        st.apply(d.seats[0], "roll")
        rec.act(d.seats[0], "roll")
    while st.phase == "peek":
        d = st.pending()
        assert d is not None
        st.apply(d.seats[0], "ready")
        rec.act(d.seats[0], "ready")
    w = st.word
    assert w is not None
    pic = w.picturists[st.turn]
    for action in (("line", 2, 3, 10, 10, 50, 60), ("more", 70, 80), ("line", 0, 4, 5, 5), ("undo",)):
        st.apply(pic, action)
        rec.act(pic, action)
    rec.finish(st)
    papers = []
    rep = replay(rec.text().splitlines(), start_for_record,
                 lambda s, step, ev: papers.append(s.view(None)["word"]["drawings"] if s.view(None)["word"]
                                                   else None))
    assert rep.final_hash == st.state_hash()
    team = "AB"[st.turn]
    assert papers[-1][team] == [(2, 3, 10, 10, 50, 60, 70, 80)]
    assert papers[-2][team] == [(2, 3, 10, 10, 50, 60, 70, 80), (0, 4, 5, 5)]


def test_the_facilitators_last_ruling_is_taken_back_until_the_next_minute_starts() -> None:
    """seed 000 Pictionary §2 (the team that guesses rolls and moves; a foul ends the turn) at a paper
    table: a button pressed by mistake or a die typed wrong is taken back (logged) while nothing else has
    happened; the same card comes back, and once the next minute starts nothing is taken back."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    act(st, 0, "ready")
    act(st, 0, ("guessed", "B"))  # meant team A
    assert st.view(0)["can_undo"] and not st.view(1)["can_undo"]
    with pytest.raises(RuleError):
        act(st, 1, ("undo",))  # only the facilitator
    ev = act(st, 0, ("undo",))
    assert kinds(ev) == ["undone"] and st.phase == "draw" and st.guessed == [0, 0]
    with pytest.raises(RuleError, match="no ruling to take back"):
        act(st, 0, ("undo",))  # only the last ruling, once
    act(st, 0, ("guessed", "A"))
    act(st, 0, ("die", 5))  # meant 2
    card = st.word.card if st.word is not None else None
    assert st.pos == [5, 0] and st.phase == "peek"
    act(st, 0, ("undo",))
    assert st.pos == [0, 0] and st.phase == "roll"
    act(st, 0, ("die", 2))
    assert st.pos == [2, 0] and st.word is not None and st.word.card == card
    act(st, 0, "ready")  # the next minute starts: the die stands
    assert not st.view(0)["can_undo"]
    with pytest.raises(RuleError, match="no ruling to take back"):
        act(st, 0, ("undo",))
    team = st.word.drawing[0] if st.word is not None else 0
    act(st, 0, ("foul", "AB"[team], "talking"))
    assert st.fouls[team] == 1
    act(st, 0, ("undo",))
    assert st.fouls == [0, 0] and st.phase == "draw"


def test_team_names_are_two_short_names() -> None:
    """A fixture's paper table calls its teams by the entrants (seed 000 Pictionary §5, teams of 3); a
    wrong list is refused saying what is allowed."""
    st = table("pictionary-table", team_names=["T1", "T7"])
    assert st.view(0)["names"] == {"A": "T1", "B": "T7"} and table("pictionary-table").view(0)["names"] == {}
    with pytest.raises(ValueError, match="two names"):
        table("pictionary-table", team_names=["T1", "x" * 41])


def test_at_a_paper_table_the_picturist_asks_for_the_one_card_change() -> None:
    """seed 000 Pictionary §2: "If the picturist does not know the word, he can change to another card but
    only once": at a paper table the picturist's phone offers the change too (not "start drawing")."""
    st = table("pictionary-table")
    roll_off(st, 6, 1)
    w = st.word
    assert w is not None
    pic, other = w.picturists[st.turn], w.picturists[1 - st.turn]
    d = st.pending()
    assert d is not None and d.options_for(pic) == ("change",)
    with pytest.raises(RuleError):
        act(st, pic, "ready")  # the facilitator starts the minute
    with pytest.raises(RuleError):
        act(st, other, "change")  # the other team's picturist (All Play) does not change the card
    ev = act(st, pic, "change")
    assert "card_changed" in kinds(ev)
    d = st.pending()
    assert d is not None and d.seats == (FACILITATOR,) and d.options_for(FACILITATOR) == ("ready",)
    with pytest.raises(RuleError):
        act(st, pic, "change")  # only once


def test_a_watchers_refused_guess_is_told_in_a_sentence_of_the_players_language() -> None:
    """Issue 38.9, seed 000 Pictionary §2 (the team that draws guesses; the other watches): a guess typed by
    the watching team is refused with a rule the page words in every language, not ["report", …]."""
    from tablesport.server.content.i18n import LANGS, catalogue

    st = table()
    digital_roll_off(st)
    start_minute(st)
    w = st.word
    assert w is not None
    # the first word is All Play: play on to a word only one team draws
    while w.all_play:
        act(st, guesser(st, st.turn), ("guess", st.answer))
        act(st, st.roller, "roll")  # type: ignore[arg-type]
        start_minute(st)
        w = st.word
        assert w is not None
    with pytest.raises(RuleError) as err:
        act(st, st.team_seats(1 - st.turn)[0], ("guess", "cat"))
    assert err.value.rule == "watcher"
    words = catalogue()[f"rule.{err.value.rule}"]
    assert set(words) == set(LANGS) and all("[" not in text for text in words.values())
