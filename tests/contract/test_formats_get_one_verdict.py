"""A ``format`` the pipeline checks gets one verdict: the SDK's, the sandbox's and schemathesis'.

``payments_sdk._formats`` is the one rule of each checked format. A Hypothesis property draws
text (shaped like the format, and any) and asks three judges: the SDK's argument check (refuses
before the wire), the sandbox's request validator, and ``jsonschema_rs`` with format
validation, which is what schemathesis uses to call a request "schema-violating". They must
agree on every value: the SDK and the sandbox accept exactly the URIs RFC 3986 allows, the
addresses, host names, times, durations, pointers, templates and patterns their RFCs allow,
and refuse the rest. ``byte`` (OpenAPI's, which jsonschema_rs does not check) is held to
RFC 4648's base64 instead; ``email``/``idn-email`` and ``uuid`` to the sandbox alone.
"""

from __future__ import annotations

import base64
import struct
from datetime import datetime, time
from decimal import Context, Decimal, Inexact, InvalidOperation, Overflow
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk._engine import conforms
from payments_sdk._formats import CHECKED, EXAMPLES, INTEGER_RANGES, STRING_FORMATS
from payments_sdk.sandbox._schema_values import value_of
from payments_sdk.sandbox.contract import SchemaSet
from tests.support.schema_values import variants

URI_PIECE_LIST = [
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
URI_PIECES = st.sampled_from(URI_PIECE_LIST)
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


def _pieces(*pieces: str) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=10).map("".join)


A_LABELS = [
    *("xn--bcher-kva", "xn--Bcher-kva", "xn--abc-5ka", "xn--nxasmq6b", "xn--p1ai", "xn--fiqs8s"),
    *("xn--a", "xn--ab", "xn--ls8h", "xn--nxasmq6b-", "xn--", "xn--nxasmq6baxn--nxasmq6b"),
]
"""Punycode labels: of a German, Greek, Russian and Chinese word; then not Punycode of one."""
IRI_PIECES = ["\u00e9", "\u00a0", "\ue000", "\ufffe", "\U00010000", "http://\u00e9/"]
SHAPED: dict[str, st.SearchStrategy[str]] = {
    "ipv4": _pieces(*"0123456789.", "00", "01", "255", "256", "1.2.3.4", " ", "\n", "\u0661"),
    "ipv6": _pieces(
        *":0123456789abcdefABCDEFg.",
        "::",
        "ffff",
        "12345",
        "0000",
        "1.2.3.4",
        "01.2.3.4",
        "%",
        "%eth0",
        "%25",
        "[",
        "]",
        "\n",
        "\u0661",
    ),
    # Labels joined by dots; an ``xn--`` label only whole (any text after "xn--" decodes to
    # some code points, whose IDNA2008 contextual and bidi rules this SDK does not judge).
    "hostname": st.lists(
        _pieces(*"aZ09-_", "a" * 63, "a" * 30, "ab--", "\u00e9", "\n") | st.sampled_from(A_LABELS),
        max_size=6,
    ).map(".".join)
    | _pieces(*"aZ09-._", "a" * 63, ".com"),
    "time": _pieces(
        *"0125:.Zz+- T",
        "00",
        "12",
        "23",
        "24",
        "59",
        "60",
        "61",
        "+01:00",
        "-08:00",
        "23:59:60",
        "12:00:00",
        "\n",
    ),
    "duration": _pieces(*"PT01YMWDHS.-p", "12", "P1D", "PT1H"),
    "uri-reference": _pieces(*URI_PIECE_LIST, "./", "..", "a:", "1a:"),
    "iri": _pieces(*URI_PIECE_LIST, *IRI_PIECES),
    "iri-reference": _pieces(*URI_PIECE_LIST, *IRI_PIECES),
    "uri-template": _pieces(
        *"{}a%+#./;?&=,!@|*' <\u00e9\ue000",
        "%41",
        "%zz",
        ":3",
        ":0",
        ":10000",
        "http://x/",
        "{id}",
        "_",
        "-",
    ),
    "json-pointer": _pieces(*"/~a0#-+\u00e9", "~0", "~1", "~2", "01"),
    "relative-json-pointer": _pieces(*"/~a01#-+", "~0", "~1", "~2", "12"),
    "regex": _pieces(
        *"a()[]{}*+?|^$.\\-,_\x80\u00e9",
        "{2}",
        "{2,1}",
        "{,3}",
        "\\d",
        "\\1",
        "\\k<x>",
        "(?<x>",
        "(?P<x>",
        "(?:",
        "(?=",
        "(?<=",
        "(?i)",
        "(?i:",
        "\\u0041",
        "\\u{41}",
        "\\x4",
        "\\cA",
        "\\p{L}",
        "\\Z",
        "\\q",
        "[^",
        "\\b",
        "\\0",
        "\\00",
        "z-a",
    ),
}
"""Text shaped like each format: its characters, its pieces and its known corners."""

