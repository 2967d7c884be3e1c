"""Exceptions never carry the key, and every SDK exception survives copy, deepcopy and pickle.

Every error path of the call layer is triggered here with a distinctive key
(``tests/support/keyscan.py``) that the service echoes back every way a careless or hostile
server can: in the ``error`` field, in any field, as a dict key, in a text or HTML body
(straddling the 500-character cut of the message), in a header, in a 2xx body that does not
match, in the transport's own error message, and through a redirect. Each raised exception is
then grepped, rendered and pickled.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AsyncPaymentsClient,
    ClientClosedError,
    CurrencyMismatchError,
    InvalidParameterError,
    PaymentsError,
    instant_retries,
)
from payments_sdk import errors as errors_module
from tests.support.keyscan import KEY, chain, key_leaks, leaked_fragment

BASE_URL = "https://api.payments.test/v1"
BEARER = f"Bearer {KEY}"
Handler = Callable[[httpx.Request], httpx.Response]


@pytest.fixture
async def client_for() -> AsyncIterator[Callable[..., AsyncPaymentsClient]]:
    """Clients with the distinctive key whose requests go to a handler; closed after the test."""
    pools: list[httpx.AsyncClient] = []

    def build(handler: Handler, **pool_options: Any) -> AsyncPaymentsClient:
        pool = httpx.AsyncClient(transport=httpx.MockTransport(handler), **pool_options)
        pools.append(pool)
        return AsyncPaymentsClient(api_key=KEY, base_url=BASE_URL, http_client=pool)

    yield build
    for pool in pools:
        await pool.aclose()


def _echo(status: int, body: Callable[[str], Any], **headers: str) -> Handler:
    """Answer ``status`` with a JSON body built from the request's Authorization header."""

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, json=body(request.headers["authorization"]), headers=headers)

    return answer


def _text(status: int, text: Callable[[str], str], content_type: str) -> Handler:
    def answer(request: httpx.Request) -> httpx.Response:
        body = text(request.headers["authorization"])
        return httpx.Response(status, text=body, headers={"content-type": content_type})

    return answer


def _fail(error: type[httpx.TransportError]) -> Handler:
    def answer(request: httpx.Request) -> httpx.Response:
        raise error(f"the peer said: {request.headers['authorization']}", request=request)

    return answer


def _redirect_then_echo(request: httpx.Request) -> httpx.Response:
    if request.url.path == "/v1/ping":
        return httpx.Response(307, headers={"location": "/v1/ping-again"})
    return httpx.Response(401, json={"error": "Unauthorized", "message": "expired"})


Call = Callable[[AsyncPaymentsClient], Awaitable[Any]]
PING: Call = lambda c: c.ping()  # noqa: E731
REFUND: Call = lambda c: c.refunds.retrieve("rfnd_1")  # noqa: E731

# (id, handler, call, pool options, the exception expected)
ERROR_PATHS: list[tuple[str, Handler, Call, dict[str, Any], type[PaymentsError]]] = [
    (
        "401 error field",
        _echo(401, lambda a: {"error": a, "message": "no"}),
        PING,
        {},
        APIStatusError,
    ),
    (
        "401 message",
        _echo(401, lambda a: {"error": "E", "message": f"bad {a}"}),
        PING,
        {},
        APIStatusError,
    ),
    (
        "403 nested fields and keys",
        _echo(403, lambda a: {"detail": {"seen": [a, {a: a[7:]}]}, a: 1}),
        PING,
        {},
        APIStatusError,
    ),
    (
        "400 prefix echo",
        _echo(400, lambda a: {"error": f"token {a[7:40]}..."}),
        PING,
        {},
        APIStatusError,
    ),
    (
        "400 text straddling the cut",
        _text(400, lambda a: "x" * 470 + a + " y", "text/plain"),
        PING,
        {},
        APIStatusError,
    ),
    (
        "400 text cut inside the key",
        _text(400, lambda a: "x" * (500 - 30) + a, "text/plain; charset=utf-8"),
        PING,
        {},
        APIStatusError,
    ),
    (
        "401 html",
        _text(401, lambda a: f"<html><p>{a}</p></html>", "text/html"),
        PING,
        {},
        APIStatusError,
    ),
    ("401 json array", _echo(401, lambda a: [a, a]), PING, {}, APIStatusError),
    (
        "401 header echo",
        _echo(
            401, lambda a: {}, **{"www-authenticate": f'Bearer error="invalid_token" token="{KEY}"'}
        ),
        PING,
        {},
        APIStatusError,
    ),
    ("503 after retries", _echo(503, lambda a: {"message": a}), PING, {}, APIStatusError),
    ("connect error", _fail(httpx.ConnectError), PING, {}, APIConnectionError),
    ("read timeout", _fail(httpx.ReadTimeout), PING, {}, APITimeoutError),
    ("protocol error", _fail(httpx.RemoteProtocolError), PING, {}, APIConnectionError),
    (
        "2xx mismatch",
        _echo(200, lambda a: {"id": a, "status": 7}),
        REFUND,
        {},
        APIResponseValidationError,
    ),
    (
        "2xx wrong timestamp",
        _echo(200, lambda a: {"id": "r", "status": "x", "created_at": a}),
        REFUND,
        {},
        APIResponseValidationError,
    ),
    (
        "2xx not JSON through request()",
        _text(200, lambda a: "{not json " + a, "application/json"),
        lambda c: c.request("GET", "/customers"),
        {},
        APIResponseValidationError,
    ),
    (
        "2xx mismatch with an undeclared field",
        _echo(200, lambda a: {"id": "r", "status": [a], "extra": a}),
        REFUND,
        {},
        APIResponseValidationError,
    ),
    ("redirect then 401", _redirect_then_echo, PING, {"follow_redirects": True}, APIStatusError),
]


