"""Running one command: the SDK method called with the options, its result written out.

The values of the options are converted by :mod:`._values` and handed to the SDK method, which
checks them (:class:`~payments_sdk.InvalidParameterError` before any request). A list is the
method's :class:`~payments_sdk.AsyncPager`: its first page, or with ``--all`` every page,
streamed to the writer page by page (constant memory: at most ``--prefetch`` + 1 pages are
held, 100 records a page unless ``--per-page`` says otherwise), with a progress line on a
terminal's standard error and a one-line summary at the end. ``--month``, ``--since`` and
``--until`` are the SDK's :class:`~payments_sdk.Window` (start inclusive, end exclusive).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

from .._bounds import exact_bound
from .._operation_table import Argument, OperationRow
from .._param_styles import Style, split_delimited
from .._window import AFTER, BEFORE
from ..errors import InvalidParameterError
from ._bundle import Amounts, amounts_of, columns_of, model_schema
from ._commands import cli_name, option_of, positional
from ._exit_codes import UsageError
from ._formats import Writer, make_writer
from ._output import EXTENSIONS, OutputFile, format_of_name, output
from ._progress import Progress
from ._rows import Shaper
from ._service import Credentials, DryRun, Service
from ._values import is_json_kind, read_json, set_dotted, sub_schema, to_time, to_value

__all__ = ["Context", "Settings", "run_command", "sdk_arguments"]

DEFAULT_PREFETCH = 4


@dataclass
class Settings:
    """The common options of a command, with their defaults applied."""

    format: str | None = None
    output: str | None = None
    columns: list[str] | None = None
    minor_units: bool = False
    all: bool = False
    prefetch: int = DEFAULT_PREFETCH
    progress: bool = True
    sandbox: bool = False
    base_url: str | None = None
    api_key_file: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    dry_run: bool = False
    verbose: bool = False
    month: str | None = None
    since: str | None = None
    until: str | None = None

    @classmethod
    def of(cls, ns: argparse.Namespace) -> Settings:
        """Read the common options from parsed arguments."""
        columns = getattr(ns, "columns", None)
        return cls(
            format=getattr(ns, "format", None),
            output=getattr(ns, "output", None),
            columns=[c.strip() for c in columns.split(",") if c.strip()] if columns else None,
            minor_units=getattr(ns, "minor_units", False),
            all=getattr(ns, "all", False),
            prefetch=getattr(ns, "prefetch", DEFAULT_PREFETCH),
            progress=not getattr(ns, "no_progress", False),
            sandbox=getattr(ns, "sandbox", False),
            base_url=getattr(ns, "base_url", None),
            api_key_file=getattr(ns, "api_key_file", None),
            timeout=getattr(ns, "timeout", None),
            max_retries=getattr(ns, "max_retries", None),
            dry_run=getattr(ns, "dry_run", False),
            verbose=getattr(ns, "verbose", False),
            month=getattr(ns, "month", None),
            since=getattr(ns, "since", None),
            until=getattr(ns, "until", None),
        )

    def check(self) -> None:
        """Refuse, before anything is sent, an output file whose format cannot be told."""
        if self.output is not None and self.output != "-":
            format_of_name(self.output, self.format)

    def format_for(self, out: TextIO) -> str:
        """Return the format: ``--format``, else the output file's extension, else by terminal."""
        if self.format:
            return self.format
        if self.output:
            found = EXTENSIONS.get(Path(self.output).suffix.lower())
            if found:
                return found
        return "table" if out.isatty() else "json"


@dataclass
class Context:
    """What the command did so far, for the message of an interruption."""

    credentials: Credentials | None = None
    writer: Writer | None = None
    dotted: dict[str, list[tuple[list[str], str]]] = field(default_factory=dict)
    outputs: list[OutputFile] = field(default_factory=list)
    """The ``-o`` file, once opened: what became of it is said when the command fails."""
    summary: str | None = None
    """The last line of an export (``wrote 20,000 rows to october.csv``)."""

    def output_note(self) -> str:
        """Say what became of the ``-o`` file (empty without one)."""
        return "; ".join(kept.note() for kept in self.outputs)


