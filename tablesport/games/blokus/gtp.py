"""A GTP engine for Blokus Classic in the dialect of Pentobi's ``pentobi-gtp`` (Pentobi-GTP.md).

Colours are ``1`` blue, ``2`` yellow, ``3`` red, ``4`` green (names accepted too); moves are
comma-separated squares such as ``f9,e10,f10,g10,f11`` or ``pass``.  Responses are ``= text`` or
``? message`` followed by an empty line; a numeric command id is echoed.

Turn order is the referee's: a command for a colour that is not to move is accepted only when
every colour before it has nothing to place (those colours then pass, as blocked colours do); a
colour that is done (blocked, or all 21 pieces placed) answers ``genmove`` with ``pass``.
``play <colour> pass`` for a colour that could still place is the seed's missed move: a pass for
that turn only.  ``final_score`` gives the seed's points per colour (−1 per square not placed,
+15 / +20 bonus), which differ from a count of placed squares by 89 for every colour.

Two variants, as Pentobi names them: ``classic`` (4 players, preset ``blokus-event``) and
``classic_2`` (2 players with two colours each, preset ``blokus-2p``: first player blue and red,
second yellow and green; ``final_score`` then answers like Go, ``B+12``, ``W+3`` or ``0``).
``set_game Blokus`` / ``set_game Blokus Two-Player`` switch between them.
"""

from __future__ import annotations

from collections.abc import Callable

from tablesport import __version__
from tablesport.core import Bot, RuleError

from .board import COLOUR_LETTERS, COLOUR_NAMES, MOVE_STRING, SIZE
from .game import GAME
from .pieces import PIECE_NAMES
from .state import COLOURS, PASS, BlokusState

COMMANDS = (
    "all_legal", "clear_board", "final_score", "genmove", "known_command", "list_commands", "name", "play",
    "protocol_version", "quit", "reg_genmove", "set_game", "showboard", "undo", "version",
)
VARIANTS = {"classic": "blokus-event", "c": "blokus-event", "classic_2": "blokus-2p", "c2": "blokus-2p"}
GAME_NAMES = {"Blokus": "blokus-event", "Blokus Two-Player": "blokus-2p"}


class GtpError(Exception):
    pass


