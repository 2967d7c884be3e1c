"""A value of any schema of the bundle, and answers completed with the required fields they lack.

The business rules build the records they know (a refund's ``id``, ``status``, ``payment_id``).
When the bundle makes a record's field required that no rule sets (a refund's ``reference``, an
RFI reference's ``raised_at``), the answer would break the contract the SDK checks. So every JSON
answer is completed on its way out (:func:`complete`): each required field its schema declares,
at any depth (a list's items, a nested object, an ``allOf`` part, the ``oneOf`` branch the value
is), that the answer lacks is filled with :func:`value_of` its schema. The stored record is left
as the rule made it; the value is the same on every answer, so a record reads the same twice.

:func:`value_of` is the value the convention gives a field nobody sent: the schema's ``const``,
``default``, first example or enum value, else the least value of its type that the schema's
bounds, ``format`` and ``pattern`` allow (the simplest text a pattern matches), with an object's
required fields filled in turn. Nothing is kept by field name, so a field the bundle gains has
its value.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Mapping
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cache
from typing import Any

from .._bounds import exact_bound
from .._engine import conforms
from .._formats import EXAMPLES, INTEGER_RANGES
from .._schema_views import merge_all_of
from ._operation_index import OperationShape
from .contract import resolve

__all__ = ["Answers", "complete", "simplest_match", "value_of"]

_DEPTH = 24
"""How deep a schema is followed (a recursive schema ends with its least value there)."""


def _node(document: dict[str, Any] | None, schema: Any) -> Any:
    """Return ``schema`` with its ``$ref`` resolved and its ``allOf`` merged."""
    if document is not None:
        schema = resolve(document, schema)
        if isinstance(schema, Mapping) and schema.get("allOf"):
            parts = [resolve(document, part) for part in schema["allOf"]]
            schema = {**schema, "allOf": parts}
    return merge_all_of(schema)


def value_of(schema: Any, document: dict[str, Any] | None = None, depth: int = 0) -> Any:
    """Return a value ``schema`` allows: its own, else the least of its type (see the module).

    ``document`` resolves the ``$ref`` links of ``schema``; without it the schema must have
    none (a schema the convention already resolved).
    """
    schema = _node(document, schema)
    if not isinstance(schema, Mapping):
        return None
    for key in ("const", "default"):
        if key in schema:
            return schema[key]
    if schema.get("examples"):
        return schema["examples"][0]
    if "example" in schema:
        return schema["example"]
    if schema.get("enum"):
        return schema["enum"][0]
    branches = [*schema.get("oneOf", []), *schema.get("anyOf", [])]
    if branches and depth < _DEPTH:
        typed = [b for b in branches if _node(document, b).get("type") != "null"] or branches
        chosen = value_of(typed[0], document, depth + 1)
        if isinstance(chosen, dict) and len(branches) > 1 and "discriminator" not in schema:
            _name_the_branch(chosen, _node(document, typed[0]), document)
        return chosen
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None and "properties" in schema:
        kind = "object"
    if kind == "string":
        return _string(schema)
    if kind == "integer":
        return _number(schema)
    if kind == "number":
        return _exact_number(schema)
    if kind == "boolean":
        return False
    if kind == "array":
        return _array(schema, document, depth)
    if kind == "object":
        made: dict[str, Any] = {}
        if depth >= _DEPTH:
            return made
        complete(made, schema, document, depth + 1)
        least = schema.get("minProperties")
        for name, sub in schema.get("properties", {}).items():  # optional fields, as needed
            if not isinstance(least, int) or len(made) >= least:
                break
            if name not in made and not _write_only(sub, document):
                made[name] = value_of(sub, document, depth + 1)
        return made
    return None


def _name_the_branch(made: dict[str, Any], branch: Any, document: dict[str, Any] | None) -> None:
    """Give a value of one branch of a union the fields whose enum or const name that branch.

    ``{}`` is a value of every Adyen payment method detail that requires nothing, so it is a
    value of none of their ``oneOf``; ``{"type": "ach"}`` is one of exactly one.
    """
    if not isinstance(branch, Mapping) or any(
        isinstance(_node(document, sub), Mapping)
        and ("const" in _node(document, sub) or _node(document, sub).get("enum"))
        for name, sub in branch.get("properties", {}).items()
        if name in made
    ):
        return
    for name, sub in branch.get("properties", {}).items():
        sub = _node(document, sub)
        if (
            name in made
            or not isinstance(sub, Mapping)
            or sub.get("readOnly")
            or sub.get("writeOnly")
        ):
            continue
        if "const" in sub or sub.get("enum"):
            made[name] = value_of(sub, document)


def complete(
    value: Any,
    schema: Any,
    document: dict[str, Any] | None = None,
    depth: int = 0,
    *,
    repair: bool = False,
) -> Any:
    """Fill, in place, each required field ``schema`` declares and ``value`` lacks, at every depth.

    An object's required fields are filled with :func:`value_of` their schema (a ``writeOnly``
    one is never answered, so never filled); its fields, a list's items and a map's values are
    completed in turn; for a ``oneOf``/``anyOf``, the one object branch the value is (by its
    ``const`` or enum fields, else the only object branch) is used, and none when that is not
    clear. With ``repair`` (the sandbox's own answers), a field of another type, out of its enum
    or const, or of another date format is made a value of its schema, and a closed object
    loses the fields it does not declare. Returns ``value``.
    """
    schema = _node(document, schema)
    if not isinstance(schema, Mapping) or depth > _DEPTH:
        return value
    if isinstance(value, dict):
        branch = _branch(value, schema, document)
        if branch is not None:
            return complete(value, branch, document, depth + 1, repair=repair)
        properties: Mapping[str, Any] = schema.get("properties", {})
        for name in schema.get("required", []):
            sub = properties.get(name)
            if name not in value and sub is not None and not _write_only(sub, document):
                value[name] = value_of(sub, document, depth + 1)
        for name, sub in properties.items() if repair else ():
            # A field of another JSON type than its schema's, or out of its enum or const (the
            # sandbox's own error text where a provider's error is an object, a record's status
            # in an action's answer) is made a value of its schema.
            if name in value and not _fits_plainly(value[name], _node(document, sub)):
                value[name] = value_of(sub, document, depth + 1)
        extra = schema.get("additionalProperties")
        if repair and extra is False and not schema.get("patternProperties"):
            for name in [name for name in value if name not in properties]:
                del value[name]  # a closed answer holds its declared fields only (an error's own)
        for name, item in value.items():
            sub = properties.get(name, extra if isinstance(extra, Mapping) else None)
            if sub is not None and isinstance(item, dict | list):
                complete(item, sub, document, depth + 1, repair=repair)
    elif isinstance(value, list):
        prefix = schema.get("prefixItems", [])
        items = schema.get("items")
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else items
            if isinstance(sub, Mapping) and isinstance(item, dict | list):
                complete(item, sub, document, depth + 1, repair=repair)
    return value


class Answers:
    """The JSON schemas an operation of ``document`` answers, by status, to complete answers."""

    def __init__(self, document: dict[str, Any], path: str, verb: str) -> None:
        self.document = document
        self.schemas: dict[str, Any] = {}
        self.declared: set[str] = set()
        """Every status the operation declares (``404``, ``4XX``, ``default``)."""
        self.json: set[str] = set()
        """The statuses whose answer is JSON, with a schema or without one (any JSON)."""
        self.empty: set[str] = set()
        """The statuses declared with no content (``204``): answered with no body."""
        self.operation = OperationShape.of(document, path, verb)
        """The operation, as the document's table holds it (:mod:`._operation_index`)."""
        for status, response in self.operation.responses.items():
            self.declared.add(str(status))
            content = response.value.get("content", {})
            if not content:
                self.empty.add(str(status))
            media = next((m for t, m in content.items() if _is_json(t)), None)
            if isinstance(media, Mapping):
                self.json.add(str(status))
            if isinstance(media, Mapping) and "schema" in media:
                self.schemas[str(status)] = media["schema"]

    def _key(self, status: int) -> str | None:
        code = str(status)
        return next((k for k in (code, f"{code[0]}XX", "default") if k in self.declared), None)

    def status(self, status: int) -> int:
        """Return ``status``, or the client error the operation declares in its place.

        The convention's refusals (400, 404, 409, 422) are answered with a status the bundle
        declares for the operation: the refusal's own, else the first of 422, 400, 404, 409
        declared (a provider that lists no 404 lists 422 or 400 for an unknown id), else the
        least client error it declares (401, when a missing signature header is all it lists),
        else as is.
        """
        if status not in (400, 404, 409, 422) or self._key(status) is not None:
            return status
        for other in (422, 400, 404, 409):
            if str(other) in self.declared:
                return other
        others = sorted(k for k in self.declared if k[:1] == "4" and k[1:].isdigit())
        return int(others[0]) if others else status

    def refuses_nothing(self) -> int | None:
        """Return the operation's success status when it declares no client error, else None.

        Such an operation never fails by its bundle, so neither an id the sandbox does not hold
        nor a request it would refuse is a reason to answer otherwise (``GET /sessions/{id}`` of
        Adyen lists only ``200``).
        """
        if any(k[:1] == "4" or k == "default" for k in self.declared):
            return None
        successes = sorted(k for k in self.declared if k[:1] == "2" and k[1:].isdigit())
        return int(successes[0]) if successes else None

    def answers_nothing(self, status: int) -> bool:
        """Whether the answer of ``status`` has no body: 204, 304, or declared without content."""
        key = self._key(status)
        return status in (204, 304) or (key is not None and key in self.empty)

    def answers_json(self, status: int) -> bool:
        """Whether the answer of ``status`` is declared as JSON (with or without a schema)."""
        key = self._key(status)
        return key is not None and key in self.json

    def schema(self, status: int) -> Any:
        """Return the JSON schema of the answer of ``status`` (its own, ``NXX``, ``default``)."""
        code = str(status)
        return next(
            (self.schemas[key] for key in (code, f"{code[0]}XX", "default") if key in self.schemas),
            None,
        )

    def complete(self, status: int, body: Any, *, repair: bool = False) -> Any:
        """Return ``body`` (a fresh JSON value) completed against the answer of ``status``."""
        schema = self.schema(status)
        return body if schema is None else complete(body, schema, self.document, repair=repair)


def _fits_plainly(value: Any, schema: Any) -> bool:
    """Whether ``value`` has the ``type`` and is in the ``enum``/``const`` ``schema`` states."""
    if not isinstance(schema, Mapping):
        return True
    kinds = schema.get("type")
    if isinstance(kinds, str | list) and not _typed(value, kinds):
        return False
    if "const" in schema and value != schema["const"]:
        return False
    fmt = schema.get("format")
    if isinstance(value, str) and isinstance(fmt, str):
        # A request's date kept where the answer has a date-time (Adyen's dateOfBirth).
        shape = _DATE_SHAPES.get(fmt)
        if (shape is not None and not shape.fullmatch(value)) or not conforms(fmt, value):
            return False
    return not (isinstance(schema.get("enum"), list) and value not in schema["enum"])


_DATE_SHAPES = {
    "date-time": re.compile(
        r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})"
    ),
    "date": re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}"),
}
"""The shape RFC 3339 gives a ``date-time`` and a ``date`` (their ranges are the SDK's)."""


