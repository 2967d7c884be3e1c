"""Values a schema of the bundle allows, enough of them to show every field and enum value.

``variants(document, pointer)`` returns a short list of values valid for the schema at
``pointer``: together they carry every enum value, every branch of ``anyOf``/``oneOf`` and
every declared property (optional ones too), at every depth. Leaves come from the schema itself
(``const``, ``enum``, ``examples``, ``default``, a format's sample, the shortest string its
``pattern`` matches, the least value its bounds allow), never from a list kept by hand, so a
field or value the bundle gains has its variant.
"""

from __future__ import annotations

import re
from typing import Any

try:  # the parser of the re module: private, so looked up where each Python keeps it
    from re import _parser as _regex  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10 and older
    import sre_parse as _regex

__all__ = ["example", "request_example", "variants"]

_FORMATS = {
    "date-time": "2026-01-02T03:04:05Z",
    "date": "2026-01-02",
    "email": "someone@example.com",
    "uri": "https://example.com/a",
    "uuid": "00000000-0000-4000-8000-000000000000",
}


def _at(document: dict[str, Any], pointer: str) -> Any:
    node: Any = document
    for part in pointer.removeprefix("#").removeprefix("/").split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def variants(document: dict[str, Any], pointer: str, depth: int = 0) -> list[Any]:
    """Return values valid for the schema at ``pointer`` that show all it declares."""
    node = _at(document, pointer)
    while isinstance(node, dict) and "$ref" in node:
        pointer = node["$ref"].removeprefix("#")
        node = _at(document, pointer)
    if not isinstance(node, dict) or depth > 12:
        return [None] if node is False else [{}]
    if "const" in node:
        return [node["const"]]
    if "enum" in node:
        return list(node["enum"])
    found: list[Any] = []
    for combinator in ("anyOf", "oneOf"):
        for index, _ in enumerate(node.get(combinator, [])):
            found += variants(document, f"{pointer}/{combinator}/{index}", depth + 1)
    if found:
        return found
    kind = node.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    properties = _properties(document, pointer, node)
    if kind == "object" or properties:
        return _objects(document, properties, depth)
    if kind == "array":
        items = variants(document, f"{pointer}/items", depth + 1) if "items" in node else []
        return _arrays(items, node)
    for key in ("examples", "default"):
        if key in node:
            return [node[key][0] if key == "examples" else node[key]]
    if kind == "string":
        sample = _FORMATS.get(node.get("format", ""), "x")
        sample = sample.ljust(int(node.get("minLength", 0)), "x")
        if "pattern" in node and not re.search(node["pattern"], sample):
            sample = _matching(node["pattern"])
        return [sample]
    if kind in ("integer", "number"):
        if "minimum" in node:
            return [int(node["minimum"])]
        if "exclusiveMinimum" in node:
            return [int(node["exclusiveMinimum"]) + 1]
        return [min(0, int(node.get("maximum", 0)))]
    if kind == "boolean":
        return [True, False]
    if kind == "null":
        return [None]
    return [{}]


def _properties(document: dict[str, Any], pointer: str, node: dict[str, Any]) -> dict[str, str]:
    found = {name: f"{pointer}/properties/{_escape(name)}" for name in node.get("properties", {})}
    for index, part in enumerate(node.get("allOf", [])):
        where = f"{pointer}/allOf/{index}"
        while isinstance(part, dict) and "$ref" in part:
            where = part["$ref"].removeprefix("#")
            part = _at(document, where)
        found |= {k: v for k, v in _properties(document, where, part).items() if k not in found}
    return found


def _objects(document: dict[str, Any], properties: dict[str, str], depth: int) -> list[Any]:
    """One object per variant of its richest field; every object carries every field."""
    each = {name: variants(document, where, depth + 1) for name, where in properties.items()}
    count = max((len(values) for values in each.values()), default=1)
    return [
        {name: values[min(n, len(values) - 1)] for name, values in each.items() if values}
        for n in range(count)
    ]


