"""What the server says to a player in words, in the page's language: decision prompts, what a timeout
does, event-log sentences and how a game ended.

The engines speak English in their prompts (``Decision.prompt``, ``Decision.on_timeout``: the terminal
and bot authors read them) and plain data in their events (``Event.kind`` and ``data``).  Each game's
``texts/game.yaml`` (in the game's package, :meth:`~tablesport.core.Game.texts`) turns them into messages:

* ``prompts`` and ``timeouts``: a message id, the engine's English text as a pattern (``match``, with
  ``{name}`` for each parameter), and the message in each language with the same parameters;
* ``events``: one sentence per event kind, its parameters the event's data;
* ``reasons``: how a game ends (``Result.reason``);
* ``params``: how each parameter is shown, by its name — a seat, a side, a card, general, skill, city or
  ticket localized from the game's data (:func:`tablesport.server.content.gamedata.names`), a card
  named by what it is (``deal_card``: ``values.deal_card``), a value from ``values``, a tile, a number or
  text as it is.

:func:`decision_text`, :func:`event_text` and :func:`result_text` are what the table's frames carry
(``decision.text``, ``events[i].text``, ``result_text``); a text that no message matches is
:data:`UNTRANSLATED` followed by the raw text, which the tests refuse (``tests/server/test_texts.py``
walks a game of every preset in every language).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tablesport.core import Decision, Event, to_json
from tablesport.tournament.formats import FORMATS

from .gamedata import names
from .i18n import LANGS, strings, to_hant, translator

HERE = Path(__file__).parent / "texts"
UNTRANSLATED = "\u2047"
"""Marks a text no message matched (the raw English or data follows it)."""

LIST_SEP = {"zh-Hans": "、", "zh-Hant": "、", "en": ", "}
QUOTES = {"zh-Hans": ("「", "」"), "zh-Hant": ("「", "」"), "en": ("“", "”")}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_NAME_TABLES = {"card": "cards", "general": "generals", "skill": "skills", "city": "cities",
                "category": "categories"}


@dataclass(frozen=True, slots=True)
class Message:
    id: str
    pattern: re.Pattern[str] | None
    texts: dict[str, str]


@dataclass(frozen=True, slots=True)
class GameTexts:
    game: str
    params: dict[str, str]
    values: dict[str, dict[str, dict[str, str]]]
    prompts: tuple[Message, ...]
    timeouts: tuple[Message, ...]
    events: dict[str, tuple[dict[str, str], ...]]
    reasons: dict[str, dict[str, str]]
    title: dict[str, str] | None
    presets: dict[str, dict[str, str]]
    lobby: dict[str, Any]
    """The lobby's tile (:mod:`.lobby` reads and checks it)."""
    score: dict[str, str] | None = None
    """How the game writes a final score in each language (``{score}``: the number), e.g. Monopoly Deal's
    money "12M" / "12百万"; ``None``: the bare number."""


def _texts_of(entry: dict[str, Any], where: str) -> dict[str, str]:
    missing = [lang for lang in LANGS if lang not in entry]
    if missing:
        raise ValueError(f"{where}: no text in {', '.join(missing)}")
    return {lang: str(entry[lang]) for lang in LANGS}


def _pattern(match: str) -> re.Pattern[str]:
    parts: list[str] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(match):
        parts.append(re.escape(match[pos:m.start()]))
        parts.append(f"(?P<{m.group(1)}>.+?)")
        pos = m.end()
    parts.append(re.escape(match[pos:]))
    return re.compile("".join(parts), re.DOTALL)


def _messages(entries: list[dict[str, Any]], where: str) -> tuple[Message, ...]:
    out = []
    for e in entries or []:
        out.append(Message(str(e["id"]), _pattern(str(e["match"])), _texts_of(e, f"{where} {e['id']}")))
    return tuple(out)


def _load(path: Path) -> Any:
    """A texts file (libyaml's loader where PyYAML has it: the files are large)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)


def warm() -> None:
    """Load every game's texts and the page strings now (a server calls it at start-up, off its event
    loop: the first frame of a table would otherwise wait for it)."""
    from tablesport.games import all_games

    for game in all_games():
        for lang in LANGS:
            renderer(game, lang)


@cache
def common() -> dict[str, Any]:
    """What every game shares (``texts/games/common.yaml``): sides, seats' value maps, generic timeouts."""
    data: dict[str, Any] = _load(HERE / "games" / "common.yaml")
    return data


