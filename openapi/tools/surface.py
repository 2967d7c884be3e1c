"""Generate the SDK's public surface from the folded bundle: the operation table and its renderings.

``make generate`` runs openapi-python-client first (models and one module per operation), then
this step over the same folded bundle. It builds one **operation table**: for every operation,
the resource and method a user calls (named by convention from the path and the verb, or by an
``x-sdk-resource`` / ``x-sdk-method`` extension where the convention does not fit), and every
parameter with its resolved schema. From that table it renders, with the Jinja templates in
``openapi/templates/surface/``:

- ``payments_sdk/resources/<resource>.py``: one class per resource, one method per operation,
  with its signature, docstring and the schema its arguments are checked against;
- ``payments_sdk/_raw_namespaces.py``: ``client.with_raw_response`` and its classes;
- ``payments_sdk/_namespaces.py``: the client's namespace properties;
- ``payments_sdk/_operation_table.py``: the table itself, as data, for the command line, the
  sandbox and the tests;
- ``payments_sdk/types.py``: every model openapi-python-client wrote, re-exported by name;
- ``payments_sdk/webhooks.py``: ``parse(kind, payload)`` for each of the bundle's webhooks
  (``_webhook_parts.py`` reads them), typed per kind.

They are written to ``OUT/payments_sdk/``, a portion of the ``payments_sdk`` package that the
wheel merges with ``wrapper/payments_sdk`` (and that the wrapper finds on ``sys.path`` in a
development checkout). Nothing here is edited by hand: edit the bundle or a template.

Usage: python openapi/tools/surface.py FOLDED.json OUT_DIR
"""

from __future__ import annotations

import builtins
import copy
import json
import keyword
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from features import FORMATS

__all__ = ["Credential", "Parameter", "SurfaceMethod", "build_table", "main", "render"]

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "surface"
METHODS = ("get", "put", "post", "patch", "delete")
_PARAM = re.compile(r"\{([^{}]+)\}")
# The shared list parameters the pager drives; their schemas still come from the bundle.
WINDOW = ("before", "after")
PAGING = ("per_page", "page")


class SurfaceError(ValueError):
    """The bundle cannot be rendered as an SDK surface (a name clash, an unknown shape)."""


@dataclass
class Parameter:
    """One argument of a generated method."""

    name: str
    """The name on the wire (query/header/path name, body field or multipart part)."""
    python_name: str
    location: str
    """``path``, ``query``, ``header``, ``body`` (a JSON body field) or ``part`` (multipart)."""
    required: bool
    schema: dict[str, Any]
    """The parameter's schema with every ``$ref`` resolved (``x-model`` names a component)."""
    description: str = ""
    default: Any = None
    has_default: bool = False
    annotation: str = ""
    deprecated: bool = False
    """``deprecated: true`` on the parameter or the body field: passing it warns."""
    nullable: bool = False
    """A body field whose schema takes ``null``: ``None`` sends null, so an optional one's
    default is ``NOT_GIVEN`` (not sent)."""
    keyword: str = ""
    """The keyword of the generated function's argument (openapi-python-client suffixes ``_`` to
    builtins' names: ``filter`` is ``filter_`` there, while the SDK method keeps ``filter``)."""
    style: str = ""
    """A query or header parameter's ``style`` (OpenAPI's default when the bundle is silent)."""
    explode: bool = False
    """A query or header parameter's ``explode`` (OpenAPI's default when the bundle is silent)."""
    shapes: list[str] = field(default_factory=list)
    """For a field of a ``oneOf`` body: the shapes that have it (``BankAccount (required)``)."""


@dataclass
class Credential:
    """A scheme an operation accepts besides the document's (a bearer token or a key in a header).

    The method takes it as a keyword argument.
    """

    scheme: str
    """The security scheme's name in the bundle (``CustomerJWT``)."""
    python_name: str
    """The SDK method's argument (``customer_jwt``)."""
    description: str
    header: str | None = None
    """For an ``apiKey`` scheme, the header its key goes in; None for a bearer token."""


@dataclass
class Link:
    """A call an answer leads to (an OpenAPI ``link`` of a response): documentation only."""

    name: str
    """The link's name in the bundle (``GetRefund``)."""
    status: str
    """The status of the answer that carries it (``201``)."""
    call: str
    """The call, as a user writes it: ``client.refunds.retrieve(id=answer.id)``."""
    description: str = ""


@dataclass
class SurfaceMethod:
    """One method of the SDK's surface: an operation as the SDK presents it.

    The generator's view, rendered into the operation table's rows (``OperationRow``).
    """

    operation_id: str
    resource: str
    method: str
    http_method: str
    path: str
    summary: str
    description: str
    tag: str
    module: str
    """The generated low-level module (``payments_sdk_generated.api.payin.create_refund``)."""
    result: str
    """The class of the parsed 2xx body (``None`` for no body)."""
    item: str | None = None
    """For a list: the class of one item of ``data``."""
    paged: bool = False
    """A list with ``page``: the pager walks its pages; a list without it has one page."""
    parameters: list[Parameter] = field(default_factory=list)
    body_kind: str | None = None
    """``json`` or ``multipart``, when the operation has a body."""
    body_schema: dict[str, Any] | None = None
    body_shapes: list[str] = field(default_factory=list)
    body_whole: bool = False
    """The body is not an object (a list, a string): one ``body`` argument, sent as it is."""
    """The model classes of the body (one, or one per ``oneOf`` shape)."""
    deprecated: bool = False
    """``deprecated: true`` on the operation: calling it warns."""
    media_type: str = "application/json"
    """The 2xx body's media type: JSON is parsed into ``result``; text is ``str``, else bytes."""
    models: set[str] = field(default_factory=set)
    """The model classes the method's signature names (its arguments and its result)."""
    links: list[Link] = field(default_factory=list)
    """The calls its answers lead to (the responses' ``links``), for its docstring."""
    credentials: list[Credential] = field(default_factory=list)
    """Security schemes the operation accepts besides the document's (the customer's JWT)."""
    typed_names: set[str] = field(default_factory=set)
    """The model classes and ``TypedDict``s its ``@overload``s name."""
    overloads: list[Overload] = field(default_factory=list)
    """What mypy and the editor see (``TYPE_CHECKING`` only); empty when the signature says all."""

    @property
    def is_list(self) -> bool:
        """Whether the answer is the list envelope (``data`` and ``page_meta``)."""
        return self.item is not None