def _arrays(items: list[Any], node: dict[str, Any]) -> list[Any]:
    """Arrays that hold every item variant, as many to an array as ``maxItems`` allows."""
    if not items:
        return [[]]
    size = max(1, int(node.get("maxItems", len(items))))
    least = int(node.get("minItems", 0))
    arrays = [items[start : start + size] for start in range(0, len(items), size)]
    return [array + [array[-1]] * max(0, least - len(array)) for array in arrays]


def example(document: dict[str, Any], schema: dict[str, Any]) -> Any:
    """Return one value valid for ``schema`` (a ``$ref`` or an inline schema of ``document``)."""
    if "$ref" in schema:
        return variants(document, schema["$ref"])[0]
    return variants({**document, "x-inline": schema}, "/x-inline")[0]


def request_example(document: dict[str, Any], schema: dict[str, Any]) -> Any:
    """Return one request body valid for ``schema``: :func:`example`, less its readOnly fields.

    A ``readOnly`` field is the service's to set (an id, a creation time): a client never sends
    it, so neither does a test acting as one.
    """
    value = example(document, schema)
    if not isinstance(value, dict):
        return value
    pointer = schema["$ref"].removeprefix("#") if "$ref" in schema else None
    node = _at(document, pointer) if pointer is not None else schema
    where = pointer if pointer is not None else "/x-inline"
    scope = document if pointer is not None else {**document, "x-inline": schema}
    owned = _properties(scope, where, node) if isinstance(node, dict) else {}
    return {
        name: item
        for name, item in value.items()
        if name not in owned or not _read_only(scope, owned[name])
    }


def _read_only(document: dict[str, Any], pointer: str) -> bool:
    node = _at(document, pointer)
    while isinstance(node, dict):
        if node.get("readOnly") is True:
            return True
        if "$ref" not in node:
            return False
        node = _at(document, node["$ref"])
    return False


def _matching(pattern: str) -> str:
    """Return a short string that ``pattern`` matches: each part at its least repeat count."""
    return _sequence(_regex.parse(pattern))


def _sequence(parsed: Any) -> str:
    return "".join(_piece(op, arg) for op, arg in parsed)


def _piece(op: Any, arg: Any) -> str:
    name = str(op)
    if name == "LITERAL":
        return chr(arg)
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        least, _, inner = arg
        return _sequence(inner) * max(0, int(least))
    if name == "SUBPATTERN":
        return _sequence(arg[-1])
    if name == "BRANCH":
        return _sequence(arg[1][0])
    if name == "IN":
        return _member(arg)
    if name == "NOT_LITERAL":
        return "a" if chr(arg) != "a" else "b"
    if name == "ANY":
        return "a"
    return ""  # an anchor (AT) or an assertion matches no character


def _member(items: Any) -> str:
    """Return a character of a set (``[...]``); a negated set gets one outside it."""
    if items and str(items[0][0]) == "NEGATE":
        outside = _unparse(items)
        return next((c for c in "a0_Z-. " if re.fullmatch(outside, c)), "~")
    op, arg = items[0]
    name = str(op)
    if name == "LITERAL":
        return chr(arg)
    if name == "RANGE":
        return chr(arg[0])
    if name == "CATEGORY":
        return {"CATEGORY_DIGIT": "0", "CATEGORY_SPACE": " "}.get(str(arg), "a")
    return "a"


def _unparse(items: Any) -> str:
    """Rebuild a negated set as a pattern, to test a candidate character against it."""
    parts = []
    for op, arg in items[1:]:
        name = str(op)
        if name == "LITERAL":
            parts.append(re.escape(chr(arg)))
        elif name == "RANGE":
            parts.append(f"{re.escape(chr(arg[0]))}-{re.escape(chr(arg[1]))}")
        elif name == "CATEGORY":
            parts.append({"CATEGORY_DIGIT": r"\d", "CATEGORY_SPACE": r"\s"}.get(str(arg), r"\w"))
    return f"[^{''.join(parts)}]"
