"""``payments webhook parse [KIND]``: check a received webhook payload, print it as validated JSON.

The payload is read from standard input (or ``--file``), parsed by
:func:`payments_sdk.webhooks.parse` (or ``parse_any`` when no kind is given and every payload
names its own), and written back as the JSON of its model (its undeclared fields too), numbers
with their exact digits. No key, no network: a receiver's script
or a shell pipeline can check a payload the service sent (``payments webhook parse
paymentSucceeded < body.json``). A mismatch exits as an answer that does not match does
(``response_validation``, naming the JSON path); an undeclared kind as a usage error.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_webhook_command", "parse_payload"]

HELP = "check a webhook payload from stdin against the bundle; print it as JSON"


def add_webhook_command(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``webhook parse [KIND] [--file PATH]`` to the command line's commands."""
    parser = commands.add_parser(
        "webhook",
        help=HELP,
        description=(
            "Webhooks the service sends to your endpoint: payments webhook parse KIND < body.json "
            "checks a payload against the bundle and prints it as JSON. Needs no key."
        ),
    )
    actions = parser.add_subparsers(dest="webhook_action", metavar="ACTION")
    actions.required = True
    parse = actions.add_parser(
        "parse",
        help="parse a payload (standard input, or --file) as the webhook KIND",
        description=(
            "KIND is the webhook's key in the bundle (payments_sdk.webhooks.KINDS); leave it out "
            "when every payload names its own kind."
        ),
    )
    parse.add_argument("kind", metavar="KIND", nargs="?", default=None, help="the webhook's kind")
    parse.add_argument("--file", default=None, help="read the payload from FILE, not stdin")
    parse.set_defaults(_webhook=True)


def parse_payload(kind: str | None, file: str | None, stdin: TextIO, stdout: TextIO) -> None:
    """Parse the payload of ``file`` (or ``stdin``) as ``kind``; write its JSON to ``stdout``."""
    from payments_sdk_generated.types import encode_json

    from .. import webhooks
    from ..errors import InvalidParameterError

    try:
        payload = Path(file).read_bytes() if file is not None else _read(stdin)
    except OSError as exc:
        raise InvalidParameterError("file", f"cannot be read: {exc.strerror}") from None
    if kind is not None:
        event = webhooks.parse(kind, payload)
    elif webhooks.KIND_FIELD is not None:
        event = getattr(webhooks, "parse_any")(payload)  # noqa: B009 - rendered when derivable
    else:
        raise InvalidParameterError(
            "kind", "is needed: the bundle's payloads do not all name their kind"
        )
    stdout.write(encode_json(event).decode("utf-8") + "\n")


def _read(stdin: TextIO) -> bytes:
    buffer = getattr(stdin, "buffer", None)
    return bytes(buffer.read()) if buffer is not None else stdin.read().encode("utf-8")