# -- naming (the convention is shipped: the sandbox names operations the same way) -----------

from payments_sdk import _operation_parts as parts  # noqa: E402
from payments_sdk import _webhook_parts as webhook_parts  # noqa: E402
from payments_sdk._naming import BASE_PATH, CLIENT, method_of, resource_of, snake  # noqa: E402
from payments_sdk._schema_views import is_deprecated, merge_all_of  # noqa: E402


def pascal(text: str) -> str:
    """``bank_account_validations`` → ``BankAccountValidations``."""
    return "".join(part[:1].upper() + part[1:] for part in snake(text).split("_"))


# The names a resource method has of its own: ``self`` and ``**options`` (RequestOptions).
_METHOD_OWN = frozenset({"self", "options"})


def python_name(name: str) -> str:
    """Return a wire name as a Python argument name: snake case, never a keyword.

    Nor a name the method has of its own (a body field ``options`` is ``options_``).
    """
    text = snake(name)
    if not text.isidentifier() or keyword.iskeyword(text) or text in _METHOD_OWN:
        text += "_"
    return text


# The names openapi-python-client suffixes with "_" (its strings.RESERVED_WORDS).
_GENERATOR_RESERVED = (set(dir(builtins)) | {"self", "true", "false", "datetime"}) - {"id"}


def generated_keyword(name: str) -> str:
    """Return the keyword openapi-python-client gives parameter ``name`` (``filter_``)."""
    text = python_name(name)
    return text + "_" if text in _GENERATOR_RESERVED else text


# -- schemas ------------------------------------------------------------------------------------


