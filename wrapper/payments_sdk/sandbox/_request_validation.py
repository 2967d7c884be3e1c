"""Request validation driven by the bundle: parameters and bodies are checked against it.

Each operation's parameters and request body come from the (folded) bundle, so the sandbox
cannot accept what the bundle forbids. Messages name the offending parameter, in the words the
description uses where it shows them ("can't be blank", "is not a valid currency", "must be a
string").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request

from .._bounds import exact_bound
from .._checks import (
    check,
    dependent_problem,
    distinct_problem,
    keyword_problem,
    not_together_problem,
)
from .._engine import Problem, first
from .._param_styles import StyleError, raw_pairs, read_query, style_of
from .._schema_views import READ_ONLY_MARK, merge_all_of
from ..errors import InvalidParameterError
from ._errors import bad_request, field_path, not_found, shown
from ._input import (
    MAX_JSON_BYTES,
    MAX_MULTIPART_BYTES,
    MAX_QUERY_BYTES,
    check_finite,
    check_text,
    json_number,
    media_type,
    parse_integer,
    parse_json,
    read_body,
    replay,
)
from ._operation_index import OperationShape
from .contract import SchemaSet, escape_pointer, resolve

__all__ = ["RequestSchema", "Validated"]

_CURRENCY_REF = "#/components/schemas/CurrencyCode"
# Where the description documents "is not a valid currency", codes must be real ISO 4217 codes
# (the bundle's pattern cannot say which three letters are real). Elsewhere an unknown code simply
# matches nothing. Operations are named as the SDK names them (an operationId may be renamed).
_ISO_CHECKED = frozenset({"fx_rates.retrieve"})
_ASCII_INTEGER = re.compile(r"-?[0-9]+")
# Header parameters OpenAPI 3.1 says are ignored (section 4.8.12.1): the protocol's own headers.
_RESERVED_HEADERS = frozenset({"accept", "content-type", "authorization"})
_ONLY_ONE_AMOUNT = "Only one of source_amount or target_amount may be sent"


def _one_amount(body: Any) -> None:
    """Raise the description's own message when a conversion sends both amounts."""
    if isinstance(body, dict) and "source_amount" in body and "target_amount" in body:
        raise bad_request(_ONLY_ONE_AMOUNT)


# Rules checked on a parsed body before its schema: the oneOf of the conversion request would
# otherwise refuse both amounts with a shape mismatch instead of the description's message.
_BODY_RULES: dict[str, Callable[[Any], None]] = {"balance_conversions.create": _one_amount}


@dataclass
class Validated:
    """What a handler receives: coerced query and path parameters, and the body."""

    query: dict[str, Any] = field(default_factory=dict)
    path: dict[str, str] = field(default_factory=dict)
    body: Any = None
    headers: dict[str, Any] = field(default_factory=dict)
    """The header parameters the bundle declares, by their declared name, typed."""


@lru_cache(maxsize=1)
def _iso_codes() -> frozenset[str]:
    from iso4217 import Currency

    return frozenset(currency.code for currency in Currency)


