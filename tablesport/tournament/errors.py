"""The one exception type of the tournament layer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tablesport.core import TablesportError

from .rules import Rule


def in_words(items: Iterable[object], last: str = "and") -> str:
    """Names as a person writes them: "Hua Tuo", "Diao Chan and Hua Tuo", "A, B or C".

    Refusals use it instead of a list's repr (``['Diao Chan', 'Hua Tuo']``)."""
    names = [str(i) for i in items]
    if not names:
        return "none"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


class TournamentError(TablesportError):
    """Bad competition input (unknown entrant, duplicate result, illegal commander, ...).

    ``str(error)`` is one line: the message, then the rule's seed clause and what is allowed when they
    are known. The parts are kept apart for a form that shows them next to the field at fault:
    ``message``, ``rule`` (a :class:`~tablesport.tournament.rules.Rule` or None), ``allowed`` (the
    values or actions that would be accepted, possibly empty) and ``field`` (the input at fault).
    """

    def __init__(self, message: str, *, rule: Rule | None = None, allowed: Iterable[str] = (),
                 field: str | None = None) -> None:
        self.message = message
        self.rule = rule
        self.allowed = tuple(str(a) for a in allowed)
        self.field = field
        text = message
        if rule is not None:
            text += f" (rule: {rule.clause})"
        if self.allowed:
            text += f"; allowed: {', '.join(self.allowed)}"
        super().__init__(text)

    def within(self, where: str) -> TournamentError:
        """The same refusal with ``where`` (e.g. "result 3") before its message."""
        return TournamentError(f"{where}: {self.message}", rule=self.rule, allowed=self.allowed,
                               field=self.field)

    def to_json(self) -> dict[str, Any]:
        """What a web form shows: the message, the rule and its clause, what is allowed, the field."""
        return {"message": self.message, "rule": self.rule.id if self.rule else None,
                "clause": self.rule.clause if self.rule else None,
                "rule_text": self.rule.text if self.rule else None,
                "allowed": list(self.allowed), "field": self.field}
