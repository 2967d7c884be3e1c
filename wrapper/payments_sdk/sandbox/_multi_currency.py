"""The business rules of the Multi Currency Account group: converting between balances.

Money moves with integer arithmetic only, under the store's one lock, so concurrent
conversions can never create or lose a minor unit. The rates come from the store's
:class:`~._fx.FxDesk`; the fee is :data:`~.rules.FEE_BPS`.
"""

from __future__ import annotations

from typing import Any

from ._errors import UnknownShape, bad_request, has
from ._fx import PPM
from ._store import Store
from .rules import FEE_BPS

__all__ = ["convert"]


def convert(store: Store, body: dict[str, Any]) -> dict[str, Any]:
    """Convert between balances at the cached mid-market rate, less the FX fee."""
    shaped = has(body, "source_currency", "target_currency") and (
        has(body, "source_amount") or has(body, "target_amount")
    )
    if not shaped:
        raise UnknownShape(
            "balance conversion",
            body,
            "source_currency, target_currency and source_amount or target_amount",
        )
    source, target = body["source_currency"], body["target_currency"]
    if source == target:
        raise bad_request("target_currency must differ from source_currency")
    quote = store.fx.quote(source, target)
    if has(body, "source_amount"):
        source_amount = body["source_amount"]
        gross = source_amount * quote.rate_ppm // PPM
        fee = -(-gross * FEE_BPS // 10_000)  # ceiling division, in integers
        target_amount = gross - fee
        if target_amount < 1:
            raise bad_request(f"source_amount is too small to convert to {target}")
    else:
        target_amount = body["target_amount"]
        fee = -(-target_amount * FEE_BPS // (10_000 - FEE_BPS))  # ceiling division
        gross = target_amount + fee
        source_amount = -(-gross * PPM // quote.rate_ppm)
    available = store.balances.get(source, 0)
    if source_amount > available:
        field = "source_amount" if "source_amount" in body else "target_amount"
        raise bad_request(
            f"{field} needs {source_amount} {source} minor units but the available "
            f"{source} balance is {available}"
        )
    store.balances[source] = available - source_amount
    store.balances[target] = store.balances.get(target, 0) + target_amount
    record = {
        "id": store.new_id("conv"),
        "source_currency": source,
        "target_currency": target,
        "source_amount": source_amount,
        "target_amount": target_amount,
        "mid_market_rate": quote.rate,
        "fx_fee": {"amount": fee, "currency": target},
        "created_at": store.now(),
    }
    store.conversions.append(record)
    return record
