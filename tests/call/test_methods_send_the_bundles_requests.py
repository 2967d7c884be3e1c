"""Each wrapper method sends the right request and parses the bundle's own example answer."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx
import pytest

from payments_sdk import (
    AsyncPaymentsClient,
    BadRequestError,
    InvalidParameterError,
    Money,
    UnauthorizedError,
)
from payments_sdk._naming import sdk_name
from payments_sdk._operation_parts import Part, examples, follow, parameters
from payments_sdk._operation_table import OPERATIONS as TABLE
from payments_sdk._param_styles import text_of
from tests.conftest import MakeClient
from tests.support.schema_values import answered, example

ROOT = "https://api.payments.test"
# The defaults the pager sends, as the bundle declares them (the shared list parameters).
_DEFAULTS = {
    a.name: a.default for e in TABLE for a in e.arguments if a.name in ("per_page", "page")
}
PER_PAGE = str(_DEFAULTS["per_page"])
LIST_QUERY = {"per_page": PER_PAGE, "page": str(_DEFAULTS["page"])}


@dataclass
class Case:
    """One wrapper call and the request it must produce."""

    name: str
    """The operation as the SDK names it (``refunds.create``; ``ping`` on the client)."""
    call: Callable[[AsyncPaymentsClient], Awaitable[Any]]
    method: str
    url: str
    query: dict[str, str] = field(default_factory=dict)
    body: Any = None


CASES = [
    Case("ping", lambda c: c.ping(), "GET", f"{ROOT}/v1/ping"),
    Case("balances.retrieve", lambda c: c.balances.retrieve(), "GET", f"{ROOT}/v1/balances"),
    Case(
        "balance_conversions.create",
        lambda c: c.balance_conversions.create(
            source_currency="USD", target_currency="EUR", source_amount=Money.of("100", "USD")
        ),
        "POST",
        f"{ROOT}/v1/balance_conversions",
        body={"source_currency": "USD", "target_currency": "EUR", "source_amount": 10000},
    ),
    Case(
        "balance_conversions.list",
        lambda c: c.balance_conversions.list(source_currency="USD", per_page=5),
        "GET",
        f"{ROOT}/v1/balance_conversions",
        {"source_currency": "USD", "per_page": "5", "page": "1"},
    ),
    Case(
        "fx_rates.retrieve",
        lambda c: c.fx_rates.retrieve(source_currency="USD", target_currency="EUR"),
        "GET",
        f"{ROOT}/v1/fx-rate",
        {"source_currency": "USD", "target_currency": "EUR"},
    ),
    Case(
        "bank_account_validations.create",
        lambda c: c.bank_account_validations.create(id="bene_8Kq2x7Lm"),
        "POST",
        f"{ROOT}/v1/bank_account_validation",
        body={"id": "bene_8Kq2x7Lm"},
    ),
    Case(
        "bank_account_validations.list",
        lambda c: c.bank_account_validations.list(country="deu", page=2),
        "GET",
        f"{ROOT}/v1/bank_account_validation",
        {"country": "deu", "per_page": PER_PAGE, "page": "2"},
    ),
    Case(
        "beneficiaries.create",
        lambda c: c.beneficiaries.create(
            beneficiary={"name": "Jane Doe", "type": "individual"},
            bank_account={"account_number": "31926819", "currency": "GBP"},
            notes={"ref": "42"},
        ),
        "POST",
        f"{ROOT}/v2/beneficiaries",
        body={
            "category": "payout",
            "beneficiary": {"name": "Jane Doe", "type": "individual"},
            "bank_account": {"account_number": "31926819", "currency": "GBP"},
            "notes": {"ref": "42"},
        },
    ),
    Case(
        "orders.create",
        lambda c: c.orders.create(
            amount=29900, currency="USD", payment_methods=["card"], split_ids=("s1", "s2")
        ),
        "POST",
        f"{ROOT}/v1/orders",
        body={
            "amount": 29900,
            "currency": "USD",
            "payment_methods": ["card"],
            "split_ids": ["s1", "s2"],
        },
    ),
    Case("orders.list", lambda c: c.orders.list(), "GET", f"{ROOT}/v1/orders", LIST_QUERY),
    Case(
        "orders.retrieve",
        lambda c: c.orders.retrieve("ord_1?x"),
        "GET",
        f"{ROOT}/v1/orders/ord_1%3Fx",
    ),
    Case(
        "orders.update_rfi",
        lambda c: c.orders.update_rfi(
            "ord_1", documents=[{"id": "doc_1", "rfi_doc_id": "rfidoc_1"}]
        ),
        "PATCH",
        f"{ROOT}/v1/orders/ord_1/update-rfi",
        body={"documents": [{"id": "doc_1", "rfi_doc_id": "rfidoc_1"}]},
    ),
    Case(
        "refunds.create",
        lambda c: c.refunds.create(payment_id="payt_5Fg7Hj2K"),
        "POST",
        f"{ROOT}/v1/refunds",
        body={"payment_id": "payt_5Fg7Hj2K"},
    ),
    Case(
        "refunds.list",
        lambda c: c.refunds.list(after=datetime(2026, 1, 1, 12, tzinfo=UTC)),
        "GET",
        f"{ROOT}/v1/refunds",
        {"after": "2026-01-01T12:00:00Z", **LIST_QUERY},
    ),
    Case(
        "refunds.retrieve",
        lambda c: c.refunds.retrieve("rfnd_1"),
        "GET",
        f"{ROOT}/v1/refunds/rfnd_1",
    ),
    Case(
        "refunds.mock_update_status",
        lambda c: c.refunds.mock_update_status("rfnd_1"),
        "PATCH",
        f"{ROOT}/v1/refunds/rfnd_1/mock_update_status",
    ),
    Case(
        "virtual_accounts.list",
        lambda c: c.virtual_accounts.list(),
        "GET",
        f"{ROOT}/v1/virtual-accounts",
    ),
    Case(
        "virtual_accounts.close",
        lambda c: c.virtual_accounts.close(payment_type="local", currency="EUR"),
        "DELETE",
        f"{ROOT}/v1/virtual-accounts",
        {"payment_type": "local", "currency": "EUR"},
    ),
    Case(
        "virtual_accounts.create",
        lambda c: c.virtual_accounts.create(payment_type="local", currency="EUR"),
        "POST",
        f"{ROOT}/v1/v2/virtual-accounts",
        body={"payment_type": "local", "currency": "EUR"},
    ),
    Case(
        "kyc_links.list",
        lambda c: c.kyc_links.list(status="pending"),
        "GET",
        f"{ROOT}/v1/kyc-links",
        {"status": "pending", **LIST_QUERY},
    ),
    Case(
        "kyc_links.create",
        lambda c: c.kyc_links.create(email="jane@example.com"),
        "POST",
        f"{ROOT}/v1/kyc-links",
        body={"email": "jane@example.com"},
    ),
    Case(
        "kyc_links.retrieve",
        lambda c: c.kyc_links.retrieve("kyc_1"),
        "GET",
        f"{ROOT}/v1/kyc-links/kyc_1",
    ),
    Case(
        "documents.upload",
        lambda c: c.documents.upload(b"%PDF-1.7", type="passport", file_name="p.pdf"),
        "POST",
        f"{ROOT}/v1/document",
    ),
    Case("documents.list", lambda c: c.documents.list(), "GET", f"{ROOT}/v1/document", LIST_QUERY),
    Case(
        "documents.retrieve",
        lambda c: c.documents.retrieve("doc_4Hn8sPq2"),
        "GET",
        f"{ROOT}/v1/document/doc_4Hn8sPq2",
    ),
    Case(
        "rfis.list",
        lambda c: c.rfis.list(status="under_review", search="payt_1"),
        "GET",
        f"{ROOT}/v1/rfis",
        {"status": "under_review", "search": "payt_1", **LIST_QUERY},
    ),
    Case(
        "payments.list",
        lambda c: c.payments.list(per_page=100),
        "GET",
        f"{ROOT}/v1/payments",
        {"per_page": "100", "page": "1"},
    ),
]


BY_NAME = {sdk_name(entry.resource, entry.method): entry for entry in TABLE}
"""Each operation of the table by the SDK's name: a case names its operation so, as users do,
and an ``operationId`` rename changes no line here."""


def _operation(folded: dict[str, Any], name: str) -> tuple[str, str, dict[str, Any]]:
    """The method, path template and description in the folded bundle of the operation ``name``."""
    operation_id = BY_NAME[name].operation_id
    for path, item in folded["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                return method.upper(), path, operation
    raise LookupError(name)


def _success_example(bundle: dict[str, Any], operation: dict[str, Any]) -> tuple[int, Any]:
    """The first 2xx status of an operation and its example body (None when it has none)."""
    status = min(int(code) for code in operation["responses"] if code.startswith("2"))
    answer = follow(bundle, operation["responses"][str(status)])
    media = answer.value.get("content", {}).get("application/json")
    if media is None:
        return status, None
    if "example" in media:
        return status, media["example"]
    named = examples(bundle, Part(media, ""))
    if not named:  # none in the bundle: one drawn from the schema
        return status, example(bundle, media["schema"])
    return status, next(iter(named.values())).value["value"]


_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)")


def _instants(value: Any) -> Any:
    """Replace timestamp strings by datetimes, so that Z and +00:00 compare equal.

    A number the bundle's example has as a float (its JSON was read with floats) is the
    Decimal its text spells: the SDK parses ``0.9231`` exactly, never as a float.
    """
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, dict):
        return {k: _instants(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_instants(v) for v in value]
    if isinstance(value, str) and _TIMESTAMP.fullmatch(value):
        return datetime.fromisoformat(value)
    return value


def _defaults(folded: dict[str, Any], template: str, method: str) -> dict[str, str]:
    """The query parameters with a ``default``, as the SDK sends them when a call leaves them."""
    sent: dict[str, str] = {}
    for part in parameters(folded, template, method):
        schema = follow(folded, part.value.get("schema", {})).value
        if part.value.get("in") == "query" and isinstance(schema, dict) and "default" in schema:
            sent[str(part.value["name"])] = text_of(schema["default"])
    return sent


def _matches(template: str, path: str) -> bool:
    pattern = re.sub(r"\{[^}]+\}", "[^/]+", template)
    return re.fullmatch(pattern, path) is not None


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_method_sends_the_request_and_parses_the_example(
    case: Case, bundle: dict[str, Any], folded: dict[str, Any], make_client: MakeClient
) -> None:
    """Method, full URL, query and body are right, and the bundle's example parses."""
    method, template, operation = _operation(folded, case.name)
    status, example = _success_example(bundle, operation)

    def answer(request: httpx.Request) -> httpx.Response:
        return (
            httpx.Response(status, json=example) if example is not None else httpx.Response(status)
        )

    client, recorder = make_client(answer)
    result = await case.call(client)

    request = recorder.last
    assert request.method == case.method == method
    assert str(request.url.copy_with(query=None)) == case.url
    assert _matches(template, request.url.raw_path.decode().split("?")[0])
    assert dict(request.url.params) == {**_defaults(folded, template, method), **case.query}
    assert request.headers["authorization"].startswith("Bearer ")
    if case.body is not None:
        assert request.headers["content-type"] == "application/json"
        assert json.loads(request.content) == case.body
    if case.name == "documents.upload":
        assert request.headers["content-type"].startswith("multipart/form-data")
        assert b'name="file"; filename="p.pdf"' in request.content
        assert b"%PDF-1.7" in request.content
        assert b'name="type"' in request.content and b"passport" in request.content
    if example is None:
        assert result is None
    elif "data" in example and "page_meta" in example:
        assert len(result.data) == len(example["data"])
        assert result.page_meta.count == example["page_meta"]["count"]
    else:
        assert _instants(result.to_dict()) == _instants(example)


