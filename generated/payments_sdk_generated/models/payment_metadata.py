from __future__ import annotations

from ..types import Model

__all__ = ["PaymentMetadata"]


class PaymentMetadata(Model):
    """A ``PaymentMetadata``."""
