"""Every hand-written line that mirrors a fact of the bundle is listed here, with why it stays.

The SDK's surface is generated; what is left by hand must not copy the bundle, or a compatible
spec edit would need a person again. This test scans the hand-written code for string literals
that are facts of the bundle (operationIds, paths, request field names, enum values, id
prefixes) and fails on any that ``MIRRORS`` does not list and explain. Keep the list short.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SDK = ROOT / "wrapper" / "payments_sdk"
FOLDED = json.loads((ROOT / "generated" / "payments.folded.json").read_text(encoding="utf-8"))

MIRRORS: dict[tuple[str, str], str] = {
    # (file relative to wrapper/payments_sdk, literal): why it stays hand-written.
    ("resources/_resource.py", "before"): "the pager drives the shared time window",
    ("resources/_resource.py", "after"): "the pager drives the shared time window",
    ("resources/_resource.py", "page"): "the pager sets it on every page: extra_query may not",
    ("resources/_resource.py", "per_page"): "the pager sets it on every page: extra_query may not",
    ("_window.py", "after"): "a Window is sent as the list filters 'after' and 'before'",
    ("_window.py", "before"): "a Window is sent as the list filters 'after' and 'before'",
    ("cli/_run.py", "per_page"): "--all asks for the largest page per_page's schema allows",
    ("_naming.py", "data"): "the list envelope: 'A list response is an object { data, page_meta }'",
    ("_naming.py", "page_meta"): "the list envelope, as the description defines it",
    ("_pagination.py", "data"): "the pager's messages name the envelope's fields ($.data[0])",
    ("_pagination.py", "page_meta"): "the pager's messages name $.page_meta.next",
    ("_sender.py", "error"): "the error body '{ error, message }' the description shows",
    ("_sender.py", "message"): "the error body '{ error, message }' the description shows",
    ("_money.py", "amount"): "Money reads '{ amount, currency }' objects, as fees are shown",
    ("_money.py", "currency"): "Money reads '{ amount, currency }' objects, as fees are shown",
    ("_validation.py", "file"): "an upload's argument is named in its error (the file part)",
    ("cli/_run.py", "amount"): "an amount typed in major units names its own argument",
    ("cli/_run.py", "data"): "the list envelope: 'A list response is an object { data, ... }'",
    ("cli/_commands.py", "success"): "the exit code 0's name in --help, not the payment state",
    ("cli/_exit_codes.py", "error"): "the JSON error line's key, the CLI's own format",
    ("cli/_main.py", "error"): "the JSON error line's key, the CLI's own format",
    ("cli/_main.py", "message"): "the JSON error line's key, the CLI's own format",
}
"""What the SDK's own code (not the sandbox's business rules) knows of the bundle, and why."""


def _facts() -> set[str]:
    facts: set[str] = set()
    for path, item in FOLDED["paths"].items():
        facts.add(path)
        for operation in item.values():
            if isinstance(operation, dict) and "operationId" in operation:
                facts.add(operation["operationId"])
                for parameter in operation.get("parameters", []):
                    if "name" in parameter:
                        facts.add(parameter["name"])
    for parameter in FOLDED["components"].get("parameters", {}).values():
        facts.add(parameter["name"])
    for schema in FOLDED["components"]["schemas"].values():
        facts |= set(schema.get("enum", []))
        pattern = schema.get("pattern", "")
        match = re.match(r"^\^([a-z]+_)", pattern)
        if match:
            facts.add(match.group(1))
        if schema.get("type") == "object" and not schema.get("additionalProperties"):
            facts |= set(schema.get("properties", {}))  # request shapes
    return {f for f in facts if isinstance(f, str) and len(f) > 2 and f not in _VOCABULARY}


# Words of JSON Schema and OpenAPI themselves (keywords, formats): not facts of this bundle.
_VOCABULARY = frozenset({"type", "email", "name", "format", "pattern", "required", "enum"})


def _literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


def _hand_written() -> dict[tuple[str, str], None]:
    facts = _facts()
    found: dict[tuple[str, str], None] = {}
    for path in sorted(SDK.rglob("*.py")):
        relative = path.relative_to(SDK).as_posix()
        if relative.startswith("sandbox/"):
            continue  # the sandbox's business rules: test_sandbox_* guard them
        for literal in _literals(path) & facts:
            found[(relative, literal)] = None
    return found


def test_every_hand_written_mirror_of_the_bundle_is_listed() -> None:
    """A new hand-written copy of a bundle fact fails, naming the file and the literal."""
    unlisted = sorted(set(_hand_written()) - set(MIRRORS))
    assert not unlisted, (
        "hand-written code copies facts of the bundle: derive them from the generated surface "
        "(the operation table, the schemas), or list each in MIRRORS with why it stays: "
        + ", ".join(f"{file}: {literal!r}" for file, literal in unlisted)
    )


def test_the_list_has_no_stale_entry() -> None:
    """An entry that no longer matches the code is removed, so the list stays the truth."""
    stale = sorted(set(MIRRORS) - set(_hand_written()))
    assert not stale, f"MIRRORS lists what the code no longer has: {stale}"


def test_the_scan_finds_a_copied_fact(tmp_path: Path) -> None:
    """The check can fail: a module that names an operationId is caught."""
    module = tmp_path / "copy.py"
    module.write_text('OPERATION = "createRefund"\n', encoding="utf-8")
    assert "createRefund" in _literals(module) & _facts()
