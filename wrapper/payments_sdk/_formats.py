r"""The ``format`` values of the bundle's schemas the pipeline carries, and the rule of each.

One place for both sides of the wire: the SDK's argument checks (:mod:`._checks`) and the
sandbox's request validation (``sandbox/contract.py``) call :func:`conforms`, the sandbox's
answers and the tests' values take a value of each format from :data:`EXAMPLES`, and
``openapi/tools/features.py`` reads :data:`CHECKED` and :data:`ANNOTATIONS` (this file, by
path: it imports nothing of the package) to fail ``make generate`` on any other format, by name.

- :data:`CHECKED`: a value that breaks the format is refused, by the SDK before the wire and by
  the sandbox with a 400. ``date-time``, ``date`` and ``binary`` are also converted (to a UTC
  instant, a ``datetime.date``, an upload's bytes) by the SDK's checks; every other format
  stays the ``str`` (or number) the caller passed. The rules, each with its source:

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
  - the OpenAPI Format Registry (https://spec.openapis.org/registry/format/):
    ``byte`` (RFC 4648 base64: the standard alphabet, padded to a multiple of 4, no line
    breaks), ``base64url`` (RFC 4648, section 5: the URL-safe alphabet, padded or not, never
    a length of 4n+1), ``char`` (one character), ``date-time-local`` and ``time-local``
    (RFC 3339's date-time and time without the offset: ``2026-01-31T09:30:00``,
    ``09:30:00.5``), ``http-date`` (RFC 9110, 5.6.7: IMF-fixdate ``Sun, 06 Nov 1994
    08:49:37 GMT`` or an obsolete RFC 850 or asctime date, a real day, the day name its
    weekday where the year is whole), ``media-range`` (RFC 9110, 12.5.1: ``type/subtype``,
    ``type/*`` or ``*/*`` and ``; name=value`` parameters), the integer widths ``int8``,
    ``uint8``, ``int16``, ``uint16``, ``int32``, ``uint32``, ``int64``, ``uint64`` and
    ``double-int`` (within +-(2**53 - 1)): the number fits, and an ``int64`` string spells a
    fitting integer (the registry gives ``int64`` to strings too); ``decimal`` (a string
    spells a fixed-point decimal, ``-12.50``: no exponent, no ``+``, no bare ``.5``; any
    number is one), ``decimal128`` (a decimal number, in a string as ``decimal`` or with an
    exponent, that IEEE 754's decimal128 holds exactly: at most 34 significant digits, the
    exponent in range); RFC 8941's structured-field ``sf-integer`` (at most 15 digits),
    ``sf-decimal`` (at most 12 integer and 3 fractional digits), ``sf-string`` (printable
    ASCII) and ``sf-token`` (a letter or ``*``, then token characters, ``:`` and ``/``).

- :data:`ANNOTATIONS`: formats that state no rule of their own beyond the schema's other
  keywords (``float`` and ``double`` of a ``number``: numbers are exact here; ``iso-4217``
  beside its ``pattern`` or ``enum``; ``password``, a hint to hide the value in a form;
  ``commonmark`` and ``html``, how text is rendered; ``sf-binary`` and ``sf-boolean``, whose
  JSON form the registry does not spell). They are carried as documentation.

- Any other format is an annotation too, as JSON Schema 2020-12 (section 7.2) says a format
  nobody knows is: nothing refuses a value for it, and the generated method's docstring says
  ``format `<name>` is not checked``. ``openapi/tools/features.py`` refuses only
  :data:`REFUSED` (by name, with its reason), so a format nobody checks is never silent.

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
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Any

__all__ = [
    "ANNOTATIONS",
    "CHECKED",
    "EXAMPLES",
    "INTEGER_RANGES",
    "REFUSED",
    "STRING_FORMATS",
    "conforms",
    "is_uri",
]

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
INTEGER_RANGES: dict[str, tuple[int, int]] = {
    **{f"int{bits}": (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) for bits in (8, 16, 32, 64)},
    **{f"uint{bits}": (0, 2**bits - 1) for bits in (8, 16, 32, 64)},
    "double-int": (-(2**53 - 1), 2**53 - 1),
    "sf-integer": (-(10**15 - 1), 10**15 - 1),
}
"""The least and greatest integer of each integer format (a number outside is refused)."""


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


_BASE64URL = re.compile(r"(?:[A-Za-z0-9_\-]{4})*(?:[A-Za-z0-9_\-]{2}(?:==)?|[A-Za-z0-9_\-]{3}=?)?")
_PARTIAL_TIME = r"(?P<h>[01][0-9]|2[0-3]):(?P<m>[0-5][0-9]):(?P<s>[0-5][0-9]|60)(?:\.[0-9]+)?"
_TIME_LOCAL = re.compile(_PARTIAL_TIME)
_DATE_TIME_LOCAL = re.compile(
    rf"(?P<year>[0-9]{{4}})-(?P<month>[0-9]{{2}})-(?P<day>[0-9]{{2}})[Tt]{_PARTIAL_TIME}"
)
_DAYS = {
    "Mon": "Monday",
    "Tue": "Tuesday",
    "Wed": "Wednesday",
    "Thu": "Thursday",
    "Fri": "Friday",
    "Sat": "Saturday",
    "Sun": "Sunday",
}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_CLOCK = r"(?P<h>[01][0-9]|2[0-3]):(?P<m>[0-5][0-9]):(?P<s>[0-5][0-9]|60)"
_MONTH = "(?P<month>" + "|".join(_MONTHS) + ")"
# RFC 9110, 5.6.7: HTTP-date = IMF-fixdate / rfc850-date / asctime-date (case-sensitive).
_HTTP_DATES = (
    re.compile(
        rf"(?P<name>{'|'.join(_DAYS)}), (?P<day>[0-9]{{2}}) {_MONTH} (?P<year>[0-9]{{4}})"
        rf" {_CLOCK} GMT"
    ),
    re.compile(
        rf"(?P<long>{'|'.join(_DAYS.values())}), (?P<day>[0-9]{{2}})-{_MONTH}-(?P<yy>[0-9]{{2}})"
        rf" {_CLOCK} GMT"
    ),
    re.compile(
        rf"(?P<name>{'|'.join(_DAYS)}) {_MONTH} (?P<day>[0-9]{{2}}| [0-9]) {_CLOCK}"
        r" (?P<year>[0-9]{4})"
    ),
)
# RFC 9110, 5.6.2 (token), 5.6.4 (quoted-string), 5.6.6 (parameters), 12.5.1 (media-range).
_TCHAR = r"[!#$%&'*+\-.^_`|~0-9A-Za-z]"
_QUOTED = r'"(?:[\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"'
_MEDIA_RANGE = re.compile(
    rf"{_TCHAR}+/{_TCHAR}+(?:[ \t]*;[ \t]*(?:{_TCHAR}+=(?:{_TCHAR}+|{_QUOTED}))?)*"
)
# RFC 8941, 3.3.3 (sf-string: printable ASCII) and 3.3.4 (sf-token).
_SF_STRING = re.compile(r"[\x20-\x7e]*")
_SF_TOKEN = re.compile(r"[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*")
_FIXED_POINT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_DECIMAL_TEXT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_INTEGER_TEXT = re.compile(r"-?[0-9]{1,20}")


_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _real_day(year: int, month: int, day: int) -> bool:
    """Whether ``year-month-day`` is a day of the proleptic Gregorian calendar (year 0 too)."""
    if not 1 <= month <= 12 or day < 1:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= (29 if month == 2 and leap else _MONTH_DAYS[month - 1])


def _is_date_time_local(text: str) -> bool:
    match = _DATE_TIME_LOCAL.fullmatch(text)
    return match is not None and _real_day(
        int(match["year"]), int(match["month"]), int(match["day"])
    )


def _is_http_date(text: str) -> bool:
    for pattern in _HTTP_DATES:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        day, month = int(match["day"]), _MONTHS.index(match["month"]) + 1
        year = int(match["year"] or 0) if "yy" not in match.groupdict() else 2000 + int(match["yy"])
        if not _real_day(year, month, day):
            return False
        if match["s"] == "60" and (match["h"], match["m"]) != ("23", "59"):
            return False  # a leap second ends a UTC (GMT) day
        if "yy" in match.groupdict() or year < 1:
            return True  # a two-digit year names no one weekday
        return date(year, month, day).strftime("%a") == match["name"]
    return False


def _is_int64_text(text: str) -> bool:
    """Whether ``text`` spells an integer int64 holds (the registry gives int64 to strings)."""
    if _INTEGER_TEXT.fullmatch(text) is None:
        return False
    low, high = INTEGER_RANGES["int64"]
    return low <= int(text) <= high


def _significant(number: Decimal) -> tuple[int, int]:
    """Return (digits, exponent) of ``number`` without trailing zeros: ``1.50`` is (2, -1)."""
    _, digits, exponent = number.as_tuple()
    assert isinstance(exponent, int)
    kept = len(digits)
    while kept > 1 and digits[kept - 1] == 0:
        kept -= 1
    return kept, exponent + len(digits) - kept


def _in_decimal128(number: Decimal) -> bool:
    """Whether IEEE 754 decimal128 holds ``number`` exactly (34 digits, exponent -6176..6111)."""
    if not number.is_finite():
        return False
    if not number:
        return True
    digits, exponent = _significant(number)
    quantum = min(exponent, 6111)  # zeros the coefficient takes to bring the exponent down
    return exponent >= -6176 and digits + exponent - quantum <= 34


def _is_decimal128_text(text: str) -> bool:
    if _DECIMAL_TEXT.fullmatch(text) is None:
        return False
    try:
        return _in_decimal128(Decimal(text))
    except (InvalidOperation, ValueError):
        return False


def _in_range(fmt: str) -> Callable[[int | Decimal], bool]:
    low, high = INTEGER_RANGES[fmt]

    def fits(number: int | Decimal) -> bool:
        if isinstance(number, Decimal) and (not number.is_finite() or _significant(number)[1] < 0):
            return False  # 1.5 is no integer (1.0 is one)
        return low <= number <= high

    return fits


def _is_sf_decimal(number: int | Decimal) -> bool:
    """RFC 8941, 3.3.2: at most 12 integer digits and 3 fractional ones."""
    if isinstance(number, Decimal) and not number.is_finite():
        return False
    if not -(10**12) < number < 10**12:
        return False
    return not isinstance(number, Decimal) or not number or _significant(number)[1] >= -3


_NUMBER_RULES: dict[str, Callable[[int | Decimal], bool]] = {
    **{fmt: _in_range(fmt) for fmt in INTEGER_RANGES},
    "decimal128": lambda number: not isinstance(number, Decimal) or _in_decimal128(number),
    "sf-decimal": _is_sf_decimal,
    "decimal": lambda number: True,  # any exact number is a fixed-point decimal
}


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
    "base64url": lambda text: _BASE64URL.fullmatch(text) is not None,
    "char": lambda text: len(text) == 1,
    "date-time-local": _is_date_time_local,
    "time-local": lambda text: _TIME_LOCAL.fullmatch(text) is not None,
    "http-date": _is_http_date,
    "media-range": lambda text: _MEDIA_RANGE.fullmatch(text) is not None,
    "sf-string": lambda text: _SF_STRING.fullmatch(text) is not None,
    "sf-token": lambda text: _SF_TOKEN.fullmatch(text) is not None,
    "decimal": lambda text: _FIXED_POINT.fullmatch(text) is not None,
    "decimal128": _is_decimal128_text,
    "int64": _is_int64_text,
}

CHECKED = frozenset({"date-time", "date", "binary", *_NUMBER_RULES, *_STRING_RULES})
"""Formats whose rule the SDK and the sandbox enforce."""

ANNOTATIONS = frozenset(
    {"float", "double", "password", "iso-4217", "commonmark", "html", "sf-binary", "sf-boolean"}
)
"""Formats that add no rule to their schema's other keywords (documentation only)."""

