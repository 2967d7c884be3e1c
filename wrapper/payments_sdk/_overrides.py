"""The rules the bundle's schemas cannot state, each citing the description it comes from.

Everything else a method checks is derived from the bundle (:mod:`payments_sdk._checks`). The
rules here are keyed by the SDK method (``resource.method``), not by operationId, so renaming
an operation in the bundle changes nothing. ``tests/`` lists this module as hand-written code
that mirrors the description; keep it short. It is empty: the one rule it held (the two
currencies of a conversion differ) is now stated in the bundle (``x-distinct-fields``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["OVERRIDES", "check_overrides"]


OVERRIDES: dict[str, Callable[[Mapping[str, Any]], None]] = {}
"""Rules by SDK method, beyond what the bundle's schema for its request says."""


def check_overrides(method: str, body: Mapping[str, Any]) -> None:
    """Run the rule of ``method`` (``resource.method``) on its checked body, if it has one."""
    rule = OVERRIDES.get(method)
    if rule is not None:
        rule(body)
