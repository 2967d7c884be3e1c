"""Hostile input against the sandbox: each known failure, and the checks around it.

The sandbox must never answer 5xx to any input, and one bad request must never break a later one.
Each test here failed on the sandbox before the fix it names (in process the failures showed as
500s, or as exceptions escaping the app). Everything runs in process, except the tests marked
``integration``, which need a real loopback socket.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from http import HTTPStatus
from typing import Any

import httpx
import pytest

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._fx import FxDesk
from payments_sdk.sandbox._multi_currency import convert
from payments_sdk.sandbox.contract import load_bundle
from tests.support.schema_values import error_fields

# The bounds recorded in openapi/DECISIONS.md (test_the_bounds_are_the_recorded_ones checks them).
MAX_JSON_BYTES = 1024 * 1024
MAX_MULTIPART_BYTES = 10 * 1024 * 1024
MAX_JSON_DEPTH = 64
MAX_INTEGER = 10**15
MAX_QUERY_BYTES = 8 * 1024

FOLDED = load_bundle()
GET_PATHS = sorted(
    path.replace("{id}", "ord_x").replace("{document_id}", "doc_x")
    for path, item in FOLDED["paths"].items()
    if "get" in item
)
JSON = {"content-type": "application/json"}
MAX_MESSAGE = 300


@pytest.fixture
async def sandbox_http() -> AsyncIterator[tuple[Sandbox, httpx.AsyncClient]]:
    """A fresh sandbox and an authenticated in-process client that reports 500s as answers."""
    sandbox = Sandbox(seed_payments=3)
    # raise_app_exceptions=False: a bug shows as the 500 the sandbox answers, not as an exception.
    transport = httpx.ASGITransport(app=sandbox.app, raise_app_exceptions=False)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as http:
        yield sandbox, http


def assert_refused(response: httpx.Response, status: int = 400, *words: str) -> str:
    """Assert an error answer of ``status`` in the bundle's shape; return its message."""
    assert response.status_code == status, (response.status_code, response.text[:300])
    body = response.json()
    required, declared = error_fields(status)
    if response.request.url.path.startswith("/_sandbox/"):
        required = frozenset()  # a control's error is the sandbox's, not the bundle's
    assert {"error", "message"} | required <= set(body) <= declared | {"error", "message"}, body
    assert body["error"] == HTTPStatus(status).phrase
    message: str = body["message"]
    assert len(message) <= MAX_MESSAGE
    for word in words:
        assert word in message, (word, message)
    return message


async def assert_balances_are_ints(http: httpx.AsyncClient) -> None:
    """The later, normal request: balances still answer 200, every amount an int."""
    response = await http.get("/v1/balances")
    assert response.status_code == 200, response.text[:300]
    amounts = [row["amount"] for row in response.json()["data"]]
    assert amounts and all(type(amount) is int for amount in amounts), amounts


async def raw_asgi(app: Any, method: str, path: str, key: str) -> int:
    """Call the app with a hand-made scope (for text no HTTP client would send); return status.

    An exception escaping the app counts as the 500 a server would answer.
    """
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode("utf-8", "surrogatepass"),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"authorization", f"Bearer {key}".encode())],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    try:
        await app(scope, receive, send)
    except Exception:
        return 500
    (start,) = [m for m in sent if m["type"] == "http.response.start"]
    status: int = start["status"]
    return status


def test_the_bounds_are_the_recorded_ones() -> None:
    """The sandbox enforces the bounds that openapi/DECISIONS.md records."""
    from payments_sdk.sandbox import _input

    assert (
        _input.MAX_JSON_BYTES,
        _input.MAX_MULTIPART_BYTES,
        _input.MAX_JSON_DEPTH,
        _input.MAX_INTEGER,
        _input.MAX_QUERY_BYTES,
    ) == (MAX_JSON_BYTES, MAX_MULTIPART_BYTES, MAX_JSON_DEPTH, MAX_INTEGER, MAX_QUERY_BYTES)


