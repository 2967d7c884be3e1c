"""Options for one call: ``extra_headers``, ``extra_query``, ``extra_body`` and ``timeout``.

Every method takes them as keyword arguments, as openai-python's do::

    await client.refunds.create(
        payment_id="payt_1", extra_headers={"X-Trace": "t-1"}, timeout=5
    )

They are checked before anything is sent, like every other argument: headers are printable
ASCII (no CR or LF) and never ``Authorization``; the query takes what ``params`` takes; the body
fields must be JSON. ``extra_body`` fields are merged into the JSON body (replacing a field of
the same name), or added as text parts to a multipart upload; an operation without a body
sends them as its JSON body.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypedDict

import httpx

from ._options import check_headers, check_timeout
from ._validation import check_params, exact_number
from .errors import InvalidParameterError

if TYPE_CHECKING:
    from ._secret import SecretKey

__all__ = ["CallOptions", "RequestOptions", "check_call_options", "with_credential"]


class RequestOptions(TypedDict, total=False):
    """The keyword arguments every method takes for that one call."""

    extra_headers: Mapping[str, str]
    """Headers added to the request (they win over the client's, never over the key)."""
    extra_query: Mapping[str, Any]
    """Query parameters added to the request: str, int, float, bool, None, or lists of them."""
    extra_body: Mapping[str, Any]
    """Fields added to the JSON body (or text parts of a multipart upload)."""
    timeout: float | httpx.Timeout
    """The timeout of this call's requests, instead of the client's."""


@dataclass(frozen=True, slots=True)
class CallOptions:
    """Checked :class:`RequestOptions`."""

    headers: dict[str, str]
    query: dict[str, Any]
    body: dict[str, Any] | None
    timeout: httpx.Timeout | None
    credential: SecretKey | None = None
    """A credential sent instead of the client's key for this call (``customer_jwt=``)."""
    credential_header: str | None = None
    """The header an ``apiKey`` scheme's key goes in; None: ``Authorization: Bearer``."""


def with_credential(
    options: CallOptions | None, token: object, field: str, header: str | None = None
) -> CallOptions | None:
    """Return ``options`` carrying ``token`` as this call's credential (None: unchanged).

    The generated method of an operation whose ``security`` lists a scheme besides the
    document's takes that scheme's token as an argument (``customer_jwt``) and passes it here:
    it is checked as the key is, and, like the key, never shown (``SecretKey``). A bearer
    token must have the JWT form; a key of an ``apiKey`` scheme goes in its ``header``, as given.
    """
    if token is None:
        return options
    from ._secret import SecretKey

    credential = SecretKey(token, field, jwt_form=header is None)
    if options is None:
        options = CallOptions(headers={}, query={}, body=None, timeout=None)
    return replace(options, credential=credential, credential_header=header)


def check_call_options(options: Mapping[str, Any]) -> CallOptions | None:
    """Check the options of one call; None when there are none."""
    if not options:
        return None
    for name in options:
        if name not in RequestOptions.__annotations__:
            raise InvalidParameterError(
                name,
                "is not an argument of this method (per-call options: extra_headers, "
                "extra_query, extra_body, timeout)",
            )
    headers = check_headers(options.get("extra_headers", {}), "extra_headers")
    query = check_params(options.get("extra_query", {}), "extra_query") or {}
    body = options.get("extra_body")
    if body is not None:
        body = _check_body(body)
    timeout = options.get("timeout")
    return CallOptions(
        headers=headers,
        query=query,
        body=body,
        timeout=None if timeout is None else check_timeout(timeout),
    )


def _check_body(value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise InvalidParameterError("extra_body", "must be a mapping of field names to JSON values")
    try:
        json.dumps(value, allow_nan=False, ensure_ascii=False, default=exact_number).encode()
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidParameterError("extra_body", f"cannot be sent as JSON: {exc}") from None
    return dict(value)