class Resolver:
    """Resolves ``$ref`` inside the folded document, marking components with ``x-model``."""

    def __init__(self, document: dict[str, Any], models: set[str]) -> None:
        self.document = document
        self.models = models

    def target(self, ref: str) -> Any:
        """Return what a local ``$ref`` points at."""
        node: Any = self.document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def resolve(self, node: Any, depth: int = 0) -> Any:
        """Return ``node`` with every ``$ref`` replaced by a deep copy of its target."""
        if depth > 40:
            raise SurfaceError("a $ref cycle: the surface needs finite request schemas")
        if isinstance(node, list):
            return [self.resolve(item, depth + 1) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            ref = node["$ref"]
            resolved = self.resolve(copy.deepcopy(self.target(ref)), depth + 1)
            name = ref.rsplit("/", 1)[-1]
            if isinstance(resolved, dict) and name in self.models:
                resolved.setdefault("x-model", name)
            siblings = {k: v for k, v in node.items() if k != "$ref"}
            if isinstance(resolved, dict):
                resolved = {**resolved, **self.resolve(siblings, depth + 1)}
            return resolved
        # An allOf composition is read as the one object it makes (properties of every part).
        return merge_all_of({key: self.resolve(value, depth + 1) for key, value in node.items()})


def _list_item(schema: dict[str, Any]) -> str | None:
    """Return the item model of a list envelope (``data`` array and ``page_meta``), or None."""
    properties = schema.get("properties", {})
    data = properties.get("data", {})
    if "page_meta" in properties and data.get("type") == "array":
        item = data.get("items", {})
        return item.get("x-model") if isinstance(item, dict) else None
    return None


def annotation(schema: dict[str, Any], names: set[str] | None = None) -> str:
    """Return the Python annotation of an argument whose value must match ``schema``.

    Each model class the annotation names is added to ``names``: the resource module imports
    exactly those (no reading of the annotation's text).
    """
    used = set() if names is None else names
    if "x-currency-field" in schema:
        return "int | Money"
    kind = schema.get("type")
    if isinstance(kind, list):  # several types, such as ["string", "null"]: None is "not sent"
        return _union([{**schema, "type": one} for one in kind if one != "null"], used)
    shapes = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(shapes, list) and not all(_record(shape) for shape in shapes):
        # A union of values (a text or a number): each shape's annotation; null is "not sent".
        return _union([shape for shape in shapes if shape.get("type") != "null"], used)
    model = schema.get("x-model")
    if kind == "string" and schema.get("format") == "binary":
        return "bytes | IO[bytes] | os.PathLike[str]"
    if kind == "string" and schema.get("format") == "date-time":
        return "datetime | str"
    if kind == "string" and schema.get("format") == "date":
        return "date | str"
    if kind == "string" and "enum" in schema and model:
        used.add(model)
        return f"{model} | str"
    if kind == "string":
        return "str"
    if kind == "integer":
        return "int"
    if kind == "boolean":
        return "bool"
    if kind == "number":
        return "int | Decimal"  # exact: never a float (money and rates lose nothing)
    if kind == "array":
        items = schema.get("items", {})
        # prefixItems: each position its own schema; the rest are `items` (none if false).
        shapes = [*schema.get("prefixItems", ()), *([items] if isinstance(items, dict) else [])]
        kinds = list(dict.fromkeys(annotation(shape, used) for shape in shapes)) or ["Any"]
        return f"Sequence[{' | '.join(kinds)}]"
    if kind == "object" or "properties" in schema or "oneOf" in schema:
        extra = schema.get("additionalProperties")
        if not schema.get("properties") and isinstance(extra, dict):
            return f"Mapping[str, {annotation(extra, used)}]"
        if model:
            used.add(model)
            return f"{model} | Mapping[str, Any]"
        return "Mapping[str, Any]"
    return "Any"


def takes_null(schema: dict[str, Any]) -> bool:
    """Whether a (resolved) schema takes ``null``: a type list with it, or a union with it."""
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    shapes = schema.get("anyOf") or schema.get("oneOf") or []
    return any(isinstance(shape, dict) and takes_null(shape) for shape in shapes)


def _record(shape: dict[str, Any]) -> bool:
    """Whether a shape of a union is a record (an object, picked by its fields)."""
    return shape.get("type") == "object" or "properties" in shape


def _union(shapes: list[dict[str, Any]], used: set[str]) -> str:
    """Return the annotation of a value any of ``shapes`` takes, each part once."""
    parts: list[str] = []
    for shape in shapes:
        for part in annotation(shape, used).split(" | "):
            if part not in parts:
                parts.append(part)
    return " | ".join(parts) or "Any"


# -- the typed view: what mypy and the editor see of a request ---------------------------------
#
# The runtime signature of a method stays as it was (its annotations are the public surface the
# snapshot keeps); under ``TYPE_CHECKING`` each method whose typed view says more gets
# ``@overload``s: nested objects as ``TypedDict``s (``payments_sdk.params``), enums as
# ``Literal``s, one overload per shape of a ``oneOf`` body. Everything comes from the schema.


@dataclass
class TypedKey:
    """One key of a generated ``TypedDict``."""

    name: str
    annotation: str
    required: bool
    doc: str = ""


@dataclass
class TypedDictSpec:
    """A ``TypedDict`` of ``payments_sdk.params``: one object shape of a request."""

    name: str
    description: str
    keys: list[TypedKey]
    model: str | None
    """The model class that stands for the same object (accepted beside the dict), if any."""
    where: str
    """Where it first stands: ``beneficiaries.create(beneficiary)``."""
    models: set[str] = field(default_factory=set)

    @property
    def functional(self) -> bool:
        """Whether a key is no Python name (``class``, ``x-id``): the functional syntax then."""
        return any(not k.name.isidentifier() or keyword.iskeyword(k.name) for k in self.keys)


@dataclass
class Overload:
    """One ``@overload`` of a method: its parameters with their typed annotations."""

    shape: str
    """The ``oneOf`` shape's model (or ``shape N``); empty when the body has one shape."""
    parameters: list[Parameter]


def _literal_value(value: Any) -> str | None:
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return None


def literal(values: list[Any]) -> str | None:
    """Return ``Literal[...]`` of ``values`` (null left out), or None when one cannot be one."""
    texts = [_literal_value(v) for v in values if v is not None]
    if not texts or any(text is None for text in texts):
        return None
    return f"Literal[{', '.join(str(t) for t in dict.fromkeys(texts))}]"


class TypedView:
    """Builds the typed annotations of request values and the ``TypedDict``s they name."""

    def __init__(self, models: set[str]) -> None:
        self.models = models
        self.dicts: dict[str, TypedDictSpec] = {}
        self._signatures: dict[str, str] = {}

    def annotation(
        self,
        schema: dict[str, Any],
        hint: str,
        used: set[str],
        *,
        in_mapping: bool = False,
        where: str = "",
    ) -> str:
        """Return the typed annotation of a value of ``schema``.

        ``hint`` names an inline object's ``TypedDict`` (``BeneficiariesCreateBeneficiary``);
        ``used`` gathers the model classes and ``TypedDict``s the annotation names. A value in a
        mapping (``in_mapping``) whose schema takes null is ``X | None``; a keyword's null is the
        template's (``None`` is "not sent" there).
        """
        text = self._annotation(schema, hint, used, where or hint)
        if in_mapping and takes_null(schema) and "None" not in text.split(" | "):
            text += " | None"
        return text

    def _annotation(self, schema: dict[str, Any], hint: str, used: set[str], where: str) -> str:
        if not isinstance(schema, dict):
            return "Any"
        if "x-currency-field" in schema:
            return "int | Money"
        if "const" in schema:
            found = literal([schema["const"]])
            if found:
                return found
        if "enum" in schema:
            found = literal(list(schema["enum"]))
            if found:
                model = schema.get("x-model")
                if model in self.models:
                    used.add(model)
                    return f"{model} | {found}"
                return found
        kind = schema.get("type")
        if isinstance(kind, list):
            return self._union(
                [{**schema, "type": one} for one in kind if one != "null"], hint, used, where
            )
        shapes = schema.get("anyOf") or schema.get("oneOf")
        if isinstance(shapes, list) and shapes:
            live = [s for s in shapes if not (isinstance(s, dict) and s.get("type") == "null")]
            if all(isinstance(shape, dict) and _record(shape) for shape in live):
                parts = [
                    self._annotation(
                        shape, f"{hint}Shape{index + 1}" if len(live) > 1 else hint, used, where
                    )
                    for index, shape in enumerate(live)
                ]
                return self._join(parts)
            return self._union(live, hint, used, where)
        if kind == "array":
            items = schema.get("items", {})
            tail = [items] if isinstance(items, dict) else []
            positions = [*schema.get("prefixItems", ()), *tail]
            kinds = [
                self._annotation(shape, f"{hint}Item", used, _item_of(where)) for shape in positions
            ]
            return f"Sequence[{self._join(kinds) or 'Any'}]"
        if kind == "object" or "properties" in schema:
            return self._object(schema, hint, used, where)
        return annotation(schema, used)

    def _union(self, shapes: list[dict[str, Any]], hint: str, used: set[str], where: str) -> str:
        return self._join([self._annotation(s, hint, used, where) for s in shapes]) or "Any"

    @staticmethod
    def _join(parts: list[str]) -> str:
        seen: list[str] = []
        for part in parts:
            for one in _split_union(part):
                if one not in seen:
                    seen.append(one)
        return " | ".join(seen)

    def _object(self, schema: dict[str, Any], hint: str, used: set[str], where: str) -> str:
        properties = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        model = schema.get("x-model")
        if model not in self.models:
            model = None
        if not properties:
            if isinstance(extra, dict):
                value = self._annotation(extra, f"{hint}Value", used, f"{where}[name]")
                return f"Mapping[str, {value}]"
            if model:
                used.add(model)
                return f"{model} | Mapping[str, Any]"
            return "Mapping[str, Any]"
        if isinstance(extra, dict) or schema.get("patternProperties"):
            # Named fields beside fields named by a pattern or any name: no TypedDict says so.
            if model:
                used.add(model)
                return f"{model} | Mapping[str, Any]"
            return "Mapping[str, Any]"
        base = model or hint
        required = set(schema.get("required", []))
        keys: list[TypedKey] = []
        inner: set[str] = set()
        for name, sub in properties.items():
            if not isinstance(sub, dict) or sub.get("readOnly") is True:
                continue  # a readOnly field is answered, never sent: no key
            keys.append(
                TypedKey(
                    name=name,
                    annotation=self.annotation(
                        sub,
                        f"{base}{pascal(name)}",
                        inner,
                        in_mapping=True,
                        where=f"{where}.{name}" if not model else f"{model}.{name}",
                    ),
                    required=name in required and "x-sdk-default" not in sub,
                    doc=field_rules(sub),
                )
            )
        name = self._name(f"{base}Param", keys)
        if name not in self.dicts:
            self.dicts[name] = TypedDictSpec(
                name=name,
                description=(schema.get("description") or "").strip(),
                keys=keys,
                model=model,
                where=where,
                models={n for n in inner if n in self.models},
            )
        used.add(name)
        if model:
            used.add(model)
            return f"{model} | {name}"
        return name

    def _name(self, wanted: str, keys: list[TypedKey]) -> str:
        """Return ``wanted`` as a class name; ``wanted2``... when a shape or model has it."""
        wanted = re.sub(r"\W", "", wanted)
        if not wanted[:1].isalpha():
            wanted = f"T{wanted}"
        signature = json.dumps([(k.name, k.annotation, k.required) for k in keys])
        candidate, number = wanted, 1
        while candidate in self.models or (
            candidate in self._signatures and self._signatures[candidate] != signature
        ):
            number += 1
            candidate = f"{wanted.removesuffix('Param')}{number}Param"
        self._signatures[candidate] = signature
        return candidate


def _item_of(where: str) -> str:
    """Where an item of a list stands: ``f(documents=[...])``, ``Model.field[i]``."""
    return where[:-4] + "[...])" if where.endswith("=...)") else f"{where}[i]"


def _split_union(text: str) -> list[str]:
    """Split an annotation at its top-level ``|`` (not inside brackets)."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        if char == "|" and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def field_rules(schema: dict[str, Any]) -> str:
    """Return the rules of a schema in words (documentation of a key or an argument)."""
    if not isinstance(schema, dict):
        return ""
    parts: list[str] = []
    description = " ".join(str(schema.get("description") or "").split())
    if description:
        parts.append(description)
    if "const" in schema:
        parts.append(f"Always ``{json.dumps(schema['const'])}``.")
    if "enum" in schema:
        parts.append("One of " + ", ".join(f"``{v}``" for v in schema["enum"]) + ".")
    if schema.get("x-currency-field"):
        parts.append(f"In the smallest unit of ``{schema['x-currency-field']}``.")
    parts.extend(length_rules(schema))
    for key, words in (
        ("minimum", "At least"),
        ("maximum", "At most"),
        ("exclusiveMinimum", "Above"),
        ("exclusiveMaximum", "Below"),
        ("multipleOf", "A multiple of"),
    ):
        if schema.get(key) is not None:
            parts.append(f"{words} {schema[key]}.")
    if schema.get("pattern"):
        parts.append(f"Matches ``{schema['pattern']}``.")
    if isinstance(schema.get("format"), str):
        parts.append(f"Format ``{schema['format']}``.")
    return " ".join(parts)


def length_rules(schema: dict[str, Any]) -> list[str]:
    """Return the rules on a length the schema states: characters, items, fields."""
    found: list[str] = []
    for low, high, unit in (
        ("minLength", "maxLength", "character(s)"),
        ("minItems", "maxItems", "item(s)"),
        ("minProperties", "maxProperties", "field(s)"),
    ):
        least, most = schema.get(low), schema.get(high)
        if least is not None and most is not None:
            found.append(f"From {least} to {most} {unit}.")
        elif least:
            found.append(f"At least {least} {unit}.")
        elif most is not None:
            found.append(f"At most {most} {unit}.")
    return found


def typed_overloads(operation: SurfaceMethod, view: TypedView) -> list[Overload]:
    """Return the ``@overload``s of ``operation``: none when the typed view says nothing more."""
    hint = f"{pascal(operation.resource)}{pascal(operation.method)}"
    call = f"client.{operation.resource}.{operation.method}"
    if operation.resource == CLIENT:
        call = f"client.{operation.method}"
    fixed: list[Parameter] = []
    body_fields = [p for p in operation.parameters if p.location in ("body", "part")]
    for parameter in operation.parameters:
        if parameter.location in ("body", "part"):
            continue
        typed = view.annotation(
            parameter.schema,
            f"{hint}{pascal(parameter.python_name)}",
            operation.typed_names,
            where=f"{call}({parameter.python_name}=...)",
        )
        fixed.append(_replace(parameter, annotation=typed))
    schema = operation.body_schema or {}
    shapes = [s for s in schema.get("oneOf") or [schema] if isinstance(s, dict)]
    if not body_fields:
        shapes = [{}]
    overloads: list[Overload] = []
    for index, shape in enumerate(shapes):
        properties = shape.get("properties", {}) if body_fields else {}
        required = set(shape.get("required", []))
        closed = shape.get("additionalProperties") is False or len(shapes) == 1
        parameters = list(fixed)
        for parameter in body_fields:
            sub = properties.get(parameter.name)
            if sub is None and closed:
                continue  # not a field of this shape
            if parameter.location == "part" and parameter.schema.get("format") == "binary":
                parameters.append(parameter)
                continue
            typed = view.annotation(
                sub if sub is not None else parameter.schema,
                f"{hint}{pascal(parameter.python_name)}",
                operation.typed_names,
                where=f"{call}({parameter.python_name}=...)",
            )
            parameters.append(
                _replace(
                    parameter,
                    annotation=typed,
                    schema=sub if sub is not None else parameter.schema,
                    required=parameter.name in required and not parameter.has_default,
                )
            )
        name = shape.get("x-model") or (f"shape {index + 1}" if len(shapes) > 1 else "")
        overloads.append(Overload(shape=name, parameters=parameters))
    same = len(overloads) == 1 and [
        (p.python_name, p.annotation, p.required) for p in overloads[0].parameters
    ] == [(p.python_name, p.annotation, p.required) for p in operation.parameters]
    return [] if same else overloads


def _replace(parameter: Parameter, **changes: Any) -> Parameter:
    import dataclasses

    return dataclasses.replace(parameter, **changes)


# -- the table ----------------------------------------------------------------------------------


def _generated_modules(generated: Path) -> dict[tuple[str, str], str]:
    """Map each operation (method, path) to its generated module, read from its ``OPERATION``.

    The module's method and path are the operation's (its parameters snake-cased, so they are
    compared unnamed: two templates that differ only by names are one path); its id is rebuilt from
    the generator's snake-cased name, so an id that is not camelCase (``get-wallet-address``,
    ``payouts.post``) would not be found by it.
    """
    found: dict[tuple[str, str], str] = {}
    for module in sorted((generated / "api").glob("*/*.py")):
        stated = _OPERATION.search(module.read_text(encoding="utf-8"))
        if stated:
            dotted = ".".join(module.relative_to(generated.parent).with_suffix("").parts)
            literal = stated["path"].encode().decode("unicode_escape")
            found[(stated["verb"], _template(literal))] = dotted
    return found


_OPERATION = re.compile(
    r'^OPERATION: Operation\[(?P<result>.+?)\] = Operation\(\s*"(?:[^"\\]|\\.)*",'
    r'\s*"(?P<verb>[A-Z]+)",\s*"(?P<path>(?:[^"\\]|\\.)*)"',
    re.MULTILINE | re.DOTALL,
)
"""How an operation module states its operation: ``OPERATION: Operation[Result] = Operation(
"operationId", "METHOD", "/path", ...)`` (``openapi/templates/endpoint_module.py.jinja``)."""


def _template(path: str) -> str:
    """Return ``path`` with its parameters unnamed: the generator snake-cases their names."""
    return re.sub(r"\{[^{}]*\}", "{}", path)


def _generated_result(generated: Path, module: str) -> str:
    """Return what the generated operation parses a JSON answer into, read from its module.

    An answer with no component schema (an inline object, a top-level array) has a class or a
    type openapi-python-client named (``SummarisePaymentsResponse200``, ``list[str]``).
    """
    if not module:
        return "Any"
    path = generated.parent.joinpath(*module.split(".")).with_suffix(".py")
    match = _OPERATION.search(path.read_text(encoding="utf-8"))
    return match["result"] if match else "Any"


def _models(generated: Path) -> set[str]:
    text = (generated / "models" / "__init__.py").read_text(encoding="utf-8")
    return set(re.findall(r'^    "([A-Za-z0-9_]+)",$', text, re.MULTILINE))


def _style(spec: dict[str, Any]) -> tuple[str, bool]:
    """Return a parameter's style and explode, with OpenAPI 3.1's defaults (section 4.8.12.4)."""
    if spec["in"] not in ("query", "header"):
        return "", False
    style = spec.get("style") or ("form" if spec["in"] == "query" else "simple")
    return str(style), bool(spec.get("explode", style == "form"))


def _parameter(resolver: Resolver, raw: dict[str, Any]) -> Parameter:
    spec = resolver.resolve(raw)
    schema = spec.get("schema", {})
    has_default = "default" in schema or "x-sdk-default" in schema
    default = schema.get("x-sdk-default", schema.get("default"))
    style, explode = _style(spec)
    return Parameter(
        style=style,
        explode=explode,
        name=spec["name"],
        python_name=python_name(spec["name"]),
        keyword=generated_keyword(spec["name"]),
        location=spec["in"],
        required=bool(spec.get("required")),
        schema=schema,
        description=(spec.get("description") or schema.get("description") or "").strip(),
        default=default,
        has_default=has_default and not spec.get("required"),
        deprecated=is_deprecated(spec) or is_deprecated(schema),
    )


def _whole(schema: dict[str, Any]) -> bool:
    """Whether a JSON body's schema is of something other than an object (a list, a string)."""
    if "oneOf" in schema or "anyOf" in schema or "properties" in schema or "allOf" in schema:
        return False
    kind = schema.get("type")
    return kind is not None and kind != "object" and kind != ["object"]


