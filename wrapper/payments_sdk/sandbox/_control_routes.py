"""The sandbox's controls over HTTP: one route per path of :data:`~._controls.CONTROLS`.

Like ``/_sandbox/payments``, every control needs a key of this sandbox, acts on the namespace
that key names, answers an ``Error`` body for bad input (400) and never a 5xx:

- ``POST /_sandbox/keys`` ``{"namespace": "gw0"}``: 201 ``{"api_key", "namespace"}``, a key whose
  requests see that namespace only;
- ``POST /_sandbox/reset`` ``{"seed": 7}`` (optional): the namespace starts again, seeded;
- ``POST /_sandbox/snapshots`` ``{"name": "before-refunds"}``: 201, a named copy of the state,
  answered as the list shows it;
- ``GET /_sandbox/snapshots``: ``{"data": [{"name", "taken_at", "size"}, ...]}``, by name;
- ``POST /_sandbox/snapshots/{name}/restore``: the state as it was then (404 if no such copy);
- ``DELETE /_sandbox/snapshots/{name}``: 204, the copy is gone (404 if there was none);
- ``DELETE /_sandbox/namespace``: 204, the key's namespace is deleted (records, snapshots,
  clock, faults; its ids are never issued again); ``default`` cannot be deleted (reset it);
- ``GET /_sandbox/clock``: ``{"now", "frozen"}``;
- ``POST /_sandbox/clock`` with one of ``{"freeze": true}`` (``"at"``: an ISO 8601 time, optional),
  ``{"advance": seconds}`` or ``{"resume": true}``: the new ``{"now", "frozen"}``;
- ``POST /_sandbox/faults`` adds a fault and answers 201 with it::

      {"operation": "createRefund", "kind": "fail", "status": 429, "retry_after": 2, "times": 1}
      {"operation": "GET /v1/balances", "kind": "latency", "seconds": 1.5}
      {"operation": "createRefund", "kind": "drop", "when": "after"}

- ``GET /_sandbox/faults``: ``{"data": [fault, ...], "calls": {operationId: n}}``, the pending
  faults, oldest first, and the calls of each operation that was called;
- ``DELETE /_sandbox/faults``: 204, the namespace's faults are gone and its counts reset;
- ``POST /_sandbox/payments``: 201, a simulated payment;
- ``PATCH /_sandbox/records/{resource}/{id}`` and ``POST /_sandbox/records/{resource}``: a
  record's fields set, or a record added (``_record_fields.py``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ._controls import CONTROLS, Call, Control, State
from ._errors import ApiError
from ._input import MAX_JSON_BYTES, parse_json, read_body
from ._spaces import namespace_of
from ._store import render

__all__ = ["control_routes"]


def control_routes(state: State) -> list[Route]:
    """Return the routes of the sandbox's controls, one per path, in the table's order."""
    by_path: dict[str, dict[str, Control]] = {}
    for control in CONTROLS.values():
        by_path.setdefault(control.path, {})[control.method] = control
    return [
        Route(path, _endpoint(state, controls), methods=list(controls))
        for path, controls in by_path.items()
    ]


def _endpoint(
    state: State, controls: dict[str, Control]
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        control = controls.get(request.method) or controls["GET"]  # HEAD: as GET
        try:
            namespace = namespace_of(state.keys.verify(request.headers.get("authorization")))
            arguments = {}
            if control.check is not None:
                raw = await read_body(request, MAX_JSON_BYTES)
                where = f"{request.method} {request.url.path}"
                call = Call(parse_json(raw) if raw else {}, dict(request.path_params), where)
                arguments = control.check(call)
            body = control.answer(namespace, control.run(state, namespace, **arguments))
        except ApiError as exc:
            return JSONResponse(exc.body(), status_code=exc.status)
        if control.status == 204:
            return Response(status_code=204)
        return JSONResponse(render(body), status_code=control.status)

    return endpoint
