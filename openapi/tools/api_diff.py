"""What changed for SDK users: the bundle against the baseline of the last release.

The bundle is read with our overlay applied (``overlay.py``: the SDK's names and the other
``x-`` additions are ours, not the provider's); the baseline is the document the release was
generated from, the overlay already in it (``make api-baseline``). Both sides are compared
*folded* (``fold.py``), so an operation that moves to another server
shows up as a move of its full path. Every change is classified from the point of view of a
client built on the baseline:

* **breaking**: that client may fail. An operation removed or moved, or its SDK method renamed
  (an operationId rename that keeps the method, ``refunds.create``, is not breaking, unless
  an inline body or answer's class is named after it: ``CreateRefundBody``);
  a parameter or body field removed or renamed, newly required, or narrowed (type, enum value
  removed, tighter bound, new pattern); a response field removed or no longer required, or
  widened (another type); a success status removed, or added with another answer than the
  first kept one's.
  The ``style``/``explode`` of an array or object parameter changed (old clients write it the
  old way) is breaking too.
  A webhook removed, sent with another method, or whose payload is another model class; a
  payload field removed or no longer required (a payload is read as an answer: the service
  writes it, the user reads it); the field every payload names its kind by lost.
  A **model class** users import gone: ``from payments_sdk.types import Old`` fails. The public
  classes are every one ``payments_sdk.types`` exports, which is every class openapi-python-client
  writes: the model of each request body, answer, nested object, webhook payload and component
  (used or not), and each enum; ``model_classes.py`` names them with the generator's own parser,
  as ``make generate`` does (a component's key, or where an inline object stands; never a
  ``title``, which ``generator_input.py`` leaves out). A component renamed with its ``$ref``s is
  the same shape under another class: reported on each operation that used the old class (a
  class nothing used, on ``model <Class>``), naming the class that now stands there
  (``model class BeneficiaryV2Request renamed BeneficiaryCreateRequest``). A webhook payload's
  own class is the webhook's ``payload model`` change.
* **non-breaking**: new operations, new webhooks, new optional parameters and fields, new
  request enum values, looser request bounds, new response and payload fields, new response
  enum values (the SDK keeps an unknown enum value as a string), new model classes,
  descriptions. A refactor that generates the same classes (a part moved to ``components``, a
  ``title``) is no change.

``readOnly`` and ``writeOnly`` are read by direction: a ``readOnly`` field is not part of any
request (it is answered, never sent), a ``writeOnly`` field not part of any response. So marking
a response-only field ``readOnly`` changes nothing; marking a field that requests carry
``readOnly`` removes it from them (breaking); marking a field that responses carry
``writeOnly`` removes it from them (breaking); and dropping either mark adds the field on that
side (compatible unless it is a newly required request field). ``deprecated: true`` on an
operation, a parameter or a field is reported, as compatible: every call still works, and warns.

The semver rule (``docs/development.md``): a breaking change needs a release that may break,
the next major version (``1.2.3`` to ``2.0.0``), or before 1.0 the next minor (``0.1.0`` to
``0.2.0``), and a ``### Breaking`` heading in that version's CHANGELOG section that names each
operation it breaks (by operationId). ``--check`` enforces it; ``make test`` runs it.

Usage: python openapi/tools/api_diff.py [--report | --check | --changelog] [--baseline DIR]
[--bundle JSON] [--overlay YAML|none]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from fold import METHODS, fold_server_prefixes
from overlay import OVERLAY, merged_bundle

__all__ = [
    "BASELINE",
    "Change",
    "changelog_draft",
    "check_release",
    "diff",
    "load_baseline",
    "required_version",
]

ROOT = Path(__file__).resolve().parent.parent.parent
BASELINE = ROOT / "openapi" / "baseline"
"""The last release's published bundle (``payments.json``) and its SDK version (``VERSION``)."""

_BOUNDS_TIGHTER_WHEN_LARGER = (
    "minimum",
    "exclusiveMinimum",
    "minLength",
    "minItems",
    "minProperties",
    "minContains",
)
_BOUNDS_TIGHTER_WHEN_SMALLER = (
    "maximum",
    "exclusiveMaximum",
    "maxLength",
    "maxItems",
    "maxProperties",
    "maxContains",
)
_NO_BOUND_AT_ZERO = ("minLength", "minItems", "minProperties")
"""Lower bounds that hold of every value at 0 (PayPal writes ``minLength: 0``)."""
# Keywords whose value is a rule (a schema, names, a condition): one added narrows what a value
# may be, one removed widens it, and one changed may do both, so it is read as both.
_RULES = (
    "uniqueItems",
    "contains",
    "prefixItems",
    "propertyNames",
    "patternProperties",
    "dependentSchemas",
    "if",
    "then",
    "else",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
)


@dataclass(frozen=True)
class Change:
    """One change between the baseline and the bundle."""

    breaking: bool
    operation: str
    """The operationId the change is seen through (the baseline's, for a removal)."""
    where: str
    """``METHOD /full/path`` and the part of it: ``query status``, ``body .amount``, ``200 .id``."""
    what: str

    def __str__(self) -> str:
        label = "BREAKING" if self.breaking else "added/compatible"
        return f"[{label}] {self.operation}: {self.where}: {self.what}"


