"""How the sandbox answers an operation: its business handler, or the REST convention.

Each operation is named as the SDK names it (:mod:`payments_sdk._naming`): ``refunds.create``,
``orders.update_rfi``. Renaming an ``operationId`` in the bundle changes neither name, so it
changes nothing here. An operation whose name has a business handler (:data:`BUSINESS`) runs
it; every other one is served by convention, over the records of its resource:

- ``create`` stores a record built from the request body, the response schema's defaults and
  examples, an id with the schema's prefix and ``created_at`` from the namespace's clock;
- ``retrieve`` and ``update`` (and ``delete``) address a record by its path id;
- ``list`` answers the list envelope, newest first, with every declared filter that names a
  field of the record applied (equal values; ``before``/``after`` on ``created_at``; a filter
  that names no field is taken and not applied) and the pages of ``per_page``/``page``, or
  one page when the operation has no page parameters.

A record's fields are those of the response schema with every ``allOf`` merged (a shared base
plus own fields); a ``writeOnly`` field is taken from the request but neither kept nor answered.
An operation whose success is not JSON (``text/csv``, ``application/pdf``) answers, by
convention, the example its media type gives (else an empty body of that type), after finding
the record its path names (404 when there is none).

Any other shape is served too, never with a 5xx: an action under a record (``POST
/payments/{id}/capture``) finds the record (404 when there is none), applies the request's
declared fields and answers it; anything else answers a value of its response schema. Everything
runs on the namespace's store, so records, snapshots and the clock work the same for every
resource.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from ._errors import UnknownShape, bad_request, not_found, shown
from ._handlers import BUSINESS, MATCHERS, Handler
from ._operation_index import OperationShape
from ._request_validation import Validated
from ._schema_values import value_of as _placeholder  # a value of a schema: its own, or least
from ._store import TABLES, Store, paginate

__all__ = ["Handler", "OperationShape", "RawBody", "answers_alone", "handler_for"]


# What a request field kept with a record may be: what a JSON body holds (a multipart file's
# bytes are the upload's, which its rule stores).
_JSON_VALUES = (str, int, bool, list, dict, type(None))
_PREFIX = re.compile(r"^\^([a-z]+)_")


class RawBody:
    """An answer that is not JSON: its bytes and media type, sent as they are."""

    __slots__ = ("content", "media_type")

    def __init__(self, content: bytes, media_type: str) -> None:
        self.content = content
        self.media_type = media_type


def records_of(store: Store, resource: str) -> dict[str, dict[str, Any]] | list[dict[str, Any]]:
    """Return the records of a resource in creation order: its business table, or a generic one."""
    table = TABLES.get(resource)
    if table is not None:
        found: dict[str, dict[str, Any]] | list[dict[str, Any]] = getattr(store, table)
        return found
    return store.collections.setdefault(resource, {})


def _singular(resource: str) -> str:
    return resource.replace("_", " ").removesuffix("s")


def _find(store: Store, name: OperationShape, record_id: str) -> dict[str, Any]:
    table = records_of(store, name.resource)
    found = table.get(record_id) if isinstance(table, dict) else None
    if isinstance(table, list):
        found = next((r for r in table if r.get("id") == record_id), None)
    if found is None:
        raise not_found(f"id {shown(record_id)} does not match any {_singular(name.resource)}")
    return found


def _is_object(schema: Mapping[str, Any]) -> bool:
    """Whether an answer's (resolved) schema is an object, which the convention builds."""
    kind = schema.get("type")
    return kind == "object" or (kind is None and "items" not in schema)


def _build(store: Store, name: OperationShape, body: Any) -> dict[str, Any]:
    schema = name.response or {}
    properties: Mapping[str, Any] = schema.get("properties", {})
    given = body if isinstance(body, dict) else {}
    record: dict[str, Any] = {
        key: given[key] for key, sub in properties.items() if key in given and _answered(sub)
    }
    # What the request sent that the record does not declare (a field of a request shape a
    # business rule left to the convention) is kept, never answered: "_" keys are not rendered.
    kept = {key: given[key] for key in list(given) if key not in properties}
    if kept:
        record["_request"] = kept
    if "id" in properties:
        match = _PREFIX.match(str(properties["id"].get("pattern", "")))
        prefix = match.group(1) if match else name.resource.rstrip("s")[:4]
        record["id"] = _id_of_format(store.new_id(prefix), properties["id"].get("format"))
    answered = {key: sub for key, sub in properties.items() if _answered(sub)}
    for key in schema.get("required", []):
        if key not in record and key in answered:
            record[key] = _placeholder(answered[key])
    for key, sub in answered.items():
        if key not in record and ("default" in sub or "examples" in sub) and key != "created_at":
            record[key] = _placeholder(sub)
    record["created_at"] = store.now()
    if "created_at" not in properties:
        record["_created_at"] = record.pop("created_at")
    return record


