"""Checks of a caller's arguments against the bundle's schemas, before any request is sent.

The generated resource methods hand every argument to :func:`check` with the schema the bundle
gives it (``$ref`` already resolved by ``make generate``). Two steps, once each:

1. **Conversion** (our own: no library knows the caller's Python values): enum members become
   their values, :class:`Money` its minor units (checked against ``x-currency-field``),
   ``date-time`` values UTC instants, ``date`` values ``datetime.date``, a generated model its
   fields, :class:`Undocumented` its value; ``x-sdk-default`` fills a field left out. What JSON
   cannot carry exactly is refused here: a float (pass a ``Decimal``), a field the service sets
   (``readOnly``), a field the bundle does not name (unless ``Undocumented``), a value of no
   JSON type. A ``oneOf`` of records is matched to the shape its fields (or its
   ``discriminator``) name.
2. **Validation** by the one schema engine (:mod:`._engine`, jsonschema-rs), which the sandbox
   and the tests' oracle use too: every JSON Schema 2020-12 keyword, the formats of
   :mod:`._formats`, ECMA-262 patterns, exact bounds. Its first error is worded here
   (:func:`_problem`, a thin mapping over the engine's error kinds) as
   :class:`~payments_sdk.errors.InvalidParameterError` naming the argument's path
   (``bank_account.currency``, ``documents[0].id``); ``x-distinct-fields`` (fields whose
   values must differ) is ours.

The value returned is what goes on the wire.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from functools import cache
from typing import Any

from ._bounds import exact_bound
from ._engine import Problem, first, problems, validator
from ._money import Money
from ._schema_views import merge_all_of, request_view
from ._validation import (
    Undocumented,
    check_text,
    exact_number,
    is_unicode,
    shown,
    to_utc_instant,
)
from .errors import InvalidParameterError

__all__ = [
    "check",
    "check_fields_of",
    "dependent_problem",
    "distinct_problem",
    "keyword_problem",
    "not_together_problem",
    "takes_null",
]

_TYPE_WORDS = {
    "string": "a string",
    "integer": "an int",
    "number": "an int or a Decimal",
    "boolean": "True or False",
    "array": "a list",
    "object": "a mapping",
    "null": "None",
}
_JSON_SCALARS = (str, int, Decimal, bool, type(None))


def _noun(schema: Mapping[str, Any]) -> str:
    """Return a description as a noun: ``A payment id.`` → ``a payment id``."""
    text = str(schema.get("description", "")).strip().split("\n")[0].rstrip(".")
    if not text or len(text) > 120:
        return ""
    head, _, rest = text.partition(" ")
    if head in ("A", "An"):
        return f"{head.lower()} {rest}"
    return ("an " if text[0].lower() in "aeiou" else "a ") + text


def _fail(where: str, problem: str) -> InvalidParameterError:
    return InvalidParameterError(where or "body", problem)


def not_together_problem(fields: Sequence[str]) -> tuple[str, str]:
    """Return the field to name and the problem, for ``not: {required: fields}`` broken.

    The sandbox words its 400 with this too, so both read ``<field> <problem>``.
    """
    first, *rest = fields
    return rest[-1], f"cannot be sent with {', '.join([first, *rest[:-1]])}: pass one of them"


def distinct_problem(fields: Sequence[str]) -> tuple[str, str]:
    """Return the field to name and the problem, for ``x-distinct-fields`` broken."""
    first, *rest = fields
    return rest[-1], f"must differ from {', '.join([first, *rest[:-1]])}"


def keyword_problem(keyword: str, expected: Any) -> str:
    """Return the problem of a value that breaks ``keyword: expected``, without quoting it.

    For the assertions both sides word alike: the sandbox answers ``<field> <problem>`` with it.
    """
    if keyword == "exclusiveMinimum":
        return f"must be greater than {expected}"
    if keyword == "exclusiveMaximum":
        return f"must be less than {expected}"
    if keyword == "multipleOf":
        return f"must be a multiple of {expected}"
    if keyword == "uniqueItems":
        return "must not hold the same item twice"
    if keyword in ("minProperties", "maxProperties"):
        most = "least" if keyword == "minProperties" else "most"
        return f"must have at {most} {expected} field{'' if expected == 1 else 's'}"
    if keyword in ("minContains", "maxContains"):
        most = "least" if keyword == "minContains" else "most"
        item = "item" if expected == 1 else "items"
        return f"must hold at {most} {expected} {item} that its contains schema matches"
    raise ValueError(f"no wording for {keyword}")


def dependent_problem(trigger: str) -> str:
    """Return the problem of a field ``dependentRequired`` needs once ``trigger`` is sent."""
    return f"is required when {trigger} is sent"


def _distinct(schema: Mapping[str, Any], value: Any, where: str) -> None:
    fields = schema.get("x-distinct-fields")
    if not fields or not isinstance(value, Mapping) or not all(key in value for key in fields):
        return
    stated = [item.value if isinstance(item, Enum) else item for item in (value[k] for k in fields)]
    if len(set(map(repr, stated))) < len(stated):
        field, problem = distinct_problem(fields)
        raise _fail(_join(where, field), problem)


def check(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    """Return ``value`` as it is sent, or raise ``InvalidParameterError`` naming ``where``."""
    try:
        result = _convert(value, schema, where)
    except RecursionError:
        raise _fail(where, "is nested too deeply to be checked") from None
    _judge(result, schema, where)
    return result


def _judge(result: Any, schema: Mapping[str, Any], where: str) -> None:
    """Raise the engine's first verdict against ``result`` (as sent), worded, if it has one."""
    view = _json_view(result)
    root, compiled = _compiled(schema)
    if compiled.is_valid(view):
        return
    problem = first(list(problems(root, view)), root)
    raise _worded(problem, root, result, where)


