"""The bundle as the sandbox enforces it: every object names all of its fields.

The published request schemas stay open where the description says nothing, and response records
are open so that a field this version does not know still reaches the caller. The sandbox is
stricter on both sides (openapi/DECISIONS.md): it refuses a request field the operation does not
name, and it never answers a field the response schema does not declare. This copy states that
strictness, so that schemathesis and the response checks can hold the sandbox to it.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["closed"]


def _close(node: Any) -> None:
    if isinstance(node, dict):
        extra = node.get("additionalProperties")
        if "properties" in node and (extra is None or extra is True):
            node["additionalProperties"] = False
        for value in node.values():
            _close(value)
    elif isinstance(node, list):
        for value in node:
            _close(value)


def closed(document: dict[str, Any]) -> dict[str, Any]:
    """Return a copy whose objects with declared properties allow no other field.

    Free-form maps (``notes``, ``metadata``) declare no properties and stay open. A component
    schema that declares nothing at all (``Ping``, whose fields are not published) is closed too:
    the sandbox answers it with an empty object.
    """
    strict = copy.deepcopy(document)
    _close(strict)
    for schema in strict["components"]["schemas"].values():
        if schema.get("type") == "object" and "properties" not in schema:
            schema["additionalProperties"] = False
    return strict
