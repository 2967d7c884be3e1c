"""Every message the guides quote is one the SDK or the sandbox really produces.

Each row names a page, the text the page quotes, and how to make that message happen; the test
checks that the page still quotes it and that the code still says it. A quoted message that
the code no longer produces, or a page that drifted from the message, fails here.
"""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AsyncPaymentsClient,
    BadRequestError,
    ClientClosedError,
    InvalidParameterError,
    instant_retries,
)
from payments_sdk.sandbox import Sandbox
from tests.conftest import BASE_URL, TEST_KEY
from tests.support.schema_values import record
from tests.support.wire_server import Reply, serve, until

DOCS = Path(__file__).resolve().parents[2] / "docs"

Producer = Callable[[], Awaitable[str]]


def _client(
    handler: Callable[[httpx.Request], httpx.Response], **options: object
) -> tuple[AsyncPaymentsClient, httpx.AsyncClient]:
    http = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    client = AsyncPaymentsClient(
        api_key=TEST_KEY,
        base_url=BASE_URL,
        http_client=http,
        **options,  # type: ignore[arg-type]
    )
    return client, http


async def _closed() -> str:
    client = AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL)
    await client.aclose()
    try:
        await client.ping()
    except ClientClosedError as exc:
        return str(exc)
    raise AssertionError("no error")


async def _closed_on_the_wire() -> str:
    async def hold(_: object) -> Reply:
        await server.wait_gate()
        return Reply()

    with serve(hold) as server:
        client = AsyncPaymentsClient(api_key=TEST_KEY, base_url=server.url)
        call = asyncio.ensure_future(client.balances.retrieve())
        await until(lambda: bool(server.seen))
        await client.aclose()
        server.release()
        try:
            await call
        except ClientClosedError as exc:
            return str(exc)
    raise AssertionError("no error")


async def _total_timeout() -> str:
    async def slow(_: httpx.Request) -> httpx.Response:
        await asyncio.sleep(10)
        return httpx.Response(200)

    client, http = _client(slow, total_timeout=10)  # type: ignore[arg-type]
    try:
        await client.with_options(total_timeout=0.05).ping()
    except APITimeoutError as exc:
        return str(exc).replace("0.05", "10")  # the page quotes the 10 s of its example
    finally:
        await http.aclose()
    raise AssertionError("no error")


async def _refused() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with AsyncPaymentsClient(
        api_key=TEST_KEY, base_url=f"http://127.0.0.1:{port}/v1"
    ) as client:
        try:
            with instant_retries():
                await client.ping()
        except APIConnectionError as exc:
            return str(exc)
    raise AssertionError("no error")


async def _redirect() -> str:
    moved = {"location": "https://elsewhere.example/v1/ping"}
    client, http = _client(lambda _: httpx.Response(301, headers=moved))
    try:
        await client.ping()
    except APIStatusError as exc:
        return str(exc)
    finally:
        await http.aclose()
    raise AssertionError("no error")


async def _wrong_type() -> str:
    item = {"id": "p", "status": "s", "currency": "USD", "amount": 1}
    items = [record("Payment", {**item, "created_at": "2026-11-21T10:00:00Z"}) for _ in range(5)]
    items[3]["amount"] = "lots"
    meta = {"current": 1, "previous": None, "next": None, "per_page": 5, "pages": 1, "count": 5}
    client, http = _client(lambda _: httpx.Response(200, json={"data": items, "page_meta": meta}))
    try:
        await client.payments.list()
    except APIResponseValidationError as exc:
        return str(exc)
    finally:
        await http.aclose()
    raise AssertionError("no error")


async def _stuck_page() -> str:
    item = {"id": "p", "status": "s", "currency": "USD", "amount": 1}

    def page(request: httpx.Request) -> httpx.Response:
        number = int(request.url.params["page"])
        stamp = f"2026-11-2{number}T10:00:00Z"
        meta = {"current": number, "previous": None, "next": 2, "per_page": 1, "pages": 5}
        body = {
            "data": [record("Payment", {**item, "created_at": stamp})],
            "page_meta": {**meta, "count": 5},
        }
        return httpx.Response(200, json=body)

    client, http = _client(page)
    try:
        async for _ in client.payments.list(per_page=1, before="2027-01-01T00:00:00Z"):
            pass
    except APIResponseValidationError as exc:
        return str(exc)
    finally:
        await http.aclose()
    raise AssertionError("no error")


