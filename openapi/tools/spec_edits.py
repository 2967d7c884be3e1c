"""Replay the realistic spec edits (``spec_edit_set.EDITS``), each in a scratch clone.

For each edit, a clone of the committed ``HEAD`` under ``build/spec-edits/slot-N`` (never the work
tree) gets the edit applied to ``openapi/payments.yaml``, the provider's bundle (and, for an edit
that changes what the service description says, its facts to
``tests/support/description_facts.py``; for one that takes away what our overlay targets, its
overlay change to ``openapi/overlay.yaml``); ``make generate`` applies the overlay on top. Then:

- ``compatible`` and ``doc-only``: ``make generate``, then the whole ``make test``; it must pass.
  A doc-only edit must also leave ``make api-diff`` silent ("no change") and change nothing in
  ``generated/`` but docstrings and the shipped bundle's text;
- ``breaking``: ``make generate``, then ``make api-diff`` must fail, printing each of the edit's
  ``flags`` and the semver rule ("must be at least <next breaking version>");
- ``unsupported``: ``make generate`` must fail, naming the place (the edit's ``flags``).

Two more runs: ``unchanged`` (no edit: the clone's own ``make test``, so that a failure of an edit
is not the base's) and ``together`` (every compatible edit that is not pending, applied at once).

Results are cached in ``build/spec-edits/results/`` by the commit's tree and the edited files, so
a run resumes where the last one stopped and re-runs only what changed; ``--force`` re-runs.
Each slot keeps its ``.venv`` and ``node_modules`` between edits (the tree is checked out and
cleaned again for each). The table is printed and written to ``docs/spec-edits.md``.

It takes long (a whole ``make test`` per edit): run it in the background, niced, e.g.
``nohup make spec-edits > build/spec-edits.log 2>&1 &``.

Usage: python openapi/tools/spec_edits.py [--jobs N] [--force | --resume] [--skip-pending]
[--table] [--list] [--apply] [NAME ...]
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from api_diff import required_version
from overlay import apply_overlay
from spec_edit_set import EDITS, Edit, apply_edits, by_name, facts_after, overlay_after

ROOT = Path(__file__).resolve().parent.parent.parent
SCRATCH = ROOT / "build" / "spec-edits"
RESULTS = SCRATCH / "results"
REPORT = ROOT / "docs" / "spec-edits.md"
FACTS = Path("tests/support/description_facts.py")
OVERLAY = Path("openapi/overlay.yaml")
SPEC = Path("openapi/payments.yaml")
BASELINE = Path("openapi/baseline/payments.json")
SETUP_FILES = ("pyproject.toml", "package.json", "package-lock.json")
STAMPS = (".venv/.pip-installed", ".venv/.sandbox-installed", ".venv/.installed")
UNCHANGED = "unchanged"
TOGETHER = "together"


@dataclass(frozen=True)
class Run:
    """One replay: a name, the kind that decides what must happen, and the edits it applies."""

    name: str
    kind: str
    edits: tuple[Edit, ...]
    flags: tuple[str, ...] = ()
    pending: str = ""


def runs() -> list[Run]:
    """Every replay: the base, the cheap ones (breaking, unsupported), together, the rest."""
    compatible = tuple(e for e in EDITS if e.kind == "compatible" and not e.pending)
    singles = [Run(e.name, e.kind, (e,), e.flags, e.pending) for e in EDITS]
    order = {"unsupported": 0, "breaking": 1, "compatible": 3, "doc-only": 4}
    singles.sort(key=lambda run: (order[run.kind], bool(run.pending)))
    base = Run(UNCHANGED, "compatible", ())
    together = Run(TOGETHER, "compatible", compatible)
    cheap = [r for r in singles if r.kind in ("unsupported", "breaking")]
    rest = [r for r in singles if r.kind not in ("unsupported", "breaking")]
    ready = [r for r in rest if not r.pending]
    # The base first: when it fails, every other run's make test fails with it. Then all the
    # ready compatible edits at once, which tells the most in one make test.
    return [base, *cheap, together, *ready, *[r for r in rest if r.pending]]


def _git(*args: str, cwd: Path = ROOT) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return result.stdout.strip()


def _tree_key(commit: str) -> str:
    """Return a hash of the commit's tree, without the report this tool writes."""
    listing = _git("ls-tree", "-r", commit)
    kept = [
        line for line in listing.splitlines() if not line.endswith(f"\t{REPORT.relative_to(ROOT)}")
    ]
    return hashlib.sha256("\n".join(kept).encode()).hexdigest()


