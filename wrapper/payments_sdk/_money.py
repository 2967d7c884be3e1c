"""Exact money amounts and their smallest-unit (wire) form.

The service carries every amount as an integer in the currency's smallest unit:
299.00 USD is ``29900`` and 295 JPY is ``295``. **Three-decimal rule**: for currencies with
three decimals (KWD, BHD, OMR, …) the service's last digit is always 0; 295.991 KWD is sent as
``295990``. The rule is about what a caller sends: :attr:`Money.minor_units` applies it.
:meth:`Money.from_minor_units` reads what the service returns exactly as it comes, even an
amount that breaks the rule (``662`` KWD is 0.662 KWD): reading the service's own data never
fails on it (openapi/DECISIONS.md, "Amounts the service returns").

Exponents come from the ``iso4217`` data package. No float is ever accepted or produced.
"""

from __future__ import annotations

import decimal
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Literal

from .errors import CurrencyMismatchError, InvalidParameterError

__all__ = ["Money", "currency_exponent"]

RoundingMode = Literal[
    "ROUND_DOWN",
    "ROUND_HALF_UP",
    "ROUND_HALF_EVEN",
    "ROUND_CEILING",
    "ROUND_FLOOR",
    "ROUND_UP",
    "ROUND_HALF_DOWN",
    "ROUND_05UP",
]

_CONTEXT = decimal.Context(prec=60, traps=[decimal.InvalidOperation, decimal.Inexact])


@cache
def _exponents() -> dict[str, int]:
    from iso4217 import Currency  # imported lazily: it parses its XML table on import

    return {c.code: c.exponent for c in Currency if c.exponent is not None}


def currency_exponent(currency: str, *, field: str = "currency") -> int:
    """Return the number of decimals of an ISO 4217 currency, or raise naming ``field``."""
    if not isinstance(currency, str) or len(currency) != 3 or not currency.isupper():
        raise InvalidParameterError(
            field, f"must be a 3-letter uppercase ISO 4217 code, got {currency!r}"
        )
    try:
        return _exponents()[currency]
    except KeyError:
        raise InvalidParameterError(
            field, f"{currency!r} is not an ISO 4217 currency with minor units"
        ) from None


def _three_decimal_wire(minor: int) -> int:
    """Apply the three-decimal rule to a count of thousandths: the last digit becomes 0."""
    return minor - minor % 10 if minor >= 0 else -((-minor) - (-minor) % 10)


