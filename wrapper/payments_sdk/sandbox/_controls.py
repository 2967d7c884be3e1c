"""The sandbox's controls, each described once: the table every front is built from.

A :class:`Control` names a control, its HTTP method and path under ``/_sandbox/``, the checks of
its arguments (``check``: the JSON body and path parameters in, the arguments of ``run`` out,
or an :class:`ApiError` naming the field), the state operation it performs (``run``), what its
HTTP answer is (``status``, ``answer``) and, optionally, its ``payments-sandbox`` subcommand
(:class:`Command`). From :data:`CONTROLS`:

- ``_control_routes.py`` serves each one over HTTP (the key names the namespace);
- ``Sandbox`` (``_sandbox.py``) runs it in process: its typed methods hand their arguments, as
  JSON, to ``Sandbox._control``, which runs the same checks and operation (a 400 is a
  ValueError, a 404 a KeyError);
- ``SandboxNamespace`` (``_namespace_client.py``) calls it over HTTP: its typed methods hand their
  arguments to ``SandboxNamespace._control``, which builds the request from the entry;
- ``_controls_cli.py`` makes each ``command`` a ``payments-sandbox GROUP ACTION`` subcommand that
  calls it through ``SandboxNamespace``.

So a new control is one entry here (plus, for Python callers, a typed one-line method on
``Sandbox`` and ``SandboxNamespace``), and the fronts cannot disagree on its checks. The clock
and the faults are also reached in process through their own objects (``sandbox.clock``,
``sandbox.faults``): those objects' methods are the state operations these entries run.

This module imports the server's state lazily: ``SandboxNamespace`` and the control commands
read the table without loading the sandbox.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ._errors import ApiError, bad_request, field_path, shown

if TYPE_CHECKING:
    from ._auth import KeyIssuer
    from ._clock import TestClock
    from ._faults import Fault
    from ._namespace_states import Spaces
    from ._record_fields import RecordFields

__all__ = [
    "CONTROLS",
    "MAX_ADVANCE",
    "MAX_SEED",
    "Call",
    "Command",
    "Control",
    "Positional",
    "State",
    "to_json",
]

MAX_SEED = 2**63 - 1
MAX_ADVANCE = 10 * 365 * 24 * 3600  # ten years, in seconds


@dataclass(frozen=True, slots=True)
class State:
    """What the controls act on: every namespace's state, the keys, the records' fields."""

    spaces: Spaces
    keys: KeyIssuer
    fields: Callable[[], RecordFields]


@dataclass(frozen=True, slots=True)
class Call:
    """One call of a control, as every front hands it to ``check``."""

    body: Any
    """The JSON body, parsed as every sandbox body is (``{}`` when there is none)."""
    path: dict[str, str]
    """The path parameters (``{"name": "before"}`` for ``/_sandbox/snapshots/{name}``)."""
    where: str
    """``METHOD /path`` as messages name the call (``POST /_sandbox/reset``)."""


@dataclass(frozen=True, slots=True)
class Positional:
    """A positional argument of a control's subcommand: a Python argument of the control."""

    name: str
    """The control's argument it gives (``record_id``)."""
    metavar: str
    help: str | None = None
    nargs: str | None = None
    assignments: bool = False
    """``FIELD=TEXT`` and ``FIELD:=JSON`` words, given as one object of fields."""


@dataclass(frozen=True, slots=True)
class Command:
    """A control's ``payments-sandbox GROUP ACTION`` subcommand."""

    group: str
    group_help: str
    action: str
    help: str
    show: Callable[[dict[str, Any], Any], None]
    """Print the control's HTTP answer (given the command's arguments)."""
    arguments: tuple[Positional, ...] = ()
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Control:
    """One sandbox control, described once."""

    name: str
    """How ``Sandbox._control`` and ``SandboxNamespace._control`` name it."""
    route: str
    """``METHOD /path``: ``DELETE /_sandbox/snapshots/{name}``."""
    run: Callable[..., Any]
    """The state operation: ``run(state, namespace, **arguments)``; raises ApiError to refuse."""
    check: Callable[[Call], dict[str, Any]] | None = None
    """The body and path parameters -> ``run``'s arguments; ``None``: no body, no arguments."""
    status: int = 200
    answer: Callable[[str, Any], Any] = lambda namespace, result: result
    """``(namespace, run's result)`` -> the HTTP answer's body (none for a 204)."""
    body: str | None = None
    """The Python argument that is the whole body (``fields``), if any, instead of one per field."""
    command: Command | None = None

    @property
    def method(self) -> str:
        """The HTTP method: ``DELETE``."""
        return self.route.partition(" ")[0]

    @property
    def path(self) -> str:
        """The path, with its parameters in braces: ``/_sandbox/snapshots/{name}``."""
        return self.route.partition(" ")[2]

    def parameters(self) -> list[str]:
        """Return the names of the path's parameters, in order."""
        return [part[1:-1] for part in self.path.split("/") if part.startswith("{")]


