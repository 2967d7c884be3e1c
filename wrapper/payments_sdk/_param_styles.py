"""How a query parameter's value is written in a query string, and read back (its style).

OpenAPI 3.1 (section 4.8.12.4, "Style Values") says how a list or a mapping travels in a query
parameter: ``form`` with ``explode`` (``ids=a&ids=b``, the default) or without it
(``ids=a,b``), ``spaceDelimited`` (``ids=a%20b``), ``pipeDelimited`` (``ids=a|b``) and
``deepObject`` (``filter[status]=paid``). A scalar is written the same way in every style.
(A list in a header or the path is not carried: ``make generate`` refuses it by name.)

The SDK writes with :func:`encode_query` (the sender, by the operation's declared styles, which
``make generate`` puts in the operation table); the sandbox reads with
:func:`read_query`; the command line splits a delimited option with :func:`split_delimited`.
One module, so that what is sent is what is read.

Items are percent-encoded and delimiters are not (RFC 6570, as schemathesis writes them too), so
an item may hold its delimiter (``a,b`` travels as ``a%2Cb``); readers split a value as written,
then decode each item (:func:`raw_pairs`). Only a list of one empty item cannot travel
delimited (``ids=`` is the empty list): :func:`check_delimited` refuses it, naming the parameter.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import Enum
from functools import cache
from typing import Any, NamedTuple
from urllib.parse import quote_plus, unquote_plus

__all__ = [
    "DELIMITERS",
    "FORM",
    "Style",
    "check_delimited",
    "encode_query",
    "raw_pairs",
    "read_query",
    "split_delimited",
    "style_of",
    "styles_of_operation",
]


class Style(NamedTuple):
    """A parameter's ``style`` and ``explode``, with OpenAPI's defaults applied."""

    style: str
    explode: bool

    @property
    def delimiter(self) -> str | None:
        """The text between items on the wire, or None when each item is its own pair."""
        if self.style == "simple":
            return ","
        if self.explode or self.style == "deepObject":
            return None
        return DELIMITERS.get(self.style)


FORM = Style("form", True)
"""A query parameter's default style: each item (or property) its own ``name=value`` pair."""

DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|", "simple": ","}
"""The delimiter of each delimited style (``form`` only without ``explode``)."""

# How each delimiter is written between percent-encoded items: a space must be encoded.
_WIRE = {",": ",", " ": "%20", "|": "|"}


def style_of(parameter: Mapping[str, Any]) -> Style:
    """Return the style of a (resolved) parameter object, with OpenAPI's defaults.

    ``style`` defaults to ``form`` in the query and ``simple`` in a header or the path;
    ``explode`` defaults to true for ``form`` only.
    """
    where = parameter.get("in", "query")
    style = parameter.get("style") or ("form" if where in ("query", "cookie") else "simple")
    return Style(str(style), bool(parameter.get("explode", style == "form")))


