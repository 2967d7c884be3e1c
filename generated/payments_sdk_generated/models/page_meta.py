from __future__ import annotations

import msgspec

from ..types import Model

__all__ = ["PageMeta"]


class PageMeta(Model):
    """Page metadata, present in every list response."""

    current: int
    """ Current page number. """
    previous: int | None
    """ Previous page number, or null on the first page. """
    next_: int | None = msgspec.field(name="next")
    """ Next page number, or null on the last page. """
    per_page: int
    """ Page size. """
    pages: int
    """ Total pages. """
    count: int
    """ Total records. """