def _typed(value: Any, kinds: str | list[Any]) -> bool:
    """Whether ``value`` is of one of the JSON Schema ``type`` names ``kinds``."""
    names = [kinds] if isinstance(kinds, str) else [str(kind) for kind in kinds]
    of = {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "null": value is None,
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float | Decimal) and not isinstance(value, bool),
    }
    return any(of.get(name, True) for name in names)


def _is_json(media_type: str) -> bool:
    kind = media_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


def _write_only(schema: Any, document: dict[str, Any] | None) -> bool:
    node = _node(document, schema)
    return isinstance(node, Mapping) and node.get("writeOnly") is True


def _branch(
    value: dict[str, Any], schema: Mapping[str, Any], document: dict[str, Any] | None
) -> Mapping[str, Any] | None:
    """Return the object branch of ``schema``'s ``oneOf``/``anyOf`` that ``value`` is, or None."""
    branches = [_node(document, b) for b in [*schema.get("oneOf", []), *schema.get("anyOf", [])]]
    objects = [
        b
        for b in branches
        if isinstance(b, Mapping) and (b.get("type") == "object" or "properties" in b)
    ]
    if len(objects) <= 1:
        return objects[0] if objects else None
    fitting = [b for b in objects if _fits(value, b, document)]
    return fitting[0] if len(fitting) == 1 else None


