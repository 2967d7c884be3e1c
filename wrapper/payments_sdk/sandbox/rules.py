"""The figures behind the sandbox's business rules, for tests that compute what to expect.

::

    from payments_sdk.sandbox.rules import FEE_BPS, SEED_BALANCES

    fee = -(-gross * FEE_BPS // 10_000)  # the conversion fee, rounded up, in minor units

The service's own figures are not in the description; these are the sandbox's, and the
sandbox guide explains how each rule uses them. Importing this module needs no extra.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

__all__ = ["FEE_BPS", "SANCTIONS_THRESHOLD", "SEED_BALANCES"]

SEED_BALANCES: Final = MappingProxyType({"USD": 100_000_000, "EUR": 80_000_000, "GBP": 50_000_000})
"""Balances at start, in minor units: 1,000,000.00 USD, 800,000.00 EUR, 500,000.00 GBP."""

FEE_BPS: Final = 50
"""The FX fee on conversions in basis points: 0.50% of the converted amount, rounded up and
charged in the target currency."""

SANCTIONS_THRESHOLD: Final = 1_000_000
"""Orders of at least this many minor units are held for sanctions screening, with an RFI."""