# -- 1. lone surrogates ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "raw", "field", "listing"),
    [
        ("/v1/kyc-links", b'{"email": "\\ud800@x.io"}', "email", "/v1/kyc-links"),
        (
            "/v1/orders",
            b'{"amount": 5, "currency": "USD", "payment_methods": ["\\ud800"]}',
            "payment_methods[0]",
            "/v1/orders",
        ),
        (
            "/v1/v2/virtual-accounts",
            b'{"payment_type": "a\\udfffb", "currency": "EUR"}',
            "payment_type",
            "/v1/virtual-accounts",
        ),
        ("/v2/beneficiaries", b'{"notes": {"\\ud83d": "x"}}', "notes.'\\ud83d'", None),
    ],
)
async def test_a_lone_surrogate_is_refused_and_later_lists_still_render(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
    path: str,
    raw: bytes,
    field: str,
    listing: str | None,
) -> None:
    """A lone surrogate is not Unicode text: 400 naming the field, and nothing stored.

    Before: the string was stored, and every later GET of the list answered 500.
    """
    _, http = sandbox_http
    message = assert_refused(await http.post(path, content=raw, headers=JSON))
    assert message.startswith(f"{field} is not valid Unicode text"), message
    if listing is not None:
        assert (await http.get(listing)).status_code == 200
    await assert_balances_are_ints(http)


