r"""A schema's ``pattern``, compiled to mean what ECMA-262 says it means, as JSON Schema requires.

JSON Schema patterns are ECMA-262 regular expressions. Python's ``re`` reads the same text
otherwise in four places, and the SDK's argument checks and the sandbox's validation both read
patterns here, so that they agree with each other and with the bundle:

- a final ``$`` is the end of the text (Python's also matches before a final newline, so
  ``^[A-Z]{3}$`` would take ``"USD\n"``);
- ``\d`` is ``[0-9]`` and ``\w`` is ``[A-Za-z0-9_]`` (Python's are Unicode: Arabic-Indic digits,
  accented letters), and ``\b`` is a boundary of those;
- ``\s`` is ECMA-262's white space and line terminators: tab, line feed, vertical tab, form
  feed, carriage return, space, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F,
  U+205F, U+3000 and U+FEFF. Python's also holds U+001C to U+001F and U+0085, so
  ``^[^\s]+$`` refused ``"https://\x1c..."``, which the bundle allows.

``\S`` written inside a class (``[\S]``) keeps Python's ASCII reading: a class cannot subtract
a set, and no pattern of ours needs it.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["ecma_pattern"]

_SPACE = r"\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
"""ECMA-262's ``\\s``: WhiteSpace and LineTerminator, as the members of a character class."""


def _translate(pattern: str) -> str:
    out: list[str] = []
    in_class = False
    at = 0
    while at < len(pattern):
        ch = pattern[at]
        if ch == "\\" and at + 1 < len(pattern):
            escaped = pattern[at + 1]
            if escaped == "s":
                out.append(_SPACE if in_class else f"[{_SPACE}]")
            elif escaped == "S" and not in_class:
                out.append(f"[^{_SPACE}]")
            else:
                out.append(ch + escaped)
            at += 2
            continue
        if ch == "[" and not in_class:
            in_class = True
            out.append(ch)
            at += 1
            if pattern[at : at + 1] == "^":
                out.append("^")
                at += 1
            continue
        if ch == "]" and in_class:
            in_class = False
        out.append(ch)
        at += 1
    text = "".join(out)
    trailing = len(text[:-1]) - len(text[:-1].rstrip("\\"))
    if text.endswith("$") and trailing % 2 == 0 and not in_class:
        text = text[:-1] + r"\Z"
    return text


@cache
def ecma_pattern(pattern: str) -> re.Pattern[str]:
    """Compile a schema ``pattern`` with ECMA-262's meaning (see the module); search with it."""
    return re.compile(_translate(pattern), re.ASCII)
