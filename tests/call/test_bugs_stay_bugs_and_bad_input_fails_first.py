"""The call layer tells the truth: bugs stay bugs, bad input is caught first, raw responses."""

from __future__ import annotations

import ast
import inspect
import math
from pathlib import Path
from typing import Any

import httpx
import pytest

import payments_sdk.types
import payments_sdk_generated.models
import payments_sdk_generated.types
from payments_sdk import (
    APIConnectionError,
    APIResponse,
    APIResponseValidationError,
    AsyncPaymentsClient,
    InvalidParameterError,
    Page,
)
from payments_sdk._naming import CLIENT
from payments_sdk._operation_table import OPERATIONS
from tests.conftest import BASE_URL, TEST_KEY, MakeClient
from tests.support.generated_modules import operation_module
from tests.support.schema_values import answered

WRAPPER = Path(__file__).resolve().parents[2] / "wrapper" / "payments_sdk"
REFUND = answered(
    "refunds.create", {"id": "rfnd_1", "status": "in_progress", "payment_id": "payt_1"}
)
NAMESPACES = sorted({entry.resource for entry in OPERATIONS} - {CLIENT})
"""The client's namespaces: every resource of the operation table (so of the bundle)."""


async def test_a_bug_inside_a_call_surfaces_as_itself(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A TypeError in the SDK's own code is not relabelled as a server or parsing problem."""
    client, recorder = make_client(lambda r: httpx.Response(200, json=REFUND))
    get_refund = operation_module("refunds.retrieve")  # the module whose operation it sends

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise TypeError("an SDK bug: unexpected keyword")

    # A bug while the request is written (its body encoded, before anything is sent) ...
    monkeypatch.setattr(type(get_refund.OPERATION), "encode", broken)
    with pytest.raises(TypeError, match="an SDK bug"):
        await client.refunds.create(payment_id="payt_1")
    assert recorder.requests == []
    monkeypatch.undo()

    def parser_bug(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug after a 2xx arrived")

    # ... and one while its 2xx answer is parsed.
    monkeypatch.setattr(type(get_refund.OPERATION), "parse", parser_bug)
    with pytest.raises(KeyError):
        await client.refunds.retrieve("rfnd_1")
    assert len(recorder.requests) == 1


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda c: c.refunds.retrieve("\ud800"), "id"),
        (lambda c: c.refunds.retrieve(".."), "id"),
        (lambda c: c.orders.retrieve("."), "id"),
        (lambda c: c.orders.retrieve("ord_1/../../balances"), "id"),
        (lambda c: c.kyc_links.retrieve("kyc_\r\nX: 1"), "id"),
        (lambda c: c.documents.retrieve("doc_\x00"), "document_id"),
        (lambda c: c.refunds.create(payment_id="payt_\udfff"), "payment_id"),
        (lambda c: c.orders.create(quote_id="\ud800"), "quote_id"),
        (
            lambda c: c.orders.create(amount=1, currency="USD", payment_methods=["\ud83d"]),
            "payment_methods[0]",
        ),
        (lambda c: c.kyc_links.create(email="\ud800@example.com"), "email"),
        (lambda c: c.request("POST", "/customers", json={"n": math.nan}), "json"),
        (lambda c: c.request("POST", "/customers", json={"n": math.inf}), "json"),
        (lambda c: c.request("POST", "/customers", json={"s": "\ud800"}), "json"),
        (lambda c: c.request("POST", "/customers", json={1, 2}), "json"),
        (
            lambda c: c.beneficiaries.create(
                beneficiary={"name": "\ud800"}, bank_account={"currency": "GBP"}
            ),
            "beneficiary.name",
        ),
    ],
)
async def test_bad_input_is_refused_before_any_request(
    call: Any, field: str, make_client: MakeClient
) -> None:
    """Lone surrogates, NaN, dot segments and control characters never reach the wire."""
    client, recorder = make_client(lambda r: httpx.Response(200, json={}))
    with pytest.raises(InvalidParameterError) as raised:
        await call(client)
    assert raised.value.field == field
    assert recorder.requests == []


async def test_connection_errors_keep_their_cause_without_the_key() -> None:
    """The httpx error stays as __cause__ for the traceback; its request no longer holds the key."""

    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(refuse)) as pool,
        AsyncPaymentsClient(
            api_key=TEST_KEY, base_url=BASE_URL, http_client=pool, max_retries=0
        ) as client,
    ):
        with pytest.raises(APIConnectionError) as raised:
            await client.balances.retrieve()
    cause = raised.value.__cause__
    assert isinstance(cause, httpx.ConnectError)
    assert TEST_KEY not in str(cause.request.headers)
    assert raised.value.request is not None
    assert TEST_KEY not in str(raised.value.request.headers)