def _given(ns: argparse.Namespace, entry: OperationRow, argument: Argument) -> Any:
    value = getattr(ns, f"arg_{argument.python_name}", None)
    if positional(entry, argument):
        spot = getattr(ns, f"_pos_{argument.python_name}", None)
        if spot is not None and value is not None and spot != value:
            raise UsageError(
                f"{argument.python_name} is given twice, as {spot!r} and {option_of(argument)}"
            )
        value = spot if spot is not None else value
    return value


def _delimited(argument: Argument, texts: list[str]) -> list[str]:
    """Split each text of a list sent in a delimited style (``--ids a,b``) into its items.

    The option may then be written as the parameter travels (``ids=a,b`` without explode,
    ``a|b`` pipeDelimited, ``a b`` spaceDelimited), as well as repeated or as JSON.
    """
    if argument.location != "query" or is_json_kind(argument.schema.get("items", {})):
        return texts
    style = Style(argument.style, argument.explode)
    if style.delimiter is None:
        return texts
    return [
        item
        for one in texts
        for item in ([one] if one.startswith(("[", "@")) else split_delimited(one, style))
    ]


def _converted(argument: Argument, text: Any) -> Any:
    schema = argument.schema
    field_name = argument.python_name
    if isinstance(text, list):  # a repeated option of an array
        items: list[Any] = []
        for one in _delimited(argument, text):
            value = to_value(one, schema, field_name)
            if isinstance(value, list):
                items += value
            else:
                return value  # @file or JSON of something else: the SDK says what it must be
        return items
    return to_value(text, schema, field_name)


def _money(argument: Argument, text: str, values: dict[str, Any]) -> Any:
    """Return an amount in major units as :class:`Money` in the currency given beside it."""
    from .._money import Money

    currency_name = str(argument.schema["x-currency-field"])
    currency = values.get(currency_name)
    if currency is None:
        raise InvalidParameterError(
            argument.python_name,
            f"is in major units of {'--' + cli_name(currency_name)}, which is not given "
            "(or pass --minor-units and the integer)",
        )
    try:
        return Money.of(text.strip(), str(currency))
    except InvalidParameterError as exc:
        where = argument.python_name if exc.field == "amount" else currency_name
        raise InvalidParameterError(where, exc.problem) from None


def sdk_arguments(
    entry: OperationRow,
    ns: argparse.Namespace,
    dotted: dict[str, list[tuple[list[str], str]]],
    *,
    minor_units: bool,
) -> dict[str, Any]:
    """Return the SDK method's keyword arguments from the parsed command line."""
    values: dict[str, Any] = {}
    amounts: list[tuple[Argument, str]] = []
    by_option = {cli_name(a.python_name): a for a in entry.arguments}
    for name in dotted:
        target = by_option.get(name)
        if target is None or not is_json_kind(target.schema):
            raise UsageError(f"unrecognized arguments: --{name}.…")
    for argument in entry.arguments:
        text = _given(ns, entry, argument)
        parts = dotted.get(cli_name(argument.python_name), [])
        if text is None and not parts:
            if argument.required and not argument.has_default:
                how = "as an argument or " if positional(entry, argument) else ""
                raise InvalidParameterError(
                    argument.python_name, f"is required: give it {how}as {option_of(argument)}"
                )
            continue
        if "x-currency-field" in argument.schema and not minor_units and isinstance(text, str):
            amounts.append((argument, text))
            continue
        value = _converted(argument, text) if text is not None else {}
        if parts:
            if not isinstance(value, dict):
                raise InvalidParameterError(
                    argument.python_name, "must be a JSON object to take dotted options"
                )
            for path, raw in parts:
                leaf = sub_schema(argument.schema, path)
                field_name = ".".join([argument.python_name, *path])
                set_dotted(value, path, to_value(raw, leaf, field_name))
        values[argument.python_name] = value
    for argument, text in amounts:
        values[argument.python_name] = _money(argument, text, values)
    return values


def _rows_schema(entry: OperationRow) -> tuple[dict[str, Any], bool]:
    """Return the schema of the result (of one item, for a list), and whether it is a list."""
    if entry.item is not None:
        return model_schema(entry.item), True
    return model_schema(entry.result), False


def _envelope_items(entry: OperationRow) -> dict[str, Any] | None:
    """Return the schema of the rows of an envelope such as ``BalanceList`` (in ``data``)."""
    schema = model_schema(entry.result)
    data = schema.get("properties", {}).get("data", {})
    if entry.item is None and data.get("type") == "array" and isinstance(data.get("items"), dict):
        items: dict[str, Any] = data["items"]
        return items
    return None


