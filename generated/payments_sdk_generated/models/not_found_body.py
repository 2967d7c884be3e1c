from __future__ import annotations

from typing import Literal

from ..types import Model

__all__ = ["NotFoundBody"]


class NotFoundBody(Model):
    """The 404 body, for an id that matches no resource."""

    error: Literal["Not Found"]
    """``error`` (required); the service description says no more about it."""
    message: str
    """``message`` (required); the service description says no more about it."""