def texts_file(game: str, kind: str) -> Path | None:
    """The game's ``texts/<kind>.yaml`` (``game``, ``rules``, ``hints``), if the game has one."""
    from tablesport.games import all_games

    found = all_games().get(game)
    return found.texts(kind) if found is not None else None


@cache
def game_texts(game: str) -> GameTexts:
    path = texts_file(game, "game")
    data = _load(path) if path is not None else {}
    base = common()
    values = {**base.get("values", {}), **(data.get("values") or {})}
    for name, vals in values.items():
        for value, texts in vals.items():
            _texts_of(texts, f"{game} values.{name}.{value}")
    return GameTexts(
        game=game,
        params={**base.get("params", {}), **(data.get("params") or {})},
        values=values,
        prompts=_messages(data.get("prompts") or [], f"{game} prompt"),
        timeouts=_messages([*(data.get("timeouts") or []), *base.get("timeouts", [])], f"{game} timeout"),
        events={str(k): tuple(_texts_of(x, f"{game} event {k}") for x in (v if isinstance(v, list) else [v]))
                for k, v in (data.get("events") or {}).items()},
        reasons={str(k): _texts_of(v, f"{game} reason {k}")
                 for k, v in {**base.get("reasons", {}), **(data.get("reasons") or {})}.items()},
        title=_texts_of(data["title"], f"{game} title") if data.get("title") else None,
        presets={str(k): _texts_of(v, f"{game} preset {k}") for k, v in (data.get("presets") or {}).items()},
        lobby=dict(data.get("lobby") or {}),
        score=_texts_of(data["score"], f"{game} score") if data.get("score") else None,
    )


# -- parameters -------------------------------------------------------------------------------------

def _name(obj: Any, lang: str) -> str | None:
    if not isinstance(obj, dict):
        return None
    if lang == "en" or not obj.get("name_zh"):
        name = obj.get("name")
        return None if name is None else str(name)
    if lang == "zh-Hant":
        return str(obj.get("name_zh_hant") or to_hant(obj["name_zh"]))
    return str(obj["name_zh"])


@cache
def _translator(lang: str) -> Callable[..., str]:
    """The page strings of ``lang`` (built once: a renderer is made for every line)."""
    t: Callable[..., str] = translator(lang)
    return t


@cache
def renderer(game: str, lang: str) -> Renderer:
    return Renderer(game, lang)


