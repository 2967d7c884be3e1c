"""Values a schema of the bundle allows, enough of them to show every field and enum value.

``variants(document, pointer)`` returns a short list of values valid for the schema at
``pointer``: together they carry every enum value, every branch of ``anyOf``/``oneOf`` and
every declared property (optional ones too), at every depth. Leaves come from the schema itself
(``const``, ``enum``, ``examples``, ``default``, a format's sample, the least value its bounds
allow), never from a list kept by hand, so a field or value the bundle gains has its variant.
"""

from __future__ import annotations

from typing import Any

__all__ = ["example", "variants"]

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
        return [sample.ljust(int(node.get("minLength", 0)), "x")]
    if kind in ("integer", "number"):
        return [_integer(node)]
    if kind == "boolean":
        return [True, False]
    if kind == "null":
        return [None]
    return [{}]


def _integer(node: dict[str, Any]) -> int:
    """The least integer the bounds allow (else the greatest up to 0), on a ``multipleOf`` step."""
    if "minimum" in node or "exclusiveMinimum" in node:
        least = max(
            int(node.get("minimum", node.get("exclusiveMinimum", 0))),
            int(node.get("exclusiveMinimum", node.get("minimum", 0) - 1)) + 1,
        )
        step = int(node.get("multipleOf", 1))
        return -(-least // step) * step  # rounded up to the step
    most = min(0, int(node.get("maximum", 0)), int(node.get("exclusiveMaximum", 1)) - 1)
    return most - most % int(node.get("multipleOf", 1))  # rounded down to the step


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
    if node.get("uniqueItems"):  # each variant once: an array of repeats is not allowed
        items = [item for n, item in enumerate(items) if item not in items[:n]]
    size = max(1, int(node.get("maxItems", len(items))))
    least = int(node.get("minItems", 0))
    arrays = [items[start : start + size] for start in range(0, len(items), size)]
    return [array + [array[-1]] * max(0, least - len(array)) for array in arrays]


def example(document: dict[str, Any], schema: dict[str, Any]) -> Any:
    """Return one value valid for ``schema`` (a ``$ref`` or an inline schema of ``document``)."""
    if "$ref" in schema:
        return variants(document, schema["$ref"])[0]
    return variants({**document, "x-inline": schema}, "/x-inline")[0]
