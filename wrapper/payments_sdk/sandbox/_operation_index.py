"""The sandbox's one table of the bundle's operations: each read once, found by name or request.

Every part of the sandbox that needs an operation takes it from here: the routes and the
outermost layer (which operation a request reaches, which credential it takes), the request
validation (its parameters and body), the handlers (its SDK name, record and filters), the
answers (its statuses and schemas) and the faults (an operation named as a user names it).
Each operation of a document is read once, as an :class:`OperationShape`, and
:meth:`OperationIndex.of` keeps the table of a document, so all of them hold the same objects.

A name is the operation's SDK name (``refunds.create``, ``ping`` for a method of the client:
:mod:`payments_sdk._naming`), its ``operationId``, or its method and path (``POST /v1/refunds``).
The SDK name and the path survive an ``operationId`` rename; the operationId is what the table
answers, as the bundle's own name. Paths are the folded ones the sandbox serves (``/v1/...``,
and ``/v2/beneficiaries`` at the root); ``{id}`` matches one path segment, as in the routes, and
a concrete path is matched before a templated one (``/payments/export`` before
``/payments/{id}``), in the routes' order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, ClassVar

from .. import _operation_parts as parts
from .._naming import is_list_envelope, method_of, resource_of, sdk_name
from .._schema_views import merge_all_of
from .contract import load_bundle, resolve

__all__ = ["OperationIndex", "OperationShape", "bundle_operations", "route_order"]

METHODS = ("get", "post", "put", "patch", "delete")
"""The methods an operation of the sandbox may have, in the order a path's are read."""
_PARAMETER = re.compile(r"\{[^{}/]+\}")
_WINDOW_AND_PAGES = frozenset({"before", "after", "per_page", "page"})
# How many documents OperationIndex.of keeps tables of: the shipped bundle and a few edited ones.
_DOCUMENTS_KEPT = 8


def route_order(path: str) -> list[bool]:
    """Return, segment by segment, whether ``path`` is templated there: the routes' sort key.

    OpenAPI matches a concrete path before a templated one (``/payments/export`` before
    ``/payments/{id}``); a router that takes the first route that matches needs them in order.
    """
    return [segment.startswith("{") for segment in path.strip("/").split("/")]


def _pattern(path: str) -> re.Pattern[str]:
    """Return a regex for a path template: each ``{name}`` is one non-empty segment."""
    pieces = _PARAMETER.split(path)
    return re.compile("[^/]+".join(re.escape(piece) for piece in pieces))


class OperationShape:
    """One operation of a document, read once: its parts, SDK name, route and success.

    :meth:`of` returns the one reading the document's table holds, so the routes, the request
    validation, the handlers, the answers, the faults and the record controls share it.
    """

    @classmethod
    def of(cls, document: dict[str, Any], path: str, verb: str) -> OperationShape:
        """Return the operation at ``path`` and ``verb`` of ``document``: its table's row."""
        found = OperationIndex.of(document).at(path, verb)
        return found if found is not None else cls(document, path, verb)

    def __init__(self, document: dict[str, Any], path: str, verb: str) -> None:
        spec = document["paths"][path][verb.lower()]
        self.document = document
        self.spec: dict[str, Any] = spec
        """The operation object as the bundle writes it."""
        self.operation_id: str = spec["operationId"]
        self.path = path
        self.verb = verb.upper()
        self.parameters = parts.parameters(document, path, verb)
        """Its parameters (the path item's, then its own), each followed, with its pointer."""
        self.body = parts.request_body(document, path, verb)
        """Its request body, followed, with its pointer; ``None`` when it declares none."""
        self.responses = parts.responses(document, path, verb)
        """Its answers by status, each followed, with its pointer."""
        self.status, self.response = _success(document, self.responses)
        self.media_type, self.raw_example = _raw_success(document, self.responses)
        self.is_list = self.response is not None and is_list_envelope(self.response)
        self.item: dict[str, Any] | None = None
        """For a list: the schema of one record (``data``'s items)."""
        if self.is_list and self.response is not None:
            data = self.response.get("properties", {}).get("data", {})
            self.item = data.get("items") if isinstance(data.get("items"), dict) else None
        self.resource = resource_of(path, spec, document)
        self.method = method_of(path, verb, spec, self.is_list, document)
        self.key = f"{self.resource}.{self.method}"
        values = [p.value for p in self.parameters]
        self.path_params = [p["name"] for p in values if p["in"] == "path"]
        self.filters = [
            p["name"] for p in values if p["in"] == "query" and p["name"] not in _WINDOW_AND_PAGES
        ]
        self.paged = any(p["in"] == "query" and p["name"] == "page" for p in values)
        requirements = spec.get("security", document.get("security", []))
        self.anonymous = not requirements or any(not requirement for requirement in requirements)
        """Whether it takes a call with no credential (``security: []``, or ``{}``)."""
        self.key_headers = _key_headers(document, requirements)
        """The headers of the ``apiKey`` schemes its ``security`` accepts a key in."""