def _body_fields(schema: dict[str, Any], location: str) -> list[Parameter]:
    """Return the top-level fields of a body, flattened over ``oneOf`` shapes.

    A field is required when every shape requires it; its schema is the first shape's.
    """
    shapes = schema.get("oneOf") or [schema]
    fields: dict[str, Parameter] = {}
    required_everywhere: set[str] | None = None
    for shape in shapes:
        required = set(shape.get("required", []))
        required_everywhere = (
            required if required_everywhere is None else required_everywhere & required
        )
        for name, sub in shape.get("properties", {}).items():
            if name in fields or sub.get("readOnly") is True:
                continue  # a readOnly field is answered, never sent: no argument
            has_default = "x-sdk-default" in sub
            fields[name] = Parameter(
                name=name,
                python_name=python_name(name),
                location=location,
                required=False,
                schema=sub,
                description=(sub.get("description") or "").strip(),
                default=sub.get("x-sdk-default"),
                has_default=has_default,
                deprecated=is_deprecated(sub),
                nullable=takes_null(sub),
            )
    for name in required_everywhere or set():
        if name in fields and not fields[name].has_default:
            fields[name].required = True
    if len(shapes) > 1:
        for index, shape in enumerate(shapes):
            label = shape.get("x-model") or f"shape {index + 1}"
            for name in shape.get("properties", {}):
                if name in fields and not fields[name].required:
                    needed = name in shape.get("required", [])
                    fields[name].shapes.append(f"``{label}``" + (" (required)" if needed else ""))
    return list(fields.values())


