"""``make corpus``: real providers' published bundles through the whole pipeline, as published.

Each directory of ``openapi/corpus/`` holds one provider's bundle as it was published
(``bundle.json`` or ``bundle.yaml``), often an earlier published version of it
(``previous.*``), and ``SOURCE.md`` (repository, path, commit, licence). For each bundle, with
no line written for it:

1. ``features.py``: the verdict of ``make generate``'s first step (refusals by name and JSON
   pointer are reported, never skipped);
2. the Makefile's ``generate-into`` recipe, with no overlay (``OVERLAY=none``: ours names our
   bundle's schemas), into ``build/corpus/<name>/generated`` (beside a link
   to ``wrapper/``, as ``tests/support/scratch_generate.py`` lays out a scratch checkout);
3. ``corpus_probe.py`` in a fresh interpreter on that SDK: every operation callable by its
   conventional name, ``payments RESOURCE METHOD --help``, one call of each through the SDK to a
   sandbox built from the bundle, and schemathesis against that sandbox;
4. ``mypy --strict`` on a user's file that names every operation and calls those that need no
   argument (a list through ``async for``);
5. ``api_diff.py`` between ``previous.*`` and ``bundle.*``, both as published (no overlay, as
   in step 2), checked against what changed: every operation removed is a breaking change
   naming it, every operation added a compatible one, and a bundle against itself is no change.

It writes the table to ``docs/corpus.md``. Usage: python openapi/tools/corpus.py [NAME ...]
[--only N] [--contract N] [--no-mypy] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "openapi" / "corpus"
BUILD = ROOT / "build" / "corpus"
TABLE = ROOT / "docs" / "corpus.md"
_BIN = Path(sys.executable).parent
_METHODS = ("get", "put", "post", "patch", "delete", "options", "head", "trace")
_EXAMPLES = 3
"""schemathesis examples per operation in ``make corpus`` (the guard in make test runs 1)."""

__all__ = ["Result", "bundle_path", "bundles", "load", "main", "run_bundle"]


@dataclass
class Result:
    """What the pipeline made of one bundle."""

    name: str
    version: str = ""
    operations: int = 0
    generate: str = ""
    refusals: list[str] = field(default_factory=list)
    callable: int = 0
    help_ok: int = 0
    calls: Counter[str] = field(default_factory=Counter)
    contract: dict[str, Any] = field(default_factory=dict)
    mypy: str = "-"
    api_diff: str = "-"
    probed: int = 0
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def bundles() -> list[str]:
    """Return the name of every bundle of the corpus."""
    return sorted(p.name for p in CORPUS.iterdir() if p.is_dir() and _file(p, "bundle"))


def bundle_path(name: str) -> Path:
    """Return the published bundle of the corpus's ``name`` (``bundle.json`` or ``.yaml``)."""
    found = _file(CORPUS / name, "bundle")
    if found is None:
        raise FileNotFoundError(f"openapi/corpus/{name} holds no bundle.json or bundle.yaml")
    return found


def _file(directory: Path, stem: str) -> Path | None:
    for suffix in (".json", ".yaml", ".yml"):
        if (directory / f"{stem}{suffix}").is_file():
            return directory / f"{stem}{suffix}"
    return None


def load(path: Path) -> dict[str, Any]:
    """Return a bundle as published: JSON, or YAML (read as JSON's data, as bundle.py does)."""
    text = path.read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    return document


def _operations(document: dict[str, Any]) -> set[str]:
    return {
        f"{method.upper()} {path}"
        for path, item in document.get("paths", {}).items()
        if isinstance(item, dict)
        for method in _METHODS
        if isinstance(item.get(method), dict)
    }


def _refused_operations(document: dict[str, Any], refusals: list[str]) -> set[str]:
    """Return the operations (``POST /files``) whose part a refusal's JSON pointer is in.

    A refusal outside the paths (a component) counts every operation that reaches it.
    """
    hit: set[str] = set()
    for line in refusals:
        pointer = line.rsplit(" at ", 1)[-1]
        parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
        if parts[:1] == ["paths"] and len(parts) >= 3 and parts[2] in _METHODS:
            hit.add(f"{parts[2].upper()} {parts[1]}")
        elif parts[:1] == ["paths"] and len(parts) >= 2:
            item = document.get("paths", {}).get(parts[1], {})
            hit.update(f"{m.upper()} {parts[1]}" for m in _METHODS if isinstance(item.get(m), dict))
        else:
            ref = "#" + pointer.split("/$ref")[0] if pointer.startswith("/components/") else None
            name = "/".join(pointer.split("/")[:4]) if ref else ""
            for path, item in document.get("paths", {}).items():
                for method in _METHODS:
                    if (
                        name
                        and isinstance(item.get(method), dict)
                        and f'"#{name}"' in json.dumps(item[method])
                    ):
                        hit.add(f"{method.upper()} {path}")
    return hit


