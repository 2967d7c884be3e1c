"""A ``number`` argument is an int or an exact Decimal: a float is refused before any request.

``0.1`` as a float is not one tenth; money and rates in this SDK are exact. So where the bundle
says ``type: number``, the SDK takes an ``int`` or a finite :class:`~decimal.Decimal`, checks it
against the schema's bounds in exact arithmetic (agreeing with JSON Schema on every value), and
sends it as the same digits. A float is refused, naming the Decimal to pass instead; so are a
string, a boolean and a NaN or infinite Decimal. The annotation says ``int | Decimal``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from surface import annotation

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from tests.conftest import MakeClient

BOUNDED = {"type": "number", "minimum": 0, "maximum": 1}
EXCLUSIVE = {"type": "number", "exclusiveMinimum": Decimal("0.5"), "exclusiveMaximum": 2}


def test_a_float_is_refused_naming_the_decimal_to_pass() -> None:
    with pytest.raises(InvalidParameterError) as raised:
        check(0.1, BOUNDED, "max_fee_rate")
    assert raised.value.field == "max_fee_rate"
    assert "Decimal('0.1')" in str(raised.value) and "float" in str(raised.value)


@pytest.mark.parametrize(
    "value", ["0.5", True, Decimal("NaN"), Decimal("Infinity"), None, [Decimal("0.5")]]
)
def test_what_is_not_an_exact_number_is_refused(value: Any) -> None:
    with pytest.raises(InvalidParameterError) as raised:
        check(value, BOUNDED, "rate")
    assert raised.value.field == "rate"


@pytest.mark.parametrize(
    "value", [0, 1, Decimal("0.30000000000000000000001"), Decimal("1.000"), Decimal("0E-30")]
)
def test_an_int_or_a_decimal_within_bounds_is_sent_as_given(value: Any) -> None:
    sent = check(value, BOUNDED, "rate")
    assert sent is value  # not converted: the encoder writes these very digits


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(
    st.one_of(
        st.integers(-3, 3),
        st.decimals(min_value=-3, max_value=3, places=25, allow_nan=False),
    ),
    st.sampled_from([BOUNDED, EXCLUSIVE]),
)
def test_bounds_agree_with_json_schema_on_every_exact_value(
    value: int | Decimal, schema: dict[str, Any]
) -> None:
    """``1.0000000000000000000000001`` is above 1: the bounds compared in exact arithmetic."""
    exact = Decimal(value)
    oracle = 0 <= exact <= 1 if schema is BOUNDED else Decimal("0.5") < exact < 2
    try:
        check(value, schema, "rate")
    except InvalidParameterError:
        assert not oracle, value
    else:
        assert oracle, value


def test_the_generated_annotation_is_int_or_decimal() -> None:
    assert annotation({"type": "number", "minimum": 0}) == "int | Decimal"


@pytest.mark.parametrize(
    ("value", "allowed"),
    [(Decimal("0.1"), True), (Decimal("0.3"), True), (Decimal("0.0999"), False), (1, False)],
)
def test_a_bound_with_a_fraction_is_the_decimal_it_spells(value: Decimal, allowed: bool) -> None:
    """``minimum: 0.1`` is one tenth, not the float above it: Decimal("0.1") meets it."""
    schema = {"type": "number", "minimum": 0.1, "maximum": 0.3}
    try:
        check(value, schema, "rate")
    except InvalidParameterError:
        assert not allowed
    else:
        assert allowed


async def test_a_raw_request_sends_and_reads_numbers_exactly(make_client: MakeClient) -> None:
    """``client.request`` writes a Decimal as its digits and reads a fraction as a Decimal."""

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=b'{"rate": 0.30000000000000000000001, "n": 2}')

    client, recorder = make_client(answer)
    got = await client.request("POST", "/quotes", json={"rate": Decimal("0.035"), "n": 1})
    assert recorder.last.content == b'{"rate":0.035,"n":1}'
    assert got == {"rate": Decimal("0.30000000000000000000001"), "n": 2}
    assert type(got["rate"]) is Decimal and type(got["n"]) is int


STEPS = [0.01, 0.005, 0.5, 1.5, 0.1, 0.3, 25, Decimal("0.01")]
"""``multipleOf`` steps as the bundle's loader gives them: floats (0.01 is no hundredth)."""

EXACT_NUMBERS = st.one_of(
    st.integers(-(10**6), 10**6),
    st.builds(
        lambda digits, exponent: Decimal(digits).scaleb(exponent),
        st.integers(-(10**9), 10**9),
        st.integers(-6, 60),
    ),
)


@pytest.mark.parametrize("step", STEPS, ids=str)
def test_a_fractional_multiple_of_is_exact_in_the_sdk_and_the_sandbox(step: Any) -> None:
    """``multipleOf: 0.01`` takes 7 and ``Decimal("0.07")`` and refuses ``Decimal("0.075")``.

    The verdict is exact arithmetic's (``Fraction``), at any magnitude (``Decimal("1E+60")``
    raises no error), and the sandbox's is the SDK's.
    """
    from fractions import Fraction

    from payments_sdk.sandbox.contract import SchemaSet

    schema = {"type": "number", "multipleOf": step}
    document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
    sandbox = SchemaSet(document).component("Field")
    exact_step = Fraction(repr(step)) if isinstance(step, float) else Fraction(step)

    @settings(max_examples=200, deadline=None, database=None)
    @given(EXACT_NUMBERS | st.sampled_from([7, Decimal("0.07"), Decimal("0.075"), 0]))
    def one_verdict(value: int | Decimal) -> None:
        expected = (Fraction(value) / exact_step).denominator == 1
        try:
            check(value, schema, "tip_share")
            sdk = True
        except InvalidParameterError as refused:
            assert refused.field == "tip_share"
            assert f"must be a multiple of {step}" in str(refused)
            sdk = False
        assert sdk == expected, (value, step)
        assert sandbox.is_valid(value) == expected, (value, step)

    one_verdict()


@pytest.mark.parametrize(
    ("schema", "value", "allowed"),
    [
        ({"type": "number", "minimum": 0.5}, Decimal("0.5"), True),
        ({"type": "number", "minimum": 0.5}, Decimal("0.49999999999999999999"), False),
        ({"type": "number", "exclusiveMinimum": 0}, Decimal("1E-30"), True),
        ({"type": "number", "exclusiveMinimum": 0}, 0, False),
        ({"type": "number", "maximum": 0.1}, Decimal("0.1"), True),  # the float is above it
        ({"type": "number", "exclusiveMaximum": 0.3}, Decimal("0.3"), False),
        ({"type": "integer", "multipleOf": 1.5}, 3, True),
        ({"type": "integer", "multipleOf": 1.5}, 4, False),
        ({"type": "integer", "minimum": 0.5}, 0, False),
    ],
)
def test_a_fractional_bound_is_the_decimal_it_spells_for_ints_too(
    schema: dict[str, Any], value: Any, allowed: bool
) -> None:
    """A float bound is read as its decimal whatever the value's type (an int, a Decimal)."""
    from payments_sdk.sandbox.contract import SchemaSet

    document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
    assert SchemaSet(document).component("Field").is_valid(value) == allowed
    if allowed:
        assert check(value, schema, "rate") == value
    else:
        with pytest.raises(InvalidParameterError, match=r"^rate: "):
            check(value, schema, "rate")
