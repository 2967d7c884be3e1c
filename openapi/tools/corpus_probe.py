"""Drive one SDK generated from a corpus bundle: names, CLI help, every operation on its sandbox.

``make corpus`` (``openapi/tools/corpus.py``) runs this in a fresh interpreter whose
``PYTHONPATH`` holds the scratch ``generated/`` and a link to ``wrapper/`` (as
``tests/support/scratch_generate.py`` sets it up), so ``payments_sdk`` is the SDK of that bundle.
It prints one JSON object: for each operation of the operation table, whether the method is
callable by its conventional name, what ``payments RESOURCE METHOD --help`` exits with, and
what one call through the SDK to a sandbox built from the same bundle gave (the status, or the
exception). Then it runs schemathesis against that sandbox (``--contract N``: N examples per
operation) with the checks that hold any answer to the bundle, and counts their failures.

Usage: python corpus_probe.py [--only N] [--contract N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import io
import json
import sys
import time
from collections import Counter
from typing import Any

from payments_sdk import AsyncPaymentsClient
from payments_sdk._operation_table import OPERATIONS, OperationRow
from payments_sdk.errors import APIResponseValidationError, APIStatusError, PaymentsError
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._schema_values import value_of
from payments_sdk.sandbox.contract import load_bundle, resolve

_CONTRACT_CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
)
"""The checks that hold an answer to the bundle, whatever the request was."""


def _bound(client: AsyncPaymentsClient, row: OperationRow) -> Any:
    """Return the SDK method the row names (``client.<resource>.<method>``), or None."""
    owner: Any = client if row.resource == "client" else getattr(client, row.resource, None)
    method = getattr(owner, row.method, None)
    return method if callable(method) else None


def _help(row: OperationRow) -> int:
    """Return the exit code of ``payments RESOURCE METHOD --help`` (its output discarded)."""
    from payments_sdk.cli._commands import cli_name
    from payments_sdk.cli._main import main

    words = [cli_name(row.method)] if row.resource == "client" else []
    if row.resource != "client":
        words = [cli_name(row.resource), cli_name(row.method)]
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        try:
            return main([*words, "--help"])
        except SystemExit as stop:
            return int(stop.code or 0)


def _arguments(row: OperationRow, document: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    """Return a value of each required argument's schema: path ones positional, others by name."""
    positional: list[Any] = []
    named: dict[str, Any] = {}
    # A value of the whole body's schema: one shape of a oneOf, its fields together.
    operation = document["paths"][row.path][row.http_method.lower()]
    body = resolve(document, operation.get("requestBody", {})).get("content", {})
    media = body.get("application/json") or body.get("multipart/form-data") or {}
    whole = value_of(media["schema"], document) if "schema" in media else None
    in_body_args = [a for a in row.arguments if a.location in ("body", "part")]
    if whole is not None and not isinstance(whole, dict) and len(in_body_args) == 1:
        named[in_body_args[0].python_name] = whole  # a body that is not an object: given whole
    for argument in row.arguments:
        if argument.python_name in named:
            continue
        in_body = argument.location in ("body", "part")
        if in_body and isinstance(whole, dict) and argument.name in whole:
            named[argument.python_name] = whole[argument.name]
            continue
        if not argument.required:
            continue
        value = value_of(argument.schema, document)
        if argument.location == "path":
            positional.append(value if isinstance(value, str) and value else "x1")
        else:
            named[argument.python_name] = value
    return positional, named


async def _call(method: Any, row: OperationRow, document: dict[str, Any]) -> str:
    """Call one operation as a user would; return its outcome (``2xx``, ``404``, an error name)."""
    positional, named = _arguments(row, document)
    try:
        answer = method(*positional, **named)
        if inspect.isawaitable(answer):
            await answer
        elif hasattr(answer, "__aiter__"):
            async for _ in answer:
                break
        return "2xx"
    except APIResponseValidationError:
        return "non-conforming answer"
    except APIStatusError as error:
        return str(error.status_code)
    except PaymentsError as error:
        return f"SDK refused: {type(error).__name__}: {str(error)[:120]}"
    except Exception as error:
        return f"crash: {type(error).__name__}: {str(error)[:120]}"


