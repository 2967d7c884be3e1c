"""The progress line of an export: items, pages and rate, on standard error.

Shown only when standard error is a terminal (never in a pipe or a log file), redrawn at most
ten times a second, and erased when the export ends, so that the terminal keeps only the output.
"""

from __future__ import annotations

import time
from typing import TextIO

__all__ = ["Progress"]

_INTERVAL = 0.1


class Progress:
    """Counts items and pages; draws ``12,300 items · 123 pages · 4,100 items/s``."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self._started = time.monotonic()
        self._drawn = 0.0
        self.items = 0
        self.pages = 0

    @classmethod
    def on(cls, stream: TextIO, *, enabled: bool) -> Progress:
        """Return a progress line on ``stream`` if enabled and it is a terminal, else a counter."""
        shown = enabled and stream.isatty()
        return cls(stream if shown else None)

    def page(self, items: int) -> None:
        """Count a page of ``items`` and redraw, at most ten times a second."""
        self.items += items
        self.pages += 1
        if self._stream is None:
            return
        now = time.monotonic()
        if now - self._drawn >= _INTERVAL:
            self._drawn = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        assert self._stream is not None
        elapsed = max(now - self._started, 1e-9)
        rate = round(self.items / elapsed)
        self._stream.write(
            f"\r\x1b[K{self.items:,} items · {self.pages:,} pages · {rate:,} items/s"
        )
        self._stream.flush()

    def done(self) -> None:
        """Erase the line."""
        if self._stream is not None:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