def _raw_result(content: dict[str, Any]) -> tuple[str, str]:
    """Return the media type and the result of a 2xx answer that is not JSON.

    Text (``text/*``) is returned as ``str``; any other media type (a PDF, an image, a zip) as
    the body's ``bytes`` (as the generated operation returns it).
    """
    text = next((media for media in content if media.lower().startswith("text/")), None)
    if text is not None:
        return text, "str"
    return next(iter(content)), "bytes"


def build_table(
    document: dict[str, Any], generated: Path, view: TypedView | None = None
) -> list[SurfaceMethod]:
    """Return every operation of the folded ``document`` as the SDK presents it.

    ``generated`` is the package openapi-python-client just wrote (its operation modules and
    models are named from what it wrote, never guessed).
    """
    modules = _generated_modules(generated)
    resolver = Resolver(document, _models(generated))
    view = TypedView(resolver.models) if view is None else view
    table: list[SurfaceMethod] = []
    for path, item in document["paths"].items():
        for verb in METHODS:
            if verb not in item:
                continue
            spec = item[verb]
            operation_id = spec["operationId"]
            result, item_model, media_type = "None", None, "application/json"
            for status, response in sorted(parts.responses(document, path, verb).items()):
                if status.startswith("2"):
                    content = resolver.resolve(response.value).get("content", {})
                    media = content.get("application/json", {}).get("schema")
                    if media is not None:
                        result = media.get("x-model") or _generated_result(
                            generated, modules.get((verb.upper(), _template(path)), "")
                        )
                        item_model = _list_item(media)
                    elif content:
                        media_type, result = _raw_result(content)
                    break
            resource = resource_of(path, spec, document)
            method = method_of(path, verb, spec, item_model is not None, document)
            parameters = [
                _parameter(resolver, p.value) for p in parts.parameters(document, path, verb)
            ]
            order = [m.group(1) for m in _PARAM.finditer(path)]
            path_params = sorted(
                (p for p in parameters if p.location == "path"), key=lambda p: order.index(p.name)
            )
            others = [p for p in parameters if p.location in ("query", "header")]
            operation = SurfaceMethod(
                operation_id=operation_id,
                resource=resource,
                method=method,
                http_method=verb.upper(),
                path=path,
                summary=(spec.get("summary") or "").strip(),
                description=(spec.get("description") or "").strip(),
                tag=(spec.get("tags") or [""])[0],
                module=modules.get((verb.upper(), _template(path)), ""),
                result=result,
                item=item_model,
                paged=item_model is not None and any(p.name == "page" for p in others),
                parameters=[*path_params, *others],
                deprecated=is_deprecated(spec),
                media_type=media_type,
            )
            operation.credentials = _credentials(document, spec)
            if not operation.module:
                raise SurfaceError(f"{operation_id}: openapi-python-client wrote no module")
            body = parts.request_body(document, path, verb)
            if body is not None:
                (media_type,) = body.value["content"]
                schema = resolver.resolve(body.value["content"][media_type]["schema"])
                operation.body_kind = "multipart" if media_type == "multipart/form-data" else "json"
                operation.body_schema = schema
                shapes = schema.get("oneOf") or [schema]
                operation.body_shapes = [s.get("x-model", "") for s in shapes]
                location = "part" if operation.body_kind == "multipart" else "body"
                if operation.body_kind == "json" and _whole(schema):
                    # A body that is not an object (a JSON Patch list): one argument, sent whole.
                    operation.body_whole = True
                    operation.parameters.append(
                        Parameter(
                            name="body",
                            python_name="body",
                            location="body",
                            required=bool(body.value.get("required")),
                            schema=schema,
                            description=(schema.get("description") or "The request body.").strip(),
                            nullable=takes_null(schema),
                        )
                    )
                else:
                    operation.parameters.extend(_body_fields(schema, location))
            for parameter in operation.parameters:
                parameter.annotation = annotation(parameter.schema, operation.models)
            operation.models.update(
                name
                for name in (operation.item if operation.is_list else operation.result,)
                if name in resolver.models  # a model class, not ``list[str]`` or ``Any``
            )
            _check_names(operation)
            operation.overloads = typed_overloads(operation, view)
            table.append(operation)
    _tell_apart(document, table)
    _check_unique(table)
    for operation in table:
        operation.links = _links(document, operation, table)
    return table


