from __future__ import annotations

from ..types import Model

__all__ = ["KycLinkCreateRequest"]


class KycLinkCreateRequest(Model):
    """For an existing customer (`customer_id`) or a new one (`email`), not both."""

    customer_id: str | None = None
    """ A customer id. """
    email: str | None = None
    """``email`` (optional); the service description says no more about it."""
