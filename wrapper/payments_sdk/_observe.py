"""Observers: a typed window on every attempt and every finished call.

Pass ``observers=[...]`` to :class:`~payments_sdk.AsyncPaymentsClient`: each gets an
:class:`AttemptEvent` when an attempt ends (answered or failed) and a :class:`CallEvent` when a
call ends (returned or raised). Events name the operation by its id, method and path
**template** (``/v1/refunds/{id}``), never by ids, queries, bodies or the key.

An observer that raises never breaks a call: its exception is logged once (per observer, at
WARNING on the ``payments_sdk`` logger) and the call goes on. With no observer (and no
OpenTelemetry), no event is made at all.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ._logging import logger
from .errors import InvalidParameterError

__all__ = ["AttemptEvent", "CallEvent", "Observer", "check_observers", "notify"]


@dataclass(frozen=True, slots=True)
class AttemptEvent:
    """One attempt of a call, when it has ended."""

    operation_id: str
    """The bundle's operationId (``createRefund``), or ``request`` for ``client.request()``."""
    method: str
    """The HTTP method (``POST``)."""
    path_template: str | None
    """The path with its parameters as ``{name}``; None for ``client.request()``."""
    server_address: str
    """The service's host."""
    server_port: int
    """The service's port."""
    attempt: int
    """1 for the first attempt, 2 for the first retry, ..."""
    retries: int
    """Retries before this attempt (``attempt - 1``)."""
    wait: float
    """Seconds waited before this attempt: backoff, ``Retry-After``, the client-wide hold."""
    duration: float
    """Seconds from sending (including the wait for a connection) to the whole answer."""
    status_code: int | None
    """The answer's status; None when no answer came."""
    error_type: str | None
    """Why the attempt failed: the exception's class (``ConnectTimeout``) or the status
    (``"503"``); None for a success."""


@dataclass(frozen=True, slots=True)
class CallEvent:
    """One call, when it has returned or raised."""

    operation_id: str
    """The bundle's operationId (``createRefund``), or ``request`` for ``client.request()``."""
    method: str
    """The HTTP method (``POST``)."""
    path_template: str | None
    """The path with its parameters as ``{name}``; None for ``client.request()``."""
    server_address: str
    """The service's host."""
    server_port: int
    """The service's port."""
    attempts: int
    """How many attempts the call made (1 when it was not retried)."""
    retries: int
    """How many of them were retries (``attempts - 1``; 0 when nothing was sent)."""
    duration: float
    """Seconds for the whole call, waits between attempts included."""
    status_code: int | None
    """The last answer's status; None when none came."""
    error_type: str | None
    """The class of the exception the call raised (``RateLimitError``); None for a success."""


@runtime_checkable
class Observer(Protocol):
    """What an observer implements: both methods, each called synchronously, quickly."""

    def on_attempt(self, event: AttemptEvent) -> None:
        """Receive an attempt that has ended."""
        ...

    def on_call(self, event: CallEvent) -> None:
        """Receive a call that has returned or raised."""
        ...


def check_observers(value: object) -> tuple[Observer, ...]:
    """Return the observers as a tuple, refusing anything that is not one."""
    if value is None:
        return ()
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise InvalidParameterError("observers", "must be a list of observers")
    for index, observer in enumerate(value):
        if not isinstance(observer, Observer):
            raise InvalidParameterError(
                f"observers[{index}]", "must have on_attempt(event) and on_call(event) methods"
            )
    return tuple(value)


# The observers that raised, by id: each entry is a weak reference to the observer (or, for
# one that cannot be weakly referenced, the observer itself), so that an id reused by a later
# object, once the first is gone, never passes for an observer already logged.
_complained: dict[int, object] = {}


def _first_complaint(observer: Observer) -> bool:
    """Whether this is the first time ``observer`` raised (and remember that it did)."""
    key = id(observer)
    known = _complained.get(key)
    if known is not None:
        seen = known() if isinstance(known, weakref.ref) else known
        if seen is observer:
            return False
    try:
        _complained[key] = weakref.ref(observer, functools.partial(_forget, key))
    except TypeError:  # no weak reference to it: keep it (an id cannot be reused then)
        _complained[key] = observer
    return True


def _forget(key: int, ref: weakref.ref[Observer]) -> None:
    if _complained.get(key) is ref:
        del _complained[key]


def notify(observers: tuple[Observer, ...], event: AttemptEvent | CallEvent) -> None:
    """Hand ``event`` to every observer; one that raises is logged once and skipped."""
    for observer in observers:
        try:
            if isinstance(event, AttemptEvent):
                observer.on_attempt(event)
            else:
                observer.on_call(event)
        except Exception:
            if _first_complaint(observer):
                logger.warning(
                    "observer %s raised; the call goes on (logged once per observer)",
                    type(observer).__name__,
                    exc_info=True,
                )
