"""``Pool``: the connections and what every call of one client shares, on every event loop.

A client and its ``with_options`` copies share one :class:`Pool`:

- the **wire** (``_wire.py``): the SDK's own aiohttp pool, made on the first request, or the
  caller's ``http_client``;
- the **gate** in front of the SDK's own pool: at most ``paced`` requests on the wire per
  event loop, and up to ``limit`` while the retry budget's earned retries could retry every
  one of them (:meth:`RetryBudget.covers`), the rest queued here in order; the wait counts
  against the pool timeout. So a burst on a fresh client meets a rate limit with at most
  ``paced`` calls on the wire, and the others wait out its hold unsent, while a client whose
  traffic has earned the retries runs as wide as ``limit``;
- the **hold**: a 429 or 503 with ``Retry-After`` holds every new send of the client for that
  long (with jitter on top), so concurrent calls back off together instead of in waves. The
  sender waits a hold out *before* the gate, holding no place, and each attempt waits at most
  once (docs/retries.md): an attempt that has not waited gives its place back unsent when a
  hold came while it queued (:meth:`Pool.holding`), and one that has is sent. Under
  ``instant_retries()`` a Retry-After holds nothing, and a call does not wait out another's
  hold: it is sent at once;
- the **retry budget** (:class:`RetryBudget`), which bounds how much retries add;
- **closing**: :meth:`Pool.aclose` ends every call in flight promptly with
  :class:`~payments_sdk.ClientClosedError`, whether it waits at the gate, waits before a retry,
  or is on the wire, on any loop or thread.

State that belongs to one event loop (the gate's queue, the waits) is kept per running loop.

The sender takes its place at the gate itself (:meth:`Pool.gate`, :meth:`_Lane.take`, and
:meth:`_Lane.acquire` only when it must wait), sends on :attr:`Pool.wire` and gives the place
back: no coroutine of the pool's own between the sender and the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

import httpx

from ._per_loop import PerLoop
from ._retry import instant
from ._wire import TIMER_EARLY, Wire, masked_request
from .errors import APITimeoutError, ClientClosedError

__all__ = ["Pool", "RetryBudget"]

# Jitter added on top of a hold: a share of the hold, within bounds, so that held calls
# resume spread out rather than in one wave.
_JITTER_SHARE = 0.25
_JITTER_MIN = 0.05
_JITTER_MAX = 2.0

_CLOSED_WHILE = "the client was closed while the call was {}"


class _Lane:
    """One event loop's gate queue and waits, which aclose() can end from any thread.

    ``size`` places are always open; up to ``spare`` more open while ``budget`` covers every
    call on the wire (:meth:`RetryBudget.covers`), and close as they are given back when it
    no longer does.
    """

    __slots__ = (
        "budget",
        "deadlines",
        "extra",
        "free",
        "loop",
        "naps",
        "size",
        "spare",
        "timer",
        "timer_at",
        "waiters",
    )

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        size: int,
        budget: RetryBudget | None = None,
        spare: int = 0,
    ) -> None:
        self.loop = loop
        self.size = size
        self.free = size
        """Places of the ``size`` always open that are free."""
        self.budget = budget
        self.spare = spare if budget is not None else 0
        self.extra = 0
        """Places open beyond ``size`` (each taken)."""
        self.waiters: deque[asyncio.Future[None]] = deque()
        self.naps: set[asyncio.Future[None]] = set()
        self.deadlines: dict[asyncio.Future[None], float] = {}
        """When each queued call's patience runs out (loop time)."""
        self.timer: asyncio.TimerHandle | None = None
        """The one timer of the lane's queue, at the earliest deadline when it was armed."""
        self.timer_at = 0.0

    def take(self) -> bool:
        """Take a place on the wire now, if one is free and nobody queues for one."""
        if self.waiters:
            return False
        if self.free > 0:
            self.free -= 1
            return True
        return self._widen()

    def _widen(self, queued: int = 0) -> bool:
        """Open one more place beyond ``size`` and take it, if the budget covers it.

        ``queued`` calls still wait at the gate behind the one that would take it: their first
        attempts, unsent, have earned nothing yet (a fresh client's burst stays paced).
        """
        on_wire = self.size + self.extra + 1
        budget = self.budget
        if self.extra < self.spare and budget is not None and budget.covers(on_wire, queued):
            self.extra += 1
            return True
        return False

    async def acquire(self, patience: float | None, request: Any) -> None:
        """Take a place on the wire, queueing in order; PoolTimeout after ``patience`` s."""
        if self.take():
            return
        turn = self.loop.create_future()
        self.waiters.append(turn)
        if patience is not None:
            # One timer for the whole queue, not one per queued call (a timer handle, a heap
            # push and a cancel each): armed again only for an earlier deadline than its own.
            deadline = self.deadlines[turn] = self.loop.time() + patience
            if self.timer is None or deadline < self.timer_at:
                self._arm(deadline)
        try:
            await turn  # granted: release() took it off the queue
        except BaseException as exc:
            if turn.done() and not turn.cancelled() and turn.exception() is None:
                self.release()  # granted, then cancelled: hand the place on
            else:
                if not turn.done():
                    turn.cancel()
                with contextlib.suppress(ValueError):
                    self.waiters.remove(turn)
            if isinstance(exc, _Expired):
                raise httpx.PoolTimeout(
                    "timed out waiting for a free connection", request=request()
                ) from None
            raise
        finally:
            if patience is not None:
                self.deadlines.pop(turn, None)

    def _arm(self, deadline: float) -> None:
        """Arm the lane's one timer for ``deadline``, the earliest of the queue's."""
        if self.timer is not None:
            self.timer.cancel()
        self.timer = self.loop.call_at(deadline, self._expire)
        self.timer_at = deadline

    def _expire(self) -> None:
        """End the queued calls whose patience ran out; arm again for the earliest left."""
        self.timer = None
        now = self.loop.time() + TIMER_EARLY  # the loop may run a timer that early
        earliest: float | None = None
        for turn, deadline in list(self.deadlines.items()):
            if deadline <= now:
                del self.deadlines[turn]
                if not turn.done():
                    turn.set_exception(_Expired())
            elif earliest is None or deadline < earliest:
                earliest = deadline
        if earliest is not None:
            self._arm(earliest)

    def release(self) -> None:
        """Give a place back: to the first caller still waiting, or to the free count.

        A place beyond ``size`` is closed first; then every caller waiting gets a place while
        one is free or the budget covers one more.
        """
        if self.extra:
            self.extra -= 1
        else:
            self.free += 1
        waiters = self.waiters
        while waiters:
            if waiters[0].done():  # its patience ran out, or it was cancelled: not served
                waiters.popleft()
                continue
            if self.free > 0:
                self.free -= 1
            elif not self._widen(len(waiters) - 1):
                return
            waiters.popleft().set_result(None)

    async def nap(self, seconds: float) -> None:
        """Sleep ``seconds``, unless the pool closes first."""
        wake = self.loop.create_future()
        timer = self.loop.call_later(seconds, _settle, wake)
        self.naps.add(wake)
        try:
            await wake
        finally:
            timer.cancel()
            self.naps.discard(wake)

    def close(self) -> None:
        """End every wait of this loop with ClientClosedError (runs on the lane's loop)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        for turn in self.waiters:
            if not turn.done():
                turn.set_exception(
                    ClientClosedError(_CLOSED_WHILE.format("waiting for a connection"))
                )
        for wake in self.naps:
            if not wake.done():
                wake.set_exception(ClientClosedError(_CLOSED_WHILE.format("waiting to retry")))


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class _Expired(Exception):
    """A queued call's patience ran out before a place came."""


