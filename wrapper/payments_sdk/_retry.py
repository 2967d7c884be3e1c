"""When to retry a request, and how long to wait before the next attempt."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx

__all__ = [
    "INITIAL_DELAY",
    "MAX_DELAY",
    "RETRY_AFTER_CAP",
    "backoff_delay",
    "instant",
    "instant_retries",
    "retry_after_seconds",
    "retryable_error",
    "retryable_status",
]

INITIAL_DELAY = 0.5
MAX_DELAY = 8.0
RETRY_AFTER_CAP = 60.0

# Methods that are safe to repeat: the description's DELETE and PATCH operations are idempotent.
_IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH"})
# Errors raised before the request reached the service: safe to repeat for any method.
_NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)

_instant: ContextVar[bool] = ContextVar("payments_sdk_instant_retries", default=False)


def retryable_error(method: str, error: httpx.TransportError) -> bool:
    """Whether a failed attempt may be repeated.

    Any request is repeated when it provably never left: the connection was never established
    or no pooled connection was free. Idempotent requests are also repeated after timeouts and
    broken connections. A POST that may have reached the service is never sent twice.
    """
    if isinstance(error, _NEVER_SENT):
        return True
    return method.upper() in _IDEMPOTENT


def retryable_status(method: str, status_code: int) -> bool:
    """Whether a response status may be retried: 429 always; 408 and 5xx when idempotent."""
    if status_code == 429:
        return True
    if method.upper() not in _IDEMPOTENT:
        return False
    return status_code == 408 or status_code >= 500


# RFC 9110's delay-seconds is ASCII digits; a fraction is read too, and a minus sign (a delay
# in the past) means no wait. Nothing else: not Unicode digits (float() reads "١٢"), not "1_0".
_SECONDS = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def retry_after_seconds(headers: Mapping[str, str], *, now: datetime | None = None) -> float | None:
    """Parse ``Retry-After`` (seconds or an HTTP date) and cap it; ``None`` if absent or invalid.

    A value that is neither ASCII digits nor a date, a date out of range, and a Retry-After
    sent more than once (it is a singleton field) are ignored alike, on every wire.
    """
    values = _values(headers, "retry-after")
    if len(values) != 1:
        return None
    value = values[0].strip()
    seconds: float
    if _SECONDS.fullmatch(value):
        seconds = float(value)
    else:
        try:
            when = parsedate_to_datetime(value)
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            seconds = (when - (now or datetime.now(UTC))).total_seconds()
        except (TypeError, ValueError, IndexError, OverflowError):
            return None
    if seconds != seconds:  # NaN
        return None
    if seconds < 0:  # in the past
        return 0.0
    return min(seconds, RETRY_AFTER_CAP)


def _values(headers: Mapping[str, str], name: str) -> list[str]:
    """Every value of the header ``name``: httpx's and aiohttp's mappings keep repeats apart."""
    if isinstance(headers, httpx.Headers):
        return headers.get_list(name)
    getall = getattr(headers, "getall", None)  # aiohttp's CIMultiDictProxy
    if getall is not None:
        return list(getall(name, []))
    value = headers.get(name)
    return [] if value is None else [value]


def backoff_delay(retry_number: int, retry_after: float | None = None) -> float:
    """Seconds to wait before retry number ``retry_number`` (1-based).

    ``Retry-After`` wins when the service sent one. Otherwise the delay grows exponentially from
    :data:`INITIAL_DELAY` up to :data:`MAX_DELAY`, with up to 25% jitter taken off so that many
    clients do not retry in step.
    """
    if _instant.get():
        return 0.0
    if retry_after is not None:
        return retry_after
    delay = min(INITIAL_DELAY * 2.0 ** (retry_number - 1), MAX_DELAY)
    return delay * (1 - 0.25 * random.random())


def instant() -> bool:
    """Whether waits are skipped here (inside :func:`instant_retries`)."""
    return _instant.get()


@contextlib.contextmanager
def instant_retries() -> Iterator[None]:
    """Within this block (and tasks started in it), retries happen without waiting.

    Meant for tests: the retry decisions and counts stay exactly the same; the waits are
    skipped. A ``Retry-After`` sets no client-wide hold (so calls after the block are not held
    either), and a call here does not wait out a hold set by a call outside it.
    """
    token = _instant.set(True)
    try:
        yield
    finally:
        _instant.reset(token)