def _window(settings: Settings, kwargs: dict[str, Any], err: TextIO) -> None:
    """Set ``kwargs["window"]`` from ``--month``/``--since``/``--until``; warn of an empty one.

    ``--after`` later than ``--before`` is an empty window the service may still answer (the
    bundle states no rule), so it is sent, with a warning.
    """
    from .._window import Window

    given = [
        f"--{name}" for name in ("month", "since", "until") if getattr(settings, name) is not None
    ]
    if given:
        if "--month" in given and len(given) > 1:
            raise UsageError("--month is a whole window: give it alone, or --since/--until")
        taken = [f"--{name}" for name in (AFTER, BEFORE) if kwargs.get(name) is not None]
        if taken:
            raise UsageError(
                f"{' and '.join(given)} cannot be combined with {' and '.join(taken)}: "
                "--month (or --since, inclusive, and --until, exclusive) sets both ends"
            )
        if settings.month is not None:
            window = Window.month(settings.month)
        else:
            window = Window(
                None if settings.since is None else to_time(settings.since, "since"),
                None if settings.until is None else to_time(settings.until, "until"),
            )
        kwargs["window"] = window
        if window.reversed:
            _warn(err, f"--since is later than --until, so no record can match: {window}")
        return
    after, before = kwargs.get(AFTER), kwargs.get(BEFORE)
    if after is not None and before is not None:
        from .._validation import to_utc_instant

        if to_utc_instant(after, AFTER) > to_utc_instant(before, BEFORE):
            _warn(err, f"--after {after} is later than --before {before}, so no record can match")


def _warn(err: TextIO, text: str) -> None:
    err.write(f"payments: warning: {text}\n")


def _check_columns(columns: list[str], row_schema: dict[str, Any]) -> None:
    """Refuse a ``--columns`` name the rows cannot have (exit 2), listing the known ones.

    A name inside a free-form object (``metadata.source``) is known when the object is.
    """
    known = columns_of(row_schema)
    if not known:
        return  # a schema without properties: any column may be there
    free = {name for name in known if _is_free_object(row_schema, name)}
    unknown = [
        column
        for column in columns
        if column not in known and not any(column.startswith(f"{name}.") for name in free)
    ]
    if unknown:
        raise UsageError(_unknown_columns(unknown, known))


def _unknown_columns(unknown: list[str], known: list[str]) -> str:
    """Say which names are not columns and the closest columns to each.

    A row may have dozens of columns: the message names the ones a typo came from, and lists
    them all only when a name is close to none (then the user needs the list).
    """
    import difflib

    def closest(name: str) -> list[str]:
        """Return the columns most like ``name`` (near ties kept; none below 0.6 alike)."""
        scores = {
            column: difflib.SequenceMatcher(None, name.lower(), column.lower()).ratio()
            for column in known
        }
        best = max(scores.values())
        return [c for c, score in scores.items() if score >= max(best - 0.02, 0.6)][:3]

    close = {name: closest(name) for name in unknown}
    verb = "is not a column" if len(unknown) == 1 else "are not columns"
    text = f"--columns: {', '.join(unknown)} {verb} of these rows"
    hints = [
        " or ".join(matches) if len(unknown) == 1 else f"{' or '.join(matches)} for {name}"
        for name, matches in close.items()
        if matches
    ]
    if hints:
        text += f"; did you mean {', '.join(hints)}?"
    if not all(close.values()):
        text += f"{' The' if hints else '; the'} columns are {','.join(known)}"
    return text


def _is_free_object(schema: dict[str, Any], dotted: str) -> bool:
    for key in dotted.split("."):
        properties = schema.get("properties")
        if not isinstance(properties, dict) or not isinstance(properties.get(key), dict):
            return False
        schema = properties[key]
    return schema.get("type") == "object" and "properties" not in schema


