"""Faults on demand: the Python API, what the SDK sees (in process and over loopback), and HTTP.

The SDK tests run twice: in process (``sandbox.client()``) and over a 127.0.0.1 socket, since a
fault must look the same to a client either way. Each checks the outcome a user would notice
(the exception, how many requests reached the sandbox, the state) and never a duration.
"""

from __future__ import annotations

import logging
import re
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from http import HTTPStatus
from typing import Any

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APITimeoutError,
    AsyncPaymentsClient,
    BadRequestError,
    InternalServerError,
    RateLimitError,
    instant_retries,
)
from payments_sdk._naming import sdk_name
from payments_sdk._operation_table import OPERATIONS
from payments_sdk.sandbox import Fault, Faults, Sandbox
from payments_sdk.sandbox._fault_layer import DROPPED

ID = {sdk_name(entry.resource, entry.method): entry.operation_id for entry in OPERATIONS}
"""Each operation's operationId by the SDK's name: what a fault and a count are keyed by.

The tests name operations as the SDK does (``refunds.create``), as users do, so that renaming an
``operationId`` in the bundle changes no line here.
"""

# -- the Python API ---------------------------------------------------------------------------


def test_an_operation_is_named_by_its_sdk_name_its_id_or_its_method_and_path() -> None:
    """SDK name, operationId, ``METHOD /path`` (any case of method), templated paths resolve."""
    faults = Faults()
    refund = ID["refunds.create"]
    for name in ("refunds.create", refund, "POST /v1/refunds", "post /v1/refunds"):
        assert faults.fail(name, status=503).operation == refund
    assert faults.drop("GET /v1/orders/{id}", when="before").operation == ID["orders.retrieve"]
    assert faults.latency("POST /v2/beneficiaries", 1).operation == ID["beneficiaries.create"]
    assert faults.latency("ping", 1).operation == ID["ping"]  # a method of the client
    with pytest.raises(ValueError, match="operationId") as raised:
        faults.fail("POST /v1/nothing" + "x" * 500, status=503)
    assert len(str(raised.value)) < 300  # the name is quoted short


@pytest.mark.parametrize("entry", OPERATIONS, ids=lambda e: sdk_name(e.resource, e.method))
def test_every_operation_is_named_by_its_sdk_name(entry: Any) -> None:
    """Each operation of the bundle resolves by the name its SDK method has."""
    name = sdk_name(entry.resource, entry.method)
    assert Faults().fail(name, status=503).operation == entry.operation_id


def test_a_wrong_name_is_refused_with_each_way_to_name_one_from_the_bundle() -> None:
    """The refusal shows one operation named each way, the closest one to what was given."""
    with pytest.raises(ValueError) as raised:
        Faults().fail("refunds.creat", status=503)
    message = str(raised.value)
    assert f"as the SDK does (refunds.create), by its operationId ({ID['refunds.create']})" in (
        message
    )
    assert "method and path (POST /v1/refunds); did you mean refunds.create or " in message
    with pytest.raises(ValueError) as raised:
        Faults().fail("???", status=503)  # nothing close: any operation of the bundle
    (sdk, operation_id, route) = re.findall(r"\(([^()]+)\)", str(raised.value))
    assert (sdk, operation_id) in ID.items()
    entry = next(e for e in OPERATIONS if e.operation_id == operation_id)
    assert route.endswith(entry.path) and route.startswith(entry.http_method)


