"""Every hand-written line that mirrors a fact of the bundle is listed here, with why it stays.

The SDK's surface is generated; what is left by hand must not copy the bundle, or a compatible
spec edit would need a person again. This test scans the hand-written code for string literals
that are facts of the bundle and fails on any that ``MIRRORS`` does not list and explain. Keep
the list short. A fact is a name (an operationId, a path, a schema's name, an id prefix),
copied wherever it appears, or a word (a field's or a parameter's name, an enum value) where
the code reads, tests or lists by it: common words (``url``, ``data``) are also the code's
own, so a new field of the bundle that shares one with the code's own format is no copy.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    ("_pagination.py", "created_at"): "the pager pins its window on each record's created_at",
    ("_sender.py", "error"): "the error body '{ error, message }' the description shows",
    ("_sender.py", "message"): "the error body '{ error, message }' the description shows",
    ("cli/_run.py", "amount"): "an amount typed in major units names its own argument",
    ("cli/_run.py", "data"): "the list envelope: 'A list response is an object { data, ... }'",
    ("cli/_main.py", "error"): "the JSON error line's key, the CLI's own format",
}
"""What the SDK's own code (not the sandbox's business rules) knows of the bundle, and why."""


def _walk(node: Any) -> Iterator[Any]:
    """Every dict and list inside a node of the folded bundle, the node included."""
    yield node
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    for child in children:
        yield from _walk(child)


def _facts(folded: dict[str, Any] | None = None) -> tuple[set[str], set[str]]:
    """The bundle's facts: (names, words).

    Names identify a part of this bundle and nothing else: operationIds, paths, schema names,
    id prefixes. Words are what the bundle calls its fields, parameters and enum values: often
    common words (``url``, ``data``, ``created_at``), which a new field of the bundle can share
    with code that never read it, so a word counts only where the code reads or tests by it.
    """
    folded = FOLDED if folded is None else folded
    names: set[str] = set(folded["components"]["schemas"])
    words: set[str] = set()
    for path, item in folded["paths"].items():
        names.add(path)
        for operation in item.values():
            if isinstance(operation, dict) and "operationId" in operation:
                names.add(operation["operationId"])
    for node in _walk(folded):
        if not isinstance(node, dict):
            continue
        if isinstance(node.get("in"), str) and isinstance(node.get("name"), str):
            words.add(node["name"])  # a parameter
        if isinstance(node.get("properties"), dict):
            words |= set(node["properties"])  # a field of a request or an answer
        if isinstance(node.get("enum"), list):
            words |= {value for value in node["enum"] if isinstance(value, str)}
        match = re.match(r"^\^([a-z]+_)", str(node.get("pattern", "")))
        if match:
            names.add(match.group(1))
    return _kept(names), _kept(words) - names


def _kept(facts: set[str]) -> set[str]:
    return {f for f in facts if isinstance(f, str) and len(f) > 2 and f not in _VOCABULARY}


# Words of JSON Schema and OpenAPI themselves (keywords, formats): not facts of this bundle.
_VOCABULARY = frozenset({"type", "email", "name", "format", "pattern", "required", "enum"})
_READERS = frozenset({"get", "pop", "setdefault"})
_ATTRIBUTES = frozenset({"getattr", "hasattr", "setattr", "delattr"})


def _docstrings(tree: ast.AST) -> set[int]:
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _read_by(tree: ast.AST, words: set[str]) -> set[int]:
    """The literals by which the code reads, tests or lists the bundle's words.

    Read or tested: ``x["f"]``, ``x.get("f")``, ``getattr(x, "f")``, ``x == "f"``, ``"f" in x``.
    Listed: a tuple, list, set or dict display whose every string is a word of the bundle
    (``{"page", "per_page"}``, ``{"error": ...}``). A display that holds a string of the code's
    own (``{"method": ..., "url": ..., "body": ...}``) is the code's own format.
    """
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            found.append(node.slice)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _READERS:
                found.append(node.args[0])
            elif isinstance(func, ast.Name) and func.id in _ATTRIBUTES and len(node.args) > 1:
                found.append(node.args[1])
        elif isinstance(node, ast.Compare):
            found.extend((node.left, *node.comparators))
        if isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
            elements = [k for k in node.keys if k] if isinstance(node, ast.Dict) else node.elts
            strings = [
                e for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
            if strings and all(e.value in words for e in strings):
                found.extend(strings)
    return {id(node) for node in found if isinstance(node, ast.Constant)}


def _own_symbols(tree: ast.Module) -> set[str]:
    """The names the module imports or defines: ``__all__`` and forward references name them.

    A schema the bundle gains under such a name (``Money``, ``Page``) is no copy of it.
    """
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            bound.add(node.name)
    for statement in tree.body:
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            bound |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return bound


def _literals(path: Path) -> set[str]:
    """The copies of the bundle's facts in a module: its names anywhere, its words where read."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    names, words = _facts()
    names -= _own_symbols(tree)
    read = _read_by(tree, words)
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and (node.value in names or (node.value in words and id(node) in read))
    }


def _hand_written() -> dict[tuple[str, str], None]:
    found: dict[tuple[str, str], None] = {}
    for path in sorted(SDK.rglob("*.py")):
        relative = path.relative_to(SDK).as_posix()
        if relative.startswith("sandbox/"):
            continue  # the sandbox's business rules: test_sandbox_* guard them
        for literal in _literals(path):
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


def _first(facts: set[str], shape: str) -> str:
    return sorted(f for f in facts if re.fullmatch(shape, f))[0]


def test_the_scan_finds_a_copied_fact(tmp_path: Path) -> None:
    """The check can fail: a copied name anywhere, a word where the code reads by it.

    The examples are facts of the bundle as it is (its first operationId, path, schema and
    snake_case field), so the check stays provable whatever the bundle names.
    """
    _, words = _facts()
    operation_id = next(
        operation["operationId"]
        for item in FOLDED["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    )
    path = next(iter(FOLDED["paths"]))
    schema = next(iter(FOLDED["components"]["schemas"]))
    field = _first(words, r"[a-z]+_[a-z_]+")
    module = tmp_path / "copy.py"
    module.write_text(
        f"OPERATION = {operation_id!r}\n"
        f"ROUTES = {{{path!r}: 1}}\n"
        f"MODEL = {schema!r}\n"
        f"def read(record):\n    return record[{field!r}]\n",
        encoding="utf-8",
    )
    assert _literals(module) == {operation_id, path, schema, field}


def test_a_word_the_code_owns_is_no_copy(tmp_path: Path) -> None:
    """No copy: a field's name in the code's own format or a message, or a module's symbol.

    So a field or a schema the bundle gains under a common name (a schema named like a symbol
    the module defines or imports) breaks nothing that never read it.
    """
    _, words = _facts()
    word = _first(words, r"[a-z]+_[a-z_]+")
    schema = next(iter(FOLDED["components"]["schemas"]))
    module = tmp_path / "own.py"
    module.write_text(
        f"from models import {schema}\n"
        f"__all__ = [{schema!r}]  # a symbol of the module's own\n"
        f"SHOWN = {{'method': 'GET', {word!r}: 1}}\n"
        f"def fail():\n    raise ValueError({word!r}, 'is wrong')\n"
        f"LISTED = ({word!r}, 'our own word')\n",
        encoding="utf-8",
    )
    assert _literals(module) == set()
    module.write_text(
        f"LISTED = ({word!r},)\nREAD = getattr(object(), {word!r}, None)\n", encoding="utf-8"
    )
    assert _literals(module) == {word}
