"""``Window``: a creation-time window ``[start, end)`` that loses no record on its edges.

The service's list filters are both exclusive: ``after`` is "created after this time" and
``before`` "created before this time". Two adjacent months written with them
(``after=2026-10-01, before=2026-11-01`` and ``after=2026-11-01, before=2026-12-01``) lose a
record created at exactly ``2026-11-01T00:00:00Z``: it is in neither. A :class:`Window` has an
inclusive start and an exclusive end, so adjacent windows share no record and miss none:

- ``end`` is sent as ``before`` (exclusive, as the bundle says);
- ``start`` is sent as ``after`` one second earlier (:data:`OVERLAP`), and the pager drops the
  records of that overlap created before ``start``. The service's timestamp resolution and how
  it rounds ``after`` are not published; one second more, filtered on the records'
  ``created_at``, is exact whatever they are (openapi/DECISIONS.md, "Windows").

``client.payments.list(window=Window.month("2026-10"))`` walks October, UTC.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .errors import InvalidParameterError

__all__ = ["AFTER", "BEFORE", "OVERLAP", "Window"]

AFTER, BEFORE = "after", "before"
"""The service's list filters a window is sent as: "created after" and "created before" a time
(the command line reads them here, so that building its parser imports no HTTP stack)."""

OVERLAP = timedelta(seconds=1)
"""How much earlier than a window's start the pager asks for (``after``), then filters out."""

_MONTH = re.compile(r"(\d{4})-(\d{2})")


def _invalid(field: str, problem: str) -> InvalidParameterError:
    from .errors import InvalidParameterError  # imports httpx: only when something is wrong

    return InvalidParameterError(field, problem)


def _instant(value: datetime | str, field: str) -> datetime:
    from ._validation import to_utc_instant

    return to_utc_instant(value, field)


class Window:
    """Records created from ``start`` (inclusive) to ``end`` (exclusive), both aware UTC times.

    Either edge may be None (open). Build one with :meth:`month`, or ``Window(start, end)``
    from aware datetimes or ISO 8601 strings with an offset. Immutable; windows with the same
    edges are equal.
    """

    __slots__ = ("_end", "_start")

    def __init__(
        self, start: datetime | str | None = None, end: datetime | str | None = None
    ) -> None:
        self._start = None if start is None else _instant(start, "start")
        self._end = None if end is None else _instant(end, "end")

    @property
    def start(self) -> datetime | None:
        """The first instant in the window (inclusive), in UTC; None: from the first record."""
        return self._start

    @property
    def end(self) -> datetime | None:
        """The first instant after the window (exclusive), in UTC; None: up to the newest."""
        return self._end

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Window):
            return NotImplemented
        return (self._start, self._end) == (other._start, other._end)

    def __hash__(self) -> int:
        return hash((Window, self._start, self._end))

    def __repr__(self) -> str:
        return f"Window({self})"

    @classmethod
    def month(cls, month: str | int, number: int | None = None, *, tz: tzinfo = UTC) -> Window:
        """Return one calendar month: ``Window.month("2026-10")`` or ``Window.month(2026, 10)``.

        The month runs from midnight on its first day (inclusive) to midnight on the next
        month's first day (exclusive), in ``tz`` (UTC unless given).
        """
        if isinstance(month, str) and number is None:
            found = _MONTH.fullmatch(month.strip())
            if found is None:
                raise _invalid(
                    "month", f"must be a month written YYYY-MM, such as 2026-10, got {month!r}"
                )
            year, index = int(found[1]), int(found[2])
        elif isinstance(month, int) and not isinstance(month, bool) and isinstance(number, int):
            year, index = month, number
        else:
            raise _invalid(
                "month", "give 'YYYY-MM' (Window.month('2026-10')) or a year and a month number"
            )
        if not 1 <= index <= 12:
            raise _invalid("month", f"the month number must be 1 to 12, got {index}")
        if not 1 <= year <= 9998:
            raise _invalid("month", f"the year must be 1 to 9998, got {year}")
        following = (year + 1, 1) if index == 12 else (year, index + 1)
        return cls(
            datetime(year, index, 1, tzinfo=tz).astimezone(UTC),
            datetime(*following, 1, tzinfo=tz).astimezone(UTC),
        )

    @property
    def reversed(self) -> bool:
        """Whether ``start`` is later than ``end``: such a window holds no record."""
        return self.start is not None and self.end is not None and self.start > self.end

    def after(self) -> datetime | None:
        """Return the ``after`` the pager sends: :data:`OVERLAP` before ``start``."""
        if self.start is None:
            return None
        try:
            return self.start - OVERLAP
        except OverflowError:
            return None  # a start in the first second of year 1: nothing can be earlier

    def holds(self, created_at: datetime | None) -> bool:
        """Whether a record created at ``created_at`` is in the window.

        A record without a creation time is kept: the service placed it in the window asked
        for, and nothing says otherwise.
        """
        if created_at is None:
            return True
        if created_at.tzinfo is None:
            created_at = created_at.replace(tzinfo=UTC)
        if self.start is not None and created_at < self.start:
            return False
        return self.end is None or created_at < self.end

    def __str__(self) -> str:
        def shown(value: datetime | None) -> str:
            return "…" if value is None else value.isoformat().replace("+00:00", "Z")

        return f"[{shown(self.start)}, {shown(self.end)})"