class RequestSchema:
    """The request schema of one operation of the bundle: validates a request against it."""

    def __init__(
        self, document: dict[str, Any], schemas: SchemaSet, path: str, method: str, name: str = ""
    ) -> None:
        self.path = path
        self.method = method.upper()
        self.operation = OperationShape.of(document, path, method)
        """The operation, as the document's table holds it (:mod:`._operation_index`)."""
        spec = self.operation.spec
        self.operation_id: str = spec["operationId"]
        # An operation whose only input is its path declares no 400: an id that cannot name a
        # record is then answered as what it is, a record that does not exist (404).
        self._refuse_path = bad_request if "400" in spec.get("responses", {}) else not_found
        self.name = name or self.operation_id
        """The operation as the SDK names it (``refunds.create``), which keys its rules."""
        self._document = document
        self._schemas = schemas
        self._params: list[tuple[dict[str, Any], str, dict[str, Any]]] = []
        for param in self.operation.parameters:
            schema = resolve(document, param.value["schema"])
            self._params.append((param.value, f"{param.pointer}/schema", schema))
        self._body: tuple[str, str] | None = None
        self._body_schema: Any = None
        body = self.operation.body
        if body is not None:
            (media_type,) = body.value["content"]
            self._body = (
                media_type,
                f"{body.pointer}/content/{escape_pointer(media_type)}/schema",
            )
            self._body_schema = body.value["content"][media_type]["schema"]

    async def validate(self, request: Request) -> Validated:
        """Return the request's validated parts, or raise a 400 (404 for path ids)."""
        result = Validated()
        if len(request.scope.get("query_string", b"")) > MAX_QUERY_BYTES:
            raise bad_request(f"query string is too long: at most {MAX_QUERY_BYTES} bytes")
        declared = {param["name"] for param, _, _ in self._params if param["in"] == "query"}
        declared |= self._exploded_fields()
        for key, text in request.query_params.multi_items():
            check_text(key, "a query parameter name")
            check_text(text, field_path([key]))
            if key not in declared and key.split("[", 1)[0] not in declared:
                raise bad_request(
                    f"{field_path([key])} is not a parameter of {self.method} {self.path}"
                )
        for param, pointer, schema in self._params:
            name, where = param["name"], param["in"]
            if where == "path":
                value = request.path_params.get(name, "")
                check_text(value, name)
                if not self._schemas.validator(pointer).is_valid(value):
                    raise self._refuse_path(_path_problem(value, schema, name))
                result.path[name] = value
            elif where == "query" and _structured(schema):
                value = self._styled(request, param, pointer, schema)
                if value is not None:
                    result.query[name] = value
            elif where == "query":
                is_currency = param["schema"].get("$ref") == _CURRENCY_REF
                coerced = self._query(
                    request,
                    param,
                    pointer,
                    schema,
                    is_currency=is_currency,
                    iso_checked=is_currency and self.name in _ISO_CHECKED,
                )
                if coerced is not None:
                    result.query[name] = coerced
            elif where == "header" and name.lower() not in _RESERVED_HEADERS:
                value = self._header(request, param, pointer, schema)
                if value is not None:
                    result.headers[name] = value
        if self._body is not None:
            result.body = await self._read_body(request, *self._body)
        return result

    def _query(
        self,
        request: Request,
        param: dict[str, Any],
        pointer: str,
        resolved: dict[str, Any],
        *,
        is_currency: bool,
        iso_checked: bool,
    ) -> Any:
        name = param["name"]
        nested = [key for key in request.query_params if key.startswith(f"{name}[")]
        values = request.query_params.getlist(name)
        kind = resolved.get("type", "string")
        if nested or len(values) > 1:
            # The description's words for a repeated or nested parameter (docs/sandbox.md).
            raise bad_request(f"{name} must be {'an integer' if kind == 'integer' else 'a string'}")
        if not values:
            if param.get("required"):
                raise bad_request(f"{name} can't be blank")
            return None
        raw = values[0]
        if raw == "" and (kind != "string" or self._refuses(pointer, raw)):
            raise bad_request(f"{name} can't be blank")  # ``""`` is taken where the bundle takes it
        value: Any = raw
        if kind == "integer":
            # ASCII digits only: int() would also take " 1", "1_0" and other scripts' digits.
            if not _ASCII_INTEGER.fullmatch(raw):
                raise bad_request(f"{name} must be an integer, got {shown(raw)}")
            value = parse_integer(raw)
        elif kind == "boolean":
            value = self._typed(raw, resolved, [name])  # ``true`` or ``false``, as the SDK writes
        elif kind == "number":
            value = json_number(raw)
            if value is None:
                raise bad_request(f"{name} must be a number, got {shown(raw)}")
            check_finite(value)
        if resolved.get("format") == "date-time":
            try:
                parsed = datetime.fromisoformat(raw)
            except ValueError:
                raise bad_request(
                    f"{name} must be an ISO 8601 date-time, got {shown(raw)}"
                ) from None
            if parsed.tzinfo is None:
                raise bad_request(f"{name} must carry a UTC offset or Z, got {shown(raw)}")
            # Kept with its own offset, not converted to UTC: comparing aware datetimes never
            # overflows, while converting 9999-12-31T23:59:59-01:00 to UTC would.
            value = parsed
        errors = self._errors(pointer, value if kind in ("integer", "number", "boolean") else raw)
        if iso_checked and not errors and raw not in _iso_codes():
            raise bad_request(f"{name} is not a valid currency")
        if errors:
            if is_currency:
                raise bad_request(f"{name} is not a valid currency")
            error = errors[0]
            if error.keyword in ("minimum", "maximum"):
                low, high = resolved.get("minimum"), resolved.get("maximum")
                bound = (
                    f"between {low} and {high}"
                    if low is not None and high is not None
                    else f"at least {low}"
                    if low is not None
                    else f"at most {high}"
                )
                raise bad_request(f"{name} must be {bound}, got {shown(raw)}")
            if error.keyword == "enum":
                allowed = ", ".join(map(str, resolved.get("enum", [])))
                raise bad_request(f"{name} must be one of {allowed}, got {shown(raw)}")
            raise bad_request(f"{name} {_problem(error, self._holder(error))}")
        return value

    def _header(
        self, request: Request, param: dict[str, Any], pointer: str, schema: dict[str, Any]
    ) -> Any:
        """Return a header parameter typed by its schema, None when absent; 400 when refused.

        A header holds a scalar (``make generate`` refuses a list or an object in a header):
        its text is typed as a query item's is, then checked against the bundle.
        """
        name = param["name"]
        sent = request.headers.getlist(name)
        if not sent:
            if param.get("required"):
                raise bad_request(f"{name} can't be blank")
            return None
        if len(sent) > 1:
            raise bad_request(f"{name} must be sent once")
        check_text(sent[0], name)
        value = self._typed(sent[0], schema, [name])
        errors = self._errors(pointer, value)
        if errors:
            raise bad_request(self._describe(errors[0], value, prefix=[name]))
        return value

    def _errors(self, pointer: str, value: Any) -> list[Problem]:
        """Return what the engine finds wrong with ``value`` under the schema at ``pointer``.

        The one to report first: in the order the schema declares the fields, as the SDK does.
        """
        found = [Problem(error) for error in self._schemas.validator(pointer).iter_errors(value)]
        if found:
            document = self._schemas.document
            found.insert(0, first(found, _at_pointer(document, pointer), document))
        return found

    def _holder(self, error: Problem) -> Any:
        """Return the schema of the document that holds the keyword ``error`` broke."""
        return error.holder(self._schemas.document)

    def _describe(self, error: Problem, value: Any, prefix: list[str | int] | None = None) -> str:
        return _describe(error, self._schemas.document, value, prefix)

    def _refuses(self, pointer: str, value: Any) -> bool:
        """Whether the schema at ``pointer`` refuses ``value``."""
        return any(True for _ in self._schemas.validator(pointer).iter_errors(value))

    def _exploded_fields(self) -> set[str]:
        """Return the query names that are fields of an object parameter sent form exploded."""
        return {
            field
            for param, _, schema in self._params
            if param["in"] == "query" and schema.get("type") == "object"
            if style_of(param).style == "form" and style_of(param).explode
            for field in schema.get("properties", {})
        }

    def _styled(
        self, request: Request, param: dict[str, Any], pointer: str, schema: dict[str, Any]
    ) -> Any:
        """Return an array or object query parameter, read in its declared style, or None.

        ``ids=a&ids=b`` and a single ``ids=a`` are both a list with ``explode`` (the default);
        ``ids=a,b`` without it; ``filter[status]=paid`` in ``deepObject``
        (:mod:`payments_sdk._param_styles`, which the SDK writes with). Each item's text is
        then typed by its schema, and the whole value checked against the bundle.
        """
        name = param["name"]
        properties = list(schema.get("properties", {}))
        try:
            texts = read_query(
                raw_pairs(request.scope.get("query_string", b"").decode("latin-1")),
                name,
                style_of(param),
                str(schema.get("type")),
                properties,
            )
        except StyleError as exc:
            raise bad_request(str(exc)) from None
        if texts is None:
            if param.get("required"):
                raise bad_request(f"{name} can't be blank")
            return None
        if isinstance(texts, dict):
            extra = schema.get("additionalProperties")
            fields = schema.get("properties", {})
            value: Any = {
                key: self._typed(text, fields.get(key, extra), [name, key])
                for key, text in texts.items()
            }
        elif isinstance(texts, list):
            value = [
                self._typed(text, schema.get("items"), [name, index])
                for index, text in enumerate(texts)
            ]
        else:
            value = texts
        errors = self._errors(pointer, value)
        if errors:
            raise bad_request(self._describe(errors[0], value, prefix=[name]))
        return value

    def _typed(self, text: str, schema: Any, where: list[str | int]) -> Any:
        """Return one item's text as its schema's type says: digits to int, true/false to bool."""
        schema = resolve(self._document, schema)
        kind = schema.get("type") if isinstance(schema, dict) else None
        if kind == "integer":
            if not _ASCII_INTEGER.fullmatch(text):
                raise bad_request(f"{field_path(where)} must be an integer, got {shown(text)}")
            return parse_integer(text)
        if kind == "number":
            number = json_number(text)
            if number is None:
                raise bad_request(f"{field_path(where)} must be a number, got {shown(text)}")
            check_finite(number)
            return number
        if kind == "boolean":
            if text not in ("true", "false"):
                raise bad_request(f"{field_path(where)} must be true or false, got {shown(text)}")
            return text == "true"
        return text

    async def _read_body(self, request: Request, media: str, pointer: str) -> Any:
        kind, params = media_type(request.headers.get("content-type"))
        if media == "multipart/form-data":
            schema = resolve(self._document, self._body_schema)
            parts = frozenset(schema.get("properties", {})) if isinstance(schema, dict) else None
            return await _read_upload(request, kind, params, parts, f"{self.method} {self.path}")
        if kind != "application/json":
            raise bad_request("body must be JSON (Content-Type: application/json)")
        if params.get("charset", "utf-8").lower() not in ("utf-8", "utf8"):
            raise bad_request("body must be JSON in UTF-8 (charset=utf-8 or no charset)")
        body = parse_json(await read_body(request, MAX_JSON_BYTES))
        rule = _BODY_RULES.get(self.name)
        if rule is not None:
            rule(body)
        errors = self._errors(pointer, body)
        if errors:
            raise bad_request(self._describe(errors[0], body))
        body = self._declared(self._body_schema, body)
        check_finite(body)  # on the fields the bundle names: an ignored field may be anything
        schema = resolve(self._document, self._body_schema)
        fields = schema.get("x-distinct-fields") if isinstance(schema, dict) else None
        given = [repr(body[key]) for key in fields or () if key in body]
        if fields and len(given) == len(fields) and len(set(given)) < len(given):
            field, problem = distinct_problem(fields)
            raise bad_request(f"{field} {problem}")
        return body

    def _declared(self, schema: Any, value: Any) -> Any:
        """Return ``value`` (already valid) without the fields an open object does not name.

        A closed object (``additionalProperties: false``) has already refused them. An open one
        accepts a field the bundle does not show, as the bundle says, and the sandbox ignores
        it: it is neither stored nor answered (openapi/DECISIONS.md). Free-form maps (a schema
        for ``additionalProperties``, such as ``notes``) keep every key.
        """
        schema = resolve(self._document, schema)
        if not isinstance(schema, dict):
            return value
        if schema.get("allOf"):  # the one object the parts compose
            parts = [resolve(self._document, part) for part in schema["allOf"]]
            schema = merge_all_of({**schema, "allOf": parts})
        for combinator in ("oneOf", "anyOf"):
            for branch in schema.get(combinator, ()):
                # The branch the value matched; every branch here is a $ref.
                pointer = branch.get("$ref", "#").removeprefix("#")
                if pointer and self._schemas.validator(pointer).is_valid(value):
                    return self._declared(branch, value)
        if isinstance(value, dict) and "properties" in schema:
            extra = schema.get("additionalProperties")
            declared: dict[str, Any] = schema["properties"]
            return {
                key: self._declared(declared.get(key, extra), item)
                for key, item in value.items()
                if key in declared or isinstance(extra, dict)
            }
        if isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
            extra = schema["additionalProperties"]
            return {key: self._declared(extra, item) for key, item in value.items()}
        if isinstance(value, list) and "items" in schema:
            return [self._declared(schema["items"], item) for item in value]
        return value


