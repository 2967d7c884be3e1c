"""The parser of ``payments``: one command per operation of the operation table.

Nothing here names an operation: every command, option and help text is read from
:data:`payments_sdk._operation_table.OPERATIONS` when the command line starts, so an operation
added to the bundle gets its command with no hand-written line.

**Names.** ``payments <resource> <method>`` with the SDK's names, ``_`` written ``-``
(``payments balance-conversions create``); the underscore spelling is accepted too. The
client's own methods (``client.ping()``) are top-level commands (``payments ping``). Options
are the SDK method's arguments in kebab case (``--payment-id``; ``--payment_id`` is accepted).
Path parameters, and a file to upload, are positional (``payments refunds retrieve ID``) or
options (``--id ID``).
"""

from __future__ import annotations

import argparse
import os
import re
import textwrap
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, NoReturn

from .._bounds import exact_bound
from .._operation_table import OPERATIONS, Argument, OperationRow
from .._param_styles import Style
from .._window import AFTER, BEFORE
from ._exit_codes import ExitCode, UsageError
from ._values import is_json_kind, item_members

__all__ = [
    "FORMATS",
    "RESERVED",
    "Parser",
    "build_parser",
    "cli_name",
    "command_word",
    "option_of",
    "positional",
]

FORMATS = ("table", "json", "jsonl", "csv")
RESERVED = ("request", "completion", "webhook")
"""Top-level commands of the command line itself, not operations."""

_SUPPRESS = argparse.SUPPRESS
_LONG_QUOTED = re.compile(r"'[^']{41,}'")  # a value too long to repeat (a key typed by mistake)
_WIDTH = 88


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that raises :class:`UsageError` instead of exiting.

    Its messages never repeat an argument's value: an unrecognized ``--api-key eyJ...`` is
    named as ``--api-key``, so a key typed by mistake is not printed back. Options are never
    abbreviated (``--api-key`` is not taken for ``--api-key-file``).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter for every option it adds, and each reads the terminal's
        # size: read it once.
        formatter: type[argparse.HelpFormatter] = self.formatter_class  # type: ignore[assignment]
        return formatter(prog=self.prog, width=_help_width())

    def error(self, message: str) -> NoReturn:
        """Raise the usage error, with the command's usage line."""
        if message.startswith("unrecognized arguments:"):
            names = [word for word in message.split(":", 1)[1].split() if word.startswith("-")]
            shown = " ".join(name.split("=", 1)[0] for name in names) or "(values)"
            message = f"unrecognized arguments: {shown}"
            if any(name.split("=", 1)[0] in ("--api-key", "--key") for name in names):
                message += (
                    "; there is no --api-key option, so that the key stays out of shell "
                    "history: set PAYMENTS_API_KEY or pass --api-key-file FILE"
                )
        message = _LONG_QUOTED.sub(
            lambda m: f"(a value of {len(m.group(0)) - 2} characters)", message
        )
        raise UsageError(f"{self.prog}: error: {message}")


def _help_width() -> int:
    columns = os.environ.get("COLUMNS", "")
    return max((int(columns) if columns.isdigit() else _terminal_columns()) - 2, 40)


@cache
def _terminal_columns() -> int:
    import shutil

    return shutil.get_terminal_size().columns


def cli_name(name: str) -> str:
    """Return the command-line spelling of an SDK name: ``update_rfi`` → ``update-rfi``."""
    return name.replace("_", "-")


def option_of(argument: Argument) -> str:
    """Return the option of an argument: ``--payment-id``.

    An argument whose option a command has of its own (a body field ``baseUrl``, a query
    ``format``) takes its location first: ``--body-base-url``, ``--query-format``.
    """
    option = "--" + cli_name(argument.python_name)
    if _taken(option):
        option = f"--{argument.location}-{cli_name(argument.python_name)}"
    return option