@pytest.mark.parametrize(
    ("handler", "call", "pool_options", "expected"),
    [case[1:] for case in ERROR_PATHS],
    ids=[case[0] for case in ERROR_PATHS],
)
async def test_no_error_path_carries_the_key(
    handler: Handler,
    call: Call,
    pool_options: dict[str, Any],
    expected: type[PaymentsError],
    client_for: Callable[..., AsyncPaymentsClient],
) -> None:
    """str, repr, traceback, the whole chain, the held response and the pickle are key-free."""
    client = client_for(handler, **pool_options)
    with instant_retries(), pytest.raises(expected) as raised:
        await call(client)
    assert key_leaks(raised.value) == []


async def test_the_echoed_error_field_is_redacted_not_dropped(
    client_for: Callable[..., AsyncPaymentsClient],
) -> None:
    """The status error still says what the service said, with the key replaced by ***."""
    client = client_for(_echo(401, lambda a: {"error": f"bad header {a}", "message": a}))
    with pytest.raises(APIStatusError) as raised:
        await client.ping()
    error = raised.value
    assert error.error == "bad header Bearer ***"
    assert error.message == "Bearer ***"
    assert error.body == {"error": "bad header Bearer ***", "message": "Bearer ***"}
    assert str(error) == "401 bad header Bearer ***: Bearer ***"
    assert error.response.json() == error.body
    assert error.response.request.headers["authorization"] == "Bearer ***"


async def test_a_long_text_body_is_redacted_before_it_is_cut(
    client_for: Callable[..., AsyncPaymentsClient],
) -> None:
    """The key straddles the 500-character cut: no part of it survives in the message."""
    for lead in range(500 - len(BEARER) + 1, 500, 9):  # the cut falls inside the key
        client = client_for(_text(400, lambda a, n=lead: "x" * n + a, "text/plain"))
        with pytest.raises(APIStatusError) as raised:
            await client.ping()
        message = raised.value.message
        assert message is not None and len(message) <= 500
        assert leaked_fragment(message) is None, lead
        assert leaked_fragment(str(raised.value.body)) is None


async def test_the_transport_error_kept_as_cause_is_redacted(
    client_for: Callable[..., AsyncPaymentsClient],
) -> None:
    """The httpx error stays the cause (for the traceback), with the key out of its message."""
    client = client_for(_fail(httpx.ConnectError))
    with instant_retries(), pytest.raises(APIConnectionError) as raised:
        await client.ping()
    cause = raised.value.__cause__
    assert isinstance(cause, httpx.ConnectError)
    assert str(cause) == "the peer said: Bearer ***"
    assert all(leaked_fragment(repr(link)) is None for link in chain(raised.value))