def _edited_files(run: Run, commit: str) -> dict[Path, str]:
    """Return the text of each file the run changes, at ``commit``, after its edits."""
    spec_text = _git("show", f"{commit}:{SPEC}")
    files: dict[Path, str] = {}
    if run.edits:
        edited = apply_edits(yaml.safe_load(spec_text), run.edits)
        files[SPEC] = yaml.safe_dump(edited, sort_keys=False, allow_unicode=True, width=100)
    if any(edit.overlay is not None for edit in run.edits):
        overlay = overlay_after(yaml.safe_load(_git("show", f"{commit}:{OVERLAY}")), run.edits)
        files[OVERLAY] = yaml.safe_dump(overlay, sort_keys=False, allow_unicode=True, width=100)
    released = [name for edit in run.edits for name in edit.released]
    if released:
        baseline = json.loads(_git("show", f"{commit}:{BASELINE}"))
        edited = apply_edits(baseline, [by_name(name) for name in released])
        files[BASELINE] = json.dumps(edited, indent=2, ensure_ascii=False) + "\n"
    facts = facts_after(_git("show", f"{commit}:{FACTS}") + "\n", run.edits)
    if facts != _git("show", f"{commit}:{FACTS}") + "\n":
        files[FACTS] = facts
    return files


def _key(run: Run, tree: str, files: dict[Path, str]) -> str:
    digest = hashlib.sha256(f"{run.name}\0{run.kind}\0{tree}".encode())
    for path, text in sorted(files.items()):
        digest.update(f"\0{path}\0{text}".encode())
    return digest.hexdigest()


# -- a slot: one scratch clone, reused ----------------------------------------------------------


class Slot:
    """A scratch clone with its own ``.venv`` and ``node_modules``, checked out again per run."""

    def __init__(self, index: int, commit: str) -> None:
        self.path = SCRATCH / f"slot-{index}"
        self.commit = commit

    def run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run ``command`` in the clone, away from the work tree's venv and PATH."""
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
        env["PATH"] = os.pathsep.join(
            p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(str(ROOT))
        )
        result = subprocess.run(
            command, cwd=self.path, env=env, capture_output=True, text=True, check=False
        )
        if check and result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)}: {(result.stdout + result.stderr)[-2000:]}")
        return result

    def _setup_hash(self) -> str:
        digest = hashlib.sha256()
        for name in SETUP_FILES:
            digest.update((self.path / name).read_bytes())
        return digest.hexdigest()

    def checkout(self) -> None:
        """Check the commit out clean, keeping the slot's ``.venv`` and ``node_modules``."""
        if not (self.path / ".git").exists():
            self.path.mkdir(parents=True, exist_ok=True)
            self.run("git", "init", "-q")
        self.run("git", "fetch", "-q", str(ROOT), self.commit)
        self.run("git", "checkout", "-q", "-f", "--detach", self.commit)
        self.run("git", "clean", "-q", "-ffdx", "-e", ".venv", "-e", "node_modules")
        marker = self.path / ".venv" / ".spec-edits-setup"
        if marker.exists() and marker.read_text() == self._setup_hash():
            # The checkout made the setup files new; what they say is what the venv has.
            for stamp in (*STAMPS, ".venv/.docs-installed", "node_modules/.installed"):
                if (self.path / stamp).exists():
                    (self.path / stamp).touch()
            return
        if not (self.path / "node_modules").exists() and (ROOT / "node_modules").is_dir():
            shutil.copytree(ROOT / "node_modules", self.path / "node_modules", symlinks=True)
            (self.path / "node_modules" / ".installed").touch()
        self.run("make", "--no-print-directory", "setup")
        marker.write_text(self._setup_hash())


# -- one replay ------------------------------------------------------------------------------------


def _findings(output: str) -> list[str]:
    """Return the lines of a failed step's output that say what is wrong."""
    wanted = re.compile(
        r"^(FAILED|ERROR|E   |api-diff:|make: \*\*\*|.*: error:|\[BREAKING\]|.*Error\b)"
    )
    lines = [line.strip()[:240] for line in output.splitlines() if wanted.match(line.strip())]
    failed = [line for line in lines if line.startswith("FAILED ")]  # every failed test, first
    return list(dict.fromkeys([*failed, *lines]))[: max(20, len(failed))]


_PROSE = frozenset({"description", "summary", "example", "examples"})
"""Keywords and keys whose text is prose: the CLI's help and a schema's documentation."""