class Pool:
    """The wire, the gate, the hold, the retry budget and closing, shared by client copies."""

    __slots__ = (
        "_lanes",
        "_limit",
        "_paced",
        "_root_url",
        "_wire",
        "budget",
        "closed",
        "hold_until",
        "owns_wire",
    )

    def __init__(
        self,
        *,
        root_url: str,
        paced: int,
        limit: int,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._root_url = root_url
        self._paced = paced
        self._limit = limit
        self._wire: Wire | None = None
        if http_client is not None:
            from ._httpx_wire import HttpxWire

            self._wire = HttpxWire(http_client)
        self.owns_wire = http_client is None
        self._lanes: PerLoop[_Lane] = PerLoop()
        self.hold_until = 0.0
        """When the Retry-After hold in force ends (``time.monotonic()``); 0 when none is."""
        self.budget = RetryBudget()
        self.closed = False

    @property
    def wire(self) -> Wire:
        """The wire; the SDK's own is made (and aiohttp imported) on the first request."""
        if self._wire is None:
            from ._aiohttp_wire import AiohttpWire

            self._wire = AiohttpWire(root_url=self._root_url, limit=self._limit)
        return self._wire

    @property
    def wire_closed(self) -> bool:
        """Whether the wire was closed, by the SDK or (for a caller's client) by its owner."""
        wire = self._wire
        return wire is not None and bool(getattr(wire, "closed", False))

    def default_headers(self) -> Mapping[str, str]:
        """Headers the wire adds to every request (a caller's client's defaults)."""
        return {} if self._wire is None else self._wire.default_headers()

    def gate(self) -> _Lane | None:
        """Return this event loop's gate in front of the SDK's own pool; None for a caller's.

        A sender takes a place with :meth:`_Lane.take` (or waits for one with
        :meth:`_Lane.acquire`), sends, and gives it back with :meth:`_Lane.release`.
        """
        if not self.owns_wire:
            return None  # the caller's client limits its own pool
        lanes = self._lanes
        if asyncio.get_running_loop() is lanes.last_loop:
            return lanes.last
        return self._lane()

    def _lane(self) -> _Lane:
        loop = asyncio.get_running_loop()
        lanes = self._lanes
        lane = lanes.last if loop is lanes.last_loop else lanes.get(loop)
        if lane is None:
            lane = _Lane(loop, self._paced, self.budget, self._limit - self._paced)
            lanes.put(loop, lane)
        return lane

    def hold_wait(
        self, bound: float | None, method: str, url: str, headers: Mapping[str, str]
    ) -> float:
        """Seconds to wait out the hold now on, with jitter; 0 when none is on.

        APITimeoutError (the request unsent) when what is left of it is longer than
        ``bound``, the seconds this call will wait for a hold (None: no bound). Under
        ``instant_retries()`` nothing is waited.
        """
        if not self.hold_until or instant():
            return 0.0
        left = self.hold_until - time.monotonic()
        if bound is not None and left > bound:
            raise APITimeoutError(
                f"the client is held by a Retry-After for {left:.1f} s more, longer than "
                f"this call's timeout ({bound:g} s); the request was not sent",
                request=masked_request(method, url, headers),
            )
        return self.held_for()

    def holding(self) -> bool:
        """Whether a hold is on now, for this call (never inside ``instant_retries()``).

        The sender asks it of an attempt that has not waited yet when it got its place at the
        gate after queueing: if a hold came meanwhile, the attempt gives the place back and
        waits that hold out once before it comes back (it is sent when it has a place then,
        whatever holds were armed meanwhile: no attempt waits twice).
        """
        return bool(self.hold_until) and not instant() and self.hold_until > time.monotonic()

    def hold(self, seconds: float) -> None:
        """Hold every new send of this client for ``seconds`` (a Retry-After).

        Under ``instant_retries()`` nothing is held: the wait counts as waited out.
        """
        if instant():
            return
        until = time.monotonic() + seconds
        if until > self.hold_until:
            self.hold_until = until

    def held_for(self) -> float:
        """Seconds left on the hold, with jitter on top; 0 when no hold is on."""
        if not self.hold_until:
            return 0.0
        left = self.hold_until - time.monotonic()
        if left <= 0:
            self.hold_until = 0.0
            return 0.0
        return left + random.uniform(0, min(max(left * _JITTER_SHARE, _JITTER_MIN), _JITTER_MAX))

    async def nap(self, seconds: float) -> None:
        """Wait ``seconds`` before a send; ClientClosedError if the pool closes meanwhile."""
        if self.closed:
            raise ClientClosedError(_CLOSED_WHILE.format("waiting to retry"))
        await self._lane().nap(seconds)

    async def aclose(self) -> None:
        """End every call in flight with ClientClosedError, and close the SDK's own wire."""
        self.closed = True
        here = asyncio.get_running_loop()
        for lane in self._lanes.values():
            if lane.loop is here:
                lane.close()
            elif lane.loop.is_running():
                lane.loop.call_soon_threadsafe(lane.close)
        if self.owns_wire and self._wire is not None:
            await self._wire.aclose()


class RetryBudget:
    """How many retries a client may send: a reserve, plus a share of its recent first tries.

    Every call's first attempt deposits :attr:`ratio` of a retry; every retry withdraws one.
    A :attr:`reserve` of retries is always there for a quiet client, renewed every
    :attr:`window` seconds; deposits and withdrawals older than two windows are forgotten.
    When the budget is spent, a failure that could be retried is raised instead. So when the
    service fails every request (a storm of 429s, an outage), the client sends at most
    ``1 + ratio`` requests per call plus the reserve, instead of ``1 + max_retries``, while a
    single flaky request still gets its retries (the same idea as Finagle's RetryBudget).
    """

    __slots__ = ("_firsts", "_retries", "_started", "ratio", "reserve", "window")

    def __init__(self, *, ratio: float = 0.2, reserve: int = 10, window: float = 10.0) -> None:
        self.ratio = ratio
        self.reserve = reserve
        self.window = window
        self._started = time.monotonic()
        self._firsts = [0, 0]  # this window, the one before
        self._retries = [0, 0]

    def _roll(self) -> None:
        now = time.monotonic()
        passed = now - self._started
        if passed < self.window:
            return
        if passed < 2 * self.window:
            self._firsts = [0, self._firsts[0]]
            self._retries = [0, self._retries[0]]
        else:
            self._firsts = [0, 0]
            self._retries = [0, 0]
        self._started = now

    def first_attempt(self) -> None:
        """Record a call's first attempt."""
        if time.monotonic() - self._started >= self.window:
            self._roll()
        self._firsts[0] += 1

    def covers(self, calls: int, unsent: int = 0) -> bool:
        """Whether the retries earned by recent first attempts could retry ``calls`` at once.

        The reserve is left out: it is for a quiet client's flaky call, and so are the
        deposits of ``unsent`` first attempts that still queue (at the gate): a call earns a
        place for another only once it is sent. So a gate that opens a place beyond its paced
        size only while this holds (``_Lane``) never has more calls on the wire than the budget
        could retry if every one of them were answered 429, while a burst on a fresh client,
        however many calls it starts, stays paced until the calls it has sent earned more.
        """
        if time.monotonic() - self._started >= self.window:
            self._roll()
        firsts, retries = self._firsts, self._retries
        earned = self.ratio * (firsts[0] + firsts[1] - unsent)
        return earned - retries[0] - retries[1] >= calls

    def try_retry(self) -> bool:
        """Take one retry from the budget; False when it is spent."""
        self._roll()
        allowed = self.reserve + self.ratio * (self._firsts[0] + self._firsts[1])
        if self._retries[0] + self._retries[1] + 1 > allowed:
            return False
        self._retries[0] += 1
        return True
