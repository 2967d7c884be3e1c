"""``client.fx_rates``: Current mid-market rates, before FX fees.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk._checks import check
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.multi_currency_account import get_fx_rate

if TYPE_CHECKING:
    from payments_sdk_generated.models import FxRate
    from typing_extensions import Unpack

__all__ = ["FxRates"]

_RETRIEVE_SOURCE_CURRENCY: dict[str, Any] = {
    "type": "string",
    "format": "iso-4217",
    "description": "ISO 4217 currency code.",
    "pattern": "^[A-Z]{3}$",
    "examples": ["USD"],
}
_RETRIEVE_TARGET_CURRENCY: dict[str, Any] = {
    "type": "string",
    "format": "iso-4217",
    "description": "ISO 4217 currency code.",
    "pattern": "^[A-Z]{3}$",
    "examples": ["USD"],
}


class FxRates(Resource):
    """Current mid-market rates, before FX fees."""

    async def retrieve(
        self,
        *,
        source_currency: str,
        target_currency: str,
        **options: Unpack[RequestOptions],
    ) -> FxRate:
        """``GET /v1/fx-rate``: Retrieve the mid-market FX rate.

        Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
        until `expires_at`; after that a fresh rate is fetched from the provider.

        Args:
            source_currency: Required. ISO 4217 code of the currency to convert from. Matches ``^[A-Z]{3}$``.
                Format ``iso-4217`` (checked).
            target_currency: Required. ISO 4217 code of the currency to convert into. Matches ``^[A-Z]{3}$``.
                Format ``iso-4217`` (checked).
        """
        source_currency = check(source_currency, _RETRIEVE_SOURCE_CURRENCY, "source_currency")
        target_currency = check(target_currency, _RETRIEVE_TARGET_CURRENCY, "target_currency")
        if options:
            self._no_body(options.get("extra_body"), get_fx_rate.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            get_fx_rate.OPERATION,
            per_call,
            query={"source_currency": source_currency, "target_currency": target_currency},
        )