class Renderer:
    """Shows one game's parameters in one language."""

    def __init__(self, game: str, lang: str) -> None:
        self.game = game
        self.lang = lang
        self.texts = game_texts(game)
        self.t: Callable[..., str] = _translator(lang)
        self.seat_names: Mapping[int, str] = {}
        """A live table's names for its seats ("Seat 4 Liu Bei"), used instead of the bare seat number."""

    def value(self, kind: str, value: Any) -> str | None:
        """``value`` shown as a ``kind`` parameter; ``None`` when it has no text (untranslated)."""
        lang = self.lang
        if isinstance(value, list | tuple) and kind not in ("move", "text"):
            parts = [self.value(kind, v) for v in value]
            if any(p is None for p in parts):
                return None
            return LIST_SEP[lang].join(p for p in parts if p is not None) if parts else self.t("texts.none")
        if "|" in kind:  # the first kind that shows the value (``seat|card_any``: a seat number or a card)
            for sub in kind.split("|"):
                shown = self.value(sub, value)
                if shown is not None:
                    return shown
            return None
        if kind == "seat":
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if value is None or value == -1:
                return self.t("texts.nobody")
            if isinstance(value, str) and value in self.texts.values.get("direction", {}):
                return self.texts.values["direction"][value][lang]  # an area card's order of targets
            if isinstance(value, int) and value in self.seat_names:
                return self.seat_names[value]
            return self.t("seat_n", n=value) if isinstance(value, int) else None
        if kind == "number":
            if isinstance(value, bool) or not isinstance(value, int | float):
                return str(value) if isinstance(value, str) and value.lstrip("-").isdigit() else None
            return f"{value:g}" if isinstance(value, float) else str(value)
        if kind == "move":  # a Blokus placement: its squares, column letter and row number
            return " ".join(square.upper() for square in str(value).split(","))
        if kind in ("piece", "plain"):
            return str(value)
        if kind == "after_colon":  # a card written "owner:value"
            return str(value).rpartition(":")[2]
        if kind == "text":
            left, right = QUOTES[lang]
            return f"{left}{value}{right}"
        if kind == "tile":
            return self.tile(str(value))
        if kind == "deal_card":  # a card named by what it is (Monopoly Deal: values.deal_card)
            if not isinstance(value, str):
                return None
            return self.deal_card((names(self.game).get("cards") or {}).get(value))
        if kind in ("card", "general", "skill", "city", "category"):
            if not isinstance(value, str):
                return None
            table = names(self.game).get(_NAME_TABLES[kind]) or {}
            if kind == "city":
                return _name(table.get(str(value)), lang) or (str(value) if lang == "en" else None)
            return _name(table.get(str(value)), lang)
        if kind == "card_key":
            return _name((names(self.game).get("card_names") or {}).get(str(value)), lang)
        if kind == "card_any":  # a card token (c12) or a card's key (dodge)
            return self.value("card" if re.fullmatch(r"c\d+", str(value)) else "card_key", value)
        if kind == "thing":  # a skill, a card (equipment effects are skills of cards) or a general
            for sub in ("skill", "card_key", "general"):
                shown = self.value(sub, value)
                if shown is not None:
                    return shown
            return None
        if kind == "why":  # a reason in words, an end reason, or the skill or card that caused it
            texts = self.texts.values.get("why", {}).get(str(value)) or self.texts.reasons.get(str(value))
            return texts[lang] if texts is not None else self.value("thing", value)
        if kind == "reason":
            reason = self.texts.reasons.get(str(value))
            return None if reason is None else reason[lang]
        if kind == "duration":
            whole = int(float(value))
            return f"{whole // 60}:{whole % 60:02d}"
        if kind == "ticket":
            ticket = (names(self.game).get("tickets") or {}).get(str(value))
            if not isinstance(ticket, dict):
                return None
            a, b = self.value("city", ticket["a"]), self.value("city", ticket["b"])
            return self.t("texts.ticket", a=a, b=b, points=ticket["points"])
        if kind.startswith("value:"):
            texts = self.texts.values.get(kind[6:], {}).get(str(value).lower() if isinstance(value, bool)
                                                            else str(value))
            return None if texts is None else texts[lang]
        return None

    def tile(self, tile: str) -> str | None:
        """A Rummikub tile (``R11b``: colour, number, copy; ``J1``/``Ja``: a joker)."""
        if tile.startswith("J"):
            return self.value("value:tile_colour", "J")
        m = re.fullmatch(r"([RBOK])(\d+)[ab]?", tile)
        if m is None:
            return None
        colour = self.value("value:tile_colour", m.group(1))
        return None if colour is None else f"{colour}{m.group(2)}"

    def deal_card(self, card: Any) -> str | None:
        """A Monopoly Deal card by what it is (its kind, colours, value) in the page's language."""
        if not isinstance(card, dict):
            return None
        kind = str(card.get("kind"))
        colours = card.get("colours")
        if colours == "any":
            shown = self.value("value:colour", "any")
        elif isinstance(colours, list):
            shown = self.value("value:colour", colours)
        else:
            shown = ""
        template = self.texts.values.get("deal_card", {}).get(kind)
        if template is None or shown is None:
            return None
        return template[self.lang].format(value=card.get("value"), colours=shown, name=card.get("name"))

    def params(self, raw: dict[str, Any]) -> dict[str, str] | None:
        """Every parameter shown; ``None`` if one has no text."""
        out: dict[str, str] = {}
        for key, value in raw.items():
            kind = self.texts.params.get(key, "plain")
            shown = self.value(kind, value)
            if shown is None:
                return None
            out[key] = shown
        return out