class GtpEngine:
    """One Blokus Classic game driven by GTP commands; ``bot_factory`` makes the move generator."""

    def __init__(self, bot_factory: Callable[[], Bot], seed: int = 0, variant: str = "classic") -> None:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; known: classic (c), classic_2 (c2)")
        self.preset = VARIANTS[variant]
        self.bot_factory = bot_factory
        self.seed = seed
        self.bot = bot_factory()
        self.state = self._new()
        self.history: list[BlokusState] = []  # the states before each move played or generated (undo)
        self.quit = False

    def _new(self) -> BlokusState:
        state = GAME.start(self.preset, self.seed)
        assert isinstance(state, BlokusState)
        return state

    # -- the command loop -------------------------------------------------------------------------
    def handle(self, line: str) -> str | None:
        """The full response to one command line (``None`` for an empty or comment line)."""
        line = line.split("#", 1)[0].replace("\t", " ").strip()
        line = "".join(ch for ch in line if ch == "\n" or ord(ch) >= 32 and ord(ch) != 127)
        if not line:
            return None
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} missing command\n\n"
        cmd, args = words[0], words[1:]
        try:
            handler = getattr(self, f"cmd_{cmd}") if cmd in COMMANDS else None
            if handler is None:
                raise GtpError("unknown command")
            text = handler(args)
        except GtpError as exc:
            return f"?{ident} {exc}\n\n"
        if not text or text.startswith("\n"):
            return f"={ident}{text}\n\n"
        return f"={ident} {text}\n\n"

    # -- helpers ----------------------------------------------------------------------------------
    @staticmethod
    def _arg(args: list[str], n: int, what: str) -> str:
        if len(args) <= n:
            raise GtpError(f"missing argument: {what}")
        return args[n]

    def _colour(self, args: list[str]) -> int:
        text = self._arg(args, 0, "colour (1-4)").lower()
        if text in ("1", "2", "3", "4"):
            return int(text) - 1
        if text in COLOUR_NAMES:
            return COLOUR_NAMES.index(text)
        raise GtpError(f"invalid colour {text!r}: use 1 (blue), 2 (yellow), 3 (red) or 4 (green)")

    def _bring_turn(self, state: BlokusState, colour: int) -> bool:
        """Make ``colour`` the colour to move by passing blocked colours before it.
        ``False`` if ``colour`` is done; a GtpError if a colour before it can still place."""
        if state.done[colour] or state.current is None:
            return False
        while state.current != colour:
            c = state.current
            assert c is not None
            if state.legal_ids():
                raise GtpError(f"it is colour {c + 1}'s turn ({COLOUR_NAMES[c]})")
            state.pass_turn()
        return True

    def _generate(self, state: BlokusState) -> str:
        d = state.pending()
        assert d is not None
        move = self.bot.act(state, d.seats[0], d)
        return str(move)

    # -- commands ---------------------------------------------------------------------------------
    def cmd_protocol_version(self, args: list[str]) -> str:
        return "2"

    def cmd_name(self, args: list[str]) -> str:
        return "tablesport"

    def cmd_version(self, args: list[str]) -> str:
        return __version__

    def cmd_known_command(self, args: list[str]) -> str:
        return "true" if self._arg(args, 0, "command") in COMMANDS else "false"

    def cmd_list_commands(self, args: list[str]) -> str:
        return "\n".join(COMMANDS)

    def cmd_quit(self, args: list[str]) -> str:
        self.quit = True
        return ""

    def cmd_clear_board(self, args: list[str]) -> str:
        self.state = self._new()
        self.history.clear()
        self.bot = self.bot_factory()
        return ""

    def cmd_play(self, args: list[str]) -> str:
        colour = self._colour(args)
        move = self._arg(args, 1, "move").lower()
        trial = self.state.clone()
        if not self._bring_turn(trial, colour):
            if move == PASS:
                return ""
            raise GtpError(f"colour {colour + 1} has no more moves")
        if move == PASS:
            trial.pass_turn(timeout=bool(trial.legal_ids()))
        else:
            try:
                pid = trial.parse_move(colour, move)
            except RuleError as exc:
                raise GtpError(f"illegal move: {exc}") from None
            trial.play_id(pid)
        self.history.append(self.state)
        self.state = trial
        return ""

    def cmd_genmove(self, args: list[str]) -> str:
        colour = self._colour(args)
        trial = self.state.clone()
        if not self._bring_turn(trial, colour):
            return PASS
        move = self._generate(trial)
        if move == PASS:
            trial.pass_turn()
        else:
            trial.play_id(trial.parse_move(colour, move))
        self.history.append(self.state)
        self.state = trial
        return move

    def cmd_undo(self, args: list[str]) -> str:
        """Take back the last move played or generated (with the blocked colours' passes before it)."""
        if not self.history:
            raise GtpError("cannot undo: no move has been played")
        self.state = self.history.pop()
        return ""

    def cmd_reg_genmove(self, args: list[str]) -> str:
        colour = self._colour(args)
        trial = self.state.clone()
        if not self._bring_turn(trial, colour):
            return PASS
        return self._generate(trial)

    def cmd_all_legal(self, args: list[str]) -> str:
        colour = self._colour(args)
        if self.state.done[colour]:
            return ""
        return "\n".join(MOVE_STRING[i] for i in self.state.legal_ids(colour))

    def cmd_set_game(self, args: list[str]) -> str:
        name = " ".join(args)
        if name not in GAME_NAMES:
            raise GtpError(f"unsupported game variant {name!r}: use {' or '.join(GAME_NAMES)}")
        self.preset = GAME_NAMES[name]
        return self.cmd_clear_board([])

    def cmd_final_score(self, args: list[str]) -> str:
        if self.state.ruleset.seats == 2:
            first, second = self.state.seat_scores()
            if first == second:
                return "0"
            return f"B+{first - second}" if first > second else f"W+{second - first}"
        return " ".join(str(s) for s in self.state.colour_scores())

    def cmd_showboard(self, args: list[str]) -> str:
        return "\n" + render_text(self.state)


def render_text(state: BlokusState) -> str:
    """Text board in Pentobi's layout: columns A-T, row 20 at the top; pieces left per colour."""
    cols = "   " + " ".join(chr(ord("A") + x) for x in range(SIZE))
    lines = [cols]
    rows = state.board_rows()
    side: list[str] = []
    for c in range(COLOURS):
        mark = "*" if state.current == c else " "
        left = [PIECE_NAMES[p] for p in range(len(PIECE_NAMES)) if not state.used[c] >> p & 1]
        side += [f"{mark}{COLOUR_NAMES[c].capitalize()}({COLOUR_LETTERS[c]}): {state.colour_scores()[c]}",
                 " " + " ".join(left[:11]), " " + " ".join(left[11:]), ""]
    for r, row in enumerate(rows):
        y = SIZE - r
        cells = " ".join(ch for ch in row)
        extra = side[r] if r < len(side) else ""
        lines.append(f"{y:>2} {cells} {y:<2} {extra}".rstrip())
    lines.append(cols)
    return "\n".join(lines)
