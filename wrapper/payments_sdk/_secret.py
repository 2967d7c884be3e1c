"""``SecretKey``: the API key, the only place that sees it, and redaction of it."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from ._redact import (
    MAX_BODY_DEPTH,
    detach_response,
    json_depth,
    redact_json,
    redact_text,
    scrub_chain,
)
from .errors import InvalidParameterError

__all__ = ["SecretKey"]

_B64URL_SEGMENT = r"[A-Za-z0-9_-]+"
_JWT_FORM = re.compile(rf"{_B64URL_SEGMENT}\.{_B64URL_SEGMENT}\.{_B64URL_SEGMENT}")


class SecretKey:
    """The API key. Its repr and str never show it; only :meth:`header_value` does."""

    __slots__ = ("_value",)

    def __init__(self, value: object, field: str = "api_key", *, jwt_form: bool = True) -> None:
        # ``field`` names the argument in errors: ``api_key``, or a per-operation credential
        # such as ``customer_jwt`` (a second bearer scheme of the bundle). Never the value.
        if not isinstance(value, str) or not value:
            hint = "pass api_key= or set PAYMENTS_API_KEY" if field == "api_key" else "a str"
            raise InvalidParameterError(field, f"is required: {hint}")
        if value.lower().startswith("bearer"):
            raise InvalidParameterError(
                field, "must be the bare token, without a 'Bearer ' prefix; the SDK adds it"
            )
        if any(ch.isspace() for ch in value):
            raise InvalidParameterError(field, "contains whitespace; copy the token exactly")
        if jwt_form and not _JWT_FORM.fullmatch(value):
            raise InvalidParameterError(
                field, "is not a JWT-form token (three base64url segments separated by dots)"
            )
        self._value = value

    def header_value(self, *, bearer: bool = True) -> str:
        """Return the Authorization header value (or, not ``bearer``, the bare key)."""
        return f"Bearer {self._value}" if bearer else self._value

    def redact(self, text: str) -> str:
        """Return ``text`` with the key, and every run of 8 of its characters, as ``***``."""
        return redact_text(text, self._value)

    def evidence(self, response: httpx.Response) -> tuple[httpx.Response, Any]:
        """Return what an exception may hold of ``response``: a detached copy and its body.

        Both are free of the key: the copy's headers, URL, request and body are redacted, and
        the body is the parsed JSON (every string redacted, escaped forms included) or the text.
        """
        detached = detach_response(response, self._value)
        content = detached.content
        text = content.decode("utf-8", errors="replace")
        try:
            body = json.loads(content)
        except (ValueError, RecursionError):
            return detached, text
        if json_depth(body) > MAX_BODY_DEPTH:
            return detached, text  # too deep to copy, pickle or print as a structure
        if b"\\u" in content:  # the key may hide behind JSON escapes (\u0065yJ...)
            clean = redact_json(body, self._value)
            if clean != body:
                dumped = json.dumps(clean, ensure_ascii=False).encode()
                detached = detach_response(response, self._value, content=dumped)
                body = clean
        return detached, body

    def scrub(self, error: BaseException) -> None:
        """Redact the key from an exception that is kept as a cause, and from its own chain."""
        scrub_chain(error, self._value)

    def __reduce__(self) -> tuple[object, ...]:
        raise TypeError("a SecretKey cannot be pickled")

    def __repr__(self) -> str:
        return "SecretKey('***')"

    __str__ = __repr__