def _link_target(link: dict[str, Any], table: list[SurfaceMethod], where: str) -> SurfaceMethod:
    """Return the method a link names, by ``operationId`` or by a local ``operationRef``."""
    if "operationId" in link:
        found = [m for m in table if m.operation_id == link["operationId"]]
    else:
        ref = str(link.get("operationRef", ""))
        parts_of = ref.removeprefix("#/paths/").rsplit("/", 1)
        path = parts_of[0].replace("~1", "/").replace("~0", "~") if len(parts_of) == 2 else ""
        verb = parts_of[-1].upper()
        found = [
            m
            for m in table
            if ref.startswith("#/paths/") and (m.path, m.http_method) == (path, verb)
        ]
    if len(found) != 1:
        named = link.get("operationId", link.get("operationRef"))
        raise SurfaceError(
            f"{where}: the link names {named!r}, which is no operation of the bundle"
        )
    return found[0]


def _expression(expression: Any, source: SurfaceMethod) -> str:
    """Return a link's runtime expression in the SDK's words (``answer.id``, ``payment_id``)."""
    text = str(expression)
    if text.startswith("$response.body#/"):
        return "answer." + ".".join(text.removeprefix("$response.body#/").split("/"))
    if text == "$response.body":
        return "answer"
    for location in ("path", "query", "header"):
        name = text.removeprefix(f"$request.{location}.")
        if name != text:
            named = [p for p in source.parameters if (p.location, p.name) == (location, name)]
            return named[0].python_name if named else name
    if text.startswith("$request.body#/"):
        return text.removeprefix("$request.body#/").split("/", 1)[0]
    return repr(expression)


