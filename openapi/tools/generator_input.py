"""Derive openapi-python-client's input from the folded bundle: what it cannot read, said plainly.

``make generate`` hands the generator this copy, not the folded bundle itself (which the sandbox
ships unchanged). Every change is derived from a keyword of the bundle, so nothing here is a
second source of facts:

- **discriminated unions**: each member of a ``oneOf`` with a ``discriminator`` gets
  ``x-tag-field`` (the ``propertyName``) and ``x-tag`` (its value, from ``mapping`` or, as
  OpenAPI says, the component's name). The model template makes the member a msgspec *tagged*
  struct, so the union decodes in one pass. A member that is not a ``$ref`` to a component, or a
  component that two unions tag differently, fails here, naming the union's JSON pointer;
- **media types the generator does not know**: a response of another binary type
  (``application/pdf``, ``image/png``) is handed over as ``application/octet-stream``; the
  operation returns its bytes (``text/*`` is returned as ``str``, JSON as its model);
- **writeOnly**: a ``writeOnly`` property never comes back in a response, so the model does not
  require it (the SDK's argument checks still do, from the bundle itself);
- **assertions that do not shape a model** (``if``/``then``/``else``, ``dependentSchemas``,
  ``dependentRequired``, ``propertyNames``, ``contains``/``minContains``/``maxContains``, and
  ``items: false`` after ``prefixItems``) are left out: the generator reads a schema for its
  types (and refuses a boolean schema); the SDK's checks and the sandbox read them from the
  folded bundle itself;
- **titles**: openapi-python-client names a model after a schema's ``title`` before its
  component's key, so adding a title (documentation, for the reader of the bundle) would rename
  a public class. Every schema's ``title`` is left out: a component's class is its key, an
  inline object's class is named after where it stands, whatever the title says;
- **webhooks**: openapi-python-client reads no ``webhooks``; a payload written inline gets its
  model by being moved to ``components/schemas`` under ``<Kind>WebhookEvent``
  (``payments_sdk._webhook_parts.model_name``; the webhook then refers to it), so
  ``payments_sdk.types`` exports it. A name a component already has fails here, naming both;
- **allOf parts that declare one field otherwise** (PayPal's ``allOf: [error_400, 400]``): the
  model keeps the first part's declaration (a value satisfies both), so the generator, which
  merges the parts, does not drop the answer;
- **anyOf of several objects** without a discriminator: a body may match several of them, so
  the model is one object with every field any of them declares, each optional unless all of
  them require it (a ``oneOf`` is decoded as the one shape it matches).

Usage: python openapi/tools/generator_input.py FOLDED.json TARGET.json
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from payments_sdk._webhook_parts import model_name, webhooks

__all__ = ["GeneratorInputError", "generator_input"]

_KNOWN_MEDIA = ("application/json", "application/octet-stream")
_COMPONENT = "#/components/schemas/"


class GeneratorInputError(ValueError):
    """The bundle uses a feature in a way the generated models cannot carry."""


def _is_generator_media(media: str) -> bool:
    kind = media.split(";", 1)[0].strip().lower()
    return kind in _KNOWN_MEDIA or kind.startswith("text/") or kind.endswith("+json")


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def _walk(node: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield every object of ``node`` with its JSON pointer, parents first."""
    if isinstance(node, dict):
        yield pointer, node
        for key, value in node.items():
            yield from _walk(value, f"{pointer}/{_escape(str(key))}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{pointer}/{index}")


def _media_types(document: dict[str, Any]) -> None:
    answers = [
        response
        for item in document.get("paths", {}).values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
    ]
    # An answer written once in components/responses (an operation's is then a $ref to it).
    answers += document.get("components", {}).get("responses", {}).values()
    for response in answers:
        content = response.get("content") if isinstance(response, dict) else None
        if not content or any(_is_generator_media(media) for media in content):
            continue
        first = next(iter(content))
        response["content"] = {"application/octet-stream": content[first]}


def _tags(document: dict[str, Any]) -> None:
    schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
    tagged: dict[str, tuple[str, str, str]] = {}  # component -> (field, tag, union pointer)
    for pointer, node in list(_walk(document, "#")):
        discriminator = node.get("discriminator")
        if not isinstance(discriminator, dict) or "oneOf" not in node:
            continue
        field = str(discriminator.get("propertyName", ""))
        mapping: dict[str, str] = discriminator.get("mapping", {})
        # A mapping value is a $ref or, as OpenAPI allows, a component's name.
        by_ref = {
            ref if str(ref).startswith("#") else _COMPONENT + str(ref): value
            for value, ref in mapping.items()
        }
        for index, member in enumerate(node["oneOf"]):
            ref = member.get("$ref", "") if isinstance(member, dict) else ""
            if not ref.startswith(_COMPONENT):
                raise GeneratorInputError(
                    f"discriminated oneOf at {pointer}/oneOf/{index}: every member must be a "
                    "$ref to a component schema (an inline member cannot be tagged)"
                )
            name = ref.removeprefix(_COMPONENT)
            tag = by_ref.get(ref, name)
            earlier = tagged.get(name)
            if earlier is not None and earlier[:2] != (field, tag):
                raise GeneratorInputError(
                    f"discriminated oneOf at {pointer}: {name} is already tagged "
                    f"{earlier[0]}={earlier[1]!r} by {earlier[2]}; a model has one tag"
                )
            tagged[name] = (field, tag, pointer)
    for name, (field, tag, _) in tagged.items():
        schemas[name]["x-tag-field"] = field
        schemas[name]["x-tag"] = tag


