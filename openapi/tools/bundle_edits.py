"""Edits of a loaded bundle that hold whatever the bundle already says.

The edit sets (``spec_edit_set.py``, and the feature edits of ``tests/support``) are applied on
top of the bundle as it is: our own, or one a maintainer has already changed before running
``make test``. So an edit must not assume today's shapes:

- a field is added to a record wherever its fields are declared: its ``properties``, or, for a
  record composed with ``allOf`` (a shared base plus its own part), its own inline part;
- a parameter replaces one at the same place (name and ``in``, a header's name in any case),
  whether that one is written inline or through a ``$ref``;
- a component schema is added under its name. One the bundle already has under that name is
  kept when it says all that ours says (ours, applied before and grown by a later edit); a
  different one (a maintainer's own ``RecordBase``) is moved aside to ``<Name>Original``, its
  ``$ref`` s following it, so that both stand;
- an operation is added only where the bundle has none for that verb on an equivalent path
  (``/payouts/{id}`` and ``/payouts/{payout_id}`` are one path), and never under an
  ``operationId`` another operation already has.

Nothing here imports the SDK.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "add_parameter",
    "add_path",
    "add_schema",
    "field_of",
    "operation",
    "parameter_of",
    "properties_of",
    "ref",
    "remove_field",
    "required_of",
    "resolve",
    "schemas",
]

Spec = dict[str, Any]

_VERBS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_TEMPLATE = re.compile(r"\{[^{}]*\}")


def schemas(spec: Spec) -> dict[str, Any]:
    """Return the bundle's component schemas."""
    found: dict[str, Any] = spec["components"]["schemas"]
    return found


def _moved_refs(node: Any, old: str, new: str) -> None:
    if isinstance(node, dict):
        if node.get("$ref") == old:
            node["$ref"] = new
        for value in node.values():
            _moved_refs(value, old, new)
    elif isinstance(node, list):
        for value in node:
            _moved_refs(value, old, new)


def _says_all_of(have: Any, ours: Any) -> bool:
    """Whether ``have`` says everything ``ours`` says (and perhaps more)."""
    if isinstance(ours, dict):
        return isinstance(have, dict) and all(
            key in have and _says_all_of(have[key], value) for key, value in ours.items()
        )
    if isinstance(ours, list):
        return isinstance(have, list) and all(
            any(_says_all_of(item, value) for item in have) for value in ours
        )
    return bool(have == ours)


def add_schema(spec: Spec, name: str, schema: dict[str, Any]) -> None:
    """Add the component schema ``name`` (see the module's docstring for a name taken)."""
    found = schemas(spec)
    if name in found and _says_all_of(found[name], schema):
        return
    if name in found:
        aside = f"{name}Original"
        while aside in found:
            aside += "Original"
        found[aside] = found.pop(name)
        _moved_refs(spec, f"#/components/schemas/{name}", f"#/components/schemas/{aside}")
    found[name] = schema


def ref(name: str) -> dict[str, str]:
    """Return a ``$ref`` to the component schema ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


def resolve(spec: Spec, node: Any) -> Any:
    """Return what ``node`` is once its local ``$ref`` chain is followed."""
    for _ in range(32):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
            return node
        target: Any = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def operation(spec: Spec, path: str, verb: str) -> dict[str, Any]:
    """Return the operation ``verb`` of ``path``, or of the path equivalent to it."""
    found: dict[str, Any] = spec["paths"][_equivalent(spec, path) or path][verb]
    return found


def _own_part(spec: Spec, schema: dict[str, Any]) -> dict[str, Any]:
    """Return the object that declares a record's own fields (see the module's docstring)."""
    if "properties" in schema or "allOf" not in schema:
        return schema
    for part in reversed(schema["allOf"]):
        if isinstance(part, dict) and "$ref" not in part and "properties" in part:
            return part
    part = {"type": "object", "properties": {}}
    schema["allOf"].append(part)
    return part


def properties_of(spec: Spec, name: str) -> dict[str, Any]:
    """Return the ``properties`` a new field of the component schema ``name`` is added to."""
    found: dict[str, Any] = _own_part(spec, resolve(spec, schemas(spec)[name])).setdefault(
        "properties", {}
    )
    return found


def _parts(spec: Spec, schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the schema and each part of its ``allOf``, resolved, that declares fields."""
    parts = [resolve(spec, part) for part in schema.get("allOf", [])]
    return [p for p in [schema, *parts] if isinstance(p, dict) and "properties" in p]


