r"""The one JSON Schema engine: jsonschema-rs, for the SDK's checks, the sandbox and the tests.

Every schema is compiled once (:func:`validator`, cached by the schema object's identity) with
the formats the engine does not know handed to it (:mod:`._formats`): the registry's text
formats as ``formats=`` callables, and its number formats (``int8``, ``decimal128``...) through
:data:`NUMBER_FORMAT`, a keyword set beside each such ``format`` when the schema is compiled
(the engine's ``format`` reads only strings). Patterns are ECMA-262's (the engine's regex:
``\d`` is ASCII, ``$`` is the end of the text), bounds and ``multipleOf`` are exact on ints and
``Decimal`` values, and the bundle's fractional bounds (``0.01``) are read as the decimals
written.

jsonschema-rs is imported on the first check, not with ``payments_sdk``: its import costs
about 25 ms (``email.utils``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal
from functools import cache
from typing import Any
from urllib.parse import quote

from ._formats import NUMBER_RULES, STRING_RULES

__all__ = [
    "NUMBER_FORMAT",
    "Problem",
    "conforms",
    "document_validator",
    "first",
    "problems",
    "validator",
]

NUMBER_FORMAT = "x-number-format"
"""The keyword that carries a number's registry ``format`` to the engine."""

_CACHE_LIMIT = 4096
_compiled: dict[int, tuple[Any, Any]] = {}


class _NumberFormat:
    """The engine's keyword for :data:`NUMBER_FORMAT`: a number keeps its format's rule."""

    def __init__(self, parent: Any, value: Any, path: Any) -> None:
        self.format = str(value)
        self.rule = NUMBER_RULES[self.format]

    def validate(self, instance: Any) -> None:
        number = isinstance(instance, int | Decimal) and not isinstance(instance, bool)
        if number and not self.rule(instance):
            raise ValueError(self.format)


def _with_number_formats(node: Any) -> Any:
    """Return ``node`` with :data:`NUMBER_FORMAT` beside each ``format`` of a number rule."""
    if isinstance(node, list):
        return [_with_number_formats(item) for item in node]
    if not isinstance(node, Mapping):
        return node
    result = {key: _with_number_formats(item) for key, item in node.items()}
    fmt = node.get("format")
    if isinstance(fmt, str) and fmt in NUMBER_RULES:
        result[NUMBER_FORMAT] = fmt
    return result


def _options() -> dict[str, Any]:
    return {
        "formats": STRING_RULES,
        "validate_formats": True,
        "keywords": {NUMBER_FORMAT: _NumberFormat},
    }


def validator(schema: Any) -> Any:
    """Return the engine's validator of ``schema`` (2020-12), compiled once per schema object."""
    entry = _compiled.get(id(schema))
    if entry is None or entry[0] is not schema:
        import jsonschema_rs

        if len(_compiled) >= _CACHE_LIMIT:
            _compiled.clear()
        compiled = jsonschema_rs.Draft202012Validator(_with_number_formats(schema), **_options())
        entry = _compiled[id(schema)] = (schema, compiled)
    return entry[1]


def document_validator(document: Any, uri: str, pointer: str) -> Any:
    """Return a validator of the schema at ``pointer`` in ``document`` (``$ref`` resolved)."""
    import jsonschema_rs

    registry = _registries.get(id(document))
    if registry is None or registry[0] is not document:
        resources = [(uri, _with_number_formats(document))]
        registry = _registries[id(document)] = (document, jsonschema_rs.Registry(resources))
    fragment = quote(pointer, safe="/~!$&'()*+,;=:@-._")  # a URI fragment: ``{id}`` escaped
    return jsonschema_rs.Draft202012Validator(
        {"$ref": f"{uri}#{fragment}"}, registry=registry[1], **_options()
    )


_registries: dict[int, tuple[Any, Any]] = {}


class Problem:
    """One failure the engine found: where, which keyword, and the schema that holds it."""

    __slots__ = ("error", "keyword", "path", "schema_path")

    def __init__(self, error: Any) -> None:
        self.error = error
        self.path: list[str | int] = list(error.instance_path)
        self.schema_path: list[str | int] = list(error.schema_path)
        self.keyword = str(error.kind.name)

    @property
    def kind(self) -> str:
        """The engine's kind: ``Required``, ``Pattern``, ``OneOfMultipleValid``..."""
        return type(self.error.kind).__name__

    @property
    def value(self) -> Any:
        """What the kind carries: the missing field, the format, the limit, the branches."""
        return self.error.kind.value

    def holder(self, root: Any) -> Any:
        """Return the schema in ``root`` that holds the failing keyword."""
        node = root
        for step in self.schema_path[:-1]:
            inside = step in node if isinstance(node, Mapping) else _indexes(node, step)
            if not inside:
                break
            node = node[step]
        return node


def _indexes(node: Any, step: str | int) -> bool:
    return isinstance(node, list) and isinstance(step, int) and step < len(node)


def first(found: list[Problem], root: Any, document: Any = None) -> Problem:
    """Return the problem to report of those the engine found, as a reader meets them.

    Fields in the order their schema declares them (an undeclared one after them), a field's
    own problems before its object's ``required``; the SDK and the sandbox name the same one.
    ``root`` is the schema judged; local ``$ref`` links in it resolve in ``document``.
    """
    return min(found, key=lambda problem: _reading_order(problem, root, document))


def _follow(node: Any, document: Any) -> Any:
    while isinstance(node, Mapping) and isinstance(node.get("$ref"), str) and document:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
        node = target
    return node


def _reading_order(problem: Problem, root: Any, document: Any) -> tuple[int, ...]:
    order: list[int] = []
    node = _follow(root, document)
    for step in problem.path:
        declared = node.get("properties", {}) if isinstance(node, Mapping) else {}
        if isinstance(step, int):
            order.append(step)
            node = _follow(node.get("items", {}) if isinstance(node, Mapping) else {}, document)
        elif isinstance(declared, Mapping) and step in declared:
            order.append(list(declared).index(step))
            node = _follow(declared[step], document)
        else:
            order.append(len(declared) if isinstance(declared, Mapping) else 0)
            node = {}
    if problem.keyword == "required":
        order.append(1 << 30)  # after every field's own problem, in that object
    return tuple(order)


def problems(schema: Any, value: Any) -> Iterator[Problem]:
    """Yield what the engine finds wrong with ``value`` under ``schema``."""
    for error in validator(schema).iter_errors(value):
        yield Problem(error)


def conforms(fmt: str, value: Any) -> bool:
    """Whether ``value`` keeps the rule of ``fmt``, as the engine judges it (one verdict).

    A string is held to the format's text rule, an int or a ``Decimal`` to its number rule
    (``int8``'s range, ``decimal128``'s digits); a value of another type, or a format with no
    rule (an annotation), passes.
    """
    return bool(validator(_format_schema(fmt)).is_valid(value))


@cache
def _format_schema(fmt: str) -> dict[str, Any]:
    return {"format": fmt}