STRING_FORMATS = frozenset({"date-time", "date", *_STRING_RULES})
"""The formats of :data:`CHECKED` with a rule for a string (each has its :data:`EXAMPLES` value)."""

REFUSED = {
    "idn-hostname": "its rule is IDNA2008's code-point tables, which the standard library lacks",
}
"""Formats ``make generate`` refuses, each with its reason (any other one is an annotation)."""

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
    "base64url": "cGF5bWVudHM",
    "char": "x",
    "date-time-local": "2026-01-01T00:00:00",
    "time-local": "00:00:00",
    "http-date": "Thu, 01 Jan 2026 00:00:00 GMT",
    "media-range": "application/json",
    "sf-string": "x",
    "sf-token": "x",
    "decimal": "0",
    "decimal128": "0",
    "int64": "0",
}
"""A value of each format of :data:`CHECKED` a string may have (the least the sandbox answers)."""


def conforms(fmt: str, value: Any) -> bool:
    """Whether ``value`` keeps the rule of ``fmt`` (a value of another type is not its business).

    A string is held to the format's text rule, an int or a ``Decimal`` to its number rule
    (``int8``'s range, ``decimal128``'s digits); ``date-time``, ``date`` and ``binary`` are
    checked where they are converted, and a format with no rule (an annotation) passes.
    """
    if isinstance(value, str):
        text_rule = _STRING_RULES.get(fmt)
        return text_rule is None or text_rule(value)
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        number_rule = _NUMBER_RULES.get(fmt)
        return number_rule is None or number_rule(value)
    return True