@pytest.mark.parametrize(
    ("add", "words"),
    [
        (lambda f: f.fail("ping", status=200), "status"),
        (lambda f: f.fail("ping", status=600), "status"),
        (lambda f: f.fail("ping", status=499), "status"),  # not a status HTTP defines
        (lambda f: f.fail("ping", status=True), "status"),
        (lambda f: f.fail("ping", status=503, retry_after=-1), "retry_after"),
        (lambda f: f.fail("ping", status=503, retry_after=86_401), "retry_after"),
        (lambda f: f.fail("ping", status=503, times=0), "times"),
        (lambda f: f.fail("ping", status=503, times=10**7), "times"),
        (lambda f: f.latency("ping", 0), "seconds"),
        (lambda f: f.latency("ping", 60.5), "seconds"),
        (lambda f: f.latency("ping", float("nan")), "seconds"),
        (lambda f: f.drop("ping", when="during"), "when"),  # type: ignore[arg-type]
        (lambda f: f.drop(42, when="after"), "operation"),  # type: ignore[arg-type]
    ],
)
def test_arguments_out_of_range_are_refused(add: Any, words: str) -> None:
    """Every argument is checked when the fault is added, and nothing is added."""
    faults = Faults()
    with pytest.raises(ValueError, match=words):
        add(faults)
    assert faults.pending() == []


def test_faults_are_taken_oldest_first_and_counted() -> None:
    """A call takes one latency and one outcome of its operation; calls are counted."""
    faults = Faults()
    faults.fail("refunds.create", status=429, times=2, retry_after=1)
    faults.drop("refunds.create", when="after")
    faults.latency("refunds.create", 0.5, times=1)
    plans = [faults._take("POST", "/v1/refunds") for _ in range(4)]
    assert [(p.fail.status if p and p.fail else None) for p in plans] == [429, 429, None, None]
    assert [p.drop if p else None for p in plans] == [None, None, "after", None]
    assert [p.delay if p else 0 for p in plans] == [0.5, 0, 0, 0]
    assert faults._take("GET", "/v1/refunds/rfnd_1") is None  # another operation
    assert faults._take("GET", "/_sandbox/faults") is None  # not an operation: not counted
    assert faults.calls("refunds.create") == 4
    assert faults.call_counts() == {ID["refunds.create"]: 4, ID["refunds.retrieve"]: 1}
    assert faults.pending() == []
    faults.clear()
    assert faults.call_counts() == {}


def test_a_fault_for_every_call_stays_until_cleared() -> None:
    """``times=None`` affects every call; the listing shows its hits."""
    faults = Faults()
    faults.fail("ping", status=503, times=None)
    for _ in range(5):
        assert faults._take("HEAD", "/v1/ping") is not None  # HEAD is the GET
    (fault,) = faults.pending()
    assert (fault.remaining, fault.hits) == (None, 5)
    faults.clear()
    assert faults._take("GET", "/v1/ping") is None


def test_concurrent_calls_never_share_the_last_use_of_a_fault() -> None:
    """Eight threads race for a fault that affects 5 calls: exactly 5 calls are failed."""
    faults = Faults()
    faults.fail("balances.retrieve", status=503, times=5)
    start = threading.Barrier(8)
    taken: list[bool] = []

    def worker() -> None:
        start.wait(timeout=10)
        for _ in range(50):
            plan = faults._take("GET", "/v1/balances")
            taken.append(plan is not None)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sum(taken) == 5
    assert faults.calls("balances.retrieve") == 400


# -- what the SDK sees, in process and over loopback -------------------------------------------


@pytest.fixture(params=["in process", pytest.param("loopback", marks=pytest.mark.integration)])
async def setup(request: pytest.FixtureRequest) -> AsyncIterator[tuple[Sandbox, Any]]:
    """A sandbox with no seeded payments, and a function making SDK clients for it."""
    async with Sandbox(seed_payments=0) as sandbox:
        if request.param == "in process":
            yield sandbox, sandbox.client
            return
        with sandbox.serve() as base_url:
            made: list[AsyncPaymentsClient] = []

            def make(**options: Any) -> AsyncPaymentsClient:
                made.append(
                    AsyncPaymentsClient(api_key=sandbox.api_key, base_url=base_url, **options)
                )
                return made[-1]

            yield sandbox, make
            for client in made:
                await client.aclose()