def _fits(value: dict[str, Any], branch: Mapping[str, Any], document: Any) -> bool:
    """Whether ``value``'s fields are ``branch``'s: each it fixes (const, enum), each it closes."""
    properties: Mapping[str, Any] = branch.get("properties", {})
    for name, sub in properties.items():
        node = _node(document, sub)
        if name in value and isinstance(node, Mapping):
            if "const" in node and value[name] != node["const"]:
                return False
            if "enum" in node and value[name] not in node["enum"]:
                return False
    if branch.get("additionalProperties") is False:
        return all(name in properties for name in value)
    return True


def _bound(schema: Mapping[str, Any], keyword: str) -> Fraction | None:
    """Return a bound of ``schema`` as the exact number the bundle wrote (``0.5`` is 1/2)."""
    value = exact_bound(schema.get(keyword))
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        return None
    return Fraction(value)


def _edge(schema: Mapping[str, Any], side: str) -> tuple[Fraction, bool] | None:
    """Return the tightest bound on ``side`` (``low``/``high``) and whether it is exclusive.

    An integer ``format`` (``int8``, ``uint32``...) bounds the value too.
    """
    low = side == "low"
    inclusive, exclusive = ("minimum", "exclusiveMinimum")
    if not low:
        inclusive, exclusive = ("maximum", "exclusiveMaximum")
    found = [(b, False) for b in [_bound(schema, inclusive)] if b is not None]
    found += [(b, True) for b in [_bound(schema, exclusive)] if b is not None]
    widths = INTEGER_RANGES.get(str(schema.get("format")))
    if widths is not None:
        found.append((Fraction(widths[0 if low else 1]), False))
    if not found:
        return None
    tight = max if low else min
    edge = tight(b for b, _ in found)
    return edge, any(strict for b, strict in found if b == edge)