async def _sandbox_message(**query: str) -> str:
    async with Sandbox() as sandbox:
        headers = {"Authorization": f"Bearer {sandbox.api_key}"}
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://sandbox") as http:
            answer = await http.get("/v1/fx-rate", params=query, headers=headers)
    message = answer.json()["message"]
    assert isinstance(message, str)
    return message.replace("target_currency", "<param>")


async def _repeated_param() -> str:
    async with Sandbox() as sandbox:
        headers = {"Authorization": f"Bearer {sandbox.api_key}"}
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://sandbox") as http:
            query = "source_currency=USD&target_currency=EUR&target_currency=GBP"
            answer = await http.get(f"/v1/fx-rate?{query}", headers=headers)
    return str(answer.json()["message"]).replace("target_currency", "<param>")


async def _refunded_twice() -> str:
    async with Sandbox() as sandbox, sandbox.client() as client:
        paid = sandbox.simulate_payment(amount=1000, currency="USD")
        await client.refunds.create(payment_id=paid["id"])
        try:
            await client.refunds.create(payment_id=paid["id"])
        except BadRequestError as exc:
            return (exc.message or "").replace(f"'{paid['id']}'", "...")
    raise AssertionError("no error")


async def _invalid_currency() -> str:
    async with Sandbox() as sandbox, sandbox.client() as client:
        try:
            await client.fx_rates.retrieve(source_currency="USD", target_currency="XYZ")
        except BadRequestError as exc:
            return str(exc)
    raise AssertionError("no error")


async def _not_modified() -> str:
    client, http = _client(lambda _: httpx.Response(304, headers={"etag": '"v1"'}))
    try:
        await client.balances.retrieve(extra_headers={"If-None-Match": '"v1"'})
    except APIStatusError as exc:
        return str(exc)
    finally:
        await http.aclose()
    raise AssertionError("no error")


async def _not_utf8() -> str:
    content = b'{"data":[{"currency":"USD\xff","amount":5}]}'
    client, http = _client(lambda _: httpx.Response(200, content=content))
    try:
        await client.balances.retrieve()
    except APIResponseValidationError as exc:
        return str(exc)
    finally:
        await http.aclose()
    raise AssertionError("no error")


async def _not_a_token() -> str:
    client, http = _client(lambda _: httpx.Response(200, json={"data": []}))
    try:
        await client.balances.retrieve(extra_headers={"X:Y": "v"})
    except InvalidParameterError as exc:
        return str(exc)
    finally:
        await http.aclose()
    raise AssertionError("no error")


# (page, the text the page quotes, how to produce it, how it must match: "same" or "in")
CASES: list[tuple[str, str, Producer, str]] = [
    ("client.md", "the client is closed; create a new one", _closed, "same"),
    (
        "errors.md",
        "the client was closed while the call was on the wire",
        _closed_on_the_wire,
        "same",
    ),
    ("client.md", "the call did not complete within total_timeout=10 s", _total_timeout, "same"),
    ("errors.md", "connection to api.example.com:443 failed after 2 retries: ", _refused, "shape"),
    (
        "errors.md",
        "301 Moved Permanently: the service redirected to https://",
        _redirect,
        "in",
    ),
    ("errors.md", "; the SDK follows no redirect", _redirect, "in"),
    (
        "errors.md",
        "304 Not Modified: not modified since the version named by If-None-Match; "
        "a 304 has no body to return",
        _not_modified,
        "same",
    ),
    ("errors.md", "$.data[0].currency: the text is not valid UTF-8", _not_utf8, "in"),
    (
        "errors.md",
        "extra_headers['X:Y']: is not a header name (an RFC 9110 token)",
        _not_a_token,
        "same",
    ),
    ("errors.md", "$.data[3].amount: expected int, got str", _wrong_type, "in"),
    ("client.md", "$.data[3].amount: expected int, got str", _wrong_type, "in"),
    ("errors.md", "$.page_meta.next: page 2 says the next page is 2, not 3", _stuck_page, "in"),
    (
        "errors.md",
        "400 Bad Request: target_currency is not a valid currency",
        _invalid_currency,
        "same",
    ),
    (
        "sandbox.md",
        "<param> can't be blank",
        lambda: _sandbox_message(source_currency="USD", target_currency=""),
        "same",
    ),
    ("sandbox.md", "<param> must be a string", _repeated_param, "same"),
    ("errors.md", "payment_id ... already has a refund", _refunded_twice, "same"),
    (
        "sandbox.md",
        "<param> is not a valid currency",
        lambda: _sandbox_message(source_currency="USD", target_currency="XYZ"),
        "same",
    ),
]


