"""``TestClock``: the sandbox's time, which a test can freeze and advance.

Every time rule of the sandbox reads it: the ``created_at`` of new records (and so the
``before``/``after`` windows of every list), and the FX desk's ``expires_at`` and refreshes.
It runs with the wall clock until frozen; frozen, it stands still until advanced or resumed;
resumed, it runs again from where it stood. It never goes back, and never passes
:data:`LATEST` (9000-01-01T00:00:00Z): every time the sandbox derives from it (an FX quote's
expiry, a key's, a stamp one microsecond later, an offset shown in another zone) stays a valid
time, so a move past it is refused (a 400 over HTTP) instead of breaking the namespace.

With a state file, the clock is kept in it (:meth:`TestClock.state`): a restart finds it
frozen or advanced as it was left.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

__all__ = ["LATEST", "TestClock"]

LATEST = datetime(9000, 1, 1, tzinfo=UTC)
"""The latest time a test clock may show (far from ``datetime.max``, so nothing derived from it
overflows)."""


class TestClock:
    """A clock for one sandbox namespace: ``clock()`` is the current aware UTC time."""

    __test__ = False  # not a pytest test class, despite the name

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._offset = timedelta(0)
        self._frozen_at: datetime | None = None
        self.on_change: Callable[[TestClock], None] | None = None
        """Called after every move (the sandbox keeps the clock in its state file)."""

    def state(self) -> dict[str, Any]:
        """Return what :meth:`from_state` needs to make this clock again."""
        with self._lock:
            return {
                "frozen_at": self._frozen_at,
                "offset_us": self._offset // timedelta(microseconds=1),
            }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> TestClock:
        """Return a clock as :meth:`state` described it (ValueError if it cannot be one)."""
        clock = cls()
        clock.load(state)
        return clock

    def load(self, state: dict[str, Any]) -> None:
        """Set this clock as :meth:`state` described it (ValueError if it cannot be one)."""
        frozen, offset = state["frozen_at"], state["offset_us"]
        if frozen is not None and (not isinstance(frozen, datetime) or frozen.tzinfo is None):
            raise ValueError("frozen_at must be an aware time")
        if type(offset) is not int:
            raise ValueError("offset_us must be an integer")
        step = timedelta(microseconds=offset)
        shown = frozen if frozen is not None else datetime.now(UTC) + step
        if shown > LATEST:
            raise ValueError(f"the clock stands past {LATEST.isoformat()}")
        with self._lock:
            self._frozen_at, self._offset = frozen, step

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def __call__(self) -> datetime:
        """Return the current time: the frozen instant, or the wall clock plus the advances."""
        frozen = self._frozen_at
        return frozen if frozen is not None else datetime.now(UTC) + self._offset

    @property
    def frozen(self) -> bool:
        """Whether the clock stands still."""
        return self._frozen_at is not None

    def freeze(self, at: datetime | None = None) -> datetime:
        """Stop the clock now, or at ``at`` (aware, not earlier than now); return the time."""
        if at is not None:
            if at.tzinfo is None or at.utcoffset() is None:
                raise ValueError("at must be an aware datetime (with its UTC offset)")
            try:
                at = at.astimezone(UTC)
            except OverflowError:
                raise ValueError(f"at must be no later than {LATEST.isoformat()}") from None
            if at > LATEST:
                raise ValueError(f"at must be no later than {LATEST.isoformat()}")
        with self._lock:
            now = self()
            if at is not None:
                if at < now:
                    raise ValueError(
                        "at must not be earlier than the clock's time: it never goes back"
                    )
                now = at
            self._frozen_at = now
        self._changed()
        return now

    def advance(self, seconds: float | timedelta) -> datetime:
        """Move the clock forward (frozen or running); return the new time."""
        try:
            step = seconds if isinstance(seconds, timedelta) else timedelta(seconds=seconds)
        except OverflowError:
            raise ValueError(f"the clock cannot pass {LATEST.isoformat()}") from None
        if step < timedelta(0):
            raise ValueError("seconds must not be negative: the clock never goes back")
        with self._lock:
            if step > LATEST - self():
                raise ValueError(
                    f"the clock cannot pass {LATEST.isoformat()} (it is {self().isoformat()})"
                )
            if self._frozen_at is not None:
                self._frozen_at += step
            else:
                self._offset += step
            now = self()
        self._changed()
        return now

    def resume(self) -> datetime:
        """Let a frozen clock run again, from the time it stands at; return that time."""
        with self._lock:
            if self._frozen_at is not None:
                self._offset = self._frozen_at - datetime.now(UTC)
                self._frozen_at = None
            now = self()
        self._changed()
        return now