@cache
def _taken(option: str) -> bool:
    """Whether every command has ``option`` of its own (``--base-url``, ``--format``, ``-h``)."""
    parser = argparse.ArgumentParser()
    add_common(parser, paged=True, windowed=True)
    try:
        parser.add_argument(option)
    except argparse.ArgumentError:
        return True
    return False


def positional(entry: OperationRow, argument: Argument) -> bool:
    """Whether an argument may be given positionally: a path parameter, or a file to upload."""
    if argument.location == "path":
        return True
    return (
        argument.location == "part"
        and argument.required
        and argument.schema.get("format") == "binary"
    )


def _first_line(text: str) -> str:
    return " ".join(text.strip().split("\n\n")[0].split())


def _wrap(text: str) -> str:
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n") if p.strip()]
    return "\n\n".join(textwrap.fill(p, _WIDTH) for p in paragraphs)


def _bounds(schema: Mapping[str, Any]) -> list[str]:
    facts = []
    schema = {key: exact_bound(value) for key, value in schema.items()}  # 1e-05: 0.00001
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        facts.append(f"from {low} to {high}")
    elif low is not None:
        facts.append(f"at least {low}")
    elif high is not None:
        facts.append(f"at most {high}")
    low, high = schema.get("minLength"), schema.get("maxLength")
    if low is not None and low > 1:
        facts.append(f"at least {low} characters")
    if high is not None:
        facts.append(f"at most {high} characters")
    if schema.get("minItems", 0) > 1:
        facts.append(f"at least {schema['minItems']} items")
    if "maxItems" in schema:
        facts.append(f"at most {schema['maxItems']} items")
    for keyword, words in (
        ("exclusiveMinimum", "above {}"),
        ("exclusiveMaximum", "below {}"),
        ("multipleOf", "a multiple of {}"),
    ):
        if schema.get(keyword) is not None:
            facts.append(words.format(schema[keyword]))
    if schema.get("uniqueItems"):
        facts.append("each item at most once")
    return facts


def _fields(schema: Mapping[str, Any], prefix: str = "", depth: int = 0) -> list[str]:
    properties = schema.get("properties")
    if not isinstance(properties, Mapping) or depth > 4:
        return []
    names: list[str] = []
    for name, prop in properties.items():
        inner = prop.get("properties") if isinstance(prop, Mapping) else None
        if isinstance(inner, Mapping) and inner:
            names += _fields(prop, f"{prefix}{name}.", depth + 1)
        else:
            names.append(prefix + name)
    return names


def argument_help(argument: Argument) -> str:
    """Return the help of one argument: its description, members, bounds and default."""
    schema = argument.schema
    parts = [" ".join(argument.description.split()) or argument.name]
    if argument.deprecated:
        parts.insert(0, "Deprecated.")
    if argument.required and not positional_hint(argument):
        parts.append("Required.")
    if "x-currency-field" in schema:
        currency = "--" + cli_name(str(schema["x-currency-field"]))
        parts.append(
            f"In major units of {currency} (299.00), or in minor units (29900) with --minor-units."
        )
    members = schema.get("enum") or item_members(schema)
    if members:
        parts.append("One of: " + ", ".join(str(m) for m in members) + ".")
    facts = _bounds(schema)
    if facts:
        parts.append(", ".join(facts).capitalize() + ".")
    pattern = schema.get("pattern")
    if pattern and len(pattern) <= 40:
        parts.append(f"Matches {pattern}.")
    if schema.get("format") == "date-time":
        parts.append("ISO 8601 with an offset, or a date (midnight UTC).")
    if schema.get("format") == "date":
        parts.append("A date, YYYY-MM-DD.")
    if schema.get("format") == "binary":
        parts.append("A file path.")
    if schema.get("type") == "array" and not is_json_kind(schema.get("items", {})):
        parts.append("Repeat the option for each item, or give a JSON array.")
        delimiter = Style(argument.style, argument.explode).delimiter
        if argument.location == "query" and delimiter is not None:
            said = "a space" if delimiter == " " else delimiter
            parts.append(f"Or separate items with {said} ({argument.style}).")
    elif is_json_kind(schema):
        fields = _fields(schema)
        parts.append(
            "JSON, or @file"
            + (
                f"; or dotted options ({option_of(argument)}.FIELD): {', '.join(fields)}"
                if fields
                else ""
            )
            + "."
        )
    if argument.has_default and argument.default is not None:
        parts.append(f"Default: {argument.default}.")
    return " ".join(parts).replace("%", "%%")


