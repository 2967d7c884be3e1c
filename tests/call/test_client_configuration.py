"""Client configuration, local validation before any request, and secret safety."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    AsyncPaymentsClient,
    BadRequestError,
    ClientClosedError,
    InvalidParameterError,
    Money,
    instant_retries,
)
from tests.conftest import BASE_URL, TEST_KEY, MakeClient
from tests.support.schema_values import answered

PING = answered("ping", {})
"""What ``ping`` answers: its schema's required fields, whatever the bundle makes them."""


@pytest.mark.parametrize(
    ("key", "problem"),
    [
        (None, "required"),
        ("", "required"),
        (f"Bearer {TEST_KEY}", "Bearer"),
        (f" {TEST_KEY}", "whitespace"),
        (f"{TEST_KEY}\n", "whitespace"),
        ("sk_live_abcdef", "JWT-form"),
        ("a.b", "JWT-form"),
        ("a.b.c.d", "JWT-form"),
        ("a+b.c/d.e=", "JWT-form"),
    ],
)
def test_malformed_keys_fail_at_construction(
    key: str | None, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing, prefixed, spaced or non-JWT key fails clearly, without echoing the key."""
    monkeypatch.delenv("PAYMENTS_API_KEY", raising=False)
    with pytest.raises(InvalidParameterError, match=problem) as raised:
        AsyncPaymentsClient(api_key=key, base_url=BASE_URL)
    assert raised.value.field == "api_key"
    if key:
        assert key.strip() not in str(raised.value)


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        (None, "PAYMENTS_BASE_URL"),
        ("http://api.payments.test/v1", "https"),
        ("http://10.0.0.5/v1", "https"),
        ("ftp://api.payments.test/v1", "absolute"),
        ("api.payments.test/v1", "absolute"),
        ("https://api.payments.test", "/v1"),
        ("https://user:pw@api.payments.test/v1", "credentials"),
    ],
)
def test_bad_base_urls_are_refused(
    url: str | None, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No base URL, plain HTTP off loopback, or a URL without /v1 is refused."""
    monkeypatch.delenv("PAYMENTS_BASE_URL", raising=False)
    with pytest.raises(InvalidParameterError, match=problem):
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=url)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8080/v1",
        "http://127.9.9.9/v1",
        "http://[::1]:9000/v1",
        "http://localhost:4010/v1",
        "https://api.payments.test/v1/",
    ],
)
async def test_loopback_may_use_plain_http(url: str) -> None:
    """The sandbox on 127.0.0.0/8, ::1 or localhost is reachable over HTTP."""
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=url) as client:
        assert client.base_url == url.rstrip("/")
        assert client.root_url == url.rstrip("/").removesuffix("/v1")


async def test_environment_supplies_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """PAYMENTS_API_KEY and PAYMENTS_BASE_URL are used when no argument is given."""
    monkeypatch.setenv("PAYMENTS_API_KEY", TEST_KEY)
    monkeypatch.setenv("PAYMENTS_BASE_URL", "https://env.payments.test/v1")
    async with AsyncPaymentsClient() as client:
        assert client.root_url == "https://env.payments.test"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"timeout": 0}, "timeout"),
        ({"timeout": "5"}, "timeout"),
        ({"max_retries": -1}, "max_retries"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], field: str) -> None:
    """Timeouts and retry counts are checked at construction."""
    with pytest.raises(InvalidParameterError) as raised:
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, **options)
    assert raised.value.field == field


async def test_timeout_accepts_seconds_or_httpx_timeout() -> None:
    """A number sets every timeout (connect capped at 5 s); an httpx.Timeout is kept."""
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, timeout=12) as client:
        assert client.timeout.read == 12.0 and client.timeout.connect == 5.0
        custom = httpx.Timeout(1.0)
        assert client.with_options(timeout=custom).timeout is custom
    default = AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL)
    assert default.timeout.connect == 5.0 and default.max_retries == 2
    await default.aclose()


async def test_with_options_shares_the_pool_and_closing_a_copy_keeps_it(
    make_client: MakeClient,
) -> None:
    """A copy sends through the same pool; closing it does not close the original."""
    client, recorder = make_client(lambda r: httpx.Response(200, json=PING))
    copy = client.with_options(max_retries=0, default_headers={"X-Trace": "1"})
    assert copy._pool is client._pool
    await copy.ping()
    assert recorder.last.headers["x-trace"] == "1"
    await copy.aclose()
    await client.ping()
    assert not client.is_closed


async def test_with_options_merges_default_headers(make_client: MakeClient) -> None:
    """with_options(default_headers=) adds to the client's headers; a name given again wins."""
    client, recorder = make_client(
        lambda r: httpx.Response(200, json=PING), default_headers={"X-Team": "a", "X-Trace": "0"}
    )
    await client.with_options(default_headers={"x-trace": "1", "X-Job": "j"}).ping()
    sent = recorder.last.headers
    assert (sent["x-team"], sent["x-trace"], sent["x-job"]) == ("a", "1", "j")
    assert sent.get_list("x-trace") == ["1"]
    await client.ping()
    assert recorder.last.headers["x-trace"] == "0" and "x-job" not in recorder.last.headers


