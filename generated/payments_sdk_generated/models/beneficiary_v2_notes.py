from __future__ import annotations

from ..types import Model

__all__ = ["BeneficiaryV2Notes"]


class BeneficiaryV2Notes(Model):
    """A ``BeneficiaryV2Notes``."""
