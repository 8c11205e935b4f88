# Over 500 lines: one referee for both table forms (digital and paper), which share every rule of the round.
"""The Pictionary referee (seed 000, "Pictionary game rules"), one engine for both table forms.

Seats.  Two teams A and B of ``team_size`` players.  In the digital form (``mode: digital``) the
players are seats ``0 … 2·size−1`` (team A first); in the facilitator form (``mode: facilitator``)
seat 0 is the facilitator's table page (a tablet or a projector: it presses every button and never
sees the word) and the players are seats ``1 …``, each a phone that shows its player the word when
it is their turn to draw.

Flow (seed clauses in brackets, "§1" = "1. Set up" and so on):

* ``roll_off`` [§1 "Each team rolls the die, and the team with the higher number selects the first
  card"]: each team rolls once, a tie rolls again;
* a word: the card comes from the deck, the category from the square of the team in turn [§2 "The
  category of word is chosen by the color space your team token is on"]; the first word is All Play
  [§1]; on an All Play square every team's picturist draws the same word at once and the first team
  to guess takes the turn; the picturist of each drawing team is the next member in the team's
  rotation [§1 "This duty rotates to all players in turn"];
* ``peek`` [§2 "five seconds to examine and think about their word"]: 5 s; the picturist of the
  team in turn may change the card once [§2 "he can change to another card but only once"] — a new
  card gives a new peek;
* ``draw`` [§2 "one minute to get their team to guess the word"]: digital: strokes, typed guesses
  matched by :mod:`.guess_matching`, near misses confirmed by the picturist, a report of a foul by the other
  team; facilitator: the buttons guessed / not guessed / foul;
* ``confirm``: a near miss typed before the minute ended still waits for its picturist's ruling;
* guessed → ``roll`` [§2 "the same team rolls and advances themself … and draws a new card"]; not
  guessed → the turn passes to the other team [§2 "play continues to the left to other team"];
* a foul (letters or numbers drawn, talking, pre-arranged signs [§2, §3]) ruled by the facilitator or
  by the referee (:meth:`PictionaryState.referee`) ends that team's turn; in All Play that team is out
  of the word and the other may still guess it;
* the round clock [§4 "The playing time for each round is 40 minutes … the team that covers more
  squares wins"]: time-up voids a word still being drawn and compares the squares; a word already
  guessed is still rolled for, a near miss already typed still ruled. Level squares: an All Play
  tie-break (tablesport's reading): every team draws the same word at once, the first team to
  guess it wins; a word nobody guesses is followed by another;
* Finish [§4, §5]: a roll that reaches or passes Finish ends the game at once (no exact roll); the
  final's preset has no clock, so only Finish ends it [§5 "the team has to reach 'Finish'"].

The word is secret: only the picturist(s) see it until it is guessed or the word is over
(:meth:`hidden_from`); a team's guesses are shown only to that team until then.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tablesport.core import Action, Decision, Event, Result, Rng, RuleError, Ruleset, SideResult, State, canon

from . import board as boards
from .drawing import Canvas
from .guess_matching import MAX_GUESS, match
from .words import CATEGORIES, Card, PictionaryError, builtin, cards_from_params

TEAMS = ("A", "B")
FOULS = ("letters", "talking", "signs")
"""Letters or numbers drawn; talking or gestures; secret or pre-arranged signs (seed §2, §3)."""
ROLL_OFF, PEEK, DRAW, CONFIRM, ROLL, OVER = "roll_off", "peek", "draw", "confirm", "roll", "over"
OPEN_PHASES = (PEEK, DRAW, CONFIRM)
FACILITATOR = 0


class Word:
    """The word being played (or the last one, kept for the view until the next begins)."""

    __slots__ = ("no", "card", "cat", "all_play", "teams", "out", "changes", "changed", "ready", "canvas",
                 "guesses", "counts", "near", "reports", "open", "how", "by", "picturists", "actions",
                 "tiebreak")

    def __init__(self, no: int, card: int, cat: str, all_play: bool, teams: tuple[int, ...],
                 picturists: dict[int, int], tiebreak: bool) -> None:
        self.no = no
        self.card = card
        self.cat = cat
        self.all_play = all_play
        self.teams = teams
        self.out: set[int] = set()
        self.changes = 0
        self.changed: list[str] = []
        self.ready: set[int] = set()
        self.canvas = {t: Canvas() for t in teams}
        self.guesses: list[tuple[int, int, str, str, str]] = []  # team, seat, text, verdict, why
        self.counts: dict[int, int] = {}
        self.near: list[tuple[int, int, int, str]] = []  # id, team, seat, text
        self.reports: list[tuple[int, str]] = []  # seat, foul ("": it saw none)
        self.open = True
        self.how = ""
        self.by: int | None = None
        self.picturists = picturists
        self.actions = 0
        self.tiebreak = tiebreak

    def clone(self) -> Word:
        w = Word.__new__(Word)
        for name in Word.__slots__:
            setattr(w, name, getattr(self, name))
        w.out = set(self.out)
        w.changed = list(self.changed)
        w.ready = set(self.ready)
        w.canvas = {t: c.clone() for t, c in self.canvas.items()}
        w.guesses = list(self.guesses)
        w.counts = dict(self.counts)
        w.near = list(self.near)
        w.reports = list(self.reports)
        w.picturists = dict(self.picturists)
        return w

    @property
    def drawing(self) -> tuple[int, ...]:
        """Teams still drawing this word."""
        return tuple(t for t in self.teams if t not in self.out)

    def snapshot(self) -> dict[str, Any]:
        return {"no": self.no, "card": self.card, "cat": self.cat, "all_play": self.all_play,
                "teams": self.teams, "out": sorted(self.out), "changes": self.changes,
                "changed": self.changed,
                "ready": sorted(self.ready), "canvas": {str(t): c.ops for t, c in self.canvas.items()},
                "guesses": self.guesses, "counts": sorted(self.counts.items()), "near": self.near,
                "reports": self.reports, "open": self.open, "how": self.how, "by": self.by,
                "picturists": sorted(self.picturists.items()), "actions": self.actions,
                "tiebreak": self.tiebreak}


MAX_TEAM_NAME = 40


class PictionaryState(State):
    __slots__ = ("ruleset", "rng", "digital", "size", "lang", "cards", "board", "deck", "used", "pos",
                 "turn", "rot", "rolls", "phase", "die", "word", "words_no", "guessed", "fouls", "reports",
                 "clock_on", "is_time_up", "tiebreak", "winner", "reason", "roller", "prev", "before")

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset = ruleset
        self.rng = Rng(seed)
        mode = ruleset["mode"]
        if mode not in ("digital", "facilitator"):
            raise PictionaryError(f"mode {mode!r} is not a table form; allowed: digital, facilitator")
        self.digital = mode == "digital"
        self.size = int(ruleset["team_size"])
        expected = seats_for(mode, self.size)
        if ruleset.seats != expected:
            raise PictionaryError(f"{ruleset.seats} seats for two teams of {self.size}: "
                                  f"{mode} needs {expected}")
        self.lang = str(ruleset["lang"])
        names = ruleset.params.get("team_names", ["", ""])
        if not (isinstance(names, list | tuple) and len(names) == 2
                and all(isinstance(n, str) and len(n) <= MAX_TEAM_NAME for n in names)):
            raise PictionaryError(f"team_names {names!r}: two names (team A's, team B's) of at most "
                                  f"{MAX_TEAM_NAME} characters each; an empty name reads Team A / Team B")
        self.cards: tuple[Card, ...] = word_cards(ruleset)
        self.board = boards.load(str(ruleset["board"]))
        self.deck = list(range(len(self.cards)))
        self.rng.shuffle(self.deck)
        self.used: list[int] = []
        self.pos = [0, 0]
        self.turn = 0
        self.rot = [0, 0]
        self.rolls: list[int | None] = [None, None]
        self.phase = ROLL_OFF
        self.die: int | None = None
        self.word: Word | None = None
        self.words_no = 0
        self.guessed = [0, 0]
        self.fouls = [0, 0]
        self.reports = [0, 0]
        self.clock_on = ruleset["round_seconds"] is not None
        self.is_time_up = False
        self.tiebreak = False
        self.winner: int | None = None
        self.reason = ""
        self.roller: int | None = None
        self.prev: dict[str, Any] | None = None  # the last word played, shown until the next one closes
        # the facilitator form: the table as it stood before the facilitator's last ruling (guessed, not
        # guessed, a foul, the die), which ["undo"] puts back; any other step forgets it
        self.before: PictionaryState | None = None

    # -- seats ------------------------------------------------------------------------------
    def seat_of(self, team: int, member: int) -> int:
        return team * self.size + member + (0 if self.digital else 1)

    def team_of(self, seat: int | None) -> int | None:
        if seat is None:
            return None
        base = seat - (0 if self.digital else 1)
        if not 0 <= base < 2 * self.size:
            return None
        return base // self.size

    def team_seats(self, team: int) -> tuple[int, ...]:
        return tuple(self.seat_of(team, m) for m in range(self.size))

    def side_of(self, seat: int) -> str | None:
        t = self.team_of(seat)
        return None if t is None else TEAMS[t]

    def picturist_seats(self) -> tuple[int, ...]:
        w = self.word
        return tuple(w.picturists[t] for t in w.drawing) if w is not None else ()

    def _knows_word(self, seat: int | None) -> bool:
        w = self.word
        return w is not None and seat is not None and seat in w.picturists.values()

    # -- the referee asks -------------------------------------------------------------------
    def pending(self) -> Decision | None:
        rs = self.ruleset
        ph = self.phase
        if ph == OVER:
            return None
        if ph == ROLL_OFF:
            teams = [t for t in (0, 1) if self.rolls[t] is None]
            if self.digital:
                return Decision(tuple(self.seat_of(t, self.rot[t]) for t in teams), "roll_off",
                                "Roll the die for your team: the higher roll picks the first card",
                                ("roll",), rs["roll_seconds"], "the die is rolled for your team",
                                {"teams": [TEAMS[t] for t in teams]})
            return Decision((FACILITATOR,), "roll_off", f"Team {TEAMS[teams[0]]} rolls for the first card",
                            self._die_options(), None, "", {"team": TEAMS[teams[0]]})
        w = self.word
        assert w is not None
        data = {"word": w.no, "category": w.cat, "all_play": w.all_play,
                "teams": [TEAMS[t] for t in w.drawing]}
        if ph == PEEK:
            prompt = f"Word {w.no}: look at the word" + (f" (card {w.changes + 1})" if w.changes else "")
            can_change = w.changes < rs["card_changes"]
            if self.digital:
                seats = tuple(s for s in self.picturist_seats() if s not in w.ready)
                turn_pic = w.picturists.get(self.turn)
                per_seat = {s: (("ready", "change") if can_change and s == turn_pic else ("ready",))
                            for s in seats}
                return Decision(seats, "peek", prompt, per_seat, rs["peek_seconds"], "the minute starts",
                                data)
            turn_pic = w.picturists.get(self.turn)
            if can_change and turn_pic is not None:  # the picturist may ask for the one change too (§2)
                return Decision((FACILITATOR, turn_pic), "peek", prompt,
                                {FACILITATOR: ("ready", "change"), turn_pic: ("change",)},
                                rs["peek_seconds"], "the minute starts", data)
            return Decision((FACILITATOR,), "peek", prompt, ("ready", "change") if can_change else ("ready",),
                            rs["peek_seconds"], "the minute starts", data)
        if ph == DRAW:
            prompt = f"Word {w.no}: draw and guess"
            if self.digital:
                return Decision(self._draw_seats(w), "draw", prompt, None, rs["draw_seconds"],
                                "the minute is over: the word was not guessed", data, stream=True)
            buttons: list[Action] = [("guessed", TEAMS[t]) for t in w.drawing]
            buttons.append(("pass",))
            buttons.extend(("foul", TEAMS[t], f) for t in w.drawing for f in FOULS)
            # a stream too: a foul ruled in All Play leaves the other team the rest of the same minute (§2)
            return Decision((FACILITATOR,), "draw", prompt, tuple(buttons), rs["draw_seconds"],
                            "the minute is over: the word was not guessed", data, stream=True)
        if ph == CONFIRM:
            seats = tuple(sorted({w.picturists[t] for _, t, _, _ in w.near}))
            options = {s: tuple(o for i, t, _, _ in w.near if w.picturists[t] == s
                                for o in (("accept", i), ("reject", i))) for s in seats}
            return Decision(seats, "confirm", f"Word {w.no}: the minute is over; rule on the near misses",
                            options, rs["confirm_seconds"], "the near misses are refused", data)
        # ROLL
        assert self.roller is not None
        team = TEAMS[self.team_of(self.roller) if self.digital else self.turn]  # type: ignore[index]
        if self.digital:
            return Decision((self.roller,), "roll", f"Team {team} guessed it: roll and advance", ("roll",),
                            rs["roll_seconds"], "the die is rolled for your team", {"team": team})
        return Decision((FACILITATOR,), "roll", f"Team {team} guessed it: roll and advance",
                        self._die_options(), None, "", {"team": team})

    def _die_options(self) -> tuple[Action, ...]:
        return ("roll", *(("die", n) for n in range(1, int(self.ruleset["die_sides"]) + 1)))

    def _draw_seats(self, w: Word) -> tuple[int, ...]:
        """Who may act during the minute, rotated so that a driver that asks the first seat (the
        simulator, the conformance suite) lets every seat act in turn."""
        limit = int(self.ruleset["max_guesses"])
        seats: list[int] = []
        for t in [self.turn, 1 - self.turn]:
            if t in w.drawing:
                pic = w.picturists[t]
                seats.extend(s for s in self.team_seats(t) if s != pic and w.counts.get(s, 0) < limit)
                seats.append(pic)
            elif t not in w.teams:
                reported = {s for s, _ in w.reports}
                seats.extend(s for s in self.team_seats(t) if s not in reported)
        k = w.actions % len(seats)
        return tuple(seats[k:] + seats[:k])

    # -- answers ----------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        d = self.pending()
        if d is None:
            raise RuleError("game_over", "the game is over")
        if seat not in d.seats:
            raise RuleError("not_your_turn", f"seat {seat} has nothing to decide now",
                            f"seats {list(d.seats)}")
        action = canon(action)
        opts = d.options_for(seat)
        if opts is not None and action not in opts:
            if action == ("undo",) and not self.digital:
                return self._undo()
            raise RuleError(d.kind, f"{action!r} is not a choice here", ", ".join(map(repr, opts)))
        if not self.digital:
            ruling = self.phase in (ROLL_OFF, DRAW, ROLL)
            before = self.clone() if ruling else None
            events = self._step(seat, action)
            self.before = before
            return events
        return self._step(seat, action)

    def _undo(self) -> list[Event]:
        """The facilitator takes back their last ruling (a button pressed by mistake, a die typed wrong):
        the table is put back as it stood before it, while nothing else has happened since."""
        b = self.before
        if b is None:
            raise RuleError("undo", "there is no ruling to take back",
                            "only the facilitator's last ruling (guessed, not guessed, a foul, the die), "
                            "before the next step")
        for name in PictionaryState.__slots__:
            setattr(self, name, getattr(b, name))
        self.before = None
        return [Event("undone", {"word": self.word.no if self.word is not None else 0})]

    def _step(self, seat: int, action: Action) -> list[Event]:
        if self.phase == ROLL_OFF:
            return self._roll_off(seat, action)
        if self.phase == PEEK:
            return self._peek(seat, action)
        if self.phase == DRAW:
            return self._draw(seat, action) if self.digital else self._facilitate(action)
        if self.phase == CONFIRM:
            return self._rule_near(action)
        return self._roll(action)

    def _die(self, action: Action) -> int:
        if isinstance(action, tuple) and len(action) == 2 and action[0] == "die":
            return int(action[1])
        return 1 + self.rng.randrange(int(self.ruleset["die_sides"]))

    def _roll_off(self, seat: int, action: Action) -> list[Event]:
        team = self.team_of(seat) if self.digital else next(t for t in (0, 1) if self.rolls[t] is None)
        assert team is not None
        value = self._die(action)
        self.rolls[team] = value
        events = [Event("roll_off", {"team": TEAMS[team], "die": value})]
        a, b = self.rolls
        if a is None or b is None:
            return events
        if a == b:
            self.rolls = [None, None]
            return [*events, Event("roll_off_tie", {"die": a})]
        self.turn = 0 if a > b else 1
        events.append(Event("first_team", {"team": TEAMS[self.turn]}))
        return events + self._start_word(all_play=bool(self.ruleset["first_word_all_play"]) or None)

    def _peek(self, seat: int, action: Action) -> list[Event]:
        w = self.word
        assert w is not None
        if action == "change":
            return self._change_card()
        w.ready.add(seat)
        if self.digital and any(s not in w.ready for s in self.picturist_seats()):
            return []
        return self._begin_minute()

    def _change_card(self) -> list[Event]:
        w = self.word
        assert w is not None
        w.changed.append(self.answer)
        self.used.append(w.card)
        w.card = self._draw_card()
        w.changes += 1
        w.ready.clear()
        return [Event("card_changed", {"team": TEAMS[self.turn], "word": w.no}), self._word_event()]

    def _begin_minute(self) -> list[Event]:
        w = self.word
        assert w is not None
        self.phase = DRAW
        return [Event("minute_starts", {"word": w.no})]

    def _draw(self, seat: int, action: Action) -> list[Event]:
        w = self.word
        assert w is not None
        team = self.team_of(seat)
        assert team is not None
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise RuleError("draw", f"{action!r} is not an action of the minute",
                            'picturist: ["line", ...], ["more", ...], ["undo"], ["clear"], ["accept", n], '
                            '["reject", n], ["pass"]; guesser: ["guess", text]; other team: ["report", foul]')
        kind = action[0]
        if team not in w.teams:
            if action == ("no_foul",):  # the watcher saw no foul: it has nothing more to do at this word
                w.reports.append((seat, ""))
                w.actions += 1
                return []
            if kind != "report" or len(action) != 2 or action[1] not in FOULS:
                raise RuleError("watcher", "while the other team draws you may only report a foul",
                                f'["report", one of {", ".join(FOULS)}] or ["no_foul"]')
            w.reports.append((seat, str(action[1])))
            self.reports[team] += 1
            w.actions += 1
            return [Event("report", {"seat": seat, "team": TEAMS[team], "against": TEAMS[self.turn],
                                     "foul": action[1]})]
        pic = w.picturists[team]
        if seat == pic:
            if kind in ("line", "more", "undo", "clear"):
                canvas = w.canvas[team]
                canvas.check(action)
                canvas.apply(action)
                w.actions += 1
                return []
            if kind in ("accept", "reject"):
                return self._rule_near(action, team)
            if kind == "pass" and len(action) == 1:
                w.actions += 1
                return self._team_out(team, "passed")
            raise RuleError("picturist", f"{kind!r} is not a picturist's action",
                            '["line", colour, size, x, y, ...], ["more", x, y, ...], ["undo"], ["clear"], '
                            '["accept", n], ["reject", n], ["pass"]')
        if kind != "guess" or len(action) != 2 or not isinstance(action[1], str):
            raise RuleError("guesser", "a guesser types guesses", '["guess", "your guess"]')
        text = " ".join(action[1].split())
        if not text or len(text) > MAX_GUESS:
            raise RuleError("guess_size", f"a guess has 1 to {MAX_GUESS} characters, not {len(text)}")
        limit = int(self.ruleset["max_guesses"])
        if w.counts.get(seat, 0) >= limit:
            raise RuleError("guess_limit", f"{limit} guesses per player for one word")
        w.counts[seat] = w.counts.get(seat, 0) + 1
        w.actions += 1
        v = match(self.answer, text, self.lang)
        w.guesses.append((team, seat, text, v.verdict, v.why))
        to = frozenset(self.team_seats(team))
        events = [Event("guess", {"seat": seat, "team": TEAMS[team], "text": text, "verdict": v.verdict,
                                  "why": v.why}, to)]
        if v.verdict == "correct":
            return events + self._close(team, "guessed")
        if v.verdict == "near":
            w.near.append((len(w.guesses), team, seat, text))
        return events

    def _rule_near(self, action: Action, team: int | None = None) -> list[Event]:
        w = self.word
        assert w is not None
        if not (isinstance(action, tuple) and len(action) == 2 and action[0] in ("accept", "reject")):
            raise RuleError("confirm", f"{action!r} is not a ruling", '["accept", n] or ["reject", n]')
        found = [x for x in w.near if x[0] == action[1] and (team is None or x[1] == team)]
        if not found:
            raise RuleError("confirm", f"no near miss {action[1]!r} waits for your ruling",
                            ", ".join(str(x[0]) for x in w.near if team is None or x[1] == team) or "none")
        gid, gteam, gseat, text = found[0]
        w.near.remove(found[0])
        w.actions += 1
        accepted = action[0] == "accept"
        # "seat": who rules (the guessing team's picturist), "guesser": who typed it
        events = [Event("near_ruled", {"team": TEAMS[gteam], "seat": w.picturists[gteam], "guesser": gseat,
                                       "text": text,
                                       "accepted": accepted},
                        frozenset(self.team_seats(gteam)))]
        if accepted:
            return events + self._close(gteam, "guessed")
        if self.phase == CONFIRM and not w.near:
            return events + self._close(None, "missed")
        return events

    def _facilitate(self, action: Action) -> list[Event]:
        assert isinstance(action, tuple)
        if action[0] == "guessed":
            return self._close(TEAMS.index(action[1]), "guessed")
        if action[0] == "pass":
            return self._close(None, "missed")
        return self._foul(TEAMS.index(action[1]), str(action[2]), "facilitator")

    def _foul(self, team: int, foul: str, by: str) -> list[Event]:
        self.fouls[team] += 1
        return [Event("foul", {"team": TEAMS[team], "foul": foul, "by": by}), *self._team_out(team, "foul")]

    def _team_out(self, team: int, how: str) -> list[Event]:
        """A team's turn at this word ends (a foul, or it gives the word up); in All Play the other
        team may still guess."""
        w = self.word
        assert w is not None
        w.out.add(team)
        w.near = [x for x in w.near if x[1] != team]
        if w.drawing:
            return [Event("team_out", {"team": TEAMS[team], "how": how})]
        return self._close(None, how)

    def _roll(self, action: Action) -> list[Event]:
        team = self.team_of(self.roller) if self.digital else self.turn
        assert team is not None
        value = self._die(action)
        self.die = value
        start = self.pos[team]
        self.pos[team] = min(start + value, self.board.finish)
        self.roller = None
        events = [Event("rolled", {"team": TEAMS[team], "die": value, "from": start, "to": self.pos[team]})]
        if self.pos[team] == self.board.finish:
            return events + self._end(team, "finish")
        if self.is_time_up:
            return events + self._adjudicate()
        return events + self._start_word()

    # -- words ------------------------------------------------------------------------------
    def _draw_card(self) -> int:
        if not self.deck:
            self.deck, self.used = self.used, []
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    @property
    def answer(self) -> str:
        w = self.word
        assert w is not None
        return self.cards[w.card][CATEGORIES.index(w.cat)]

    def _word_event(self) -> Event:
        w = self.word
        assert w is not None
        return Event("your_word", {"word": self.answer, "category": w.cat}, frozenset(self.picturist_seats()))

    def _start_word(self, all_play: bool | None = None) -> list[Event]:
        """The team in turn draws a card: the category of its square (All Play on an All Play square,
        on Start, for the first word and in a tie-break: every team draws)."""
        cat = "AP" if all_play or self.tiebreak else self.board.category(self.pos[self.turn])
        ap = cat == "AP"
        teams = (self.turn, 1 - self.turn) if ap else (self.turn,)
        pics = {t: self.seat_of(t, self.rot[t]) for t in teams}
        if self.word is not None:
            self.used.append(self.word.card)
        self.words_no += 1
        self.word = Word(self.words_no, self._draw_card(), cat, ap, teams, pics, self.tiebreak)
        self.phase = PEEK
        return [Event("word_start", {"word": self.words_no, "team": TEAMS[self.turn], "category": cat,
                                     "all_play": ap, "picturists": sorted(pics.values()),
                                     "tiebreak": self.tiebreak}),
                self._word_event()]

    def _close(self, team: int | None, how: str) -> list[Event]:
        """The word is over: guessed by ``team``, or not (missed, passed, foul, time_up)."""
        w = self.word
        assert w is not None
        w.open = False
        w.how = how
        w.by = team
        w.near = []
        for t in w.teams:
            self.rot[t] = (self.rot[t] + 1) % self.size
        self.prev = {"word": w.no, "answer": self.answer, "category": w.cat, "how": how,
                     "team": None if team is None else TEAMS[team],
                     "guesses": [{"team": TEAMS[g[0]], "seat": g[1], "text": g[2], "verdict": g[3]}
                                 for g in w.guesses]}
        events = [Event("word_closed", self.prev)]
        if team is not None:
            self.guessed[team] += 1
            if self.tiebreak:
                return events + self._end(team, "time_up_tiebreak")
            self.turn = team
            self.phase = ROLL
            self.roller = w.picturists[team] if self.digital else FACILITATOR
            return events
        if self.is_time_up and not self.tiebreak:
            return events + self._adjudicate()
        self.turn = 1 - self.turn
        return [*events, Event("turn_passes", {"team": TEAMS[self.turn]}), *self._start_word()]

    # -- the clock and the end --------------------------------------------------------------
    def clock_limit(self) -> float | None:
        if not self.clock_on or self.is_time_up or self.phase == OVER:
            return None
        return float(self.ruleset["round_seconds"])

    def time_up(self) -> list[Event]:
        if self.clock_limit() is None:
            raise RuleError("time_up", "no round clock is running (the final has none; time is already up)")
        self.before = None
        self.is_time_up = True
        events = [Event("time_up", {"squares": {TEAMS[t]: self.pos[t] for t in (0, 1)}})]
        if self.phase in (PEEK, DRAW):
            return events + self._close(None, "time_up")
        if self.phase == ROLL_OFF:
            return events + self._adjudicate()
        return events  # a word already guessed is rolled for; a near miss is still ruled

    def _adjudicate(self) -> list[Event]:
        a, b = self.pos
        if a != b:
            return self._end(0 if a > b else 1, "time_up")
        self.tiebreak = True
        self.rolls = [None, None]
        return [Event("tiebreak", {"squares": a}), *self._start_word(all_play=True)]

    def _end(self, team: int, reason: str) -> list[Event]:
        self.phase = OVER
        self.winner = team
        self.reason = reason
        self.roller = None
        return [Event("game_over", {"winner": TEAMS[team], "reason": reason,
                                    "squares": {TEAMS[t]: self.pos[t] for t in (0, 1)}})]

    def timeout(self, seat: int) -> list[Event]:
        d = self.pending()
        if d is None or seat not in d.seats:
            raise RuleError("timeout", f"seat {seat} has no timed decision")
        self.before = None
        if self.phase == ROLL_OFF:
            return self._roll_off(seat, "roll")
        if self.phase == PEEK:
            return self._begin_minute()
        if self.phase == DRAW:
            w = self.word
            assert w is not None
            if w.near:
                self.phase = CONFIRM
                return [Event("minute_over", {"word": w.no, "near": len(w.near)})]
            return self._close(None, "missed")
        if self.phase == CONFIRM:
            w = self.word
            assert w is not None
            w.near = []
            return self._close(None, "missed")
        return self._roll("roll")

    def referee(self, action: Action) -> list[Event]:
        """A referee's ruling: ``["foul", team, foul]`` ends that team's turn at the word being
        played (seed §2, §3: no letters or numbers, no talking, no pre-arranged signs)."""
        action = canon(action)
        w = self.word
        if not (isinstance(action, tuple) and len(action) == 3 and action[0] == "foul" and action[1] in TEAMS
                and action[2] in FOULS):
            raise RuleError("referee", f"{action!r} is not a ruling",
                            f'["foul", "A" or "B", one of {", ".join(FOULS)}]')
        team = TEAMS.index(action[1])
        if self.phase not in (PEEK, DRAW) or w is None or team not in w.drawing:
            raise RuleError("referee", f"team {action[1]} is not drawing a word now",
                            "a foul is ruled while the team draws")
        self.before = None
        return self._foul(team, str(action[2]), "referee")

    # -- what seats may know ----------------------------------------------------------------
    def hidden_from(self, viewer: int | None) -> set[str]:
        w = self.word
        if w is None or not w.open or self._knows_word(viewer):
            return set()
        return {self.answer}

    def _role(self, seat: int | None) -> str:
        if seat is None:
            return "spectator"
        if not self.digital and seat == FACILITATOR:
            return "facilitator"
        w = self.word
        team = self.team_of(seat)
        if w is not None and w.open and seat in w.picturists.values():
            return "picturist"
        if w is not None and w.open and team in w.drawing:
            return "guesser"
        return "watcher"

    def view(self, seat: int | None) -> dict[str, Any]:
        team = self.team_of(seat)
        v: dict[str, Any] = {
            "game": "pictionary",
            "mode": "digital" if self.digital else "facilitator",
            "lang": self.lang,
            "board": self.board.name,
            "track": self.board.track,
            "finish": self.board.finish,
            "teams": [{"team": TEAMS[t], "seats": self.team_seats(t), "pos": self.pos[t],
                       "picturist": self.seat_of(t, self.rot[t]), "words": self.guessed[t],
                       "fouls": self.fouls[t], "reports": self.reports[t], "roll": self.rolls[t]}
                      for t in (0, 1)],
            "turn": TEAMS[self.turn],
            "phase": self.phase,
            "die": self.die,
            "final": not self.clock_on,
            "time_up": self.is_time_up,
            "tiebreak": self.tiebreak,
            "you": {"seat": seat, "team": None if team is None else TEAMS[team], "role": self._role(seat)},
            "word": self._word_view(seat, team),
            "prev": self.prev,
            "names": {TEAMS[t]: n for t, n in enumerate(self.ruleset.params.get("team_names") or ()) if n},
            # the facilitator's page offers to take back the last ruling while it can be
            "can_undo": not self.digital and seat == FACILITATOR and self.before is not None,
        }
        if self.phase == OVER:
            v["winner"] = TEAMS[self.winner] if self.winner is not None else None
            v["reason"] = self.reason
        return v

    def _word_view(self, seat: int | None, team: int | None) -> dict[str, Any] | None:
        w = self.word
        if w is None:
            return None
        out: dict[str, Any] = {"no": w.no, "category": w.cat, "all_play": w.all_play,
                               "teams": [TEAMS[t] for t in w.teams], "out": [TEAMS[t] for t in sorted(w.out)],
                               "open": w.open, "changes": w.changes, "tiebreak": w.tiebreak,
                               "picturists": {TEAMS[t]: s for t, s in w.picturists.items()}}
        if not w.open or self._knows_word(seat):
            out["answer"] = self.answer
        if not w.open:
            out["how"] = w.how
            out["by"] = None if w.by is None else TEAMS[w.by]
        show_all = not w.open or seat is None or not w.all_play or team not in w.teams
        out["drawings"] = {TEAMS[t]: list(c.ops) for t, c in w.canvas.items() if show_all or t == team}
        out["guesses"] = [{"team": TEAMS[g[0]], "seat": g[1], "text": g[2], "verdict": g[3], "why": g[4]}
                          for g in w.guesses if not w.open or (team is not None and g[0] == team)]
        if w.open and seat is not None and seat in w.picturists.values():
            mine = [t for t, s in w.picturists.items() if s == seat]
            out["near"] = [{"id": i, "seat": s, "text": text} for i, t, s, text in w.near if t in mine]
        return out

    def determinize(self, seat: int, rng: Rng) -> PictionaryState:
        """The deck order is unknown to everyone; the open word is unknown to all but its picturists."""
        c = self.clone()
        rng.shuffle(c.deck)
        w = c.word
        if w is not None and w.open and not self._knows_word(seat) and c.deck:
            k = rng.randrange(len(c.deck))
            c.deck[k], w.card = w.card, c.deck[k]
        return c

    # -- plumbing ---------------------------------------------------------------------------
    def clone(self) -> PictionaryState:
        c = PictionaryState.__new__(PictionaryState)
        for name in PictionaryState.__slots__:
            setattr(c, name, getattr(self, name))
        c.rng = self.rng.copy()
        c.deck = list(self.deck)
        c.used = list(self.used)
        c.pos = list(self.pos)
        c.rot = list(self.rot)
        c.rolls = list(self.rolls)
        c.word = self.word.clone() if self.word is not None else None
        c.guessed = list(self.guessed)
        c.fouls = list(self.fouls)
        c.reports = list(self.reports)
        # the facilitator's undo is part of the table as every seat sees it (``can_undo``): a copy keeps it
        c.before = self.before.clone() if self.before is not None else None
        return c

    def result(self) -> Result | None:
        if self.phase != OVER or self.winner is None:
            return None
        win = self.winner
        n = self.ruleset.seats
        placements = [0] * n
        scores = [0.0] * n
        sides = {}
        for t in (0, 1):
            for s in self.team_seats(t):
                placements[s] = 1 if t == win else 2
                scores[s] = float(self.pos[t])
            sides[TEAMS[t]] = SideResult(self.team_seats(t), 1 if t == win else 2, float(self.pos[t]),
                                         {"squares": self.pos[t], "words": self.guessed[t],
                                          "fouls": self.fouls[t], "reports": self.reports[t]})
        return Result(tuple(placements), tuple(scores), self.reason, sides,
                      {"squares": {TEAMS[t]: self.pos[t] for t in (0, 1)}, "words_played": self.words_no,
                       "finish": self.board.finish, "winner": TEAMS[win]})

    def snapshot(self) -> dict[str, Any]:
        return {"rng": self.rng.state, "deck": self.deck, "used": self.used, "pos": self.pos,
                "turn": self.turn, "rot": self.rot, "rolls": self.rolls, "phase": self.phase, "die": self.die,
                "word": self.word.snapshot() if self.word is not None else None, "words_no": self.words_no,
                "guessed": self.guessed, "fouls": self.fouls, "reports": self.reports,
                "clock_on": self.clock_on, "time_up": self.is_time_up, "tiebreak": self.tiebreak,
                "winner": self.winner, "reason": self.reason, "roller": self.roller, "prev": self.prev}

    def check_invariants(self) -> None:
        assert all(0 <= p <= self.board.finish for p in self.pos), self.pos
        w = self.word
        cards = [*self.deck, *self.used, *([w.card] if w is not None else [])]
        assert sorted(cards) == list(range(len(self.cards))), "every card is in the deck, used or in play"
        assert (self.phase == OVER) == (self.winner is not None)
        if self.phase in OPEN_PHASES:
            assert w is not None and w.open and w.drawing, "a word is open and some team draws it"
        if self.phase == ROLL:
            assert self.roller is not None and w is not None and not w.open and w.by is not None
        if w is not None:
            for t, c in w.canvas.items():
                assert c.points == sum((len(op) - 2) // 2 for op in c.ops if op != (-1,)), f"points of {t}"

    # -- random play ------------------------------------------------------------------------
    def random_action(self, seat: int, rng: Rng) -> Action:
        d = self.pending()
        if d is None or d.options is not None:
            return super().random_action(seat, rng)
        w = self.word
        assert w is not None
        if seat not in d.seats:
            raise RuleError("not_your_turn", f"seat {seat} has nothing to decide", f"seats {list(d.seats)}")
        team = self.team_of(seat)
        assert team is not None
        if team not in w.teams:
            return ("report", FOULS[rng.randrange(len(FOULS))])
        if seat == w.picturists[team]:
            return random_picturist_action(w, team, rng)
        r = rng.random()
        answer = self.answer
        if r < 0.12:
            return ("guess", answer)
        if r < 0.17:
            return ("guess", answer + "s" if self.lang == "en" else answer + answer[-1])
        if r < 0.22 and len(answer) > 4:
            k = rng.randrange(len(answer) - 1)
            return ("guess", answer[:k] + answer[k + 1] + answer[k] + answer[k + 2:])
        return ("guess", self.wrong_guess(rng))

    def wrong_guess(self, rng: Rng) -> str:
        """Another word of the card in play: a plausible wrong guess that is never a later answer (a card
        is played once; only an exhausted deck brings cards back)."""
        w = self.word
        assert w is not None
        card = self.cards[w.card]
        k = CATEGORIES.index(w.cat)
        return card[(k + 1 + rng.randrange(len(card) - 1)) % len(card)]


def random_picturist_action(w: Word, team: int, rng: Rng) -> Action:
    """A random picturist: mostly strokes, sometimes undo, clear, a ruling on a near miss, or pass."""
    from .drawing import COLOURS, HEIGHT, MAX_OPS, MAX_POINTS, WIDTH, WIDTHS

    canvas = w.canvas[team]
    mine = [x for x in w.near if x[1] == team]
    r = rng.random()
    if mine and r < 0.5:
        return ("accept" if rng.random() < 0.5 else "reject", mine[0][0])
    if r < 0.02:
        return ("pass",)
    n = 1 + rng.randrange(6)
    full = canvas.points + n > MAX_POINTS or len(canvas.ops) >= MAX_OPS
    if full or (canvas.ops and r < 0.08):
        return ("undo",) if canvas.ops else ("clear",)
    if r < 0.1 and len(canvas.ops) < MAX_OPS:
        return ("clear",)
    pts = [v for _ in range(n) for v in (rng.randrange(WIDTH + 1), rng.randrange(HEIGHT + 1))]
    if canvas.open and r < 0.6:
        return ("more", *pts)
    return ("line", rng.randrange(len(COLOURS)), 1 + rng.randrange(len(WIDTHS) - 1), *pts)


def seats_for(mode: str, team_size: int) -> int:
    """Seats of a table: the players, plus the facilitator's page in the facilitator form."""
    return 2 * team_size + (0 if mode == "digital" else 1)


def word_cards(ruleset: Ruleset) -> tuple[Card, ...]:
    """The word cards a table plays with: the organiser's list (parameter ``cards``), else the project's
    own list for the table's language."""
    custom = ruleset["cards"]
    lang = str(ruleset["lang"])
    return builtin(lang) if custom is None else _custom(canon(custom), lang)


@lru_cache(maxsize=16)
def _custom(cards: Any, lang: str) -> tuple[Card, ...]:
    """An organiser's list given as the ``cards`` parameter, checked once per content."""
    return cards_from_params(cards, lang)


__all__ = ["FOULS", "TEAMS", "PictionaryState", "Word", "seats_for", "word_cards"]