async def test_raw_responses_give_status_headers_and_the_model(make_client: MakeClient) -> None:
    """`with_raw_response` returns status, headers and parse(), for calls and list pages."""
    headers = {"x-request-id": "req_42", "x-ratelimit-remaining": "99"}
    meta = {"current": 1, "previous": None, "next": None, "per_page": 20, "pages": 1, "count": 1}
    page = answered("refunds.list", {"data": [REFUND], "page_meta": meta})

    def answer(request: httpx.Request) -> httpx.Response:
        body = page if request.url.path.endswith("/refunds") and request.method == "GET" else REFUND
        status = 201 if request.method == "POST" else 200
        return httpx.Response(status, json=body, headers=headers)

    client, recorder = make_client(answer)
    created = await client.with_raw_response.refunds.create(payment_id="payt_1")
    assert isinstance(created, APIResponse)
    assert created.status_code == 201 and created.headers["x-request-id"] == "req_42"
    refund = created.parse()
    assert (refund.id, refund.status) == ("rfnd_1", "in_progress")
    assert refund == await client.refunds.create(payment_id="payt_1")
    first = await client.with_raw_response.refunds.list(per_page=20)
    assert first.headers["x-ratelimit-remaining"] == "99"
    assert isinstance(first.parse(), Page) and first.parse().data[0].id == "rfnd_1"
    assert (await client.with_raw_response.ping()).status_code == 200
    assert len(recorder.requests) == 4
    bad, _ = make_client(lambda r: httpx.Response(200, json={"id": 1}, headers=headers))
    with pytest.raises(APIResponseValidationError) as raised:
        await bad.with_raw_response.refunds.retrieve("rfnd_1")
    assert raised.value.response is not None
    assert raised.value.response.headers["x-request-id"] == "req_42"


def test_every_namespace_and_method_has_a_raw_twin_with_the_same_arguments() -> None:
    """`client.with_raw_response.<namespace>.<method>` exists for all, with the same parameters."""
    client = AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL)
    raw = client.with_raw_response
    methods: set[tuple[str, str]] = set()
    for name in NAMESPACES:
        resource = getattr(client, name)
        twin = getattr(raw, name)
        for method_name, method in inspect.getmembers(resource, inspect.ismethod):
            if method_name.startswith("_"):
                continue
            twin_method = getattr(twin, method_name)
            assert inspect.signature(twin_method).parameters.keys() == (
                inspect.signature(method).parameters.keys()
            ), (name, method_name)
            methods.add((name, method_name))
    # every operation but those on the client itself (ping), and nothing else
    assert methods == {(e.resource, e.method) for e in OPERATIONS if e.resource != CLIENT}
    assert inspect.iscoroutinefunction(raw.ping)


def test_resources_and_the_call_layer_never_import_the_client() -> None:
    """The import graph has no arrow back up from the resources (or below) to the client."""
    below = [*sorted((WRAPPER / "resources").glob("*.py"))]
    below += [WRAPPER / name for name in ("_requestor.py", "_sender.py", "_response.py")]
    for module in below:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").endswith("_client"), module.name
                assert not (node.module or "").endswith("_raw_namespaces"), module.name
        assert "._client" not in module.read_text(encoding="utf-8"), module.name


def test_the_build_the_shared_fixtures_and_the_bench_use_no_private_sandbox_module() -> None:
    """Folding is bundle tooling; conftest and the bench reach the sandbox by its public names."""
    root = WRAPPER.parent.parent
    users = [root / "Makefile", root / "tests" / "conftest.py"]
    users += sorted((root / "examples").rglob("*.py"))
    for user in users:
        text = user.read_text(encoding="utf-8")
        assert "payments_sdk.sandbox._" not in text, user.name
        assert "sandbox import _" not in text, user.name
    assert "openapi/tools/fold.py" in (root / "Makefile").read_text(encoding="utf-8")


def test_every_model_is_importable_from_payments_sdk_types() -> None:
    """Users annotate with `payments_sdk.types`; it names every generated model, and no other.

    The module is generated from the models (openapi/templates/surface/types.py.jinja), so a
    schema the bundle gains is there with no hand-written line.
    """
    generated = set(payments_sdk_generated.models.__all__)
    machinery = {"File", "Model", "Timestamp"}  # payments_sdk_generated.types: the models' base
    assert set(payments_sdk.types.__all__) == generated | machinery
    for name in machinery:
        assert getattr(payments_sdk.types, name) is getattr(payments_sdk_generated.types, name)
    for name in generated:
        assert getattr(payments_sdk.types, name) is getattr(payments_sdk_generated.models, name)
