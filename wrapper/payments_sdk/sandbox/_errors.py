"""The sandbox's error answers, in the bundle's ``Error`` shape."""

from __future__ import annotations

import re
from collections.abc import Iterable
from http import HTTPStatus
from typing import Any

__all__ = ["ApiError", "UnknownShape", "bad_request", "field_path", "has", "not_found", "shown"]

_MAX_MESSAGE = 300
"""Longest ``message`` the sandbox answers: a message names a field and a problem, never a body."""
_MAX_SHOWN = 40
"""Longest caller-supplied text echoed inside a message."""
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def shown(value: str) -> str:
    """Return a short, quoted, ASCII-only rendering of a caller's text for use in a message.

    Control characters, non-ASCII text and lone surrogates are escaped (``ascii``), so the
    message can always be encoded; long text is cut, so a message never echoes a whole input.
    """
    if len(value) > _MAX_SHOWN:
        return ascii(value[:_MAX_SHOWN]) + "..."
    return ascii(value)


def field_path(parts: Iterable[str | int]) -> str:
    """Return a field's path as messages show it (``documents[0].id``), or ``body`` for the root.

    Keys that are not plain names are quoted and cut by :func:`shown`, so a caller's key can
    never smuggle a whole input or an unencodable character into a message.
    """
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            name = part if _PLAIN_KEY.fullmatch(part) else shown(part)
            text = f"{text}.{name}" if text else name
    return text or "body"


class ApiError(Exception):
    """An error answer: status and the ``message`` of the ``Error`` body."""

    def __init__(self, status: int, message: str) -> None:
        # Last line of defence: whatever a message quotes, the answer must encode as UTF-8 and
        # stay short. Surrogates become escapes instead of failing the response.
        safe = message.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(safe) > _MAX_MESSAGE:
            safe = safe[: _MAX_MESSAGE - 3] + "..."
        super().__init__(safe)
        self.status = status
        self.message = safe

    def body(self) -> dict[str, str]:
        """Return the ``Error`` body: ``{error: <reason phrase>, message}``."""
        return {"error": HTTPStatus(self.status).phrase, "message": self.message}


def bad_request(message: str) -> ApiError:
    """Return a 400 Bad Request."""
    return ApiError(400, message)


def not_found(message: str) -> ApiError:
    """Return a 404 Not Found."""
    return ApiError(404, message)


class UnknownShape(Exception):
    """A business rule met a request of a shape it does not know (a new ``oneOf`` variant).

    Raised before the rule changes any state. The operation is then served by the REST
    convention when it can be (a create stores the record the bundle describes), and refused
    with a 400 naming the shape otherwise: never a 5xx (docs/sandbox.md).
    """

    def __init__(self, rule: str, body: object, expected: str) -> None:
        fields = sorted(map(str, body)) if isinstance(body, dict) else []
        given = ", ".join(fields) if fields else "no fields"
        super().__init__(
            f"the sandbox's {rule} rule knows requests with {expected}; this one has {given}"
        )
        self.message = str(self)


def has(body: Any, *fields: str) -> bool:
    """Whether ``body`` is an object giving every one of ``fields`` a value.

    A rule checks the shape it knows with this, and raises :class:`UnknownShape` when not.
    """
    return isinstance(body, dict) and all(body.get(name) is not None for name in fields)
