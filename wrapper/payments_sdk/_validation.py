"""Checks of the caller's arguments, run before any request is sent.

Each failure raises :class:`~payments_sdk.errors.InvalidParameterError` naming the argument.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Generic, TypeVar
from urllib.parse import unquote

from .errors import InvalidParameterError

__all__ = [
    "Undocumented",
    "UtcInstant",
    "check_content_type",
    "check_file_name",
    "check_params",
    "check_path",
    "check_text",
    "check_upload_path",
    "exact_number",
    "is_unicode",
    "shown",
    "to_utc_instant",
]

# RFC 3986 path segments: unreserved characters, sub-delimiters, ":", "@" and %XX escapes.
_SEGMENT = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+"
_PATH = re.compile(rf"(?:/{_SEGMENT})*/?")
# RFC 6838 type/subtype, then optional parameters of printable ASCII.
_MEDIA_TOKEN = r"[A-Za-z0-9!#$&^_.+-]+"
_MEDIA_TYPE = re.compile(rf"{_MEDIA_TOKEN}/{_MEDIA_TOKEN}(?:[ \t]*;[ -~]*)?")


V = TypeVar("V")


class Undocumented(Generic[V]):
    """A value for a field the bundle does not declare, sent as given: ``Undocumented(value)``.

    A mapping given for a request object (``bank_account={...}``) may carry only the fields the
    bundle declares for it, so that a renamed or misspelt field fails before sending instead of
    being forwarded under its old name. When the service does take a field the bundle does not
    show, wrap its value in ``Undocumented``; the field is then sent exactly as given::

        bank_account={"currency": "USD", "swift_code": "BOFAUS3N", "memo": Undocumented("x")}
    """

    __slots__ = ("value",)

    def __init__(self, value: V) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Undocumented({self.value!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Undocumented) and other.value == self.value

    def __hash__(self) -> int:
        return hash(("Undocumented", repr(self.value)))


class UtcInstant(datetime):
    """A UTC datetime whose ``isoformat()`` ends in ``Z``, as the service's timestamps do."""

    def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
        """Return ``YYYY-MM-DDTHH:MM:SS[.ffffff]Z``."""
        naive = datetime(
            self.year, self.month, self.day, self.hour, self.minute, self.second, self.microsecond
        )
        return naive.isoformat(sep, timespec) + "Z"


def check_text(value: object, field: str) -> str:
    """Return ``value`` if it is a non-empty string of Unicode text.

    A lone surrogate (U+D800 to U+DFFF on its own) is not text: it cannot be encoded as
    UTF-8, so it is refused here rather than failing on the way out.
    """
    if not isinstance(value, str) or not value:
        raise InvalidParameterError(field, f"must be a non-empty string, got {shown(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidParameterError(field, "is not valid Unicode text (a lone surrogate)") from None
    return value


def check_path(value: object, field: str = "path") -> str:
    """Return ``value`` if it can be sent as written: a path of RFC 3986 segments, no query.

    ``.`` and ``..`` segments (written out or percent-encoded) are refused, because URL
    normalisation, here or on a server, would move the request to another path; ``?`` and ``#``
    are refused, because query parameters belong in ``params``.
    """
    if not isinstance(value, str) or not value.startswith("/") or not _PATH.fullmatch(value):
        raise InvalidParameterError(
            field,
            "must be a path such as '/customers/cust_1': segments of letters, digits, "
            f"-._~!$&'()*+,;=:@ and %XX escapes, no '//', '?' or '#'; got {shown(value)}",
        )
    if any(unquote(segment) in (".", "..") for segment in value.split("/")):
        raise InvalidParameterError(
            field, f"must not have '.' or '..' segments, got {shown(value)}"
        )
    return value


def _is_query_scalar(value: object) -> bool:
    if isinstance(value, str):
        return is_unicode(value)
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, int)