def test_every_operation_is_reachable_through_a_wrapper_method(bundle: dict[str, Any]) -> None:
    """Spec coverage: each operation of the bundle is a method of the client.

    Each case here is an operation of the bundle; the methods are generated, so a new operation
    needs no line here (the fuzz and per-call-option tests call every method of the table).
    """
    in_bundle = {
        operation["operationId"]
        for item in bundle["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    client = AsyncPaymentsClient(api_key="a.b.c", base_url=f"{ROOT}/v1")
    for entry in TABLE:
        owner = client if entry.resource == "client" else getattr(client, entry.resource)
        assert callable(getattr(owner, entry.method)), entry.operation_id
    assert {entry.operation_id for entry in TABLE} == in_bundle
    assert {case.name for case in CASES} <= set(BY_NAME)


@pytest.mark.parametrize(
    ("status", "error", "exception"),
    [(400, "Bad Request", BadRequestError), (401, "Unauthorized", UnauthorizedError)],
)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_method_maps_documented_errors(
    case: Case, status: int, error: str, exception: type[Exception], make_client: MakeClient
) -> None:
    """A 400 or 401 Error body surfaces as the typed exception with the service's message."""
    client, recorder = make_client(
        lambda r: httpx.Response(status, json={"error": error, "message": "it is wrong"})
    )
    with pytest.raises(exception) as raised:
        await case.call(client)
    assert raised.value.status_code == status  # type: ignore[attr-defined]
    assert raised.value.message == "it is wrong"  # type: ignore[attr-defined]
    assert str(raised.value) == f"{status} {error}: it is wrong"
    assert len(recorder.requests) == 1


@pytest.mark.parametrize("split_ids", [[], "s1", ["s1", ""], [1], {"s1": 1}])
async def test_orders_refuse_bad_split_ids_before_sending(
    split_ids: Any, make_client: MakeClient
) -> None:
    """split_ids must be a non-empty list of non-empty strings; nothing is sent otherwise."""
    client, recorder = make_client(lambda request: httpx.Response(500))
    with pytest.raises(InvalidParameterError) as raised:
        await client.orders.create(quote_id="q1", split_ids=split_ids)
    # The list itself, or the item at fault (split_ids[1]).
    assert raised.value.field.split("[")[0] == "split_ids", raised.value.field
    assert recorder.requests == []


async def test_orders_send_split_ids_with_a_quote(make_client: MakeClient) -> None:
    """The quote form carries split_ids too, and omits it when not given."""
    order = answered("orders.create", {"id": "ord_1", "quote_id": "q1"})
    client, recorder = make_client(lambda request: httpx.Response(201, json=order))
    await client.orders.create(quote_id="q1", split_ids=["s1"])
    assert recorder.last_json() == {"quote_id": "q1", "split_ids": ["s1"]}
    await client.orders.create(quote_id="q1")
    assert recorder.last_json() == {"quote_id": "q1"}