async def test_a_429_with_retry_after_is_retried_and_succeeds(
    setup: tuple[Sandbox, Any],
) -> None:
    """A POST refused with 429 was not processed, so the SDK sends it again; one refund exists."""
    sandbox, make = setup
    payment = sandbox.simulate_payment(amount=500)
    sandbox.faults.fail("refunds.create", status=429, retry_after=2)
    with instant_retries():
        refund = await make().refunds.create(payment_id=payment["id"])
    assert sandbox.faults.calls("refunds.create") == 2
    assert [r["id"] for r in sandbox.store.refunds.values()] == [refund.id]


async def test_a_429_that_outlasts_the_retries_raises_rate_limit_error(
    setup: tuple[Sandbox, Any],
) -> None:
    """Three 429s with max_retries=2: RateLimitError, with the injected message."""
    sandbox, make = setup
    sandbox.faults.fail("balances.retrieve", status=429, times=3)
    with instant_retries(), pytest.raises(RateLimitError) as raised:
        await make(max_retries=2).balances.retrieve()
    assert "because a test asked" in str(raised.value)
    assert sandbox.faults.calls("balances.retrieve") == 3


@pytest.mark.parametrize("status", [500, 503])
async def test_a_5xx_is_retried_for_a_get_and_not_for_a_post(
    setup: tuple[Sandbox, Any], status: int
) -> None:
    """GET: retried past one failure. POST: a 5xx may have been processed, so it is not resent."""
    sandbox, make = setup
    client = make()
    sandbox.faults.fail("balances.retrieve", status=status)
    with instant_retries():
        assert (await client.balances.retrieve()).data
    assert sandbox.faults.calls("balances.retrieve") == 2

    payment = sandbox.simulate_payment(amount=500)
    sandbox.faults.fail("refunds.create", status=status)
    with instant_retries(), pytest.raises(InternalServerError) as raised:
        await client.refunds.create(payment_id=payment["id"])
    assert raised.value.status_code == status
    assert sandbox.faults.calls("refunds.create") == 1
    assert sandbox.store.refunds == {}  # a failure fault never reaches the handler


async def test_latency_beyond_the_timeout_raises_api_timeout_error(
    setup: tuple[Sandbox, Any],
) -> None:
    """A GET held past the timeout times out on every attempt; a POST times out but took effect."""
    sandbox, make = setup
    # Only the read is short: connecting and sending never time out on a busy machine.
    client = make(timeout=httpx.Timeout(10, read=0.2), max_retries=1)
    sandbox.faults.latency("balances.retrieve", 5)
    with instant_retries(), pytest.raises(APITimeoutError):
        await client.balances.retrieve()
    assert sandbox.faults.calls("balances.retrieve") == 2  # a GET is retried after a timeout

    payment = sandbox.simulate_payment(amount=500)
    sandbox.faults.latency("refunds.create", 5)
    with instant_retries(), pytest.raises(APITimeoutError):
        await client.refunds.create(payment_id=payment["id"])
    assert sandbox.faults.calls("refunds.create") == 1  # a POST that may have landed is not resent
    assert len(sandbox.store.refunds) == 1  # ... and it did land: latency holds only the answer


async def test_latency_within_the_timeout_answers(setup: tuple[Sandbox, Any]) -> None:
    """A short delay is just a slow answer."""
    sandbox, make = setup
    sandbox.faults.latency("ping", 0.01, times=1)
    await make().ping()
    assert sandbox.faults.pending() == []


async def test_a_post_dropped_after_processing_is_not_resent(setup: tuple[Sandbox, Any]) -> None:
    """The retry policy from outside: one request, APIConnectionError, and exactly one refund.

    The refund exists although the client never heard so; sending it again would be refused
    (a payment is refunded once), which shows the rules are unchanged by the fault.
    """
    sandbox, make = setup
    client = make(max_retries=3)
    payment = sandbox.simulate_payment(amount=500)
    sandbox.faults.drop("refunds.create", when="after")
    with instant_retries(), pytest.raises(APIConnectionError) as raised:
        await client.refunds.create(payment_id=payment["id"])
    assert not isinstance(raised.value, APITimeoutError)
    assert isinstance(raised.value.__cause__, httpx.RemoteProtocolError)
    assert sandbox.faults.calls("refunds.create") == 1
    refunds = [r for r in sandbox.store.refunds.values() if r["payment_id"] == payment["id"]]
    assert len(refunds) == 1
    with pytest.raises(BadRequestError, match="payment_id"):
        await client.refunds.create(payment_id=payment["id"])


