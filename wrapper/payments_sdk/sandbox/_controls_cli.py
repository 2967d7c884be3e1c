"""``payments-sandbox snapshots|namespace ...``: a served sandbox's controls from a shell.

They talk to a running sandbox (``PAYMENTS_BASE_URL``, or ``--url``) with the key in
``PAYMENTS_API_KEY`` (never an argument, so it stays out of shell history and ``ps``), and act
on the namespace that key names, as the HTTP controls do:

- ``snapshots list``: one line per snapshot, ``name  taken_at  size``;
- ``snapshots delete NAME``: remove one;
- ``namespace delete``: delete the key's namespace (records, snapshots, clock, faults);
- ``records set RESOURCE ID FIELD=TEXT FIELD:=JSON ...``: set fields of a record to values the
  bundle allows (``records set rfis rfi_... status=expired``); prints the record as JSON;
- ``records add RESOURCE FIELD=TEXT ...``: add a record to a resource no business rule keeps.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ._namespace import SandboxControlError, SandboxNamespace

__all__ = ["COMMANDS", "controls_main"]

COMMANDS = frozenset({"snapshots", "namespace", "records"})
"""The first words that select a control command instead of serving."""


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Drive a running sandbox's controls for the namespace of PAYMENTS_API_KEY.",
    )
    parser.add_argument(
        "--url",
        default=None,
        help="the sandbox's base URL, ending in /v1 (default: $PAYMENTS_BASE_URL)",
    )
    commands = parser.add_subparsers(dest="group", required=True)
    snapshots = commands.add_parser("snapshots", help="list or delete the namespace's snapshots")
    actions = snapshots.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="one line per snapshot: name, time taken (UTC), size")
    delete = actions.add_parser("delete", help="remove the snapshot NAME")
    delete.add_argument("name", metavar="NAME")
    namespace = commands.add_parser("namespace", help="delete the key's namespace")
    namespace_actions = namespace.add_subparsers(dest="action", required=True)
    namespace_actions.add_parser(
        "delete", help="delete the namespace: records, snapshots, clock and faults"
    )
    records = commands.add_parser("records", help="set fields of a record (sandbox-only)")
    records_actions = records.add_subparsers(dest="action", required=True)
    set_fields = records_actions.add_parser(
        "set",
        help="set fields of a record to values the bundle allows; print the record as JSON",
        description="FIELD=TEXT sets a string; FIELD:=JSON sets any JSON value "
        "(a number, true, null, an object or an array).",
    )
    set_fields.add_argument("resource", metavar="RESOURCE", help="as the SDK names it: rfis")
    set_fields.add_argument("id", metavar="ID", help="the record's id")
    set_fields.add_argument("fields", metavar="FIELD=VALUE", nargs="+")
    add = records_actions.add_parser(
        "add",
        help="add a record to a resource no business rule keeps; print it as JSON",
        description="FIELD=TEXT sets a string; FIELD:=JSON sets any JSON value.",
    )
    add.add_argument("resource", metavar="RESOURCE", help="as the SDK names it")
    add.add_argument("fields", metavar="FIELD=VALUE", nargs="*")
    return parser


def _assignments(parser: argparse.ArgumentParser, words: list[str]) -> dict[str, object]:
    """``status=expired`` and ``documents:=[...]`` as the fields to set (JSON after ``:=``)."""
    fields: dict[str, object] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or not name or name == ":":
            parser.error(f"{word!r} is not FIELD=TEXT or FIELD:=JSON")
        if name.endswith(":"):
            try:
                fields[name[:-1]] = json.loads(value)
            except ValueError:
                parser.error(f"{name[:-1]}: the value after := is not JSON")
        else:
            fields[name] = value
    return fields


def controls_main(argv: list[str], prog: str = "payments-sandbox") -> int:
    """Run one control command; return the exit code (0, 1 refused, 2 usage)."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    fields = _assignments(parser, args.fields) if args.group == "records" else {}
    url = args.url or os.environ.get("PAYMENTS_BASE_URL")
    key = os.environ.get("PAYMENTS_API_KEY")
    if not url or not key:
        parser.error("set PAYMENTS_BASE_URL (or --url) and PAYMENTS_API_KEY to reach a sandbox")
    import httpx

    handle = SandboxNamespace(url, key, namespace="")
    try:
        if args.group == "snapshots" and args.action == "list":
            rows = handle.snapshots()
            width = max((len(row["name"]) for row in rows), default=4)
            print(f"{'name':<{width}}  {'taken_at':<27}  size")
            for row in rows:
                print(f"{row['name']:<{width}}  {row['taken_at'] or '-':<27}  {row['size']}")
        elif args.group == "records":
            if args.action == "add":
                record = handle.add_record(args.resource, fields)
            else:
                record = handle.set_fields(args.resource, args.id, fields)
            print(json.dumps(record, indent=2))
        elif args.group == "snapshots":
            handle.delete_snapshot(args.name)
            print(f"deleted snapshot {args.name}", file=sys.stderr)
        else:
            handle.delete()
            print("deleted the namespace", file=sys.stderr)
    except SandboxControlError as exc:
        print(f"error: {exc.message} ({exc.status})", file=sys.stderr)
        return 1
    except httpx.HTTPError as exc:
        print(f"error: cannot reach {url}: {type(exc).__name__}", file=sys.stderr)
        return 1
    return 0
