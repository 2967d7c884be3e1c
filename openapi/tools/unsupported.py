"""Refuse the OpenAPI 3.1 features the pipeline does not carry, naming each and its place.

``make generate`` runs this on the folded bundle before the generator. A feature listed here
would otherwise be dropped in silence (openapi-python-client skips a cookie parameter, a
callback, a webhook) or half-carried (the sandbox's validator would enforce a schema keyword the
SDK's argument checks do not, so the SDK would send what the bundle refuses). docs/development.md
("OpenAPI 3.1 features the pipeline supports") lists what is carried; a feature here moves there
when every layer carries it.

Usage: python openapi/tools/unsupported.py FOLDED.json   (exit 1, one line per use, when refused)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["SCHEMA_KEYWORDS", "unsupported"]

_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_REQUEST_MEDIA = ("application/json", "multipart/form-data")

SCHEMA_KEYWORDS = {
    "if": "conditional schemas (if/then/else)",
    "then": "conditional schemas (if/then/else)",
    "else": "conditional schemas (if/then/else)",
    "dependentSchemas": "dependentSchemas",
    "dependentRequired": "dependentRequired",
    "unevaluatedProperties": "unevaluatedProperties",
    "unevaluatedItems": "unevaluatedItems",
    "prefixItems": "tuples (prefixItems)",
    "patternProperties": "patternProperties",
    "propertyNames": "propertyNames",
    "contains": "contains",
    "$dynamicRef": "$dynamicRef",
}
"""Schema keywords the SDK's argument checks do not enforce, with the feature's name."""


def _pointer(*parts: str) -> str:
    return "#/" + "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)


def _schema_uses(node: Any, where: tuple[str, ...]) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                # Property names are names, not keywords (a field may be called `contains`).
                for name, schema in value.items():
                    yield from _schema_uses(schema, (*where, key, name))
                continue
            if key in SCHEMA_KEYWORDS:
                yield f"{SCHEMA_KEYWORDS[key]} at {_pointer(*where, key)}"
            elif key == "not" and not (isinstance(value, dict) and "required" in value):
                # `not: {required: [...]}` (fields that may not be sent together) is carried.
                yield f"not (other than of required fields) at {_pointer(*where, key)}"
            if key in ("examples", "example", "enum", "const", "default"):
                continue
            yield from _schema_uses(value, (*where, key))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _schema_uses(item, (*where, str(index)))


def unsupported(document: dict[str, Any]) -> list[str]:
    """Return each use of a feature the pipeline does not carry, with its JSON pointer."""
    found: list[str] = []
    if document.get("webhooks"):
        found.append(f"webhooks at {_pointer('webhooks')}")
    for path, item in document.get("paths", {}).items():
        shared = item.get("parameters", [])
        for verb, operation in item.items():
            if verb not in _METHODS:
                continue
            where = ("paths", path, verb)
            if operation.get("callbacks"):
                found.append(f"callbacks at {_pointer(*where, 'callbacks')}")
            for parameter in [*shared, *operation.get("parameters", [])]:
                if parameter.get("in") == "cookie":
                    name = parameter.get("name")
                    found.append(f"cookie parameter {name!r} of {_pointer(*where)}")
            body = operation.get("requestBody", {})
            for media in body.get("content", {}):
                if media not in _REQUEST_MEDIA:
                    found.append(
                        f"request media type {media} at "
                        f"{_pointer(*where, 'requestBody', 'content', media)}"
                    )
    components = document.get("components", {})
    for name, schema in components.get("schemas", {}).items():
        found += _schema_uses(schema, ("components", "schemas", name))
    for path, item in document.get("paths", {}).items():
        found += _schema_uses(item, ("paths", path))
    return list(dict.fromkeys(found))


def main(argv: list[str]) -> int:
    document = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    found = unsupported(document)
    for use in found:
        print(f"unsupported: {use}", file=sys.stderr)
    if found:
        print(
            "unsupported: the pipeline does not carry these OpenAPI features (docs/development.md, "
            "'OpenAPI 3.1 features the pipeline supports'); express them otherwise",
            file=sys.stderr,
        )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