async def test_the_sdk_never_closes_a_callers_http_client() -> None:
    """An injected httpx.AsyncClient stays open after the SDK client closes."""
    http = httpx.AsyncClient(
        transport=httpx.MockTransport(lambda r: httpx.Response(200, json=PING))
    )
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=http):
        pass
    assert not http.is_closed
    await http.aclose()


async def test_a_callers_http_client_lends_its_headers_and_hooks_but_no_cookies() -> None:
    """Its default headers (ours win) and event hooks apply; the SDK's key wins; no cookies."""
    seen: list[httpx.Request] = []
    hooked: list[str] = []

    async def hook(request: httpx.Request) -> None:
        hooked.append(request.url.path)

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"data": []}, headers={"Set-Cookie": "session=abc"})

    http = httpx.AsyncClient(
        transport=httpx.MockTransport(answer),
        headers={"X-Proxy-Token": "p", "Accept": "text/html", "Authorization": "Bearer theirs"},
        event_hooks={"request": [hook]},
    )
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=http) as sdk:
        for _ in range(2):
            await sdk.balances.retrieve()
            request = seen[-1]
            assert request.headers["x-proxy-token"] == "p"
            assert request.headers["accept"] == "application/json"
            assert "cookie" not in request.headers
            assert hooked[-1] == "/v1/balances"
    assert len(seen) == 2
    await http.aclose()


async def test_each_request_has_its_own_headers_and_timeout(make_client: MakeClient) -> None:
    """Requests built from the shared defaults never share state: masking one masks no other."""
    client, recorder = make_client(lambda r: httpx.Response(200, json={"data": []}))
    await client.balances.retrieve()
    await client.request("POST", "/ping", json={"a": 1})
    first, second = recorder.requests
    assert first.headers["authorization"] == second.headers["authorization"] == f"Bearer {TEST_KEY}"
    assert second.headers["content-type"] == "application/json"
    assert "content-type" not in first.headers


async def test_own_pool_is_closed_with_the_client() -> None:
    """Without an injected client, aclose() closes the SDK's own pool."""
    client = AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL)
    await client.aclose()
    assert client.is_closed and client._pool.closed
    with pytest.raises(ClientClosedError):
        await client.balances.retrieve()


async def test_default_headers_cannot_replace_the_credential(make_client: MakeClient) -> None:
    """The Authorization header is always the client's key; another one is refused up front."""
    for name in ("Authorization", "authorization"):
        with pytest.raises(InvalidParameterError, match="set by the SDK") as raised:
            make_client(
                lambda r: httpx.Response(200, json=PING), default_headers={name: "Bearer x"}
            )
        assert raised.value.field == f"default_headers[{name!r}]"
    client, recorder = make_client(lambda r: httpx.Response(200, json=PING))
    await client.ping()
    assert recorder.last.headers["authorization"] == f"Bearer {TEST_KEY}"
    assert recorder.last.headers["user-agent"].startswith("payments-sdk/")


@pytest.mark.parametrize(
    "headers",
    [
        {"X-Trace": "a\r\nX-Injected: 1"},
        {"X-Trace": "a\nb"},
        {"X-Trace": "nul\x00"},
        {"X-Trace": "caf\u00e9"},
        {"X-Trace": 7},
        {"Bad Name": "x"},
        {"X-Bad\r\n": "x"},
        {"": "x"},
    ],
)
async def test_header_values_that_cannot_be_sent_fail_at_construction(
    headers: dict[str, Any], make_client: MakeClient
) -> None:
    """CR/LF, control or non-ASCII text in a header is refused when the client is built."""
    calls: list[httpx.Request] = []
    with pytest.raises(InvalidParameterError) as raised:
        make_client(lambda r: calls.append(r) or httpx.Response(200), default_headers=headers)
    assert raised.value.field.startswith("default_headers")
    assert calls == []
    client, _ = make_client(lambda r: httpx.Response(200, json=PING))
    with pytest.raises(InvalidParameterError):
        client.with_options(default_headers=headers)


