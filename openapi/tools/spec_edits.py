"""Replay realistic spec edits on scratch copies of the repository and report what catches each.

Each edit is applied to ``openapi/payments.yaml`` in its own copy under ``build/spec-edits/``
(never in the work tree), then the documented workflow runs there: ``make generate``,
``make api-diff``, ``make lint`` and the whole pytest suite. The report says, for each edit,
which step failed and with what message (flagged), or that every step passed (carried through,
or a compatible change).

It uses the work tree's ``.venv`` (``make setup`` first) and runs nothing else: the copies import
their own ``wrapper/`` and ``generated/`` through ``PYTHONPATH``.

Usage: python openapi/tools/spec_edits.py [NAME ...]   (default: every edit; --list to list)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
SCRATCH = ROOT / "build" / "spec-edits"
STAMPS = [".venv/.pip-installed", ".venv/.sandbox-installed", ".venv/.installed"]
Spec = dict[str, Any]


def _schemas(spec: Spec) -> dict[str, Any]:
    schemas: dict[str, Any] = spec["components"]["schemas"]
    return schemas


def server_move(spec: Spec) -> None:
    """GET /refunds/{id} moves to /v2 with an operation-level server."""
    spec["paths"]["/refunds/{id}"]["get"]["servers"] = [
        {
            "url": "{root_url}/v2",
            "description": "Refunds are read from v2.",
            "variables": {"root_url": {"default": "https://api.payments.example"}},
        }
    ]


def refund_status_filter(spec: Spec) -> None:
    """GET /refunds gains an optional query parameter ``status``."""
    spec["paths"]["/refunds"]["get"]["parameters"].append(
        {
            "name": "status",
            "in": "query",
            "required": False,
            "description": "Only refunds in this status.",
            "schema": {"$ref": "#/components/schemas/RefundStatus"},
        }
    )


def conversion_aed(spec: Spec) -> None:
    """ConversionCurrency gains AED."""
    _schemas(spec)["ConversionCurrency"]["enum"].append("AED")


def get_payment(spec: Spec) -> None:
    """Add a new operation, GET /payments/{id}."""
    spec["paths"]["/payments/{id}"] = {
        "get": {
            "operationId": "getPayment",
            "summary": "Retrieve a payment",
            "description": "Returns one payment by its id.",
            "tags": ["Payin"],
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {
                "200": {
                    "description": "The payment.",
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Payment"}}
                    },
                },
                **{
                    code: spec["paths"]["/payments"]["get"]["responses"][code]
                    for code in ("400", "401")
                },
            },
        }
    }


def refund_reason_field(spec: Spec) -> None:
    """Refund gains an optional response field ``reason``."""
    _schemas(spec)["Refund"]["properties"]["reason"] = {
        "type": "string",
        "description": "Why the refund was made.",
    }


def refund_failed_value(spec: Spec) -> None:
    """RefundStatus gains the value ``failed``."""
    _schemas(spec)["RefundStatus"]["enum"].append("failed")


def renamed_request_field(spec: Spec) -> None:
    """Rename the beneficiary bank account's ``local_routing_number`` to ``sort_code``."""
    schema = _schemas(spec)["BeneficiaryBankAccountRequest"]
    properties = schema["properties"]
    properties["sort_code"] = properties.pop("local_routing_number")
    _rename_in_examples(spec, "local_routing_number", "sort_code")


def _rename_in_examples(node: Any, old: str, new: str) -> None:
    if isinstance(node, dict):
        for key in list(node):
            if key == old and isinstance(node[key], str):
                node[new] = node.pop(key)
            else:
                _rename_in_examples(node[key], old, new)
    elif isinstance(node, list):
        for item in node:
            _rename_in_examples(item, old, new)


def info_version(spec: Spec) -> None:
    """info.version moves to 1.1.0."""
    spec["info"]["version"] = "1.1.0"


def required_filter(spec: Spec) -> None:
    """GET /payments gains a required query parameter ``currency`` (breaking)."""
    spec["paths"]["/payments"]["get"]["parameters"].append(
        {
            "name": "currency",
            "in": "query",
            "required": True,
            "description": "Only payments in this currency.",
            "schema": {"$ref": "#/components/schemas/CurrencyCode"},
        }
    )


def refund_reason_request(spec: Spec) -> None:
    """POST /refunds takes a new optional request field ``reason``."""
    _schemas(spec)["RefundCreateRequest"]["properties"]["reason"] = {
        "type": "string",
        "minLength": 1,
        "description": "Why the payment is refunded.",
    }