def _is_object(document: dict[str, Any], node: Any, depth: int = 0) -> bool:
    while isinstance(node, dict) and "$ref" in node and depth < 32:
        target: Any = document
        for part in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
        node, depth = target, depth + 1
    return isinstance(node, dict) and (
        node.get("type") == "object" or "properties" in node or "allOf" in node
    )


def _resolved(document: dict[str, Any], node: Any, depth: int = 0) -> Any:
    """Return ``node`` with its ``$ref`` followed (a chain of them too)."""
    while isinstance(node, dict) and "$ref" in node and depth < 32:
        target: Any = document
        for part in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
        node, depth = target, depth + 1
    return node


def _fields(document: dict[str, Any], node: Any, depth: int = 0) -> tuple[dict[str, Any], set[str]]:
    """Return an object schema's properties and required names, its ``allOf`` parts merged."""
    node = _resolved(document, node)
    if not isinstance(node, dict) or depth > 16:
        return {}, set()
    properties = dict(node.get("properties", {}))
    required = set(node.get("required", []))
    for part in node.get("allOf", []):
        more, needed = _fields(document, part, depth + 1)
        properties = {**more, **properties}
        required |= needed
    return properties, required


def _either(shapes: list[Any]) -> dict[str, Any]:
    """Return the schema of a field the objects of an ``anyOf`` declare differently.

    Scalars of one type are that type, their ``enum`` values together (one enum, as a model can
    hold; ``USER_ACCOUNT_CLOSED`` or ``DUPLICATE_RESOURCE_IDENTIFIER``); others an ``anyOf``.
    """
    kinds = {shape.get("type") for shape in shapes if isinstance(shape, dict)}
    scalar = len(kinds) == 1 and kinds <= {"string", "integer", "number", "boolean"}
    if scalar and all(isinstance(shape, dict) and "$ref" not in shape for shape in shapes):
        merged: dict[str, Any] = {"type": kinds.pop()}
        if all(isinstance(shape.get("enum"), list) for shape in shapes):
            merged["enum"] = list(dict.fromkeys(v for shape in shapes for v in shape["enum"]))
        return merged
    return {"anyOf": shapes}


def _any_of_objects(document: dict[str, Any]) -> None:
    """Give an untagged ``anyOf`` of several objects one model: every field, each optional.

    A body may match several of the objects at once (that is what ``anyOf`` allows), so it is
    not decoded as one of them: the model has each field any of them declares (a field two of
    them declare differently is the ``anyOf`` of both), and requires only what every one of
    them requires. Other members (``null``, a string) stay beside it. The SDK's checks and the
    sandbox read the ``anyOf`` itself, from the folded bundle.
    """
    for _ in range(8):  # a merged field may hold an anyOf of objects in turn
        found = [
            node
            for _, node in _walk(document, "#")
            if isinstance(node.get("anyOf"), list)
            and "discriminator" not in node
            and sum(_is_object(document, member) for member in node["anyOf"]) > 1
        ]
        if not found:
            return
        for node in found:
            objects = [m for m in node["anyOf"] if _is_object(document, m)]
            others = [m for m in node["anyOf"] if not _is_object(document, m)]
            properties: dict[str, Any] = {}
            required: set[str] | None = None
            for member in objects:
                fields, needed = _fields(document, member)
                required = needed if required is None else required & needed
                for name, schema in fields.items():
                    known = properties.get(name)
                    if known is None:
                        properties[name] = copy.deepcopy(schema)
                    elif known != schema:
                        shapes = known["anyOf"] if list(known) == ["anyOf"] else [known]
                        if schema not in shapes:
                            properties[name] = _either([*shapes, copy.deepcopy(schema)])
            merged: dict[str, Any] = {"type": "object", "properties": properties}
            if required:
                merged["required"] = sorted(required)
            del node["anyOf"]
            if others:
                node["anyOf"] = [merged, *others]
            else:
                node.update(merged)


def _all_of_conflicts(document: dict[str, Any]) -> None:
    """Leave out of an ``allOf`` part each field an earlier part declares otherwise.

    ``allOf: [error_400, 400]`` where both declare ``details`` with other item schemas: a value
    satisfies both, and openapi-python-client, which merges the parts into one model, gives up
    on a field it cannot merge (the answer would not be generated). The model keeps the first
    part's declaration; that part is written in place without the field. The SDK's checks and
    the sandbox read the ``allOf`` itself, from the folded bundle.
    """
    for _, node in list(_walk(document, "#")):
        parts = node.get("allOf")
        if not isinstance(parts, list) or len(parts) < 2:
            continue
        seen: dict[str, Any] = {}
        for index, part in enumerate(parts):
            fields, needed = _fields(document, part)
            clash = {
                name
                for name, schema in fields.items()
                if name in seen and _resolved(document, schema) != _resolved(document, seen[name])
            }
            for name, schema in fields.items():
                seen.setdefault(name, schema)
            if clash:
                kept = {k: copy.deepcopy(v) for k, v in fields.items() if k not in clash}
                written: dict[str, Any] = {"type": "object", "properties": kept}
                if needed - clash:
                    written["required"] = sorted(needed - clash)
                parts[index] = written


