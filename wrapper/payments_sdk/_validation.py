"""Checks of the caller's arguments, run before any request is sent.

Each failure raises :class:`~payments_sdk.errors.InvalidParameterError` naming the argument.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar
from urllib.parse import unquote

from ._money import Money
from .errors import InvalidParameterError

__all__ = [
    "MAX_PAGE",
    "Undocumented",
    "UtcInstant",
    "check_amount",
    "check_content_type",
    "check_country",
    "check_currency",
    "check_fields",
    "check_file_name",
    "check_id",
    "check_page",
    "check_params",
    "check_path",
    "check_per_page",
    "check_text",
    "check_upload_path",
    "shown",
    "to_utc_instant",
]

MAX_PAGE = 10**15
"""The bundle's ``maximum`` of ``page`` (a test compares the two)."""
_CURRENCY = re.compile(r"[A-Z]{3}")
_COUNTRY = re.compile(r"[A-Za-z]{3}")
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


def check_fields(value: Mapping[str, Any], model: type, field: str) -> dict[str, Any]:
    """Return ``value`` as a plain dict whose keys ``model`` declares, at every level.

    ``model`` is a generated request model; nested mappings and lists of mappings are checked
    against the models of their fields. A key the model does not declare raises
    :class:`InvalidParameterError` naming it (``bank_account.local_routing_numbr``), unless
    its value is :class:`Undocumented`, which is unwrapped and sent as given. Free-form maps
    (``dict[str, X]`` fields) take any key.
    """
    from msgspec import inspect

    checked: dict[str, Any] = _check_node(value, inspect.type_info(model), field)
    return checked


def _check_node(value: Any, info: Any, where: str) -> Any:
    from msgspec import inspect

    if isinstance(value, Undocumented):
        raise InvalidParameterError(
            where, "is a declared field: Undocumented() is only for fields the bundle does not name"
        )
    if isinstance(info, inspect.UnionType):
        shapes = [t for t in info.types if isinstance(t, inspect.StructType | inspect.ListType)]
        structs = [t for t in shapes if isinstance(t, inspect.StructType)]
        if isinstance(value, Mapping) and len(structs) == 1:
            return _check_node(value, structs[0], where)
        if isinstance(value, Mapping) and len(structs) > 1:
            # Several object shapes: check against the one that declares every key given.
            for struct in structs:
                names = {f.encode_name for f in struct.fields}
                if all(k in names or isinstance(v, Undocumented) for k, v in value.items()):
                    return _check_node(value, struct, where)
            return _check_node(value, structs[0], where)
        lists = [t for t in shapes if isinstance(t, inspect.ListType)]
        if len(lists) == 1:
            return _check_node(value, lists[0], where)
        return value
    if isinstance(info, inspect.StructType) and isinstance(value, Mapping):
        declared = {f.encode_name: f.type for f in info.fields}
        result: dict[str, Any] = {}
        for key, item in value.items():
            path = f"{where}.{key}"
            if isinstance(item, Undocumented) and key not in declared:
                result[key] = item.value
            elif key in declared:
                result[key] = _check_node(item, declared[key], path)
            else:
                listed = ", ".join(sorted(declared)) or "none"
                raise InvalidParameterError(
                    path,
                    f"is not a field of {info.cls.__name__} in the bundle (its fields: {listed}); "
                    "to send a field the bundle does not show, pass "
                    "payments_sdk.Undocumented(value)",
                )
        return result
    if isinstance(info, inspect.ListType) and isinstance(value, list | tuple):
        return [_check_node(item, info.item_type, f"{where}[{i}]") for i, item in enumerate(value)]
    if isinstance(info, inspect.DictType) and isinstance(value, Mapping):
        return {k: _check_node(v, info.value_type, f"{where}.{k}") for k, v in value.items()}
    return value


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
        raise InvalidParameterError(field, f"must be a non-empty string, got {shown(value)}")
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
        return _is_unicode(value)
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
        if not isinstance(name, str) or not name or not _is_unicode(name):
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


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(value: object) -> str:
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
    """Return ``page`` if it is an int from 1 to 10^15 (the bundle's bounds)."""
    return _check_int(value, "page", 1, MAX_PAGE)


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
