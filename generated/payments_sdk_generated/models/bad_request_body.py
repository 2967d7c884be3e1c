from __future__ import annotations

from typing import Literal

from ..types import Model

__all__ = ["BadRequestBody"]


class BadRequestBody(Model):
    """The 400 body. `message` says what is wrong; for an invalid parameter it names it."""

    error: Literal["Bad Request"]
    """``error`` (required); the service description says no more about it."""
    message: str
    """``message`` (required); the service description says no more about it."""