def _dry_run_text(request: Any, kind: str) -> str:
    content = bytes(request.content)
    media = request.headers.get("content-type", "")
    body: Any = None
    if content and media.startswith("application/json"):
        body = json.loads(content, parse_float=Decimal)
    elif content:
        body = f"({media.split(';')[0]}, {len(content)} bytes)"
    if kind in ("json", "jsonl"):
        shown = {"method": request.method, "url": str(request.url), "body": body}
        indent = 2 if kind == "json" else None
        return json.dumps(shown, ensure_ascii=False, indent=indent, default=str) + "\n"
    text = f"{request.method} {request.url}\n"
    if body is not None:
        text += (
            json.dumps(body, ensure_ascii=False, indent=2, default=str)
            if not isinstance(body, str)
            else body
        ) + "\n"
    return text


def _terminal_width(out: TextIO) -> int | None:
    if not out.isatty():
        return None
    import shutil

    return shutil.get_terminal_size().columns


def _note_dropped(writer: Writer, err: TextIO) -> None:
    dropped = getattr(writer, "dropped", None)
    if dropped and err.isatty():
        err.write(
            f"payments: {len(dropped)} more columns ({', '.join(dropped[:4])}"
            f"{', ...' if len(dropped) > 4 else ''}): --columns, or --format json\n"
        )


async def _call(
    client: Any,
    entry: OperationRow,
    kwargs: dict[str, Any],
    settings: Settings,
    out: TextIO,
    err: TextIO,
    context: Context,
) -> None:
    target = client if entry.resource == "client" else getattr(client, entry.resource)
    method = getattr(target, entry.method)
    if entry.result in ("str", "bytes"):  # a text or binary answer: written as it is
        _write_raw(await method(**kwargs), out)
        return
    kind = settings.format_for(out)
    schema, is_list = _rows_schema(entry)
    envelope = _envelope_items(entry)
    row_schema = envelope if envelope is not None else schema
    columns = settings.columns or columns_of(row_schema) or None
    writer = make_writer(
        kind, out, columns, chosen=settings.columns is not None, width=_terminal_width(out)
    )
    context.writer = writer
    shaper = Shaper(amounts_of(schema) if schema else Amounts(), minor_units=settings.minor_units)
    if is_list:
        if settings.all:
            kwargs["prefetch"] = settings.prefetch
            if "per_page" not in kwargs:
                kwargs.update(_export_page_size(entry))
        pager = method(**kwargs)
        await _walk(pager, writer, shaper, settings, out, err, context)
        _note_dropped(writer, err)
        return
    result = await method(**kwargs)
    if result is None:
        return
    data = shaper.shape(result)
    if envelope is not None and kind != "json" and isinstance(data, dict):
        writer.rows(data.get("data") or [])
        writer.close(complete=True)
        _note_dropped(writer, err)
    else:
        writer.one(data)


def _write_raw(result: str | bytes, out: TextIO) -> None:
    """Write a text answer as text, a binary one as bytes (to a file or a pipe, never a tty)."""
    if isinstance(result, str):
        out.write(result)
        return
    binary = getattr(out, "buffer", None)
    if binary is None or out.isatty():
        raise UsageError(
            f"the answer is {len(result)} bytes of binary data: write it with --output FILE "
            "or a pipe"
        )
    out.flush()
    binary.write(result)
    binary.flush()


def _export_page_size(entry: OperationRow) -> dict[str, int]:
    """Return ``{"per_page": N}``: the largest page the bundle allows, for ``--all``.

    An export fetches every page: the fewer round trips, the sooner it ends (20 records a
    page, the service's default, took 2.5 times as long for 20,000 payments).
    """
    for argument in entry.arguments:
        if argument.python_name == "per_page":
            largest = _largest_integer(argument.schema)
            if largest is not None:
                return {"per_page": largest}
    return {}


def _largest_integer(schema: dict[str, Any]) -> int | None:
    """Return the largest integer ``schema`` allows, or None when it sets no upper bound.

    ``maximum`` is inclusive, ``exclusiveMaximum`` not, and ``multipleOf`` steps down to its
    multiple (an integer on a step of ``1.5`` is a multiple of 3); below ``minimum`` (or
    ``exclusiveMinimum``) there is none. Bounds are read as the decimals the bundle wrote.
    """

    def bound(key: str) -> Fraction | None:
        value = exact_bound(schema.get(key))
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            return None
        return Fraction(value)

    top, below = bound("maximum"), bound("exclusiveMaximum")
    bounds = [math.floor(top)] if top is not None else []
    if below is not None:
        bounds.append(math.ceil(below) - 1)
    if not bounds:
        return None
    largest = min(bounds)
    step = bound("multipleOf")
    if step is not None and step > 0:
        largest -= largest % step.numerator
    low, above = bound("minimum"), bound("exclusiveMinimum")
    if (low is not None and largest < low) or (above is not None and largest <= above):
        return None
    return largest