def path_parameter_rename(spec: Spec) -> None:
    """GET /refunds/{id} becomes GET /refunds/{refund_id}."""
    item = spec["paths"].pop("/refunds/{id}")
    item["get"]["parameters"] = [
        {
            "name": "refund_id",
            "in": "path",
            "required": True,
            "description": "The refund's id.",
            "schema": {"type": "string", "minLength": 1},
        }
    ]
    spec["paths"]["/refunds/{refund_id}"] = item


def foreign_server(spec: Spec) -> None:
    """GET /balances moves to another host (cannot be folded)."""
    spec["paths"]["/balances"]["get"]["servers"] = [{"url": "https://balances.example/v1"}]


EDITS: dict[str, Callable[[Spec], None]] = {
    edit.__name__: edit
    for edit in (
        server_move,
        refund_status_filter,
        conversion_aed,
        get_payment,
        refund_reason_field,
        refund_failed_value,
        renamed_request_field,
        info_version,
        required_filter,
        refund_reason_request,
        path_parameter_rename,
        foreign_server,
    )
}


def _copy(target: Path) -> None:
    """Copy the work tree's tracked and new files (not .venv, caches or build/) to ``target``."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    (target / ".venv").symlink_to(ROOT / ".venv")
    if (ROOT / "node_modules").exists():
        (target / "node_modules").symlink_to(ROOT / "node_modules")


def _run(step: str, command: list[str], cwd: Path, env: dict[str, str]) -> tuple[str, bool, str]:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    return step, result.returncode == 0, (result.stdout + result.stderr)


def _findings(step: str, output: str) -> list[str]:
    """Return the lines of a step's output that say what is wrong."""
    wanted: dict[str, Callable[[str], bool]] = {
        "pytest": lambda text: text.startswith(("FAILED", "E   ")),
        "make lint": lambda text: ": error:" in text or text.startswith(("E", "F")),
        "make generate": lambda text: any(
            word in text for word in ("BREAKING", "compatible", "fold.py", "Error")
        ),
        "make api-diff": lambda text: text.startswith("api-diff:"),
    }
    keep = [line.strip()[:300] for line in output.splitlines() if wanted[step](line.strip())]
    return keep[:14]


def replay(name: str) -> str:
    """Apply one edit in a fresh copy, run the workflow, and return its report section."""
    edit = EDITS[name]
    target = SCRATCH / name
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    _copy(target)
    spec_path = target / "openapi" / "payments.yaml"
    spec = yaml.safe_load(spec_path.read_text(encoding="utf-8"))
    edit(spec)
    spec_path.write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True), "utf-8")
    env = {**os.environ, "PYTHONPATH": f"{target / 'wrapper'}{os.pathsep}{target / 'generated'}"}
    make = ["make", "--no-print-directory", *[f"-o{stamp}" for stamp in STAMPS]]
    python = str(ROOT / ".venv" / "bin" / "python")
    steps = [
        ("make generate", [*make, "generate"]),
        ("make api-diff", [*make, "api-diff"]),
        ("make lint", [*make, "lint"]),
        ("pytest", [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--maxfail=40"]),
    ]
    lines = [f"### {name}: {(edit.__doc__ or '').strip()}", ""]
    started = time.monotonic()
    for step, command in steps:
        label, passed, output = _run(step, command, target, env)
        lines.append(f"- `{label}`: {'passed' if passed else 'FAILED'}")
        lines += [f"    {finding}" for finding in _findings(label, output)]
        if label == "make generate" and not passed:
            break
    lines += [f"- ({time.monotonic() - started:.0f} s)", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if "--list" in argv:
        for name, edit in EDITS.items():
            print(f"{name}: {(edit.__doc__ or '').strip()}")
        return 0
    names = argv or list(EDITS)
    unknown = [name for name in names if name not in EDITS]
    if unknown:
        print(f"unknown edit(s): {', '.join(unknown)}; --list lists them", file=sys.stderr)
        return 2
    SCRATCH.mkdir(parents=True, exist_ok=True)
    sections = []
    for name in names:
        section = replay(name)
        print(section, flush=True)
        sections.append(section)
    (SCRATCH / "report.md").write_text("\n".join(sections), encoding="utf-8")
    print(f"report: {(SCRATCH / 'report.md').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