def _key_headers(document: dict[str, Any], requirements: Any) -> tuple[str, ...]:
    schemes = document.get("components", {}).get("securitySchemes", {})
    found: list[str] = []
    for requirement in requirements:
        for name in requirement:
            scheme = schemes.get(name, {})
            if scheme.get("type") == "apiKey" and scheme.get("in") == "header":
                found.append(str(scheme["name"]))
    return tuple(found)


def _success(
    document: dict[str, Any], responses: dict[str, parts.Part]
) -> tuple[int, dict[str, Any] | None]:
    for status, response in sorted(responses.items()):
        if status.startswith("2"):
            content = response.value.get("content", {})
            schema = content.get("application/json", {}).get("schema")
            return int(status), None if schema is None else deep(document, schema)
    return 200, None


def _raw_success(
    document: dict[str, Any], responses: dict[str, parts.Part]
) -> tuple[str | None, bytes]:
    """Return the media type and example of a success that is not JSON (else ``None``, b"")."""
    for status, response in sorted(responses.items()):
        if not status.startswith("2"):
            continue
        content: dict[str, Any] = response.value.get("content", {})
        if not content or "application/json" in content:
            return None, b""
        media, described = next(iter(content.items()))
        schema = resolve(document, described.get("schema", {}))
        example = described.get("example", schema.get("example"))
        named = parts.examples(
            document, parts.Part(described, f"{response.pointer}/content/{parts.escape(media)}")
        )
        if example is None and named:
            first = next(iter(named.values())).value
            example = first.get("value") if isinstance(first, dict) else None
        if example is None and schema.get("examples"):
            example = schema["examples"][0]
        if isinstance(example, str):
            return media, example.encode("utf-8")
        return media, b""
    return None, b""


def deep(document: dict[str, Any], node: Any, depth: int = 0) -> Any:
    """Resolve every ``$ref`` of a response schema (they are finite in the bundle).

    An ``allOf`` is merged into the one object it composes.
    """
    node = resolve(document, node)
    if depth > 20:
        return node
    if isinstance(node, dict):
        return merge_all_of({key: deep(document, value, depth + 1) for key, value in node.items()})
    if isinstance(node, list):
        return [deep(document, value, depth + 1) for value in node]
    return node


