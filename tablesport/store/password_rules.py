"""What a new password and a new account name may be.

A password has ``PASSWORD_MIN``–``PASSWORD_MAX`` characters, at least ``DISTINCT_MIN`` different ones, and is
none of the passwords everyone tries first (``common_passwords.txt``: lowered, with trailing digits and
punctuation taken off, it is not one of them nor one of them repeated), and does not contain the account's
name. An account name is printable text without format characters: zero-width and bidirectional marks
(``pete\\u200b`` looks like ``pete``) and any control, private-use or unassigned character are refused, and
so are spaces other than the plain one.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

PASSWORD_MIN = 10
PASSWORD_MAX = 1024
DISTINCT_MIN = 4
NAME_MAX = 100
NAME_FORBIDDEN = "<>\"'&"

HERE = Path(__file__).parent


class Problem(NamedTuple):
    """Why a password or a name is refused: ``message`` in English, ``key`` and ``fmt`` the page's string."""

    key: str
    message: str
    fmt: dict[str, Any]


@cache
def common_passwords() -> frozenset[str]:
    lines = (HERE / "common_passwords.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(x.strip().lower() for x in lines if x.strip() and not x.startswith("#"))


def _stem(password: str) -> str:
    return password.lower().rstrip("0123456789!@#$%^&*()-_=+.,;:?~ ")


def password_problem(password: object, name: str = "") -> Problem | None:
    """Why ``password`` is refused for the account ``name`` (what is allowed is said), or ``None``."""
    if not isinstance(password, str) or len(password) < PASSWORD_MIN:
        return Problem(
            "password_rule.short", f"a password has at least {PASSWORD_MIN} characters", {"n": PASSWORD_MIN}
        )
    if len(password) > PASSWORD_MAX:
        return Problem(
            "password_rule.long", f"a password has at most {PASSWORD_MAX} characters", {"n": PASSWORD_MAX}
        )
    if len(set(password)) < DISTINCT_MIN:
        return Problem(
            "password_rule.distinct",
            f"a password has at least {DISTINCT_MIN} different characters",
            {"n": DISTINCT_MIN},
        )
    lowered, stem = password.lower(), _stem(password)
    common = common_passwords()
    if (
        lowered in common
        or stem in common
        or any(len(w) >= 3 and len(stem) % len(w) == 0 and stem == w * (len(stem) // len(w)) for w in common)
    ):
        return Problem(
            "password_rule.common",
            "this password is one of those everyone tries first: choose a less common one",
            {},
        )
    who = (name or "").strip().lower()
    if len(who) >= 3 and who in lowered:
        return Problem("password_rule.name", "a password does not contain the account's name", {})
    return None


def name_problem(name: str) -> Problem | None:
    """Why ``name`` (stripped) is refused as an account name, or ``None``."""
    allowed = Problem(
        "name_rule",
        f"an account name is 1–{NAME_MAX} printable characters without "
        f"{' '.join(NAME_FORBIDDEN)}, zero-width or direction marks",
        {"n": NAME_MAX, "chars": " ".join(NAME_FORBIDDEN)},
    )
    if not name or len(name) > NAME_MAX:
        return allowed
    for ch in name:
        cat = unicodedata.category(ch)
        if ch in NAME_FORBIDDEN or cat[0] == "C" or (cat[0] == "Z" and ch != " "):
            return allowed
    return None