def to_json(value: Any, what: str) -> bytes:
    """Return a Python front's arguments as the JSON an HTTP caller would send.

    An aware ``datetime`` is sent as ISO 8601, as ``SandboxNamespace`` sends it. Raises
    ValueError naming ``what`` for a value JSON cannot carry (a set, NaN).
    """

    def plain(item: Any) -> Any:
        if isinstance(item, datetime):
            return item.isoformat()
        raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")

    try:
        return json.dumps(value, default=plain, allow_nan=False).encode()
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be JSON values: {exc}") from None


# -- the checks ------------------------------------------------------------------------------


def _fields(call: Call, allowed: frozenset[str], *, name: Callable[[str], str] = shown) -> Any:
    """Return the body as a JSON object of ``allowed`` fields, without fractional numbers."""
    from ._input import check_numbers

    body = call.body
    if not isinstance(body, dict):
        raise bad_request("body must be a JSON object")
    stray = next((key for key in body if key not in allowed), None)
    if stray is not None:
        raise bad_request(f"{name(stray)} is not a field of {call.where}")
    check_numbers(body)
    return body


def _name(value: object, field: str) -> str:
    from ._namespace_states import check_name

    return check_name(value, field)


def _integer(value: Any, name: str) -> Any:
    """Return an optional integer as sent (``None`` stays ``None``), refusing other types."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise bad_request(f"{name} must be an integer")
    return value


def _whole(value: Any, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def _no_fields(call: Call) -> dict[str, Any]:
    _fields(call, frozenset())
    return {}


def _named_in_path(call: Call) -> dict[str, Any]:
    _fields(call, frozenset())
    return {"name": _name(call.path["name"], "name")}


# -- namespaces and keys ---------------------------------------------------------------------


def _check_key(call: Call) -> dict[str, Any]:
    return {"wanted": _name(_fields(call, frozenset({"namespace"})).get("namespace"), "namespace")}


def _issue_key(state: State, namespace: str, *, wanted: str) -> dict[str, Any]:
    state.spaces.store(wanted)  # refuse now, not on first use, past the namespace limit
    return {"api_key": state.keys.issue_for(wanted), "namespace": wanted}


def _delete_namespace(state: State, namespace: str) -> None:
    from ._namespace_states import DEFAULT

    if namespace == DEFAULT:
        raise bad_request(
            "the default namespace cannot be deleted: reset it (POST /_sandbox/reset), or "
            "use a key of a namespace of your own"
        )
    state.spaces.delete(namespace)


# -- reset and snapshots ---------------------------------------------------------------------


def _check_reset(call: Call) -> dict[str, Any]:
    seed = _fields(call, frozenset({"seed"})).get("seed")
    if seed is not None and not _whole(seed, 0, MAX_SEED):
        raise bad_request(f"seed must be an integer from 0 to {MAX_SEED}")
    return {"seed": seed}


def _reset(state: State, namespace: str, *, seed: int | None) -> int | None:
    state.spaces.reset(namespace, seed)
    return seed


def _restore(state: State, namespace: str, *, name: str) -> str:
    state.spaces.restore(namespace, name)
    return name


def _snapshot(state: State, namespace: str, *, name: str) -> Any:
    return state.spaces.snapshot(namespace, name)


def _snapshots(state: State, namespace: str) -> Any:
    return state.spaces.snapshots(namespace)


def _delete_snapshot(state: State, namespace: str, *, name: str) -> None:
    state.spaces.delete_snapshot(namespace, name)


def _check_snapshot(call: Call) -> dict[str, Any]:
    return {"name": _name(_fields(call, frozenset({"name"})).get("name"), "name")}


def _print_snapshots(arguments: dict[str, Any], answer: Any) -> None:
    rows = answer["data"]
    width = max((len(row["name"]) for row in rows), default=4)
    print(f"{'name':<{width}}  {'taken_at':<27}  size")
    for row in rows:
        print(f"{row['name']:<{width}}  {row['taken_at'] or '-':<27}  {row['size']}")


def _said(text: str) -> Callable[[dict[str, Any], Any], None]:
    """Print ``text`` (formatted with the command's arguments) to stderr."""
    return lambda arguments, answer: print(text.format(**arguments), file=sys.stderr)


_SNAPSHOTS = "list or delete the namespace's snapshots"

# -- the clock -------------------------------------------------------------------------------


def _test_clock(state: State, namespace: str) -> TestClock:
    from ._clock import TestClock

    clock = state.spaces.clock(namespace)
    if not isinstance(clock, TestClock):
        raise ApiError(409, "this sandbox runs on a clock it was given; it cannot be moved")
    return clock


def _read_clock(state: State, namespace: str) -> dict[str, Any]:
    clock = _test_clock(state, namespace)
    return {"now": clock(), "frozen": clock.frozen}


def _check_move(call: Call) -> dict[str, Any]:
    body = _fields(call, frozenset({"freeze", "at", "advance", "resume"}))
    actions = [key for key in ("freeze", "advance", "resume") if key in body]
    if len(actions) != 1:
        raise bad_request("give exactly one of freeze, advance or resume")
    if "at" in body and actions != ["freeze"]:
        raise bad_request("at goes with freeze only")
    action = actions[0]
    if action in ("freeze", "resume") and body[action] is not True:
        raise bad_request(f"{action} must be true")
    if action == "advance" and not _whole(body["advance"], 0, MAX_ADVANCE):
        raise bad_request(f"advance must be whole seconds from 0 to {MAX_ADVANCE}")
    return {"action": action, "at": _instant(body.get("at")), "seconds": body.get("advance")}


def _move_clock(
    state: State, namespace: str, *, action: str, at: datetime | None, seconds: int | None
) -> dict[str, Any]:
    clock = _test_clock(state, namespace)
    try:
        if action == "freeze":
            clock.freeze(at)
        elif action == "resume":
            clock.resume()
        else:
            clock.advance(seconds or 0)
    except ValueError as exc:
        raise bad_request(str(exc)) from None
    return {"now": clock(), "frozen": clock.frozen}


def _instant(value: object) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise bad_request(
            f"at must be an ISO 8601 time with its offset, got a {type(value).__name__}"
        )
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise bad_request(
            f"at must be an ISO 8601 time with its offset, got {shown(value)}"
        ) from None
    if parsed.tzinfo is None:
        raise bad_request("at must carry its UTC offset (Z or +hh:mm)")
    return parsed


# -- faults ----------------------------------------------------------------------------------
# The JSON shape of a fault is checked here; its values (a status, a range of seconds or
# times, the operation's name) by the Faults method that adds it, whose ValueError is a 400.

_FAULT_FIELDS = {
    "fail": frozenset({"operation", "kind", "times", "status", "retry_after"}),
    "latency": frozenset({"operation", "kind", "times", "seconds"}),
    "drop": frozenset({"operation", "kind", "times", "when"}),
}
_FAULT_REQUIRED = {"fail": "status", "latency": "seconds", "drop": "when"}


def _check_fault(call: Call) -> dict[str, Any]:
    body = call.body
    if not isinstance(body, dict):
        raise bad_request("body must be a JSON object")
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in _FAULT_FIELDS:
        raise bad_request("kind must be one of fail, latency, drop")
    stray = next((key for key in body if key not in _FAULT_FIELDS[kind]), None)
    if stray is not None:
        raise bad_request(f"{field_path([stray])} is not a field of a {kind} fault")
    missing = next((key for key in ("operation", _FAULT_REQUIRED[kind]) if key not in body), None)
    if missing is not None:
        raise bad_request(f"{missing} is required for a {kind} fault")
    if not isinstance(body["operation"], str):
        raise bad_request(
            "operation must be a string: the SDK's name, an operationId or METHOD /path"
        )
    arguments = {key: body[key] for key in body if key != "kind"}
    arguments["times"] = _integer(body.get("times"), "times")
    if "times" not in body:
        arguments["times"] = None if kind == "latency" else 1
    if kind == "fail":
        arguments["retry_after"] = _integer(body.get("retry_after"), "retry_after")
        if _integer(body["status"], "status") is None:
            raise bad_request("status must be an integer")
    elif kind == "latency":
        arguments["seconds"] = _seconds(body["seconds"])
    return {"kind": kind, "arguments": arguments}


def _seconds(value: Any) -> Any:
    """Return a latency sent as a JSON number (a fraction arrives as an exact Decimal)."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_request("seconds must be a number")
    return value


def _add_fault(state: State, namespace: str, *, kind: str, arguments: dict[str, Any]) -> Any:
    faults = state.spaces.faults(namespace)
    add: Callable[..., Fault] = getattr(faults, kind)  # fail, latency or drop
    try:
        return add(**arguments)
    except ValueError as exc:
        raise bad_request(str(exc)) from None


def _clear_faults(state: State, namespace: str) -> None:
    state.spaces.faults(namespace).clear()


def _faults(state: State, namespace: str) -> dict[str, Any]:
    faults = state.spaces.faults(namespace)
    return {"data": [fault.to_dict() for fault in faults.pending()], "calls": faults.call_counts()}


# -- simulated payments ----------------------------------------------------------------------


def _check_payment(call: Call) -> dict[str, Any]:
    """Return ``add_payment`` arguments from a simulated payment's body, checked field by field."""
    import re

    from ._input import MAX_INTEGER
    from ._payin import creation_time

    fields = frozenset({"amount", "currency", "status", "held", "created_at"})
    body = _fields(call, fields, name=lambda key: field_path([key]))
    amount = body.get("amount", 1000)
    if not _whole(amount, 1, MAX_INTEGER):
        raise bad_request(f"amount must be an integer between 1 and {MAX_INTEGER}")
    currency = body.get("currency", "USD")
    if not (isinstance(currency, str) and re.fullmatch(r"[A-Z]{3}", currency)):
        raise bad_request("currency must be a 3-letter ISO 4217 code")
    status = body.get("status", "success")
    if not (isinstance(status, str) and re.fullmatch(r"[a-z_]{1,32}", status)):
        raise bad_request("status must be a lower-case word such as success or failed")
    held = body.get("held", False)
    if not isinstance(held, bool):
        raise bad_request("held must be a boolean")
    created_at = body.get("created_at")
    return {
        "amount": amount,
        "currency": currency,
        "status": status,
        "held": held,
        "created_at": None if created_at is None else creation_time(created_at),
    }


def _simulate_payment(state: State, namespace: str, **arguments: Any) -> dict[str, Any]:
    return _changed(state, namespace, lambda store: _add_payment(store, **arguments))


def _add_payment(store: Any, *, created_at: datetime | None, **arguments: Any) -> Any:
    from ._payin import add_payment, in_the_past

    return add_payment(store, **arguments, created_at=in_the_past(store, created_at))


def _changed(state: State, namespace: str, change: Callable[[Any], Any]) -> dict[str, Any]:
    """Make ``change`` to the namespace's store under its lock, commit it; return the record."""
    from ._store import render

    store = state.spaces.store(namespace)
    with store.lock:
        record = change(store)
        state.spaces.commit(namespace, store)
        rendered: dict[str, Any] = render(record)
    return rendered


# -- records ---------------------------------------------------------------------------------


def _check_record(call: Call) -> dict[str, Any]:
    from ._input import check_finite

    check_finite(call.body)  # the record's schema judges each number (set_fields checks it)
    return {"fields": call.body, **call.path}


def _set_fields(state: State, namespace: str, *, resource: str, id: str, fields: Any) -> Any:
    return _changed(state, namespace, lambda store: state.fields().set(store, resource, id, fields))


def _add_record(state: State, namespace: str, *, resource: str, fields: Any) -> Any:
    return _changed(state, namespace, lambda store: state.fields().add(store, resource, fields))


def _set_answer(state: State, namespace: str, *, resource: str, fields: Any) -> Any:
    return _changed(
        state, namespace, lambda store: state.fields().set_answer(store, resource, fields)
    )


def _print_record(arguments: dict[str, Any], answer: Any) -> None:
    print(json.dumps(answer, indent=2))


_RECORDS = "set fields of a record (sandbox-only)"
_ASSIGNMENTS = "FIELD=TEXT sets a string; FIELD:=JSON sets any JSON value"


CONTROLS: dict[str, Control] = {
    control.name: control
    for control in (
        Control("issue_key", "POST /_sandbox/keys", _issue_key, _check_key, status=201),
        Control(
            "reset", "POST /_sandbox/reset", _reset, _check_reset,
            answer=lambda namespace, seed: {"namespace": namespace, "seed": seed},
        ),
        Control(
            "snapshot", "POST /_sandbox/snapshots", _snapshot, _check_snapshot, status=201,
            answer=lambda namespace, info: {"namespace": namespace, **info},
        ),
        Control(
            "snapshots", "GET /_sandbox/snapshots", _snapshots,
            answer=lambda namespace, rows: {"namespace": namespace, "data": rows},
            command=Command(
                "snapshots", _SNAPSHOTS, "list",
                "one line per snapshot: name, time taken (UTC), size", _print_snapshots,
            ),
        ),
        Control(
            "restore", "POST /_sandbox/snapshots/{name}/restore", _restore, _named_in_path,
            answer=lambda namespace, name: {"namespace": namespace, "name": name},
        ),
        Control(
            "delete_snapshot", "DELETE /_sandbox/snapshots/{name}", _delete_snapshot,
            _named_in_path, status=204,
            command=Command(
                "snapshots", _SNAPSHOTS, "delete", "remove the snapshot NAME",
                _said("deleted snapshot {name}"), (Positional("name", "NAME"),),
            ),
        ),
        Control(
            "delete_namespace", "DELETE /_sandbox/namespace", _delete_namespace, _no_fields,
            status=204,
            command=Command(
                "namespace", "delete the key's namespace", "delete",
                "delete the namespace: records, snapshots, clock and faults",
                _said("deleted the namespace"),
            ),
        ),
        Control("clock", "GET /_sandbox/clock", _read_clock),
        Control("move_clock", "POST /_sandbox/clock", _move_clock, _check_move),
        Control(
            "add_fault", "POST /_sandbox/faults", _add_fault, _check_fault, status=201,
            answer=lambda namespace, fault: fault.to_dict(),
        ),
        Control("faults", "GET /_sandbox/faults", _faults),
        Control("clear_faults", "DELETE /_sandbox/faults", _clear_faults, status=204),
        Control(
            "simulate_payment", "POST /_sandbox/payments", _simulate_payment, _check_payment,
            status=201,
        ),
        Control(
            "set_fields", "PATCH /_sandbox/records/{resource}/{id}", _set_fields, _check_record,
            body="fields",
            command=Command(
                "records", _RECORDS, "set",
                "set fields of a record to values the bundle allows; print the record as JSON",
                _print_record,
                (
                    Positional("resource", "RESOURCE", "as the SDK names it: rfis"),
                    Positional("id", "ID", "the record's id"),
                    Positional("fields", "FIELD=VALUE", nargs="+", assignments=True),
                ),
                f"{_ASSIGNMENTS} (a number, true, null, an object or an array).",
            ),
        ),
        Control(
            "add_record", "POST /_sandbox/records/{resource}", _add_record, _check_record,
            status=201, body="fields",
            command=Command(
                "records", _RECORDS, "add",
                "add a record to a resource no business rule keeps; print it as JSON",
                _print_record,
                (
                    Positional("resource", "RESOURCE", "as the SDK names it"),
                    Positional("fields", "FIELD=VALUE", nargs="*", assignments=True),
                ),
                f"{_ASSIGNMENTS}.",
            ),
        ),
        Control(
            "set_answer", "PATCH /_sandbox/records/{resource}", _set_answer, _check_record,
            body="fields",
        ),
    )
}  # fmt: skip
"""Every control, by name; the fronts read it when they are built (a test may add one)."""