def _fill(template: str, params: dict[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: params.get(m.group(1), m.group(0)), template)


def _match(messages: tuple[Message, ...], text: str, r: Renderer) -> str | None:
    for msg in messages:
        assert msg.pattern is not None
        m = msg.pattern.fullmatch(text)
        if m is None:
            continue
        shown = r.params(m.groupdict())
        if shown is not None:
            return _fill(msg.texts[r.lang], shown)
    return None


@cache
def _prompt(game: str, lang: str, prompt: str) -> str:
    if not prompt:
        return ""
    return _match(game_texts(game).prompts, prompt, renderer(game, lang)) or f"{UNTRANSLATED}{prompt}"


@cache
def _timeout(game: str, lang: str, text: str) -> str:
    if not text:
        return ""
    return _match(game_texts(game).timeouts, text, renderer(game, lang)) or f"{UNTRANSLATED}{text}"


def decision_text(game: str, decision: Decision, lang: str) -> dict[str, str]:
    """The decision's prompt and what its timeout does, in ``lang``."""
    return {"prompt": _prompt(game, lang, decision.prompt),
            "on_timeout": _timeout(game, lang, decision.on_timeout)}


def event_text(game: str, event: Event | dict[str, Any], lang: str,
               seat_names: Mapping[int, str] | None = None) -> str:
    """One line of the event log in ``lang`` (``seat_names``: a live table's names for its seats)."""
    if isinstance(event, Event):
        kind, data = event.kind, to_json(event.data)
    else:
        kind, data = event["kind"], event["data"]
    r = renderer(game, lang)
    r.seat_names = seat_names or {}
    if kind == "referee":
        return _ruling_text(r, data, lang)
    for variant in r.texts.events.get(str(kind), ()):
        template = variant[lang]
        wanted = {m.group(1) for m in _PLACEHOLDER.finditer(variant["en"])}
        if any(data.get(k) is None or data.get(k) == [] for k in wanted):
            continue  # the first variant whose parameters the event has (an empty list: has not)
        shown = r.params({k: data[k] for k in wanted})
        if shown is not None:
            return _fill(template, shown)
    return f"{UNTRANSLATED}{kind}: {data}"


def _ruling_text(r: Renderer, data: dict[str, Any], lang: str) -> str:
    """A referee's control at a live table (:mod:`.table_control`, the same for every game) in words."""
    t: Callable[..., str] = _translator(lang)
    control = data.get("control")
    seat = data.get("seat")
    foul = data.get("foul")
    return t(f"ev.referee.{control}", by=data.get("by", ""), why=data.get("why", ""),
             seat=(r.value("seat", seat) or str(seat)) if seat is not None else "",
             points=data.get("points", ""), foul=t(f"pfoul.{foul}") if foul else "")


def result_text(game: str, result: dict[str, Any] | None, lang: str, with_scores: bool = True) -> str:
    """How the game ended: the winner (side or seats) or a draw, and the reason, in ``lang``; then the
    scores, unless ``with_scores`` is false (the table page's end box lists them seat by seat)."""
    if not result:
        return ""
    r = renderer(game, lang)
    t: Callable[..., str] = r.t
    side = result.get("winner_side")
    seats = result.get("winner_seats") or []
    if side:
        who = r.value("value:side", side) or side
        winner = t("texts.winner", who=who)
    elif seats:
        winner = t("texts.winner", who=r.value("seat", seats))
    else:
        winner = t("texts.draw")
    reason = r.texts.reasons.get(str(result.get("reason")))
    because = reason[lang] if reason else f"{UNTRANSLATED}{result.get('reason')}"
    if not with_scores:
        return t("texts.result_head", winner=winner, reason=because)
    shown = result.get("scores", [])
    sides = result.get("sides") or {}
    in_sides = {s for sr in sides.values() for s in sr.get("seats", ())}
    if sides and len(in_sides) < len(shown):  # a seat of no side (a paper table's facilitator): by side
        shown = [sr.get("score", 0) for sr in sides.values()]
    scores = " : ".join(score_text(game, s, lang) for s in shown)
    return t("texts.result", winner=winner, reason=because, scores=scores)


def score_text(game: str, score: Any, lang: str) -> str:
    """A final score as the game writes it in ``lang`` (its texts' ``score``: Monopoly Deal's money in M /
    百万), else the bare number."""
    number = f"{score:g}" if isinstance(score, float) else str(score)
    template = game_texts(game).score
    return _fill(template[lang], {"score": number}) if template else number


def scores_text(game: str, result: dict[str, Any] | None, lang: str) -> list[str]:
    """Each seat's final score in words (the table page's end box lists them seat by seat)."""
    return [score_text(game, s, lang) for s in (result or {}).get("scores", [])]


def add_texts(frame: dict[str, Any], game: str, decision: Decision | None, lang: str,
              memo: dict[Any, Any] | None = None) -> None:
    """Put the words into a table frame for a page in ``lang``: ``decision.text`` and ``result_text`` (each
    event's line is written with the event: ``LiveTable.frame_dict``). ``memo`` (one dict for the frames
    of one moment, every seat's) keeps them once per language: they read the same at every seat."""
    memo = {} if memo is None else memo
    dec = frame.get("decision")
    if dec is not None and decision is not None and dec.get("private"):
        # another seat's private decision (Decision.private): neither who nor what
        dec["text"] = {"prompt": _translator(lang)("waiting_private"), "on_timeout": ""}
    elif dec is not None and decision is not None:
        key = ("decision", lang)
        if key not in memo:
            memo[key] = decision_text(game, decision, lang)
        dec["text"] = memo[key]
    key = ("result", lang)
    if key not in memo:
        memo[key] = result_text(game, frame.get("result"), lang)
        memo[("result_head", lang)] = result_text(game, frame.get("result"), lang, with_scores=False)
        memo[("result_scores", lang)] = scores_text(game, frame.get("result"), lang)
    frame["result_text"] = memo[key]
    frame["result_head"] = memo[("result_head", lang)]
    frame["result_scores"] = memo[("result_scores", lang)]


def step_text(game: str, step: dict[str, Any] | None, lang: str,
              seat_names: Mapping[int, str] | None = None) -> str:
    """A record step in words (a replay's line): who acted, who ran out of time, the clock, a ruling
    (``seat_names``: the table's names for its seats, :func:`seat_names`)."""
    if step is None:
        start: str = _translator(lang)("replay.start")
        return start
    t: Callable[..., str] = _translator(lang)
    r = renderer(game, lang)
    r.seat_names = seat_names or {}
    kind = step.get("t")
    if kind in ("act", "timeout"):
        return t(f"replay.{kind}", seat=r.value("seat", step.get("seat")))
    action = step.get("action")
    if kind == "referee" and isinstance(action, list) and action[:1] == ["concede"] and len(action) > 1:
        who = r.value("seat|value:side", action[1])
        return t("replay.concede", seat=who)
    return t("replay.time_up" if kind == "time_up" else "replay.referee")


def preset_title(preset: str, lang: str) -> str:
    """A preset's name for a page in ``lang``: its game's title and the preset's own (the id if unknown)."""
    for g in lobby_catalogue(lang):
        for p in g["presets"]:
            if p["preset"] == preset:
                return f"{g['title']} · {p['title']}"
    return preset


def competition_title(title: str, preset: str, lang: str) -> str:
    """A competition's name in ``lang``: the organiser's own, or its preset's where it is still the format's
    default (which is in English)."""
    fmt = FORMATS.get(preset)
    return preset_title(preset, lang) if fmt is not None and title == fmt.title else title


def seat_names(game: str, view: dict[str, Any], lang: str, labels: Sequence[str] = (),
               accounts: Mapping[int, str] | None = None) -> dict[int, str]:
    """The seats of a table by who plays them, so that a log line or a replay step says who acted, not only
    the seat number: the general where the public view names one (Sanguosha: "4号位 刘备"), else the account
    name of a person's seat (``accounts``) or the bot of a bot's seat (``labels``: "person", "bot:<spec>";
    "Bot rule of thumb (Seat 2)"). A person's seat with no account stays "Seat n"."""
    r = renderer(game, lang)
    out: dict[int, str] = {}
    accounts = accounts or {}
    for i, label in enumerate(labels):
        if i in accounts:
            out[i] = accounts[i]
        elif label.startswith("bot:"):
            spec = label[4:].split(":")[0]
            bot = r.t(f"botname.{spec}") if f"botname.{spec}" in strings(lang) else spec
            out[i] = r.t("seat_of", name=f"{r.t('bot')} {bot}", seat=r.t("seat_n", n=i))
    players = view.get("players")
    for i, p in enumerate(players if isinstance(players, list) else []):
        general = p.get("general") if isinstance(p, dict) else None
        name = r.value("general", general) if general else None
        if name:
            out[i] = f"{r.t('seat_n', n=i)} {name}"
    return out


def lobby_catalogue(lang: str) -> list[dict[str, Any]]:
    """The lobby's games and presets (:func:`.gamedata.games_catalogue`) with their titles in ``lang``."""
    from .gamedata import games_catalogue

    out = games_catalogue()
    for g in out:
        texts = game_texts(str(g["game"]))
        if texts.title:
            g["title"] = texts.title[lang]
        for p in g["presets"]:
            p["title"] = texts.presets.get(p["preset"], {}).get(lang, p["title"])
            p["quick_play"] = quick_play(str(p["preset"]))
    return out


def quick_play(preset: str) -> bool:
    """Whether strangers may be seated at the preset by quick play: not a table run from one page (a
    Pictionary paper table needs its own facilitator, :meth:`Game.seats_to_start`)."""
    from tablesport.games import find_preset

    game, rs = find_preset(preset)
    return game.seats_to_start(rs) is None
