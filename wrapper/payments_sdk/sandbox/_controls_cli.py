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

from ._controls import CONTROLS, Control
from ._namespace_client import SandboxControlError, SandboxNamespace

__all__ = ["COMMANDS", "controls_main", "groups", "usage_lines"]


def groups() -> frozenset[str]:
    """Return the first words that select a control command instead of serving."""
    return frozenset(control.command.group for control in CONTROLS.values() if control.command)


COMMANDS = groups()
"""The first words that select a control command instead of serving."""


def _commands() -> dict[tuple[str, str], Control]:
    """Return each control that has a command, by its words (``("snapshots", "list")``)."""
    return {
        (control.command.group, control.command.action): control
        for control in CONTROLS.values()
        if control.command is not None
    }


def usage_lines(prog: str) -> list[str]:
    """Return one usage line per control command (``payments-sandbox snapshots delete NAME``)."""
    return [
        " ".join(
            [prog, group, action]
            + [
                "FIELD=TEXT FIELD:=JSON ..." if argument.assignments else argument.metavar
                for argument in control.command.arguments
            ]
        )
        for (group, action), control in _commands().items()
        if control.command is not None
    ]


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
    groups = parser.add_subparsers(dest="group", required=True)
    actions: dict[str, argparse._SubParsersAction[argparse.ArgumentParser]] = {}
    for (group, action), control in _commands().items():
        command = control.command
        assert command is not None
        if group not in actions:
            actions[group] = groups.add_parser(group, help=command.group_help).add_subparsers(
                dest="action", required=True
            )
        words = actions[group].add_parser(
            action, help=command.help, description=command.description
        )
        for argument in command.arguments:
            words.add_argument(
                argument.name, metavar=argument.metavar, help=argument.help, nargs=argument.nargs
            )
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
    control = _commands()[args.group, args.action]
    assert control.command is not None
    arguments = {
        argument.name: (
            _assignments(parser, getattr(args, argument.name))
            if argument.assignments
            else getattr(args, argument.name)
        )
        for argument in control.command.arguments
    }
    url = args.url or os.environ.get("PAYMENTS_BASE_URL")
    key = os.environ.get("PAYMENTS_API_KEY")
    if not url or not key:
        parser.error("set PAYMENTS_BASE_URL (or --url) and PAYMENTS_API_KEY to reach a sandbox")
    import httpx

    handle = SandboxNamespace(url, key, namespace="")
    try:
        answer = handle._control(control.name, **arguments)
    except SandboxControlError as exc:
        print(f"error: {exc.message} ({exc.status})", file=sys.stderr)
        return 1
    except httpx.HTTPError as exc:
        print(f"error: cannot reach {url}: {type(exc).__name__}", file=sys.stderr)
        return 1
    control.command.show(arguments, answer)
    return 0
