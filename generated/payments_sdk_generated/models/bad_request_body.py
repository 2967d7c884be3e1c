from __future__ import annotations

from typing import Literal

from ..types import Model

__all__ = ["BadRequestBody"]


class BadRequestBody(Model):
    """The 400 body. `message` says what is wrong; for an invalid parameter it names it."""

    error: Literal["Bad Request"]
    message: str