def _links(
    document: dict[str, Any], operation: SurfaceMethod, table: list[SurfaceMethod]
) -> list[Link]:
    """Return the links of ``operation``'s answers, each as the call it leads to."""
    found: list[Link] = []
    verb = operation.http_method.lower()
    for status, response in parts.responses(document, operation.path, verb).items():
        declared = response.value.get("links", {}) if isinstance(response.value, dict) else {}
        for name, node in declared.items():
            link = parts.follow(document, node, f"{response.pointer}/links/{parts.escape(name)}")
            target = _link_target(link.value, table, link.pointer)
            arguments = []
            for key, value in link.value.get("parameters", {}).items():
                bare = str(key).split(".", 1)[-1]  # ``path.id`` names the location too
                named = [p for p in target.parameters if p.name == bare]
                argument = named[0].python_name if named else python_name(bare)
                arguments.append(f"{argument}={_expression(value, operation)}")
            prefix = "client" if target.resource == CLIENT else f"client.{target.resource}"
            found.append(
                Link(
                    name=str(name),
                    status=status,
                    call=f"{prefix}.{target.method}({', '.join(arguments)})",
                    description=" ".join(str(link.value.get("description", "")).split()),
                )
            )
    return found


def _credentials(document: dict[str, Any], spec: dict[str, Any]) -> list[Credential]:
    """Return the schemes ``spec``'s ``security`` lists besides the document's, in its order."""
    default = {name for requirement in document.get("security", []) for name in requirement}
    schemes = document.get("components", {}).get("securitySchemes", {})
    found: list[Credential] = []
    for requirement in spec.get("security", []):
        for name in requirement:
            if name in default or any(c.scheme == name for c in found):
                continue
            scheme = schemes.get(name, {})
            text = str(scheme.get("description", "")).strip()
            header = scheme.get("name") if scheme.get("type") == "apiKey" else None
            found.append(Credential(name, python_name(name), text, header))
    return found


def _check_names(operation: SurfaceMethod) -> None:
    seen: dict[str, str] = {}
    for credential in operation.credentials:
        seen[credential.python_name] = f"security scheme {credential.scheme!r}"
    for parameter in operation.parameters:
        other = seen.get(parameter.python_name)
        if other is not None:
            raise SurfaceError(
                f"{operation.operation_id}: {parameter.location} {parameter.name!r} and "
                f"{other} are both the argument {parameter.python_name!r}"
            )
        seen[parameter.python_name] = f"{parameter.location} {parameter.name!r}"


def _tell_apart(document: dict[str, Any], table: list[SurfaceMethod]) -> None:
    """Name apart the operations the path convention gives one name (``payments.retrieve``).

    Each of them takes the segments of its path after the resource's noun, parameters left out,
    after its method: ``/v1/payments/payouts/{id}`` is ``payments.retrieve_payouts`` and
    ``/v1/payments/payouts-item/{id}`` ``payments.retrieve_payouts_item``; an action read and
    written takes its verb's name first (``catalogs.list_products``, ``catalogs.create_products``).
    An ``x-sdk-method``
    is never renamed; names that still clash are refused by :func:`_check_unique`.
    """
    clashes = Counter((operation.resource, operation.method) for operation in table)
    for operation in table:
        spec = document["paths"][operation.path][operation.http_method.lower()]
        if clashes[(operation.resource, operation.method)] < 2 or "x-sdk-method" in spec:
            continue
        below = operation.path.removeprefix(str(document.get(BASE_PATH, "")))
        segments = [
            segment
            for segment in below.strip("/").split("/")
            if segment and not _PARAM.fullmatch(segment) and not re.fullmatch(r"v\d+", segment)
        ]
        rest = [snake(segment) for segment in segments[1:]]
        rest = [word for word in rest if word != operation.method]
        if rest:
            operation.method = "_".join([operation.method, *rest])
        else:  # an action both read and written (GET and POST /catalogs/products)
            verb = operation.http_method.lower()
            word = {"post": "create", "put": "update", "patch": "update", "delete": "delete"}
            first = word.get(verb, "list" if operation.item is not None else "retrieve")
            operation.method = f"{first}_{operation.method}"


