"""``SecretKey``: the API key, the only place that sees it, and redaction of it."""

from __future__ import annotations

import re

from .errors import InvalidParameterError

__all__ = ["SecretKey"]

_B64URL_SEGMENT = r"[A-Za-z0-9_-]+"
_JWT_FORM = re.compile(rf"{_B64URL_SEGMENT}\.{_B64URL_SEGMENT}\.{_B64URL_SEGMENT}")


class SecretKey:
    """The API key. Its repr and str never show it; only :meth:`header_value` does."""

    __slots__ = ("_value",)

    def __init__(self, value: object) -> None:
        if not isinstance(value, str) or not value:
            raise InvalidParameterError(
                "api_key", "is required: pass api_key= or set PAYMENTS_API_KEY"
            )
        if value.lower().startswith("bearer"):
            raise InvalidParameterError(
                "api_key", "must be the bare key, without a 'Bearer ' prefix; the SDK adds it"
            )
        if any(ch.isspace() for ch in value):
            raise InvalidParameterError("api_key", "contains whitespace; copy the key exactly")
        if not _JWT_FORM.fullmatch(value):
            raise InvalidParameterError(
                "api_key", "is not a JWT-form key (three base64url segments separated by dots)"
            )
        self._value = value

    def header_value(self) -> str:
        """Return the Authorization header value."""
        return f"Bearer {self._value}"

    def redact(self, text: str) -> str:
        """Return ``text`` with every occurrence of the key replaced by ``***``."""
        return text.replace(self._value, "***")

    def __reduce__(self) -> tuple[object, ...]:
        raise TypeError("a SecretKey cannot be pickled")

    def __repr__(self) -> str:
        return "SecretKey('***')"

    __str__ = __repr__
