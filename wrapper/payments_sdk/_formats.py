r"""The ``format`` values of the bundle's schemas the pipeline carries, and the rule of each.

One place for both sides of the wire: the SDK's argument checks (:mod:`._checks`) and the
sandbox's request validation (``sandbox/contract.py``) call :func:`conforms`, the sandbox's
answers and the tests' values take a value of each format from :data:`EXAMPLES`, and
``openapi/tools/features.py`` reads :data:`CHECKED` and :data:`ANNOTATIONS` (this file, by
path: it imports nothing of the package) to fail ``make generate`` on any other format, by name.

- :data:`CHECKED`: a value that breaks the format is refused, by the SDK before the wire and by
  the sandbox with a 400. ``date-time``, ``date`` and ``binary`` are also converted (to a UTC
  instant, a ``datetime.date``, an upload's bytes) by the SDK's checks; every other format
  stays the ``str`` (or ``int``) the caller passed. The rules, each with its source:

  - JSON Schema 2020-12 (section 7.3): ``time`` and ``duration`` (RFC 3339: a time needs its
    offset; a leap second ``:60`` only where the UTC time is 23:59), ``email`` and
    ``idn-email`` (``local@domain`` without spaces: one lenient rule for both),
    ``hostname`` (RFC 1123 labels of 1 to 63 letters, digits and inner hyphens, at most 253
    characters, no final dot; an ``xn--`` label must decode as Punycode to a non-ASCII label),
    ``ipv4`` (dotted decimal, no leading zero), ``ipv6`` (RFC 4291, no zone id), ``uri`` and
    ``uri-reference`` (RFC 3986), ``iri`` and ``iri-reference`` (RFC 3987: a URI that may
    also hold non-ASCII ``ucschar``, and private-use characters in its query),
    ``uri-template`` (RFC 6570 expressions, and literals of any character but controls,
    space and ``"%<>\^`{|}``, as its prose says; ``'`` is taken as a literal, as
    schemathesis takes it), ``uuid``, ``json-pointer`` (RFC 6901) and
    ``relative-json-pointer``, ``regex`` (an ECMA-262 pattern, read as with the ``u`` flag:
    Python's own syntax, ``(?P<n>``, ``\Z``, ``(?i)``, is refused; ``\p{...}`` is taken by its
    shape);
  - OpenAPI: ``byte`` (RFC 4648 base64: the standard alphabet, padded to a multiple of 4,
    no line breaks), ``int32``/``int64`` (the integer fits).

- :data:`ANNOTATIONS`: formats that state no rule of their own beyond the schema's other
  keywords (``float`` of a ``number``; ``iso-4217`` beside its ``pattern`` or ``enum``;
  ``password``, a hint to hide the value in a form). They are carried as documentation.

Refused by name: ``idn-hostname``. Its rule is IDNA2008 (RFC 5890-5893): per-code-point
tables, contextual rules (RFC 5892) and bidi rules (RFC 5893) that the standard library does
not hold (its ``idna`` codec is IDNA2003), so any rule written here would accept names the
service may refuse, or the reverse.
"""

from __future__ import annotations

import base64
import ipaddress
import re
from collections.abc import Callable
from functools import cache
from typing import Any

__all__ = ["ANNOTATIONS", "CHECKED", "EXAMPLES", "conforms", "is_uri"]

# RFC 3986, section 3: an absolute URI is ``scheme ":" hier-part [ "?" query ] [ "#" fragment ]``;
# a relative reference (section 4.2) is ``relative-part [ "?" query ] [ "#" fragment ]``. RFC 3987
# widens the unreserved characters with ``ucschar``, and a query's with ``iprivate``.
_PCT = r"%[0-9A-Fa-f]{2}"
_UCSCHAR = (
    "\u00a0-\ud7ff\uf900-\ufdcf\ufdf0-\uffef"
    "\U00010000-\U0001fffd\U00020000-\U0002fffd\U00030000-\U0003fffd\U00040000-\U0004fffd"
    "\U00050000-\U0005fffd\U00060000-\U0006fffd\U00070000-\U0007fffd\U00080000-\U0008fffd"
    "\U00090000-\U0009fffd\U000a0000-\U000afffd\U000b0000-\U000bfffd\U000c0000-\U000cfffd"
    "\U000d0000-\U000dfffd\U000e1000-\U000efffd"
)
_IPRIVATE = "\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd"
_SUB_DELIMS = r"!$&'()*+,;="