async def _read_upload(
    request: Request,
    kind: str,
    params: dict[str, str],
    parts: frozenset[str] | None,
    operation: str,
) -> dict[str, Any]:
    """Return the uploaded document's file name, bytes and type from a bounded multipart body.

    A part the bundle does not declare (``parts``, the body schema's properties) is refused,
    as an undeclared field of a JSON body is: a renamed or misspelt part fails here.
    """
    if kind != "multipart/form-data":
        raise bad_request("body must be multipart/form-data with a file part")
    if not params.get("boundary"):
        raise bad_request("body must be multipart/form-data with a boundary parameter")
    raw = await read_body(request, MAX_MULTIPART_BYTES)
    try:
        form = await replay(request, raw).form()
    except HTTPException as exc:  # Starlette's own wording of what is wrong with the parts
        raise bad_request(f"body is not valid multipart/form-data: {exc.detail}") from None
    except Exception:  # the parser's other failures are still about the caller's bytes
        raise bad_request("body is not valid multipart/form-data") from None
    try:
        stray = next((name for name in form if parts is not None and name not in parts), None)
        if stray is not None:
            raise bad_request(f"{field_path([stray])} is not a part of {operation}")
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise bad_request("file can't be blank: send the document in the file part")
        kind_part = form.get("type")
        result = {
            "file_name": upload.filename or "document",
            "content": await upload.read(),
            "type": kind_part if isinstance(kind_part, str) and kind_part else None,
        }
    finally:
        await form.close()
    check_text(result["file_name"], "the file part's file name")
    check_text(result["type"], "type")
    return result