def text_of(value: Any) -> str:
    """Return a scalar as parameter text: ``true``/``false``, digits, an enum's value, ISO 8601."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def _items(value: Any) -> list[str]:
    """Return the texts a list or a mapping is written as (a mapping: key, value, key, ...)."""
    if isinstance(value, Mapping):
        return [text for key, item in value.items() for text in (str(key), text_of(item))]
    if isinstance(value, list | tuple):
        return [text_of(item) for item in value]
    return [text_of(value)]


def check_delimited(value: Any, style: Style, name: str) -> Any:
    """Return ``value``, or raise ``InvalidParameterError`` when its style cannot carry it.

    Items are percent-encoded and the delimiter is not (RFC 6570), so an item may hold the
    delimiter (``a,b`` travels as ``a%2Cb``). Only a list of one empty item cannot travel in a
    delimited style: ``ids=`` reads as the empty list.
    """
    delimiter = style.delimiter
    if delimiter is None or not isinstance(value, Mapping | list | tuple):
        return value
    from .errors import InvalidParameterError

    if isinstance(value, list | tuple) and len(value) == 1 and text_of(value[0]) == "":
        raise InvalidParameterError(
            name,
            f"cannot be one empty item: sent {style.style} without explode, it reads as an "
            "empty list",
        )
    if delimiter in _ENCODED_TOO:
        # A pipe or a space must be percent-encoded in a URL, and clients do encode the
        # delimiter itself: an item's own one could not be told from it.
        shown = "a space" if delimiter == " " else repr(delimiter)
        for text in _items(value):
            if delimiter in text:
                raise InvalidParameterError(
                    name,
                    f"cannot hold an item containing {shown}: the parameter is sent "
                    f"{style.style}, so {shown} separates items ({text!r})",
                )
    return value


# Delimiters read in any encoding (a URL cannot carry them literally); a literal "," only.
_ENCODED_TOO = {"|": r"\||%7C", " ": r"%20|\+"}


def _q(text: str) -> str:
    return quote_plus(text, safe="")  # as urllib's urlencode and httpx write a query value


def _pairs(name: str, value: Any, style: Style) -> list[str]:
    if isinstance(value, Mapping):
        given = [(str(key), item) for key, item in value.items() if item is not None]
        if style.style == "deepObject":
            return [f"{_q(name)}[{_q(key)}]={_q(text_of(item))}" for key, item in given]
        if style.explode:  # form: each property is a parameter of its own
            return [f"{_q(key)}={_q(text_of(item))}" for key, item in given]
        value = dict(given)
    elif not isinstance(value, list | tuple):
        return [f"{_q(name)}={_q(text_of(value))}"]
    elif style.explode or style.delimiter is None:
        return [f"{_q(name)}={_q(text_of(item))}" for item in value]
    delimiter = style.delimiter or ","
    check_delimited(value, style, name)
    return [f"{_q(name)}=" + _WIRE[delimiter].join(_q(text) for text in _items(value))]


def encode_query(params: Mapping[str, Any], styles: Mapping[str, Style]) -> str:
    """Return the query string (without ``?``) for ``params``, each written in its style.

    A name without a declared style is written as ``form`` with ``explode`` (repeated for a
    list, as httpx writes it). Values of ``None`` are left out.
    """
    pieces: list[str] = []
    for name, value in params.items():
        if value is None:
            continue
        pieces.extend(_pairs(name, value, styles.get(name, FORM)))
    return "&".join(pieces)


@cache
def styles_of_operation(operation_id: str) -> Mapping[str, Style]:
    """Return the declared style of each query parameter of an operation (by wire name)."""
    from ._operation_table import OPERATIONS

    for entry in OPERATIONS:
        if entry.operation_id == operation_id:
            return {
                argument.name: Style(argument.style, argument.explode)
                for argument in entry.arguments
                if argument.location == "query" and argument.style
            }
    return {}


# -- reading (the sandbox) -------------------------------------------------------------------


class StyleError(ValueError):
    """A query parameter is not written as its style says: the message names it."""


def split_delimited(text: str, style: Style) -> list[str]:
    """Split one delimited value into its items (already percent-decoded); ``""`` has none.

    An empty value is the empty list, as clients that write ``ids=`` for ``[]`` mean it.
    """
    delimiter = style.delimiter
    if delimiter is None:
        return [text]
    return text.split(delimiter) if text else []


def raw_pairs(query: str) -> list[tuple[str, str]]:
    """Split a query string into (name, value) pairs: names decoded, values as written.

    A delimited value is split before it is decoded, so that an item's own ``%2C`` stays in
    the item and only a literal ``,`` separates items.
    """
    pairs = []
    for piece in query.split("&"):
        if piece:
            key, _, value = piece.partition("=")
            pairs.append((unquote_plus(key), value))
    return pairs


def _split_raw(text: str, style: Style) -> list[str]:
    """Split a value as written on its style's wire delimiter, then decode each item."""
    if not text:
        return []
    pattern = _ENCODED_TOO.get(style.delimiter or ",")
    if pattern is not None:
        items = re.split(pattern, text, flags=re.IGNORECASE)
    else:
        items = text.split(style.delimiter or ",")
    return [unquote_plus(item) for item in items]


def read_query(
    pairs: Sequence[tuple[str, str]],
    name: str,
    style: Style,
    kind: str,
    properties: Sequence[str] = (),
) -> str | list[str] | dict[str, str] | None:
    """Return the text of parameter ``name`` from query ``pairs``, shaped by its style.

    ``pairs`` are :func:`raw_pairs`: names decoded, values as written.

    ``kind`` is the schema's type: an ``array`` reads as a list of texts, an ``object`` as a
    mapping of texts (its ``properties`` name the parameters of ``form`` with explode); any
    other kind is returned as the one text given. None when the parameter is absent. Raises
    :class:`StyleError` when the pairs cannot be read in that style (the value's own types are
    for the schema to check).
    """
    written = [text for key, text in pairs if key == name]
    values = [unquote_plus(text) for text in written]
    if kind == "array":
        if style.explode or style.delimiter is None:
            return values or None
        if not values:
            return None
        if len(values) > 1:
            raise StyleError(
                f"{name} must be sent once, its items separated by "
                f"{_said(style.delimiter)} ({style.style})"
            )
        return _split_raw(written[0], style)
    if kind == "object":
        if style.style == "deepObject":
            return _deep_object([(k, unquote_plus(t)) for k, t in pairs], name)
        if style.explode:
            found = {key: unquote_plus(text) for key, text in pairs if key in properties}
            return found or None
        if not values:
            return None
        if len(values) > 1:
            raise StyleError(f"{name} must be sent once, as name{style.delimiter}value pairs")
        texts = _split_raw(written[0], style)
        if len(texts) % 2:
            raise StyleError(
                f"{name} must be names and values separated by {_said(style.delimiter)}, in pairs"
            )
        return dict(zip(texts[::2], texts[1::2], strict=True))
    return values[0] if values else None


def _deep_object(pairs: Sequence[tuple[str, str]], name: str) -> dict[str, str] | None:
    found: dict[str, str] = {}
    opening = f"{name}["
    for key, text in pairs:
        if key == name:
            raise StyleError(f"{name} must be sent as {name}[field]=value (deepObject)")
        if not key.startswith(opening):
            continue
        if not key.endswith("]"):
            raise StyleError(f"{key} is not {name}[field] (deepObject)")
        # ``name[]`` is the field "": a map (additionalProperties) may have it; a schema that
        # does not allow it says so, as for any other name.
        field = key[len(opening) : -1]
        if field in found:
            raise StyleError(f"{name}[{field}] must be sent once")
        found[field] = text
    return found or None


def _said(delimiter: str | None) -> str:
    return {" ": "spaces", ",": "commas", "|": "pipes"}.get(delimiter or ",", repr(delimiter))