async def test_a_post_dropped_before_processing_changes_nothing(
    setup: tuple[Sandbox, Any],
) -> None:
    """Dropped before the handler: no refund; the SDK cannot know that, so it does not resend."""
    sandbox, make = setup
    payment = sandbox.simulate_payment(amount=500)
    sandbox.faults.drop("refunds.create", when="before")
    with instant_retries(), pytest.raises(APIConnectionError):
        await make().refunds.create(payment_id=payment["id"])
    assert sandbox.faults.calls("refunds.create") == 1
    assert sandbox.store.refunds == {}


async def test_a_dropped_get_is_retried(setup: tuple[Sandbox, Any]) -> None:
    """A GET is safe to repeat: two drops, then the answer."""
    sandbox, make = setup
    sandbox.faults.drop("GET /v1/balances", when="after", times=2)
    with instant_retries():
        assert (await make(max_retries=2).balances.retrieve()).data
    assert sandbox.faults.calls("balances.retrieve") == 3


# -- dropping, as the wire shows it ------------------------------------------------------------


@pytest.fixture
def served() -> Iterator[tuple[Sandbox, str]]:
    """A sandbox on 127.0.0.1, with uvicorn's error log watched."""
    sandbox = Sandbox(seed_payments=1)
    with sandbox.serve() as base_url:
        yield sandbox, base_url


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.mark.integration
@pytest.mark.parametrize("when", ["before", "after"])
def test_over_a_socket_a_drop_closes_the_connection_with_no_bytes(
    served: tuple[Sandbox, str], when: str
) -> None:
    """The raw socket reads end-of-stream (not a reset, not a 500), and uvicorn logs no error."""
    sandbox, base_url = served
    port = int(base_url.rsplit(":", 1)[1].split("/")[0])
    sandbox.faults.drop("balances.retrieve", when=when)  # type: ignore[arg-type]
    errors = _Errors()
    logging.getLogger("uvicorn.error").addHandler(errors)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(
                b"GET /v1/balances HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Authorization: Bearer " + sandbox.api_key.encode() + b"\r\n\r\n"
            )
            assert sock.recv(65536) == b""
        # The next connection is served as usual.
        response = httpx.get(
            f"{base_url}/balances", headers={"Authorization": f"Bearer {sandbox.api_key}"}
        )
        assert response.status_code == 200
    finally:
        logging.getLogger("uvicorn.error").removeHandler(errors)
    assert errors.records == []


@pytest.mark.integration
async def test_over_a_socket_httpx_reports_a_remote_protocol_error(
    served: tuple[Sandbox, str],
) -> None:
    """What httpx says about the drop is what the in-process transport says."""
    sandbox, base_url = served
    sandbox.faults.drop("refunds.create", when="before")
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    async with httpx.AsyncClient(headers=headers) as http:
        with pytest.raises(httpx.RemoteProtocolError, match=DROPPED):
            await http.post(f"{base_url}/refunds", json={"payment_id": "payt_x"})


async def test_in_process_a_plain_asgi_transport_sees_the_same_error() -> None:
    """Even through httpx.ASGITransport itself, a drop is a RemoteProtocolError, not a 500."""
    sandbox = Sandbox(seed_payments=0)
    sandbox.faults.drop("ping", when="before")
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        with pytest.raises(httpx.RemoteProtocolError, match=DROPPED):
            await http.get("/v1/ping", headers={"Authorization": f"Bearer {sandbox.api_key}"})


