"""Set a record's fields to any value the bundle allows: ``PATCH /_sandbox/records/...``.

The business rules move a record through the states they know (an RFI is ``action_required``,
then ``under_review``). The service reaches others the sandbox does not simulate (an RFI that is
``approved``, ``rejected`` or ``expired``; a KYC link whose customer submitted documents), and a
test of your code wants to see them. This control sets any top-level field of a record to any
value its schema in the bundle allows, and nothing else: no business rule runs, and no other
record changes (an order's ``rfi`` reference keeps its own copy of the status).

- ``PATCH /_sandbox/records/{resource}/{id}``: ``resource`` is the resource as the SDK names
  it (``rfis``, ``kyc_links``: ``client.rfis``); its record schema is the one the bundle
  answers for it (its retrieve operation, else an item of its list, else what its create
  answers), so a resource or field the bundle
  gains is settable with no new line;
- the body is ``{"field": value, ...}``; each value is checked against the field's schema
  (``$ref``, enums, patterns, formats, nested objects), and a refusal is a 400 naming the
  field; ``id`` and ``created_at`` cannot be set (they address and order the records);
- the answer is the record as the service's own operations now answer it (200); a record that
  does not exist is a 404. Like every control, it acts on the namespace of the key;
- ``PATCH /_sandbox/records/{resource}`` (no id) sets fields on the answers of a resource no
  record backs (``fx_rates``, ``balances``: one object, computed on each call): each field is
  checked against the answer's schema and added to every later answer of its reads, until a
  reset; the answer is every field set so far (200);
- ``POST /_sandbox/records/{resource}`` adds a record (201) to a resource no business rule
  keeps, such as one the bundle only lists and retrieves: the body's fields, checked the same
  way, an id with the schema's prefix, ``created_at`` from the clock, and each required field
  not given at its default or first example.
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from .._engine import Problem
from ._errors import bad_request, field_path, not_found, shown
from ._generic import _PREFIX, answers_alone, records_of
from ._operation_index import OperationShape
from ._operation_index import deep as _deep
from ._request_validation import _describe
from ._schema_values import value_of
from ._store import TABLES, Store, render
from .contract import SchemaSet, escape_pointer

__all__ = ["FIXED_FIELDS", "RecordFields"]

FIXED_FIELDS = frozenset({"id", "created_at"})
"""Fields the control refuses: ``id`` addresses a record and ``created_at`` orders its list."""

_METHODS = ("get", "put", "post", "patch", "delete")


class RecordFields:
    """The records of a bundle that can be set, by resource, and the control that sets them."""

    def __init__(self, document: dict[str, Any], schemas: SchemaSet | None = None) -> None:
        self.document = document
        self.schemas = schemas or SchemaSet(document)
        self.parents: dict[str, tuple[str, str]] = {}
        """Each list under a record (``payments.events``): its parent resource and the path
        parameter that names the parent; a record added to it names its parent there."""
        found: dict[str, tuple[int, str]] = {}
        for path, item in document["paths"].items():
            for verb in _METHODS:
                if verb not in item:
                    continue
                name = OperationShape.of(document, path, verb)
                pointer = self._record_pointer(name)
                if pointer is None:
                    continue
                if name.is_list and len(name.path_params) == 1:
                    # A list under one record (``/payments/{payment_id}/events``) keeps its
                    # own collection, named as the SDK names the list (``payments.events``).
                    self.parents[name.key] = (name.resource, name.path_params[0])
                    found[name.key] = (0, pointer)
                    continue
                rank = _rank(name)
                if name.resource not in found or rank < found[name.resource][0]:
                    found[name.resource] = (rank, pointer)
        self.records: dict[str, str] = {name: found[name][1] for name in sorted(found)}
        """Each resource that keeps records, and the JSON pointer of its record's schema."""
        answers: dict[str, str] = {}
        for path, item in document["paths"].items():
            if "get" in item:
                name = OperationShape.of(document, path, "get")
                if answers_alone(name) and name.resource not in self.records:
                    answers.setdefault(name.resource, self._answer_pointer(name))
        self.answers: dict[str, str] = dict(sorted(answers.items()))
        """Each resource whose reads answer one object no record backs (``fx_rates``,
        ``balances``), and the JSON pointer of that answer's schema."""

    # -- the bundle -----------------------------------------------------------------------

    def _node(self, pointer: str) -> Any:
        node: Any = self.document
        for part in pointer.removeprefix("/").split("/"):
            key = part.replace("~1", "/").replace("~0", "~")
            node = node[int(key)] if isinstance(node, list) else node[key]
        return node

    def concrete(self, pointer: str) -> str:
        """Return ``pointer``, or where its chain of ``$ref`` ends (a pointer to no reference)."""
        for _ in range(64):
            node = self._node(pointer)
            if not (isinstance(node, dict) and "$ref" in node):
                return pointer
            pointer = str(node["$ref"]).removeprefix("#")
        raise ValueError(f"a $ref chain from {pointer} does not end")

    def _answer_pointer(self, name: OperationShape) -> str:
        escaped = escape_pointer(name.path)
        response = self.concrete(f"/paths/{escaped}/get/responses/{name.status}")
        return self.concrete(f"{response}/content/application~1json/schema")

    def _record_pointer(self, name: OperationShape) -> str | None:
        """Return the pointer of the record an operation answers, or None (no record)."""
        if name.response is None or name.verb not in ("GET", "POST"):
            return None
        escaped = escape_pointer(name.path)
        response = self.concrete(f"/paths/{escaped}/{name.verb.lower()}/responses/{name.status}")
        schema = self.concrete(f"{response}/content/application~1json/schema")
        if name.is_list:
            data = self.concrete(f"{schema}/properties/data")
            schema = self.concrete(f"{data}/items")
        return schema if "id" in self.properties(schema) else None

    def properties(self, pointer: str) -> dict[str, str]:
        """Return a record schema's top-level fields (``allOf`` parts too), with their pointers."""
        node = self._node(self.concrete(pointer))
        pointer = self.concrete(pointer)
        found = {
            field: f"{pointer}/properties/{escape_pointer(field)}"
            for field in node.get("properties", {})
        }
        for index, _ in enumerate(node.get("allOf", [])):
            for field, where in self.properties(f"{pointer}/allOf/{index}").items():
                found.setdefault(field, where)
        return found

    def _is_timestamp(self, pointer: str) -> bool:
        node = self._node(self.concrete(pointer))
        return isinstance(node, dict) and node.get("format") == "date-time"

    # -- the controls ---------------------------------------------------------------------

    def _schema(self, resource: str) -> str:
        pointer = self.records.get(resource)
        if pointer is None:
            known = ", ".join(self.records)
            raise not_found(f"{shown(resource)} is not a resource that keeps records ({known})")
        return pointer

    def _checked(self, resource: str, fields: Any, pointer: str | None = None) -> dict[str, Any]:
        """Return ``fields`` as they are stored, each checked against its schema in the bundle."""
        if not isinstance(fields, dict):
            raise bad_request("body must be a JSON object of the fields to set")
        declared = self.properties(pointer or self._schema(resource))
        changes: dict[str, Any] = {}
        for field, value in fields.items():
            if field not in declared:
                raise bad_request(
                    f"{field_path([field])} is not a field of a record of {resource} in the bundle"
                )
            if field in FIXED_FIELDS:
                raise bad_request(f"{field} cannot be set: it addresses or orders the records")
            error = next(iter(self.schemas.validator(declared[field]).iter_errors(value)), None)
            if error is not None:
                problem = Problem(error)
                raise bad_request(_describe(problem, self.schemas.document, value, [field]))
            timestamp = self._is_timestamp(declared[field])
            changes[field] = _stored(value) if timestamp else copy.deepcopy(value)
        return changes

    def set(self, store: Store, resource: str, record_id: str, fields: Any) -> dict[str, Any]:
        """Set ``fields`` of the record ``record_id`` of ``resource`` (under the store's lock).

        Returns the record; raises ApiError 400 naming the field, or 404 for no such record.
        """
        self._schema(resource)
        record = _find(records_of(store, resource), record_id)
        if record is None:
            raise not_found(f"id {shown(record_id)} does not match any record of {resource}")
        changes = self._checked(resource, fields)
        if not changes:
            raise bad_request("body must name at least one field to set")
        record.update(changes)
        return record

    def set_answer(self, store: Store, resource: str, fields: Any) -> dict[str, Any]:
        """Set ``fields`` on every answer of ``resource``'s reads (under the store's lock).

        For a resource no record backs (the FX rate, the balances): each field is checked
        against the answer's schema, kept in the namespace's state, and added to each later
        answer, until a reset. Returns every field set so far.
        """
        pointer = self.answers.get(resource)
        if pointer is None:
            known = ", ".join(self.answers)
            raise not_found(f"{shown(resource)} is not a resource whose answers are set ({known})")
        changes = self._checked(resource, fields, pointer)
        if not changes:
            raise bad_request("body must name at least one field to set")
        kept = store.answer_fields.setdefault(resource, {"id": resource})
        kept.update(changes)
        return {key: value for key, value in kept.items() if key != "id"}

    def add(self, store: Store, resource: str, fields: Any) -> dict[str, Any]:
        """Add a record of a resource no business rule keeps (under the store's lock).

        The record gets an id with its schema's prefix and ``created_at`` from the namespace's
        clock; a required field not given takes its schema's default or first example. For a
        resource the bundle serves only by listing and retrieving (the service makes its
        records), this is how a test gets one. Returns the record.
        """
        pointer = self._schema(resource)
        if resource in TABLES:
            raise bad_request(
                f"records of {resource} are made by the service's own operations: set their "
                f"fields with PATCH /_sandbox/records/{resource}/{{id}}"
            )
        parent = None
        if resource in self.parents:
            parent = self._parent(store, resource, fields)
            fields = {
                key: value for key, value in fields.items() if key != self.parents[resource][1]
            }
        record = self._checked(resource, fields)
        if parent is not None:
            record["_parent"] = parent
        declared = self.properties(pointer)
        schema = _deep(self.document, self._node(self.concrete(pointer)))
        match = _PREFIX.match(str(_deep(self.document, self._node(declared["id"])).get("pattern")))
        record["id"] = store.new_id(match.group(1) if match else resource.rstrip("s")[:4])
        for field in _required(schema):
            if field not in record and field in declared and field not in FIXED_FIELDS:
                record[field] = value_of(_deep(self.document, self._node(declared[field])))
        rendered = render(record)
        error = next(iter(self.schemas.validator(pointer).iter_errors(rendered)), None)
        if error is not None:
            raise bad_request(_describe(Problem(error), self.schemas.document, rendered))
        stamp = store.now()
        record["created_at" if "created_at" in declared else "_created_at"] = stamp
        table = records_of(store, resource)
        if isinstance(table, dict):
            table[record["id"]] = record
        else:
            table.append(record)
        return record

    def _parent(self, store: Store, resource: str, fields: Any) -> str:
        """Return the parent id a record of a list under a record names (400 or 404 if not)."""
        parent_resource, parameter = self.parents[resource]
        given = fields.get(parameter) if isinstance(fields, dict) else None
        if not isinstance(given, str):
            raise bad_request(f"{parameter} is required: the {parent_resource} record it is under")
        if _find(records_of(store, parent_resource), given) is None:
            raise not_found(
                f"{parameter} {shown(given)} does not match any {parent_resource} record"
            )
        return given


def _required(schema: dict[str, Any]) -> list[str]:
    found = list(schema.get("required", []))
    for part in schema.get("allOf", []):
        found += [name for name in _required(part) if name not in found]
    return found


def _rank(name: OperationShape) -> int:
    """Which operation's answer is the record's schema: retrieve, then a list item, then create."""
    if name.verb == "GET" and not name.is_list and len(name.path_params) == 1:
        return 0
    return 1 if name.is_list else 2


def _find(
    table: dict[str, dict[str, Any]] | list[dict[str, Any]], record_id: str
) -> dict[str, Any] | None:
    if isinstance(table, dict):
        return table.get(record_id)
    return next((record for record in table if record.get("id") == record_id), None)


def _stored(value: Any) -> Any:
    """Keep a date-time as the other records do (a ``datetime``, rendered in UTC with ``Z``)."""
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    return value