def _resolve(document: dict[str, Any], node: Any) -> Any:
    seen = 0
    while isinstance(node, dict) and "$ref" in node and seen < 64:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
        seen += 1
    return node


def _flat(document: dict[str, Any], node: Any) -> Any:
    """Resolve ``node``; an ``allOf`` is compared as the one object it composes."""
    from payments_sdk._schema_views import merge_all_of

    if isinstance(node, dict) and "$ref" in node and len(node) > 1:
        # OpenAPI 3.1: keywords beside a $ref (deprecated, readOnly) apply there too.
        target = _flat(document, {"$ref": node["$ref"]})
        if isinstance(target, dict):
            return {**target, **{key: value for key, value in node.items() if key != "$ref"}}
    node = _resolve(document, node)
    if isinstance(node, dict) and node.get("allOf"):
        parts = [_flat(document, part) for part in node["allOf"]]
        return merge_all_of({**node, "allOf": parts})
    return node


def _is_multiple(value: Any, step: Any) -> bool:
    """Whether ``value`` is a multiple of ``step``, exactly (a float as the decimal it spells)."""
    exact = [Fraction(repr(n)) if isinstance(n, float) else Fraction(n) for n in (value, step)]
    return exact[1] > 0 and (exact[0] / exact[1]).denominator == 1


def _known(old: dict[str, Any], fields: list[str]) -> bool:
    """Whether every field of ``fields`` is one the old schema declares (or it names none)."""
    declared = old.get("properties", {})
    return all(field in declared for field in fields)


def _types(schema: dict[str, Any]) -> set[str] | None:
    kind = schema.get("type")
    if kind is None:
        return None
    return {kind} if isinstance(kind, str) else set(kind)


