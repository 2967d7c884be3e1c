r"""A ``pattern`` means what ECMA-262 says, in the SDK's checks and the sandbox alike.

JSON Schema patterns are ECMA-262 regular expressions; Python's ``re`` reads ``\s``, ``\d``,
``\w`` and a final ``$`` otherwise. A maintainer's ``^https://[^\s]+$`` made the sandbox refuse
``"https://\x1c..."``, a value the bundle allows, and schemathesis failed the contract run on it.
Both read patterns with the one schema engine (jsonschema-rs, ECMA-262's syntax and sets). Each
case below is the verdict of ECMA-262, given by both sides; a value ECMA-262 accepts reaches the
sandbox and is taken, one it refuses fails before the wire.
"""

from __future__ import annotations

import pytest

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk.sandbox.contract import SchemaSet

CASES = [
    (r"^https://[^\s]+$", "https://\x1cY", True),  # U+001C is no ECMA-262 white space
    (r"^https://[^\s]+$", "https://\x85", True),  # nor U+0085
    (r"^https://[^\s]+$", "https://a\xa0b", False),  # U+00A0 is
    (r"^https://[^\s]+$", "https://a\ufeff", False),  # and U+FEFF
    (r"^\S+$", "a\u2028", False),  # a line terminator is \s
    (r"^\S+$", "a\x1f", True),
    (r"^\s$", "\u3000", True),
    (r"^\d{4}$", "1234", True),
    (r"^\d{4}$", "\u0661\u0662\u0663\u0664", False),  # Arabic-Indic digits are no \d
    (r"^\w+$", "caf\u00e9", False),  # \w is ASCII
    (r"^\w+$", "snake_case_9", True),
    (r"^[A-Z]{3}$", "USD\n", False),  # a final $ is the end of the text
    (r"^a\$$", "a$", True),  # an escaped dollar is a dollar
]


@pytest.mark.parametrize(("pattern", "text", "matches"), CASES)
def test_the_sdk_and_the_sandbox_give_ecma_262s_verdict(
    pattern: str, text: str, matches: bool
) -> None:
    schema = {"type": "string", "pattern": pattern}
    try:
        check(text, schema, "x")
    except InvalidParameterError as refusal:
        assert not matches, refusal
        assert refusal.field == "x"
    else:
        assert matches
    document = {"components": {"schemas": {"X": schema}}}
    validator = SchemaSet(document).validator("/components/schemas/X")
    assert validator.is_valid(text) is matches
