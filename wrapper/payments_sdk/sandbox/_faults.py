"""Faults on demand: what a test asks the sandbox to do wrong, and which call it happens to.

A fault targets one operation of the bundle and affects its next calls (``times``), or every
call until cleared (``times=None``):

- ``fail``: answer a status (429, 500, 503, ...) with an optional ``Retry-After``, without
  processing the request;
- ``latency``: process the request, then hold the answer for some seconds;
- ``drop``: close the connection without any answer, ``before`` processing the request or
  ``after`` it (the state has changed, but the client never hears so).

Each call takes at most one ``latency`` fault and at most one ``fail`` or ``drop`` fault of its
operation, oldest first, under one lock: two concurrent calls never share the last use of a
fault. Faults change nothing else: the operations, their validation and the service's rules
stay as the bundle describes them. The sandbox also counts the calls of every operation.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import Counter
from dataclasses import dataclass, replace
from http import HTTPStatus
from typing import Any, Literal, get_args

from ._errors import shown
from ._operation_index import OperationIndex, bundle_operations

__all__ = [
    "MAX_LATENCY",
    "MAX_PENDING",
    "MAX_RETRY_AFTER",
    "MAX_TIMES",
    "DropWhen",
    "Fault",
    "FaultKind",
    "FaultPlan",
    "Faults",
]

FaultKind = Literal["fail", "latency", "drop"]
"""What a fault does: answer a status, delay the answer, or drop the connection."""
DropWhen = Literal["before", "after"]
"""When a ``drop`` closes the connection: before the request is processed, or after."""

MAX_LATENCY = 60.0
"""Longest latency a fault may add, in seconds."""
MAX_RETRY_AFTER = 86_400
"""Largest ``Retry-After`` a failure may carry, in seconds (one day)."""
MAX_TIMES = 1_000_000
"""Most calls one fault may affect (``times=None`` affects every call instead)."""
MAX_PENDING = 1_000
"""Most faults that may wait at once; adding another is refused."""


@dataclass(frozen=True, slots=True)
class Fault:
    """A fault waiting in the sandbox, as it stood when it was added or listed.

    Attributes:
        id: Its id in this sandbox (``fault_1``, ``fault_2``, ...).
        operation: The ``operationId`` of the operation it affects.
        kind: ``fail``, ``latency`` or ``drop``.
        remaining: How many more calls it affects; ``None``: every call until cleared.
        hits: How many calls it has affected so far.
        status: The status a ``fail`` fault answers.
        retry_after: The ``Retry-After`` seconds a ``fail`` fault sends, if any.
        seconds: The delay a ``latency`` fault adds.
        when: When a ``drop`` fault closes the connection: ``before`` or ``after`` processing.

    """

    id: str
    operation: str
    kind: FaultKind
    remaining: int | None
    hits: int = 0
    status: int | None = None
    retry_after: int | None = None
    seconds: float | None = None
    when: DropWhen | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the fault as the sandbox's HTTP controls show it (every field, ``None`` too)."""
        return {
            "id": self.id,
            "operation": self.operation,
            "kind": self.kind,
            "remaining": self.remaining,
            "hits": self.hits,
            "status": self.status,
            "retry_after": self.retry_after,
            "seconds": self.seconds,
            "when": self.when,
        }


@dataclass(frozen=True, slots=True)
class FaultPlan:
    """What to do with one call: the faults it took (the sandbox's app carries it out)."""

    operation: str
    delay: float = 0.0
    fail: Fault | None = None
    drop: DropWhen | None = None


def _times(times: object, *, forever_allowed: bool) -> int | None:
    if times is None and forever_allowed:
        return None
    if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= MAX_TIMES:
        forever = " (or None for every call)" if forever_allowed else ""
        raise ValueError(f"times must be an integer from 1 to {MAX_TIMES}{forever}")
    return times


