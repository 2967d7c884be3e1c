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
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk._formats import CHECKED, EXAMPLES, conforms
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
    strings = CHECKED - {"binary", "int32", "int64"}
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