def _check_unique(table: list[SurfaceMethod]) -> None:
    seen: dict[tuple[str, str], str] = {}
    for operation in table:
        key = (operation.resource, operation.method)
        if key in seen:
            raise SurfaceError(
                f"{operation.operation_id} and {seen[key]} are both "
                f"{operation.resource}.{operation.method}: name one with x-sdk-method"
            )
        seen[key] = operation.operation_id


# -- rendering ----------------------------------------------------------------------------------


def _docsafe(text: str) -> str:
    """Text that can stand in a docstring: backslashes doubled, no triple quotes."""
    return str(text).replace("\\", "\\\\").replace('"""', "'''")


def environment(templates: Path = TEMPLATES) -> jinja2.Environment:
    """Return the Jinja environment (and filters) the surface and the guides' parts render with."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["pascal"] = pascal
    env.filters["docsafe"] = _docsafe
    env.filters["py"] = lambda value: repr(value)
    env.filters["json"] = lambda value: json.dumps(value, sort_keys=True, ensure_ascii=True)
    env.filters["length_rules"] = length_rules
    # A format the pipeline does not know is an annotation: the docstring says it is unchecked.
    env.tests["unchecked_format"] = lambda fmt: isinstance(fmt, str) and fmt not in FORMATS
    return env


def by_resource(table: list[SurfaceMethod]) -> dict[str, list[SurfaceMethod]]:
    """Return the table's methods grouped by resource, in the table's order."""
    resources: dict[str, list[SurfaceMethod]] = {}
    for method in table:
        resources.setdefault(method.resource, []).append(method)
    return resources


def render(document: dict[str, Any], generated: Path, out: Path) -> list[Path]:
    """Render the surface of ``document`` into ``out/payments_sdk``; return the files written."""
    view = TypedView(_models(generated))
    table = build_table(document, generated, view)
    env = environment()
    resources = by_resource(table)
    descriptions: dict[str, str] = document.get("x-sdk-resources", {})
    target = out / "payments_sdk"
    (target / "resources").mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(relative: str, text: str) -> None:
        path = target / relative
        path.write_text(text, encoding="utf-8")
        written.append(path)

    context = {
        "table": table,
        "resources": {name: ops for name, ops in resources.items() if name != CLIENT},
        "client_operations": resources.get(CLIENT, []),
        "descriptions": descriptions,
        "models": sorted(_models(generated)),
        "typed_dicts": sorted(view.dicts),
        "dicts": view.dicts,
    }
    for name, operations in context["resources"].items():
        write(
            f"resources/{name}.py",
            env.get_template("resource.py.jinja").render(
                context, resource=name, operations=operations
            ),
        )
    write("_raw_namespaces.py", env.get_template("raw_namespaces.py.jinja").render(context))
    write("_namespaces.py", env.get_template("namespaces.py.jinja").render(context))
    write("_operation_table.py", env.get_template("operation_table.py.jinja").render(context))
    write("types.py", env.get_template("types.py.jinja").render(context))
    write("params.py", env.get_template("params.py.jinja").render(context))
    write("webhooks.py", env.get_template("webhooks.py.jinja").render(webhook_context(document)))
    return written


def webhook_context(document: dict[str, Any]) -> dict[str, Any]:
    """Return what ``webhooks.py.jinja`` renders: each webhook with its model, the kind field."""
    hooks = [
        {**hook._asdict(), "model": webhook_parts.model_name(hook)}
        for hook in webhook_parts.webhooks(document)
    ]
    return {"webhooks": hooks, "kind_field": webhook_parts.kind_field(document)}


_DECODERS = """
import sys, msgspec
import payments_sdk_generated.models as models
from payments_sdk_generated.types import _decoder
assert models.__file__.startswith(sys.argv[1]), models.__file__
for name in models.__all__:
    model = getattr(models, name)
    if isinstance(model, type) and issubclass(model, msgspec.Struct):
        try:
            _decoder(model)
        except TypeError as exc:
            print(f"{name}: {exc}")
"""


def check_decoders(out: Path) -> list[str]:
    """Return the generated models msgspec cannot decode (none: every answer can be parsed).

    A shape the models cannot carry (a union msgspec refuses) must fail ``make generate`` by
    name, never a call at run time.
    """
    import os
    import subprocess

    out = out.resolve()
    env = {**os.environ, "PYTHONPATH": str(out)}
    result = subprocess.run(
        [sys.executable, "-c", _DECODERS, str(out)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        return [result.stderr.strip().splitlines()[-1]]
    return result.stdout.splitlines()


def main(argv: list[str]) -> int:
    """``surface.py FOLDED.json OUT_DIR``: OUT_DIR holds ``payments_sdk_generated``."""
    folded, out = Path(argv[0]), Path(argv[1])
    document = json.loads(folded.read_text(encoding="utf-8"))
    for path in render(document, out / "payments_sdk_generated", out):
        print(f"wrote {path.relative_to(out)}")
    problems = check_decoders(out)
    for problem in problems:
        print(
            f"surface.py: the model {problem}: the bundle uses a shape the models cannot carry "
            "(a union of several objects with other types, or of several free-form objects)",
            file=sys.stderr,
        )
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