@dataclass(frozen=True, slots=True)
class Money:
    """An exact amount of one currency. Immutable; same-currency arithmetic and comparison."""

    amount: Decimal
    """The amount in major units (``Decimal("299.00")``), at the currency's precision."""
    currency: str
    """The ISO 4217 code, such as ``"USD"``."""

    def __post_init__(self) -> None:
        if not isinstance(self.amount, Decimal) or not self.amount.is_finite():
            raise InvalidParameterError("amount", "must be a finite Decimal; use Money.of(...)")
        exponent = currency_exponent(self.currency)
        if self.amount.as_tuple().exponent != -exponent:
            raise InvalidParameterError(
                "amount", f"must have exactly {exponent} decimals for {self.currency}; use Money.of"
            )

    @classmethod
    def of(
        cls,
        amount: Decimal | str | int,
        currency: str,
        *,
        rounding: RoundingMode | None = None,
    ) -> Money:
        """Build Money from a major-unit amount: ``Money.of("299.00", "USD")``.

        ``amount`` is a ``Decimal``, a decimal string or an ``int``; floats are refused. An amount
        more precise than the currency allows (``"1.005"`` USD) raises, unless ``rounding``
        names a :mod:`decimal` rounding mode such as ``"ROUND_HALF_EVEN"``.
        """
        exponent = currency_exponent(currency)
        value = _to_decimal(amount)
        quantum = Decimal(1).scaleb(-exponent)
        try:
            exact = value.quantize(quantum, context=_CONTEXT)
        except decimal.Inexact:
            if rounding is None:
                raise InvalidParameterError(
                    "amount",
                    f"{value} has more than {exponent} decimals for {currency}; "
                    "pass rounding=... to round it",
                ) from None
            exact = value.quantize(quantum, rounding=getattr(decimal, rounding))
        except decimal.InvalidOperation:
            raise InvalidParameterError("amount", f"{value} is too large") from None
        return cls(exact, currency)

    @classmethod
    def from_minor_units(cls, minor_units: int, currency: str) -> Money:
        """Build Money from the service's integer form: ``from_minor_units(29900, "USD")``.

        Exact for every integer: a three-decimal amount that breaks the rule (``662`` KWD) is
        read as it is (0.662 KWD), not refused or rounded; :attr:`minor_units` applies the rule
        when it is sent back. The command line formats every amount through this method.
        """
        if isinstance(minor_units, bool) or not isinstance(minor_units, int):
            raise InvalidParameterError("minor_units", f"must be an int, got {minor_units!r}")
        exponent = currency_exponent(currency)
        return cls(Decimal(minor_units).scaleb(-exponent), currency)

    @property
    def follows_wire_rule(self) -> bool:
        """Whether the amount is sent as it is: False for 0.662 KWD, sent as ``660``.

        Only three-decimal currencies can break the rule (their last digit must be 0).
        """
        exponent = currency_exponent(self.currency)
        return exponent != 3 or int(self.amount.scaleb(exponent)) % 10 == 0

    @property
    def minor_units(self) -> int:
        """The integer the service expects, in the smallest unit (three-decimal rule applied)."""
        exponent = currency_exponent(self.currency)
        minor = int(self.amount.scaleb(exponent))
        return _three_decimal_wire(minor) if exponent == 3 else minor

    def _same(self, other: object, operation: str) -> Money:
        if not isinstance(other, Money):
            raise TypeError(f"cannot {operation} Money and {type(other).__name__}")
        if other.currency != self.currency:
            raise CurrencyMismatchError(
                "currency", f"cannot {operation} {self.currency} and {other.currency}"
            )
        return other

    def __add__(self, other: Money) -> Money:
        return Money(self.amount + self._same(other, "add").amount, self.currency)

    def __radd__(self, other: object) -> Money:
        # sum() starts from the int 0: ``sum(moneys)`` of one currency is their Money total.
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        return self._same(other, "add") + self

    @classmethod
    def zero(cls, currency: str) -> Money:
        """Return nothing of ``currency``: the start for ``sum(moneys, Money.zero("USD"))``."""
        return cls.from_minor_units(0, currency)

    def __sub__(self, other: Money) -> Money:
        return Money(self.amount - self._same(other, "subtract").amount, self.currency)

    def __neg__(self) -> Money:
        return Money(-self.amount, self.currency)

    def __lt__(self, other: Money) -> bool:
        return self.amount < self._same(other, "compare").amount

    def __le__(self, other: Money) -> bool:
        return self.amount <= self._same(other, "compare").amount

    def __gt__(self, other: Money) -> bool:
        return self.amount > self._same(other, "compare").amount

    def __ge__(self, other: Money) -> bool:
        return self.amount >= self._same(other, "compare").amount

    def __str__(self) -> str:
        return f"{self.amount} {self.currency}"


def _to_decimal(amount: object) -> Decimal:
    if isinstance(amount, bool | float):
        raise InvalidParameterError(
            "amount", f"floats are not accepted, pass a Decimal or a string such as '{amount}'"
        )
    if isinstance(amount, Decimal):
        value = amount
    elif isinstance(amount, int):
        value = Decimal(amount)
    elif isinstance(amount, str):
        try:
            value = Decimal(amount.strip())
        except decimal.InvalidOperation:
            raise InvalidParameterError("amount", f"{amount!r} is not a decimal number") from None
    else:
        raise InvalidParameterError("amount", f"must be a Decimal, str or int, got {amount!r}")
    if not value.is_finite():
        raise InvalidParameterError("amount", f"must be finite, got {amount!r}")
    return value
