"""The bundle as the sandbox enforces it: objects name all of their fields, integers are bounded.

The published request schemas stay open where the description says nothing, and response records
are open so that a field this version does not know still reaches the caller. The sandbox is
stricter on both sides (openapi/DECISIONS.md): it refuses a request field the operation does not
name, and it never answers a field the response schema does not declare. It also accepts no
integer beyond 10^15 (an amount, a page). This copy states that strictness, so that schemathesis
and the response checks can hold the sandbox to it.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["MAX_INTEGER", "closed", "closed_answers"]

MAX_INTEGER = 10**15
"""The sandbox's bound on every integer (openapi/DECISIONS.md, sandbox section)."""


def _part_names(document: Any) -> set[str]:
    """The components that are parts of an ``allOf`` (a shared base, say)."""
    found: set[str] = set()
    if isinstance(document, dict):
        for part in document.get("allOf", []):
            ref = part.get("$ref", "") if isinstance(part, dict) else ""
            if ref.startswith("#/components/schemas/"):
                found.add(ref.rsplit("/", 1)[1])
        for value in document.values():
            found |= _part_names(value)
    elif isinstance(document, list):
        for value in document:
            found |= _part_names(value)
    return found


def _close(node: Any, *, part: bool = False) -> None:
    """Close ``node``'s objects; a part of an ``allOf`` is closed by its composition instead."""
    if isinstance(node, dict):
        extra = node.get("additionalProperties")
        if node.get("allOf") and extra in (None, True) and "unevaluatedProperties" not in node:
            # Closed as a whole: a part closed alone would refuse its siblings' fields (and an
            # open record's ``additionalProperties: true`` would count every field as known).
            node.pop("additionalProperties", None)
            node["unevaluatedProperties"] = False
        elif "properties" in node and (extra is None or extra is True) and not part:
            node["additionalProperties"] = False
        if node.get("type") == "integer" and "maximum" not in node:
            node["maximum"] = MAX_INTEGER
        for key, value in node.items():
            if key == "allOf" and isinstance(value, list):
                for item in value:
                    _close(item, part=True)
            else:
                _close(value)
    elif isinstance(node, list):
        for value in node:
            _close(value)


def closed(document: dict[str, Any]) -> dict[str, Any]:
    """Return a copy whose objects allow no undeclared field and whose integers are bounded.

    Free-form maps (``notes``, ``metadata``) declare no properties and stay open. A component
    schema that declares nothing at all (``Ping``, whose fields are not published) is closed too:
    the sandbox answers it with an empty object.
    """
    strict = copy.deepcopy(document)
    parts = _part_names(strict)
    for key, value in strict.items():
        if key != "components":
            _close(value)
    for key, value in strict["components"].items():
        if key != "schemas":
            _close(value)
    for name, schema in strict["components"]["schemas"].items():
        _close_component(schema, part=name in parts)
    return strict


def _close_component(schema: dict[str, Any], *, part: bool) -> None:
    """Close a component schema; one that declares no field at all answers ``{}``."""
    _close(schema, part=part)
    composed = any(key in schema for key in ("allOf", "oneOf", "anyOf"))
    if schema.get("type") == "object" and "properties" not in schema and not composed:
        schema["additionalProperties"] = False


def _answer_refs(node: Any, suffix: str) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            node["$ref"] = ref + suffix
        for value in node.values():
            _answer_refs(value, suffix)
    elif isinstance(node, list):
        for value in node:
            _answer_refs(value, suffix)


def closed_answers(document: dict[str, Any], suffix: str = "Answer") -> dict[str, Any]:
    """Return a copy whose responses are closed as :func:`closed` closes them; requests are not.

    Every component schema gets a closed twin (``<Name><suffix>``) that the responses use, so
    that a schema shared by a request and a response (``BeneficiaryDetails``) stays as the
    bundle publishes it on the request side. Schemathesis then generates requests from the bundle
    users read, and holds the sandbox's answers to the sandbox's own stricter promise.
    """
    strict = copy.deepcopy(document)
    schemas = strict["components"]["schemas"]
    parts = _part_names(strict)
    for name, schema in list(schemas.items()):
        twin = copy.deepcopy(schema)
        _answer_refs(twin, suffix)
        _close_component(twin, part=name in parts)
        schemas[name + suffix] = twin
    containers = [strict["components"].get("responses", {})]
    for item in strict["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and "responses" in operation:
                containers.append(operation["responses"])
    for responses in containers:
        for response in responses.values():
            for media in response.get("content", {}).values():
                if "schema" in media:
                    _answer_refs(media["schema"], suffix)
                    _close(media["schema"])
    return strict
