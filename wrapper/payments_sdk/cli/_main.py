"""``payments``: parse the command line, run the command, report errors with their exit code.

Errors go to standard error as ``payments: error: <message>``, or with ``--format json`` (or
``jsonl``) as one line of JSON: ``{"error": {"type": ..., "exit_code": ..., "message": ...}}``.
A user's error (a usage error, an invalid parameter, an API error) never shows a traceback;
``--verbose`` shows one for an unexpected error. Every message is cleared of the key first.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import TextIO

from ._exit_codes import ExitCode, Failure, UsageError, classify

__all__ = ["main", "split_dotted"]


def _version() -> str:
    from .._version import __version__
    from ._bundle import api_version

    return f"payments {__version__} (payments-sdk {__version__}; {api_version()})"


def _normalized(word: str) -> str:
    """``--per_page=5`` → ``--per-page=5``: underscores of an option name read as dashes."""
    if not word.startswith("--") or word == "--":
        return word
    name, equals, value = word.partition("=")
    head, dot, rest = name.partition(".")
    return head.replace("_", "-") + dot + rest + equals + value


def split_dotted(argv: list[str]) -> tuple[list[str], dict[str, list[tuple[list[str], str]]]]:
    """Take the dotted options (``--bank-account.currency USD``) out of ``argv``.

    Returns the rest of the arguments, and for each option name its ``(path, text)`` pairs.
    """
    rest: list[str] = []
    dotted: dict[str, list[tuple[list[str], str]]] = {}
    words = iter(argv)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word.startswith("--") and "." in word.partition("=")[0]:
            name, equals, value = word[2:].partition("=")
            head, _, path = name.partition(".")
            if not equals:
                following = next(words, None)
                if following is None:
                    raise UsageError(f"payments: --{name} needs a value")
                value = following
            keys = path.split(".")
            if not all(keys):
                raise UsageError(f"payments: --{name} is not a dotted option")
            dotted.setdefault(head, []).append((keys, value))
            continue
        rest.append(word)
    return rest, dotted


def _wants_json(argv: list[str]) -> bool:
    for index, word in enumerate(argv):
        if word in ("--format=json", "--format=jsonl"):
            return True
        if word == "--format" and index + 1 < len(argv) and argv[index + 1] in ("json", "jsonl"):
            return True
    return False


def _report(failure: Failure, *, as_json: bool, stderr: TextIO, redact: object) -> None:
    clean = redact(failure.message) if callable(redact) else failure.message
    if as_json:
        shown: dict[str, object] = {
            "type": failure.kind,
            "exit_code": int(failure.code),
            "message": clean,
        }
        if failure.field is not None:
            shown["field"] = failure.field
        if failure.status_code is not None:
            shown["status_code"] = failure.status_code
        stderr.write(json.dumps({"error": shown}, ensure_ascii=False) + "\n")
    else:
        text = clean if clean.startswith("payments") else f"payments: error: {clean}"
        stderr.write(text + "\n")


def _environment_redactor() -> object:
    """Return a function that removes ``$PAYMENTS_API_KEY`` from a text (before any parse)."""
    key = os.environ.get("PAYMENTS_API_KEY")
    if not key:
        return None

    def redact(text: str) -> str:
        from .._redact import redact_text  # imports httpx: only when there is a message

        return redact_text(text, key)

    return redact


def _quiet_stdout() -> None:
    """After a closed pipe: point standard output at /dev/null so exiting writes nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _output_note(context: object) -> str:
    """Return ``; october.csv was not written`` when the command had opened ``-o FILE``."""
    note = getattr(context, "output_note", None)
    text = note() if callable(note) else ""
    return f"; {text}" if text else ""


def main(argv: list[str] | None = None) -> int:
    """Run ``payments`` with ``argv`` (default: the process's arguments); return the exit code."""
    from ._commands import build_parser, command_word

    words = [_normalized(word) for word in (sys.argv[1:] if argv is None else argv)]
    stdout, stderr = sys.stdout, sys.stderr
    as_json = _wants_json(words)
    redact: object = _environment_redactor()
    verbose = "--verbose" in words or "-v" in words
    context = None
    try:
        if words[:1] == ["__complete"]:
            from ._completion import candidates

            stdout.write("".join(f"{word}\n" for word in candidates(words[1:])))
            return int(ExitCode.OK)
        rest, dotted = split_dotted(words)
        parser = build_parser(_version(), only=command_word(rest))
        if not rest:
            parser.print_help(stdout)
            return int(ExitCode.USAGE)
        try:
            ns = parser.parse_args(rest)
        except SystemExit as exit_:  # --help and --version print and exit 0
            return int(exit_.code or 0) if isinstance(exit_.code, int) else 0
        if getattr(ns, "_completion", False):
            from ._completion import script

            stdout.write(script(ns.shell))
            return int(ExitCode.OK)
        if getattr(ns, "_webhook", False):
            from ._webhook import parse_payload

            parse_payload(ns.kind, ns.file, sys.stdin, stdout)
            return int(ExitCode.OK)
        if getattr(ns, "_entry", None) is None and not getattr(ns, "_request", False):
            parser.parse_args([*rest, "--help"])  # a resource without a method: its help
            return int(ExitCode.USAGE)
        from ._run import Context, Settings, run_command
        from ._service import read_credentials

        settings = Settings.of(ns)
        as_json = settings.format in ("json", "jsonl")
        credentials = read_credentials(settings.api_key_file, settings.base_url)
        redact = credentials.redact
        context = Context(credentials=credentials, dotted=dotted)
        if settings.verbose:
            stderr.write(f"payments: key from {credentials.source}\n")
        import asyncio

        asyncio.run(run_command(ns, settings, credentials, context, stdout, stderr))
        return int(ExitCode.OK)
    except KeyboardInterrupt:
        try:
            stdout.flush()
        except (BrokenPipeError, ValueError):
            _quiet_stdout()
            return int(ExitCode.BROKEN_PIPE)
        writer = getattr(context, "writer", None)
        rows = getattr(writer, "rows_written", 0)
        message = f"interrupted after {rows:,} rows" if writer is not None else "interrupted"
        message += _output_note(context)
        _report(
            Failure(ExitCode.INTERRUPTED, "interrupted", message),
            as_json=as_json,
            stderr=stderr,
            redact=redact,
        )
        return int(ExitCode.INTERRUPTED)
    except BrokenPipeError:
        _quiet_stdout()
        return int(ExitCode.BROKEN_PIPE)
    except SystemExit as exit_:  # a --help after a parse: it printed
        return int(exit_.code or 0) if isinstance(exit_.code, int) else 0
    except Exception as error:  # every failure is reported with its class's exit code
        failure = classify(error)
        failure = failure._replace(message=failure.message + _output_note(context))
        if verbose and failure.kind == "internal":
            text = "".join(traceback.format_exception(error))
            stderr.write(redact(text) if callable(redact) else text)
        _report(failure, as_json=as_json, stderr=stderr, redact=redact)
        return int(failure.code)
