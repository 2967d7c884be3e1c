from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.conversion_currency import ConversionCurrency

T = TypeVar("T", bound="BalanceConversionBySource")


@_attrs_define
class BalanceConversionBySource:
    """Convert a given amount of the source currency."""

    source_currency: ConversionCurrency
    """ Currencies supported for balance conversion. """
    target_currency: ConversionCurrency
    """ Currencies supported for balance conversion. """
    source_amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """

    def to_dict(self) -> dict[str, Any]:
        source_currency = self.source_currency.value

        target_currency = self.target_currency.value

        source_amount = self.source_amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_currency": source_currency,
                "target_currency": target_currency,
                "source_amount": source_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_currency = ConversionCurrency(d.pop("source_currency"))

        target_currency = ConversionCurrency(d.pop("target_currency"))

        source_amount = d.pop("source_amount")

        balance_conversion_by_source = cls(
            source_currency=source_currency,
            target_currency=target_currency,
            source_amount=source_amount,
        )

        return balance_conversion_by_source