JUDGED_BY_THE_ORACLE = sorted(SHAPED)


@pytest.mark.parametrize("fmt", JUDGED_BY_THE_ORACLE)
def test_each_carried_format_gets_one_verdict(fmt: str) -> None:
    """Text shaped like the format, and any: the SDK, the sandbox and jsonschema_rs agree."""
    schema = {"type": "string", "format": fmt}
    document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
    sandbox = SchemaSet(document).component("Field")
    oracle = jsonschema_rs.validator_for(schema, validate_formats=True)

    @settings(max_examples=600, deadline=None, database=None)
    @given(SHAPED[fmt] | st.text(max_size=12) | st.just(EXAMPLES[fmt]))
    def one_verdict(value: str) -> None:
        sdk = _sdk_accepts(value, schema)
        assert sdk == sandbox.is_valid(value), (value, sdk)
        assert sdk == oracle.is_valid(value), (value, sdk)

    one_verdict()


def test_byte_is_base64_of_rfc_4648() -> None:
    """Any bytes, encoded, pass; what passes decodes, padded, with no character outside."""
    schema = {"type": "string", "format": "byte"}
    document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
    sandbox = SchemaSet(document).component("Field")
    alphabet = _pieces(*"QUJDaz09+/=-_ \n", "QQ==", "QUI=")

    @settings(max_examples=600, deadline=None, database=None)
    @given(st.binary(max_size=20).map(lambda data: base64.b64encode(data).decode()), alphabet)
    def one_verdict(encoded: str, value: str) -> None:
        assert _sdk_accepts(encoded, schema) and sandbox.is_valid(encoded), encoded
        sdk = _sdk_accepts(value, schema)
        assert sdk == sandbox.is_valid(value), (value, sdk)
        if sdk:
            assert len(value) % 4 == 0, value
            base64.b64decode(value, validate=True)

    one_verdict()


def test_idn_email_is_the_email_rule() -> None:
    """``idn-email`` is ``email``'s one rule (which already takes non-ASCII text)."""
    for value in ("ü@ü.de", "someone@example.com", "a b@c", "@b", "a@", "a"):
        assert conforms("idn-email", value) == conforms("email", value), value


