"""SIGTERM stops the sandbox whenever its handler runs, even inside the serving loop's wait.

A Python signal handler runs in the main thread between any two of its bytecodes. The
sandbox's handler once set a ``threading.Event`` that the main thread was waiting on; when
the handler ran while that thread held the event's lock (inside ``Event.wait``), it waited on
that lock forever, and the sandbox ignored SIGTERM (seen under load, in a replay of the
`header_enum` spec edit). Here the handler is run at every traced event of the loop in turn,
as the interpreter may run it, and the loop must still return.
"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType
from typing import Any

import pytest

from payments_sdk.sandbox._cli import StopRequest, wait_for_stop

#: Enough traced events to cover every line of several turns of the loop, and of what it calls.
EVENTS = 80


def _stops_when_the_handler_runs_at(event_number: int) -> bool:
    """Run the loop; run SIGTERM's handler at its ``event_number``-th traced event."""
    stop = StopRequest()
    seen = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal seen
        seen += 1
        if seen == event_number:
            stop.request(signal.SIGTERM, frame)
        return tracer

    def loop() -> None:
        sys.settrace(tracer)
        try:
            wait_for_stop(stop, interval=0.001)
        finally:
            sys.settrace(None)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    thread.join(timeout=10)
    return not thread.is_alive()


@pytest.mark.parametrize("event_number", range(1, EVENTS + 1))
def test_the_handler_run_at_any_point_of_the_wait_stops_it(event_number: int) -> None:
    """Wherever the handler runs, the loop returns (a handler that waited on a lock hung)."""
    assert _stops_when_the_handler_runs_at(event_number), (
        f"the serving loop hung when SIGTERM's handler ran at traced event {event_number}"
    )
