"""The sandbox's controls over HTTP: one route per path of :data:`~._controls.CONTROLS`.

Like ``/_sandbox/payments``, every control needs a key of this sandbox, acts on the namespace
that key names, answers an ``Error`` body for bad input (400) and never a 5xx. A ``HEAD`` is
answered as the ``GET`` of its path; a method the path does not serve is a 405 listing those it
does. What each control takes and answers is its entry in ``_controls.py`` (and, for users,
docs/sandbox.md).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ._auth import caller_of
from ._controls import CONTROLS, Call, Control, State
from ._errors import ApiError
from ._input import MAX_JSON_BYTES, parse_json, read_body
from ._json_answer import JSONAnswer
from ._namespace_states import namespace_of
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
            claims = caller_of(request.scope, state.keys).checked()  # read once per request
            namespace = namespace_of(claims or {})
            arguments = {}
            if control.check is not None:
                raw = await read_body(request, MAX_JSON_BYTES)
                where = f"{request.method} {request.url.path}"
                call = Call(parse_json(raw) if raw else {}, dict(request.path_params), where)
                arguments = control.check(call)
            body = control.answer(namespace, control.run(state, namespace, **arguments))
        except ApiError as exc:
            return JSONAnswer(exc.body(), status_code=exc.status)
        if control.status == 204:
            return Response(status_code=204)
        return JSONAnswer(render(body), status_code=control.status)

    return endpoint