_views: dict[int, tuple[Any, Any, Any]] = {}


def _compiled(schema: Mapping[str, Any]) -> tuple[Any, Any]:
    """Return ``schema`` as a request sees it, and the engine's validator of it, made once.

    A request never carries a ``readOnly`` field; both are kept per schema object (the generated
    constants), so a check runs no code of the engine's module but the validator itself.
    """
    entry = _views.get(id(schema))
    if entry is None or entry[0] is not schema:
        if len(_views) >= 4096:
            _views.clear()
        view = request_view(_composed(schema))
        entry = _views[id(schema)] = (schema, view, validator(view))
    return entry[1], entry[2]


def _composed(node: Any) -> Any:
    """Return ``node`` with each ``allOf`` of records merged into one record, as OpenAPI means.

    ``additionalProperties: false`` beside an ``allOf`` closes the composed record (the fields
    of its parts), where JSON Schema alone would refuse every field. An upload's content
    (``format: binary``) is any value here: the method that reads it checks it.
    """
    if isinstance(node, list):
        return [_composed(item) for item in node]
    if not isinstance(node, Mapping):
        return node
    if node.get("format") == "binary":
        return {}
    parts = node.get("allOf")
    if isinstance(parts, list) and any(
        isinstance(part, Mapping) and _object_shape(part) for part in parts
    ):
        node = merge_all_of(node)
    return {key: _composed(item) for key, item in node.items()}


