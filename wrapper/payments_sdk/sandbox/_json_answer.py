"""The sandbox's JSON answers: every number exact, a ``Decimal`` written as the number it is.

A request's number with a fraction is parsed as a :class:`~decimal.Decimal` (never a float,
``_input.parse_json``), kept so, and answered with the same digits; the standard library's
encoder would refuse it (and write a float's binary rounding). msgspec writes it, in C.
"""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.responses import JSONResponse

__all__ = ["JSONAnswer"]

_ENCODER = msgspec.json.Encoder(decimal_format="number")


class JSONAnswer(JSONResponse):
    """A JSON response whose ``Decimal`` values are JSON numbers, digit for digit."""

    def render(self, content: Any) -> bytes:
        """Return the body: compact UTF-8 JSON, as Starlette writes it, Decimals as numbers."""
        return _ENCODER.encode(content)
