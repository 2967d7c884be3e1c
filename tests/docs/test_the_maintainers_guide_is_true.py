"""docs/development.md's tables of the SDK's modules hold: what never imports what, the layout.

The guide states which module never imports which, and gives each module of the SDK its one job.
An import against the table, or a module split, renamed or removed without the guide, fails here,
naming it. (Every other name the guide gives, the traces' too, is checked by
``test_the_development_guide_names_only_what_exists``.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.markdown import names, table

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
SDK = ROOT / "wrapper" / "payments_sdk"


def _imports(path: Path, *, top_level_only: bool) -> set[str]:
    """The modules ``path`` imports, outside ``if TYPE_CHECKING:`` blocks, as dotted names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = path.relative_to(SDK).parent.parts if SDK in path.parents else ()
    package = ".".join(("payments_sdk", *inside))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # for the type checker only: never run
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    base = ".".join(
                        parts[: len(parts) - child.level + 1] + ([base] if base else [])
                    )
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            if not top_level_only or not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child)

    visit(tree)
    return found


RULES = table(GUIDE, "| module | never imports |")


@pytest.mark.parametrize("row", RULES, ids=[row[0] for row in RULES])
def test_the_import_table_holds(row: list[str]) -> None:
    """No module of a row imports, even lazily, a module its row forbids."""
    forbidden = {f"payments_sdk.{name}" for name in names(row[1])}
    for module in names(row[0]):
        path = SDK / module
        assert path.is_file(), f"{module} is not a module of the SDK"
        for imported in _imports(path, top_level_only=False):
            for banned in forbidden:
                assert imported != banned and not imported.startswith(banned + "."), (
                    f"{module} imports {imported}, which the guide says it never imports"
                )


LAYOUT = table(GUIDE, "| module | its one job |")


def test_the_layout_names_every_module_of_the_sdk_and_only_those() -> None:
    """Each module of the SDK and of ``sandbox/`` has its room in the layout, and no more.

    A module split, renamed or removed without the guide fails here, naming it.
    """
    named = {name for row in LAYOUT for name in names(row[0])}
    generated = ROOT / "generated" / "payments_sdk"
    here = {path.name for path in SDK.glob("*.py")} | {
        f"{path.name}/" for path in SDK.iterdir() if path.is_dir() and not path.name.startswith("_")
    }
    assert not here - named, f"the layout does not name {sorted(here - named)}"
    gone = [name for name in named if not (SDK / name).exists() and not (generated / name).exists()]
    assert not gone, f"the layout names {gone}, which do not exist"
    (sandbox_row,) = [row for row in LAYOUT if row[0] == "`sandbox/`"]
    rooms = set(re.findall(r"`(\w+\.py)`", sandbox_row[1]))
    modules = {path.name for path in (SDK / "sandbox").glob("*.py")} - {"__init__.py"}
    assert not modules - rooms, f"the sandbox's row does not name {sorted(modules - rooms)}"
    assert not rooms - modules, f"the sandbox's row names {sorted(rooms - modules)}: not there"