def _code_without_docstrings(path: Path) -> str:
    """Return the code of ``path`` without its docstrings and prose (descriptions, examples)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                first.value.value = "" if isinstance(first.value.value, str) else first.value.value
        elif isinstance(node, ast.keyword) and node.arg in _PROSE:
            node.value = ast.Constant("")
        elif isinstance(node, ast.Dict):
            node.values = [
                ast.Constant("") if isinstance(k, ast.Constant) and k.value in _PROSE else v
                for k, v in zip(node.keys, node.values, strict=True)
            ]
    return ast.dump(tree)


def _code_changes(before: Path, after: Path) -> list[str]:
    """Return the generated Python files whose code (not docstrings) changed, came or went."""
    names = {p.relative_to(before) for p in before.rglob("*.py")}
    names |= {p.relative_to(after) for p in after.rglob("*.py")}
    changed = []
    for name in sorted(names):
        old, new = before / name, after / name
        if not old.exists() or not new.exists():
            changed.append(f"{name}: {'added' if new.exists() else 'removed'}")
        elif _code_without_docstrings(old) != _code_without_docstrings(new):
            changed.append(f"{name}: code changed")
    return changed


def replay(run: Run, slot: Slot) -> dict[str, Any]:
    """Run one replay in ``slot`` and return its result."""
    started = time.monotonic()
    slot.checkout()
    for path, text in _edited_files(run, slot.commit).items():
        (slot.path / path).write_text(text, encoding="utf-8")
    changed = _git("diff", "--name-only", "HEAD", cwd=slot.path).splitlines()
    changed += _git("ls-files", "--others", "--exclude-standard", cwd=slot.path).splitlines()
    outside = [name for name in changed if not name.startswith(("openapi/", str(FACTS)))]
    steps: list[dict[str, Any]] = []
    make = ("make", "--no-print-directory")

    def step(label: str, *command: str) -> bool:
        begun = time.monotonic()
        result = slot.run(*command, check=False)
        output = result.stdout + result.stderr
        logs = RESULTS / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        (logs / f"{run.name}.{label.replace(' ', '-')}.log").write_text(output, encoding="utf-8")
        steps.append(
            {
                "step": label,
                "passed": result.returncode == 0,
                "seconds": round(time.monotonic() - begun),
                "findings": _findings(output) if result.returncode else [],
                "output": output,
            }
        )
        return result.returncode == 0

    problems: list[str] = [f"changed outside openapi/: {line}" for line in outside]
    if run.kind == "doc-only":
        shutil.copytree(slot.path / "generated", slot.path / "build" / "generated-before")
    generated = step("make generate", *make, "generate")
    if run.kind == "unsupported":
        if generated:
            problems.append("make generate passed: the unsupported feature was not refused")
        output = steps[-1]["output"]
        problems += [f"make generate does not name {f!r}" for f in run.flags if f not in output]
    elif run.kind == "breaking":
        if generated:
            step("make api-diff", *make, "api-diff")
            output = steps[-1]["output"]
            rule = f"must be at least {required_version(_baseline_version(slot))}"
            if steps[-1]["passed"]:
                problems.append("make api-diff passed: the breaking change was not flagged")
            problems += [
                f"api-diff does not print {f!r}" for f in (*run.flags, rule) if f not in output
            ]
        else:
            problems.append("make generate failed")
    else:
        if generated and run.kind == "doc-only":
            # api-diff against the unedited bundle (as the baseline: our overlay applied, as a
            # release's baseline has it) must see nothing.
            unedited = slot.path / "build" / "unedited"
            unedited.mkdir(parents=True, exist_ok=True)
            merged = apply_overlay(
                json.loads(_git("show", f"{slot.commit}:openapi/payments.json")),
                yaml.safe_load(_git("show", f"{slot.commit}:{OVERLAY}")),
            )
            (unedited / "payments.json").write_text(
                json.dumps(merged, indent=2, ensure_ascii=False) + "\n"
            )
            (unedited / "VERSION").write_text("0.0.0\n")
            python = str(slot.path / ".venv" / "bin" / "python")
            step("api-diff", python, "openapi/tools/api_diff.py", "--baseline", str(unedited))
            if "no change for SDK users" not in steps[-1]["output"]:
                problems.append("api-diff reports a change against the unedited bundle")
            before = slot.path / "build" / "generated-before"
            problems += _code_changes(before, slot.path / "generated")
        if generated:
            if not step("make test", *make, "test"):
                problems.append("make test failed")
        else:
            problems.append("make generate failed")
    for entry in steps:
        entry.pop("output", None)
    return {
        "name": run.name,
        "kind": run.kind,
        "commit": slot.commit,
        "pending": run.pending,
        "as_expected": not problems,
        "problems": problems,
        "steps": steps,
        "seconds": round(time.monotonic() - started),
        "finished": time.strftime("%Y-%m-%d %H:%M:%SZ", time.gmtime()),
    }


def _baseline_version(slot: Slot) -> str:
    return (slot.path / "openapi" / "baseline" / "VERSION").read_text(encoding="utf-8").strip()


# -- the table -------------------------------------------------------------------------------------


def _result_of(run: Run, key: str | None) -> dict[str, Any] | None:
    path = RESULTS / f"{run.name}.json"
    if not path.exists():
        return None
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    result["stale"] = key is not None and result.get("key") != key
    return result


def _expected(run: Run) -> str:
    return {
        "compatible": "make test passes",
        "doc-only": "make test passes; api-diff silent; docstrings only",
        "breaking": "api-diff flags it + semver rule",
        "unsupported": "make generate refuses it by name",
    }[run.kind]


def _failed_tests(result: dict[str, Any] | None) -> set[str]:
    """Return the tests a result's ``make test`` failed (its ``FAILED`` lines)."""
    steps = (result or {}).get("steps", [])
    return {f.split()[1] for s in steps for f in s["findings"] if f.startswith("FAILED ")}