def _minus_one(value: int | None) -> int | None:
    return None if value is None else value - 1


async def _walk(
    pager: Any,
    writer: Writer,
    shaper: Shaper,
    settings: Settings,
    out: TextIO,
    err: TextIO,
    context: Context,
) -> None:
    """Write the first page, or every page with ``--all``; close the writer on any ending."""
    complete = False
    progress = Progress.on(err, enabled=settings.progress and settings.all)
    try:
        if settings.all:
            async with contextlib.aclosing(pager.pages()) as pages:
                async for page in pages:
                    writer.rows([shaper.shape(item) for item in page.data])
                    out.flush()
                    progress.page(len(page.data), page.page_meta)
        else:
            page = await pager
            writer.rows([shaper.shape(item) for item in page.data])
            if page.has_next_page() and err.isatty():
                err.write("payments: more pages follow; --all walks them all\n")
        complete = True
    except BaseException as exc:
        # An interruption ends the output with the last whole row; an error before any row
        # writes nothing.
        interrupted = isinstance(exc, KeyboardInterrupt) or type(exc).__name__ == "CancelledError"
        writer.close(complete=interrupted)
        raise
    finally:
        progress.done()
    if complete:
        writer.close(complete=True)
        if settings.all and (settings.output not in (None, "-") or progress.shown):
            where = "standard output" if settings.output in (None, "-") else settings.output
            context.summary = progress.summary(writer.rows_written, where)
            if any(kept.existed for kept in context.outputs):
                context.summary += " (it replaced the file that was there)"


async def _request(
    client: Any, ns: argparse.Namespace, settings: Settings, out: TextIO, context: Context
) -> None:
    params: dict[str, Any] = {}
    for pair in ns.param:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            raise UsageError(f"--param must be NAME=VALUE, got {pair!r}")
        params.setdefault(name, []).append(value)
    query = {k: v[0] if len(v) == 1 else v for k, v in params.items()}
    body = read_json(ns.data, "data") if ns.data is not None else None
    result = await client.request(
        ns.http_method, ns.path, params=query or None, json=body, root=ns.root
    )
    kind = settings.format_for(out)
    writer = make_writer(kind, out, settings.columns, chosen=settings.columns is not None)
    context.writer = writer
    if result is None:
        return
    rows = result.get("data") if isinstance(result, dict) else result
    if kind != "json" and isinstance(rows, list):
        writer.rows(rows)
        writer.close(complete=True)
    else:
        writer.one(result)


async def run_command(
    ns: argparse.Namespace,
    settings: Settings,
    credentials: Credentials,
    context: Context,
    stdout: TextIO,
    stderr: TextIO,
) -> None:
    """Run the parsed command against the service (or a sandbox, or as a dry run)."""
    entry: OperationRow | None = getattr(ns, "_entry", None)
    kwargs: dict[str, Any] = {}
    settings.check()
    if entry is not None:
        kwargs = sdk_arguments(entry, ns, context.dotted, minor_units=settings.minor_units)
        if entry.item is not None:
            _window(settings, kwargs, stderr)
        if settings.columns:
            schema = _envelope_items(entry)
            _check_columns(
                settings.columns, schema if schema is not None else _rows_schema(entry)[0]
            )
        if entry.body == "multipart":
            for option in ("file_name", "content_type"):
                value = getattr(ns, f"sdk_{option}", None)
                if value is not None:
                    kwargs[option] = value
    service = Service(
        credentials,
        sandbox=settings.sandbox,
        dry_run=settings.dry_run,
        verbose=settings.verbose,
        timeout=settings.timeout,
        max_retries=settings.max_retries,
    )
    with output(settings.output, stdout, context.outputs) as out:
        try:
            async with service.client() as client:
                if entry is None:
                    await _request(client, ns, settings, out, context)
                else:
                    await _call(client, entry, kwargs, settings, out, stderr, context)
        except DryRun as dry:
            out.write(_dry_run_text(dry.request, settings.format_for(out)))
        out.flush()
    if context.summary is not None:  # said once the file is in place
        stderr.write(f"payments: {context.summary}\n")
