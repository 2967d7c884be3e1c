from __future__ import annotations

from ..types import Model

__all__ = ["RefundCreateRequest"]


class RefundCreateRequest(Model):
    """Identifies the payment to refund."""

    payment_id: str
    """ A payment id. """