def _json_view(value: Any) -> Any:
    """Return the JSON value the engine judges: instants and dates as ISO 8601 text."""
    if isinstance(value, _JSON_SCALARS):
        return value
    if isinstance(value, dict):
        return {key: _json_view(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json_view(item) for item in value]
    if isinstance(value, datetime | date):
        return value.isoformat()
    return ""  # an upload's content (``format: binary``): its method reads and checks it


def _at(value: Any, path: Sequence[str | int]) -> Any:
    """Return the part of ``value`` at an engine's instance path."""
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _join_path(where: str, path: Sequence[str | int]) -> str:
    for step in path:
        where = f"{where}[{step}]" if isinstance(step, int) else _join(where, step)
    return where


def _worded(problem: Problem, root: Any, result: Any, where: str) -> InvalidParameterError:
    """Word the engine's ``problem`` (found in ``root``) as the SDK's refusal."""
    holder = problem.holder(root)
    holder = holder if isinstance(holder, Mapping) else {}
    value = _at(result, problem.path)
    field = _join_path(where, problem.path)
    kind, keyword = problem.kind, problem.keyword
    if kind in ("OneOfNotValid", "AnyOf", "OneOfMultipleValid"):
        return _union_refusal(problem, holder, value, field)
    if keyword == "required":
        missing = str(problem.value)
        if "dependentRequired" in problem.schema_path:
            trigger = next(
                (
                    key
                    for key, needed in holder.get("dependentRequired", {}).items()
                    if key in value and missing in needed
                ),
                "",
            )
            return _fail(_join(field, missing), dependent_problem(trigger))
        return _fail(_join(field, missing), "is required")
    if keyword == "not" and isinstance(problem.value, Mapping) and "required" in problem.value:
        name, words = not_together_problem(problem.value["required"])
        return _fail(_join(field, name), words)
    if keyword == "propertyNames":
        inner = problem.value
        name = str(inner.instance)
        sub = Problem(inner)
        holder_of_name = sub.holder(root)
        words = _problem(
            sub.keyword, holder_of_name if isinstance(holder_of_name, Mapping) else {}, name, sub
        )
        return _fail(_join(field, name), f"is not an allowed field name ({words})")
    if keyword == "additionalProperties":
        stray = str(problem.value[0]) if problem.value else "?"
        listed = ", ".join(sorted(holder.get("properties", {}))) or "none"
        owner = holder.get("x-model") or "this object"
        return _fail(
            _join(field, stray), f"is not a field of {owner} in the bundle (its fields: {listed})"
        )
    if kind == "FalseSchema" and problem.path and isinstance(problem.path[-1], int):
        items = _at(result, problem.path[:-1])
        prefix = len(holder.get("prefixItems", ()))
        return _fail(
            _join_path(where, problem.path[:-1]), f"has {len(items)} items; at most {prefix}"
        )
    if kind in ("FalseSchema", "Not"):
        return _fail(field, "is not allowed here")
    return _fail(field, _problem(keyword, holder, value, problem))


def _problem(keyword: str, schema: Mapping[str, Any], value: Any, problem: Problem) -> str:
    """Word a failed assertion ``keyword`` of ``schema`` for ``value`` (as sent)."""
    exact = {key: exact_bound(item) for key, item in schema.items()}
    if keyword == "type":
        return f"must be {_type_words(schema)}, got {shown(value)}"
    if keyword == "enum":
        allowed = ", ".join(str(member) for member in schema["enum"])
        return f"must be one of {allowed}, got {_number_or_shown(value)}"
    if keyword == "const":
        return f"must be {schema['const']!r}, got {shown(value)}"
    if keyword == "minLength":
        return f"must have at least {schema['minLength']} characters"
    if keyword == "maxLength":
        return f"is {len(value)} characters long; at most {schema['maxLength']}"
    if keyword == "pattern":
        pattern, noun = schema["pattern"], _noun(schema)
        if noun and len(pattern) > 40:
            what = noun  # the description says it in words; the pattern would not help
        else:
            what = f"{noun} matching {pattern}" if noun else f"a string matching {pattern}"
        return f"must be {what}, got {shown(value)}"
    if keyword in ("format", "x-number-format"):
        fmt = schema["format"]
        if isinstance(value, str):
            if fmt == "email":
                return f"is not an e-mail address: {shown(value)}"
            if fmt == "uri":
                return f"is not an absolute URI (scheme:...): {shown(value)}"
            return f"is not a valid {fmt}: {shown(value)}"
        if isinstance(value, int) and schema.get("type") == "integer":
            return f"does not fit in {fmt}, got {value}"
        return f"is not a valid {fmt}: {value}"
    if keyword in ("minimum", "maximum"):
        low, high = exact.get("minimum"), exact.get("maximum")
        if low is not None and high is not None:
            bounds = f"between {low} and {high}"
        elif low is not None:
            bounds = f"at least {low}"
        else:
            bounds = f"at most {high}"
        return f"must be {bounds}, got {value}"
    if keyword in ("exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        return f"{keyword_problem(keyword, exact[keyword])}, got {value}"
    if keyword == "minItems":
        low = schema["minItems"]
        return "must be a non-empty list" if low == 1 else f"needs {low} items"
    if keyword == "maxItems":
        return f"has {len(value)} items; at most {schema['maxItems']}"
    if keyword in ("uniqueItems", "minProperties", "maxProperties"):
        return keyword_problem(keyword, schema[keyword])
    if keyword == "contains":
        if problem.schema_path[-1] == "maxContains":
            return keyword_problem("maxContains", schema["maxContains"])
        return keyword_problem("minContains", schema.get("minContains", 1))
    return f"breaks its schema's {keyword}"


def _number_or_shown(value: Any) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else shown(value)


def _type_words(schema: Mapping[str, Any]) -> str:
    kinds = schema.get("type")
    if kinds == "object" and schema.get("x-model"):
        return f"a {schema['x-model']} or a mapping"
    if kinds == "object":
        return "a mapping of names to values"
    if isinstance(kinds, list):
        return " or ".join(_ARTICLES.get(str(kind), f"a {kind}") for kind in kinds)
    return _TYPE_WORDS.get(str(kinds), f"a {kinds}")


_ARTICLES = {"integer": "an integer", "array": "an array", "object": "an object", "null": "None"}


def _union_refusal(
    problem: Problem, holder: Mapping[str, Any], value: Any, field: str
) -> InvalidParameterError:
    """Word a ``oneOf``/``anyOf`` no shape (or more than one ``oneOf`` shape) takes."""
    keyword = "oneOf" if problem.keyword == "oneOf" else "anyOf"
    shapes = [merge_all_of(shape) for shape in holder.get(keyword, ())]
    if problem.kind == "OneOfMultipleValid":
        taken = sum(_compiled(shape)[1].is_valid(_json_view(value)) for shape in shapes)
        return _fail(field, f"matches {taken} of its shapes, and must match exactly one")
    real = [shape for shape in shapes if shape.get("type") != "null"]
    if len(real) == 1:
        try:
            check(value, real[0], field)
        except InvalidParameterError as refusal:
            return refusal
    return _fail(field, f"must be {_kinds(shapes)}, got {shown(value)}")


def _convert(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    """Return ``value`` as it is sent under ``schema``; refuse what JSON cannot carry."""
    given = type(value)
    if (given is str or given is dict) and not _composite(schema):  # the common cases, first
        if given is dict and (schema.get("type") == "object" or "properties" in schema):
            return _object(value, schema, where)
        if given is str and schema.get("format") not in _CONVERTED_FORMATS:
            if value or (schema.get("minLength") or 0) >= 1:
                check_text(value, where)  # text: no lone surrogate; not empty where minLength says
            return value
    if isinstance(value, Undocumented):
        raise _fail(
            where, "is a declared field: Undocumented() is only for fields the bundle does not name"
        )
    if "allOf" in schema:
        schema = merge_all_of(schema)
    union = schema.get("oneOf") or schema.get("anyOf")
    if union:
        shapes = [merge_all_of(shape) for shape in union]
        if "oneOf" in schema and all(_object_shape(shape) for shape in shapes):
            chosen = _one_of(value, schema, where)
            _distinct(schema, chosen, where)
            return chosen
        if value is None:
            return None
        return _union_value(value, shapes, where)
    kind = schema.get("type")
    if isinstance(value, Enum):
        value = value.value
    fmt = schema.get("format")
    if fmt == "binary":
        return value  # the upload's content: checked by the method that reads it
    if fmt in ("date-time", "date") and _string_like(kind, value):
        return to_utc_instant(value, where) if fmt == "date-time" else _date(value, where)
    if isinstance(value, str):
        if value or (schema.get("minLength") or 0) >= 1:
            check_text(value, where)  # text: no lone surrogate; and not empty where minLength says
        return value
    if isinstance(value, float):
        exact = f"Decimal({str(value)!r})"
        raise _fail(where, f"must be an int or a Decimal, not a float: pass {exact}")
    kinds = kind if isinstance(kind, list) else [kind]
    if isinstance(value, Decimal) and not value.is_finite():
        raise _fail(where, f"must be a finite number, got {shown(value)}")
    if isinstance(value, Decimal) and "integer" in kinds and "number" not in kinds:
        raise _fail(where, f"must be {_type_words(schema)}, got {shown(value)}")  # 1.0 as sent
    if isinstance(value, _JSON_SCALARS):
        return value
    if (isinstance(value, Mapping) or hasattr(value, "to_dict")) and (
        "object" in kinds or None in kinds or "properties" in schema
    ):
        return _object(value, schema, where)
    if isinstance(value, list | tuple) and ("array" in kinds or None in kinds):
        items = schema.get("items", {})
        prefix: Sequence[Mapping[str, Any]] = schema.get("prefixItems", ())
        return [
            _convert(
                item,
                prefix[index]
                if index < len(prefix)
                else items
                if isinstance(items, Mapping)
                else {},
                f"{where}[{index}]",
            )
            for index, item in enumerate(value)
        ]
    if kind is None:
        raise _fail(where, f"cannot be sent as JSON, got {shown(value)}")
    raise _fail(where, f"must be {_type_words(schema)}, got {shown(value)}")


_CONVERTED_FORMATS = frozenset({"date-time", "date", "binary"})


def _composite(schema: Mapping[str, Any]) -> bool:
    """Whether ``schema`` composes others (``allOf``, ``oneOf``, ``anyOf``)."""
    return "allOf" in schema or "oneOf" in schema or "anyOf" in schema


def _string_like(kind: Any, value: Any) -> bool:
    """Whether a ``date-time`` or ``date`` schema reads ``value`` as its text (to convert it)."""
    if kind is None:  # no type: the format applies to text, and a date or a datetime is text here
        return isinstance(value, str | date)
    if isinstance(kind, list):
        return "string" in kind and not (value is None and "null" in kind)
    return bool(kind == "string")


def _union_value(value: Any, shapes: list[Mapping[str, Any]], where: str) -> Any:
    """Return ``value`` as the first shape of a union of values that converts it takes it."""
    refusal: InvalidParameterError | None = None
    for shape in shapes:
        if shape.get("type") == "null":
            continue
        try:
            converted = _convert(value, shape, where)
        except InvalidParameterError as exc:
            refusal = refusal or exc
            continue
        if _compiled(shape)[1].is_valid(_json_view(converted)):
            return converted
    if isinstance(value, (*_JSON_SCALARS, list, dict)):
        return _plain_json(value, where)
    if refusal is not None and len([s for s in shapes if s.get("type") != "null"]) == 1:
        raise refusal
    raise _fail(where, f"must be {_kinds(shapes)}, got {shown(value)}")


def _plain_json(value: Any, where: str) -> Any:
    """Return a JSON value a union judges (no shape converts it): enum members as values."""
    return _convert(value, {}, where)


def _date(value: Any, where: str) -> date:
    """Accept a ``datetime.date`` (not a datetime) or an ISO 8601 date string, ``YYYY-MM-DD``."""
    if isinstance(value, datetime):
        raise _fail(where, "must be a date, not a datetime: pass value.date() for its day")
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            if len(value) == 10:
                return date.fromisoformat(value)
        except ValueError:
            pass
        raise _fail(where, f"is not an ISO 8601 date (YYYY-MM-DD): {shown(value)}")
    raise _fail(where, f"must be a date or an ISO 8601 date string, got {shown(value)}")


def _as_mapping(value: Any, schema: Mapping[str, Any], where: str) -> Mapping[str, Any]:
    if type(value) is dict and all(type(key) is str for key in value):
        return value
    model = schema.get("x-model")
    shapes = {
        shape.get("x-model") for shape in schema.get("oneOf", ()) if isinstance(shape, Mapping)
    }
    if hasattr(value, "to_dict") and type(value).__name__ in {model, *shapes} - {None}:
        converted: Mapping[str, Any] = value.to_dict()
        return converted
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        kind = f"a {model} or a mapping" if model else "a mapping of names to values"
        raise _fail(where, f"must be {kind}, got {shown(value)}")
    return value


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


@cache
def _pattern_schema(pattern: str) -> Mapping[str, Any]:
    return {"pattern": pattern}


def _matches_pattern(pattern: str, key: str) -> bool:
    """Whether ``key`` matches a ``patternProperties`` pattern, as the engine reads it."""
    return bool(validator(_pattern_schema(pattern)).is_valid(key))


_extension_cache: dict[int, tuple[Any, Any]] = {}


def _extensions(declared: Mapping[str, Any]) -> tuple[list[tuple[str, Any]], list[tuple[str, str]]]:
    """Return the fields' ``x-sdk-default`` values and ``x-currency-field`` names, read once."""
    entry = _extension_cache.get(id(declared))
    if entry is None or entry[0] is not declared:
        if len(_extension_cache) >= 4096:
            _extension_cache.clear()
        defaults = [
            (k, sub["x-sdk-default"]) for k, sub in declared.items() if "x-sdk-default" in sub
        ]
        currencies = [
            (k, str(sub["x-currency-field"]))
            for k, sub in declared.items()
            if sub.get("x-currency-field")
        ]
        entry = _extension_cache[id(declared)] = (declared, (defaults, currencies))
    found: tuple[list[tuple[str, Any]], list[tuple[str, str]]] = entry[1]
    return found


def _object(value: Any, schema: Mapping[str, Any], where: str) -> dict[str, Any]:
    given = _as_mapping(value, schema, where)
    declared: Mapping[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties")
    patterns: Mapping[str, Any] = schema.get("patternProperties", {})
    result: dict[str, Any] = {}
    for key, item in given.items():
        own = declared.get(key)
        if own is not None:
            if own.get("readOnly") is True:
                raise _fail(
                    _join(where, key), "is read-only: the service sets it, so it is never sent"
                )
            if item is not None or takes_null(own):
                result[key] = item  # converted below, once Money knows its currency field
            continue
        if not key.isascii() and not is_unicode(key):
            raise _fail(where, "has a key that is not valid Unicode text (a lone surrogate)")
        path = _join(where, key)
        matched = [sub for pattern, sub in patterns.items() if _matches_pattern(pattern, key)]
        if matched:
            result[key] = _convert(item, matched[0], path)
        elif isinstance(extra, Mapping):
            result[key] = _convert(item, extra, path)
        elif isinstance(item, Undocumented) and extra is not False:
            result[key] = _json(item.value, path)
        elif not declared and not patterns and extra is not False:
            result[key] = _convert(item, {}, path)  # a free-form map: no field to misspell
        else:
            listed = ", ".join(sorted(declared)) or "none"
            owner = schema.get("x-model") or "this object"
            escape = (
                ""
                if extra is False
                else "; to send a field the bundle does not show, pass "
                "payments_sdk.Undocumented(value)"
            )
            raise _fail(
                path, f"is not a field of {owner} in the bundle (its fields: {listed}){escape}"
            )
    defaults, currencies = _extensions(declared)
    for key, default in defaults:
        if key not in result:
            result[key] = default
    # Money names its currency: fill an absent currency field from it, or check they agree.
    for key, currency_field in currencies:
        money = result.get(key)
        if isinstance(money, Money):
            stated = result.get(currency_field)
            if isinstance(stated, Enum):
                stated = stated.value
            if stated is None:
                result[currency_field] = money.currency
            elif stated != money.currency:
                raise _fail(
                    _join(where, key),
                    f"is {money.currency} money but {currency_field} is {stated}",
                )
            result[key] = money.minor_units
    for key in declared:
        if key in result:
            try:
                result[key] = _convert(result[key], declared[key], _join(where, key))
            except RecursionError:
                raise _fail(_join(where, key), "is nested too deeply to be checked") from None
    _distinct(schema, result, where)
    return result


def _one_of(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    """Check ``value`` against the one shape of ``oneOf`` its fields select.

    A shape is a candidate when it declares every field given (an open shape also takes
    :class:`Undocumented` ones). Of the candidates, the one whose required fields are all given
    is checked; otherwise the message says which fields go together.
    """
    shapes: list[Mapping[str, Any]] = [merge_all_of(shape) for shape in schema["oneOf"]]
    given = _as_mapping(value, schema, where)
    keys = [key for key, item in given.items() if item is not None]
    tagged = _by_discriminator(schema, shapes, given, where)
    if tagged is not None:
        return check(given, tagged, where)

    def fits(shape: Mapping[str, Any]) -> bool:
        declared = shape.get("properties", {})
        closed = shape.get("additionalProperties") is False
        return all(
            key in declared or (isinstance(given[key], Undocumented) and not closed) for key in keys
        )

    candidates = [shape for shape in shapes if fits(shape)]
    if len(candidates) > 1:
        # An implicit discriminator: a field whose enum or const in each shape tells the shapes
        # apart (Adyen's payment method ``type``). A shape whose enum the value is not in, is not.
        named = [shape for shape in candidates if _values_fit(shape, given, keys)]
        candidates = named or candidates
    complete = [s for s in candidates if all(k in keys for k in s.get("required", ()))]
    if len(complete) == 1:
        return check(given, complete[0], where)
    if len(candidates) == 1:
        return check(given, candidates[0], where)

    if not candidates:
        # Two fields no shape takes together: name the earlier one, as the caller wrote them.
        for index, key in enumerate(keys):
            for other in keys[:index]:
                if not any(
                    key in s.get("properties", {}) and other in s.get("properties", {})
                    for s in shapes
                ):
                    raise _fail(_join(where, other), f"cannot be combined with {key}")
        return check(given, _closest(shapes, keys), where)
    # Fields are missing: name the first one the first fitting shape requires.
    shape = candidates[0]
    missing = next((k for k in shape.get("required", ()) if k not in keys), "")
    raise _fail(_join(where, missing), f"pass {_choices(shapes)}")


def _object_shape(shape: Mapping[str, Any]) -> bool:
    """Whether a shape of a union is an object (a record picked by its fields)."""
    return shape.get("type") == "object" or "properties" in shape


def _kinds(shapes: Sequence[Mapping[str, Any]]) -> str:
    """Word the shapes of a union by their types: ``a string or an integer``."""
    named: list[str] = []
    for shape in shapes:
        kinds = shape.get("type")
        for kind in kinds if isinstance(kinds, list) else [kinds]:
            other = "None" if kind == "null" else "a value of another shape"
            word = _TYPE_WORDS.get(str(kind), other)
            if word not in named:
                named.append(word)
    return " or ".join(named)


def takes_null(schema: Mapping[str, Any]) -> bool:
    """Whether ``schema`` takes ``null``: a type list with it, or a union with such a shape."""
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    shapes = schema.get("anyOf") or schema.get("oneOf") or ()
    return any(isinstance(shape, Mapping) and takes_null(shape) for shape in shapes)


def _by_discriminator(
    schema: Mapping[str, Any], shapes: list[Mapping[str, Any]], given: Mapping[str, Any], where: str
) -> Mapping[str, Any] | None:
    """Return the shape a discriminated ``oneOf``'s value names (``type: card``), if it has one."""
    discriminator = schema.get("discriminator")
    if not isinstance(discriminator, Mapping):
        return None
    field = str(discriminator.get("propertyName", ""))
    value = given.get(field)
    if isinstance(value, Enum):
        value = value.value
    tags = {_tag_of(shape, field, discriminator): shape for shape in shapes}
    if value is None:
        return None  # the model a caller passed carries its tag in to_dict(); else shapes decide
    if value not in tags:
        allowed = ", ".join(str(tag) for tag in tags if tag is not None)
        raise _fail(_join(where, field), f"must be one of {allowed}, got {shown(value)}")
    return tags[value]


def _tag_of(shape: Mapping[str, Any], field: str, discriminator: Mapping[str, Any]) -> Any:
    """Return the discriminator value of a (resolved) ``oneOf`` shape."""
    model = shape.get("x-model")
    for tag, ref in dict(discriminator.get("mapping", {})).items():
        if str(ref).rsplit("/", 1)[-1] == model:
            return tag
    own = shape.get("properties", {}).get(field, {})
    if "const" in own:
        return own["const"]
    if len(own.get("enum", ())) == 1:
        return own["enum"][0]
    return model


def _values_fit(shape: Mapping[str, Any], given: Mapping[str, Any], keys: list[str]) -> bool:
    """Whether each given plain value is in its field's ``enum`` or ``const`` in ``shape``."""
    declared = shape.get("properties", {})
    for key in keys:
        own, value = declared.get(key), given[key]
        if (
            not isinstance(own, Mapping)
            or not isinstance(value, str | int)
            or isinstance(value, bool)
        ):
            continue
        if "const" in own and own["const"] != value:
            return False
        if isinstance(own.get("enum"), list) and value not in own["enum"]:
            return False
    return True


def _choices(shapes: list[Mapping[str, Any]]) -> str:
    """Say which fields make each shape: ``exactly one of a or b``, or ``a and b, or c``."""
    common = set.intersection(*(set(s.get("required", ())) for s in shapes))
    own = [[k for k in s.get("required", ()) if k not in common] for s in shapes]
    if all(len(fields) == 1 for fields in own):
        return "exactly one of " + " or ".join(fields[0] for fields in own)
    return ", or ".join(_and(fields) if fields else "no field" for fields in own)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _closest(shapes: list[Mapping[str, Any]], keys: list[str]) -> Mapping[str, Any]:
    return max(shapes, key=lambda s: sum(k in s.get("properties", {}) for k in keys))


def _json(value: Any, where: str) -> Any:
    """Return a value sent as given (``Undocumented``) if it is JSON: no NaN, no object."""
    import json

    try:
        json.dumps(value, allow_nan=False, default=exact_number)
    except (TypeError, ValueError, RecursionError) as exc:
        raise _fail(where, f"cannot be sent as JSON: {exc}") from None
    return value


def check_fields_of(
    schema: Mapping[str, Any], values: Mapping[str, Any], where: str = ""
) -> dict[str, Any]:
    """Check the given arguments (``None`` means not given) as the object ``schema``."""
    given = {key: value for key, value in values.items() if value is not None}
    result = check(given, schema, where)
    assert isinstance(result, dict)
    return result