def positional_hint(argument: Argument) -> bool:
    """Whether the help already shows the argument as positional (and so as required)."""
    return argument.location == "path"


def _metavar(argument: Argument) -> str:
    schema = argument.schema
    if is_json_kind(schema) and schema.get("type") != "array":
        return "JSON"
    if schema.get("format") == "binary":
        return "FILE"
    if schema.get("format") == "date-time":
        return "TIME"
    if "x-currency-field" in schema:
        return "AMOUNT"
    return cli_name(argument.python_name).upper()


def add_common(
    parser: argparse.ArgumentParser,
    *,
    paged: bool = False,
    hidden: bool = False,
    windowed: bool = False,
) -> None:
    """Add the options every command takes (their defaults are applied by the runner).

    ``hidden``: accepted, but left out of the help (the top level, where each command's own
    help shows them).
    """
    output = parser.add_argument_group("output")
    if hidden:
        original = output.add_argument

        def quiet(*args: Any, **kwargs: Any) -> argparse.Action:
            kwargs["help"] = _SUPPRESS
            return original(*args, **kwargs)

        output.add_argument = quiet  # type: ignore[method-assign]
    output.add_argument(
        "--format",
        choices=FORMATS,
        default=_SUPPRESS,
        help="table on a terminal; JSON when standard output is not a terminal",
    )
    output.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default=_SUPPRESS,
        help="write to FILE, whose extension picks the format (.csv, .json, .jsonl or "
        ".ndjson; another needs --format, which always wins); FILE appears, or an existing "
        "one is replaced, only once the command has finished",
    )
    output.add_argument(
        "--columns",
        metavar="A,B",
        default=_SUPPRESS,
        help="the columns of a table or CSV (fx_fee.amount for nested fields); an unknown "
        "one is an error that lists the known ones",
    )
    output.add_argument(
        "--minor-units",
        action="store_true",
        default=_SUPPRESS,
        help="amounts as integers in the currency's smallest unit, in and out "
        "(default: with the currency's decimals, 299.00)",
    )
    if paged:
        output.add_argument(
            "--all",
            action="store_true",
            default=_SUPPRESS,
            help="every page, streamed as it comes (default: the first page), 100 records a "
            "page unless --per-page says otherwise",
        )
        if windowed:
            window = parser.add_argument_group(
                "window", "records created from a start (inclusive) to an end (exclusive)"
            )
            window.add_argument(
                "--month",
                metavar="YYYY-MM",
                default=_SUPPRESS,
                help="one calendar month, UTC: --month 2026-10 is from 2026-10-01T00:00:00Z "
                "(inclusive) to 2026-11-01T00:00:00Z (exclusive)",
            )
            window.add_argument(
                "--since",
                metavar="TIME",
                default=_SUPPRESS,
                help="created at TIME or later (inclusive; --after is exclusive)",
            )
            window.add_argument(
                "--until",
                metavar="TIME",
                default=_SUPPRESS,
                help="created before TIME (exclusive, as --before)",
            )
        output.add_argument(
            "--prefetch",
            type=int,
            metavar="N",
            default=_SUPPRESS,
            help="with --all, keep N later pages in flight (0 to 16; default 4)",
        )
        output.add_argument(
            "--no-progress",
            action="store_true",
            default=_SUPPRESS,
            help="no progress bar (it is shown on standard error when that is a terminal)",
        )
    service = output if hidden else parser.add_argument_group("service")
    service.add_argument(
        "--sandbox",
        action="store_true",
        default=_SUPPRESS,
        help="run against an in-process sandbox (needs payments-sdk[sandbox])",
    )
    service.add_argument(
        "--base-url",
        metavar="URL",
        default=_SUPPRESS,
        help="the service's versioned root, such as a running payments-sandbox "
        "(default: $PAYMENTS_BASE_URL)",
    )
    service.add_argument(
        "--api-key-file",
        metavar="FILE",
        default=_SUPPRESS,
        help="read the key from FILE: the key alone, or the export lines of "
        "payments-sandbox --env-file (default: $PAYMENTS_API_KEY)",
    )
    service.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        default=_SUPPRESS,
        help="seconds each request may take",
    )
    service.add_argument(
        "--max-retries",
        type=int,
        metavar="N",
        default=_SUPPRESS,
        help="retries of a failed request that is safe to repeat (default 2)",
    )
    service.add_argument(
        "--dry-run",
        action="store_true",
        default=_SUPPRESS,
        help="print the request (method, URL, body) and send nothing",
    )
    service.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        default=_SUPPRESS,
        help="trace every attempt on standard error (never the key)",
    )


