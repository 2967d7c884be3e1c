"""``TestClock``: the sandbox's time, which a test can freeze and advance.

Every time rule of the sandbox reads it: the ``created_at`` of new records (and so the
``before``/``after`` windows of every list), and the FX desk's ``expires_at`` and refreshes.
It runs with the wall clock until frozen; frozen, it stands still until advanced or resumed;
resumed, it runs again from where it stood. It never goes back.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

__all__ = ["TestClock"]


class TestClock:
    """A clock for one sandbox namespace: ``clock()`` is the current aware UTC time."""

    __test__ = False  # not a pytest test class, despite the name

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._offset = timedelta(0)
        self._frozen_at: datetime | None = None

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
        with self._lock:
            now = self()
            if at is not None:
                if at.tzinfo is None or at.utcoffset() is None:
                    raise ValueError("at must be an aware datetime (with its UTC offset)")
                if at < now:
                    raise ValueError(
                        "at must not be earlier than the clock's time: it never goes back"
                    )
                now = at.astimezone(UTC)
            self._frozen_at = now
            return now

    def advance(self, seconds: float | timedelta) -> datetime:
        """Move the clock forward (frozen or running); return the new time."""
        step = seconds if isinstance(seconds, timedelta) else timedelta(seconds=seconds)
        if step < timedelta(0):
            raise ValueError("seconds must not be negative: the clock never goes back")
        with self._lock:
            if self._frozen_at is not None:
                self._frozen_at += step
            else:
                self._offset += step
            return self()

    def resume(self) -> datetime:
        """Let a frozen clock run again, from the time it stands at; return that time."""
        with self._lock:
            if self._frozen_at is not None:
                self._offset = self._frozen_at - datetime.now(UTC)
                self._frozen_at = None
            return self()
