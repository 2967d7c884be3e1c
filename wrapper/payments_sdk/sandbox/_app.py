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
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ._auth import KeyIssuer
from ._control_routes import control_routes
from ._errors import ApiError, bad_request, field_path
from ._fault_routes import fault_routes
from ._faults import Faults
from ._input import (
    MAX_INTEGER,
    MAX_JSON_BYTES,
    check_numbers,
    parse_json,
    read_body,
)
from ._requests import Operation, Validated
from ._spaces import Spaces, namespace_of
from ._store import Store, paginate, render
from .contract import SchemaSet, load_bundle

__all__ = ["HANDLERS", "build_app", "unhandled_operations"]

log = logging.getLogger("payments_sdk.sandbox")

Handler = Callable[[Store, Validated], tuple[int, Any]]


def _list(records: Any, query: dict[str, Any]) -> tuple[int, Any]:
    return 200, paginate(records, query)


def _conversions(store: Store, v: Validated) -> list[dict[str, Any]]:
    source, target = v.query.get("source_currency"), v.query.get("target_currency")
    return [
        c
        for c in store.conversions
        if source in (None, c["source_currency"]) and target in (None, c["target_currency"])
    ]


def _kyc_links(store: Store, v: Validated) -> list[dict[str, Any]]:
    status = v.query.get("status")
    return [k for k in store.kyc_links.values() if status in (None, k["status"])]


def _virtual_accounts(store: Store) -> tuple[int, Any]:
    rows = sorted(store.virtual_accounts.values(), key=lambda r: r["created_at"], reverse=True)
    size = max(20, len(rows))
    return 200, {
        "data": rows,
        "page_meta": {
            "current": 1,
            "previous": None,
            "next": None,
            "per_page": size,
            "pages": 1,
            "count": len(rows),
        },
    }


def _fx_rate(store: Store, v: Validated) -> tuple[int, Any]:
    source, target = v.query["source_currency"], v.query["target_currency"]
    quote = store.fx.quote(source, target)
    return 200, {
        "source_currency": source,
        "target_currency": target,
        "mid_market_rate": quote.rate,
        "expires_at": quote.expires_at,
    }


def _close_virtual_accounts(store: Store, v: Validated) -> tuple[int, Any]:
    store.close_virtual_accounts(v.query["payment_type"], v.query["currency"])
    return 204, None


_CURRENCY = re.compile(r"[A-Z]{3}")
_STATUS = re.compile(r"[a-z_]{1,32}")

HANDLERS: dict[str, Handler] = {
    "ping": lambda s, v: (200, {}),  # the Ping body's fields are not published
    "getBalances": lambda s, v: (
        200,
        {"data": [{"currency": c, "amount": a} for c, a in sorted(s.balances.items())]},
    ),
    "createBalanceConversion": lambda s, v: (201, s.convert(v.body)),
    "listBalanceConversions": lambda s, v: _list(_conversions(s, v), v.query),
    "getFxRate": lambda s, v: _fx_rate(s, v),
    "createBankAccountValidation": lambda s, v: (200, s.validate_bank_account(v.body)),
    "listBankAccountValidations": lambda s, v: _list(
        s.list_validations(v.query.get("beneficiary_account_id"), v.query.get("country")), v.query
    ),
    "createBeneficiaryV2": lambda s, v: (201, s.create_beneficiary(v.body)),
    "createOrder": lambda s, v: (201, s.create_order(v.body)),
    "listOrders": lambda s, v: _list(s.orders.values(), v.query),
    "getOrder": lambda s, v: (200, s.get(s.orders, v.path["id"], "order")),
    "updateOrderRfi": lambda s, v: (200, s.update_order_rfi(v.path["id"], v.body["documents"])),
    "createRefund": lambda s, v: (201, s.create_refund(v.body["payment_id"])),
    "listRefunds": lambda s, v: _list(s.refunds.values(), v.query),
    "getRefund": lambda s, v: (200, s.get(s.refunds, v.path["id"], "refund")),
    "mockUpdateRefundStatus": lambda s, v: (200, s.complete_refund(v.path["id"])),
    "listVirtualAccounts": lambda s, v: _virtual_accounts(s),
    "closeVirtualAccounts": lambda s, v: _close_virtual_accounts(s, v),
    "createVirtualAccount": lambda s, v: (
        201,
        s.create_virtual_account(v.body["payment_type"], v.body["currency"]),
    ),
    "listKycLinks": lambda s, v: _list(_kyc_links(s, v), v.query),
    "createKycLink": lambda s, v: (201, s.create_kyc_link(v.body)),
    "getKycLink": lambda s, v: (200, s.get(s.kyc_links, v.path["id"], "KYC link")),
    "uploadDocument": lambda s, v: (
        201,
        s.add_document(v.body["file_name"], v.body["content"], v.body["type"]),
    ),
    "listDocuments": lambda s, v: _list(s.documents.values(), v.query),
    "getDocument": lambda s, v: (200, s.get(s.documents, v.path["document_id"], "document")),
    "listRfis": lambda s, v: _list(
        s.list_rfis(v.query.get("status"), v.query.get("search")), v.query
    ),
    "listPayments": lambda s, v: _list(s.payments.values(), v.query),
}


def _error(exc: ApiError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status)