_ARTICLE = {
    "array": "an array",
    "boolean": "a boolean",
    "integer": "an integer",
    "null": "null",
    "number": "a number",
    "object": "an object",
    "string": "a string",
}


# The message for each other keyword the bundle uses, given the keyword's value.
_TEMPLATES = {
    "const": "must be {}",
    "pattern": "must match {}",
    "format": "must be a valid {}",
    "minLength": "must have at least {} characters",
    "maxLength": "must have at most {} characters",
    "minItems": "must have at least {} items",
    "maxItems": "must have at most {} items",
    "minimum": "must be at least {}",
    "maximum": "must be at most {}",
}


_SHARED = frozenset(
    {
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "uniqueItems",
        "minProperties",
        "maxProperties",
    }
)


def _problem(error: Problem, schema: Any) -> str:
    """Word what ``error`` says is wrong, from the schema alone: the caller's value is not quoted.

    ``schema`` holds the keyword that failed. The engine's own messages begin with the whole
    instance, which may be a whole body.
    """
    rule = error.keyword
    schema = schema if isinstance(schema, dict) else {}
    if rule == "x-number-format":
        rule = "format"
    expected: Any = schema.get(rule)
    if rule == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected or [])
        return "must be " + " or ".join(_ARTICLE.get(kind, kind) for kind in kinds)
    if rule == "enum":
        return "must be one of " + ", ".join(str(item) for item in expected)
    if rule == "minLength" and expected == 1:
        return "can't be blank"
    if rule == "minItems" and expected == 1:
        return "must have at least 1 item"
    if rule in _SHARED:  # worded as the SDK words them (payments_sdk._checks)
        return keyword_problem(str(rule), exact_bound(expected))
    if rule == "contains":  # too few (or too many) items match: minContains is 1 by default
        if error.schema_path[-1] == "maxContains":
            return keyword_problem("maxContains", schema.get("maxContains"))
        return keyword_problem("minContains", schema.get("minContains", 1))
    template = _TEMPLATES.get(str(rule))
    if template is not None:
        return template.format(exact_bound(expected))
    return f"is invalid ({rule})"


