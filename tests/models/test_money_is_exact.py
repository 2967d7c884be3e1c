"""Money: exact amounts, the smallest-unit wire form, and the three-decimal rule."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from iso4217 import Currency

from payments_sdk import CurrencyMismatchError, InvalidParameterError, Money

CURRENCIES = sorted(c.code for c in Currency if c.exponent is not None)
EXPONENT = {c.code: c.exponent for c in Currency if c.exponent is not None}


def test_documented_examples() -> None:
    """The description's examples: 299.00 USD, 295 JPY, 295.991 KWD."""
    assert Money.of("299.00", "USD").minor_units == 29900
    assert Money.of(295, "JPY").minor_units == 295
    assert Money.of("295.991", "KWD").minor_units == 295990
    assert Money.from_minor_units(29900, "USD").amount == Decimal("299.00")


def test_exponents_come_from_the_iso_4217_package() -> None:
    """Zero-, two- and three-decimal currencies are known without a hand-typed table."""
    assert len(CURRENCIES) > 150
    assert (EXPONENT["JPY"], EXPONENT["EUR"], EXPONENT["BHD"], EXPONENT["OMR"]) == (0, 2, 3, 3)


@st.composite
def wire_amounts(draw: st.DrawFn) -> tuple[int, str]:
    currency = draw(st.sampled_from(CURRENCIES))
    minor = draw(st.integers(min_value=-(10**18), max_value=10**18))
    if EXPONENT[currency] == 3:
        minor -= minor % 10  # the three-decimal rule: the wire's last digit is 0
    return minor, currency


@given(wire_amounts())
def test_exact_round_trip_for_every_currency(wire: tuple[int, str]) -> None:
    """Minor units -> Money -> minor units, and Money -> str -> Money, lose nothing."""
    minor, currency = wire
    money = Money.from_minor_units(minor, currency)
    assert money.minor_units == minor
    assert Money.of(money.amount, currency) == money
    assert Money.of(str(money.amount), currency) == money
    assert money.amount.as_tuple().exponent == -EXPONENT[currency]


@given(st.sampled_from(CURRENCIES), st.integers(min_value=1, max_value=10**12))
def test_excess_precision_is_rejected(currency: str, units: int) -> None:
    """One decimal more than the currency has is an error naming amount."""
    too_fine = Decimal(units).scaleb(-(EXPONENT[currency] + 1))
    if too_fine == too_fine.quantize(Decimal(1).scaleb(-EXPONENT[currency])):
        return  # e.g. 1.230 for a 2-decimal currency is exactly representable
    with pytest.raises(InvalidParameterError) as raised:
        Money.of(too_fine, currency)
    assert raised.value.field == "amount"


def test_rounding_mode_allows_excess_precision() -> None:
    """With a rounding mode the amount is rounded instead of refused."""
    assert Money.of("1.005", "USD", rounding="ROUND_HALF_UP").minor_units == 101
    assert Money.of("1.005", "USD", rounding="ROUND_HALF_EVEN").minor_units == 100
    assert Money.of("2.5", "JPY", rounding="ROUND_DOWN").minor_units == 2


def test_three_decimal_amounts_are_sent_with_a_last_digit_of_zero() -> None:
    """The rule is about what a caller sends: 295.991 KWD is sent as 295990."""
    assert Money.of("295.991", "KWD").minor_units == 295990
    assert Money.of("295.991", "KWD").follows_wire_rule is False
    assert Money.of("295.990", "KWD").follows_wire_rule is True


@given(st.sampled_from(["KWD", "BHD", "OMR"]), st.integers(min_value=-(10**15), max_value=10**15))
def test_service_amounts_that_break_the_rule_are_read_exactly(currency: str, minor: int) -> None:
    """A returned amount is read as it comes, never refused: a walk cannot fail on it."""
    money = Money.from_minor_units(minor, currency)
    assert money.amount == Decimal(minor).scaleb(-3)
    assert money.follows_wire_rule is (minor % 10 == 0)


@pytest.mark.parametrize("bad", [1.5, True, None, "1,00", "NaN", "Infinity", [1]])
def test_floats_and_junk_are_refused(bad: object) -> None:
    """No float ever enters; neither do bools, NaN or infinities."""
    with pytest.raises(InvalidParameterError):
        Money.of(bad, "USD")  # type: ignore[arg-type]


@pytest.mark.parametrize("code", ["usd", "US", "XXXX", "ZZZ", "XAU", 840])
def test_unknown_currencies_are_refused(code: object) -> None:
    """Lowercase, unknown and minor-unit-less codes name the currency field."""
    with pytest.raises(InvalidParameterError) as raised:
        Money.of("1", code)  # type: ignore[arg-type]
    assert raised.value.field == "currency"


def test_money_is_immutable_and_hashable() -> None:
    """Money cannot be changed in place and can key a dict."""
    money = Money.of("1.00", "EUR")
    with pytest.raises(dataclasses.FrozenInstanceError):
        money.amount = Decimal("2.00")  # type: ignore[misc]
    assert {money: 1}[Money.of("1", "EUR")] == 1


def test_same_currency_arithmetic_and_comparison() -> None:
    """Addition, subtraction and ordering within one currency are exact."""
    a, b = Money.of("0.10", "USD"), Money.of("0.20", "USD")
    assert a + b == Money.of("0.30", "USD")
    assert (b - a).minor_units == 10
    assert a < b <= b and b > a >= a
    assert (-a).minor_units == -10
    assert str(a + b) == "0.30 USD"


def test_mixing_currencies_raises() -> None:
    """Adding or comparing two currencies is a CurrencyMismatchError."""
    usd, eur = Money.of("1", "USD"), Money.of("1", "EUR")
    with pytest.raises(CurrencyMismatchError):
        _ = usd + eur
    with pytest.raises(CurrencyMismatchError):
        _ = usd < eur
    with pytest.raises(TypeError):
        _ = usd + 1  # type: ignore[operator]
    assert usd != eur


def test_sum_of_one_currency_needs_no_start() -> None:
    """sum(moneys) adds Money of one currency; Money.zero starts a sum that may be empty."""
    moneys = [Money.of("1.10", "USD"), Money.of("2.25", "USD"), Money.of("0.65", "USD")]
    assert sum(moneys) == Money.of("4.00", "USD")
    assert sum([], Money.zero("EUR")) == Money.of("0.00", "EUR")
    assert sum(moneys, Money.zero("USD")) == Money.of("4.00", "USD")
    assert Money.zero("JPY") == Money.of("0", "JPY")


def test_sum_across_currencies_is_refused() -> None:
    """Adding two currencies through sum() is a CurrencyMismatchError, as with +."""
    with pytest.raises(CurrencyMismatchError):
        sum([Money.of("1.00", "USD"), Money.of("1.00", "EUR")])
    with pytest.raises(TypeError):
        _ = 5 + Money.of("1.00", "USD")  # type: ignore[operator]