def _unnamed(routes: set[str]) -> set[str]:
    return {re.sub(r"\{[^{}]*\}", "{}", route) for route in routes}


def _names(change: Any, route: str) -> bool:
    """Whether an api-diff change is about the operation ``route`` (parameters unnamed)."""
    (text,) = _unnamed({str(change)})
    return route in text


def _run(
    command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: int = 1800
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def _env(work: Path) -> dict[str, str]:
    """Return the environment of an interpreter that imports the SDK generated into ``work``."""
    path = f"{work / 'generated'}{os.pathsep}{work / 'wrapper'}"
    return {
        **os.environ,
        "PYTHONPATH": path,
        "MYPYPATH": path,
        "PATH": f"{_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }


def _user_file(work: Path) -> Path:
    """Write a user's file naming every operation, calling those that need no argument."""
    table = _run(
        [
            sys.executable,
            "-c",
            "import json; from payments_sdk._operation_table import OPERATIONS as O; "
            "print(json.dumps([[r.resource, r.method, r.paged, "
            "any(a.required for a in r.arguments)] for r in O]))",
        ],
        env=_env(work),
    )
    rows = json.loads(table.stdout)
    lines = [
        '"""A user of the SDK generated from a corpus bundle (written by make corpus)."""',
        "",
        "from __future__ import annotations",
        "",
        "from payments_sdk import AsyncPaymentsClient",
        "",
        "",
        "async def use(client: AsyncPaymentsClient) -> list[object]:",
        '    """Name every operation; call each that needs no argument."""',
        "    seen: list[object] = []",
    ]
    for resource, method, paged, needs in rows:
        owner = "client" if resource == "client" else f"client.{resource}"
        lines.append(f"    seen.append({owner}.{method})")
        if needs:
            continue
        if paged:
            lines.append(f"    async for item in {owner}.{method}():")
            lines.append("        seen.append(item)")
        else:
            lines.append(f"    seen.append(await {owner}.{method}())")
    lines += ["    return seen", ""]
    user = work / "user.py"
    user.write_text("\n".join(lines), encoding="utf-8")
    return user


def _mypy(work: Path) -> str:
    user = _user_file(work)
    done = _run(
        [
            str(_BIN / "mypy"),
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(work / ".mypy_cache"),
            "--follow-imports=silent",
            str(user),
        ],
        cwd=work,
        env=_env(work),
    )
    if done.returncode == 0:
        return "pass"
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    return f"{len(errors)} error(s): {errors[0][:160] if errors else done.stdout[-160:]}"


def _api_diff(name: str, work: Path) -> str:
    """Diff the previous published version against this one; check the verdicts."""
    directory = CORPUS / name
    before = _file(directory, "previous")
    if before is None:
        return "- (one version kept)"
    sys.path.insert(0, str(ROOT / "openapi" / "tools"))
    import api_diff  # type: ignore[import-not-found,unused-ignore]

    old_doc, new_doc = load(before), load(_file(directory, "bundle"))  # type: ignore[arg-type]
    (work / "previous.json").write_text(json.dumps(old_doc), encoding="utf-8")
    try:
        # Their bundle as published, as generate-into reads it (OVERLAY=none): our overlay
        # names our bundle's paths and schemas, and is no part of a provider's contract.
        old = api_diff.current(work / "previous.json", overlay=None)
        new = api_diff.current(work / "bundle.json", overlay=None)
        changes = api_diff.diff(old, new)
        same = api_diff.diff(new, new)
    except Exception as error:
        return f"crash: {type(error).__name__}: {str(error)[:160]}"
    problems = []
    if same:
        problems.append(f"the bundle against itself reports {len(same)} change(s)")
    text = [str(change) for change in changes]
    # Operations as the SDK reaches them: folded full paths, parameters unnamed.
    removed = _unnamed(_operations(old)) - _unnamed(_operations(new))
    added = _unnamed(_operations(new)) - _unnamed(_operations(old))
    breaking = [change for change in changes if change.breaking]
    if removed and not breaking:
        problems.append(f"{len(removed)} operation(s) removed, no breaking change reported")
    unreported = [route for route in added if not any(_names(change, route) for change in changes)]
    if unreported:
        problems.append(f"operation(s) added and not reported: {', '.join(sorted(unreported))}")
    contract_changed = _canonical(old_doc) != _canonical(new_doc)
    if not changes and contract_changed:
        problems.append(
            "the bundles differ beyond descriptions and examples, and no change is reported"
        )
    silent = "" if changes or contract_changed else "no change to what the operations use"
    verdict = (
        f"{len(changes)} change(s), {len(breaking)} breaking; "
        f"operations -{len(removed)} +{len(added)}"
    )
    if silent:
        verdict += f"; {silent}"
    del text
    return verdict + ("; WRONG: " + "; ".join(problems) if problems else "; verdicts agree")


_PROSE = frozenset({"description", "summary", "example", "examples", "title", "externalDocs"})


def _canonical(document: Any) -> str:
    """Return what the operations use, as text, without prose, examples and ``x-`` extensions.

    The paths, and each component a ``$ref`` reaches from them (one referred to only from an
    extension, such as Adyen's ``x-anyOf``, is no part of the contract).
    """

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                key: strip(value)
                for key, value in node.items()
                if key not in _PROSE and not str(key).startswith("x-")
            }
        if isinstance(node, list):
            return [strip(item) for item in node]
        return node

    reachable: dict[str, Any] = {}
    stack = [strip(document.get("paths", {})), strip(document.get("webhooks", {}))]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/") and ref not in reachable:
                target: Any = document
                for part in ref.removeprefix("#/").split("/"):
                    part = part.replace("~1", "/").replace("~0", "~")
                    target = target.get(part, {}) if isinstance(target, dict) else {}
                reachable[ref] = strip(target)
                stack.append(reachable[ref])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    kept = {
        "paths": strip(document.get("paths", {})),
        "webhooks": strip(document.get("webhooks", {})),
        "security": document.get("security"),
        "servers": document.get("servers"),
        "reachable": reachable,
    }
    return json.dumps(kept, sort_keys=True)


def run_bundle(
    name: str, *, only: int | None, contract: int, mypy: bool, scratch: Path = BUILD
) -> Result:
    """Run the whole pipeline on one bundle; return what it gave (never raise for a bundle).

    It works in ``scratch/<name>`` (``build/corpus`` for ``make corpus``; a test passes its own
    temporary directory, so that no link to ``wrapper/`` stays in the checkout, where building
    the sdist would follow it).
    """
    started = time.monotonic()
    result = Result(name)
    work = scratch / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "wrapper").symlink_to(ROOT / "wrapper", target_is_directory=True)
    document = load(_file(CORPUS / name, "bundle"))  # type: ignore[arg-type]
    (work / "bundle.json").write_text(json.dumps(document), encoding="utf-8")
    result.version = (
        f"OpenAPI {document.get('openapi', '?')}, {document.get('info', {}).get('version', '?')}"
    )
    result.operations = len(_operations(document))
    features = _run([sys.executable, "openapi/tools/features.py", str(work / "bundle.json")])
    result.refusals = [
        line for line in features.stderr.splitlines() if line.startswith("unsupported OpenAPI")
    ]
    generate = _run(
        [
            "make",
            "--no-print-directory",
            "generate-into",
            f"DIR={work / 'generated'}",
            f"BUNDLE={work / 'bundle.json'}",
            "OVERLAY=none",  # the provider's bundle as published: our overlay is ours
        ]
    )
    if generate.returncode != 0:
        if result.refusals:
            hit = _refused_operations(document, result.refusals)
            result.generate = (
                f"refused: {len(result.refusals)} use(s) of unsupported features, in "
                f"{len(hit)} of {result.operations} operations"
            )
            result.api_diff = "- (refused)"
            result.seconds = time.monotonic() - started
            return result
        else:
            tail = [
                line
                for line in (generate.stderr or generate.stdout).splitlines()
                if line.strip() and not line.startswith(("make", " "))
            ]
            result.generate = "FAILED: " + (tail[-1][:200] if tail else "no output")
            (work / "generate.log").write_text(generate.stdout + generate.stderr, encoding="utf-8")
        result.api_diff = _api_diff(name, work)
        result.seconds = time.monotonic() - started
        return result
    result.generate = "success"
    probe = _run(
        [
            sys.executable,
            str(ROOT / "openapi" / "tools" / "corpus_probe.py"),
            "--contract",
            str(contract),
        ]
        + (["--only", str(only)] if only else []),
        env=_env(work),
        cwd=work,
    )
    if probe.returncode != 0:
        tail = [line for line in probe.stderr.splitlines() if line.strip()]
        result.notes.append("probe crashed: " + (tail[-1][:200] if tail else "?"))
        (work / "probe.log").write_text(probe.stderr, encoding="utf-8")
    else:
        report = json.loads(probe.stdout)
        (work / "probe.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
        result.probed = report["probed"]
        result.callable = sum(1 for row in report["rows"] if row["callable"])
        result.help_ok = sum(1 for row in report["rows"] if row["help"] == 0)
        result.calls = Counter(_outcome(row["call"]) for row in report["rows"])
        result.contract = report.get("contract", {})
    if mypy:
        result.mypy = _mypy(work)
    result.api_diff = _api_diff(name, work)
    result.seconds = time.monotonic() - started
    return result


def _outcome(call: str) -> str:
    if call in ("2xx", "501") or call.startswith(("crash", "SDK refused", "non-conforming")):
        return call.split(":")[0] if call.startswith("crash") else call
    if call.isdigit():
        return "5xx" if call.startswith("5") else "4xx (declared)"
    return call


def table(results: list[Result], examples: int = _EXAMPLES) -> str:
    """Return docs/corpus.md for these results."""
    lines = [
        "# The corpus of real bundles",
        "",
        "Written by `make corpus` (`openapi/tools/corpus.py`): do not edit. Each bundle of",
        "`openapi/corpus/` (its `SOURCE.md` names the repository, path, commit and licence) went",
        "through the pipeline as published, with no line written for it",
        "([development.md](development.md#the-corpus-of-real-bundles-make-corpus)).",
        "",
        "- *generate*: `make generate-into` on it; a refusal names each use of a feature the",
        "  pipeline does not carry and its JSON pointer (listed below), with the share of the",
        "  operations it touches;",
        "- *callable*: operations that are a method by our naming convention; *help*: operations",
        "  whose `payments RESOURCE METHOD --help` exits 0;",
        "- *calls*: one call of each operation through the SDK to a sandbox built from the bundle,",
        "  with a value of the body's schema (one shape of a `oneOf`) and of each required",
        "  parameter; `4xx (declared)` is an answer the operation declares, such as 404 for an id",
        "  the sandbox does not hold; a crash, a 5xx or an answer the SDK finds non-conforming",
        "  would be listed by name;",
        "- *contract*: schemathesis against that sandbox (examples and fuzzing, "
        f"{examples} examples per",
        "  operation), and the failures of the checks that hold an answer to the bundle: no 5xx,",
        "  a declared status, media type, headers and body;",
        "- *mypy*: `mypy --strict` on a user's file naming every operation and calling those that",
        "  need no argument;",
        "- *api-diff*: the earlier published version (`previous.*`) against this one; the",
        "  verdicts are checked against the operations removed and added, and a bundle whose",
        "  operations use the same schemas must report no change.",
        "",
        "| bundle | version | operations | generate | callable | help | calls | contract | mypy "
        "| api-diff |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        calls = ", ".join(f"{k} {v}" for k, v in sorted(r.calls.items())) or "-"
        contract = "-"
        if r.contract:
            failed = sum(r.contract.get("failures", {}).values())
            contract = f"{r.contract.get('cases', 0)} cases, {failed} failures"
            if r.contract.get("errors"):
                contract += f", {len(r.contract['errors'])} errors"
        probed = f" (probed {r.probed})" if r.probed and r.probed != r.operations else ""
        lines.append(
            f"| {r.name} | {r.version} | {r.operations}{probed} | {r.generate} | "
            f"{r.callable if r.generate == 'success' else '-'} | "
            f"{r.help_ok if r.generate == 'success' else '-'} | {calls} | {contract} | "
            f"{r.mypy.replace('|', '/')} | {r.api_diff.replace('|', '/')} |"
        )
    details = [
        r
        for r in results
        if r.refusals or r.notes or r.contract.get("failures") or r.contract.get("errors")
    ]
    if details:
        lines += ["", "## Refusals, failures and notes", ""]
        for r in details:
            lines.append(f"### {r.name}")
            lines.append("")
            for refusal in r.refusals:
                lines.append(f"- {refusal}")
            for note in r.notes:
                lines.append(f"- {note}")
            for key, count in sorted(r.contract.get("failures", {}).items()):
                sample = r.contract.get("samples", {}).get(key, "")
                lines.append(f"- contract: {key} x{count}: `{sample[:120]}`")
            for error in r.contract.get("errors", [])[:10]:
                lines.append(f"- contract error: `{error[:160]}`")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    """Run the corpus (or the named bundles), print and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--only", type=int, default=None, help="probe the first N operations")
    parser.add_argument(
        "--contract", type=int, default=_EXAMPLES, help="schemathesis examples per operation"
    )
    parser.add_argument("--no-mypy", action="store_true")
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    args = parser.parse_args(argv)
    results = []
    for name in args.names or bundles():
        print(f"corpus: {name} ...", file=sys.stderr, flush=True)
        result = run_bundle(name, only=args.only, contract=args.contract, mypy=not args.no_mypy)
        # The scratch checkout's link to wrapper/ goes once the bundle is done: `make dist`
        # (hatchling) follows a link it meets under the checkout and then leaves wrapper/ out.
        (BUILD / name / "wrapper").unlink(missing_ok=True)
        print(
            f"corpus: {name}: {result.generate} in {result.seconds:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        results.append(result)
    text = table(results, args.contract)
    sys.stdout.write(text)
    if not args.no_write and not args.names:
        TABLE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
