"""``GET /v1/fx-rate``: Retrieve the mid-market FX rate.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
until `expires_at`; after that a fresh rate is fetched from the provider.
"""

from __future__ import annotations

from ...models.fx_rate import FxRate
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[FxRate] = Operation(
    "getFxRate",
    "GET",
    "/v1/fx-rate",
    answer=FxRate,
)
"""Retrieve the mid-market FX rate: answers ``FxRate`` (200)."""
