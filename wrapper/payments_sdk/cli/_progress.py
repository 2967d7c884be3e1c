"""The progress line of an export, on standard error, and the line that sums it up.

The line (``2,680 of 20,000 items (13%) · 27 of 200 pages · 3,343 items/s · 5 s left``) is
shown only when standard error is a terminal (never in a pipe or a log file), redrawn at most
ten times a second, and erased when the export ends, so that the terminal keeps only the
output. The total is the first page's ``page_meta.count`` and ``pages``; the time left is the
items still to come at the rate so far. :meth:`Progress.summary` is the one line said at the
end: how many rows went where.
"""

from __future__ import annotations

import time
from typing import Any, TextIO

__all__ = ["Progress"]

_INTERVAL = 0.1


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Progress:
    """Counts items and pages; draws the progress line when it has a terminal."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self._started = time.monotonic()
        self._drawn = 0.0
        self.items = 0
        self.pages = 0
        self.total_items: int | None = None
        """Records in the walk, from the first page's ``page_meta.count``."""
        self.total_pages: int | None = None
        """Pages in the walk, from the first page's ``page_meta.pages``."""

    @property
    def shown(self) -> bool:
        """Whether the line is drawn (standard error is a terminal, and it is enabled)."""
        return self._stream is not None

    @classmethod
    def on(cls, stream: TextIO, *, enabled: bool) -> Progress:
        """Return a progress line on ``stream`` if enabled and it is a terminal, else a counter."""
        shown = enabled and stream.isatty()
        return cls(stream if shown else None)

    def page(self, items: int, meta: Any = None) -> None:
        """Count a page of ``items`` and redraw, at most ten times a second.

        ``meta`` is the page's ``page_meta``: the first one sets the totals.
        """
        self.items += items
        self.pages += 1
        if self.total_items is None and meta is not None:
            count, pages = meta.count, meta.pages
            if isinstance(count, int) and isinstance(pages, int):
                self.total_items, self.total_pages = count, pages
        if self._stream is None:
            return
        now = time.monotonic()
        if now - self._drawn >= _INTERVAL:
            self._drawn = now
            self._stream.write(f"\r\x1b[K{self.line(now)}")
            self._stream.flush()

    def line(self, now: float) -> str:
        """Return the progress line as it stands at ``now`` (a ``time.monotonic()`` value)."""
        elapsed = max(now - self._started, 1e-9)
        rate = self.items / elapsed
        total, pages = self.total_items, self.total_pages
        if not total or pages is None:
            return f"{self.items:,} items · {self.pages:,} pages · {round(rate):,} items/s"
        share = min(self.items / total, 1.0)
        parts = [
            f"{self.items:,} of {total:,} items ({share:.0%})",
            f"{self.pages:,} of {pages:,} pages",
            f"{round(rate):,} items/s",
        ]
        if rate > 0:
            parts.append(f"{_duration(max(total - self.items, 0) / rate)} left")
        return " · ".join(parts)

    def summary(self, rows: int, where: str) -> str:
        """Return the last line of an export: ``wrote 20,000 rows to october.csv``."""
        return f"wrote {rows:,} {'row' if rows == 1 else 'rows'} to {where}"

    def done(self) -> None:
        """Erase the line."""
        if self._stream is not None:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
