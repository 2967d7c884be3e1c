"""Observers and OpenTelemetry: what a service sees of each call, and what it never sees."""

from __future__ import annotations

import asyncio
import gc
import logging
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import Histogram, MeterProvider
from opentelemetry.sdk.metrics.export import AggregationTemporality, InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from payments_sdk import (
    APITimeoutError,
    AsyncPaymentsClient,
    AttemptEvent,
    CallEvent,
    InvalidParameterError,
    Observer,
    RateLimitError,
    instant_retries,
)
from payments_sdk._operation_table import OPERATIONS
from tests.conftest import BASE_URL, TEST_KEY, MakeClient
from tests.support.clients import sdk
from tests.support.schema_values import answered
from tests.support.wire_server import ok, serve

RETRIEVE_BALANCES = next(
    e.operation_id for e in OPERATIONS if (e.resource, e.method) == ("balances", "retrieve")
)
"""The operationId of ``balances.retrieve``, which names its events and spans (from the bundle)."""

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

BALANCES = answered("balances.retrieve", {"data": [{"currency": "USD", "amount": 100}]})


class Recorder:
    """An observer that keeps every event."""

    def __init__(self) -> None:
        self.attempts: list[AttemptEvent] = []
        self.calls: list[CallEvent] = []

    def on_attempt(self, event: AttemptEvent) -> None:
        self.attempts.append(event)

    def on_call(self, event: CallEvent) -> None:
        self.calls.append(event)


def answers(*statuses: int) -> Any:
    """A handler giving these statuses in turn (a 2xx with a balances body)."""
    queue = list(statuses)

    def handler(request: httpx.Request) -> httpx.Response:
        status = queue.pop(0) if len(queue) > 1 else queue[0]
        if status < 300:
            return httpx.Response(status, json=BALANCES)
        return httpx.Response(status, json={"error": "x", "message": "y"})

    return handler


# -- observers ---------------------------------------------------------------------------------


async def test_an_observer_sees_every_attempt_and_the_call(make_client: MakeClient) -> None:
    """Retried twice, then answered: three attempt events and one call event, in order."""
    seen = Recorder()
    client, _ = make_client(answers(503, 503, 200), observers=[seen], opentelemetry=False)
    with instant_retries():
        await client.balances.retrieve()
    assert [(a.attempt, a.retries, a.status_code, a.error_type) for a in seen.attempts] == [
        (1, 0, 503, "503"),
        (2, 1, 503, "503"),
        (3, 2, 200, None),
    ]
    (call,) = seen.calls
    assert (call.operation_id, call.method, call.path_template) == (
        RETRIEVE_BALANCES,
        "GET",
        "/v1/balances",
    )
    assert (call.attempts, call.retries, call.status_code, call.error_type) == (3, 2, 200, None)
    assert call.server_address == "api.payments.test" and call.server_port == 443
    assert call.duration >= sum(a.duration for a in seen.attempts) > 0


async def test_events_name_the_template_never_the_ids_or_the_key(make_client: MakeClient) -> None:
    """A retrieve by id and a failing list: the events carry the template, no id, no key."""
    seen = Recorder()
    client, _ = make_client(answers(429), observers=[seen], opentelemetry=False)
    with instant_retries(), pytest.raises(RateLimitError):
        await client.refunds.retrieve("rfd_secret_customer_42")
    assert seen.calls[0].path_template == "/v1/refunds/{id}"
    assert seen.calls[0].error_type == "RateLimitError"
    text = repr(seen.attempts) + repr(seen.calls)
    assert "rfd_secret_customer_42" not in text and TEST_KEY[:20] not in text


