"""One value per running event loop, for state that must not cross loops (gates, sessions).

A client may be used from several event loops (threads, or ``asyncio.run`` called again); each
loop gets its own value. The value used last is kept at hand, so a client on one loop pays a
single identity check per call; values of loops that have closed are dropped when a new one
is stored.
"""

from __future__ import annotations

import asyncio
from typing import Generic, TypeVar

T = TypeVar("T")


class PerLoop(Generic[T]):
    """A map from event loop to one value of type ``T``, with the last one used at hand."""

    __slots__ = ("_values", "last", "last_loop")

    def __init__(self) -> None:
        self._values: dict[asyncio.AbstractEventLoop, T] = {}
        self.last_loop: asyncio.AbstractEventLoop | None = None
        """The loop whose value was used last: ``last`` is its value."""
        self.last: T | None = None
        """The value used last, at hand: ``last if loop is last_loop else get(loop)``."""

    def get(self, loop: asyncio.AbstractEventLoop) -> T | None:
        """Return ``loop``'s value, or None if it has none yet."""
        if loop is self.last_loop:
            return self.last
        value = self._values.get(loop)
        if value is not None:
            self.last_loop, self.last = loop, value
        return value

    def put(self, loop: asyncio.AbstractEventLoop, value: T) -> list[asyncio.AbstractEventLoop]:
        """Store ``value`` for ``loop``; drop the values of closed loops and return those loops."""
        dropped = [old for old in self._values if old is not loop and old.is_closed()]
        for old in dropped:
            del self._values[old]
        self._values[loop] = value
        self.last_loop, self.last = loop, value
        return dropped

    def values(self) -> list[T]:
        """Every loop's value."""
        return list(self._values.values())

    def take_all(self) -> list[T]:
        """Remove and return every loop's value (for closing them)."""
        taken = list(self._values.values())
        self._values.clear()
        self.last_loop = self.last = None
        return taken