class _Differ:
    def __init__(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        self.old = old
        self.new = new
        self.changes: list[Change] = []
        self.renamed: dict[str, str] = {}
        """Routes whose path parameters were renamed: the new route -> the old one."""

    def add(self, breaking: bool, operation: str, where: str, what: str) -> None:
        self.changes.append(Change(breaking, operation, where, what))

    # -- schemas ---------------------------------------------------------------------------

    def schema(
        self,
        old_node: Any,
        new_node: Any,
        *,
        request: bool,
        operation: str,
        where: str,
        seen: frozenset[tuple[int, int]] = frozenset(),
    ) -> None:
        """Compare two schemas; ``request`` says which way the data flows (client to service)."""
        key = (id(old_node), id(new_node))
        if key in seen:
            return
        seen = seen | {key}
        old = _flat(self.old, old_node)
        new = _flat(self.new, new_node)
        if not isinstance(old, dict) or not isinstance(new, dict):
            return
        kept = self._kept_shape(old_node, old, new)
        if kept is not None:
            # A schema that became one shape of a new oneOf: the old shape is still accepted
            # (or still answered), and the others are new shapes.
            others = len(new["oneOf"]) - 1
            self.add(
                not request, operation, where, f"now oneOf: the old shape and {others} new one(s)"
            )
            self.schema(
                old_node, kept, request=request, operation=operation, where=where, seen=seen
            )
            return
        # Narrowing breaks a request (the client sends what is now refused); widening breaks a
        # response (the client receives what it never expected).
        old_types, new_types = _types(old), _types(new)
        if old_types is not None and new_types is not None and old_types != new_types:
            lost, gained = old_types - new_types, new_types - old_types
            if lost and request:
                self.add(True, operation, where, f"no longer accepts {', '.join(sorted(lost))}")
            if gained and not request:
                self.add(True, operation, where, f"may now be {', '.join(sorted(gained))}")
            if (lost and not request) or (gained and request):
                self.add(
                    False, operation, where, f"type {sorted(old_types)} -> {sorted(new_types)}"
                )
        if old.get("format") != new.get("format"):
            self.add(True, operation, where, f"format {old.get('format')} -> {new.get('format')}")
        if (
            request
            and old.get("additionalProperties") is not False
            and new.get("additionalProperties") is False
            and "properties" in new
        ):
            self.add(True, operation, where, "closed: undeclared fields are now refused")
        if request and old.get("not") != new.get("not"):
            # A new "not" refuses what was accepted (fields that may not go together).
            self.add(
                bool(new.get("not")),
                operation,
                where,
                f"not {old.get('not')} -> {new.get('not')}",
            )
        if bool(old.get("deprecated")) != bool(new.get("deprecated")):
            self.add(
                False,
                operation,
                where,
                "now deprecated (passing or reading it still works)"
                if new.get("deprecated")
                else "no longer deprecated",
            )
        for keyword in ("default", "x-sdk-default"):
            if request and old.get(keyword) != new.get(keyword):
                # Reported, not breaking: every call still works, but a caller who leaves the
                # argument out now sends (or gets) something else, and feels it.
                self.add(
                    False,
                    operation,
                    where,
                    f"{keyword} {old.get(keyword)!r} -> {new.get(keyword)!r} (a call that "
                    "leaves it out now behaves differently)",
                )
        self._enum(old, new, request=request, operation=operation, where=where)
        self._bounds(old, new, request=request, operation=operation, where=where)
        self._properties(old, new, request=request, operation=operation, where=where, seen=seen)
        if "items" in old and "items" in new:
            self.schema(
                old["items"],
                new["items"],
                request=request,
                operation=operation,
                where=f"{where}[]",
                seen=seen,
            )
        for combinator in ("oneOf", "anyOf"):
            self._branches(old, new, combinator, request, operation, where, seen)
        if isinstance(old.get("additionalProperties"), dict) and isinstance(
            new.get("additionalProperties"), dict
        ):
            self.schema(
                old["additionalProperties"],
                new["additionalProperties"],
                request=request,
                operation=operation,
                where=f"{where}.*",
                seen=seen,
            )

    def _kept_shape(self, old_node: Any, old: dict[str, Any], new: dict[str, Any]) -> Any:
        """Return the branch of ``new``'s oneOf that is ``old`` itself, when ``old`` had none."""
        if "oneOf" in old or not isinstance(new.get("oneOf"), list):
            return None
        reference = old_node.get("$ref") if isinstance(old_node, dict) else None
        for branch in new["oneOf"]:
            if isinstance(branch, dict) and (
                (reference is not None and branch.get("$ref") == reference)
                or _resolve(self.new, branch) == old
            ):
                return branch
        return None

    def _enum(
        self, old: dict[str, Any], new: dict[str, Any], *, request: bool, operation: str, where: str
    ) -> None:
        old_values = old.get("enum", [old["const"]] if "const" in old else None)
        new_values = new.get("enum", [new["const"]] if "const" in new else None)
        if old_values is None and new_values is None:
            return
        if old_values is None:
            self.add(request, operation, where, f"now limited to {new_values}")
            return
        if new_values is None:
            self.add(not request, operation, where, f"no longer limited to {old_values}")
            return
        removed = [v for v in old_values if v not in new_values]
        added = [v for v in new_values if v not in old_values]
        if removed:
            self.add(request, operation, where, f"enum values removed: {removed}")
        if added:
            # The SDK keeps an unknown response enum value as a string: adding one is compatible.
            self.add(False, operation, where, f"enum values added: {added}")

    def _bounds(
        self, old: dict[str, Any], new: dict[str, Any], *, request: bool, operation: str, where: str
    ) -> None:
        for name in (*_BOUNDS_TIGHTER_WHEN_LARGER, *_BOUNDS_TIGHTER_WHEN_SMALLER, "pattern"):
            before, after = old.get(name), new.get(name)
            if name in _NO_BOUND_AT_ZERO:  # minLength: 0 bounds nothing: as if absent
                before, after = before or None, after or None
            if before == after:
                continue
            if name == "pattern" or before is None or after is None:
                tighter = after is not None
            elif name in _BOUNDS_TIGHTER_WHEN_LARGER:
                tighter = after > before
            else:
                tighter = after < before
            # A tighter rule breaks what clients send; on a response it only narrows what they get.
            self.add(tighter == request, operation, where, f"{name} {before} -> {after}")
        self._rules(old, new, request=request, operation=operation, where=where)

    def _rules(
        self, old: dict[str, Any], new: dict[str, Any], *, request: bool, operation: str, where: str
    ) -> None:
        """Classify ``multipleOf``, ``dependentRequired`` and the keywords of ``_RULES``."""
        before, after = old.get("multipleOf"), new.get("multipleOf")
        if before != after:
            # Every multiple of the new step is one of the old: looser (or the same values).
            # Steps are read as the decimals the bundle wrote (0.01, not the float near it).
            looser = after is None or (before is not None and _is_multiple(before, after))
            tighter = before is None or (after is not None and _is_multiple(after, before))
            what = f"multipleOf {before} -> {after}"
            if tighter:
                self.add(request, operation, where, what)
            if looser:
                self.add(not request, operation, where, what)
            if not tighter and not looser:
                self.add(True, operation, where, what)
        old_needs = dict(old.get("dependentRequired", {}))
        new_needs = dict(new.get("dependentRequired", {}))
        for trigger in sorted({*old_needs, *new_needs}):
            gained = set(new_needs.get(trigger, ())) - set(old_needs.get(trigger, ()))
            lost = set(old_needs.get(trigger, ())) - set(new_needs.get(trigger, ()))
            what = (
                f"dependentRequired {trigger}: "
                f"{sorted(old_needs.get(trigger, []))} -> {sorted(new_needs.get(trigger, []))}"
            )
            if gained:
                # A rule triggered only by a field the last release did not have asks nothing
                # of the values its clients send.
                self.add(request and _known(old, [trigger]), operation, where, what)
            if lost:
                self.add(not request, operation, where, what)
        conditions = {
            "if": list(dict(new.get("if") or {}).get("required", [])),
            "then": list(dict(new.get("if") or {}).get("required", [])),
            **{f"dependentSchemas {key}": [key] for key in dict(new.get("dependentSchemas", {}))},
        }
        for name in _RULES:
            before, after = old.get(name), new.get(name)
            if before == after or (name == "uniqueItems" and not before and not after):
                continue
            if name in ("if", "then") and before is None and not _known(old, conditions[name]):
                self.add(False, operation, where, f"{name} added, on fields new in this version")
                continue
            if name == "dependentSchemas" and isinstance(after, dict):
                old_rules = dict(before or {})
                added = [key for key in after if key not in old_rules]
                if (
                    added
                    and not _known(old, added)
                    and all(old_rules.get(key) == after.get(key) for key in old_rules)
                ):
                    self.add(False, operation, where, f"dependentSchemas on new fields {added}")
                    continue
            what = f"{name} {json.dumps(before)} -> {json.dumps(after)}"
            if len(what) > 160:
                what = f"{name} changed"
            if before is None or before is False:
                self.add(request, operation, where, what)  # a new rule narrows
            elif after is None or after is False:
                self.add(not request, operation, where, what)  # a rule dropped widens
            else:
                self.add(True, operation, where, what)  # changed: may narrow and widen

    def _properties(
        self,
        old: dict[str, Any],
        new: dict[str, Any],
        *,
        request: bool,
        operation: str,
        where: str,
        seen: frozenset[tuple[int, int]],
    ) -> None:
        # A readOnly field is no part of a request, a writeOnly one no part of a response.
        hidden = "readOnly" if request else "writeOnly"
        old_props = self._side(self.old, old.get("properties", {}), hidden)
        new_props = self._side(self.new, new.get("properties", {}), hidden)
        old_required = set(old.get("required", [])) & set(old_props)
        new_required = set(new.get("required", [])) & set(new_props)
        for name in old_props:
            field = f"{where}.{name}"
            if name not in new_props:
                marked = name in new.get("properties", {})
                what = (
                    f"now {hidden}: no longer {'sent' if request else 'answered'}"
                    if marked
                    else "field removed (or renamed)"
                )
                self.add(True, operation, field, what)
                continue
            if request and name in new_required and name not in old_required:
                self.add(True, operation, field, "now required")
            if not request and name in old_required and name not in new_required:
                self.add(True, operation, field, "no longer always present")
            if request and name in old_required and name not in new_required:
                self.add(False, operation, field, "now optional")
            if not request and name in new_required and name not in old_required:
                self.add(False, operation, field, "now always present (no longer `X | None`)")
            self.schema(
                old_props[name],
                new_props[name],
                request=request,
                operation=operation,
                where=field,
                seen=seen,
            )
        for name in new_props:
            if name in old_props:
                continue
            needed = request and name in new_required
            state = "required" if name in new_required else "optional"
            self.add(needed, operation, f"{where}.{name}", f"new {state} field")

    @staticmethod
    def _side(document: dict[str, Any], properties: dict[str, Any], hidden: str) -> dict[str, Any]:
        """Return the properties one direction sees: without those marked ``hidden``."""
        seen = {name: _flat(document, sub) for name, sub in properties.items()}
        return {
            name: sub
            for name, sub in properties.items()
            if not (isinstance(seen[name], dict) and seen[name].get(hidden) is True)
        }

    def _branches(
        self,
        old: dict[str, Any],
        new: dict[str, Any],
        combinator: str,
        request: bool,
        operation: str,
        where: str,
        seen: frozenset[tuple[int, int]],
    ) -> None:
        old_branches = old.get(combinator, [])
        new_branches = new.get(combinator, [])
        if not old_branches and not new_branches:
            return

        def name(branch: Any, index: int) -> str:
            return str(branch.get("$ref", f"#{index}")).rsplit("/", 1)[-1]

        old_named = {name(b, i): b for i, b in enumerate(old_branches)}
        new_named = {name(b, i): b for i, b in enumerate(new_branches)}
        for branch in old_named:
            if branch not in new_named:
                self.add(request, operation, where, f"{combinator} shape {branch} removed")
            else:
                self.schema(
                    old_named[branch],
                    new_named[branch],
                    request=request,
                    operation=operation,
                    where=f"{where}<{branch}>",
                    seen=seen,
                )
        for branch in new_named:
            if branch not in old_named:
                self.add(not request, operation, where, f"{combinator} shape {branch} added")

    # -- operations ------------------------------------------------------------------------

    def operations(self) -> None:
        old_ops = _operations(self.old)
        new_ops = _operations(self.new)
        new_by_id = {op["operationId"]: route for route, op in new_ops.items()}
        # A path whose parameters are only renamed ({id} -> {refund_id}) is the same URL.
        new_by_shape = {_shape(route): route for route in new_ops}
        for route in list(old_ops):
            same = new_by_shape.get(_shape(route))
            if route not in new_ops and same is not None and same not in old_ops:
                old_ops[same] = old_ops.pop(route)
                self.renamed[same] = route
        for route, old_op in old_ops.items():
            operation = old_op["operationId"]
            if route not in new_ops:
                moved = new_by_id.get(operation)
                if moved is not None:
                    self.add(True, operation, route, f"moved to {moved}: the old path is gone")
                    self.operation(route, old_op, moved, new_ops[moved])
                else:
                    self.add(True, operation, route, "operation removed")
                continue
            new_op = new_ops[route]
            old_name, new_name = (
                _sdk_name(self.old, route, old_op),
                _sdk_name(self.new, route, new_op),
            )
            if old_name != new_name:
                self.add(True, operation, route, f"SDK method {old_name} -> {new_name}")
            if bool(old_op.get("deprecated")) != bool(new_op.get("deprecated")):
                self.add(
                    False,
                    operation,
                    route,
                    "operation now deprecated (calling it warns)"
                    if new_op.get("deprecated")
                    else "operation no longer deprecated",
                )
            if new_op["operationId"] != operation:
                # The SDK's methods, its sandbox and its CLI name operations by resource and
                # method, not by operationId: users see no change unless the method's name moves.
                self.add(
                    old_name != new_name,
                    operation,
                    route,
                    f"operationId {operation} -> {new_op['operationId']} "
                    f"(the SDK method stays {new_name})",
                )
            self.operation(route, old_op, route, new_op)
        old_ids = {op["operationId"] for op in old_ops.values()}
        for route, new_op in new_ops.items():
            if route not in old_ops and new_op["operationId"] not in old_ids:
                self.add(False, new_op["operationId"], route, "new operation")

    def operation(
        self, old_route: str, old_op: dict[str, Any], route: str, new_op: dict[str, Any]
    ) -> None:
        operation = old_op["operationId"]
        old_route = self.renamed.get(old_route, old_route)
        old_params = _parameters(self.old, old_route)
        new_params = _parameters(self.new, route)
        # Path parameters are matched by their place in the path, not by name: a rename changes
        # no URL (it renames the generated function's argument, which the wrapper passes by place).
        old_names = _PATH_VARIABLE.findall(old_route.split(" ", 1)[1])
        new_names = _PATH_VARIABLE.findall(route.split(" ", 1)[1])
        for old_name, new_name in zip(old_names, new_names, strict=False):
            if old_name != new_name and ("path", old_name) in old_params:
                old_params[("path", new_name)] = old_params.pop(("path", old_name))
                self.add(
                    False,
                    operation,
                    f"{route} path {new_name}",
                    f"path parameter {{{old_name}}} renamed {{{new_name}}} (same URL)",
                )
        for key, old_param in old_params.items():
            where = f"{route} {key[0]} {key[1]}"
            new_param = new_params.get(key)
            if new_param is None:
                self.add(True, operation, where, "parameter removed (or renamed)")
                continue
            if new_param.get("required") and not old_param.get("required"):
                self.add(True, operation, where, "parameter now required")
            self.style(operation, where, old_param, new_param)
            if bool(old_param.get("deprecated")) != bool(new_param.get("deprecated")):
                self.add(
                    False,
                    operation,
                    where,
                    "parameter now deprecated (giving it warns)"
                    if new_param.get("deprecated")
                    else "parameter no longer deprecated",
                )
            self.schema(
                old_param.get("schema"),
                new_param.get("schema"),
                request=True,
                operation=operation,
                where=where,
            )
        for key, new_param in new_params.items():
            if key not in old_params:
                required = bool(new_param.get("required"))
                state = "required" if required else "optional"
                self.add(
                    required, operation, f"{route} {key[0]} {key[1]}", f"new {state} parameter"
                )
        self.security(operation, route, old_op, new_op)
        self.body(operation, route, old_op.get("requestBody"), new_op.get("requestBody"))
        self.responses(operation, route, old_op.get("responses", {}), new_op.get("responses", {}))

    def security(
        self, operation: str, route: str, old_op: dict[str, Any], new_op: dict[str, Any]
    ) -> None:
        """Report the credentials an operation accepts: one no longer accepted breaks callers.

        Unless the operation now takes a call with no credential (``security: []``, or an empty
        requirement): every call a client made is still taken, its credential or not.
        """
        before = _security(self.old, old_op)
        after = _security(self.new, new_op)
        for requirement in sorted(before - after):
            self.add(
                _ANONYMOUS not in after,
                operation,
                f"{route} security",
                f"{requirement} no longer accepted",
            )
        for requirement in sorted(after - before):
            self.add(False, operation, f"{route} security", f"{requirement} now accepted")

    def style(self, operation: str, where: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        """Report a changed ``style`` or ``explode``: breaking for a list or a mapping.

        A client built on the last release writes the parameter the old way (``ids=a,b`` where
        ``ids=a&ids=b`` is now expected); a scalar is written alike in every style.
        """
        before, after = _style(old), _style(new)
        if before == after:
            return
        schema = _resolve(self.new, new.get("schema", {}))
        structured = isinstance(schema, dict) and schema.get("type") in ("array", "object")
        self.add(
            structured,
            operation,
            where,
            f"style {before[0]}{'' if before[1] else ' without explode'} -> "
            f"{after[0]}{'' if after[1] else ' without explode'}",
        )

    def body(self, operation: str, route: str, old: Any, new: Any) -> None:
        old = _resolve(self.old, old)
        new = _resolve(self.new, new)
        where = f"{route} body"
        if old is None and new is None:
            return
        if old is None:
            required = bool(new.get("required"))
            self.add(required, operation, where, "new request body")
            return
        if new is None:
            self.add(True, operation, where, "request body removed")
            return
        old_media, new_media = old.get("content", {}), new.get("content", {})
        for media, content in old_media.items():
            if media not in new_media:
                self.add(True, operation, where, f"{media} no longer accepted")
                continue
            self.schema(
                content.get("schema"),
                new_media[media].get("schema"),
                request=True,
                operation=operation,
                where=where,
            )
        for media in new_media:
            if media not in old_media:
                self.add(False, operation, where, f"{media} now accepted")

    def responses(
        self, operation: str, route: str, old: dict[str, Any], new: dict[str, Any]
    ) -> None:
        old_success = sorted(code for code in old if code.startswith("2"))
        new_success = sorted(code for code in new if code.startswith("2"))
        if old_success != new_success:
            # A success status added beside the ones kept, answering exactly what the first of
            # them answers (a 202 beside a 201, the same body), returns what the method
            # returned: compatible. A status removed, or one answering otherwise, is breaking.
            kept = [code for code in old_success if code in new_success]
            first = _resolve(self.new, new[kept[0]]).get("content") if kept else None
            alike = len(kept) == len(old_success) and all(
                _resolve(self.new, new[code]).get("content") == first
                for code in new_success
                if code not in kept
            )
            change = f"success status {', '.join(old_success)} -> {', '.join(new_success)}"
            if alike:
                change += f" (answering as {kept[0]} does)"
            self.add(not alike, operation, f"{route} responses", change)
        for code in old:
            if code not in new:
                if not code.startswith("2"):
                    self.add(False, operation, f"{route} {code}", "response no longer documented")
                continue
            old_content = _resolve(self.old, old[code]).get("content", {})
            new_content = _resolve(self.new, new[code]).get("content", {})
            for media, content in old_content.items():
                if media not in new_content:
                    self.add(True, operation, f"{route} {code}", f"{media} no longer answered")
                    continue
                self.schema(
                    content.get("schema"),
                    new_content[media].get("schema"),
                    request=False,
                    operation=operation,
                    where=f"{route} {code}",
                )
        for code in new:
            if code not in old and not code.startswith("2"):
                self.add(False, operation, f"{route} {code}", "new documented response")

    # -- webhooks ----------------------------------------------------------------------------

    def webhooks(self) -> None:
        """Report the webhooks' changes, each payload read as an answer is (the service writes).

        A webhook added is compatible; one removed, sent with another method, or whose payload
        is another model class, is breaking; a payload field removed or no longer required is
        breaking, a new optional one compatible, as in an answer. So are ``parse_any`` (a kind
        field every payload names itself by) gained or lost.
        """
        from payments_sdk import _webhook_parts as parts

        old = {hook.kind: hook for hook in parts.webhooks(self.old)}
        new = {hook.kind: hook for hook in parts.webhooks(self.new)}
        for kind, before in old.items():
            name = f"webhook {kind}"
            after = new.get(kind)
            if after is None:
                self.add(True, name, "webhooks", "webhook removed (parse no longer takes its kind)")
                continue
            where = f"{after.method} payload"
            if before.method != after.method:
                self.add(True, name, where, f"sent with {after.method} instead of {before.method}")
            if parts.model_name(before) != parts.model_name(after):
                change = f"payload model {parts.model_name(before)} -> {parts.model_name(after)}"
                self.add(True, name, where, change)
            if before.deprecated != after.deprecated:
                state = "now deprecated" if after.deprecated else "no longer deprecated"
                self.add(False, name, where, f"webhook {state}")
            self.schema(before.schema, after.schema, request=False, operation=name, where=where)
        for kind in new:
            if kind not in old:
                self.add(False, f"webhook {kind}", "webhooks", "new webhook")
        old_field, new_field = parts.kind_field(self.old), parts.kind_field(self.new)
        old_name = old_field[0] if old_field else None
        new_name = new_field[0] if new_field else None
        if old_name != new_name:
            self.add(
                old_name is not None,
                "webhooks",
                "parse_any",
                f"the field naming a payload's kind: {old_name} -> {new_name}",
            )

    # -- model classes -------------------------------------------------------------------------

    def classes(self) -> None:
        """Report the model classes users import that are gone, and the new ones.

        A class ``payments_sdk.types`` exported is breaking to lose (``from payments_sdk.types
        import Old`` fails), whether its schema was removed or renamed (the component's key: the
        same shape under another name is another class). Each loss is reported on every
        operation that used the class, naming the class that now stands there, if any; a class
        nothing used, on ``model <Class>``. A webhook payload's own class is the webhook check's
        (``payload model``). A new class is compatible.
        """
        from model_classes import model_classes, same_classes

        if same_classes(self.old, self.new):
            return  # only words, examples or bounds differ: the same classes (no parse needed)
        old, new = model_classes(self.old), model_classes(self.new)
        if old is None or new is None:
            return  # make generate refuses that side: there are no classes to compare
        standing = new.at()
        successors: set[str] = set()
        for name, uses in old.uses.items():
            if name in new.uses:
                continue
            fails = f" (`from payments_sdk.types import {name}` fails)"
            if not uses:
                self.add(
                    True,
                    f"model {name}",
                    "payments_sdk.types",
                    f"model class {name} removed{fails}",
                )
            for use in uses:
                if use.operation.startswith("webhook ") and use.where.endswith(" payload"):
                    continue  # the webhook check names its payload model's change
                after = standing.get(use.where)  # the same place, whatever its operationId
                if after is not None and after not in old.uses:
                    successors.add(after)
                    what = f"model class {name} renamed {after}"
                else:
                    what = f"model class {name} removed"
                self.add(True, use.operation, use.where, what + fails)
        for name, uses in new.uses.items():
            if name not in old.uses and name not in successors:
                use = uses[0] if uses else None
                self.add(
                    False,
                    use.operation if use else f"model {name}",
                    use.where if use else "payments_sdk.types",
                    f"new model class {name}",
                )


_PATH_VARIABLE = re.compile(r"\{([^{}/]+)\}")


def _sdk_name(document: dict[str, Any], route: str, operation: dict[str, Any]) -> str:
    """Return the SDK method an operation is (``refunds.create``), as ``make generate`` names it."""
    from payments_sdk._naming import is_list_envelope, method_of, resource_of

    verb, path = route.split(" ", 1)
    is_list = False
    for status, response in sorted(operation.get("responses", {}).items()):
        if status.startswith("2"):
            content = _resolve(document, response).get("content", {})
            schema = _resolve(document, content.get("application/json", {}).get("schema", {}))
            properties = {
                name: _resolve(document, sub) for name, sub in schema.get("properties", {}).items()
            }
            is_list = is_list_envelope({"properties": properties})
            break
    method = method_of(path, verb.lower(), operation, is_list, document)
    return f"{resource_of(path, operation, document)}.{method}"


def _shape(route: str) -> str:
    """Return a route with its path parameters unnamed: ``GET /v1/refunds/{}``."""
    return _PATH_VARIABLE.sub("{}", route)


def _operations(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        f"{method.upper()} {path}": operation
        for path, item in document.get("paths", {}).items()
        for method, operation in item.items()
        if method in METHODS and isinstance(operation, dict)
    }


_ANONYMOUS = "no credential"


def _security(document: dict[str, Any], operation: dict[str, Any]) -> set[str]:
    """Return an operation's security alternatives, each as ``A`` or ``A + B`` (all of them).

    An empty list (``security: []``: no requirement) is the one alternative of no credential.
    """
    requirements = operation.get("security", document.get("security", []))
    return {" + ".join(sorted(requirement)) or _ANONYMOUS for requirement in requirements} or {
        _ANONYMOUS
    }


def _style(param: dict[str, Any]) -> tuple[str, bool]:
    """Return a parameter's style and explode, with OpenAPI 3.1's defaults."""
    style = param.get("style") or ("form" if param.get("in") in ("query", "cookie") else "simple")
    return str(style), bool(param.get("explode", style == "form"))


def _parameters(document: dict[str, Any], route: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Return the parameters of ``route`` (``GET /v1/refunds``) by location and name."""
    from payments_sdk._operation_parts import parameters

    verb, path = route.split(" ", 1)
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for part in parameters(document, path, verb):  # the path item's, then the operation's own
        found[(part.value["in"], part.value["name"])] = part.value
    return found


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Return every change from the folded bundle ``old`` to the folded bundle ``new``."""
    differ = _Differ(old, new)
    differ.operations()
    differ.webhooks()
    differ.classes()
    return differ.changes


def load_baseline(directory: Path = BASELINE) -> tuple[dict[str, Any], str]:
    """Return the baseline's bundle, folded, and the SDK version it was released as.

    The baseline is the bundle the release was generated from, our overlay already applied.
    """
    folded = current(directory / "payments.json", overlay=None)
    return folded, (directory / "VERSION").read_text(encoding="utf-8").strip()


def _version(text: str) -> tuple[int, int, int]:
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)(?:[-+.].*)?", text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a semantic version")
    major, minor, patch = (int(part) for part in match.groups())
    return major, minor, patch


def required_version(baseline: str) -> str:
    """Return the first version after ``baseline`` that may break (next major; minor before 1)."""
    major, minor, _ = _version(baseline)
    return f"{major + 1}.0.0" if major >= 1 else f"0.{minor + 1}.0"


def _changelog_section(changelog: str, version: str) -> str | None:
    """Return the text of the CHANGELOG section of ``version`` (``## [version]``), if any."""
    match = re.search(
        rf"^## \[{re.escape(version)}\][^\n]*\n(.*?)(?=^## |\Z)", changelog, re.M | re.S
    )
    return match.group(1) if match else None


def check_release(
    changes: list[Change], *, baseline_version: str, version: str, changelog: str
) -> list[str]:
    """Return what the release lacks for its breaking changes (empty when it may ship them)."""
    breaking = [change for change in changes if change.breaking]
    if not breaking:
        return []
    problems: list[str] = []
    needed = required_version(baseline_version)
    if _version(version) < _version(needed):
        problems.append(
            f"the bundle breaks {len(breaking)} thing(s) against the {baseline_version} release, "
            f"so the SDK version must be at least {needed} (pyproject.toml says {version})"
        )
    section = _changelog_section(changelog, version)
    if section is None:
        problems.append(f"CHANGELOG.md has no '## [{version}]' section")
        return problems
    heading = re.search(r"^### Breaking[^\n]*\n(.*?)(?=^### |\Z)", section, re.M | re.S)
    if heading is None:
        problems.append(f"CHANGELOG.md's [{version}] section has no '### Breaking' heading")
        return problems
    unnamed = sorted({c.operation for c in breaking if c.operation not in heading.group(1)})
    if unnamed:
        problems.append(
            f"CHANGELOG.md's [{version}] '### Breaking' does not name: {', '.join(unnamed)}"
        )
    return problems


def current(bundle: Path, overlay: Path | None = OVERLAY) -> dict[str, Any]:
    """Return the folded form of the bundle at ``bundle`` (JSON) with ``overlay`` applied.

    An overlay action whose target the bundle no longer has is left out with a warning naming
    it (``make generate`` fails on it): a report of what changed still sees the rest, such as
    the removal that left the action without its target.
    """
    skipped: list[str] = []
    document: dict[str, Any] = merged_bundle(bundle, overlay, skipped=skipped)
    for problem in skipped:
        print(f"api-diff: warning: {problem} (left out)", file=sys.stderr)
    return fold_server_prefixes(document)


def report(changes: list[Change], baseline_version: str) -> str:
    """Return the changes as text, breaking ones first."""
    if not changes:
        return f"api-diff: no change for SDK users since {baseline_version}\n"
    breaking = [c for c in changes if c.breaking]
    lines = [
        f"api-diff against the {baseline_version} release: {len(breaking)} breaking, "
        f"{len(changes) - len(breaking)} compatible"
    ]
    lines += [f"  {change}" for change in sorted(changes, key=lambda c: not c.breaking)]
    return "\n".join(lines) + "\n"


def changelog_draft(changes: list[Change], version: str) -> str:
    """Return CHANGELOG entries for ``changes``: a draft to edit, grouped as the file groups them.

    Each breaking change is listed under ``### Breaking`` by its operationId, which is what
    :func:`check_release` looks for; compatible ones under ``### Added`` or ``### Changed``.
    """
    if not changes:
        return ""
    sections: dict[str, list[str]] = {"Breaking": [], "Added": [], "Changed": []}
    for change in changes:
        if change.breaking:
            heading = "Breaking"
        elif change.what.startswith(("new ", "enum values added")):
            heading = "Added"
        else:
            heading = "Changed"
        sections[heading].append(f"- `{change.operation}` ({change.where}): {change.what}.")
    lines = [f"## [{version}]", ""]
    for heading, entries in sections.items():
        if entries:
            lines += [f"### {heading}", "", *dict.fromkeys(entries), ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="fail unless the release may ship")
    parser.add_argument("--report", action="store_true", help="print the changes (default)")
    parser.add_argument(
        "--changelog", action="store_true", help="print a draft CHANGELOG section instead"
    )
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    parser.add_argument("--bundle", type=Path, default=ROOT / "openapi" / "payments.json")
    parser.add_argument(
        "--overlay", default=str(OVERLAY), help="applied to --bundle (`none`: the bundle as it is)"
    )
    args = parser.parse_args(argv)
    old, baseline_version = load_baseline(args.baseline)
    overlay = None if args.overlay == "none" else Path(args.overlay)
    changes = diff(old, current(args.bundle, overlay))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    if args.changelog:
        breaking = any(change.breaking for change in changes)
        version = required_version(baseline_version) if breaking else "Unreleased"
        sys.stdout.write(changelog_draft(changes, version))
        return 0
    sys.stdout.write(report(changes, baseline_version))
    if changes:
        print("(a draft CHANGELOG section: python openapi/tools/api_diff.py --changelog)")
    if not args.check:
        return 0
    problems = check_release(
        changes,
        baseline_version=baseline_version,
        version=pyproject["project"]["version"],
        changelog=(ROOT / "CHANGELOG.md").read_text(encoding="utf-8"),
    )
    for problem in problems:
        print(f"api-diff: {problem}", file=sys.stderr)
    if problems:
        print(
            "api-diff: a breaking change needs a version that may break and a CHANGELOG "
            "'### Breaking' entry naming each operation (docs/development.md, "
            "'When the spec changes'); or undo the change",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
