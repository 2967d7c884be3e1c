"""Values a schema of the bundle allows, enough of them to show every field and enum value.

``variants(document, pointer)`` returns a short list of values valid for the schema at
``pointer``: together they carry every enum value, every branch of ``anyOf``/``oneOf`` and
every declared property (optional ones too), at every depth. Leaves come from the schema itself
(``const``, ``enum``, ``examples``, ``default``, a format's sample, the simplest text its
``pattern`` matches, the least value its bounds allow), never from a list kept by hand, so a
field or value the bundle gains has its variant. An object keeps its ``x-distinct-fields``
apart and leaves out the last of the fields a ``not: {required}`` forbids together.

``call_arguments(entry)`` turns that into the keyword arguments of one SDK method, from its
entry of the operation table: a valid value for each of its parameters and for its body (the
first shape of a ``oneOf``), an amount with an ``x-currency-field`` as :class:`Money`, an
upload's bytes. Tests that need a valid call take it from here, never from values kept by
parameter name, so a parameter, a field or a bound the bundle gains is filled.

``answered(name, body)`` and ``record(schema, body)`` complete a body a test writes as a literal
(a mocked answer, a record to parse): each required field the bundle declares and the literal
lacks, at any depth, is filled with a value of its schema, as the sandbox completes its answers.
The fields the test wrote stay as written, so it still checks what it meant to, and a required
field the bundle gains does not break it.
"""

from __future__ import annotations

import copy
import re
from functools import cache
from typing import Any

from payments_sdk._formats import EXAMPLES
from payments_sdk._schema_views import READ_ONLY_MARK

__all__ = [
    "answered",
    "call_arguments",
    "error_fields",
    "example",
    "matching",
    "record",
    "request_example",
    "variants",
]

