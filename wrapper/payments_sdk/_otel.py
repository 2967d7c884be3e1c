"""OpenTelemetry: a client span per call, a child span per attempt, traceparent, the metric.

Used when ``opentelemetry-api`` is installed (``pip install "payments-sdk[otel]"``) and the
client's ``opentelemetry`` option is not ``False``; imported on the client's first call, never
by ``import payments_sdk``. Follows the HTTP client semantic conventions:

- a span of kind CLIENT per call, named after the operationId (``createRefund``), with
  ``http.request.method``, ``url.template``, ``server.address``, ``server.port``,
  ``http.response.status_code``, ``http.request.resend_count`` and, on failure, ``error.type``
  and an ERROR status;
- a child span per attempt, named ``{method} {url.template}``, with the same attributes for that
  attempt; the wait before a retry is an event on the call span (``payments_sdk.retry_wait``);
- the W3C ``traceparent`` of the attempt's span in every request (the global propagator);
- the ``http.client.request.duration`` histogram (seconds), one value per attempt.

Attributes never carry ids, queries, bodies or the key. With no OpenTelemetry SDK configured
the spans are not recording, and the SDK skips everything but the (no-op) metric.
"""

from __future__ import annotations

import time

from opentelemetry import metrics, propagate, trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode

from ._version import __version__

__all__ = ["OtelCall", "configured"]

# Providers that record nothing: the defaults until an OpenTelemetry SDK is configured, and the
# explicit no-op ones. The metrics default has no public name; without it, assume configured.
_SILENT_TRACING: tuple[type, ...] = (trace.ProxyTracerProvider, trace.NoOpTracerProvider)
try:
    from opentelemetry.metrics._internal import _ProxyMeterProvider

    _SILENT_METRICS: tuple[type, ...] = (_ProxyMeterProvider, metrics.NoOpMeterProvider)
except ImportError:  # pragma: no cover - a future opentelemetry-api
    _SILENT_METRICS = (metrics.NoOpMeterProvider,)


def configured() -> bool:
    """Whether an OpenTelemetry SDK records traces or metrics (checked on every call).

    A service that installed the extra but configured no SDK pays for two type checks per
    call, not for spans nobody records (``make bench``).
    """
    return not isinstance(trace.get_tracer_provider(), _SILENT_TRACING) or not isinstance(
        metrics.get_meter_provider(), _SILENT_METRICS
    )


_tracer = trace.get_tracer("payments_sdk", __version__)
_meter = metrics.get_meter("payments_sdk", __version__)
_duration = _meter.create_histogram(
    "http.client.request.duration",
    unit="s",
    description="Duration of HTTP client requests.",
    explicit_bucket_boundaries_advisory=[
        0.005,
        0.01,
        0.025,
        0.05,
        0.075,
        0.1,
        0.25,
        0.5,
        0.75,
        1,
        2.5,
        5,
        7.5,
        10,
    ],
)


class OtelCall:
    """The spans of one call."""

    __slots__ = ("_attempt", "_attributes", "_name", "_span", "live")

    def __init__(
        self, operation_id: str, method: str, template: str | None, host: str, port: int
    ) -> None:
        attributes: dict[str, str | int] = {
            "http.request.method": method,
            "server.address": host,
            "server.port": port,
        }
        if template is not None:
            attributes["url.template"] = template
        self._attributes = attributes
        self._name = f"{method} {template}" if template is not None else method
        self._span: Span = _tracer.start_span(
            operation_id, kind=SpanKind.CLIENT, attributes=attributes
        )
        self._attempt: Span | None = None
        self.live = self._span.is_recording()

    def attempt_started(self, attempt: int, wait: float) -> dict[str, str] | None:
        """Start the attempt's span; return the headers that carry its context."""
        if not self.live:
            return None
        if attempt > 1:  # the wait before a retry (0 s under instant_retries)
            self._span.add_event(
                "payments_sdk.retry_wait",
                {"payments_sdk.retry.wait_seconds": wait, "payments_sdk.retry.attempt": attempt},
                timestamp=time.time_ns() - int(wait * 1e9),
            )
        attributes = dict(self._attributes)
        if attempt > 1:
            attributes["http.request.resend_count"] = attempt - 1
        self._attempt = _tracer.start_span(
            self._name,
            context=trace.set_span_in_context(self._span),
            kind=SpanKind.CLIENT,
            attributes=attributes,
        )
        carrier: dict[str, str] = {}
        propagate.inject(carrier, context=trace.set_span_in_context(self._attempt))
        return carrier

    def attempt_ended(self, status: int | None, error_type: str | None, duration: float) -> None:
        """End the attempt's span and record its duration."""
        attributes = dict(self._attributes)
        if status is not None:
            attributes["http.response.status_code"] = status
        if error_type is not None:
            attributes["error.type"] = error_type
        _duration.record(duration, attributes)
        span, self._attempt = self._attempt, None
        if span is not None:
            _finish(span, status, error_type)

    def ended(self, status: int | None, error_type: str | None, retries: int) -> None:
        """End the call's span."""
        if not self.live:
            return
        span = self._span
        if retries:
            span.set_attribute("http.request.resend_count", retries)
        _finish(span, status, error_type)


def _finish(span: Span, status: int | None, error_type: str | None) -> None:
    if status is not None:
        span.set_attribute("http.response.status_code", status)
    if error_type is not None:
        span.set_attribute("error.type", error_type)
        span.set_status(Status(StatusCode.ERROR))
    span.end()
