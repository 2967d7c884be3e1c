"""``/_sandbox/faults``: the fault controls over HTTP, for tests in any language.

- ``POST /_sandbox/faults`` adds a fault and answers 201 with it::

      {"operation": "refunds.create", "kind": "fail", "status": 429, "retry_after": 2, "times": 1}
      {"operation": "GET /v1/balances", "kind": "latency", "seconds": 1.5}
      {"operation": "refunds.create", "kind": "drop", "when": "after"}

- ``GET /_sandbox/faults`` answers 200 with ``{"data": [fault, ...], "calls": {operationId: n}}``:
  the pending faults, oldest first, and the calls of each operation that was called;
- ``DELETE /_sandbox/faults`` removes the namespace's faults and resets its counts (204).

Each needs a key of the sandbox, as ``/_sandbox/payments`` does, and acts on the namespace that
key names: faults, their call counts and ``DELETE`` belong to one namespace, as records do.
A body that is not one of these shapes is refused with a 400 naming the field, in the
service's error format.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ._auth import KeyIssuer
from ._errors import ApiError, bad_request, field_path
from ._faults import Fault, Faults
from ._input import MAX_JSON_BYTES, parse_json, read_body
from ._spaces import Spaces, namespace_of

__all__ = ["fault_routes"]

_COMMON = frozenset({"operation", "kind", "times"})
_FIELDS = {
    "fail": _COMMON | {"status", "retry_after"},
    "latency": _COMMON | {"seconds"},
    "drop": _COMMON | {"when"},
}
_REQUIRED = {"fail": "status", "latency": "seconds", "drop": "when"}


def _integer(body: dict[str, Any], name: str) -> Any:
    """Return an optional integer field as sent (``None`` stays ``None``), refusing other types."""
    value = body.get(name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise bad_request(f"{name} must be an integer")
    return value


def _seconds(value: Any) -> float:
    """Return a latency sent as a JSON number (a fraction arrives as an exact Decimal)."""
    if isinstance(value, Decimal):
        if not value.is_finite() or not Decimal(0) < value <= Decimal(60):
            raise bad_request("seconds must be a number more than 0 and at most 60")
        return float(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_request("seconds must be a number")
    return float(value)


def _add(faults: Faults, body: Any) -> Fault:
    """Add the fault a POST body describes; raise a 400 naming what is wrong with it."""
    if not isinstance(body, dict):
        raise bad_request("body must be a JSON object")
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise bad_request("kind must be one of fail, latency, drop")
    stray = next((key for key in body if key not in _FIELDS[kind]), None)
    if stray is not None:
        raise bad_request(f"{field_path([stray])} is not a field of a {kind} fault")
    missing = next((key for key in ("operation", _REQUIRED[kind]) if key not in body), None)
    if missing is not None:
        raise bad_request(f"{missing} is required for a {kind} fault")
    operation = body["operation"]
    if not isinstance(operation, str):
        raise bad_request(
            "operation must be a string: the SDK's name, an operationId or METHOD /path"
        )
    times = _integer(body, "times")
    try:
        if kind == "fail":
            status = _integer(body, "status")
            if status is None:
                raise bad_request("status must be an integer")
            return faults.fail(
                operation,
                status=status,
                times=times if "times" in body else 1,
                retry_after=_integer(body, "retry_after"),
            )
        if kind == "latency":
            return faults.latency(
                operation, _seconds(body["seconds"]), times=times if "times" in body else None
            )
        when = body["when"]
        if when not in ("before", "after"):
            raise bad_request("when must be 'before' or 'after'")
        return faults.drop(operation, when=when, times=times if "times" in body else 1)
    except ValueError as exc:
        raise bad_request(str(exc)) from None


def fault_routes(spaces: Spaces, keys: KeyIssuer) -> list[Route]:
    """Return the route of ``/_sandbox/faults``: the faults of the namespace of the key."""

    async def endpoint(request: Request) -> Response:
        try:
            claims = keys.verify(request.headers.get("authorization"))
            faults = spaces.faults(namespace_of(claims))
            if request.method == "POST":
                body = parse_json(await read_body(request, MAX_JSON_BYTES) or b"{}")
                return JSONResponse(_add(faults, body).to_dict(), status_code=201)
            if request.method == "DELETE":
                faults.clear()
                return Response(status_code=204)
            return JSONResponse(
                {
                    "data": [fault.to_dict() for fault in faults.pending()],
                    "calls": faults.call_counts(),
                }
            )
        except ApiError as exc:
            return JSONResponse(exc.body(), status_code=exc.status)

    return [Route("/_sandbox/faults", endpoint, methods=["GET", "POST", "DELETE"])]
