"""Writing one request: its URL with the query, its headers merged once, its body.

:func:`write_request` is what :class:`~._sender.Sender` sends: the operation's own URL, query,
headers and body (JSON bytes from the generated code, or multipart parts), with the call's
``extra_query``, ``extra_body`` and ``extra_headers`` applied, and the client's headers (the
bearer credential among them) merged under them, case-insensitively, in one place. Each query
parameter is written in the style the bundle declares for it (``_param_styles``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import httpx

from .errors import InvalidParameterError

if TYPE_CHECKING:
    from payments_sdk_generated.types import OperationLabel

    from ._call_options import CallOptions

__all__ = ["merge_headers", "write_request"]


def write_request(
    target: str,
    client_headers: dict[str, str],
    extras: CallOptions | None,
    *,
    operation: OperationLabel | None,
    params: Mapping[str, Any] | None,
    content: bytes | None,
    files: Any,
    headers: Mapping[str, str] | None,
) -> tuple[str, dict[str, str], bytes | None]:
    """Return the URL (``target`` with its query), the headers and the body to send."""
    call_headers = None
    if extras is not None:
        call_headers = extras.headers
        if extras.query:
            params = {**(params or {}), **extras.query}
        if extras.body is not None:
            content, files, headers = _with_body(extras.body, content, files, headers)
    if params:
        query = _query_values(params)
        if query:
            target += "?" + _query_string(query, operation)
    if files is not None:
        content, headers = _multipart(files, headers)
    if headers or call_headers:
        return target, merge_headers(client_headers, headers, call_headers), content
    return target, client_headers, content


def merge_headers(base: dict[str, str], *layers: Mapping[str, str] | None) -> dict[str, str]:
    """Return ``base`` with each layer on top, in order: a name in any case replaces it.

    The one place a request's headers are merged: the client's (``base``, the key included),
    then the operation's own (its Content-Type), then the call's ``extra_headers``, which win
    (they can never name Authorization). Names are compared case-insensitively, so no wire ever
    sends two Content-Types.
    """
    merged: dict[str, str] | None = None
    names: dict[str, str] = {}
    for layer in layers:
        if not layer:
            continue
        if merged is None:
            merged = dict(base)
            names = {name.lower(): name for name in merged}
        for name, value in layer.items():
            old = names.get(name.lower())
            if old is not None:
                del merged[old]
            merged[name] = value
            names[name.lower()] = name
    return base if merged is None else merged


def _query_values(params: Mapping[str, Any]) -> dict[str, Any]:
    """Return the query as sent: ``None`` left out, a date or datetime in ISO 8601.

    ``None`` is left out in lists too (never sent as ``key=``); a datetime was checked, and
    made a UTC instant where the bundle says so, before it came here.
    """
    kept: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, list | tuple):
            value = [item for item in value if item is not None]
            if not value:
                continue
        elif value is None:
            continue
        elif isinstance(value, date):
            value = value.isoformat()
        kept[name] = value
    return kept


def _query_string(query: Mapping[str, Any], operation: OperationLabel | None) -> str:
    """Write the query: each parameter in the style the bundle declares for it (``_param_styles``).

    A query of scalars is the same text in every style: httpx writes it, as it always has.
    """
    if not any(isinstance(value, list | tuple | Mapping) for value in query.values()):
        return str(httpx.QueryParams(query))
    from ._param_styles import encode_query, styles_of_operation

    styles = styles_of_operation(operation.operation_id) if operation is not None else {}
    return encode_query(query, styles)


def _with_body(
    extra: dict[str, Any], content: bytes | None, files: Any, headers: Mapping[str, str] | None
) -> tuple[bytes | None, Any, Mapping[str, str] | None]:
    """Add ``extra`` fields to a JSON body, or as text parts to a multipart body."""
    if files is not None:
        parts = [
            (name, (None, value if isinstance(value, str) else json.dumps(value), None))
            for name, value in extra.items()
        ]
        return content, [*files, *parts], headers
    # A number with a fraction is read back as the exact Decimal it was written from, and
    # written again digit for digit: merging never rounds a body's numbers through a float.
    body: Any = {} if not content else json.loads(content, parse_float=Decimal)
    if not isinstance(body, dict):
        raise InvalidParameterError(
            "extra_body", "cannot be merged into a body that is not an object"
        )
    body.update(extra)
    import msgspec  # loaded already by the generated operation that made ``content``

    encoded = msgspec.json.Encoder(decimal_format="number").encode(body)
    return encoded, None, {**(headers or {}), "Content-Type": "application/json"}


def _multipart(files: Any, headers: Mapping[str, str] | None) -> tuple[bytes, dict[str, str]]:
    """Encode multipart/form-data parts as httpx does; return the body and its headers."""
    form = httpx.Request("POST", "http://multipart.invalid/", files=files)
    body = form.read()
    return body, {**(headers or {}), "Content-Type": form.headers["Content-Type"]}
