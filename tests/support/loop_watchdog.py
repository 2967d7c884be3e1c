"""A watchdog for the event loop: it fails a test during which the loop was blocked.

A call that loops without awaiting (a retry spinning on a hold it never waits out) freezes
every task of the loop: no timer, no ``asyncio.wait_for``, no timeout runs. Such a call is one
callback of the loop (one step of a task) that does not return. So the watchdog times every
callback the test's loop runs, by the CPU time of the loop's thread (``time.thread_time``),
less the time the garbage collector took meanwhile, and fails the test when one took more than
:data:`LIMIT`. Measured so, a busy machine never fails a test: a process waiting for a core, a
thread join or many short callbacks in one iteration are not a block; a spin is, however
loaded the machine.

It also keeps the loop's lag (how late a task sleeping :data:`TICK` at a time wakes up), the
symptom a user sees, to report it beside the verdict.

Use it with ``pytestmark = pytest.mark.usefixtures("loop_watchdog")`` (or on one test). It
watches coroutine tests only: a synchronous test, or one driven by Hypothesis, does not run
the loop while it works.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

__all__ = ["LIMIT", "TASK_NAME", "TICK", "LoopWatchdog", "loop_watchdog"]

LIMIT = 0.2
"""Seconds of CPU one callback of the loop may take (it keeps every other task waiting)."""
TICK = 0.02
"""Seconds between the lag probe's wake-ups."""
TASK_NAME = "loop-watchdog"
"""The name of the lag probe's task (a test that counts the loop's tasks leaves it out)."""


class LoopWatchdog:
    """Times every callback of one loop; keeps the longest, and the loop's worst lag."""

    def __init__(self, loop: asyncio.AbstractEventLoop, limit: float = LIMIT) -> None:
        self.loop = loop
        self.limit = limit
        self.worst = 0.0
        """The most CPU one callback took, garbage collection left out, in seconds."""
        self.culprit = ""
        """The callback that took it."""
        self.lag = 0.0
        """How late the probe woke up at worst, in seconds."""
        self._thread = threading.get_ident()
        self._gc_started = 0.0
        self._gc_spent = 0.0
        self._probe: asyncio.Task[None] | None = None

    def timed(self, run: Any, handle: asyncio.Handle) -> Any:
        """Run ``handle`` (a callback of the watched loop), timing it."""
        started, gc_before = time.thread_time(), self._gc_spent
        try:
            return run(handle)
        finally:
            spent = time.thread_time() - started - (self._gc_spent - gc_before)
            if spent > self.worst:
                self.worst = spent
                self.culprit = repr(handle)[:300]

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks`` hook: count the collector's time on the loop's thread."""
        if threading.get_ident() != self._thread:
            return
        if phase == "start":
            self._gc_started = time.thread_time()
        else:
            self._gc_spent += time.thread_time() - self._gc_started

    def start_probe(self) -> None:
        """Start the lag probe on the loop."""
        self._probe = self.loop.create_task(self._measure_lag(), name=TASK_NAME)

    async def stop_probe(self) -> None:
        """Stop the lag probe."""
        if self._probe is not None:
            self._probe.cancel()
            await asyncio.gather(self._probe, return_exceptions=True)

    def verdict(self) -> str | None:
        """Why the test fails, or None when no callback blocked the loop for over the limit."""
        if self.worst <= self.limit:
            return None
        return (
            f"the event loop was blocked for {self.worst * 1000:.0f} ms of CPU by one callback "
            f"(over {self.limit * 1000:.0f} ms; the loop's worst lag was {self.lag * 1000:.0f} "
            f"ms): something ran without awaiting, and no other task, timer or timeout could "
            f"run meanwhile. The callback: {self.culprit}"
        )

    async def _measure_lag(self) -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(TICK)
            self.lag = max(self.lag, time.monotonic() - before - TICK)


@contextmanager
def _watching(watchdog: LoopWatchdog) -> Iterator[None]:
    """Time every callback of ``watchdog.loop`` (callbacks of other loops run untimed)."""
    original = asyncio.Handle._run

    def _run(handle: asyncio.Handle) -> Any:
        if handle._loop is watchdog.loop:  # type: ignore[attr-defined]
            return watchdog.timed(original, handle)
        return original(handle)

    asyncio.Handle._run = _run  # type: ignore[method-assign,assignment]
    gc.callbacks.append(watchdog.on_gc)
    try:
        yield
    finally:
        asyncio.Handle._run = original  # type: ignore[method-assign]
        gc.callbacks.remove(watchdog.on_gc)


def _watchable(request: pytest.FixtureRequest) -> bool:
    function = getattr(request, "function", None)
    if function is None or getattr(function, "is_hypothesis_test", False):
        return False
    return inspect.iscoroutinefunction(function)


@pytest.fixture
async def loop_watchdog(request: pytest.FixtureRequest) -> AsyncIterator[LoopWatchdog | None]:
    """Fail the test if one callback of its event loop ran for more than :data:`LIMIT` s."""
    if not _watchable(request):
        yield None
        return
    watchdog = LoopWatchdog(asyncio.get_running_loop())
    with _watching(watchdog):
        watchdog.start_probe()
        yield watchdog
        await watchdog.stop_probe()
    failure = watchdog.verdict()
    if failure is not None:
        pytest.fail(failure, pytrace=False)
