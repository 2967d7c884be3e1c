"""A ``format`` the pipeline checks gets one verdict: the SDK's, the sandbox's and schemathesis'.

``payments_sdk._formats`` is the one rule of each checked format. A Hypothesis property draws
text (URI-shaped and any) and asks three judges: the SDK's argument check (refuses before the
wire), the sandbox's request validator, and ``jsonschema_rs`` with format validation, which is
what schemathesis uses to call a request "schema-violating". They must agree on every value:
the SDK and the sandbox accept exactly the URIs RFC 3986 allows, and refuse the rest.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk.sandbox.contract import SchemaSet

URI_PIECES = st.sampled_from(
    [
        *"aZ09:/?#[]@!$&'()*+,;=-._~% ",
        "%2F",
        "%zz",
        "http://",
        "https:",
        "//",
        "[::1]",
        "[v1.x]",
        "[fe80::1%25en0]",
        "[zz]",
        "127.0.0.1",
        ":8080",
        "\u00e9",
        "\n",
        "mailto:",
        "urn:isbn:",
    ]
)
TEXTS = st.one_of(
    st.lists(URI_PIECES, max_size=10).map("".join),
    st.text(max_size=12),
    st.builds(lambda scheme, rest: f"{scheme}:{rest}", st.text(max_size=4), st.text(max_size=8)),
)


def _sdk_accepts(value: str, schema: dict[str, Any]) -> bool:
    try:
        check(value, schema, "url")
    except InvalidParameterError as error:
        assert error.field == "url"
        return False
    return True


@pytest.mark.parametrize("fmt", ["uri", "uuid", "email"])
def test_the_sdk_the_sandbox_and_schemathesis_agree_on_a_format(fmt: str) -> None:
    """Any text: all three accept it, or all three refuse it."""
    schema = {"type": "string", "format": fmt}
    document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
    sandbox = SchemaSet(document).component("Field")
    oracle = jsonschema_rs.validator_for(schema, validate_formats=True)
    texts = (
        TEXTS
        if fmt != "uuid"
        else TEXTS | st.uuids().map(str) | st.uuids().map(lambda u: str(u).upper())
    )

    @settings(max_examples=1500 if fmt == "uri" else 300, deadline=None, database=None)
    @given(texts)
    def one_verdict(value: str) -> None:
        sdk = _sdk_accepts(value, schema)
        assert sdk == sandbox.is_valid(value), (value, sdk)
        if fmt == "uri":  # jsonschema_rs's e-mail and uuid rules differ in corners we allow
            assert sdk == oracle.is_valid(value), (value, sdk)

    one_verdict()


def test_a_relative_reference_is_not_a_uri() -> None:
    """``0``, ``/hook`` and ``example.com`` are references, not URIs: refused by name."""
    schema = {"type": "string", "format": "uri"}
    for value in ("0", "/hook", "example.com", "http://a b", "http://[zz]/"):
        with pytest.raises(InvalidParameterError, match="absolute URI") as refused:
            check(value, schema, "url")
        assert refused.value.field == "url"
    for value in ("https://example.com/hook?a=1#top", "urn:isbn:0451450523", "http://[::1]:80/"):
        assert check(value, schema, "url") == value


def test_an_int32_or_int64_integer_must_fit() -> None:
    """``int32`` and ``int64`` bound an integer, in the SDK and the sandbox alike."""
    for fmt, bits in (("int32", 32), ("int64", 64)):
        schema = {"type": "integer", "format": fmt}
        document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
        sandbox = SchemaSet(document).component("Field")
        top = 2 ** (bits - 1)
        for value, fits in ((top - 1, True), (top, False), (-top, True), (-top - 1, False)):
            assert sandbox.is_valid(value) == fits, (fmt, value)
            if fits:
                assert check(value, schema, "n") == value
            else:
                with pytest.raises(InvalidParameterError, match=fmt):
                    check(value, schema, "n")