def _cell(result: dict[str, Any] | None, run: Run) -> tuple[str, str, str]:
    if result is None:
        return "not run", "", ""
    base = _failed_tests(_result_of(runs()[0], None)) if run.name != UNCHANGED else set()
    beyond = _failed_tests(result) - base
    if base and _failed_tests(result) and not beyond and result["problems"] == ["make test failed"]:
        # Only tests that fail without any edit too: the edit itself broke nothing.
        result = {**result, "as_expected": True, "problems": ["fails only what unchanged fails"]}
    verdict = "as expected" if result["as_expected"] else "NOT as expected"
    if result["as_expected"] and run.pending:
        verdict += " (pending no more)"
    if not result["as_expected"] and run.pending:
        verdict = "fails (pending)"
    steps = ", ".join(
        f"{s['step'].removeprefix('make ')} {'ok' if s['passed'] else 'FAILED'}"
        for s in result["steps"]
    )
    detail = "; ".join([*result["problems"], *[f for s in result["steps"] for f in s["findings"]]])
    detail = detail.replace("|", "\\|")[:400]
    when = f"{result['seconds'] // 60}m{result['seconds'] % 60:02d}s @{result['commit'][:8]}"
    if result.get("stale"):
        when += " (older commit)"
    return f"{verdict}: {steps}" + (f" - {detail}" if detail else ""), when, result["kind"]


def table(keys: dict[str, str] | None = None) -> str:
    """Return the per-edit table of the latest results, as Markdown."""
    lines = [
        "# Spec edits: the replay's last results",
        "",
        "Written by `make spec-edits` (`openapi/tools/spec_edits.py`); the edits are",
        "`openapi/tools/spec_edit_set.py`. Each edit ran alone in a scratch clone of the commit",
        "shown; `unchanged` is the clone's own `make test`; `together` applies every compatible",
        "edit that is not pending. docs/development.md says how to run it.",
        "",
        "| edit | kind | feature | what it changes | expected | result | time, commit |",
        "|---|---|---|---|---|---|---|",
    ]
    features = {e.name: (e.feature, e.summary) for e in EDITS}
    features[UNCHANGED] = ("-", "nothing (the base)")
    features[TOGETHER] = ("all", "every compatible edit not pending, at once")
    for run in runs():
        result = _result_of(run, (keys or {}).get(run.name))
        outcome, when, _ = _cell(result, run)
        feature, summary = features[run.name]
        kind = run.kind + (" (pending)" if run.pending else "")
        lines.append(
            f"| {run.name} | {kind} | {feature} | {summary.replace('|', '/')} | "
            f"{_expected(run)} | {outcome} | {when} |"
        )
    pending = [e for e in EDITS if e.pending]
    if pending:
        lines += ["", "Pending (expected to fail until their feature lands):", ""]
        lines += [f"- `{e.name}`: {e.pending}" for e in pending]
    return "\n".join(lines) + "\n"


