from __future__ import annotations

from typing import Literal

from ..types import Model

__all__ = ["UnauthorizedBody"]


class UnauthorizedBody(Model):
    """The 401 body, for a missing, malformed or expired token."""

    error: Literal["Unauthorized"]
    """``error`` (required); the service description says no more about it."""
    message: str
    """``message`` (required); the service description says no more about it."""