def _contract(sandbox: Sandbox, document: dict[str, Any], examples: int) -> dict[str, Any]:
    """Run schemathesis against ``sandbox``; return cases and failures by check."""
    import schemathesis
    from schemathesis.config import SchemathesisConfig
    from schemathesis.engine import Status, events, from_schema

    config = SchemathesisConfig.from_dict(
        {
            "seed": 30,
            "generation": {"deterministic": True, "max-examples": examples},
            "phases": {
                "examples": {"enabled": True},
                "coverage": {"enabled": False},
                "fuzzing": {"enabled": True},
                "stateful": {"enabled": False},
            },
            "checks": {name: {"enabled": True} for name in _CONTRACT_CHECKS}
            | {"positive_data_acceptance": {"enabled": False}}
            | {"negative_data_rejection": {"enabled": False}}
            | {"missing_required_header": {"enabled": False}}
            | {"unsupported_method": {"enabled": False}}
            | {"ignored_auth": {"enabled": False}}
            | {"use_after_free": {"enabled": False}}
            | {"ensure_resource_availability": {"enabled": False}},
            "headers": {"Authorization": f"Bearer {sandbox.api_key}"},
        }
    )
    document = {**document, "servers": [{"url": "http://sandbox.test"}]}
    schema = schemathesis.openapi.from_dict(document, config=config)
    schema.app = sandbox.app
    cases = 0
    failures: Counter[str] = Counter()
    samples: dict[str, str] = {}
    errors: list[str] = []
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            cases += len(event.recorder.cases)
            for case_id, checks in event.recorder.checks.items():
                for check in checks:
                    if check.status != Status.FAILURE:
                        continue
                    key = f"{event.recorder.label}: {check.name}"
                    failures[key] += 1
                    info = check.failure_info
                    said = ""
                    if info is not None:
                        said = f"{info.failure.title}: {getattr(info.failure, 'message', '')}"
                    interaction = event.recorder.interactions.get(case_id)
                    if interaction is not None and interaction.response is not None:
                        body = (interaction.response.content or b"")[:160]
                        status = interaction.response.status_code
                        answer = f"{status} {body.decode('utf-8', 'replace')}"
                        samples.setdefault(key, f"{said[:240]} | {answer}")
        elif isinstance(event, events.NonFatalError):
            errors.append(f"{event.label}: {str(event.value)[:200]}")
        elif isinstance(event, events.FatalError):
            errors.append(f"fatal: {str(event.exception)[:200]}")
    return {"cases": cases, "failures": dict(failures), "samples": samples, "errors": errors}


async def _run(only: int | None, contract: int) -> dict[str, Any]:
    document = load_bundle()
    rows = list(OPERATIONS)[:only] if only else list(OPERATIONS)
    report: dict[str, Any] = {"operations": len(OPERATIONS), "probed": len(rows), "rows": []}
    async with Sandbox(seed_payments=0) as sandbox:
        client = sandbox.client()
        for row in rows:
            method = _bound(client, row)
            entry = {
                "operation": f"{row.http_method} {row.path}",
                "name": f"{row.resource}.{row.method}",
                "callable": method is not None,
                "help": _help(row),
                "call": await _call(method, row, document) if method else "not callable",
            }
            report["rows"].append(entry)
        if contract:
            started = time.monotonic()
            chosen = {(row.http_method.lower(), row.path) for row in rows}
            paths: dict[str, Any] = {}
            for path, item in document["paths"].items():
                kept = {
                    key: value
                    for key, value in item.items()
                    if key not in ("get", "put", "post", "patch", "delete") or (key, path) in chosen
                }
                if any(key in kept for key in ("get", "put", "post", "patch", "delete")):
                    paths[path] = kept
            report["contract"] = await asyncio.to_thread(
                _contract, sandbox, {**document, "paths": paths}, contract
            )
            report["contract"]["seconds"] = round(time.monotonic() - started, 1)
    return report


def main(argv: list[str]) -> int:
    """Print the probe's JSON report on standard output."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", type=int, default=None, help="the first N operations only")
    parser.add_argument("--contract", type=int, default=3, help="schemathesis examples (0: none)")
    args = parser.parse_args(argv)
    report = asyncio.run(_run(args.only, args.contract))
    sys.stdout.write(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