# -- the HTTP controls ---------------------------------------------------------------------------


@pytest.fixture
async def http() -> AsyncIterator[tuple[Sandbox, httpx.AsyncClient]]:
    """A sandbox and an authenticated in-process HTTP client for it."""
    sandbox = Sandbox(seed_payments=1)
    transport = httpx.ASGITransport(app=sandbox.app, raise_app_exceptions=False)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as client:
        yield sandbox, client


async def test_faults_are_added_listed_and_cleared_over_http(
    http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """POST answers 201 with the fault, GET lists faults and calls, DELETE clears both."""
    sandbox, client = http
    added = await client.post(
        "/_sandbox/faults",
        json={"operation": "GET /v1/balances", "kind": "fail", "status": 503, "retry_after": 7},
    )
    assert added.status_code == 201, added.text
    assert added.json() == {
        "id": "fault_1",
        "operation": ID["balances.retrieve"],
        "kind": "fail",
        "remaining": 1,
        "hits": 0,
        "status": 503,
        "retry_after": 7,
        "seconds": None,
        "when": None,
    }
    latency = {"operation": "ping", "kind": "latency", "seconds": 0.25}
    assert (await client.post("/_sandbox/faults", json=latency)).json()["remaining"] is None
    drop = {"operation": "refunds.create", "kind": "drop", "when": "after", "times": 3}
    assert (await client.post("/_sandbox/faults", json=drop)).json()["remaining"] == 3

    failed = await client.get("/v1/balances")
    assert failed.status_code == 503
    assert failed.headers["retry-after"] == "7"
    assert failed.json()["error"] == HTTPStatus(503).phrase

    listed = (await client.get("/_sandbox/faults")).json()
    assert [f["operation"] for f in listed["data"]] == [ID["ping"], ID["refunds.create"]]
    assert listed["calls"] == {ID["balances.retrieve"]: 1}
    assert [Fault(**f) for f in listed["data"]] == sandbox.faults.pending()

    assert (await client.delete("/_sandbox/faults")).status_code == 204
    assert (await client.get("/_sandbox/faults")).json() == {"data": [], "calls": {}}
    assert (await client.get("/v1/balances")).status_code == 200


@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
@pytest.mark.parametrize("key", ["none", "malformed", "another sandbox's"])
async def test_the_controls_need_this_sandboxs_key(method: str, key: str) -> None:
    """Like /_sandbox/payments: no key, a bad key or another sandbox's key is a 401."""
    sandbox = Sandbox(seed_payments=0)
    sandbox.faults.fail("ping", status=503)
    headers = {
        "none": {},
        "malformed": {"Authorization": "Bearer a.b.c"},
        "another sandbox's": {"Authorization": f"Bearer {Sandbox(seed_payments=0).api_key}"},
    }[key]
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        response = await client.request(
            method,
            "/_sandbox/faults",
            json={"operation": "ping", "kind": "drop", "when": "before"},
            headers=headers,
        )
    assert response.status_code == 401, response.text
    assert set(response.json()) == {"error", "message"}
    assert [f.kind for f in sandbox.faults.pending()] == ["fail"]  # neither added nor cleared


async def test_faults_leave_the_bundle_and_the_rules_alone(
    http: tuple[Sandbox, httpx.AsyncClient],
) -> None:
    """The served bundle is the same with faults pending; cleared faults leave no trace."""
    sandbox, client = http
    before = (await client.get("/_sandbox/openapi.json")).json()
    for operation in ("refunds.create", "balances.retrieve", "ping"):
        sandbox.faults.latency(operation, 0.01, times=1)
        sandbox.faults.drop(operation, when="after", times=2)
    assert (await client.get("/_sandbox/openapi.json")).json() == before
    sandbox.faults.fail("refunds.create", status=503, times=None)
    sandbox.faults.clear()
    refused = await client.post("/v1/refunds", json={"payment_id": "not an id"})
    assert refused.status_code == 400 and "payment_id" in refused.json()["message"]
