"""A watchdog for the event loop: it fails a test during which the loop was blocked.

A call that loops without awaiting (a retry spinning on a hold it never waits out) freezes
every task of the loop: no timer, no ``asyncio.wait_for``, no timeout runs. The watchdog is a
task that sleeps :data:`TICK` at a time and measures how late each wake-up is. Lateness alone
would also blame the machine (a test pinned to a busy core waits for the CPU), so the part
counted as *blocked* is the lateness during which the loop's own thread was running: its CPU
time over the same stretch (``time.thread_time``). A spin shows in both; a process that is
merely waiting for a core, or a thread join, shows in neither. A test fails when one stretch
was blocked for more than :data:`LIMIT`.

Use it with ``pytestmark = pytest.mark.usefixtures("loop_watchdog")`` (or on one test). It
watches coroutine tests only: a synchronous test, or one driven by Hypothesis, does not run
the loop while it works.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import AsyncIterator

import pytest

__all__ = ["LIMIT", "TASK_NAME", "TICK", "LoopWatchdog", "loop_watchdog"]

LIMIT = 0.2
"""Seconds the loop may be kept from running its other tasks."""
TICK = 0.02
"""Seconds between the watchdog's wake-ups."""
TASK_NAME = "loop-watchdog"
"""The name of the watchdog's task (a test that counts the loop's tasks leaves it out)."""


class LoopWatchdog:
    """Measures, on the running loop, the longest stretch during which it was blocked."""

    def __init__(self, limit: float = LIMIT) -> None:
        self.limit = limit
        self.worst = 0.0
        """The longest blocked stretch seen, in seconds."""
        self.ticks = 0
        """How many times the watchdog woke up."""
        self._wall = 0.0
        self._cpu = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start watching the running loop."""
        self._mark()
        self._task = asyncio.get_running_loop().create_task(self._watch(), name=TASK_NAME)

    async def stop(self) -> None:
        """Stop watching; the stretch since the last wake-up counts too."""
        self._note()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def verdict(self) -> str | None:
        """Why the test fails, or None when the loop was never blocked for over the limit."""
        if self.worst <= self.limit:
            return None
        return (
            f"the event loop was blocked for {self.worst * 1000:.0f} ms (over "
            f"{self.limit * 1000:.0f} ms): something ran without awaiting, and no other task, "
            "timer or timeout could run meanwhile"
        )

    def _mark(self) -> None:
        self._wall = time.monotonic()
        self._cpu = time.thread_time()

    def _note(self) -> None:
        late = time.monotonic() - self._wall - TICK
        busy = time.thread_time() - self._cpu
        self.worst = max(self.worst, min(late, busy))

    async def _watch(self) -> None:
        while True:
            self._mark()
            await asyncio.sleep(TICK)
            self._note()
            self.ticks += 1


def _watchable(request: pytest.FixtureRequest) -> bool:
    function = getattr(request, "function", None)
    if function is None or getattr(function, "is_hypothesis_test", False):
        return False
    return inspect.iscoroutinefunction(function)


@pytest.fixture
async def loop_watchdog(request: pytest.FixtureRequest) -> AsyncIterator[LoopWatchdog | None]:
    """Fail the test if its event loop was blocked for more than :data:`LIMIT` seconds."""
    if not _watchable(request):
        yield None
        return
    watchdog = LoopWatchdog()
    watchdog.start()
    yield watchdog
    await watchdog.stop()
    failure = watchdog.verdict()
    if failure is not None:
        pytest.fail(failure, pytrace=False)
