"""The bundle's numeric keywords, read exactly: ``minimum: 0.5``, ``multipleOf: 0.01``.

A JSON or YAML loader reads ``0.01`` as the binary float nearest to one hundredth, which is
not one hundredth: ``Decimal("0.07") % 0.01`` is not even defined, and ``7 % 0.01`` is
``0.00999...``. The schema engine (:mod:`._engine`) compares exactly; every other reader of a
bound (the wording of a refusal, the sandbox's value maker, the CLI's help and parser) takes it
through :func:`exact_bound`, the decimal the bundle spells (the shortest text that reads back
as that float, as ``repr`` writes it: ``0.01``).

This module imports nothing of the package: ``openapi/tools`` loads it by path.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

__all__ = ["exact_bound"]


def exact_bound(bound: Any) -> Any:
    """Return a bound as the number the bundle wrote: a float becomes its ``Decimal``.

    ``0.01`` (a float) is ``Decimal("0.01")``; an int, a ``Decimal`` or anything else is
    returned as it is.
    """
    if isinstance(bound, float):
        return Decimal(repr(bound))
    return bound