def _id_of_format(new_id: str, format_: Any) -> str:
    """Return a new record id in the ``format`` its schema gives (a URI, a UUID), else as is.

    Each is made from the store's own new id, so ids stay distinct and never reissued.
    """
    if format_ in ("uri", "iri", "uri-reference", "iri-reference"):
        return f"https://sandbox.test/{new_id}"
    if format_ == "uuid":
        return str(uuid.uuid5(uuid.NAMESPACE_URL, new_id))
    return new_id


def _answered(schema: Mapping[str, Any]) -> bool:
    """Whether a response field may be answered: a ``writeOnly`` one never is."""
    return not (isinstance(schema, Mapping) and schema.get("writeOnly") is True)


def _wanted(name: OperationShape, query: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Return the declared filters the request gives, with their values (read once)."""
    return [(field, query[field]) for field in name.filters if field in query]


def _holds(held: Any, wanted: Any) -> bool:
    """Whether a record's value matches a filter's: equal, or by array membership.

    An array filter (``status=a&status=b``) matches any of its values; a record's array field
    matches a value it holds; an object filter (``deepObject``) matches each of its fields.
    """
    if isinstance(wanted, list):
        return any(_holds(held, one) for one in wanted)
    if isinstance(wanted, dict):
        return isinstance(held, Mapping) and all(
            _holds(held.get(key), value) for key, value in wanted.items()
        )
    if isinstance(held, list):
        return wanted in held
    return bool(held == wanted)


def _matches(
    name: OperationShape, record: Mapping[str, Any], wanted: list[tuple[str, Any]]
) -> bool:
    fields = (name.item or {}).get("properties", {})
    for field, value in wanted:
        matcher = MATCHERS.get((name.resource, field))
        if matcher is not None:
            if not matcher(record, value):
                return False
        elif isinstance(value, dict) and field not in fields:
            # An object filter the record does not hold as a field: its fields are the record's.
            if not _holds(record, value):
                return False
        elif field not in fields:
            # A filter that names no field of the record (``include_expired``, ``min_amount``):
            # what it means is prose, not the bundle, so the convention takes it and lists all.
            continue
        elif not _holds(record.get(field), value):
            return False
    return True


def _one_page(rows: list[dict[str, Any]]) -> dict[str, Any]:
    rows = sorted(rows, key=lambda r: r["created_at"], reverse=True)
    return {
        "data": rows,
        "page_meta": {
            "current": 1,
            "previous": None,
            "next": None,
            "per_page": max(20, len(rows)),
            "pages": 1,
            "count": len(rows),
        },
    }


def _raw(name: OperationShape) -> Handler:
    """Answer a non-JSON success with its example, once the path's record (if any) is found."""
    media = str(name.media_type)
    example = name.raw_example

    def raw(store: Store, v: Validated) -> tuple[int, Any]:
        if len(name.path_params) == 1:
            _find(store, name, v.path[name.path_params[0]])
        return name.status, RawBody(example, media)

    return raw


def _conventional(name: OperationShape) -> Handler:
    """Return the convention's handler for ``name``: REST's where it fits, else an action's."""
    return _rest(name) or _acting(name)


def _rest(name: OperationShape) -> Handler | None:
    """Return the REST convention's handler for ``name``, or None when it does not fit."""
    if name.media_type is not None and name.verb == "GET" and len(name.path_params) <= 1:
        return _raw(name)
    if name.is_list and name.verb == "GET" and len(name.path_params) == 1:
        (parent,) = name.path_params

        def nested(store: Store, v: Validated) -> tuple[int, Any]:
            # A list under one record (``/payments/{payment_id}/events``): that record must
            # exist, and the list holds what was added under it (its own collection).
            _find(store, name, v.path[parent])
            table = store.collections.setdefault(name.key, {})
            wanted = _wanted(name, v.query)
            kept = [
                r
                for r in table.values()
                if r.get("_parent") == v.path[parent] and _matches(name, r, wanted)
            ]
            return 200, paginate(kept, v.query) if name.paged else _one_page(kept)

        return nested
    if name.is_list and name.verb == "GET":

        def listing(store: Store, v: Validated) -> tuple[int, Any]:
            table = records_of(store, name.resource)
            rows: Iterable[dict[str, Any]] = table.values() if isinstance(table, dict) else table
            wanted = _wanted(name, v.query)
            kept = [r for r in rows if "created_at" in r and _matches(name, r, wanted)]
            return 200, paginate(kept, v.query) if name.paged else _one_page(kept)

        return listing
    if len(name.path_params) == 1 and name.path.endswith("}"):
        (key,) = name.path_params
        if name.verb == "GET":
            return lambda store, v: (name.status, _find(store, name, v.path[key]))
        if name.verb in ("PATCH", "PUT"):

            def update(store: Store, v: Validated) -> tuple[int, Any]:
                record = _find(store, name, v.path[key])
                if isinstance(v.body, dict):
                    record.update(v.body)
                return name.status, record

            return update
        if name.verb == "DELETE":

            def delete(store: Store, v: Validated) -> tuple[int, Any]:
                record = _find(store, name, v.path[key])
                table = records_of(store, name.resource)
                if isinstance(table, dict):
                    del table[record["id"]]
                return (name.status, record) if name.response else (204, None)

            return delete
    if name.verb == "POST" and not name.path_params and name.response is not None:

        def create(store: Store, v: Validated) -> tuple[int, Any]:
            record = _build(store, name, v.body)
            if "id" not in record:  # an answer with no id is no record to keep: a computation
                return name.status, record
            table = records_of(store, name.resource)
            if isinstance(table, dict):
                table[record["id"]] = record
            else:
                table.append(record)
            return name.status, record

        return create
    return None


def _acting(name: OperationShape) -> Handler:
    """Serve any other shape, never with a 5xx: an action on a record, or an answer by schema.

    An action under a record (``POST /payments/{id}/capture``) finds that record (404 when
    there is none) and, when its answer is that record, applies the request's declared fields
    to it and answers it. Anything else answers a value of its response schema (built as a
    created record is, and not stored), or no body when the bundle declares none.
    """
    properties = (name.response or {}).get("properties", {})
    declared = tuple(key for key, sub in properties.items() if _answered(sub))
    answers_record = "id" in properties

    def acting(store: Store, v: Validated) -> tuple[int, Any]:
        record = None
        if name.path_params:
            record = _find(store, name, v.path[name.path_params[0]])
        if name.response is None:
            return name.status, None
        if record is not None and answers_record and not name.is_list:
            if name.verb != "GET" and isinstance(v.body, dict):
                record.update({key: v.body[key] for key in declared if key in v.body})
            return name.status, record
        if name.is_list:
            return name.status, _one_page([])
        if not _is_object(name.response):  # a top-level array, string, number...
            return name.status, _placeholder(name.response)
        return name.status, _build(store, name, v.body)

    return acting


def _carrying(name: OperationShape, handler: Handler) -> Handler:
    """Wrap a business handler so the record it answers carries the request's declared fields.

    A field the bundle adds to a request and to its record (an optional ``reason`` on a
    refund, say) then reaches the answer, and the state file, with no new line in the handler.
    """
    properties = (name.response or {}).get("properties", {})
    declared = tuple(key for key, sub in properties.items() if _answered(sub))

    def carrying(store: Store, v: Validated) -> tuple[int, Any]:
        # Taken before the rule runs: the caller's values, whatever the rule does with the body.
        given = v.body if isinstance(v.body, Mapping) else {}
        offered = {key: given[key] for key in declared if key in given}
        # A field the request has and the record does not declare (a notify_url, tags) is kept
        # with the record, never answered, as the convention keeps it ("_" keys are not shown).
        kept = {
            key: given[key]
            for key in given
            if key not in properties and isinstance(given[key], _JSON_VALUES)  # not a file
        }
        status, record = handler(store, v)
        if isinstance(record, dict):
            carried = [key for key in offered if key not in record]
            for key in carried:
                record[key] = offered[key]
            if kept and "id" in record and 200 <= status < 300:
                record.setdefault("_request", {}).update(kept)
        return status, record

    return carrying


def _known_shapes(name: OperationShape, business: Handler) -> Handler:
    """Serve a request shape the business rule does not know by the convention, else a 400.

    A rule raises :class:`UnknownShape` before it changes anything, so a new ``oneOf`` variant
    of a request (a third way to create an order) is stored as the bundle describes it, and
    never answered with a 5xx.
    """
    convention = _rest(name)

    def guarded(store: Store, v: Validated) -> tuple[int, Any]:
        try:
            return business(store, v)
        except UnknownShape as exc:
            if convention is None:
                raise bad_request(exc.message) from None
            return convention(store, v)

    return guarded


def answers_alone(name: OperationShape) -> bool:
    """Whether ``name`` reads an answer no record backs: one object with no ``id`` and no path.

    The FX rate, the balances, the ping: the rule computes them on each call, so a field the
    bundle gives them is set on the resource's answers (:attr:`Store.answer_fields`), not on
    a record.
    """
    response = name.response
    return (
        name.verb == "GET"
        and not name.path_params
        and not name.is_list
        and isinstance(response, Mapping)
        and "id" not in response.get("properties", {})
    )


def _with_answer_fields(name: OperationShape, handler: Handler) -> Handler:
    """Add the fields set on the resource's answers (``PATCH /_sandbox/records/{resource}``)."""

    def answered(store: Store, v: Validated) -> tuple[int, Any]:
        status, body = handler(store, v)
        fields = store.answer_fields.get(name.resource)
        if fields and isinstance(body, dict):
            body = {**body, **{key: value for key, value in fields.items() if key != "id"}}
        return status, body

    return answered


def handler_for(name: OperationShape) -> Handler:
    """Return the business handler, else the convention's (every operation has one)."""
    business = BUSINESS.get(name.key)
    if business is not None:
        business = _known_shapes(name, business)
        if answers_alone(name):
            return _with_answer_fields(name, business)
        return _carrying(name, business) if name.verb in ("POST", "PUT", "PATCH") else business
    return _conventional(name)
