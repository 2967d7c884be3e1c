"""The bundle's numeric keywords, read exactly: ``minimum: 0.5``, ``multipleOf: 0.01``.

A JSON or YAML loader reads ``0.01`` as the binary float nearest to one hundredth, which is
not one hundredth: ``Decimal("0.07") % 0.01`` is not even defined, and ``7 % 0.01`` is
``0.00999...``. Every reader of a bound (the SDK's checks, the sandbox's validator and value
maker, the CLI's help and parser, api-diff) takes it through :func:`exact_bound`, the decimal
the bundle spells (the shortest text that reads back as that float, as ``repr`` writes it:
``0.01``), and tests ``multipleOf`` with :func:`is_multiple`, in integer arithmetic at any
magnitude. Numbers in requests are ints or ``Decimal`` already (floats are refused), so no
comparison is ever made in binary floating point.

This module imports nothing of the package: ``openapi/tools`` loads it by path.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

__all__ = ["exact_bound", "is_multiple"]


def exact_bound(bound: Any) -> Any:
    """Return a bound as the number the bundle wrote: a float becomes its ``Decimal``.

    ``0.01`` (a float) is ``Decimal("0.01")``; an int, a ``Decimal`` or anything else is
    returned as it is.
    """
    if isinstance(bound, float):
        return Decimal(repr(bound))
    return bound


def _integer_and_exponent(number: int | Decimal) -> tuple[int, int]:
    """Return ``(n, e)`` with ``number == n * 10**e`` exactly."""
    if isinstance(number, int):
        return number, 0
    sign, digits, exponent = number.as_tuple()
    assert isinstance(exponent, int)  # finite: checked by the caller
    whole = int("".join(map(str, digits)) or "0")
    return (-whole if sign else whole), exponent


def _power(whole: int, prime: int) -> int:
    """How many times ``prime`` divides ``whole`` (not 0)."""
    count = 0
    while whole % prime == 0:
        whole //= prime
        count += 1
    return count


def is_multiple(value: int | Decimal | float, step: int | Decimal | float) -> bool:
    """Whether ``value / step`` is an integer, exactly, for a positive ``step``.

    Both are read as the decimals they spell (a float through :func:`exact_bound`). The test is
    made on integers, and the power of ten between them is capped where it can no longer
    change the answer, so ``Decimal("1E+999999")`` is judged as fast as ``5``.
    """
    exact_value = Decimal(repr(value)) if isinstance(value, float) else value
    exact_step = Decimal(repr(step)) if isinstance(step, float) else step
    if isinstance(exact_value, Decimal) and not exact_value.is_finite():
        return False
    number, number_exponent = _integer_and_exponent(exact_value)
    unit, unit_exponent = _integer_and_exponent(exact_step)
    if number == 0:
        return True
    if unit == 0:
        return False
    unit = abs(unit)
    shift = number_exponent - unit_exponent  # value / step = number / unit * 10**shift
    if shift >= 0:
        # Beyond the step's own powers of 2 and 5, more tens change nothing.
        enough = max(_power(unit, 2), _power(unit, 5))
        return bool((number * 10 ** min(shift, enough)) % unit == 0)
    if -shift > len(str(abs(number))):
        return False  # unit * 10**-shift is larger than the value, which is not 0
    return bool(number % (unit * 10**-shift) == 0)