def _reference_patterns(unreserved: str, private: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Return the (absolute, any reference) patterns over ``unreserved`` characters."""
    pchar = rf"(?:[{unreserved}{_SUB_DELIMS}:@]|{_PCT})"
    segment, segment_nz = f"{pchar}*", f"{pchar}+"
    segment_nz_nc = rf"(?:[{unreserved}{_SUB_DELIMS}@]|{_PCT})+"
    userinfo = rf"(?:[{unreserved}{_SUB_DELIMS}:]|{_PCT})*"
    reg_name = rf"(?:[{unreserved}{_SUB_DELIMS}]|{_PCT})*"

    def authority(group: str) -> str:
        ip_literal = rf"\[(?P<{group}>[^\]/?#@\[]*)\]"
        return rf"(?:{userinfo}@)?(?:{ip_literal}|{reg_name})(?::[0-9]*)?"

    abempty = rf"(?:/{segment})*"
    absolute = rf"/(?:{segment_nz}{abempty})?"
    hier_part = rf"(?://{authority('literal')}{abempty}|{absolute}|{segment_nz}{abempty}|)"
    relative_part = rf"(?://{authority('relative')}{abempty}|{absolute}|{segment_nz_nc}{abempty}|)"
    query = rf"(?:\?(?:{pchar}|[/?{private}])*)?"
    fragment = rf"(?:#(?:{pchar}|[/?])*)?"
    scheme = r"[A-Za-z][A-Za-z0-9+\-.]*:"
    absolute_uri = re.compile(f"{scheme}{hier_part}{query}{fragment}")
    reference = re.compile(f"(?:{scheme}{hier_part}|{relative_part}){query}{fragment}")
    return absolute_uri, reference


_UNRESERVED = r"A-Za-z0-9\-._~"


@cache
def _grammar(international: bool) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """RFC 3986's (absolute, any reference) patterns, or RFC 3987's: compiled on first use."""
    if international:
        return _reference_patterns(_UNRESERVED + _UCSCHAR, _IPRIVATE)
    return _reference_patterns(_UNRESERVED, "")


_IP_FUTURE = re.compile(rf"v[0-9A-Fa-f]+\.[{_UNRESERVED}{_SUB_DELIMS}:]+")
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
_INTEGER_BITS = {"int32": 32, "int64": 64}


def _reference(text: str, *, absolute: bool, international: bool = False) -> bool:
    """Whether ``text`` is a URI (or IRI) reference, ``absolute`` or any; an IP literal one."""
    pattern = _grammar(international)[0 if absolute else 1]
    match = pattern.fullmatch(text)
    if match is None:
        return False
    found = [match.groupdict().get(group) for group in ("literal", "relative")]
    literal = next((text for text in found if text is not None), None)
    if literal is None or _IP_FUTURE.fullmatch(literal):
        return True
    return _is_ipv6(literal)


def is_uri(text: str) -> bool:
    """Whether ``text`` is an absolute URI (RFC 3986: a scheme, then its hierarchical part)."""
    return _reference(text, absolute=True)


def _is_email(text: str) -> bool:
    local, at, domain = text.rpartition("@")
    return bool(at and local and domain) and not any(ch.isspace() for ch in text)


def _is_ipv4(text: str) -> bool:
    # ipaddress refuses a leading zero ("01.2.3.4"); the ASCII test keeps out other digits.
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return text.isascii()


def _is_ipv6(text: str) -> bool:
    if "%" in text or not text.isascii():  # a zone id ("fe80::1%eth0") is not RFC 4291
        return False
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?")


def _is_a_label(label: str) -> bool:
    """Whether an ``xn--`` label is the Punycode of a label IDNA2008 could have encoded.

    The decoded label must be non-ASCII, stable under NFKC and lowercasing (no capital, no
    compatibility form), made of lowercase or caseless letters, marks, decimal digits and inner
    hyphens, not starting with a mark: the shape of IDNA2008's PVALID code points, without its
    contextual and bidi rules (``ß`` and ``ς`` stay, as IDNA2008 keeps them).
    """
    import unicodedata

    try:
        decoded = label[4:].lower().encode("ascii").decode("punycode")
    except (UnicodeError, ValueError):
        return False
    if decoded.isascii() or decoded.encode("punycode").decode("ascii") != label[4:].lower():
        return False
    if unicodedata.normalize("NFKC", decoded.lower()) != decoded:
        return False
    if decoded.startswith("-") or decoded.endswith("-") or decoded[2:4] == "--":
        return False
    allowed = {"Ll", "Lo", "Lm", "Mn", "Mc", "Nd"}
    return unicodedata.category(decoded[0])[0] != "M" and all(
        ch == "-" or unicodedata.category(ch) in allowed for ch in decoded
    )


def _is_hostname(text: str) -> bool:
    if not text or len(text) > 253 or not text.isascii():
        return False
    for label in text.split("."):
        if not _LABEL.fullmatch(label):
            return False
        if label[2:4] == "--" and not (label[:4].lower() == "xn--" and _is_a_label(label)):
            return False  # RFC 5891, 4.2.3.1: "--" in the third and fourth places is an A-label's
    return True


_TIME = re.compile(
    r"(?P<h>[01][0-9]|2[0-3]):(?P<m>[0-5][0-9]):(?P<s>[0-5][0-9]|60)(?:\.[0-9]+)?"
    r"(?:[Zz]|(?P<sign>[+-])(?P<oh>[01][0-9]|2[0-3]):(?P<om>[0-5][0-9]))"
)


def _is_time(text: str) -> bool:
    match = _TIME.fullmatch(text)
    if match is None:
        return False
    if match["s"] != "60":
        return True
    minutes = int(match["h"]) * 60 + int(match["m"])
    if match["sign"]:
        offset = int(match["oh"]) * 60 + int(match["om"])
        minutes -= offset if match["sign"] == "+" else -offset
    return minutes % 1440 == 23 * 60 + 59  # a leap second ends a UTC day (RFC 3339, 5.7)


# RFC 3339, appendix A: each unit at most once, from the largest down, no unit skipped inside a
# date or a time part (P1Y1D, PT1H1S are not durations), weeks alone.
_N = "[0-9]+"
_DUR_TIME = rf"T(?:{_N}H(?:{_N}M(?:{_N}S)?)?|{_N}M(?:{_N}S)?|{_N}S)"
_DUR_DATE = rf"(?:{_N}D|{_N}M(?:{_N}D)?|{_N}Y(?:{_N}M(?:{_N}D)?)?)(?:{_DUR_TIME})?"
_DURATION = re.compile(rf"P(?:{_DUR_DATE}|{_DUR_TIME}|{_N}W)")
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
_JSON_POINTER = re.compile(r"(?:/(?:[^~/]|~[01])*)*")
_RELATIVE_JSON_POINTER = re.compile(r"(?:0|[1-9][0-9]*)(?:#|(?:/(?:[^~/]|~[01])*)*)")


def _is_byte(text: str) -> bool:
    if _BASE64.fullmatch(text) is None:
        return False
    base64.b64decode(text, validate=True)  # the pattern is its alphabet and padding
    return True


# RFC 6570, section 2: literals and ``{operator? varspec ("," varspec)*}`` expressions.
_VARCHAR = rf"(?:[A-Za-z0-9_]|{_PCT})"
_VARSPEC = rf"{_VARCHAR}+(?:\.{_VARCHAR}+)*(?::[1-9][0-9]{{0,3}}|\*)?"
_EXPRESSION = rf"\{{[+#./;?&=,!@|]?{_VARSPEC}(?:,{_VARSPEC})*\}}"
_LITERAL = rf"(?:[^\x00-\x20\x7f\"%<>\\^`{{|}}]|{_PCT})"
_URI_TEMPLATE = re.compile(rf"(?:{_LITERAL}|{_EXPRESSION})*")


_QUANTIFIER = re.compile(r"\{([0-9]+)(?:,([0-9]*))?\}")
_GROUP_OPENING = re.compile(r"\(\?(?:<([A-Za-z_$][A-Za-z0-9_$]*)>|<=|<!|=|!|[ims]*(?:-[ims]*)?:)")
_PROPERTY = re.compile(r"[pP]\{[A-Za-z_]+(?:=[A-Za-z0-9_]+)?\}")


def _escape(text: str, at: int, in_class: bool) -> tuple[str, int, str] | None:
    """Read the escape at ``text[at]`` (a backslash): (Python text, next index, its kind).

    Kinds: ``atom``, ``assertion``, ``backref`` (the number or name follows in the text).
    ``None`` when ECMA-262 (``u`` flag) has no such escape.
    """
    rest = text[at + 1 : at + 2]
    if not rest:
        return None
    if rest in "dDwWsS" or rest in "fnrtv":
        return "\\" + rest, at + 2, "atom"
    if rest in "bB":
        if in_class:
            return ("\\x08", at + 2, "atom") if rest == "b" else None
        return "\\" + rest, at + 2, "assertion"
    if not rest.isalnum():  # "\-", "\'", "\_": any but a letter or digit, as schemathesis
        return "\\" + rest, at + 2, "atom"
    if rest == "0" and not text[at + 2 : at + 3].isdigit():
        return "\\x00", at + 2, "atom"
    if rest in "123456789" and not in_class:
        digits = re.match(r"[0-9]+", text[at + 1 :])
        assert digits is not None
        return "(?:)", at + 1 + digits.end(), "backref"
    if rest == "k" and not in_class:
        name = re.match(r"k<([A-Za-z_$][A-Za-z0-9_$]*)>", text[at + 1 :])
        return None if name is None else ("(?:)", at + 1 + name.end(), "backref")
    if rest == "c":
        letter = text[at + 2 : at + 3]
        if letter.isascii() and letter.isalpha():
            return f"\\x{ord(letter) % 32:02x}", at + 3, "atom"
        return None
    hexa = re.match(r"x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{([0-9A-Fa-f]+)\}", text[at + 1 :])
    if hexa is not None:
        code = int(hexa[1] or hexa[0][1:], 16)
        return (f"\\U{code:08x}", at + 1 + hexa.end(), "atom") if code <= 0x10FFFF else None
    prop = _PROPERTY.match(text, at + 1)
    if prop is not None:
        return "\\w", prop.end(), "atom"
    return None


def _is_regex(text: str) -> bool:
    r"""Whether ``text`` is an ECMA-262 pattern (``u`` flag), translated to Python to be parsed.

    What the two syntaxes share is left to Python's parser (ranges, repeat bounds, balance);
    what only ECMA-262 has (``(?<n>``, ``\k<n>``, ``\u{...}``, ``\cX``, ``\p{...}``, a
    forward back-reference, a look-behind of any width, ``[]``) is translated first; what only
    Python has is refused.
    """
    out: list[str] = []
    groups, names, refs = 0, set[str](), list[str]()
    kinds: list[str] = []
    quantifiable = False
    at = 0
    while at < len(text):
        ch = text[at]
        if ch == "\\":
            read = _escape(text, at, in_class=False)
            if read is None:
                return False
            piece, after, kind = read
            if kind == "backref":
                refs.append(text[at + 1 : after])
            out.append(piece)
            quantifiable, at = kind != "assertion", after
        elif ch == "[":
            at, members = _class(text, at)
            if members is None:
                return False
            out.append(members)
            quantifiable = True
        elif ch == "(":
            if text.startswith("(?", at):
                opening = _GROUP_OPENING.match(text, at)
                if opening is None:
                    return False
                if opening[1] is not None:
                    if opening[1] in names:
                        return False  # one name, one group
                    names.add(opening[1])
                    groups += 1
                look = opening[0] in ("(?=", "(?!", "(?<=", "(?<!")
                kinds.append("assertion" if look else "group")
                out.append("(?:" if opening[0].startswith(("(?<", "(?=", "(?!")) else opening[0])
                at = opening.end()
            else:
                groups += 1
                kinds.append("group")
                out.append("(")
                at += 1
            quantifiable = False
        elif ch == ")":
            if not kinds:
                return False
            quantifiable = kinds.pop() != "assertion"
            out.append(")")
            at += 1
        elif ch in "*+?{":
            bounds = _QUANTIFIER.match(text, at) if ch == "{" else None
            if not quantifiable or (ch == "{" and bounds is None):
                return False
            end = bounds.end() if bounds is not None else at + 1
            if text.startswith("?", end):
                end += 1
            out.append(text[at:end])
            quantifiable, at = False, end
        elif ch in "}]":
            return False
        else:
            out.append(ch)
            quantifiable, at = ch not in "^$|", at + 1
    for ref in refs:
        if ref.startswith("k<") and ref[2:-1] not in names:
            return False
        if ref.isdigit() and int(ref) > groups:
            return False
    try:
        re.compile("".join(out))
    except (re.error, OverflowError, RecursionError):
        return False
    return True


def _class(text: str, at: int) -> tuple[int, str | None]:
    """Read the class at ``text[at]`` (``[``): (the index after it, its Python text or None)."""
    at += 1
    negated = text.startswith("^", at)
    at += negated
    out = ["[^" if negated else "["]
    first = True
    while at < len(text):
        ch = text[at]
        if ch == "]":
            if first:  # ECMA-262's empty class: nothing (or, negated, anything)
                return at + 1, "[\\s\\S]" if negated else "(?!)"
            out.append("]")
            return at + 1, "".join(out)
        if ch == "\\":
            read = _escape(text, at, in_class=True)
            if read is None:
                return at, None
            out.append(read[0])
            at = read[1]
        else:
            out.append("\\" + ch if ch in "[&~|" else ch)  # literal here, special to Python
            at += 1
        first = False
    return at, None


_STRING_RULES: dict[str, Callable[[str], bool]] = {
    "email": _is_email,
    "idn-email": _is_email,
    "uri": is_uri,
    "uri-reference": lambda text: _reference(text, absolute=False),
    "iri": lambda text: _reference(text, absolute=True, international=True),
    "iri-reference": lambda text: _reference(text, absolute=False, international=True),
    "uri-template": lambda text: _URI_TEMPLATE.fullmatch(text) is not None,
    "uuid": lambda text: _UUID.fullmatch(text) is not None,
    "ipv4": _is_ipv4,
    "ipv6": _is_ipv6,
    "hostname": _is_hostname,
    "time": _is_time,
    "duration": lambda text: _DURATION.fullmatch(text) is not None,
    "byte": _is_byte,
    "json-pointer": lambda text: _JSON_POINTER.fullmatch(text) is not None,
    "relative-json-pointer": lambda text: _RELATIVE_JSON_POINTER.fullmatch(text) is not None,
    "regex": _is_regex,
}

CHECKED = frozenset({"date-time", "date", "binary", *_INTEGER_BITS, *_STRING_RULES})
"""Formats whose rule the SDK and the sandbox enforce."""

ANNOTATIONS = frozenset({"float", "double", "password", "iso-4217"})
"""Formats that add no rule to their schema's other keywords (documentation only)."""

EXAMPLES: dict[str, str] = {
    "date-time": "2026-01-01T00:00:00Z",
    "date": "2026-01-01",
    "time": "00:00:00Z",
    "duration": "P1D",
    "email": "someone@example.com",
    "idn-email": "someone@example.com",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uri": "https://example.com/",
    "uri-reference": "/",
    "iri": "https://example.com/",
    "iri-reference": "/",
    "uri-template": "https://example.com/{id}",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "byte": "cGF5bWVudHM=",
    "json-pointer": "/",
    "relative-json-pointer": "0",
    "regex": "^.*$",
}
"""A value of each string format of :data:`CHECKED` (the least the sandbox answers with)."""


def conforms(fmt: str, value: Any) -> bool:
    """Whether ``value`` keeps the rule of ``fmt`` (a value of another type is not its business).

    ``date-time``, ``date`` and ``binary`` are checked where they are converted; here they pass.
    """
    rule = _STRING_RULES.get(fmt)
    if rule is not None:
        return not isinstance(value, str) or rule(value)
    bits = _INTEGER_BITS.get(fmt)
    if bits is not None and isinstance(value, int) and not isinstance(value, bool):
        top: int = 2 ** (bits - 1)
        return -top <= value < top
    return True