class OperationIndex:
    """The table of a folded bundle's operations: each read once, by name and by request.

    Answers which operation a name means (:meth:`resolve`), which one a request reaches
    (:meth:`match`), and each path's operations in the routes' order (:meth:`paths`).
    """

    _tables: ClassVar[list[tuple[dict[str, Any], OperationIndex]]] = []
    _shipped: ClassVar[OperationIndex | None] = None

    @classmethod
    def of(cls, document: dict[str, Any]) -> OperationIndex:
        """Return the table of ``document``, built once (the same object for the same dict)."""
        if cls._shipped is not None and cls._shipped.document is document:
            return cls._shipped  # never dropped to make room for an edited bundle's
        table = next((table for known, table in cls._tables if known is document), None)
        if table is None:
            table = cls(document)
            cls._tables.insert(0, (document, table))
            del cls._tables[_DOCUMENTS_KEPT:]  # tests build many edited bundles
        return table

    def __init__(self, folded: dict[str, Any]) -> None:
        self.document = folded
        """The folded bundle the table reads."""
        self._operations: dict[str, OperationShape] = {}
        self._at: dict[tuple[str, str], OperationShape] = {}
        self._paths: dict[str, dict[str, OperationShape]] = {}
        self._names: dict[str, str] = {}
        self._by_name: dict[str, str] = {}
        self._by_route: dict[str, str] = {}
        self._literal: dict[tuple[str, str], OperationShape] = {}
        self._templated: list[tuple[str, re.Pattern[str], OperationShape]] = []
        for path, item in folded["paths"].items():
            for method in METHODS:
                if method not in item:
                    continue
                operation = OperationShape(folded, path, method)
                operation_id = operation.operation_id
                self._operations[operation_id] = operation
                self._at[(path, method)] = operation
                self._paths.setdefault(path, {})[method] = operation
                self._names[operation_id] = sdk_name(operation.resource, operation.method)
                self._by_name[self._names[operation_id]] = operation_id
                self._by_route[f"{operation.verb} {path}"] = operation_id
                if _PARAMETER.search(path):
                    self._templated.append((operation.verb, _pattern(path), operation))
                else:
                    self._literal[(operation.verb, path)] = operation
        self._templated.sort(key=lambda entry: route_order(entry[2].path))  # as the routes

    def __iter__(self) -> Iterator[str]:
        """Iterate over the operationIds, in the bundle's order."""
        return iter(self._operations)

    def operation(self, operation_id: str) -> OperationShape:
        """Return the operation ``operation_id`` names."""
        return self._operations[operation_id]

    def at(self, path: str, verb: str) -> OperationShape | None:
        """Return the operation at ``path`` and ``verb`` (a method), or ``None``."""
        return self._at.get((path, verb.lower()))

    def paths(self) -> list[tuple[str, Mapping[str, OperationShape]]]:
        """Return each path with its operations by method, in the routes' order."""
        return sorted(self._paths.items(), key=lambda entry: route_order(entry[0]))

    def resolve(self, name: str) -> str | None:
        """Return the operationId that ``name`` means, or ``None`` if it names no operation.

        ``name`` is an operationId, an SDK name (``refunds.create``, ``ping``) or a method and
        a path template as the sandbox serves it (``POST /v1/refunds``, ``get /v1/orders/{id}``).
        """
        if name in self._operations:
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
        candidates = [*self._by_name, *self._operations, *self._by_route]
        folded = {candidate.lower(): candidate for candidate in candidates}
        found = difflib.get_close_matches(text.lower(), list(folded), n=count, cutoff=0.5)
        return [folded[match] for match in found]

    def route(self, operation_id: str) -> tuple[str, str]:
        """Return the method and path template of an operation."""
        operation = self._operations[operation_id]
        return operation.verb, operation.path

    def match(self, method: str, path: str) -> OperationShape | None:
        """Return the operation a request reaches, or ``None`` (HEAD counts as its GET)."""
        verb = "GET" if method == "HEAD" else method
        found = self._literal.get((verb, path))
        if found is not None:
            return found
        for candidate, pattern, operation in self._templated:
            if candidate == verb and pattern.fullmatch(path):
                return operation
        return None


@cache
def bundle_operations() -> OperationIndex:
    """Return the table of the shipped bundle (built once per process)."""
    table = OperationIndex._shipped = OperationIndex(load_bundle())
    return table
