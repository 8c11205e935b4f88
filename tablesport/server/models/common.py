"""What every part of the API shares: the error shape, the limits and the constrained value types."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

MAX_BODY = 64 * 1024
"""Bytes a request body may have (a larger one is answered 413 before it is read to the end)."""

PRINTABLE = r"^[^\x00-\x1f\x7f]*$"
"""No control characters (a NUL byte cannot be stored in PostgreSQL text; a line break has no place in a
name)."""

MAX_ID = 2**31 - 1
"""The largest row id (a 32-bit integer column in PostgreSQL)."""


# Strings of a bounded length without control characters.
Name = Annotated[str, StringConstraints(min_length=1, max_length=100, pattern=PRINTABLE)]
Title = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=PRINTABLE)]
Key = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=PRINTABLE)]
Short = Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=PRINTABLE)]
Note = Annotated[str, StringConstraints(min_length=0, max_length=500, pattern=PRINTABLE)]
RowId = Annotated[int, Field(ge=1, le=MAX_ID)]


class Input(BaseModel):
    """A request body: strict types (no "12" for 12, no true for 1) and no field it does not declare."""

    model_config = ConfigDict(strict=True, extra="forbid")


class Output(BaseModel):
    """An answer."""

    model_config = ConfigDict(extra="forbid")


class Problem(BaseModel):
    field: str | None = Field(description="where: the body field (dotted path), query or path parameter")
    message: str


class ApiError(BaseModel):
    """Every 4xx answer of the API (and of the pages' forms): what is wrong, what is allowed, where."""

    code: str = Field(
        description="what kind of refusal: invalid, malformed, setup, refused, not_found, "
        "method_not_allowed, conflict, unauthorized, forbidden, too_large, "
        "unsupported_media_type"
    )
    message: str = Field(description="what is wrong and what is allowed, in a sentence")
    field: str | None = Field(
        description="the input at fault (dotted path into the body, or a parameter), when one is"
    )
    allowed: list[str] = Field(description="the values or actions that would be accepted, when known")
    rule: dict[str, str | None] | None = Field(
        default=None, description="a tournament refusal's rule: id, clause (the seed's clause) and text"
    )
    problems: list[Problem] = Field(
        default_factory=list, description="every problem found in the input (validation errors)"
    )

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "code": "invalid",
                    "message": "seed: must be at most 9223372036854775807, not 1e+30",
                    "field": "seed",
                    "allowed": ["0 … 9223372036854775807"],
                    "rule": None,
                    "problems": [{"field": "seed", "message": "must be at most 9223372036854775807"}],
                }
            ]
        }
    )


def error_body(
    code: str,
    message: str,
    field: str | None = None,
    allowed: Any = (),
    rule: dict[str, str | None] | None = None,
    problems: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """An :class:`ApiError` as JSON."""
    return {
        "code": code,
        "message": message,
        "field": field,
        "allowed": [str(a) for a in allowed],
        "rule": rule,
        "problems": problems or [],
    }
