"""What watches a client's calls: its observers and, when enabled, OpenTelemetry.

The sender asks :class:`Instruments` for a :class:`CallRecord` per call, and tells the record
when each attempt starts and ends and when the call ends; the record makes the events
(``_observe.py``) and the spans (``_otel.py``). A client with no observer and no
OpenTelemetry has no ``Instruments`` at all, so its calls make no record.
"""

from __future__ import annotations

import importlib.util
import time
from typing import TYPE_CHECKING

from ._observe import AttemptEvent, CallEvent, Observer, notify

if TYPE_CHECKING:
    from payments_sdk_generated.types import OperationLabel

    from ._otel import OtelCall

__all__ = ["CallRecord", "Instruments", "otel_installed"]


def otel_installed() -> bool:
    """Whether ``opentelemetry-api`` can be imported (the ``otel`` extra), without importing it."""
    try:
        return importlib.util.find_spec("opentelemetry.trace") is not None
    except (ImportError, ValueError):
        return False


# Whether an OpenTelemetry SDK is configured: once it is, it stays so (a provider is set once
# per process); until then it is asked again at most once a second, so that a service that
# installed the extra but exports nothing pays a clock read per call (``make bench``).
_RECHECK = 1.0
_otel_seen = False
_otel_asked = -_RECHECK


def _otel_configured() -> bool:
    global _otel_seen, _otel_asked
    if _otel_seen:
        return True
    now = time.monotonic()
    if now - _otel_asked < _RECHECK:
        return False
    _otel_asked = now
    from ._otel import configured

    _otel_seen = configured()
    return _otel_seen


class Instruments:
    """A client's observers and its OpenTelemetry switch; makes one record per call."""

    __slots__ = ("host", "observers", "otel", "port", "quiet_until")

    def __init__(self, observers: tuple[Observer, ...], *, otel: bool, host: str, port: int):
        self.observers = observers
        self.otel = otel
        self.host = host
        self.port = port
        self.quiet_until = 0.0
        """Until this ``time.monotonic()``, nothing would hear of a call: no observer, and no
        OpenTelemetry SDK configured when last asked. The sender asks :meth:`start` only after
        it, so that a quiet call runs no code of this module."""

    def start(self, operation: OperationLabel | None, method: str) -> CallRecord | None:
        """Begin the record of one call; None when nothing would hear of it."""
        traced = self.otel and _otel_configured()
        if not traced and not self.observers:
            self.quiet_until = _otel_asked + _RECHECK  # when OpenTelemetry is asked again
            return None
        return CallRecord(self, operation, method, traced=traced)


class CallRecord:
    """One call as it happens: attempts, waits, the outcome."""

    __slots__ = (
        "_attempt_started",
        "_instruments",
        "_open",
        "_otel",
        "_started",
        "_wait",
        "attempts",
        "method",
        "operation_id",
        "status_code",
        "template",
    )

    def __init__(
        self,
        instruments: Instruments,
        operation: OperationLabel | None,
        method: str,
        *,
        traced: bool,
    ) -> None:
        self._instruments = instruments
        self.operation_id = operation.operation_id if operation is not None else "request"
        self.template = operation.template if operation is not None else None
        self.method = method
        self.attempts = 0
        self.status_code: int | None = None
        self._wait = 0.0
        self._open = False
        self._started = self._attempt_started = time.perf_counter()
        self._otel: OtelCall | None = None
        if traced:
            from ._otel import OtelCall

            self._otel = OtelCall(
                self.operation_id, method, self.template, instruments.host, instruments.port
            )

    def attempt_started(self, wait: float) -> dict[str, str] | None:
        """Start an attempt, after ``wait`` seconds; return headers to send with it, if any."""
        self.attempts += 1
        self._open = True
        self._wait = wait
        self._attempt_started = time.perf_counter()
        if self._otel is None:
            return None
        return self._otel.attempt_started(self.attempts, wait)

    def attempt_ended(self, status_code: int | None, error_type: str | None) -> None:
        """End the attempt: it got an answer (``status_code``) or failed (``error_type``)."""
        duration = time.perf_counter() - self._attempt_started
        self._open = False
        if status_code is not None:
            self.status_code = status_code
        if self._otel is not None:
            self._otel.attempt_ended(status_code, error_type, duration)
        instruments = self._instruments
        if instruments.observers:
            notify(
                instruments.observers,
                AttemptEvent(
                    operation_id=self.operation_id,
                    method=self.method,
                    path_template=self.template,
                    server_address=instruments.host,
                    server_port=instruments.port,
                    attempt=self.attempts,
                    retries=self.attempts - 1,
                    wait=self._wait,
                    duration=duration,
                    status_code=status_code,
                    error_type=error_type,
                ),
            )

    def ended(self, error_type: str | None) -> None:
        """End the call: it returned (``error_type`` None) or raised an exception of that class."""
        if self._open:  # cancelled, or out of total_timeout, during an attempt
            self.attempt_ended(None, error_type or "CancelledError")
        retries = max(0, self.attempts - 1)
        if self._otel is not None:
            self._otel.ended(self.status_code, error_type, retries)
        instruments = self._instruments
        if instruments.observers:
            notify(
                instruments.observers,
                CallEvent(
                    operation_id=self.operation_id,
                    method=self.method,
                    path_template=self.template,
                    server_address=instruments.host,
                    server_port=instruments.port,
                    attempts=self.attempts,
                    retries=retries,
                    duration=time.perf_counter() - self._started,
                    status_code=self.status_code,
                    error_type=error_type,
                ),
            )
