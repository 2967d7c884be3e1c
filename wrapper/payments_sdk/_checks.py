"""Checks of a caller's arguments against the bundle's schemas, before any request is sent.

The generated resource methods hand every argument to :func:`check` with the schema the bundle
gives it (``$ref`` already resolved by ``make generate``). Each keyword the bundle uses is
checked here, and nothing else: ``type``, ``enum``, ``const``, ``pattern``, ``format`` (each
of :data:`._formats.CHECKED`: ``date-time``, ``date`` and ``binary`` converted, the others,
``ipv4``, ``hostname``, ``time``, ``byte``..., kept as given), ``readOnly`` (a field the
service sets: never sent), ``allOf`` (the parts merged, :mod:`._schema_views`),
``discriminator`` (its value picks the ``oneOf`` shape), ``minLength``/``maxLength``,
``minimum``/``maximum``, ``minItems``/``maxItems``, ``required``, ``properties``,
``additionalProperties``, ``oneOf``, ``not`` (of ``required``: fields that may not be sent
together), and our extensions
``x-currency-field`` (an amount that travels with a currency: :class:`Money` is checked against
it), ``x-distinct-fields`` (fields whose values must differ) and ``x-sdk-default``. The other
JSON Schema 2020-12 assertions are checked too (:func:`keyword_problem` words them, for the
sandbox as well): ``exclusiveMinimum``/``exclusiveMaximum``, ``multipleOf`` (any positive
step, exactly), ``uniqueItems``, ``prefixItems``, ``contains``/``minContains``/``maxContains``,
``minProperties``/``maxProperties``, ``patternProperties``, ``propertyNames``,
``dependentRequired``, ``dependentSchemas`` and ``if``/``then``/``else``. A failure
raises :class:`~payments_sdk.errors.InvalidParameterError` naming the argument's path
(``bank_account.currency``, ``documents[0].id``).

The value returned is what goes on the wire: enum members become their values, :class:`Money`
its minor units, datetimes UTC instants, dates ``datetime.date``, :class:`Undocumented` its value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from ._bounds import exact_bound, is_multiple
from ._formats import conforms
from ._money import Money
from ._patterns import ecma_pattern
from ._schema_views import merge_all_of
from ._validation import Undocumented, check_text, exact_number, shown, to_utc_instant
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
}


def _regex(pattern: str) -> re.Pattern[str]:
    # JSON Schema patterns search, with ECMA-262's meaning ("$", "\d", "\s": _patterns.py).
    return ecma_pattern(pattern)


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
    result = _check_own(value, schema, where)
    if any(keyword in schema for keyword in _APPLICATORS):
        _applicators(result, schema, where)
    return result


def _check_own(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    if isinstance(value, Undocumented):
        raise _fail(
            where, "is a declared field: Undocumented() is only for fields the bundle does not name"
        )
    if "allOf" in schema:
        schema = merge_all_of(schema)
    if "oneOf" in schema:
        if not all(_object_shape(merge_all_of(shape)) for shape in schema["oneOf"]):
            return _one_value_of(value, schema, where)
        chosen = _one_of(value, schema, where)
        _distinct(schema, chosen, where)
        return chosen
    if "anyOf" in schema:
        value = _any_of(value, schema, where)
        schema = {key: item for key, item in schema.items() if key != "anyOf"}
        if "type" not in schema and "properties" not in schema:
            return value  # as the shape that took it made it (a date-time, a model's fields)
    if "const" in schema and value != schema["const"]:
        raise _fail(where, f"must be {schema['const']!r}, got {shown(value)}")
    kind = schema.get("type")
    if isinstance(kind, list):
        return _one_of_types(value, schema, [str(name) for name in kind], where)
    if kind is None and "enum" in schema and _plain(value) not in schema["enum"]:
        allowed = ", ".join(str(member) for member in schema["enum"])
        raise _fail(where, f"must be one of {allowed}, got {shown(value)}")
    if kind is None and "properties" not in schema:
        # No type: each keyword applies to the values of its type (``contains: {minimum: 5}``).
        found = _json_type(_plain(value))
        if found is not None and not _TYPE_KEYWORDS[found].isdisjoint(schema):
            kind = found
    if kind == "string":
        return _string(value, schema, where)
    if kind == "integer":
        return _integer(value, schema, where)
    if kind == "number":
        return _number(value, schema, where)
    if kind == "null":
        if value is not None:
            raise _fail(where, f"must be None, got {shown(value)}")
        return None
    if kind == "boolean":
        if not isinstance(value, bool):
            raise _fail(where, f"must be True or False, got {shown(value)}")
        return value
    if kind == "array":
        return _array(value, schema, where)
    if kind == "object" or "properties" in schema:
        return _object(value, schema, where)
    return _free(value, where)


def _free(value: Any, where: str) -> Any:
    """Return a value its schema leaves free (no ``type``), if JSON carries it exactly.

    Any JSON value: text, an int, a finite Decimal, True, False, None, and lists and mappings
    (keyed by text) of these. A float is refused as a number is; another object (a file, a
    set) is refused here, before the wire, rather than failing to encode.
    """
    plain = _plain(value)
    if plain is None or isinstance(plain, bool | int | str):
        return value
    if isinstance(plain, float | Decimal):
        return _number(plain, {}, where)
    if isinstance(plain, Undocumented):
        return _json(plain.value, where)
    if isinstance(plain, Mapping):
        if not all(isinstance(key, str) for key in plain):
            raise _fail(where, f"must have text keys, got {shown(value)}")
        return {key: _free(item, _join(where, key)) for key, item in plain.items()}
    if isinstance(plain, list | tuple):
        return [_free(item, f"{where}[{index}]") for index, item in enumerate(plain)]
    raise _fail(where, f"cannot be sent as JSON, got {shown(value)}")


_ARTICLES = {"integer": "an integer", "array": "an array", "object": "an object", "null": "None"}


def _one_of_types(value: Any, schema: Mapping[str, Any], kinds: list[str], where: str) -> Any:
    """Check a value of ``type: [A, B, ...]`` as the one of those types it is.

    A value of no JSON type of its own (a ``datetime``, a ``date``) is tried as each type in
    turn (a string with a ``format`` takes it); an int is a ``number`` where ``integer`` is
    not listed. A value of none of the types is refused naming them all.
    """
    if value is None and "null" in kinds:
        return None
    found = _json_type(_plain(value))
    if found == "integer" and "integer" not in kinds and "number" in kinds:
        found = "number"
    tried = [found] if found in kinds else [] if found is not None else kinds
    refused: InvalidParameterError | None = None
    for kind in tried:
        if kind == "null":
            continue
        try:
            return _check_own(value, {**schema, "type": kind}, where)
        except InvalidParameterError as exc:
            refused = exc
    if refused is not None and found is not None:
        raise refused  # of the right type, but it breaks one of its keywords
    described = " or ".join(_ARTICLES.get(kind, f"a {kind}") for kind in kinds)
    raise _fail(where, f"must be {described}, got {shown(value)}")


def _string(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    fmt = schema.get("format")
    if fmt == "binary":
        return value  # the upload's content: checked by the method that reads it
    if fmt == "date-time":
        return to_utc_instant(value, where)
    if fmt == "date":
        return _date(value, where)
    if isinstance(value, Enum):
        value = value.value
    if not isinstance(value, str):
        raise _fail(where, f"must be a string, got {shown(value)}")
    if value or (schema.get("minLength") or 0) >= 1:
        check_text(value, where)  # text: no lone surrogate; and not empty where minLength says
    if "enum" in schema and value not in schema["enum"]:
        allowed = ", ".join(str(member) for member in schema["enum"])
        raise _fail(where, f"must be one of {allowed}, got {shown(value)}")
    low, high = schema.get("minLength"), schema.get("maxLength")
    if low is not None and len(value) < low:
        raise _fail(where, f"must have at least {low} characters")
    if high is not None and len(value) > high:
        raise _fail(where, f"is {len(value)} characters long; at most {high}")
    pattern = schema.get("pattern")
    if pattern is not None and not _regex(pattern).search(value):
        noun = _noun(schema)
        if noun and len(pattern) > 40:
            what = noun  # the description says it in words; the pattern would not help
        else:
            what = f"{noun} matching {pattern}" if noun else f"a string matching {pattern}"
        raise _fail(where, f"must be {what}, got {shown(value)}")
    if fmt == "email" and not conforms(fmt, value):
        raise _fail(where, f"is not an e-mail address: {shown(value)}")
    if fmt == "uri" and not conforms(fmt, value):
        raise _fail(where, f"is not an absolute URI (scheme:...): {shown(value)}")
    if fmt is not None and not conforms(fmt, value):
        raise _fail(where, f"is not a valid {fmt}: {shown(value)}")
    return value


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


def _integer(value: Any, schema: Mapping[str, Any], where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"must be an int, got {shown(value)}")
    _bounded(value, schema, where)
    fmt = schema.get("format")
    if fmt is not None and not conforms(fmt, value):
        raise _fail(where, f"does not fit in {fmt}, got {value}")
    return value


def _number(value: Any, schema: Mapping[str, Any], where: str) -> int | Decimal:
    """Accept a JSON ``number``: an int or a finite :class:`~decimal.Decimal`, never a float.

    A float is refused, naming the Decimal to pass instead: ``0.1`` as a float is not one
    tenth, and the SDK sends the value the caller meant, digit for digit.
    """
    if isinstance(value, float):
        exact = f"Decimal({str(value)!r})"
        raise _fail(where, f"must be an int or a Decimal, not a float: pass {exact}")
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise _fail(where, f"must be an int or a Decimal, got {shown(value)}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise _fail(where, f"must be a finite number, got {shown(value)}")
    _bounded(value, schema, where)
    fmt = schema.get("format")
    if fmt is not None and not conforms(fmt, value):
        raise _fail(where, f"is not a valid {fmt}: {value}")
    return value


def _bounded(value: int | Decimal, schema: Mapping[str, Any], where: str) -> None:
    """Check a number against its schema's ``enum`` and bounds (exact: no float arithmetic).

    A bound the bundle writes with a fraction (``minimum: 0.1``, ``multipleOf: 0.01``) is the
    decimal it spells, not the float nearest to it (:mod:`._bounds`): ``Decimal("0.1")`` meets
    ``minimum: 0.1``, and ``Decimal("0.07")`` is a multiple of ``0.01``.
    """
    if any(isinstance(v, float) for v in schema.values()):
        schema = {k: exact_bound(v) for k, v in schema.items()}
    if "enum" in schema and _plain(value) not in schema["enum"]:  # an enum of integers
        allowed = ", ".join(str(member) for member in schema["enum"])
        raise _fail(where, f"must be one of {allowed}, got {value}")
    low, high = schema.get("minimum"), schema.get("maximum")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            bounds = f"between {low} and {high}"
        elif low is not None:
            bounds = f"at least {low}"
        else:
            bounds = f"at most {high}"
        raise _fail(where, f"must be {bounds}, got {value}")
    for keyword in ("exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        bound = schema.get(keyword)
        if bound is None:
            continue
        if (
            (keyword == "exclusiveMinimum" and value <= bound)
            or (keyword == "exclusiveMaximum" and value >= bound)
            or (keyword == "multipleOf" and not is_multiple(value, bound))
        ):
            raise _fail(where, f"{keyword_problem(keyword, bound)}, got {value}")


def _array(value: Any, schema: Mapping[str, Any], where: str) -> list[Any]:
    if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Sequence):
        raise _fail(where, f"must be a list, got {shown(value)}")
    low, high = schema.get("minItems"), schema.get("maxItems")
    if low is not None and len(value) < low:
        raise _fail(where, "must be a non-empty list" if low == 1 else f"needs {low} items")
    if high is not None and len(value) > high:
        raise _fail(where, f"has {len(value)} items; at most {high}")
    prefix: Sequence[Mapping[str, Any]] = schema.get("prefixItems", ())
    items = schema.get("items", {})
    if items is False and len(value) > len(prefix):
        raise _fail(where, f"has {len(value)} items; at most {len(prefix)}")
    result = [
        check(item, prefix[index] if index < len(prefix) else items, f"{where}[{index}]")
        for index, item in enumerate(value)
    ]
    if schema.get("uniqueItems") is True:
        seen: set[Any] = set()
        for item in result:
            key = _canonical(item)
            if key in seen:
                raise _fail(where, keyword_problem("uniqueItems", True))
            seen.add(key)
    if "contains" in schema:
        count = sum(_matches(item, schema["contains"]) for item in result)
        least, most = schema.get("minContains", 1), schema.get("maxContains")
        if most is not None and count > most:
            raise _fail(where, keyword_problem("maxContains", most))
        if count < least:
            raise _fail(where, keyword_problem("minContains", least))
    return result


_TYPE_KEYWORDS = {
    "string": frozenset({"minLength", "maxLength", "pattern", "format"}),
    "integer": frozenset(
        {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}
    ),
    "number": frozenset(
        {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}
    ),
    "array": frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"}),
    "object": frozenset(
        {
            "required",
            "additionalProperties",
            "patternProperties",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "dependentRequired",
        }
    ),
    "boolean": frozenset(),
}


def _json_type(value: Any) -> str | None:
    """Return the JSON type of a value as it is sent, or None for another kind of object."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, Decimal):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, Mapping):
        return "object"
    return None


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _canonical(value: Any) -> Any:
    """Return a hashable key equal for values JSON Schema counts equal (1 and 1.0, not True)."""
    value = _plain(value)
    if isinstance(value, bool):
        return ("boolean", value)
    if isinstance(value, Mapping):
        return ("object", frozenset((key, _canonical(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return ("array", tuple(_canonical(item) for item in value))
    if isinstance(value, Money):
        return ("number", value.minor_units)
    return ("value", value)


def _as_mapping(value: Any, schema: Mapping[str, Any], where: str) -> Mapping[str, Any]:
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


def _object(value: Any, schema: Mapping[str, Any], where: str) -> dict[str, Any]:
    given = _as_mapping(value, schema, where)
    declared: Mapping[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties")
    patterns: Mapping[str, Any] = schema.get("patternProperties", {})
    names = schema.get("propertyNames")
    result: dict[str, Any] = {}
    for key, item in given.items():
        path = _join(where, key)
        if names is not None:
            _property_name(key, names, path)
        matched = [sub for pattern, sub in patterns.items() if _regex(pattern).search(key)]
        if key in declared and declared[key].get("readOnly") is True:
            raise _fail(path, "is read-only: the service sets it, so it is never sent")
        if key in declared:
            if item is not None or takes_null(declared[key]):
                result[key] = item  # checked below, once Money knows its currency field
        elif matched:
            for sub in matched:
                result[key] = check(item, sub, path)
        elif isinstance(extra, Mapping):
            result[key] = check(item, extra, path)
        elif isinstance(item, Undocumented) and extra is not False:
            result[key] = _json(item.value, path)
        elif not declared and not patterns and extra is not False:
            result[key] = _free(item, path)  # a free-form map: it names no field to misspell
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
    for key, sub in declared.items():
        if key not in result and "x-sdk-default" in sub:
            result[key] = sub["x-sdk-default"]
    # Money names its currency: fill an absent currency field from it, or check they agree.
    for key, sub in declared.items():
        currency_field = sub.get("x-currency-field")
        money = result.get(key)
        if currency_field and isinstance(money, Money):
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
            result[key] = check(result[key], declared[key], _join(where, key))
    for key in schema.get("required", ()):
        if key not in result and not declared.get(key, {}).get("readOnly"):
            raise _fail(_join(where, key), "is required")
    forbidden = schema.get("not", {}).get("required")
    if forbidden and all(key in result for key in forbidden):
        field, problem = not_together_problem(forbidden)
        raise _fail(_join(where, field), problem)
    for trigger, needed in dict(schema.get("dependentRequired", {})).items():
        missing = next((key for key in needed if key not in result), None)
        if trigger in result and missing is not None:
            raise _fail(_join(where, missing), dependent_problem(trigger))
    for keyword in ("minProperties", "maxProperties"):
        bound = schema.get(keyword)
        if bound is not None and (
            len(result) < bound if keyword[1] == "i" else len(result) > bound
        ):
            raise _fail(where, keyword_problem(keyword, bound))
    _distinct(schema, result, where)
    return result


def _property_name(key: str, names: Any, path: str) -> None:
    """Refuse a field name its object's ``propertyNames`` schema does not match."""
    if names is False:
        raise _fail(path, "is not an allowed field name (no field is)")
    try:
        check(key, {"type": "string", **names}, path)
    except InvalidParameterError as exc:
        raise _fail(path, f"is not an allowed field name ({exc.problem})") from None


# Keywords whose subschemas apply to the whole value, once its own keywords passed.
_APPLICATORS = ("if", "dependentSchemas")


def _applicators(result: Any, schema: Mapping[str, Any], where: str) -> None:
    """Check ``if``/``then``/``else`` and ``dependentSchemas`` on the value as it is sent.

    Each subschema is checked together with the schema it sits in (:func:`_conjoin`), so that
    a partial one (``then: {required: [reason]}``) reads the fields the object declares.
    """
    base = {
        key: item
        for key, item in schema.items()
        if key not in ("if", "then", "else", "dependentSchemas")
    }
    if "if" in schema:
        branch = (
            schema.get("then")
            if _matches(result, _conjoin(base, schema["if"]))
            else schema.get("else")
        )
        if isinstance(branch, Mapping):
            check(_rewrap(result, _conjoin(base, branch)), _conjoin(base, branch), where)
    if isinstance(result, Mapping):
        for trigger, sub in dict(schema.get("dependentSchemas", {})).items():
            if trigger in result and isinstance(sub, Mapping):
                check(_rewrap(result, _conjoin(base, sub)), _conjoin(base, sub), where)


def _conjoin(base: Mapping[str, Any], sub: Any) -> Mapping[str, Any]:
    """Return one schema that holds what ``base`` and ``sub`` both say (a field's, merged)."""
    if not isinstance(sub, Mapping):
        return base
    merged = {**base, **{k: v for k, v in sub.items() if k not in ("properties", "required")}}
    properties = dict(base.get("properties", {}))
    for name, field in dict(sub.get("properties", {})).items():
        properties[name] = _conjoin(properties[name], field) if name in properties else field
    if properties:
        merged["properties"] = properties
    required = list(base.get("required", ()))
    required += [name for name in sub.get("required", ()) if name not in required]
    if required:
        merged["required"] = required
    return merged


def _rewrap(value: Any, schema: Mapping[str, Any]) -> Any:
    """Return a value as sent, ready to be checked again: undeclared fields ``Undocumented``."""
    if isinstance(value, Mapping):
        declared: Mapping[str, Any] = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        patterns = schema.get("patternProperties", {})
        result = {}
        for key, item in value.items():
            if key in declared:
                result[key] = _rewrap(item, declared[key])
            elif isinstance(extra, Mapping):
                result[key] = _rewrap(item, extra)
            elif any(_regex(pattern).search(key) for pattern in patterns):
                result[key] = item
            else:
                result[key] = Undocumented(item)
        return result
    if isinstance(value, list) and isinstance(schema.get("items"), Mapping):
        return [_rewrap(item, schema["items"]) for item in value]
    return value


def _matches(value: Any, schema: Any) -> bool:
    """Whether ``value`` (as it is sent) passes ``schema``."""
    if not isinstance(schema, Mapping):
        return schema is not False
    try:
        check(_rewrap(value, schema), schema, "")
    except InvalidParameterError:
        return False
    return True


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


def _accepted(value: Any, shapes: Sequence[Mapping[str, Any]], where: str) -> list[Any]:
    """Return what each shape makes of ``value``: its result, or the refusal it raises."""
    results: list[Any] = []
    for shape in shapes:
        try:
            results.append(check(value, shape, where))
        except InvalidParameterError as refusal:
            results.append(refusal)
    return results


def _refused(
    value: Any, shapes: Sequence[Mapping[str, Any]], results: list[Any], where: str
) -> InvalidParameterError:
    """Return the refusal of a value no shape of a union takes.

    With one shape besides ``null``, that shape's own refusal; else the shapes, named.
    """
    real = [
        (shape, result)
        for shape, result in zip(shapes, results, strict=True)
        if shape.get("type") != "null"
    ]
    if len(real) == 1:
        refusal: InvalidParameterError = real[0][1]
        return refusal
    return _fail(where, f"must be {_kinds(shapes)}, got {shown(value)}")


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


def _any_of(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    """Return what the first shape of ``anyOf`` that takes ``value`` makes of it."""
    shapes = [merge_all_of(shape) for shape in schema["anyOf"]]
    if value is None and any(takes_null(shape) for shape in shapes):
        return None
    results = _accepted(value, shapes, where)
    for result in results:
        if not isinstance(result, InvalidParameterError):
            return result
    raise _refused(value, shapes, results, where)


def _one_value_of(value: Any, schema: Mapping[str, Any], where: str) -> Any:
    """Return ``value`` as the one shape of a ``oneOf`` of values (not records) takes it.

    As JSON Schema says, exactly one shape must take it: none, or two, is a refusal.
    """
    shapes = [merge_all_of(shape) for shape in schema["oneOf"]]
    if value is None and sum(takes_null(shape) for shape in shapes) == 1:
        return None
    results = _accepted(value, shapes, where)
    taken = [result for result in results if not isinstance(result, InvalidParameterError)]
    if len(taken) == 1:
        return taken[0]
    if taken:
        raise _fail(where, f"matches {len(taken)} of its shapes, and must match exactly one")
    raise _refused(value, shapes, results, where)


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
