from __future__ import annotations

from ..types import Model

__all__ = ["BeneficiaryV2RequestNotes"]


class BeneficiaryV2RequestNotes(Model):
    """Free-form key/value pairs supplied by the caller."""