def field_of(spec: Spec, name: str, field: str) -> dict[str, Any]:
    """Return the schema of an existing field of ``name``, in whichever part declares it."""
    for part in _parts(spec, resolve(spec, schemas(spec)[name])):
        if field in part["properties"]:
            found: dict[str, Any] = part["properties"][field]
            return found
    raise KeyError(f"{name} declares no field {field!r}")


def remove_field(spec: Spec, name: str, field: str) -> None:
    """Remove a field of ``name`` from every part that declares it."""
    for part in _parts(spec, resolve(spec, schemas(spec)[name])):
        part["properties"].pop(field, None)
        if field in part.get("required", []):
            part["required"].remove(field)


def required_of(spec: Spec, name: str) -> list[str]:
    """Return the ``required`` list of the part that declares the schema's own fields."""
    found: list[str] = _own_part(spec, resolve(spec, schemas(spec)[name])).setdefault(
        "required", []
    )
    return found


def _place(spec: Spec, parameter: Any) -> tuple[str, str]:
    resolved = resolve(spec, parameter)
    name, where = str(resolved.get("name", "")), str(resolved.get("in", ""))
    return (name.lower() if where == "header" else name), where


def add_parameter(spec: Spec, path: str, verb: str, parameter: dict[str, Any]) -> None:
    """Add ``parameter`` first, or where one at the same place is (inline or by ``$ref``)."""
    parameters = operation(spec, path, verb).setdefault("parameters", [])
    place = _place(spec, parameter)
    at = next((i for i, p in enumerate(parameters) if _place(spec, p) == place), 0)
    parameters[:] = [p for p in parameters if _place(spec, p) != place]
    parameters.insert(at, parameter)


def parameter_of(spec: Spec, path: str, verb: str, name: str, where: str = "query") -> Any:
    """Return an operation's parameter (what its ``$ref`` points at, if it is one)."""
    for parameter in operation(spec, path, verb).get("parameters", []):
        if _place(spec, parameter) == _place(spec, {"name": name, "in": where}):
            return resolve(spec, parameter)
    raise KeyError(f"{verb.upper()} {path} has no {where} parameter {name!r}")


def _equivalent(spec: Spec, path: str) -> str | None:
    """Return the bundle's path that is ``path`` up to its parameters' names, if any."""
    shape = _TEMPLATE.sub("{}", path)
    return next((p for p in spec["paths"] if _TEMPLATE.sub("{}", p) == shape), None)


def add_path(spec: Spec, path: str, item: dict[str, Any]) -> None:
    """Add the operations of ``item`` at ``path`` that the bundle does not have already.

    Where the bundle has an equivalent path under other parameter names, ours is not added
    (two templates that match the same URLs cannot both stand). An ``operationId`` taken by
    another operation is suffixed: the SDK names a method by its path, not its id.
    """
    existing = _equivalent(spec, path)
    if existing is not None and existing != path:
        return
    target = spec["paths"].setdefault(path, {})
    ours = {id(target.get(verb)) for verb in _VERBS}
    taken = {
        operation.get("operationId")
        for item_ in spec["paths"].values()
        for verb, operation in item_.items()
        if verb in _VERBS and isinstance(operation, dict) and id(operation) not in ours
    }
    for key, value in item.items():
        if key in _VERBS and isinstance(value, dict):
            value = dict(value)
            while value.get("operationId") in taken:
                value["operationId"] = f"{value['operationId']}Edited"
        if key not in target or key not in _VERBS:
            target[key] = value
        elif target[key].get("operationId") == value.get("operationId"):
            target[key] = value  # our own operation, applied again