@pytest.mark.parametrize(
    ("fmt", "value", "kept"),
    [
        ("ipv4", "192.0.2.1", True),
        ("ipv4", "192.0.2.01", False),  # a leading zero: octal to some parsers
        ("ipv4", "256.0.0.1", False),
        ("ipv4", "1.2.3", False),
        ("ipv6", "2001:db8::1", True),
        ("ipv6", "::ffff:192.0.2.1", True),
        ("ipv6", "fe80::1%eth0", False),  # a zone id is not an address
        ("ipv6", "1::2::3", False),
        ("hostname", "a" * 63 + ".example.com", True),
        ("hostname", "a" * 64 + ".example.com", False),  # a label is at most 63
        ("hostname", ".".join(["a" * 63] * 3) + "." + "a" * 61, True),  # 253 characters
        ("hostname", ".".join(["a" * 63] * 3) + "." + "a" * 62, False),  # 254
        ("hostname", "example.com.", False),
        ("hostname", "-a.example.com", False),
        ("hostname", "xn--bcher-kva.de", True),
        ("hostname", "xn--a.de", False),  # not Punycode of a label
        ("time", "10:30:00Z", True),
        ("time", "10:30:00+01:00", True),
        ("time", "10:30:00", False),  # no offset: no instant of the day
        ("time", "23:59:60Z", True),  # a leap second
        ("time", "15:59:60-08:00", True),  # the same second, at UTC-8
        ("time", "12:59:60Z", False),  # a leap second ends a UTC day
        ("time", "10:30:00+24:00", False),
        ("duration", "P1DT12H", True),
        ("duration", "PT1H1S", False),  # a unit skipped inside the time part
        ("duration", "P1.5D", False),
        ("uri-reference", "/refunds/rfnd_1?x=1#top", True),
        ("uri-reference", "a b", False),
        ("byte", "c2lnbg==", True),
        ("byte", "c2lnbg", False),  # unpadded
        ("byte", "c2ln-bg=", False),  # the URL-safe alphabet is another format
        ("byte", "c2ln\nbg==", False),
        ("json-pointer", "/a~1b/0", True),
        ("json-pointer", "a/b", False),
        ("regex", "^[A-Z]{3}$", True),
        ("regex", "(?P<x>a)", False),  # Python's syntax, not ECMA-262's
        ("regex", "(", False),
    ],
)
def test_the_subtle_cases_get_their_rfcs_verdict(fmt: str, value: str, kept: bool) -> None:
    """The corners each RFC settles, refused before the wire naming the field, with the format."""
    assert fmt in CHECKED
    schema = {"type": "string", "format": fmt}
    if kept:
        assert check(value, schema, "customer_ip") == value
        return
    with pytest.raises(InvalidParameterError, match=f"customer_ip: is not a valid {fmt}: "):
        check(value, schema, "customer_ip")


def test_each_carried_string_format_has_an_example_every_judge_accepts() -> None:
    """The sandbox and the tests fill a field of any carried format with a value of it."""
    strings = STRING_FORMATS
    assert set(EXAMPLES) == strings
    for fmt in sorted(strings):
        schema = {"type": "string", "format": fmt}
        document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
        made = [value_of(schema), *variants(document, "/components/schemas/Field")]
        for value in made:
            assert conforms(fmt, value), (fmt, value)
            assert SchemaSet(document).component("Field").is_valid(value), (fmt, value)
            if fmt != "byte":
                oracle = jsonschema_rs.validator_for(schema, validate_formats=True)
                assert oracle.is_valid(value), (fmt, value)


# -- the OpenAPI Format Registry's formats (jsonschema_rs knows none of them) ------------------
# Each is held to the registry's definition: examples both ways, and where a reference
# implementation exists in the standard library (struct's widths, decimal's IEEE 754
# decimal128, base64's URL-safe alphabet), a Hypothesis property against it.


def _judges(schema: dict[str, Any]) -> tuple[Any, Any]:
    document = {"openapi": "3.1.0", "components": {"schemas": {"Field": schema}}}
    return SchemaSet(document).component("Field"), SchemaSet(document, direction="request")


def _sdk_takes(value: Any, schema: dict[str, Any]) -> bool:
    try:
        check(value, schema, "field")
    except InvalidParameterError as error:
        assert error.field == "field"
        return False
    return True