async def test_a_redirect_is_not_followed_even_by_a_pool_that_follows_them(
    client_for: Callable[..., AsyncPaymentsClient],
) -> None:
    """With follow_redirects=True on your pool, a 307 is still an APIStatusError, key masked."""
    sent: list[httpx.Request] = []

    def redirect(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        if request.url.path == "/v1/balances":
            return httpx.Response(307, headers={"location": "/v1/balances-here"})
        return httpx.Response(200, json={"data": []})

    client = client_for(redirect, follow_redirects=True)
    with pytest.raises(APIStatusError) as raised:
        await client.with_raw_response.balances.retrieve()
    assert raised.value.status_code == 307 and len(sent) == 1
    assert raised.value.response.request.headers["authorization"] == "Bearer ***"
    assert not key_leaks(raised.value)


# -- copy and pickle -------------------------------------------------------------------------


def _request() -> httpx.Request:
    """A request as the wire saw it: with the key (as a caller-built exception might hold it)."""
    return httpx.Request(
        "POST", f"{BASE_URL}/refunds", headers={"Authorization": BEARER}, content=b'{"a":1}'
    )


def _response(status: int, body: bytes = b'{"error":"E","message":"m"}') -> httpx.Response:
    return httpx.Response(
        status,
        content=body,
        headers={"content-type": "application/json", "x-request-id": "req_1"},
        request=_request(),
    )


def _status_error(cls: type[APIStatusError], status: int) -> APIStatusError:
    return cls(
        status_code=status,
        error="E",
        message="m",
        body={"error": "E", "message": "m"},
        response=_response(status),
    )


def _instances() -> list[PaymentsError]:
    """One instance of every exception class of payments_sdk.errors."""
    made: list[PaymentsError] = [
        PaymentsError("base"),
        InvalidParameterError("before", "must be timezone-aware"),
        CurrencyMismatchError("amount", "is EUR money but currency is USD"),
        ClientClosedError("the client is closed; create a new one"),
        APIConnectionError("connection failed: refused", request=_request()),
        APITimeoutError("request timed out after 2 retries", request=_request()),
        APIResponseValidationError(
            "$.id: expected str, got int", response=_response(200, b'{"id":1}'), body={"id": 1}
        ),
        APIResponseValidationError("$.page_meta.next: does not advance"),
        errors_module.WebhookPayloadValidationError("$.amount: expected int", kind="refundDone"),
    ]
    statuses = {"APIStatusError": 418, "InternalServerError": 503}
    for name in errors_module.__all__:
        cls = getattr(errors_module, name)
        if isinstance(cls, type) and issubclass(cls, APIStatusError):
            status = statuses.get(name) or next(
                code for code, known in errors_module._BY_STATUS.items() if known is cls
            )
            made.append(_status_error(cls, status))
    return made


FIELDS = ("args", "field", "problem", "status_code", "error", "message", "body", "kind")


def _fields(error: BaseException) -> dict[str, Any]:
    return {name: getattr(error, name) for name in FIELDS if hasattr(error, name)}


def test_every_exception_class_is_exercised() -> None:
    """When errors.py grows a class, _instances() must make one."""
    exercised = {type(error) for error in _instances()}
    declared = {
        cls
        for cls in vars(errors_module).values()
        if isinstance(cls, type) and issubclass(cls, PaymentsError)
    }
    assert declared == exercised


@pytest.mark.parametrize(
    "duplicate",
    [copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))],
    ids=["copy", "deepcopy", "pickle"],
)
@pytest.mark.parametrize("error", _instances(), ids=lambda e: type(e).__name__)
def test_exceptions_copy_and_pickle_with_their_fields(
    error: PaymentsError, duplicate: Callable[[PaymentsError], PaymentsError]
) -> None:
    """Class, message and fields survive; the request and response come back detached."""
    twin = duplicate(error)
    assert type(twin) is type(error)
    assert str(twin) == str(error) and repr(twin) == repr(error)
    assert _fields(twin) == _fields(error)
    response = getattr(error, "response", None)
    if response is not None:
        assert twin.response.status_code == response.status_code  # type: ignore[attr-defined]
        assert twin.response.content == response.content  # type: ignore[attr-defined]
        assert twin.response.headers["x-request-id"] == "req_1"  # type: ignore[attr-defined]
        assert twin.response.request.url == response.request.url  # type: ignore[attr-defined]
    if isinstance(error, APIStatusError):
        assert twin.headers["x-request-id"] == "req_1"  # type: ignore[attr-defined]
    request = getattr(error, "request", None)
    if request is not None:
        assert twin.request.method == request.method  # type: ignore[attr-defined]
        assert twin.request.url == request.url  # type: ignore[attr-defined]


@pytest.mark.parametrize("error", _instances(), ids=lambda e: type(e).__name__)
def test_a_pickled_exception_holds_no_credential(error: PaymentsError) -> None:
    """Even an exception built around a request that still has the key pickles without it."""
    dumped = pickle.dumps(error)
    assert leaked_fragment(dumped) is None
    loaded = pickle.loads(dumped)
    for held in (getattr(loaded, "request", None), getattr(loaded, "response", None)):
        if isinstance(held, httpx.Response):
            held = held.request
        if held is not None:
            assert held.headers["authorization"] == "Bearer ***"