def _on_step(edge: Fraction, step: Fraction, *, up: bool, strict: bool) -> Fraction:
    """Return the multiple of ``step`` nearest ``edge`` on its allowed side."""
    count = math.ceil(edge / step) if up else math.floor(edge / step)
    value = count * step
    if strict and value == edge:
        value += step if up else -step
    return value


def _allowed_number(value: Fraction, low: Any, high: Any) -> bool:
    return (low is None or value > low[0] or (value == low[0] and not low[1])) and (
        high is None or value < high[0] or (value == high[0] and not high[1])
    )


def _as_number(value: Fraction) -> int | Decimal:
    """Return an int for a whole number, else the exact Decimal (a decimal step: it ends)."""
    if value.denominator == 1:
        return value.numerator
    with localcontext() as context:
        context.prec = 200
        return Decimal(value.numerator) / Decimal(value.denominator)


def _number(schema: Mapping[str, Any], *, whole: bool = True) -> int | Decimal:
    """Return a value within ``schema``'s bounds and on its ``multipleOf`` step, exactly.

    The least the lower bounds allow (else the greatest up to 0 the upper ones allow): an
    integer where one fits (an ``integer`` always), else, for a ``number``, the least multiple
    of its step, else the Decimal midway between its bounds.
    """
    raw = exact_bound(schema.get("multipleOf"))
    positive = isinstance(raw, int | Decimal) and not isinstance(raw, bool) and raw > 0
    step = Fraction(raw) if positive else None
    low, high = _edge(schema, "low"), _edge(schema, "high")

    def pick(unit: Fraction) -> Fraction:
        if low is not None:
            return _on_step(low[0], unit, up=True, strict=low[1])
        top = (Fraction(0), False) if high is None or high[0] > 0 else high
        return _on_step(top[0], unit, up=False, strict=top[1])

    integer = pick(Fraction(step.numerator if step is not None else 1))
    if whole or _allowed_number(integer, low, high):
        return int(integer)
    if step is not None and _allowed_number(pick(step), low, high):
        return _as_number(pick(step))
    if low is not None and high is not None:
        return _as_number((low[0] + high[0]) / 2)  # 0 < x < 1: 0.5
    return int(integer)


def _exact_number(schema: Mapping[str, Any]) -> int | Decimal:
    """Return a value of a ``number`` schema: :func:`_number`, a Decimal where no int fits."""
    return _number(schema, whole=False)


def _array(schema: Mapping[str, Any], document: dict[str, Any] | None, depth: int) -> list[Any]:
    prefix = [value_of(item, document, depth + 1) for item in schema.get("prefixItems", [])]
    least = int(schema.get("minItems", 0))
    items = schema.get("items")
    if len(prefix) < least and isinstance(items, Mapping):
        one = value_of(items, document, depth + 1)
        if schema.get("uniqueItems") and least - len(prefix) > 1:
            return prefix  # distinct values are not made up: as many as are known
        prefix += [one] * (least - len(prefix))
    return prefix


def _string(schema: Mapping[str, Any]) -> str:
    least = int(schema.get("minLength", 0))
    most = schema.get("maxLength")
    fmt = schema.get("format")
    pattern = schema.get("pattern")
    candidates = [EXAMPLES[fmt]] if fmt in EXAMPLES else []
    if isinstance(pattern, str):
        candidates.append(simplest_match(pattern, least))
    candidates += ["x" * max(least, 1), ""]
    for text in candidates:
        if _allowed(text, least, most, pattern, fmt):
            return text
    return candidates[0]