REGISTRY_CASES = [
    ("base64url", "cmVmdW5kLTE", True),
    ("base64url", "cmVmdW5kLTE=", True),  # padded, as RFC 4648 writes it
    ("base64url", "-_-_", True),
    ("base64url", "", True),
    ("base64url", "cmVm+dW5k", False),  # "+" and "/" are base64's, not base64url's
    ("base64url", "cmVmd", False),  # 4n+1 characters encode no bytes
    ("base64url", "cmVmdW5kLTE==", False),  # padding past a multiple of 4
    ("char", "x", True),
    ("char", "\u00e9", True),
    ("char", "", False),
    ("char", "xy", False),
    ("date-time-local", "2026-03-01T18:00:00", True),
    ("date-time-local", "2024-02-29t18:00:00.250", True),
    ("date-time-local", "2026-03-01T18:00:00Z", False),  # an offset: that is date-time
    ("date-time-local", "2026-02-29T18:00:00", False),  # no such day
    ("date-time-local", "2026-03-01 18:00:00", False),
    ("date-time-local", "2026-03-01T24:00:00", False),
    ("time-local", "18:00:00", True),
    ("time-local", "18:00:00.5", True),
    ("time-local", "18:00:00+01:00", False),
    ("time-local", "18:00", False),
    ("http-date", "Sun, 06 Nov 1994 08:49:37 GMT", True),  # RFC 9110's IMF-fixdate example
    ("http-date", "Sunday, 06-Nov-94 08:49:37 GMT", True),  # its obsolete RFC 850 one
    ("http-date", "Sun Nov  6 08:49:37 1994", True),  # its asctime one
    ("http-date", "Mon, 06 Nov 1994 08:49:37 GMT", False),  # 6 Nov 1994 was a Sunday
    ("http-date", "Sun, 06 Nov 1994 08:49:37 UTC", False),
    ("http-date", "sun, 06 Nov 1994 08:49:37 GMT", False),  # case-sensitive
    ("http-date", "Sun, 6 Nov 1994 08:49:37 GMT", False),  # two-digit day
    ("http-date", "Thu, 31 Nov 1994 08:49:37 GMT", False),
    ("media-range", "application/json", True),
    ("media-range", "text/*;q=0.5", True),
    ("media-range", "*/*", True),
    ("media-range", 'text/plain; charset="utf-8"', True),
    ("media-range", "text", False),
    ("media-range", "text/plain; charset", False),
    ("media-range", "text /plain", False),
    ("decimal", "-12.50", True),
    ("decimal", "0", True),
    ("decimal", "1e3", False),  # fixed point: no exponent
    ("decimal", ".5", False),
    ("decimal", "+1", False),
    ("decimal", "1,5", False),
    ("decimal", "NaN", False),
    ("decimal128", "9" * 34, True),
    ("decimal128", "9" * 35, False),  # 35 significant digits
    ("decimal128", "1" + "0" * 40, True),  # one digit, a large exponent
    ("decimal128", "1E6144", True),  # 10**33 x 10**6111, decimal128's clamped form
    ("decimal128", "1E6145", False),
    ("decimal128", "1E-6176", True),  # the least subnormal
    ("decimal128", "1E-6177", False),
    ("decimal128", "Infinity", False),
    ("int64", "9223372036854775807", True),  # the registry gives int64 to strings too
    ("int64", "-9223372036854775808", True),
    ("int64", "9223372036854775808", False),
    ("int64", "12.0", False),
    ("sf-string", "hello world", True),
    ("sf-string", "caf\u00e9", False),  # printable ASCII only (RFC 8941, 3.3.3)
    ("sf-token", "foo/bar:baz", True),
    ("sf-token", "*", True),
    ("sf-token", "1foo", False),  # a letter or "*" first (RFC 8941, 3.3.4)
    ("sf-token", "a b", False),
]
"""Values and the registry's verdict on each (its definition, and the RFC it cites)."""

NUMBER_CASES = [
    ("uint8", 255, True),
    ("uint8", 256, False),
    ("uint8", -1, False),
    ("int8", -128, True),
    ("int8", -129, False),
    ("int16", 32767, True),
    ("int16", 32768, False),
    ("uint16", 65535, True),
    ("uint32", 2**32, False),
    ("uint64", 2**64 - 1, True),
    ("double-int", 2**53 - 1, True),
    ("double-int", 2**53, False),  # past it, not every integer is a double
    ("double-int", -(2**53 - 1), True),
    ("sf-integer", 10**15 - 1, True),  # 15 digits (RFC 8941, 3.3.1)
    ("sf-integer", 10**15, False),
    ("sf-decimal", Decimal("123456789012.123"), True),  # 12 and 3 digits (RFC 8941, 3.3.2)
    ("sf-decimal", Decimal("1.2345"), False),
    ("sf-decimal", 10**12, False),
    ("decimal128", Decimal("1." + "0" * 32 + "1"), True),  # 34 digits
    ("decimal128", Decimal("1." + "0" * 33 + "1"), False),  # 35
    ("int8", Decimal("5.0"), True),  # a number with no fraction is an integer
    ("int8", Decimal("5.5"), False),
]


