"""Schemas of the bundle as one side of the wire sees them: ``allOf`` merged, one direction.

Shared by ``make generate`` (the argument checks of each method), the sandbox (its convention
and its validators) and the command line, so that all three read a composed or directional
schema the same way:

- :func:`merge_all_of`: an ``allOf`` of object schemas (a shared base plus own fields) is the
  one object whose ``properties`` and ``required`` are those of every part;
- :func:`request_view` / :func:`response_view`: OpenAPI's ``readOnly`` fields are answered,
  never sent (a request neither needs nor may carry them); ``writeOnly`` fields are sent, never
  answered (a response need not carry them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "READ_ONLY_MARK",
    "is_deprecated",
    "merge_all_of",
    "request_view",
    "response_view",
]

READ_ONLY_MARK = "x-read-only-in-request"
"""Set on the schema that stands for a ``readOnly`` field in a request: it refuses any value."""

# What a part of an allOf does not lend the whole: its own name, words and examples.
_OWN = frozenset({"x-model", "title", "description", "examples", "example", "allOf"})


def merge_all_of(schema: Any) -> Any:
    """Return ``schema`` (``$ref`` already resolved) with its ``allOf`` parts merged into it.

    Properties and required fields are the union of every part's; the schema's own keywords win
    over a part's; ``additionalProperties: false`` holds when the schema says so or every part
    does. A schema without ``allOf`` is returned as it is.
    """
    if not isinstance(schema, Mapping) or not schema.get("allOf"):
        return schema
    parts = [merge_all_of(part) for part in schema["allOf"] if isinstance(part, Mapping)]
    merged: dict[str, Any] = {key: value for key, value in schema.items() if key != "allOf"}
    properties: dict[str, Any] = {}
    required: list[str] = []
    for part in [*parts, merged]:
        properties.update(part.get("properties", {}))
        required += [name for name in part.get("required", ()) if name not in required]
    for part in parts:
        for key, value in part.items():
            if key not in _OWN and key not in ("properties", "required"):
                merged.setdefault(key, value)
    if "additionalProperties" not in schema:
        closed = bool(parts) and all(part.get("additionalProperties") is False for part in parts)
        merged.pop("additionalProperties", None)
        if closed:
            merged["additionalProperties"] = False
    merged.setdefault("type", "object")
    merged["properties"] = properties
    if required:
        merged["required"] = required
    return merged


def _directional(node: Any, dropped: str, refuse: bool) -> Any:
    if isinstance(node, list):
        return [_directional(item, dropped, refuse) for item in node]
    if not isinstance(node, Mapping):
        return node
    result = {key: _directional(value, dropped, refuse) for key, value in node.items()}
    properties = result.get("properties")
    if isinstance(properties, dict):
        gone = {
            name
            for name, sub in properties.items()
            if isinstance(sub, Mapping) and sub.get(dropped) is True
        }
        if gone:
            if isinstance(result.get("required"), list):
                result["required"] = [name for name in result["required"] if name not in gone]
            if refuse:
                result["properties"] = {
                    name: ({"not": {}, READ_ONLY_MARK: True} if name in gone else sub)
                    for name, sub in properties.items()
                }
    return result


def request_view(document: Any) -> Any:
    """Return ``document`` as requests see it: ``readOnly`` fields refused, never required."""
    return _directional(document, "readOnly", refuse=True)


def response_view(document: Any) -> Any:
    """Return a copy of ``document`` as responses see it: ``writeOnly`` fields not required."""
    return _directional(document, "writeOnly", refuse=False)


def is_deprecated(node: Any) -> bool:
    """Whether an operation, a parameter or a schema says ``deprecated: true``."""
    return isinstance(node, Mapping) and node.get("deprecated") is True
