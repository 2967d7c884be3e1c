from __future__ import annotations

from ..types import Model

__all__ = ["Ping"]


class Ping(Model):
    """The ping answer; its body is not published, so any fields are kept."""