@pytest.mark.parametrize(("fmt", "value", "kept"), REGISTRY_CASES)
def test_each_registry_string_format_gets_its_definitions_verdict(
    fmt: str, value: str, kept: bool
) -> None:
    """The SDK refuses before the wire, naming the field and the format; the sandbox agrees."""
    assert fmt in CHECKED
    schema = {"type": "string", "format": fmt}
    response, request = _judges(schema)
    assert response.is_valid(value) == kept, (fmt, value)
    assert request.component("Field").is_valid(value) == kept, (fmt, value)
    if kept:
        assert check(value, schema, "field") == value
        return
    with pytest.raises(InvalidParameterError, match=f"field: is not a valid {fmt}: "):
        check(value, schema, "field")


@pytest.mark.parametrize(("fmt", "value", "kept"), NUMBER_CASES)
def test_each_registry_number_format_gets_its_definitions_verdict(
    fmt: str, value: Any, kept: bool
) -> None:
    """An integer width, ``double-int``, ``sf-*`` and ``decimal128`` bound the number itself."""
    schema = {"type": "integer" if isinstance(value, int) else "number", "format": fmt}
    response, _ = _judges(schema)
    assert response.is_valid(value) == kept, (fmt, value)
    assert _sdk_takes(value, schema) == kept, (fmt, value)


STRUCT_CODES = {"int8": "b", "uint8": "B", "int16": "h", "uint16": "H"} | {
    "int32": "i",
    "uint32": "I",
    "int64": "q",
    "uint64": "Q",
}


@pytest.mark.parametrize("fmt", sorted(STRUCT_CODES))
def test_an_integer_width_holds_what_struct_packs(fmt: str) -> None:
    """Any integer: ``int8``..``uint64`` take it exactly when ``struct`` packs it in that width."""
    schema = {"type": "integer", "format": fmt}
    response, _ = _judges(schema)
    low, high = INTEGER_RANGES[fmt]
    near = st.sampled_from([low, high]).flatmap(lambda edge: st.integers(edge - 2, edge + 2))

    @settings(max_examples=150, deadline=None, database=None)
    @given(near | st.integers())
    def one_verdict(value: int) -> None:
        try:
            struct.pack("<" + STRUCT_CODES[fmt], value)
            packs = True
        except struct.error:
            packs = False
        assert _sdk_takes(value, schema) == packs == response.is_valid(value), value

    one_verdict()


DECIMAL128 = Context(prec=34, Emax=6144, Emin=-6143, clamp=1, traps=[Inexact, Overflow])
"""IEEE 754 decimal128 (34 digits, exponents -6143..6144): a value it must round is refused."""


def _in_decimal128(text: str) -> bool:
    try:
        DECIMAL128.create_decimal(text)
    except (Inexact, Overflow, InvalidOperation):
        return False
    return Decimal(text).is_finite()


@settings(max_examples=400, deadline=None, database=None)
@given(
    st.builds(
        lambda sign, digits, fraction, exponent: f"{sign}{digits}{fraction}{exponent}",
        st.sampled_from(["", "-"]),
        st.text("0123456789", min_size=1, max_size=40),
        st.just("") | st.text("0123456789", min_size=1, max_size=6).map(".{}".format),
        st.just("") | st.integers(-6200, 6200).map("e{}".format),
    )
    | _pieces(*"0123456789.eE+-", "Infinity", "NaN")
)
def test_decimal128_is_what_ieee_754_decimal128_holds(text: str) -> None:
    """A decimal128 string is one the standard library's decimal128 context holds exactly."""
    schema = {"type": "string", "format": "decimal128"}
    response, _ = _judges(schema)
    sdk = _sdk_takes(text, schema)
    assert sdk == response.is_valid(text), text
    spells_a_number = bool(text) and text.lstrip("-")[:1].isdigit() and "+" not in text[:1]
    expected = spells_a_number and text.count(".") <= 1 and _in_decimal128_text(text)
    assert sdk == expected, text