def check_params(value: object, field: str = "params") -> dict[str, Any] | None:
    """Return the query parameters as a dict, or refuse them.

    Names are non-empty text; values are str, int, finite float, bool or None, or lists of
    them. A lone surrogate or any other type is refused.
    """
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidParameterError(
            field, f"must be a mapping of names to values, got {shown(value)}"
        )
    checked: dict[str, Any] = {}
    for name, item in value.items():
        if not isinstance(name, str) or not name or not is_unicode(name):
            raise InvalidParameterError(field, f"has a name that is not text: {shown(name)}")
        items = item if isinstance(item, list | tuple) else [item]
        if not all(_is_query_scalar(entry) for entry in items):
            raise InvalidParameterError(
                field,
                f"[{name!r}] must be a str, int, finite float, bool or None (or a list of them), "
                f"got {shown(item)}",
            )
        checked[name] = item
    return checked


def check_file_name(value: object, field: str = "file_name") -> str:
    """Return ``value`` if it can be a file name in a multipart header: text, no controls."""
    text = check_text(value, field)
    if any(ch < " " or ch == "\x7f" for ch in text):
        raise InvalidParameterError(field, "must not contain control characters")
    return text


def check_content_type(value: object, field: str = "content_type") -> str:
    """Return ``value`` if it is a media type (``type/subtype``) in printable ASCII."""
    if not isinstance(value, str) or not _MEDIA_TYPE.fullmatch(value):
        raise InvalidParameterError(
            field, f"must be a media type such as 'application/pdf', got {shown(value)}"
        )
    return value


def check_upload_path(value: os.PathLike[str], field: str = "file") -> None:
    """Refuse a path that no file system can open: not text, a NUL, or text it cannot encode."""
    try:
        text = os.fspath(value)
    except TypeError:
        text = None
    if not isinstance(text, str):
        raise InvalidParameterError(field, "is a path object whose __fspath__() is not a str")
    if "\x00" in text:
        raise InvalidParameterError(field, "is a path with a NUL character")
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        raise InvalidParameterError(
            field, "is a path the file system cannot encode (a lone surrogate?)"
        ) from None


def is_unicode(text: str) -> bool:
    """Whether ``text`` is Unicode text: no lone surrogate, which neither UTF-8 nor JSON carry."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def exact_number(value: object) -> str:
    """``json.dumps(default=...)`` for checking a value is JSON: a finite Decimal is a number.

    The SDK writes a Decimal as the JSON number it is (msgspec, ``decimal_format="number"``);
    the standard library only checks here that nothing else in the value is not JSON.
    """
    if isinstance(value, Decimal) and value.is_finite():
        return str(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def shown(value: object) -> str:
    """Describe a bad value: the value itself only when it is short, else its type and size."""
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__} of {len(text)} characters"


def to_utc_instant(value: object, field: str) -> UtcInstant:
    """Accept an aware datetime or an ISO 8601 string with an offset; return it in UTC.

    The instant must exist in UTC: ``9999-12-31T23:59:59-01:00`` is in the year 10000 there,
    and cannot be sent.
    """
    if isinstance(value, str):
        from dateutil.parser import isoparse  # on first use: it costs 10 ms to import

        try:
            parsed = isoparse(value)
        except (ValueError, OverflowError):
            raise InvalidParameterError(
                field, f"is not an ISO 8601 timestamp: {shown(value)}"
            ) from None
    elif isinstance(value, datetime):
        parsed = value
    else:
        raise InvalidParameterError(
            field, f"must be a datetime or ISO 8601 string, got {shown(value)}"
        )
    try:
        offset = parsed.utcoffset()
    except (TypeError, ValueError):  # the caller's tzinfo returned something that is no offset
        raise InvalidParameterError(field, "has a tzinfo whose utcoffset() is invalid") from None
    if offset is None:
        raise InvalidParameterError(
            field, "must be timezone-aware (naive datetimes are ambiguous); add tzinfo=UTC"
        )
    try:
        utc = parsed.astimezone(UTC)
    except OverflowError:
        raise InvalidParameterError(
            field, f"{parsed.isoformat()} is outside 0001-01-01 to 9999-12-31 in UTC"
        ) from None
    return UtcInstant(
        utc.year, utc.month, utc.day, utc.hour, utc.minute, utc.second, utc.microsecond, tzinfo=UTC
    )