# -- main ------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    SCRATCH.mkdir(parents=True, exist_ok=True)
    with open(SCRATCH / ".lock", "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SystemExit("another spec-edits run holds build/spec-edits/.lock") from None
        yield


def _apply_here(names: list[str], chosen: list[Run]) -> int:
    """Write the edited files of ``chosen`` (from ``HEAD``, applied at once) into the work tree."""
    edits = tuple(edit for run in chosen for edit in run.edits)
    if not names or not edits:
        print("--apply: name the runs to apply (together applies every compatible edit)")
        return 2
    combined = Run("+".join(run.name for run in chosen), "compatible", edits)
    written = _edited_files(combined, _git("rev-parse", "HEAD"))
    for path, text in written.items():
        (ROOT / path).write_text(text, encoding="utf-8")
    paths = " ".join(str(path) for path in written)
    print(f"wrote {paths}; now make generate. Undo: git checkout {paths}; make generate")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("names", nargs="*", help="runs to replay (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="clones at once (default 2)")
    parser.add_argument("--force", action="store_true", help="re-run cached results")
    parser.add_argument("--skip-pending", action="store_true", help="leave out pending edits")
    parser.add_argument("--resume", action="store_true", help="keep results of older commits")
    parser.add_argument("--table", action="store_true", help="write and print the table only")
    parser.add_argument("--list", action="store_true", help="list the runs")
    parser.add_argument(
        "--apply",
        action="store_true",
        help="write the named runs' edited files into this work tree, to reproduce a failure",
    )
    args = parser.parse_args(argv)
    everything = runs()
    if args.list:
        for run in everything:
            print(f"{run.name} [{run.kind}{', pending' if run.pending else ''}]")
        return 0
    unknown = set(args.names) - {run.name for run in everything}
    if unknown:
        print(f"unknown run(s): {', '.join(sorted(unknown))}; --list lists them", file=sys.stderr)
        return 2
    chosen = [r for r in everything if (not args.names or r.name in args.names)]
    if args.apply:
        return _apply_here(args.names, chosen)
    if args.skip_pending:
        chosen = [r for r in chosen if not r.pending]
    if _git("status", "--porcelain", "--untracked-files=no"):
        print("spec-edits: replaying the committed HEAD; uncommitted changes are not in it")
    commit = _git("rev-parse", "HEAD")
    tree = _tree_key(commit)
    keys = {run.name: _key(run, tree, _edited_files(run, commit)) for run in everything}

    def wanted(run: Run) -> bool:
        result = _result_of(run, keys[run.name])
        return args.force or result is None or (result["stale"] and not args.resume)

    todo = [run for run in chosen if wanted(run)]
    if args.table:
        REPORT.write_text(table(keys), encoding="utf-8")
        print(table(keys), end="")
        return 0
    print(f"spec-edits: {len(chosen) - len(todo)} cached, {len(todo)} to run at {commit[:8]}")
    with contextlib.suppress(OSError):
        os.nice(10)
    RESULTS.mkdir(parents=True, exist_ok=True)
    write = threading.Lock()
    free = list(range(max(1, args.jobs)))

    def one(run: Run) -> None:
        with write:
            index = free.pop()
        try:
            result = replay(run, Slot(index, commit))
        except Exception as exc:  # a broken clone is a result too, not a crash of the others
            result = {
                "name": run.name, "kind": run.kind, "commit": commit, "pending": run.pending,
                "as_expected": False, "problems": [f"replay crashed: {exc}"[:600]], "steps": [],
                "seconds": 0, "finished": time.strftime("%Y-%m-%d %H:%M:%SZ", time.gmtime()),
            }  # fmt: skip
        finally:
            with write:
                free.append(index)
        result["key"] = keys[run.name]
        with write:
            (RESULTS / f"{run.name}.json").write_text(json.dumps(result, indent=1), "utf-8")
            REPORT.write_text(table(keys), encoding="utf-8")
            outcome, when, _ = _cell(result, run)
            print(f"{run.name} [{run.kind}]: {outcome} ({when})", flush=True)

    with _locked(), concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for future in [pool.submit(one, run) for run in todo]:
            future.result()
    REPORT.write_text(table(keys), encoding="utf-8")
    print(table(keys), end="")
    failed = [
        r.name
        for r in chosen
        if not r.pending and not (_result_of(r, keys[r.name]) or {}).get("as_expected")
    ]
    print(f"report: {REPORT.relative_to(ROOT)}; not as expected: {', '.join(failed) or 'none'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