def _in_decimal128_text(text: str) -> bool:
    import re

    if re.fullmatch(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?", text) is None:
        return False
    return _in_decimal128(text)


@settings(max_examples=300, deadline=None, database=None)
@given(st.binary(max_size=24), _pieces(*"QUJDaz09+/=-_ \n", "QQ==", "QUI=", "QQ", "QUI"))
def test_base64url_is_rfc_4648_section_5(data: bytes, value: str) -> None:
    """Any bytes, encoded URL-safe (padded or not), pass; what passes decodes."""
    schema = {"type": "string", "format": "base64url"}
    response, _ = _judges(schema)
    encoded = base64.urlsafe_b64encode(data).decode()
    for text in (encoded, encoded.rstrip("=")):
        assert _sdk_takes(text, schema) and response.is_valid(text), text
    sdk = _sdk_takes(value, schema)
    assert sdk == response.is_valid(value), value
    if sdk:
        assert len(value) % 4 != 1 and not set(value) & set("+/ \n"), value
        base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))


REGISTRY_SHAPED: dict[str, st.SearchStrategy[str]] = {
    "date-time-local": _pieces(*"0123456789-:.Tt Z", "2024-02-29", "2026-02-29", "T23:59:60"),
    "time-local": _pieces(*"0123456789:.Z+-", "23", "24", "59", "60"),
    "http-date": _pieces(
        *"0123456789 ,:-", "Sun", "Mon", "Sunday", "Nov", "Feb", "GMT", "1994", "06", " 6"
    ),
    "media-range": _pieces(*'ab/*;= \t"q.,', "text", "json", "charset", "\\"),
    "decimal": _pieces(*"0123456789.-+eE ,"),
    "char": st.text(max_size=3),
    "sf-string": st.text(max_size=6),
    "sf-token": _pieces(*"aZ09*:/!#_ .", "\u00e9"),
}


@pytest.mark.parametrize("fmt", sorted(REGISTRY_SHAPED))
def test_the_sdk_and_the_sandbox_agree_on_each_registry_format(fmt: str) -> None:
    """Text shaped like the format, and any: the SDK's verdict is the sandbox's (one rule)."""
    schema = {"type": "string", "format": fmt}
    response, _ = _judges(schema)

    @settings(max_examples=300, deadline=None, database=None)
    @given(REGISTRY_SHAPED[fmt] | st.text(max_size=12) | st.just(EXAMPLES[fmt]))
    def one_verdict(value: str) -> None:
        sdk = _sdk_takes(value, schema)
        assert sdk == response.is_valid(value), (value, sdk)
        if sdk and fmt == "date-time-local":
            parsed = datetime.fromisoformat(value.replace(":60", ":59"))
            assert parsed.tzinfo is None, value
        if sdk and fmt == "time-local":
            assert time.fromisoformat(value.replace(":60", ":59")).tzinfo is None, value

    one_verdict()


def test_a_format_nobody_defines_is_an_annotation() -> None:
    """``phone`` is in no list: any string passes the SDK and the sandbox (JSON Schema, 7.2)."""
    assert "phone" not in CHECKED
    schema = {"type": "string", "format": "phone", "maxLength": 8}
    response, _ = _judges(schema)
    for value in ("+4420794", "call me", ""):
        assert check(value, schema, "field") == value
        assert response.is_valid(value), value
    assert not _sdk_takes("0" * 9, schema) and not response.is_valid("0" * 9)  # maxLength holds
    # A format nobody knows is asserted by neither side (``idn-hostname``, which the engine does
    # check, never reaches them: `make generate` refuses it by name).
    for fmt, value in (("color", "not a colour"),):
        assert _judges({"type": "string", "format": fmt})[0].is_valid(value), fmt