CONVERSION = {"source_currency": "USD", "target_currency": "EUR"}


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda c: c.balance_conversions.create(**CONVERSION), "source_amount"),
        (
            lambda c: c.balance_conversions.create(**CONVERSION, source_amount=1, target_amount=1),
            "source_amount",
        ),
        (lambda c: c.balance_conversions.create(**CONVERSION, source_amount=0), "source_amount"),
        (lambda c: c.balance_conversions.create(**CONVERSION, target_amount=-5), "target_amount"),
        (lambda c: c.balance_conversions.create(**CONVERSION, source_amount=1.5), "source_amount"),
        (
            lambda c: c.balance_conversions.create(
                **CONVERSION, source_amount=Money.of("1", "EUR")
            ),
            "source_amount",
        ),
        (
            lambda c: c.balance_conversions.create(
                source_currency="JPY", target_currency="EUR", source_amount=1
            ),
            "source_currency",
        ),
        (
            lambda c: c.balance_conversions.create(
                source_currency="USD", target_currency="usd", source_amount=1
            ),
            "target_currency",
        ),
        (
            lambda c: c.balance_conversions.create(
                source_currency="USD", target_currency="USD", source_amount=1
            ),
            "target_currency",
        ),
        (
            lambda c: c.fx_rates.retrieve(source_currency="US", target_currency="EUR"),
            "source_currency",
        ),
        (
            lambda c: c.fx_rates.retrieve(source_currency="USD", target_currency=3),
            "target_currency",
        ),
        (
            lambda c: c.orders.create(amount=100, currency="usd", payment_methods=["card"]),
            "currency",
        ),
        (lambda c: c.orders.create(amount=0, currency="USD", payment_methods=["card"]), "amount"),
        (
            lambda c: c.orders.create(amount=100, currency="USD", payment_methods=[]),
            "payment_methods",
        ),
        (lambda c: c.orders.create(quote_id="q", amount=100), "amount"),
        (lambda c: c.orders.create(), "amount"),
        (lambda c: c.refunds.create(payment_id="ord_1"), "payment_id"),
        (lambda c: c.refunds.retrieve(""), "id"),
        (lambda c: c.kyc_links.create(customer_id="cust_1", email="a@b.c"), "email"),
        (lambda c: c.kyc_links.create(customer_id="user_1"), "customer_id"),
        # No shape chosen: the first field the first shape (a bank account) requires.
        (lambda c: c.bank_account_validations.create(), "country"),
        (lambda c: c.bank_account_validations.create(id="bene_1", country="DEU"), "country"),
        (lambda c: c.bank_account_validations.create(country="DEU"), "holder_name"),
        (lambda c: c.virtual_accounts.create(payment_type="", currency="EUR"), "payment_type"),
        (lambda c: c.virtual_accounts.close(payment_type="local", currency="eur"), "currency"),
        (lambda c: c.documents.upload(12), "file"),
        (
            lambda c: c.beneficiaries.create(
                beneficiary={"address": {"country_code": "gb"}}, bank_account={}
            ),
            "beneficiary.address.country_code",
        ),
        (
            lambda c: c.beneficiaries.create(beneficiary={}, bank_account={"currency": "pound"}),
            "bank_account.currency",
        ),
        (lambda c: c.orders.update_rfi("ord_1", documents=[]), "documents"),
        (
            lambda c: c.orders.update_rfi(
                "ord_1", documents=[{"id": "x", "rfi_doc_id": "rfidoc_1"}]
            ),
            "documents[0].id",
        ),
    ],
)
async def test_bad_input_fails_before_any_request(
    call: Any, field: str, make_client: MakeClient
) -> None:
    """Invalid arguments raise InvalidParameterError naming the field, and nothing is sent."""
    client, recorder = make_client(lambda r: httpx.Response(500))
    with pytest.raises(InvalidParameterError) as raised:
        await call(client)
    assert raised.value.field == field
    assert field in str(raised.value)
    assert recorder.requests == []


def test_rfi_status_filter_is_checked() -> None:
    """An unknown RFI status filter names status."""
    client = AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL)
    with pytest.raises(InvalidParameterError, match="action_required") as raised:
        client.rfis.list(status="pending")
    assert raised.value.field == "status"


# -- secret safety -----------------------------------------------------------------------------


async def test_the_key_never_appears_in_repr_logs_or_exceptions(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    """repr, str, debug logs and every exception path are free of the key."""
    answers = iter(
        [
            httpx.Response(503),
            httpx.Response(400, json={"error": "Bad Request", "message": f"bad token {TEST_KEY}"}),
        ]
    )

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/ping"):
            raise httpx.ConnectError(f"cannot connect with {request.headers['authorization']}")
        return next(answers)

    client, _ = make_client(handler)
    texts = [
        repr(client),
        str(client),
        repr(client._options.api_key),
        repr(client._options),
        repr(client.with_options()),
    ]
    with caplog.at_level(logging.DEBUG, logger="payments_sdk"), instant_retries():
        with pytest.raises(BadRequestError) as bad:
            await client.balances.retrieve()
        with pytest.raises(APIConnectionError) as down:
            await client.ping()
    texts += [str(bad.value), repr(bad.value), repr(bad.value.response.request.headers)]
    texts += [str(down.value), repr(down.value), caplog.text]
    assert "GET /v1/balances -> 503" in caplog.text and "retries=1" in caplog.text
    assert "***" in str(bad.value)
    for text in texts:
        assert TEST_KEY not in text
        assert TEST_KEY.split(".")[2] not in text


def test_payments_log_env_turns_on_debug_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """PAYMENTS_LOG=debug attaches one stderr handler at DEBUG."""
    from payments_sdk._logging import logger, setup_from_env

    monkeypatch.setattr(logger, "handlers", [])
    monkeypatch.setattr(logger, "level", logging.NOTSET)
    monkeypatch.setenv("PAYMENTS_LOG", "debug")
    setup_from_env()
    setup_from_env()
    assert len(logger.handlers) == 1 and logger.level == logging.DEBUG