def _not_implemented(operation: Operation) -> Handler:
    """Return the handler of an operation the bundle has and the sandbox does not: a 501.

    The request is still authenticated and validated against the bundle first, so a caller
    learns about their own mistakes before learning that the sandbox cannot answer.
    """
    message = (
        f"the sandbox does not implement {operation.operation_id} "
        f"({operation.method} {operation.path}) yet"
    )

    def handler(store: Store, validated: Validated) -> tuple[int, Any]:
        raise ApiError(501, message)

    return handler


def unhandled_operations(document: dict[str, Any]) -> list[str]:
    """Return the operationIds of ``document`` that no sandbox handler answers (they get 501)."""
    return [
        operation["operationId"]
        for item in document["paths"].values()
        for method, operation in item.items()
        if method in _METHODS and operation["operationId"] not in HANDLERS
    ]


_METHODS = ("get", "post", "put", "patch", "delete")


_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _endpoint(spaces: Spaces, keys: KeyIssuer, operation: Operation) -> Callable[..., Any]:
    handler = HANDLERS.get(operation.operation_id) or _not_implemented(operation)
    changing = operation.method.upper() in _CHANGING

    async def endpoint(request: Request) -> Response:
        try:
            namespace = namespace_of(keys.verify(request.headers.get("authorization")))
            validated = await operation.validate(request)
            store = spaces.store(namespace)
            with store.lock:
                status, body = handler(store, validated)
                if changing:  # committed before the answer: what is answered is kept
                    spaces.commit(namespace, store)
        except ApiError as exc:
            return _error(exc)
        if body is None:
            return Response(status_code=status)
        return JSONResponse(render(body), status_code=status)

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


def _simulate_payment(spaces: Spaces, keys: KeyIssuer) -> Callable[..., Any]:
    async def endpoint(request: Request) -> Response:
        try:
            namespace = namespace_of(keys.verify(request.headers.get("authorization")))
            body = parse_json(await read_body(request, MAX_JSON_BYTES) or b"{}")
            store = spaces.store(namespace)
            with store.lock:
                payment = store.add_payment(**_simulated(body))
                spaces.commit(namespace, store)
        except ApiError as exc:
            return _error(exc)
        return JSONResponse(render(payment), status_code=201)

    return endpoint


_SIMULATED_FIELDS = frozenset({"amount", "currency", "status", "held"})


def _simulated(body: Any) -> dict[str, Any]:
    """Return ``add_payment`` arguments from a simulated payment's body, checked field by field."""
    if not isinstance(body, dict):
        raise bad_request("body must be a JSON object")
    stray = next((key for key in body if key not in _SIMULATED_FIELDS), None)
    if stray is not None:
        raise bad_request(f"{field_path([stray])} is not a field of POST /_sandbox/payments")
    check_numbers(body)
    amount = body.get("amount", 1000)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= MAX_INTEGER:
        raise bad_request(f"amount must be an integer between 1 and {MAX_INTEGER}")
    currency = body.get("currency", "USD")
    if not (isinstance(currency, str) and _CURRENCY.fullmatch(currency)):
        raise bad_request("currency must be a 3-letter ISO 4217 code")
    status = body.get("status", "success")
    if not (isinstance(status, str) and _STATUS.fullmatch(status)):
        raise bad_request("status must be a lower-case word such as success or failed")
    held = body.get("held", False)
    if not isinstance(held, bool):
        raise bad_request("held must be a boolean")
    return {"amount": amount, "currency": currency, "status": status, "held": held}


def build_app(
    spaces: Spaces,
    keys: KeyIssuer,
    document: dict[str, Any] | None = None,
    faults: Faults | None = None,
) -> Starlette:
    """Return the sandbox ASGI app over ``spaces``, routed and validated by the folded bundle.

    With ``faults``, it also serves their controls at ``/_sandbox/faults`` (the faults themselves
    are carried out by ``FaultLayer``, around this app).
    """
    folded = document or load_bundle()
    schemas = SchemaSet(folded)
    missing = unhandled_operations(folded)
    if missing:
        log.warning(
            "the bundle has operations the sandbox has no handler for, answered with 501 Not "
            "Implemented: %s (see 'When the spec changes' in docs/development.md)",
            ", ".join(missing),
        )
    routes: list[Route] = []
    for path, item in folded["paths"].items():
        by_method = {
            method.upper(): _endpoint(spaces, keys, Operation(folded, schemas, path, method))
            for method in item
            if method in _METHODS
        }
        routes.append(Route(path, _dispatch(by_method), methods=list(by_method)))
    routes.append(Route("/_sandbox/payments", _simulate_payment(spaces, keys), methods=["POST"]))
    routes.extend(control_routes(spaces, keys))
    routes.append(Route("/_sandbox/openapi.json", lambda r: JSONResponse(folded), methods=["GET"]))
    if faults is not None:
        routes.extend(fault_routes(faults, keys))

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        message = exc.detail if isinstance(exc, HTTPException) else "sandbox failure"
        headers = exc.headers if isinstance(exc, HTTPException) else None
        return JSONResponse(
            ApiError(status, str(message)).body(), status_code=status, headers=headers
        )

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("sandbox handler failed", exc_info=exc)
        return JSONResponse(ApiError(500, "sandbox failure").body(), status_code=500)

    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    # No path of the bundle ends in "/", so a trailing slash is not a variant to redirect to:
    # /v1/orders/%2F (an id of "/") must be a 404, not a 307 to the order list.
    app.router.redirect_slashes = False
    return app