def _path_problem(value: str, schema: dict[str, Any], name: str) -> str:
    """Word a path parameter's refusal as the SDK does (``<field> <problem>``)."""
    try:
        check(value, schema, name)
    except InvalidParameterError as exc:
        return f"{exc.field} {exc.problem}"
    return f"{name} must match {schema.get('pattern')}"


def _structured(schema: dict[str, Any]) -> bool:
    """Whether a query parameter's schema is an array or an object (read in its style)."""
    return schema.get("type") in ("array", "object")


def _at_pointer(document: Any, pointer: str) -> Any:
    """Return the node of ``document`` at a JSON ``pointer`` (through lists too)."""
    node = document
    for part in pointer.removeprefix("/").split("/") if pointer else ():
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def _at(value: Any, path: list[str | int]) -> Any:
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _describe(
    error: Problem, document: Any, value: Any, prefix: list[str | int] | None = None
) -> str:
    """Return a message for a schema error that names the field and the problem.

    ``document`` is the one the error's schema path points into; ``value`` the value judged;
    ``prefix`` its path (a query parameter's name); a body has none.
    """
    if error.kind in ("OneOfNotValid", "AnyOf") and error.value:
        # No shape matched: report the reason of the shape the value came closest to (the one
        # with the fewest errors), not the value as a whole.
        closest = min((branch for branch in error.value if branch), key=len, default=None)
        if closest:
            return _describe(Problem(closest[0]), document, value, prefix)
    where = [*(prefix or []), *error.path]
    schema = error.holder(document)
    schema = schema if isinstance(schema, dict) else {}
    instance = _at(value, error.path)
    if error.kind == "Not" and schema.get(READ_ONLY_MARK):
        return f"{field_path(where)} is read-only: the service sets it, so it is never sent"
    if error.keyword == "required" and isinstance(instance, dict):
        missing = str(error.value)
        if "dependentRequired" in error.schema_path:
            for trigger, needed in dict(schema.get("dependentRequired", {})).items():
                if trigger in instance and missing in needed:
                    return f"{field_path([*where, missing])} {dependent_problem(trigger)}"
        return f"{field_path([*where, missing])} can't be blank"
    if error.keyword == "additionalProperties" and isinstance(instance, dict):
        stray = next(iter(error.value), "?")
        return f"{field_path([*where, stray])} is not a field of this request"
    if error.kind in ("OneOfNotValid", "AnyOf", "OneOfMultipleValid"):
        return f"{field_path(where)} matches none of the accepted shapes"
    if error.keyword == "propertyNames":
        inner = Problem(error.value)
        # The name itself is the value that fails: say which field, and why.
        name = field_path([*where, str(error.value.instance)])
        return f"{name} is not an allowed field name ({_problem(inner, inner.holder(document))})"
    together: Any = error.value
    if error.kind == "Not" and isinstance(together, dict) and "required" in together:
        field, problem = not_together_problem(together["required"])
        return f"{field_path([*where, field])} {problem}"
    if error.kind == "FalseSchema" and error.path and isinstance(error.path[-1], int):
        return (
            f"{field_path(where[:-1])} must have at most {len(schema.get('prefixItems', []))} items"
        )
    return f"{field_path(where)} {_problem(error, schema)}"