class Faults:
    """The sandbox's faults on demand: ``sandbox.faults``.

    Name an operation as the SDK does (``"refunds.create"``, ``"ping"`` for a method of the
    client), by its ``operationId``, or by its method and path as the sandbox serves it
    (``"POST /v1/refunds"``, ``"GET /v1/orders/{id}"``)::

        sandbox.faults.fail("refunds.create", status=429, retry_after=2)  # the next call
        sandbox.faults.latency("balances.retrieve", 2.5)  # every call, until cleared
        sandbox.faults.drop("refunds.create", when="after")  # processed, then no answer
        assert sandbox.faults.calls("refunds.create") == 0

    The same controls are served over HTTP at ``/_sandbox/faults``. Every method is safe to
    call from any thread, including while the sandbox serves requests.
    """

    def __init__(self, operations: OperationIndex | None = None) -> None:
        self._operations = operations if operations is not None else bundle_operations()
        self._lock = threading.Lock()
        self._pending: list[Fault] = []
        self._calls: Counter[str] = Counter()
        self._ids = itertools.count(1)
        self._armed = False  # whether any fault is pending: most calls meet none

    def fail(
        self,
        operation: str,
        *,
        status: int,
        times: int | None = 1,
        retry_after: int | None = None,
    ) -> Fault:
        """Answer the next ``times`` calls of ``operation`` with ``status``, unprocessed.

        Args:
            operation: The SDK's name (``"refunds.create"``), an ``operationId`` or
                ``"METHOD /path"``.
            status: An HTTP error status from 400 to 599, such as 429, 500 or 503. The answer
                has the service's error body: ``{"error": <reason>, "message": ...}``.
            times: How many calls to fail (1 to 1,000,000); ``None``: every call.
            retry_after: Seconds to send in a ``Retry-After`` header (0 to 86,400), or none.

        Returns:
            The fault, as added.

        Raises:
            ValueError: An argument is out of range, or ``operation`` names no operation.

        """
        operation_id = self._resolve(operation)
        if (
            isinstance(status, bool)
            or not isinstance(status, int)
            or not 400 <= status <= 599
            or status not in HTTPStatus._value2member_map_
        ):
            raise ValueError("status must be an HTTP error status from 400 to 599")
        if retry_after is not None and (
            isinstance(retry_after, bool)
            or not isinstance(retry_after, int)
            or not 0 <= retry_after <= MAX_RETRY_AFTER
        ):
            raise ValueError(f"retry_after must be an integer from 0 to {MAX_RETRY_AFTER}")
        remaining = _times(times, forever_allowed=True)
        return self._add(operation_id, "fail", remaining, status=status, retry_after=retry_after)

    def latency(self, operation: str, seconds: float, *, times: int | None = None) -> Fault:
        """Hold the answers of ``operation`` for ``seconds`` after processing the request.

        The request is processed at once; only the answer waits. A client whose timeout is
        shorter gives up (the SDK raises ``APITimeoutError``), although the call took effect.

        Args:
            operation: The SDK's name (``"refunds.create"``), an ``operationId`` or
                ``"METHOD /path"``.
            seconds: The delay, more than 0 and at most 60.
            times: How many calls to delay (1 to 1,000,000); ``None`` (the default): every call,
                until cleared.

        Returns:
            The fault, as added.

        Raises:
            ValueError: An argument is out of range, or ``operation`` names no operation.

        """
        operation_id = self._resolve(operation)
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or (isinstance(seconds, float) and not math.isfinite(seconds))
            or not 0 < seconds <= MAX_LATENCY  # compared exactly: a huge int never overflows
        ):
            raise ValueError(f"seconds must be a number more than 0 and at most {MAX_LATENCY:g}")
        remaining = _times(times, forever_allowed=True)
        return self._add(operation_id, "latency", remaining, seconds=float(seconds))

    def drop(self, operation: str, *, when: DropWhen, times: int | None = 1) -> Fault:
        """Close the connection of the next ``times`` calls of ``operation`` without answering.

        Args:
            operation: The SDK's name (``"refunds.create"``), an ``operationId`` or
                ``"METHOD /path"``.
            when: ``"before"``: the request is not processed. ``"after"``: it is processed (the
                payment, refund or order exists), then the connection closes, so the client
                cannot tell whether it took effect.
            times: How many calls to drop (1 to 1,000,000); ``None``: every call.

        Returns:
            The fault, as added.

        Raises:
            ValueError: An argument is out of range, or ``operation`` names no operation.

        """
        operation_id = self._resolve(operation)
        if when not in get_args(DropWhen):
            raise ValueError("when must be 'before' or 'after'")
        remaining = _times(times, forever_allowed=True)
        return self._add(operation_id, "drop", remaining, when=when)

    def pending(self) -> list[Fault]:
        """Return the faults still waiting, oldest first."""
        with self._lock:
            return list(self._pending)

    def calls(self, operation: str) -> int:
        """Return how many requests reached ``operation`` (faulted or not) since the last clear.

        Raises:
            ValueError: ``operation`` names no operation.

        """
        operation_id = self._resolve(operation)
        with self._lock:
            return self._calls[operation_id]

    def call_counts(self) -> dict[str, int]:
        """Return the calls of every operation called since the last clear, by operationId."""
        with self._lock:
            return dict(self._calls)

    def clear(self) -> None:
        """Remove every waiting fault and reset the call counts."""
        with self._lock:
            self._pending.clear()
            self._calls.clear()
            self._armed = False

    def _resolve(self, operation: object) -> str:
        """Return the operationId ``operation`` names; else a ``ValueError`` with examples.

        The examples are one operation of the bundle named each way (the closest one to what
        was given, if any), so the message stays true whatever the bundle holds.
        """
        table = self._operations
        if isinstance(operation, str):
            found = table.resolve(operation)
            if found is not None:
                return found
            name = shown(operation)
            close = table.closest(operation)
        else:
            name = f"a {type(operation).__name__}"
            close = []
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        example = table.resolve(close[0]) if close else None
        if example is None:  # the first operation of a resource, else the first one
            example = next((o for o in table if "." in table.sdk_name(o)), next(iter(table)))
        verb, path = table.route(example)
        raise ValueError(
            f"operation {name} is not an operation of the bundle: name it as the SDK does "
            f"({table.sdk_name(example)}), by its operationId ({example}) or by its method and "
            f"path ({verb} {path}){hint}"
        )

    def _add(
        self, operation_id: str, kind: FaultKind, remaining: int | None, **fields: Any
    ) -> Fault:
        with self._lock:
            if len(self._pending) >= MAX_PENDING:
                raise ValueError(
                    f"the sandbox already holds {MAX_PENDING} faults: clear them first"
                )
            fault = Fault(
                id=f"fault_{next(self._ids)}",
                operation=operation_id,
                kind=kind,
                remaining=remaining,
                **fields,
            )
            self._pending.append(fault)
            self._armed = True
        return fault

    def _take(self, method: str, path: str) -> FaultPlan | None:
        """Count a request and take the faults it meets; ``None`` when it meets none.

        Called by the sandbox's app for every request; requests to no operation of the bundle
        (``/_sandbox/...``, unknown paths) are neither counted nor faulted.
        """
        operation = self._operations.match(method, path)
        return None if operation is None else self._take_for(operation.operation_id)

    def _take_for(self, operation_id: str) -> FaultPlan | None:
        """Count a call of ``operation_id`` and take the faults it meets (None: none)."""
        with self._lock:
            self._calls[operation_id] += 1
            if not self._armed:
                return None
            delay: Fault | None = None
            outcome: Fault | None = None
            for index, fault in enumerate(self._pending):
                if fault.operation != operation_id:
                    continue
                if fault.kind == "latency" and delay is None:
                    delay = self._use(index)
                elif fault.kind != "latency" and outcome is None:
                    outcome = self._use(index)
            self._pending = [fault for fault in self._pending if fault.remaining != 0]
            self._armed = bool(self._pending)
        if delay is None and outcome is None:
            return None
        return FaultPlan(
            operation=operation_id,
            delay=(delay.seconds or 0.0) if delay is not None else 0.0,
            fail=outcome if outcome is not None and outcome.kind == "fail" else None,
            drop=outcome.when if outcome is not None and outcome.kind == "drop" else None,
        )

    def _use(self, index: int) -> Fault:
        """Record one hit of the pending fault at ``index`` (the lock is held); return it."""
        fault = self._pending[index]
        remaining = None if fault.remaining is None else fault.remaining - 1
        used = replace(fault, remaining=remaining, hits=fault.hits + 1)
        self._pending[index] = used
        return used
