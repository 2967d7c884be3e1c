"""The bundle's operations by name: an ``operationId`` or ``METHOD /path``, and by request.

Fault injection names operations the way the bundle does, so this table answers two questions:
which operation a name means (``createRefund`` or ``POST /v1/refunds``), and which operation a
request reaches (``POST /v1/refunds`` → ``createRefund``). Paths are the folded ones the sandbox
serves (``/v1/...``, and ``/v2/beneficiaries`` at the root); ``{id}`` matches one path segment,
as it does in the sandbox's routes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from .contract import load_bundle

__all__ = ["OperationTable", "bundle_operations"]

_METHODS = ("get", "post", "put", "patch", "delete")
_PARAMETER = re.compile(r"\{[^{}/]+\}")


def _pattern(path: str) -> re.Pattern[str]:
    """Return a regex for a path template: each ``{name}`` is one non-empty segment."""
    parts = _PARAMETER.split(path)
    return re.compile("[^/]+".join(re.escape(part) for part in parts))


class OperationTable:
    """Every operation of a folded bundle: its ``operationId``, method and path."""

    def __init__(self, folded: Mapping[str, Any]) -> None:
        self._routes: dict[str, tuple[str, str]] = {}
        self._by_route: dict[str, str] = {}
        self._literal: dict[tuple[str, str], str] = {}
        self._templated: list[tuple[str, re.Pattern[str], str]] = []
        for path, item in folded["paths"].items():
            for method in _METHODS:
                if method not in item:
                    continue
                operation_id: str = item[method]["operationId"]
                verb = method.upper()
                self._routes[operation_id] = (verb, path)
                self._by_route[f"{verb} {path}"] = operation_id
                if _PARAMETER.search(path):
                    self._templated.append((verb, _pattern(path), operation_id))
                else:
                    self._literal[(verb, path)] = operation_id

    def __iter__(self) -> Iterator[str]:
        """Iterate over the operationIds, in the bundle's order."""
        return iter(self._routes)

    def resolve(self, name: str) -> str | None:
        """Return the operationId that ``name`` means, or ``None`` if it names no operation.

        ``name`` is an operationId (``createRefund``) or a method and a path template as the
        sandbox serves it (``POST /v1/refunds``, ``get /v1/orders/{id}``).
        """
        if name in self._routes:
            return name
        verb, _, path = name.strip().partition(" ")
        return self._by_route.get(f"{verb.upper()} {path.strip()}")

    def closest(self, name: str, count: int = 3) -> list[str]:
        """Return up to ``count`` names (operationIds or ``METHOD /path``) closest to ``name``."""
        import difflib

        text = name.strip()
        candidates = [*self._routes, *self._by_route]
        folded = {candidate.lower(): candidate for candidate in candidates}
        found = difflib.get_close_matches(text.lower(), list(folded), n=count, cutoff=0.5)
        return [folded[match] for match in found]

    def route(self, operation_id: str) -> tuple[str, str]:
        """Return the method and path template of an operation."""
        return self._routes[operation_id]

    def match(self, method: str, path: str) -> str | None:
        """Return the operationId a request reaches, or ``None`` (HEAD counts as its GET)."""
        verb = "GET" if method == "HEAD" else method
        found = self._literal.get((verb, path))
        if found is not None:
            return found
        for candidate, pattern, operation_id in self._templated:
            if candidate == verb and pattern.fullmatch(path):
                return operation_id
        return None


@cache
def bundle_operations() -> OperationTable:
    """Return the operations of the shipped bundle (built once per process)."""
    return OperationTable(load_bundle())
