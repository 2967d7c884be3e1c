"""Checks of the caller's arguments, run before any request is sent.

Each failure raises :class:`~payments_sdk.errors.InvalidParameterError` naming the argument.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from dateutil.parser import isoparse

from ._money import Money
from .errors import InvalidParameterError

__all__ = [
    "CONVERSION_CURRENCIES",
    "UtcInstant",
    "check_amount",
    "check_country",
    "check_currency",
    "check_id",
    "check_page",
    "check_per_page",
    "check_text",
    "to_utc_instant",
]

CONVERSION_CURRENCIES = ("USD", "EUR", "GBP")
_CURRENCY = re.compile(r"[A-Z]{3}")
_COUNTRY = re.compile(r"[A-Za-z]{3}")


class UtcInstant(datetime):
    """A UTC datetime whose ``isoformat()`` ends in ``Z``, as the service's timestamps do."""

    def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
        """Return ``YYYY-MM-DDTHH:MM:SS[.ffffff]Z``."""
        naive = datetime(
            self.year, self.month, self.day, self.hour, self.minute, self.second, self.microsecond
        )
        return naive.isoformat(sep, timespec) + "Z"


def check_currency(value: object, field: str, *, allowed: tuple[str, ...] | None = None) -> str:
    """Return ``value`` if it is a 3-letter uppercase code (and in ``allowed``, if given)."""
    if not isinstance(value, str) or not _CURRENCY.fullmatch(value):
        raise InvalidParameterError(
            field, f"must be a 3-letter uppercase ISO 4217 code, got {value!r}"
        )
    if allowed is not None and value not in allowed:
        raise InvalidParameterError(field, f"must be one of {', '.join(allowed)}, got {value!r}")
    return value


def check_country(value: object, field: str = "country") -> str:
    """Return ``value`` if it is an ISO 3166-1 alpha-3 code (any case)."""
    if not isinstance(value, str) or not _COUNTRY.fullmatch(value):
        raise InvalidParameterError(field, f"must be an ISO 3166-1 alpha-3 code, got {value!r}")
    return value


def check_text(value: object, field: str) -> str:
    """Return ``value`` if it is a non-empty string of Unicode text.

    A lone surrogate (U+D800 to U+DFFF on its own) is not text: it cannot be encoded as
    UTF-8, so it is refused here rather than failing on the way out.
    """
    if not isinstance(value, str) or not value:
        raise InvalidParameterError(field, f"must be a non-empty string, got {_shown(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidParameterError(field, "is not valid Unicode text (a lone surrogate)") from None
    return value


def check_id(value: object, field: str, prefix: str | None = None) -> str:
    """Return ``value`` if it can be an id: text that is one path segment, with its prefix.

    ``prefix`` (for example ``"payt_"``) is checked when the description gives the resource's
    prefix. Control characters, ``/``, ``.`` and ``..`` can never be part of one path
    segment's id, so they are refused before any request.
    """
    text = check_text(value, field)
    if text in (".", "..") or any(ch < " " or ch == "\x7f" for ch in text) or "/" in text:
        raise InvalidParameterError(
            field, "must be one id: no '/', control characters, '.' or '..'"
        )
    if len(text) > 256:
        raise InvalidParameterError(field, f"is {len(text)} characters long; ids are at most 256")
    if prefix is not None and not text.startswith(prefix):
        raise InvalidParameterError(field, f"must be an id starting with {prefix!r}")
    return text


def _shown(value: object) -> str:
    """Describe a bad value: the value itself only when it is short, else its type and size."""
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__} of {len(text)} characters"


def check_amount(value: object, field: str, *, currency: str, currency_field: str) -> int:
    """Return the amount in minor units: an ``int`` ≥ 1, or :class:`Money` of ``currency``."""
    if isinstance(value, Money):
        if value.currency != currency:
            raise InvalidParameterError(
                field, f"is {value.currency} money but {currency_field} is {currency}"
            )
        minor = value.minor_units
    elif isinstance(value, int) and not isinstance(value, bool):
        minor = value
    else:
        raise InvalidParameterError(
            field, f"must be an int in the smallest currency unit or Money, got {value!r}"
        )
    if minor < 1:
        raise InvalidParameterError(field, f"must be at least 1 smallest unit, got {minor}")
    return minor


def _check_int(value: object, field: str, low: int, high: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParameterError(field, f"must be an int, got {value!r}")
    if value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise InvalidParameterError(field, f"must be {bounds}, got {value}")
    return value


def check_per_page(value: object) -> int:
    """Return ``per_page`` if it is an int from 1 to 100."""
    return _check_int(value, "per_page", 1, 100)


def check_page(value: object) -> int:
    """Return ``page`` if it is an int of at least 1."""
    return _check_int(value, "page", 1, None)


def to_utc_instant(value: object, field: str) -> UtcInstant:
    """Accept an aware datetime or an ISO 8601 string with an offset; return it in UTC.

    The instant must exist in UTC: ``9999-12-31T23:59:59-01:00`` is in the year 10000 there,
    and cannot be sent.
    """
    if isinstance(value, str):
        try:
            parsed = isoparse(value)
        except (ValueError, OverflowError):
            raise InvalidParameterError(
                field, f"is not an ISO 8601 timestamp: {_shown(value)}"
            ) from None
    elif isinstance(value, datetime):
        parsed = value
    else:
        raise InvalidParameterError(
            field, f"must be a datetime or ISO 8601 string, got {_shown(value)}"
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