_FORMATS = {
    **EXAMPLES,  # a value of every format the pipeline checks; these few set apart from them
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


def variants(
    document: dict[str, Any], pointer: str, depth: int = 0, rules: dict[str, Any] | None = None
) -> list[Any]:
    """Return values valid for the schema at ``pointer`` that show all it declares.

    ``rules``: an enclosing ``oneOf``'s object rules (``x-distinct-fields``, ``not``) that its
    shapes keep too.
    """
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
    kept = {**(rules or {}), **{k: node[k] for k in ("x-distinct-fields", "not") if k in node}}
    for combinator in ("anyOf", "oneOf"):
        for index, _ in enumerate(node.get(combinator, [])):
            found += variants(document, f"{pointer}/{combinator}/{index}", depth + 1, kept)
    if found:
        return found
    kind = node.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    properties = _properties(document, pointer, node)
    if not properties and node.get("patternProperties") and node.get("examples"):
        return [node["examples"][0]]  # fields named only by a pattern: the bundle's example
    if kind == "object" or properties:
        return _objects(document, properties, depth, {**(rules or {}), **node})
    if kind == "array" and node.get("prefixItems"):
        # A tuple: one value for each position (``items: false`` allows nothing after them).
        count = len(node["prefixItems"])
        return [
            [variants(document, f"{pointer}/prefixItems/{i}", depth + 1)[0] for i in range(count)]
        ]
    if kind == "array":
        typed = isinstance(node.get("items"), dict)
        items = variants(document, f"{pointer}/items", depth + 1) if typed else []
        return _arrays(items, node)
    for key in ("examples", "default"):
        if key in node:
            return [node[key][0] if key == "examples" else node[key]]
    if kind == "string":
        if "pattern" in node:
            return [matching(node["pattern"], int(node.get("minLength", 0)))]
        sample = _FORMATS.get(node.get("format", ""), "x")
        sample = sample.ljust(int(node.get("minLength", 0)), "x")
        return [sample]
    if kind in ("integer", "number"):
        # The least value the bounds, the integer format and the multipleOf step allow (a
        # number: an int where one fits, else an exact Decimal), read as the sandbox reads them.
        from payments_sdk.sandbox._schema_values import value_of

        return [value_of(node)]
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


def _objects(
    document: dict[str, Any], properties: dict[str, str], depth: int, node: dict[str, Any]
) -> list[Any]:
    """One object per variant of its richest field; every object carries every field.

    Fields of ``x-distinct-fields`` take different variants (where they have several), and of
    the fields ``not: {required: [...]}`` forbids together the last is left out.
    """
    each = {name: variants(document, where, depth + 1) for name, where in properties.items()}
    count = max((len(values) for values in each.values()), default=1)
    distinct = list(node.get("x-distinct-fields", []))
    apart = [name for name in node.get("not", {}).get("required", []) if name in each]
    objects = []
    for n in range(count):
        made = {}
        for name, values in each.items():
            if not values or (len(apart) > 1 and name == apart[-1]):
                continue
            shift = distinct.index(name) if name in distinct else 0
            made[name] = (
                values[(n + shift) % len(values)] if shift else values[min(n, len(values) - 1)]
            )
        objects.append(_within_properties(made, node))
    return objects


def _within_properties(made: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Keep at most ``maxProperties`` fields, the required ones first.

    (``minProperties`` is met already: every declared field is there.)
    """
    most = node.get("maxProperties")
    if not isinstance(most, int) or len(made) <= most:
        return made
    required = [name for name in node.get("required", []) if name in made]
    kept = [*required, *(name for name in made if name not in required)][:most]
    return {name: made[name] for name in made if name in kept}


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


@cache
def matching(pattern: str, least: int = 0) -> str:
    """Return the simplest text that ``pattern`` (anchored ``^...$``, as the bundle's are) matches.

    Drawn by Hypothesis' ``from_regex`` and shrunk to its least example: the same text on every
    run, and one the SDK's and the sandbox's ``pattern`` check accept. Found on a thread of its
    own, so that a test may call it while it draws its own examples (no nested ``@given``).
    """
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(_simplest_match, pattern, least).result()


def _simplest_match(pattern: str, least: int) -> str:
    from hypothesis import HealthCheck, find, settings
    from hypothesis import strategies as st

    anchored = re.compile(re.sub(r"(?<!\\)\$$", r"\\Z", pattern))
    found: str = find(
        st.from_regex(pattern, fullmatch=True),
        lambda text: len(text) >= least and anchored.search(text) is not None,
        settings=settings(
            database=None, max_examples=2000, suppress_health_check=list(HealthCheck)
        ),
    )
    return found


def _request_document() -> dict[str, Any]:
    from payments_sdk._schema_views import request_view
    from payments_sdk.sandbox.contract import load_bundle

    document: dict[str, Any] = request_view(load_bundle())
    return document


def _money(value: dict[str, Any], schema: dict[str, Any], document: dict[str, Any]) -> None:
    """Turn each amount with an ``x-currency-field`` into ``Money`` in that field's currency."""
    from payments_sdk import Money

    for name, sub in schema.get("properties", {}).items():
        while isinstance(sub, dict) and "$ref" in sub:
            sub = _at(document, sub["$ref"].removeprefix("#"))
        currency = value.get(sub.get("x-currency-field", "")) if isinstance(sub, dict) else None
        if isinstance(value.get(name), int) and isinstance(currency, str):
            value[name] = Money.from_minor_units(value[name], currency)


def _body(document: dict[str, Any], entry: Any) -> dict[str, Any]:
    """A valid body of ``entry``'s operation: the first shape of its schema, every field filled."""
    from payments_sdk._operation_parts import request_body

    declared = request_body(document, entry.path, entry.http_method)
    assert declared is not None, (entry.operation_id, "declares no request body")
    media = next(iter(declared.value["content"]))
    pointer = f"{declared.pointer}/content/{_escape(media)}/schema"
    body = variants(document, pointer)[0]
    assert isinstance(body, dict), (entry.operation_id, body)
    schema = _at(document, pointer)
    while "$ref" in schema:
        schema = _at(document, schema["$ref"].removeprefix("#"))
    for shape in [schema, *schema.get("oneOf", []), *schema.get("allOf", [])]:
        while isinstance(shape, dict) and "$ref" in shape:
            shape = _at(document, shape["$ref"].removeprefix("#"))
        if isinstance(shape, dict):
            _money(body, shape, document)
    return body


def call_arguments(entry: Any, *, optional: bool = True) -> dict[str, Any]:
    """Return valid keyword arguments for ``entry``'s SDK method (an ``OperationRow``).

    Every required argument, and (``optional``) every other one that is not deprecated; the
    body as its first shape with every field. Positional path ids are given by keyword.
    """
    document = _request_document()
    kwargs: dict[str, Any] = {}
    # A nested readOnly field (when an address was verified) is the service's: never sent.
    body = _body(_without_read_only(document, document), entry) if entry.body else {}
    for argument in entry.arguments:
        if argument.location in ("body", "part"):
            if argument.name in body:
                value = body[argument.name]
                if argument.schema.get("format") == "binary":
                    value = value.encode() if isinstance(value, str) else value
                kwargs[argument.python_name] = value
            continue
        if not (argument.required or optional) or argument.deprecated:
            continue
        kwargs[argument.python_name] = example(document, argument.schema)
    return kwargs


def request_example(document: dict[str, Any], schema: dict[str, Any]) -> Any:
    """Return one request body valid for ``schema``: :func:`example`, less its readOnly fields.

    A ``readOnly`` field is the service's to set (an id, a creation time, when a nested address
    was verified): a client never sends it, at any depth, so neither does a test acting as one.
    """
    return example(_without_read_only(document, document), _without_read_only(document, schema))


def _without_read_only(document: dict[str, Any], node: Any) -> Any:
    """Return ``node`` with every property that is ``readOnly`` (itself or its target) left out."""
    if isinstance(node, list):
        return [_without_read_only(document, item) for item in node]
    if not isinstance(node, dict):
        return node
    result = {key: _without_read_only(document, value) for key, value in node.items()}
    properties = node.get("properties")
    if isinstance(properties, dict):
        gone = {name for name, sub in properties.items() if _read_only(document, sub)}
        result["properties"] = {
            name: sub for name, sub in result["properties"].items() if name not in gone
        }
        if isinstance(node.get("required"), list):
            result["required"] = [name for name in node["required"] if name not in gone]
    return result


def _read_only(document: dict[str, Any], node: Any) -> bool:
    seen = 0
    while isinstance(node, dict) and seen < 50:
        # readOnly as written, or as the request view marks it (it refuses any value there)
        if node.get("readOnly") is True or node.get(READ_ONLY_MARK) is True:
            return True
        if "$ref" not in node:
            return False
        node, seen = _at(document, node["$ref"]), seen + 1
    return False


@cache
def _response_document() -> dict[str, Any]:
    """The folded bundle, read once (completing a value never changes it)."""
    from payments_sdk.sandbox.contract import load_bundle

    return load_bundle()


def record(schema: str, body: dict[str, Any]) -> dict[str, Any]:
    """Return ``body`` with each required field of the component ``schema`` it lacks, filled."""
    from payments_sdk.sandbox._schema_values import complete

    document = _response_document()
    filled: dict[str, Any] = complete(
        copy.deepcopy(body), {"$ref": f"#/components/schemas/{schema}"}, document
    )
    return filled


def answered(name: str, body: Any, status: int | None = None) -> Any:
    """Return ``body`` as the operation the SDK calls ``name`` answers it, completed.

    ``name`` is the SDK's (``refunds.create``, ``ping``); ``status`` the answer's (else the
    operation's first success). The public :func:`payments_sdk.sandbox.answer_body`: each
    required field of that answer's schema that ``body`` lacks, at any depth (a list page's
    records too), is filled with a value of its schema.
    """
    from payments_sdk.sandbox import answer_body

    return answer_body(name, body, status=status)


@cache
def error_fields(status: int) -> tuple[frozenset[str], frozenset[str]]:
    """Return the fields an error body of ``status`` must have, and those it may have.

    Read from every schema the bundle declares for that status: a field each requires is
    required, one any declares may be there. A status the bundle declares nowhere (a 405)
    requires nothing of the bundle and may have what any 4xx body declares. A test that checks
    the sandbox's error bodies reads them here, so a field the bundle adds to an error body
    is expected, not refused.
    """
    from payments_sdk.sandbox.contract import resolve

    document = _response_document()
    required: set[str] | None = None
    declared: set[str] = set()
    any_error: set[str] = set()
    for item in document["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for code, response in operation.get("responses", {}).items():
                media = resolve(document, response).get("content", {}).get("application/json")
                if not code.startswith("4") or not media or "schema" not in media:
                    continue
                schema = resolve(document, media["schema"])
                any_error |= set(schema.get("properties", {}))
                if code != str(status):
                    continue
                declared |= set(schema.get("properties", {}))
                needed = set(schema.get("required", []))
                required = needed if required is None else required & needed
    if required is None:
        return frozenset(), frozenset(any_error)
    return frozenset(required), frozenset(declared)
