from __future__ import annotations

from ..models.balance import Balance
from ..types import Model

__all__ = ["BalanceList"]


class BalanceList(Model):
    """Balances in every currency enabled for the account."""

    data: list[Balance]
    """``data`` (required); the service description says no more about it."""