@pytest.mark.parametrize(
    ("page", "quoted", "produce", "match"), CASES, ids=[f"{c[0]}: {c[1][:40]}" for c in CASES]
)
async def test_a_quoted_message_is_produced(
    page: str, quoted: str, produce: Producer, match: str
) -> None:
    """The page quotes the message, and the code produces it."""
    assert quoted in (DOCS / page).read_text(encoding="utf-8"), f"{page} no longer quotes it"
    actual = await produce()
    if match == "same":
        assert actual == quoted
    elif match == "in":
        assert quoted in actual, actual
    else:  # the same shape, with this run's host and port
        shape = re.escape(quoted).replace(re.escape("api.example.com:443"), r"[\w.]+:\d+")
        assert re.match(shape, actual), actual


def _fault_section() -> str:
    page = (DOCS / "sandbox.md").read_text(encoding="utf-8")
    section = page[page.index("## Faults") :]
    return section[: section.index("\n## ", 1)]


def test_every_operation_sandbox_md_names_is_one_a_fault_can_name() -> None:
    """Each operation the fault section names resolves, as the SDK names it or by method and path.

    The page keeps no list of the operations (the bundle is the list, served at
    ``/_sandbox/openapi.json``), so an operation the bundle gains needs no line there. It names
    none by ``operationId``, which the bundle may rename: a name a fault takes is a quoted SDK
    name (``"refunds.create"``) or ``"METHOD /path"``, in the text, the samples and the curls.
    """
    from payments_sdk._naming import sdk_name
    from payments_sdk._operation_table import OPERATIONS
    from payments_sdk.sandbox._operation_index import bundle_operations

    operations = bundle_operations()
    section = _fault_section()
    named = set(re.findall(r'"((?:GET|POST|PUT|PATCH|DELETE) /v[^"]*)"', section))
    named |= set(re.findall(r'"([a-z_]+\.[a-z_]+)"', section))  # "refunds.create"
    assert named, "the fault section names no operation"
    unknown = sorted(name for name in named if operations.resolve(name) is None)
    assert unknown == [], f"sandbox.md names operations the bundle does not have: {unknown}"
    ids = {entry.operation_id for entry in OPERATIONS} - {
        sdk_name(entry.resource, entry.method) for entry in OPERATIONS
    }  # an operationId that is not also an SDK name (ping is both)
    by_id = sorted(i for i in ids if re.search(rf"\b{re.escape(i)}\b", section))
    assert by_id == [], f"sandbox.md names operations by operationId: {by_id}"
    assert "| operationId | method and path |" not in section  # no hand-kept copy of the bundle


def test_a_wrong_operation_name_gets_the_closest_ones() -> None:
    """A misspelt operation is refused with suggestions, as sandbox.md quotes."""
    quoted = re.search(
        r"`operation '([^']+)' is\s+not an operation of the bundle: \.\.\. (did you mean [^`]*)`",
        _fault_section(),
    )
    assert quoted, "sandbox.md no longer quotes the refusal of a misspelt operation"
    misspelt, suggestion = quoted.groups()
    suggestion = " ".join(suggestion.split())
    sandbox = Sandbox()
    with pytest.raises(ValueError) as raised:
        sandbox.faults.fail(misspelt, status=503)
    message = str(raised.value)
    assert message.startswith(f"operation '{misspelt}' is not an operation of the bundle: ")
    # The page shows the first suggestion and elides the rest, which grow with the bundle.
    assert suggestion.endswith(" or ...")
    assert suggestion.removesuffix("...") in message, message
    assert sandbox.faults.fail(suggestion.split()[3], status=503)  # what it suggests is one