def _leaf(commands: argparse._SubParsersAction[Parser], entry: OperationRow, name: str) -> None:
    summary = entry.summary or entry.operation_id
    if entry.deprecated:
        summary = f"(Deprecated) {summary}"
    description = _wrap(f"{summary}.\n\n{entry.description}" if entry.description else summary)
    if entry.deprecated:
        description += "\n\nDeprecated: the API description marks this operation deprecated."
    if entry.result in ("str", "bytes"):
        description += f"\n\nWrites the {entry.media_type} answer as it is (--output FILE)."
    description += f"\n\n{entry.http_method} {entry.path}"
    aliases = [entry.method] if name != entry.method else []
    parser = commands.add_parser(
        name,
        aliases=aliases,
        help=_first_line(summary),
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(_entry=entry)
    arguments = parser.add_argument_group("arguments")
    for argument in entry.arguments:
        help_text = argument_help(argument)
        metavar = _metavar(argument)
        if positional(entry, argument):
            arguments.add_argument(
                f"_pos_{argument.python_name}",
                nargs="?",
                metavar=metavar,
                default=None,
                help=f"(or {option_of(argument)}) {help_text}",
            )
        array = argument.schema.get("type") == "array"
        arguments.add_argument(
            option_of(argument),
            dest=f"arg_{argument.python_name}",
            metavar=metavar,
            action="append" if array else "store",
            default=None,
            help=_SUPPRESS if positional(entry, argument) else help_text,
        )
    if entry.body == "multipart":
        arguments.add_argument(
            "--file-name", dest="sdk_file_name", default=None, help="the file part's name"
        )
        arguments.add_argument(
            "--content-type", dest="sdk_content_type", default=None, help="the file's media type"
        )
    names = {argument.name for argument in entry.arguments}
    add_common(parser, paged=entry.item is not None, windowed={AFTER, BEFORE} <= names)


_REQUEST_HELP = "call an operation the bundle does not describe (like stripe get)"
_COMPLETION_HELP = "print a shell completion script (bash or zsh)"


def _request_command(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser(
        "request",
        help=_REQUEST_HELP,
        description=_wrap(
            "Call any operation of the service with the same key, retries and errors: "
            "payments request GET /customers --param per_page=5. PATH is relative to the "
            "base URL (/v1), or to the service's root with --root."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("http_method", metavar="METHOD", help="GET, POST, PATCH, DELETE, ...")
    parser.add_argument("path", metavar="PATH", help="such as /customers/cust_123")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a query parameter (repeat for more)",
    )
    parser.add_argument("--data", metavar="JSON", default=None, help="the JSON body, or @file")
    parser.add_argument(
        "--root", action="store_true", help="PATH is relative to the root, not to /v1"
    )
    parser.set_defaults(_request=True)
    add_common(parser)


def _completion_command(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser(
        "completion",
        help=_COMPLETION_HELP,
        description=_wrap(
            'Print a completion script: eval "$(payments completion bash)" in ~/.bashrc, or '
            'eval "$(payments completion zsh)" in ~/.zshrc.'
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("shell", choices=("bash", "zsh"))
    parser.set_defaults(_completion=True)


def exit_codes_text() -> str:
    """Return the exit codes, one per line, for the help."""
    lines = ["exit codes:"]
    for code in ExitCode:
        doc = {
            ExitCode.OK: "success",
            ExitCode.ERROR: "another error (an API error such as 400, 409 or 422; a bad answer)",
            ExitCode.USAGE: "usage error or invalid parameter (nothing was sent)",
            ExitCode.AUTHENTICATION: "no key, a malformed key, or the key was refused (401, 403)",
            ExitCode.NOT_FOUND: "not found (404)",
            ExitCode.RATE_LIMITED: "rate limited (429), after retries",
            ExitCode.SERVER_ERROR: "server error (5xx), after retries",
            ExitCode.CONNECTION: "connection failed or timed out",
            ExitCode.INTERRUPTED: "interrupted (Ctrl-C); output ends with the last whole row",
            ExitCode.BROKEN_PIPE: "standard output was closed (| head)",
        }[code]
        lines.append(f"  {int(code):<4} {doc}")
    return "\n".join(lines)


def resources(
    operations: Sequence[OperationRow] = OPERATIONS,
) -> dict[str, list[OperationRow]]:
    """Return the operations by resource, in the table's order."""
    grouped: dict[str, list[OperationRow]] = {}
    for entry in operations:
        grouped.setdefault(entry.resource, []).append(entry)
    return grouped


_VALUED = frozenset(
    ("--format", "-o", "--output", "--columns", "--base-url", "--api-key-file", "--timeout",
     "--max-retries", "--prefetch", "--month", "--since", "--until")
)  # fmt: skip


def command_word(argv: Sequence[str]) -> str:
    """Return the first word of ``argv`` that names a command (``""`` when there is none)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--":
            return ""
        elif word.startswith("-"):
            skip = word in _VALUED
        else:
            return word
    return ""


def build_parser(
    version: str = "",
    operations: Sequence[OperationRow] = OPERATIONS,
    *,
    only: str | None = None,
) -> Parser:
    """Return the parser of ``payments``, with one command per operation.

    ``only`` names the command about to run (``refunds``): the options of the other commands'
    operations are then not built, which keeps the start fast. ``None`` builds every command.
    """
    parser = Parser(
        prog="payments",
        description=_wrap(
            "The command line of payments-sdk: one command per operation of the API, "
            "payments RESOURCE METHOD [options]. Run payments RESOURCE METHOD --help for a "
            "command's options."
        ),
        epilog=exit_codes_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=version or "payments")
    add_common(parser, hidden=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def wanted(*names: str) -> bool:
        return only is None or only in names

    for resource, entries in resources(operations).items():
        if resource == "client":
            for entry in entries:
                name = cli_name(entry.method)
                if wanted(name, entry.method):
                    _leaf(commands, entry, name)
                else:
                    commands.add_parser(name, help=_first_line(entry.summary or name))
            continue
        name = cli_name(resource)
        group = commands.add_parser(
            name,
            aliases=[resource] if name != resource else [],
            help=", ".join(cli_name(entry.method) for entry in entries),
            description=f"The operations on {resource}: payments {name} METHOD --help.",
        )
        if not wanted(name, resource):
            continue
        methods = group.add_subparsers(dest="method", metavar="METHOD", parser_class=Parser)
        methods.required = True
        for entry in entries:
            _leaf(methods, entry, cli_name(entry.method))
    if wanted("request"):
        _request_command(commands)
    else:
        commands.add_parser("request", help=_REQUEST_HELP)
    if wanted("completion"):
        _completion_command(commands)
    else:
        commands.add_parser("completion", help=_COMPLETION_HELP)
    from ._webhook import HELP, add_webhook_command

    if wanted("webhook"):
        add_webhook_command(commands)
    else:
        commands.add_parser("webhook", help=HELP)
    return parser
