"""The sandbox's own controls over HTTP: keys per namespace, reset, snapshots, the test clock.

Like ``/_sandbox/payments``, every route needs a key of this sandbox, acts on the namespace that
key names, answers an ``Error`` body for bad input (400) and never a 5xx:

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
  ``{"advance": seconds}`` or ``{"resume": true}``: the new ``{"now", "frozen"}``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ._auth import KeyIssuer
from ._clock import TestClock
from ._errors import ApiError, bad_request, shown
from ._input import MAX_JSON_BYTES, check_numbers, parse_json, read_body
from ._spaces import DEFAULT, Spaces, check_name, namespace_of
from ._store import render

__all__ = ["control_routes"]

MAX_SEED = 2**63 - 1
MAX_ADVANCE = 10 * 365 * 24 * 3600  # ten years, in seconds


def _namespace(keys: KeyIssuer, request: Request) -> str:
    return namespace_of(keys.verify(request.headers.get("authorization")))


async def _body(request: Request, allowed: frozenset[str]) -> dict[str, Any]:
    raw = await read_body(request, MAX_JSON_BYTES)
    body = parse_json(raw) if raw else {}
    if not isinstance(body, dict):
        raise bad_request("body must be a JSON object")
    stray = next((key for key in body if key not in allowed), None)
    if stray is not None:
        raise bad_request(f"{shown(stray)} is not a field of {request.method} {request.url.path}")
    check_numbers(body)
    return body


Handler = Callable[[Request, str], Awaitable[tuple[int, Any]]]


def _route(keys: KeyIssuer, handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            status, body = await handler(request, _namespace(keys, request))
        except ApiError as exc:
            return JSONResponse(exc.body(), status_code=exc.status)
        if body is None:
            return Response(status_code=status)
        return JSONResponse(render(body), status_code=status)

    return endpoint


def control_routes(spaces: Spaces, keys: KeyIssuer) -> list[Route]:
    """Return the routes of the sandbox's controls."""

    async def issue_key(request: Request, namespace: str) -> tuple[int, Any]:
        body = await _body(request, frozenset({"namespace"}))
        wanted = check_name(body.get("namespace"), "namespace")
        spaces.store(wanted)  # refuse now, not on first use, past the namespace limit
        return 201, {"api_key": keys.issue_for(wanted), "namespace": wanted}

    async def reset(request: Request, namespace: str) -> tuple[int, Any]:
        body = await _body(request, frozenset({"seed"}))
        seed = body.get("seed")
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED
        ):
            raise bad_request(f"seed must be an integer from 0 to {MAX_SEED}")
        spaces.reset(namespace, seed)
        return 200, {"namespace": namespace, "seed": seed}

    async def snapshot(request: Request, namespace: str) -> tuple[int, Any]:
        body = await _body(request, frozenset({"name"}))
        name = check_name(body.get("name"), "name")
        return 201, {"namespace": namespace, **spaces.snapshot(namespace, name)}

    async def list_snapshots(request: Request, namespace: str) -> tuple[int, Any]:
        return 200, {"namespace": namespace, "data": spaces.snapshots(namespace)}

    async def delete_snapshot(request: Request, namespace: str) -> tuple[int, Any]:
        await _body(request, frozenset())
        spaces.delete_snapshot(namespace, check_name(request.path_params["name"], "name"))
        return 204, None

    async def delete_namespace(request: Request, namespace: str) -> tuple[int, Any]:
        await _body(request, frozenset())
        if namespace == DEFAULT:
            raise bad_request(
                "the default namespace cannot be deleted: reset it (POST /_sandbox/reset), or "
                "use a key of a namespace of your own"
            )
        spaces.delete(namespace)
        return 204, None

    async def restore(request: Request, namespace: str) -> tuple[int, Any]:
        await _body(request, frozenset())
        name = check_name(request.path_params["name"], "name")
        spaces.restore(namespace, name)
        return 200, {"namespace": namespace, "name": name}

    def _clock(namespace: str) -> TestClock:
        clock = spaces.clock(namespace)
        if not isinstance(clock, TestClock):
            raise ApiError(409, "this sandbox runs on a clock it was given; it cannot be moved")
        return clock

    async def read_clock(request: Request, namespace: str) -> tuple[int, Any]:
        clock = _clock(namespace)
        return 200, {"now": clock(), "frozen": clock.frozen}

    async def move_clock(request: Request, namespace: str) -> tuple[int, Any]:
        body = await _body(request, frozenset({"freeze", "at", "advance", "resume"}))
        clock = _clock(namespace)
        actions = [key for key in ("freeze", "advance", "resume") if key in body]
        if len(actions) != 1:
            raise bad_request("give exactly one of freeze, advance or resume")
        if "at" in body and actions != ["freeze"]:
            raise bad_request("at goes with freeze only")
        try:
            if actions == ["freeze"]:
                if body["freeze"] is not True:
                    raise bad_request("freeze must be true")
                clock.freeze(_instant(body.get("at")))
            elif actions == ["resume"]:
                if body["resume"] is not True:
                    raise bad_request("resume must be true")
                clock.resume()
            else:
                seconds = body["advance"]
                if (
                    isinstance(seconds, bool)
                    or not isinstance(seconds, int)
                    or not 0 <= seconds <= MAX_ADVANCE
                ):
                    raise bad_request(f"advance must be whole seconds from 0 to {MAX_ADVANCE}")
                clock.advance(seconds)
        except ValueError as exc:
            raise bad_request(str(exc)) from None
        return 200, {"now": clock(), "frozen": clock.frozen}

    def route(path: str, handler: Handler, method: str) -> Route:
        return Route(path, _route(keys, handler), methods=[method])

    return [
        route("/_sandbox/keys", issue_key, "POST"),
        route("/_sandbox/reset", reset, "POST"),
        Route(
            "/_sandbox/snapshots",
            _by_method(keys, {"GET": list_snapshots, "POST": snapshot}),
            methods=["GET", "POST"],
        ),
        route("/_sandbox/snapshots/{name}", delete_snapshot, "DELETE"),
        route("/_sandbox/snapshots/{name}/restore", restore, "POST"),
        route("/_sandbox/namespace", delete_namespace, "DELETE"),
        Route(
            "/_sandbox/clock",
            _by_method(keys, {"GET": read_clock, "POST": move_clock}),
            methods=["GET", "POST"],
        ),
    ]


def _by_method(
    keys: KeyIssuer, handlers: dict[str, Handler]
) -> Callable[[Request], Awaitable[Response]]:
    routed = {method: _route(keys, handler) for method, handler in handlers.items()}

    async def endpoint(request: Request) -> Response:
        return await routed.get(request.method, routed["GET"])(request)  # HEAD: as GET

    return endpoint


def _instant(value: object) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise bad_request(
            f"at must be an ISO 8601 time with its offset, got a {type(value).__name__}"
        )
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise bad_request(
            f"at must be an ISO 8601 time with its offset, got {shown(value)}"
        ) from None
    if parsed.tzinfo is None:
        raise bad_request("at must carry its UTC offset (Z or +hh:mm)")
    return parsed