async def test_a_failing_observer_never_breaks_a_call(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    """An observer that raises is logged once; the calls go on and return their results."""

    class Broken:
        def on_attempt(self, event: AttemptEvent) -> None:
            raise RuntimeError("observer bug")

        def on_call(self, event: CallEvent) -> None:
            raise KeyError("observer bug")

    later = Recorder()
    client, _ = make_client(answers(200), observers=[Broken(), later], opentelemetry=False)
    with caplog.at_level(logging.WARNING, logger="payments_sdk"):
        for _ in range(3):
            assert (await client.balances.retrieve()).data[0].amount == 100
    assert len([r for r in caplog.records if "observer Broken raised" in r.message]) == 1
    assert len(later.calls) == 3  # the observers after it still hear everything


async def test_every_failing_observer_is_logged_even_at_a_former_ones_address(wire: str) -> None:
    """Ten clients in turn, each with a new observer that raises: ten warnings, one each.

    "Once per observer" used to be kept by ``id()``: an observer made after a failing one was
    gone often got its address, and its failure was never logged (this made
    test_a_failing_observer_never_breaks_a_call[aiohttp] fail at random after the httpx run).
    The warnings are counted, not kept: a kept record's traceback would keep its observer.
    """
    warned = _Counter()
    sdk_logger = logging.getLogger("payments_sdk")
    sdk_logger.addHandler(warned)
    propagate, sdk_logger.propagate = sdk_logger.propagate, False
    try:
        with serve(ok) as server:
            for _ in range(10):
                broken = _broken_observer()
                async with sdk(server.url, wire, observers=[broken], opentelemetry=False) as c:
                    await c.balances.retrieve()
                    await c.balances.retrieve()
                del broken, c
                gc.collect()  # the next observer may now get the same address
    finally:
        sdk_logger.removeHandler(warned)
        sdk_logger.propagate = propagate
    assert warned.count == 10


class _Counter(logging.Handler):
    """Counts the "observer Broken raised" warnings, keeping no record."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += "observer Broken raised" in record.getMessage()


def _broken_observer() -> Observer:
    class Broken:
        def on_attempt(self, event: AttemptEvent) -> None:
            raise RuntimeError("observer bug")

        def on_call(self, event: CallEvent) -> None:
            raise RuntimeError("observer bug")

    return Broken()


def test_observers_are_checked_at_construction() -> None:
    """Something that is not an observer is refused up front, naming it."""
    with pytest.raises(InvalidParameterError) as raised:
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, observers=[object()])
    assert raised.value.field == "observers[0]"


async def test_a_client_without_observers_or_tracing_records_nothing() -> None:
    """No observer and tracing off: the sender has no instruments at all (nothing to pay)."""
    async with AsyncPaymentsClient(
        api_key=TEST_KEY, base_url=BASE_URL, opentelemetry=False
    ) as client:
        assert client._requestor._sender._instruments is None


async def test_a_quiet_client_asks_whether_to_record_at_most_once_a_second(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenTelemetry installed but no SDK configured, no observer: a burst of calls asks once.

    The first call asks whether an OpenTelemetry SDK is configured; the calls of the next
    second make no record and do not ask again (``Instruments.quiet_until``).
    """
    from payments_sdk import _instrument, _otel

    asked: list[float] = []
    monkeypatch.setattr(_instrument, "_otel_seen", False)  # another test may have installed one
    monkeypatch.setattr(_instrument, "_otel_asked", -_instrument._RECHECK)
    monkeypatch.setattr(_otel, "configured", lambda: bool(asked.append(time.monotonic())))
    starts: list[object] = []
    start = _instrument.Instruments.start

    def counted(self: Any, *args: Any) -> Any:
        starts.append(record := start(self, *args))
        return record

    monkeypatch.setattr(_instrument.Instruments, "start", counted)
    client, _ = make_client(answers(200), opentelemetry=True)
    began = time.monotonic()
    for _ in range(20):
        await client.balances.retrieve()
    seconds = time.monotonic() - began
    assert starts == [None] * len(starts)  # no record
    assert 1 <= len(starts) <= 1 + int(seconds // _instrument._RECHECK)
    assert len(asked) == len(starts)


# -- OpenTelemetry -----------------------------------------------------------------------------

_SPANS = InMemorySpanExporter()
# Delta: each collect() returns only what was recorded since the last, so a test sees its own.
_METRICS = InMemoryMetricReader(preferred_temporality={Histogram: AggregationTemporality.DELTA})


@pytest.fixture(scope="session")
def otel_providers() -> None:
    """Install an OpenTelemetry SDK with in-memory exporters, once per test session."""
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(_SPANS))
    trace.set_tracer_provider(provider)
    metrics.set_meter_provider(MeterProvider(metric_readers=[_METRICS]))
    # The SDK asks whether OpenTelemetry is configured at most once a second; make it ask now.
    from payments_sdk import _instrument

    _instrument._otel_asked = -_instrument._RECHECK


@pytest.fixture
def spans(otel_providers: None) -> Iterator[InMemorySpanExporter]:
    """The finished spans of this test."""
    _SPANS.clear()
    _METRICS.collect()  # drop what earlier tests recorded
    yield _SPANS


def _tree(finished: tuple[ReadableSpan, ...]) -> tuple[ReadableSpan, list[ReadableSpan]]:
    (call,) = [s for s in finished if s.parent is None]
    assert call.context is not None
    attempts = [s for s in finished if s.parent and s.parent.span_id == call.context.span_id]
    return call, sorted(attempts, key=lambda s: s.start_time or 0)


async def test_the_span_tree_of_a_call_retried_twice(
    make_client: MakeClient, spans: InMemorySpanExporter
) -> None:
    """One CLIENT span named after the operation, three attempt spans, two retry waits."""
    client, recorder = make_client(answers(503, 503, 200), opentelemetry=True)
    with instant_retries():
        await client.balances.retrieve()
    call, attempts = _tree(spans.get_finished_spans())
    assert call.name == RETRIEVE_BALANCES and call.kind is SpanKind.CLIENT
    assert dict(call.attributes or {}) == {
        "http.request.method": "GET",
        "url.template": "/v1/balances",
        "server.address": "api.payments.test",
        "server.port": 443,
        "http.response.status_code": 200,
        "http.request.resend_count": 2,
    }
    assert call.status.status_code is StatusCode.UNSET
    assert [s.name for s in attempts] == ["GET /v1/balances"] * 3
    assert [(s.attributes or {}).get("http.response.status_code") for s in attempts] == [
        503,
        503,
        200,
    ]
    assert [(s.attributes or {}).get("http.request.resend_count") for s in attempts] == [
        None,
        1,
        2,
    ]
    assert [(s.attributes or {}).get("error.type") for s in attempts] == ["503", "503", None]
    assert [e.name for e in call.events] == ["payments_sdk.retry_wait"] * 2
    # Every request carried its own attempt span's context.
    for request, attempt in zip(recorder.requests, attempts, strict=True):
        assert attempt.context is not None
        assert request.headers["traceparent"].split("-")[2] == f"{attempt.context.span_id:016x}"
    data = _METRICS.get_metrics_data()
    assert data is not None
    points = [
        point
        for resource in data.resource_metrics
        for scope in resource.scope_metrics
        for metric in scope.metrics
        if metric.name == "http.client.request.duration"
        for point in metric.data.data_points
    ]
    assert sum(point.count for point in points) == 3  # type: ignore[attr-defined]


async def test_a_call_sent_once_has_no_resend_count(
    make_client: MakeClient, spans: InMemorySpanExporter
) -> None:
    """The semantic conventions set http.request.resend_count only on a resend: never 0."""
    client, _ = make_client(answers(200), opentelemetry=True)
    await client.balances.retrieve()
    call, attempts = _tree(spans.get_finished_spans())
    assert len(attempts) == 1
    for span in (call, *attempts):
        assert "http.request.resend_count" not in (span.attributes or {})
        assert (span.attributes or {})["http.response.status_code"] == 200


async def test_a_failed_call_is_an_error_span_without_the_key(
    make_client: MakeClient, spans: InMemorySpanExporter
) -> None:
    """A call that ends in RateLimitError: ERROR status and error.type; no key, no id."""
    client, _ = make_client(answers(429), opentelemetry=True, max_retries=1)
    with instant_retries(), pytest.raises(RateLimitError):
        await client.refunds.retrieve("rfd_customer_42")
    call, attempts = _tree(spans.get_finished_spans())
    assert call.status.status_code is StatusCode.ERROR
    assert (call.attributes or {})["error.type"] == "RateLimitError"
    assert (call.attributes or {})["url.template"] == "/v1/refunds/{id}"
    assert len(attempts) == 2
    dumped = repr(
        [(s.name, s.attributes, [e.attributes for e in s.events]) for s in (call, *attempts)]
    )
    assert "rfd_customer_42" not in dumped and TEST_KEY[:20] not in dumped


async def test_timeout_and_cancellation_end_every_span(
    make_client: MakeClient, spans: InMemorySpanExporter
) -> None:
    """total_timeout and a cancelled task both leave no span open, each naming why."""

    async def slow(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(10)
        return httpx.Response(200, json=BALANCES)

    # 1 s leaves the attempt time to start on a loaded machine; the answer takes 10 s.
    client, recorder = make_client(slow, opentelemetry=True, total_timeout=1.0)
    with pytest.raises(APITimeoutError):
        await client.balances.retrieve()
    call, (attempt,) = _tree(spans.get_finished_spans())
    assert (call.attributes or {})["error.type"] == "APITimeoutError"
    assert (attempt.attributes or {})["error.type"] == "APITimeoutError"
    spans.clear()
    sent = len(recorder.requests)
    task = asyncio.ensure_future(client.with_options(total_timeout=None).balances.retrieve())
    for _ in range(2000):  # cancelled once its attempt has reached the service, however slow
        if len(recorder.requests) > sent:
            break
        await asyncio.sleep(0.005)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    call, (attempt,) = _tree(spans.get_finished_spans())
    assert (call.attributes or {})["error.type"] == "CancelledError"
    assert (attempt.attributes or {})["error.type"] == "CancelledError"


async def test_tracing_off_makes_no_span(
    make_client: MakeClient, spans: InMemorySpanExporter
) -> None:
    """opentelemetry=False: no span, no traceparent."""
    client, recorder = make_client(answers(200), opentelemetry=False)
    await client.balances.retrieve()
    assert spans.get_finished_spans() == ()
    assert "traceparent" not in recorder.last.headers


def test_without_the_extra_nothing_of_opentelemetry_is_imported() -> None:
    """With opentelemetry-api missing, a client calls and never imports it (or _otel)."""
    script = """
import asyncio, sys
sys.modules["opentelemetry"] = None  # as if the otel extra were not installed
import httpx
from payments_sdk import AsyncPaymentsClient

async def main():
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json={"data": []}))
    async with httpx.AsyncClient(transport=transport) as http:
        async with AsyncPaymentsClient(
            api_key="a.b.c", base_url="https://api.test/v1", http_client=http
        ) as client:
            await client.balances.retrieve()
            assert client._requestor._sender._instruments is None

asyncio.run(main())
loaded = [m for m in sys.modules if m.startswith("opentelemetry") and sys.modules[m]]
assert not loaded and "payments_sdk._otel" not in sys.modules, loaded
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_every_operation_names_itself_as_the_bundle_does(folded: dict[str, Any]) -> None:
    """Each generated OPERATION carries the bundle's operationId, method and path template."""
    import importlib
    import pkgutil

    import payments_sdk_generated.api as api

    declared = {
        operation["operationId"]: (method.upper(), path)
        for path, item in folded["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "operationId" in operation
    }
    found = {}
    for module in pkgutil.walk_packages(api.__path__, api.__name__ + "."):
        loaded = importlib.import_module(module.name)
        operation = getattr(loaded, "OPERATION", None)
        if operation is not None:
            found[operation.label.operation_id] = (operation.method, operation.path)
    assert found == declared
