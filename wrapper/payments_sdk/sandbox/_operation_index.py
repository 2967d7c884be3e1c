"""The bundle's operations by name, and by request.

Fault injection names an operation the way a user does, so this table answers two questions:
which operation a name means, and which operation a request reaches (``POST /v1/refunds`` →
its ``operationId``). A name is the operation's SDK name (``refunds.create``, ``ping`` for a
method of the client: :mod:`payments_sdk._naming`), its ``operationId``, or its method and path
(``POST /v1/refunds``). The SDK name and the path survive an ``operationId`` rename; the
operationId is what the table answers, as the bundle's own name. Paths are the folded ones the
sandbox serves (``/v1/...``, and ``/v2/beneficiaries`` at the root); ``{id}`` matches one path
segment, as it does in the sandbox's routes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from .._naming import sdk_name
from ._generic import OperationShape
from .contract import load_bundle

__all__ = ["OperationIndex", "bundle_operations"]

_METHODS = ("get", "post", "put", "patch", "delete")
_PARAMETER = re.compile(r"\{[^{}/]+\}")


def _pattern(path: str) -> re.Pattern[str]:
    """Return a regex for a path template: each ``{name}`` is one non-empty segment."""
    parts = _PARAMETER.split(path)
    return re.compile("[^/]+".join(re.escape(part) for part in parts))


class OperationIndex:
    """The index of a folded bundle's operations: each ``operationId`` by SDK name and route.

    Answers which operation a name means (:meth:`resolve`) and which one a request reaches
    (:meth:`match`).
    """

    def __init__(self, folded: Mapping[str, Any]) -> None:
        self._routes: dict[str, tuple[str, str]] = {}
        self._names: dict[str, str] = {}
        self._by_name: dict[str, str] = {}
        self._by_route: dict[str, str] = {}
        self._literal: dict[tuple[str, str], str] = {}
        self._templated: list[tuple[str, re.Pattern[str], str]] = []
        document = dict(folded)
        for path, item in folded["paths"].items():
            for method in _METHODS:
                if method not in item:
                    continue
                operation_id: str = item[method]["operationId"]
                verb = method.upper()
                self._routes[operation_id] = (verb, path)
                named = OperationShape.of(document, path, method)
                self._names[operation_id] = sdk_name(named.resource, named.method)
                self._by_name[self._names[operation_id]] = operation_id
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

        ``name`` is an operationId, an SDK name (``refunds.create``, ``ping``) or a method and
        a path template as the sandbox serves it (``POST /v1/refunds``, ``get /v1/orders/{id}``).
        """
        if name in self._routes:
            return name
        text = name.strip()
        if text in self._by_name:
            return self._by_name[text]
        verb, _, path = text.partition(" ")
        return self._by_route.get(f"{verb.upper()} {path.strip()}")

    def sdk_name(self, operation_id: str) -> str:
        """Return the SDK's name of an operation (``refunds.create``; ``ping`` on the client)."""
        return self._names[operation_id]

    def closest(self, name: str, count: int = 3) -> list[str]:
        """Return up to ``count`` names closest to ``name``: SDK names, operationIds, routes."""
        import difflib

        text = name.strip()
        candidates = [*self._by_name, *self._routes, *self._by_route]
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
def bundle_operations() -> OperationIndex:
    """Return the operations of the shipped bundle (built once per process)."""
    return OperationIndex(load_bundle())
