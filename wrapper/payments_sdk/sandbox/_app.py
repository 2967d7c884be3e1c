"""The sandbox as an ASGI app: routes come from the bundle, behaviour from the store.

Every operation of the (folded) bundle gets a route. A request is authenticated, validated
against the bundle, and handed to the handler of its ``operationId``. Paths under ``/_sandbox/``
are sandbox-only controls that the real service does not have.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ._auth import KeyIssuer, caller_of
from ._control_routes import control_routes
from ._controls import State
from ._errors import ApiError
from ._generic import RawBody, handler_for
from ._json_answer import JSONAnswer
from ._namespace_states import DEFAULT, Spaces, namespace_of
from ._operation_index import OperationIndex, OperationShape, bundle_operations
from ._record_fields import RecordFields
from ._request_validation import RequestSchema
from ._schema_values import Answers, value_of
from ._store import render
from .contract import SchemaSet

__all__ = ["build_app"]

log = logging.getLogger("payments_sdk.sandbox")


def _error(exc: ApiError, answers: Answers | None = None) -> Response:
    if answers is None:
        return JSONAnswer(exc.body(), status_code=exc.status)
    success = answers.refuses_nothing()
    if success is not None and exc.status in (400, 404, 409, 422):
        # An operation that declares no client error: the bundle allows no refusal, so what it
        # answers is a value of its success (the SDK's checks still refuse bad input first).
        if answers.answers_nothing(success):
            return Response(status_code=success)
        schema = answers.schema(success)
        body = value_of(schema, answers.document) if schema is not None else {}
        return JSONAnswer(answers.complete(success, body, repair=True), status_code=success)
    status = answers.status(exc.status)  # one the operation declares, for a refusal
    return JSONAnswer(answers.complete(status, exc.body(), repair=True), status_code=status)


_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _endpoint(
    spaces: Spaces, keys: KeyIssuer, operation: RequestSchema, name: OperationShape
) -> Callable[..., Any]:
    handler = handler_for(name)
    # Every answer carries each required field its schema declares, even one no rule sets.
    answers = Answers(name.document, name.path, name.verb)
    changing = operation.method.upper() in _CHANGING

    async def endpoint(request: Request) -> Response:
        try:
            # Read once per request, by the outermost layer when there is one (FaultLayer).
            claims = caller_of(request.scope, keys, name).checked()
            # A call the bundle takes with no credential: the default namespace's state,
            # which a key that names no namespace reaches too. A credential sent is checked.
            namespace = DEFAULT if claims is None else namespace_of(claims)
            validated = await operation.validate(request)
            store = spaces.store(namespace)
            with store.lock:
                status, body = handler(store, validated)
                if changing:  # committed before the answer: what is answered is kept
                    spaces.commit(namespace, store)
        except ApiError as exc:
            return _error(exc, answers)
        if answers.answers_nothing(status):
            body = None  # the record an update keeps, where the bundle answers 204
        if body is None and answers.answers_json(status):
            body = {}  # JSON with no schema, or one no rule filled: a value of it is any object
        if body is None:
            return Response(status_code=status)
        if isinstance(body, RawBody):  # a text or binary answer (text/csv, application/pdf)
            return Response(body.content, status_code=status, media_type=body.media_type)
        return JSONAnswer(answers.complete(status, render(body), repair=True), status_code=status)

    return endpoint


def _dispatch(by_method: dict[str, Callable[..., Any]]) -> Callable[..., Any]:
    """One endpoint per path, so that a 405 lists every method of the path in ``Allow``.

    Starlette routes ``HEAD`` to every path that has ``GET``; it is answered as the GET would
    be, headers included (``Content-Length`` of the body it would send), with no body.
    """

    async def endpoint(request: Request) -> Response:
        if request.method == "HEAD":
            response: Response = await by_method["GET"](request)
            response.body = b""
            return response
        response = await by_method[request.method](request)
        return response

    return endpoint


def build_app(
    spaces: Spaces,
    keys: KeyIssuer,
    document: dict[str, Any] | None = None,
) -> Starlette:
    """Return the sandbox ASGI app over ``spaces``, routed and validated by the folded bundle.

    It serves the sandbox's controls under ``/_sandbox/`` too (``_control_routes.py``; the
    faults themselves are carried out by ``FaultLayer``, around this app).
    """
    table = bundle_operations() if document is None else OperationIndex.of(document)
    folded = table.document
    schemas = SchemaSet(folded, direction="request")
    routes: list[Route] = []
    for path, operations in table.paths():  # concrete paths first, as the table matches them
        by_method = {
            name.verb: _endpoint(
                spaces, keys, RequestSchema(folded, schemas, path, method, name.key), name
            )
            for method, name in operations.items()
        }
        routes.append(Route(path, _dispatch(by_method), methods=list(by_method)))
    # Most literal text first: /orders/{id}/capture before /orders/{id}, whose id may hold "/".
    templates = sorted(
        (
            (re.compile("^" + re.sub(r"\\\{[^{}]*\\\}", ".*", re.escape(name.path)) + "$"), name)
            for name in map(table.operation, table)  # in the bundle's order
        ),
        key=lambda entry: -len(re.sub(r"\{[^{}]*\}", "", entry[1].path)),
    )

    def _unrouted(request: Request) -> Answers | None:
        """Return the answers of the operation whose path has an id no route takes ("", "/")."""
        for pattern, name in templates:
            if name.verb == request.method and pattern.match(request.url.path):
                return Answers(folded, name.path, name.verb)
        return None

    record_fields = RecordFields(folded)  # records are what answers hold: readOnly fields too
    routes.extend(control_routes(State(spaces, keys, lambda: record_fields)))
    routes.append(Route("/_sandbox/openapi.json", lambda r: JSONAnswer(folded), methods=["GET"]))

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        message = exc.detail if isinstance(exc, HTTPException) else "sandbox failure"
        headers = exc.headers if isinstance(exc, HTTPException) else None
        answers = _unrouted(request) if status == 404 else None
        if answers is not None:  # an operation's path with an id no route takes (empty, "/")
            return _error(ApiError(404, str(message)), answers)
        return JSONAnswer(
            ApiError(status, str(message)).body(), status_code=status, headers=headers
        )

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("sandbox handler failed", exc_info=exc)
        return JSONAnswer(ApiError(500, "sandbox failure").body(), status_code=500)

    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    # No path of the bundle ends in "/", so a trailing slash is not a variant to redirect to:
    # /v1/orders/%2F (an id of "/") must be a 404, not a 307 to the order list.
    app.router.redirect_slashes = False
    return app