def _write_only(document: dict[str, Any]) -> None:
    for _, node in _walk(document, "#"):
        properties = node.get("properties")
        required = node.get("required")
        if not isinstance(properties, dict) or not isinstance(required, list):
            continue
        node["required"] = [
            name
            for name in required
            if not (isinstance(properties.get(name), dict) and properties[name].get("writeOnly"))
        ]


_ASSERTIONS = (
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependentRequired",
    "propertyNames",
    "contains",
    "minContains",
    "maxContains",
)
# Maps whose keys are names (of fields, of components), not keywords.
_NAME_MAPS = ("properties", "patternProperties", "dependentSchemas", "$defs", "schemas")


def _assertions(document: dict[str, Any]) -> None:
    for pointer, node in list(_walk(document, "#")):
        if pointer.rsplit("/", 1)[-1] in _NAME_MAPS:
            continue
        if not any(key in node for key in ("type", "properties", "items", "prefixItems")):
            continue  # not a schema the generator types (a parameter, a response, a map)
        for keyword in _ASSERTIONS:
            node.pop(keyword, None)
        if node.get("items") is False:
            del node["items"]


_VALUE_KEYWORDS = frozenset({"example", "examples", "default", "const", "enum"})
"""Keywords whose contents are instances, not schemas: a ``title`` there is data."""


def _titles(document: dict[str, Any]) -> None:
    """Leave out every schema's ``title``: a class is named by the bundle's structure."""
    for root in ("components", "paths"):
        for pointer, node in _walk(document.get(root, {}), f"#/{root}"):
            if not isinstance(node.get("title"), str):
                continue  # a property named ``title`` is a schema (a dict), not a keyword
            if _VALUE_KEYWORDS.isdisjoint(pointer.split("/")):
                del node["title"]


def _nullable_enums(document: dict[str, Any]) -> None:
    """Write an enum that lists ``null`` as ``anyOf: [the enum without it, {type: null}]``.

    ``{type: [string, "null"], enum: [email, sms, null]}`` is JSON Schema's nullable enum; the
    generator makes a class per enum type it sees and refuses the union of them. The same
    values, said as a union with ``null``, are ``None | <Enum>``.
    """
    for pointer, node in list(_walk(document, "#")):
        values = node.get("enum")
        if not isinstance(values, list) or None not in values or _is_value(pointer):
            continue
        if "anyOf" in node or "oneOf" in node:
            continue
        kind = node.get("type")
        kinds = [k for k in (kind if isinstance(kind, list) else [kind]) if k not in (None, "null")]
        inner: dict[str, Any] = {"enum": [value for value in values if value is not None]}
        if kinds:
            inner["type"] = kinds[0] if len(kinds) == 1 else kinds
        del node["enum"]
        node.pop("type", None)
        node["anyOf"] = [inner, {"type": "null"}]


def _is_value(pointer: str) -> bool:
    """Whether ``pointer`` is inside an instance (an example, a default), not a schema."""
    return not _VALUE_KEYWORDS.isdisjoint(pointer.split("/"))


def _webhook_payloads(document: dict[str, Any]) -> None:
    """Move each inline webhook payload to ``components/schemas``, under its model's name."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for hook in webhooks(document):
        if isinstance(hook.schema, dict) and "$ref" in hook.schema:
            continue
        name = model_name(hook)
        if not name.isidentifier() or name in schemas:
            why = "is not a class name" if not name.isidentifier() else "is a component already"
            raise GeneratorInputError(
                f"the webhook payload at {hook.pointer} would be the model {name}, which {why}: "
                "give the payload a component of its own and refer to it ($ref)"
            )
        schemas[name] = hook.schema
        holder: Any = document
        for part in hook.pointer.removeprefix("/").split("/")[:-1]:
            holder = holder[part.replace("~1", "/").replace("~0", "~")]
        holder["schema"] = {"$ref": _COMPONENT + name}


def generator_input(folded: dict[str, Any]) -> dict[str, Any]:
    """Return the copy of the folded bundle that openapi-python-client reads."""
    document = copy.deepcopy(folded)
    _webhook_payloads(document)
    _nullable_enums(document)
    _media_types(document)
    _any_of_objects(document)
    _all_of_conflicts(document)
    _tags(document)
    _write_only(document)
    _assertions(document)
    _titles(document)
    return document


def main(argv: list[str]) -> int:
    """``generator_input.py FOLDED.json TARGET.json``."""
    source, target = Path(argv[0]), Path(argv[1])
    try:
        document = generator_input(json.loads(source.read_text(encoding="utf-8")))
    except GeneratorInputError as exc:
        print(f"generator_input: {exc}", file=sys.stderr)
        return 1
    target.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