def _allowed(text: str, least: int, most: Any, pattern: Any, fmt: Any) -> bool:
    if len(text) < least or (isinstance(most, int) and len(text) > most):
        return False
    if isinstance(pattern, str) and re.search(pattern, text) is None:
        return False
    return not isinstance(fmt, str) or conforms(fmt, text)


@cache
def simplest_match(pattern: str, least: int = 0) -> str:
    """Return a short text ``pattern`` matches (each repeat at its least), ``least`` long at least.

    Read from the pattern's parse: a literal is itself, a class its first member, a repeat its
    least count (stretched for ``least``), a choice its first branch; lookarounds and anchors
    add nothing. Returns "" when the pattern is beyond that (a back-reference); the caller
    checks what it gets.
    """
    try:
        parsed = _parser().parse(pattern)
        text = _emit(list(parsed), [max(0, least)])
    except (re.error, _Unmakeable, RecursionError, ValueError, TypeError):
        return ""
    return text


class _Unmakeable(Exception):
    """The pattern has a construct :func:`simplest_match` does not make text for."""


@cache
def _parser() -> Any:
    """Return the parser ``re`` itself uses (``re._parser``, Python 3.11+)."""
    return importlib.import_module("re._parser")


def _emit(tokens: list[Any], stretch: list[int]) -> str:
    """Return text for parsed ``tokens``; ``stretch[0]``: characters still wanted beyond least."""
    c = _parser()
    repeats = (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT))
    out: list[str] = []
    for op, arg in tokens:
        if op is c.LITERAL:
            piece = chr(arg)
        elif op is c.NOT_LITERAL:
            piece = "a" if arg != ord("a") else "b"
        elif op is c.ANY:
            piece = "a"
        elif op is c.IN:
            piece = _member(arg)
        elif op is c.CATEGORY:
            piece = _first_of(_CLASSES[str(arg)])
        elif op in repeats:
            low, high, sub = arg
            one = _emit(list(sub), [0])
            count = low
            if one and stretch[0] > len(one) * low:
                wanted = -(-stretch[0] // len(one))
                count = wanted if high == c.MAXREPEAT else max(low, min(wanted, high))
            piece = one * count
        elif op is c.SUBPATTERN:
            piece = _emit(list(arg[-1]), stretch)
        elif op is getattr(c, "ATOMIC_GROUP", None):
            piece = _emit(list(arg), stretch)
        elif op is c.BRANCH:
            piece = _emit(list(arg[1][0]), stretch)
        elif op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            piece = ""
        else:
            raise _Unmakeable(str(op))
        stretch[0] = max(0, stretch[0] - len(piece))
        out.append(piece)
    return "".join(out)


_CLASSES = {
    "CATEGORY_DIGIT": r"\d",
    "CATEGORY_NOT_DIGIT": r"\D",
    "CATEGORY_SPACE": r"\s",
    "CATEGORY_NOT_SPACE": r"\S",
    "CATEGORY_WORD": r"\w",
    "CATEGORY_NOT_WORD": r"\W",
}
"""Each character category of a pattern, as a class ``re`` reads."""

_CANDIDATES = "a0A_-. x"


def _first_of(regex: str) -> str:
    """Return the first of a few plain characters ``regex`` (one character) matches."""
    for candidate in _CANDIDATES:
        if re.fullmatch(regex, candidate):
            return candidate
    raise _Unmakeable(regex)


def _member(items: list[Any]) -> str:
    """Return the first character a character class ``[...]`` admits."""
    c = _parser()
    if items and items[0][0] is c.NEGATE:
        refused = items[1:]
        for candidate in _CANDIDATES:
            if not any(_in(candidate, op, arg) for op, arg in refused):
                return candidate
        raise _Unmakeable("negated class")
    op, arg = items[0]
    if op is c.LITERAL:
        return chr(arg)
    if op is c.RANGE:
        return chr(arg[0])
    if op is c.CATEGORY:
        return _first_of(_CLASSES[str(arg)])
    raise _Unmakeable(str(op))


def _in(char: str, op: Any, arg: Any) -> bool:
    """Whether one member of a class (a literal, a range, a category) admits ``char``."""
    c = _parser()
    if op is c.LITERAL:
        return bool(ord(char) == arg)
    if op is c.RANGE:
        return bool(arg[0] <= ord(char) <= arg[1])
    if op is c.CATEGORY:
        return re.fullmatch(_CLASSES[str(arg)], char) is not None
    return True  # a member not read here: the candidate is not taken