async def test_a_lone_surrogate_in_a_path_id_is_refused(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """A path id reaching the app with a lone surrogate is a 400 naming it, not a 500.

    HTTP clients cannot send one (they percent-encode UTF-8), so the scope is made by hand:
    another ASGI server, or a proxy that decodes differently, could still deliver one.
    """
    sandbox, _ = sandbox_http
    for path in ("/v1/orders/ord_\ud800", "/v1/kyc-links/\udc00", "/v1/refunds/x\ud800"):
        assert await raw_asgi(sandbox.app, "GET", path, sandbox.api_key) == 400, path


async def test_an_encoded_surrogate_in_raw_bytes_is_invalid_utf8(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """UTF-8 bytes of a surrogate (ED A0 80) are not UTF-8: refused before anything is stored."""
    _, http = sandbox_http
    raw = b'{"email": "\xed\xa0\x80@x.io"}'
    assert_refused(await http.post("/v1/kyc-links", content=raw, headers=JSON), 400, "UTF-8")
    assert (await http.get("/v1/kyc-links")).status_code == 200


# -- 2. nesting depth -----------------------------------------------------------------------


async def test_deep_nesting_is_refused_before_parsing(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """100,000 levels of [[[...]]] are a 400 naming the limit; before: RecursionError, 500."""
    _, http = sandbox_http
    for raw in (b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 100_000 + b"1" + b"}" * 100_000):
        response = await http.post("/v1/orders", content=raw, headers=JSON)
        assert_refused(response, 400, "nested too deeply", str(MAX_JSON_DEPTH))
    await assert_balances_are_ints(http)


async def test_nesting_up_to_the_limit_is_parsed(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """At the limit the body is parsed (and refused for its shape); one more level is too deep.

    Brackets inside strings are text, not nesting.
    """
    _, http = sandbox_http
    at_limit = b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH
    over = b"[" + at_limit + b"]"
    in_string = json.dumps({"email": "[" * 1000 + "@x.io"}).encode()
    shape = await http.post("/v1/kyc-links", content=at_limit, headers=JSON)
    assert_refused(shape, 400, "body must be an object")
    assert_refused(await http.post("/v1/kyc-links", content=over, headers=JSON), 400, "deeply")
    assert (await http.post("/v1/kyc-links", content=in_string, headers=JSON)).status_code == 201


@pytest.mark.integration
async def test_deep_nesting_over_loopback_keeps_the_connection_usable() -> None:
    """The same keep-alive connection answers the next request after a too-deep body.

    Before: the sandbox answered 500 and dropped the connection, so the client's next request on
    it failed with a read error. The local port of both answers shows that it is one connection.
    """
    sandbox = Sandbox(seed_payments=1)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    deep = b"[" * 100_000 + b"]" * 100_000
    ports: list[Any] = []

    def port(response: httpx.Response) -> Any:
        return response.extensions["network_stream"].get_extra_info("client_addr")

    with sandbox.serve() as base_url:
        async with httpx.AsyncClient(base_url=base_url + "/", headers=headers) as http:
            first = await http.get("balances")
            ports.append(port(first))
            refused = await http.post("orders", content=deep, headers=JSON)
            ports.append(port(refused))
            after = await http.get("balances")
            ports.append(port(after))
    assert first.status_code == 200
    assert_refused(refused, 400, "nested too deeply")
    assert after.status_code == 200
    assert ports[0] == ports[1] == ports[2]


# -- 3. methods and paths -------------------------------------------------------------------


@pytest.mark.parametrize("path", GET_PATHS)
async def test_head_answers_as_get_without_a_body(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient], path: str
) -> None:
    """HEAD on every GET route: the GET's status and Content-Length, no body; before: 500."""
    _, http = sandbox_http
    params = {"source_currency": "USD", "target_currency": "EUR"} if "fx-rate" in path else {}
    head = await http.head(path, params=params)
    get = await http.get(path, params=params)
    assert head.status_code == get.status_code < 500
    assert head.content == b""
    assert head.headers["content-length"] == str(len(get.content))


@pytest.mark.integration
async def test_head_over_loopback() -> None:
    """Over a real server too: 200, no body, and the connection still serves a GET."""
    sandbox = Sandbox(seed_payments=1)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    with sandbox.serve() as base_url:
        async with httpx.AsyncClient(base_url=base_url + "/", headers=headers) as http:
            head = await http.head("balances")
            get = await http.get("balances")
    assert (head.status_code, head.content, get.status_code) == (200, b"", 200)


async def test_an_id_of_a_slash_is_404_not_a_redirect(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """/v1/orders/%2F names an order whose id is "/": 404; before: a 307 to the order list."""
    _, http = sandbox_http
    for url in ("/v1/orders/%2F", "/v1/orders/", "/v1/kyc-links/%2F"):
        assert_refused(await http.get(url), 404)


async def test_head_on_a_path_without_get_is_405_with_allow(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """A path with no GET has no HEAD either: 405 listing what it does allow."""
    _, http = sandbox_http
    response = await http.head("/v2/beneficiaries")
    assert response.status_code == 405
    assert "POST" in response.headers["allow"]


# -- 4. money is an int end to end ----------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "raw", "field"),
    [
        (
            "/v1/balance_conversions",
            b'{"source_currency": "USD", "target_currency": "EUR", "source_amount": 1'
            + b"0" * 400
            + b"}",
            "source_amount",
        ),
        (
            "/v1/balance_conversions",
            b'{"source_currency": "USD", "target_currency": "EUR", "source_amount": 1000.5}',
            "source_amount",
        ),
        (
            "/v1/balance_conversions",
            b'{"source_currency": "USD", "target_currency": "EUR", "source_amount": 1e-3}',
            "source_amount",
        ),
        ("/v1/orders", b'{"amount": 1e300, "currency": "USD", "payment_methods": ["x"]}', "amount"),
        (
            "/v1/orders",
            b'{"amount": 1.555E2, "currency": "USD", "payment_methods": ["x"]}',
            "amount",
        ),
        (
            "/v1/orders",
            b'{"amount": 1e99999999999999999999, "currency": "USD", "payment_methods": ["x"]}',
            "amount",
        ),
        (
            "/v1/orders",
            b'{"amount": %d, "currency": "USD", "payment_methods": ["x"]}' % (MAX_INTEGER + 1),
            "amount",
        ),
        ("/_sandbox/payments", b'{"amount": 1' + b"0" * 300 + b"}", "amount"),
        ("/_sandbox/payments", b'{"amount": 1500.5}', "amount"),
    ],
)
async def test_a_number_that_is_not_a_bounded_integer_is_refused(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient], path: str, raw: bytes, field: str
) -> None:
    """Fractions, exponents and integers beyond 10^15 are 400s naming the field.

    Before: 10**400 overflowed a float in the fee (500), 1000.0 was accepted and turned the
    balances into floats, 1e300 was accepted as an order amount.
    """
    _, http = sandbox_http
    message = assert_refused(await http.post(path, content=raw, headers=JSON))
    assert message.startswith(field), message
    await assert_balances_are_ints(http)


@pytest.mark.parametrize("amount", [b"1000.0", b"1e3", b"1E3", b"10000e-1"])
async def test_a_whole_number_with_a_fraction_or_exponent_is_the_integer_it_spells(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient], amount: bytes
) -> None:
    """JSON Schema counts 1000.0 as an integer, as the bundle does: it converts 1000 (an int)."""
    _, http = sandbox_http
    raw = b'{"source_currency": "USD", "target_currency": "EUR", "source_amount": %s}' % amount
    response = await http.post("/v1/balance_conversions", content=raw, headers=JSON)
    assert response.status_code == 201, response.text
    assert response.json()["source_amount"] == 1000
    await assert_balances_are_ints(http)


async def test_the_largest_accepted_amount_is_answered_in_integers(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """10^15 is accepted; the conversion is refused for want of balance, not for arithmetic."""
    _, http = sandbox_http
    body = {"source_currency": "USD", "target_currency": "EUR", "source_amount": MAX_INTEGER}
    assert_refused(await http.post("/v1/balance_conversions", json=body), 400, "balance")
    order = {"amount": MAX_INTEGER, "currency": "USD", "payment_methods": ["card"]}
    created = await http.post("/v1/orders", json=order)
    assert created.status_code == 201 and created.json()["amount"] == MAX_INTEGER


async def test_conversion_arithmetic_is_integer_only(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """Amounts, fees and balances stay ints; the fee is the ceiling of 0.5% in integers."""
    sandbox, http = sandbox_http
    for body in (
        {"source_currency": "USD", "target_currency": "EUR", "source_amount": 99_999_999},
        {"source_currency": "EUR", "target_currency": "GBP", "target_amount": 12_345},
    ):
        response = await http.post("/v1/balance_conversions", json=body)
        assert response.status_code == 201, response.text
        record = response.json()
        for amount in (record["source_amount"], record["target_amount"], record["fx_fee"]):
            value = amount["amount"] if isinstance(amount, dict) else amount
            assert type(value) is int
    conversion = sandbox.store.conversions[0]
    gross = conversion["target_amount"] + conversion["fx_fee"]["amount"]
    assert conversion["fx_fee"]["amount"] == -(-gross * 50 // 10_000)
    assert all(type(amount) is int for amount in sandbox.store.balances.values())
    await assert_balances_are_ints(http)


def test_store_conversion_is_exact_beyond_float_precision() -> None:
    """The conversion rule alone (no request) is exact for any size: no float in the arithmetic.

    Before: the fee was ``math.ceil(gross * FEE_BPS / 10_000)``, a float division, which raised
    OverflowError for 10**400 and lost the fraction it should round up for 10**19 + 2.
    """
    sandbox = Sandbox(seed_payments=0)
    store = sandbox.store
    for amount in (10**19 + 2, 10**400, 2**60 + 1):
        store.balances["USD"] = amount
        record = convert(
            store, {"source_currency": "USD", "target_currency": "EUR", "source_amount": amount}
        )
        rate_ppm = store.fx.quote("USD", "EUR").rate_ppm
        gross = amount * rate_ppm // 1_000_000
        assert record["fx_fee"]["amount"] == -(-gross * 50 // 10_000)
        assert record["target_amount"] == gross - record["fx_fee"]["amount"]
    assert all(type(value) is int for value in store.balances.values())


def test_rates_are_drawn_in_integer_millionths() -> None:
    """Every drawn rate is an int number of millionths, including made-up levels."""
    from datetime import UTC, datetime, timedelta

    desk = FxDesk(lambda: datetime(2026, 1, 1, tzinfo=UTC), ttl=timedelta(minutes=5))
    for pair in (("USD", "EUR"), ("EUR", "JPY"), ("GBP", "XAU"), ("USD", "USD")):
        assert type(desk.quote(*pair).rate_ppm) is int


# -- 5. body bounds -------------------------------------------------------------------------


async def test_a_json_body_over_the_limit_is_refused(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """A valid JSON body of more than 1 MiB is a 400; before: accepted and stored."""
    _, http = sandbox_http
    big = json.dumps({"email": "a" * MAX_JSON_BYTES + "@x.io"}).encode()
    assert_refused(await http.post("/v1/kyc-links", content=big, headers=JSON), 400, "too large")
    assert (await http.get("/v1/kyc-links")).json()["data"] == []


async def test_a_streamed_body_without_a_length_is_counted(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """A chunked body (no Content-Length) is bounded by counting what arrives."""
    _, http = sandbox_http
    reads = 0

    async def chunks() -> AsyncIterator[bytes]:
        nonlocal reads
        yield b'{"email": "'
        for _ in range(64):  # 64 x 64 KiB = 4 MiB, more than the limit
            reads += 1
            yield b"a" * 65_536
        yield b'@x.io"}'

    response = await http.post("/v1/kyc-links", content=chunks(), headers=JSON)
    assert "content-length" not in response.request.headers
    assert_refused(response, 400, "too large")
    assert reads < 64  # refused once past the bound, not after reading everything


async def test_a_declared_length_over_the_limit_is_refused_unread(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """A Content-Length over the limit is refused before the body is read."""
    sandbox, _ = sandbox_http
    received = 0
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v1/kyc-links",
        "raw_path": b"/v1/kyc-links",
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"authorization", f"Bearer {sandbox.api_key}".encode()),
            (b"content-type", b"application/json"),
            (b"content-length", str(MAX_JSON_BYTES + 1).encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal received
        received += 1
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await sandbox.app(scope, receive, send)
    assert sent[0]["status"] == 400
    assert received == 0


async def test_uploads_have_a_larger_bound(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """A 2 MiB document is accepted; one over 10 MiB is refused."""
    _, http = sandbox_http
    ok = await http.post("/v1/document", files={"file": ("a.pdf", b"x" * (2 << 20))})
    assert ok.status_code == 201, ok.text
    huge = await http.post("/v1/document", files={"file": ("b.pdf", b"x" * MAX_MULTIPART_BYTES)})
    assert_refused(huge, 400, "too large")


# -- 6. other input-triggered failures are 4xx ----------------------------------------------


HOSTILE_REQUESTS: list[tuple[str, str, dict[str, Any], int, str]] = [
    # (method, url, httpx keyword arguments, status, a word of the message)
    ("POST", "/v1/kyc-links", {"content": b'{"email": "\xff"}', "headers": JSON}, 400, "UTF-8"),
    ("POST", "/v1/kyc-links", {"content": b'"just a string"', "headers": JSON}, 400, "object"),
    ("POST", "/v1/kyc-links", {"content": b"42", "headers": JSON}, 400, "object"),
    ("POST", "/v1/kyc-links", {"content": b"null", "headers": JSON}, 400, "object"),
    ("POST", "/v1/kyc-links", {"content": b"[]", "headers": JSON}, 400, "object"),
    ("POST", "/v1/kyc-links", {"content": b"", "headers": JSON}, 400, "JSON"),
    ("POST", "/v1/kyc-links", {"content": b"{} {}", "headers": JSON}, 400, "JSON"),
    ("POST", "/v1/kyc-links", {"content": b'{"a": NaN}', "headers": JSON}, 400, "NaN"),
    ("POST", "/v1/kyc-links", {"content": b'{"a": -Infinity}', "headers": JSON}, 400, "Infinity"),
    ("POST", "/v1/kyc-links", {"content": b"\xef\xbb\xbf{}", "headers": JSON}, 400, "JSON"),
    ("GET", "/v1/orders?" + "x" * (MAX_QUERY_BYTES + 1) + "=1", {}, 400, "query string"),
    ("GET", "/v1/orders?" + "&".join(["page=1"] * 1000), {}, 400, "page"),
    ("GET", "/v1/orders?page=1&page=2", {}, 400, "page"),
    ("GET", f"/v1/orders?page={10**30}", {}, 400, "page"),
    ("GET", "/v1/orders?page=" + "9" * 5000, {}, 400, "page"),
    ("GET", "/v1/orders?per_page=1.5", {}, 400, "per_page"),
    ("GET", "/v1/orders?per_page=%EF%BC%95", {}, 400, "per_page"),  # a full-width 5
    ("GET", "/v1/orders?per_page=1_0", {}, 400, "per_page"),
    ("GET", "/v1/orders?per_page=%201", {}, 400, "per_page"),
    # Instants whose UTC form leaves the calendar: compared as they are, never converted.
    ("GET", "/v1/orders?before=9999-12-31T23:59:59-01:00", {}, 200, ""),
    ("GET", "/v1/payments?after=9999-12-31T23:59:59-01:00", {}, 200, ""),
    ("GET", "/v1/orders?before=0001-01-01T00:00:00%2B01:00", {}, 200, ""),
    ("GET", "/v1/payments?after=0001-01-01T00:00:00%2B01:00", {}, 200, ""),
    ("GET", "/v1/rfis?search=%ED%A0%80", {}, 200, ""),  # decoded as U+FFFD: text, no match
    ("GET", "/v1/orders?" + "y" * 4000 + "=1", {}, 400, "is not a parameter"),
    ("POST", "/v1/kyc-links", {"content": b"{}", "headers": {"content-type": ""}}, 400, "JSON"),
    (
        "POST",
        "/v1/kyc-links",
        {"content": b"{}", "headers": {"content-type": "text/json"}},
        400,
        "",
    ),
    (
        "POST",
        "/v1/kyc-links",
        {"content": b"{}", "headers": {"content-type": "application/jsonx"}},
        400,
        "JSON",
    ),
    (
        "POST",
        "/v1/kyc-links",
        {"content": b"{}", "headers": {"content-type": "application/json; charset=latin-1"}},
        400,
        "UTF-8",
    ),
    (
        "POST",
        "/v1/kyc-links",
        {"content": b"{}", "headers": {"content-type": "APPLICATION/JSON; Charset=UTF-8"}},
        201,
        "",
    ),
    (
        "POST",
        "/v1/kyc-links",
        {"content": b"{}", "headers": {"content-type": "\x7f;;;=;"}},
        400,
        "JSON",
    ),
    (
        "POST",
        "/v1/document",
        {"content": b"--x\r\n\r\n", "headers": {"content-type": "multipart/form-data"}},
        400,
        "boundary",
    ),
    (
        "POST",
        "/v1/document",
        {"content": b"garbage", "headers": {"content-type": "multipart/form-data; boundary=zz"}},
        400,
        "",
    ),
    (
        "POST",
        "/v1/kyc-links",
        {"content": b"{}", "headers": {**JSON, "content-length": "x"}},
        400,
        "",
    ),
    ("GET", "/v1/orders/a%2Fb", {}, 404, ""),
    ("GET", "/v1/orders/..", {}, 404, ""),
    # An id its schema refuses is an invalid request: a 400 worded as the SDK words it.
    ("GET", "/v1/orders/%2E%2E", {}, 400, "id must be a single path segment"),
    ("GET", "/v1/orders/ord_%00", {}, 400, "ord_"),
    ("GET", "/v1/document/doc_%00", {}, 400, "document_id must be a document id"),
    ("GET", "/v1/orders/" + "o" * 60_000, {}, 400, "id must be a single path segment"),
    ("PATCH", "/v1/refunds/" + "r" * 60_000 + "/mock_update_status", {}, 400, "id must be"),
    # The fault controls: every malformed fault is a 400 naming the field; none is added.
    *[
        ("POST", "/_sandbox/faults", {"content": body, "headers": JSON}, 400, word)
        for body, word in [
            (b"[]", "object"),
            (b'"fail"', "object"),
            (b"{}", "kind"),
            (b'{"kind": "explode", "operation": "ping"}', "kind"),
            (b'{"kind": ["fail"], "operation": "ping"}', "kind"),
            (b'{"kind": "fail", "status": 503}', "operation is required"),
            (b'{"kind": "fail", "operation": "ping"}', "status is required"),
            (b'{"kind": "fail", "operation": "ping", "status": 200}', "status"),
            (b'{"kind": "fail", "operation": "ping", "status": 499}', "status"),
            (b'{"kind": "fail", "operation": "ping", "status": 503.5}', "status"),
            (b'{"kind": "fail", "operation": "ping", "status": null}', "status"),
            (b'{"kind": "fail", "operation": "ping", "status": 1' + b"0" * 300 + b"}", "status"),
            (b'{"kind": "fail", "operation": "ping", "status": 503, "times": 0}', "times"),
            (b'{"kind": "fail", "operation": "ping", "status": 503, "times": true}', "times"),
            (b'{"kind": "fail", "operation": "ping", "status": 503, "times": 1.5}', "times"),
            (b'{"kind": "fail", "operation": "ping", "status": 429, "retry_after": "2"}', "retry"),
            (b'{"kind": "fail", "operation": "ping", "status": 429, "retry_after": -1}', "retry"),
            (b'{"kind": "latency", "operation": "ping", "seconds": 1e999}', "seconds"),
            (b'{"kind": "latency", "operation": "ping", "seconds": 0}', "seconds"),
            (b'{"kind": "latency", "operation": "ping", "seconds": -0.5}', "seconds"),
            (b'{"kind": "latency", "operation": "ping", "seconds": 60.001}', "seconds"),
            (b'{"kind": "latency", "operation": "ping", "seconds": "1"}', "seconds"),
            (b'{"kind": "latency", "operation": "ping", "seconds": 1, "when": "x"}', "not a field"),
            (b'{"kind": "drop", "operation": "ping", "when": ["after"]}', "when"),
            (b'{"kind": "drop", "operation": "ping", "when": "during"}', "when"),
            (b'{"kind": "drop", "operation": "ping"}', "when is required"),
            (b'{"kind": "drop", "operation": "\\ud800", "when": "after"}', "operation"),
            (b'{"kind": "drop", "operation": 5, "when": "after"}', "operation"),
            (b'{"kind": "drop", "operation": "DELETE /v1/ping", "when": "after"}', "operation"),
            (b'{"kind": "drop", "operation": "ping", "when": "after", "\\udfff": 1}', "Unicode"),
            (b'{"kind": "drop", "operation": "ping", "when": "after"', "JSON"),
            (b'{"kind": "\xff"}', "UTF-8"),
            (b"[" * 65 + b"]" * 65, "nested"),
        ]
    ],
    ("POST", "/_sandbox/faults", {"content": b"x" * (MAX_JSON_BYTES + 1)}, 400, "too large"),
    ("PUT", "/_sandbox/faults", {}, 405, ""),
    ("PATCH", "/_sandbox/faults", {}, 405, ""),
    ("PUT", "/v1/orders", {}, 405, ""),
    ("TRACE", "/v1/balances", {}, 405, ""),
]


@pytest.mark.parametrize(
    ("method", "url", "kwargs", "status", "word"),
    HOSTILE_REQUESTS,
    ids=[f"{m} {u[:50]}" for m, u, *_ in HOSTILE_REQUESTS],
)
async def test_hostile_requests_are_answered_4xx(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient],
    method: str,
    url: str,
    kwargs: dict[str, Any],
    status: int,
    word: str,
) -> None:
    """Each is a 4xx in the bundle's error shape with a short message, and breaks nothing."""
    sandbox, http = sandbox_http
    response = await http.request(method, url, **kwargs)
    if status < 300:
        assert response.status_code == status, response.text[:300]
    else:
        assert_refused(response, status, word)
        assert sandbox.faults.pending() == []
    await assert_balances_are_ints(http)
    assert (await http.get("/v1/orders")).status_code == 200


# -- 7. messages name the field and never echo the input ------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "starts"),
    [
        ("/v1/kyc-links", {"customer_id": "x" * 5000}, "customer_id must match"),
        ("/v1/kyc-links", "y" * 5000, "body must be an object"),
        ("/v1/kyc-links", {"email": ["z" * 5000]}, "email must be a string"),
        (
            "/v1/orders",
            {"amount": "1" * 5000, "currency": "USD", "payment_methods": ["x"]},
            "amount",
        ),
        ("/v1/refunds", {"payment_id": "payt_" + "q" * 5000}, "payment_id"),
        ("/v1/orders", {"quote_id": "q", "w" * 5000: 1}, "'www"),
        ("/v2/beneficiaries", {"notes": {"k": "v" * 5000, "j": 1}}, "notes.j must be a string"),
        ("/_sandbox/faults", {"kind": "drop", "operation": "x" * 5000, "when": "after"}, "oper"),
        ("/_sandbox/faults", {"kind": "fail", "operation": "ping", "z" * 5000: 1}, "'zzz"),
    ],
)
async def test_messages_do_not_echo_the_request(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient], path: str, body: Any, starts: str
) -> None:
    """A message names the field and the problem; it quotes at most a short, escaped value."""
    _, http = sandbox_http
    message = assert_refused(await http.post(path, json=body))
    assert message.startswith(starts), message
    for letter in "xyzqwv1":
        assert letter * 50 not in message, message


# -- 8. patterns are ECMA-262 ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/orders", {"amount": 5, "currency": "USD\n", "payment_methods": ["x"]}, "currency"),
        ("/v1/refunds", {"payment_id": "payt_x\n"}, "payment_id"),
        ("/v1/kyc-links", {"customer_id": "cust_x\n"}, "customer_id"),
    ],
)
async def test_a_pattern_anchor_does_not_let_a_final_newline_through(
    sandbox_http: tuple[Sandbox, httpx.AsyncClient], path: str, body: Any, field: str
) -> None:
    r"""``^[A-Z]{3}$`` is ECMA-262: "USD\n" does not match it (Python's ``$`` would let it in).

    Before: the order was stored with currency "USD\n" and answered with it.
    """
    _, http = sandbox_http
    message = assert_refused(await http.post(path, json=body))
    assert message.startswith(f"{field} must match"), message
    assert (await http.get("/v1/orders")).json()["data"] == []
