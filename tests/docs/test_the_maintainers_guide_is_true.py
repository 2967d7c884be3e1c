"""docs/development.md tells a maintainer the truth about the code it describes.

The guide traces one call, one page and one error through the SDK, naming each file, class and
function on the way, and states which module never imports which. A rename or a move that the
guide does not follow fails here, as the reference tables fail in ``test_doc_tables_are_the_code``:
every file it names exists, every ``Class.member`` and every called name is defined in the SDK's
sources, the tools import only the SDK module the guide says they do, and the import table holds.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from tests.support.markdown import names, table

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
SDK = ROOT / "wrapper" / "payments_sdk"
SOURCES = (SDK, ROOT / "generated")

NOT_DEFINED_HERE = {
    "lambda": "Python's keyword",
    "fetch": "the pager's parameter: the function its resource hands it",
}
"""Called names in the traces that are not defined in the SDK, each with why."""


def _traces() -> str:
    """The text blocks of the section "The path of one call, one page and one error"."""
    start = GUIDE.index("## The path of one call")
    section = GUIDE[start : GUIDE.index("\n## ", start + 1)]
    blocks = re.findall(r"```text\n(.*?)```", section, re.S)
    assert len(blocks) == 3, "the section traces one call, one page and one error"
    return "\n".join(blocks)


@cache
def _definitions() -> dict[str, set[str]]:
    """Every class, function and assigned name defined in the SDK, with the files defining it."""
    found: dict[str, set[str]] = {}
    for root in SOURCES:
        for path in root.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    found.setdefault(node.name, set()).add(str(path))
                elif isinstance(node, ast.Assign | ast.AnnAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        if isinstance(target, ast.Name):
                            found.setdefault(target.id, set()).add(str(path))
    return found


def _files(pattern: str) -> list[Path]:
    if pattern.startswith("generated/"):
        return list(ROOT.glob(pattern.replace("…", "**")))
    return [root / pattern for root in (SDK, ROOT / "generated" / "payments_sdk")]


@pytest.mark.parametrize("name", sorted(set(re.findall(r"[\w/…-]+\.py\b", _traces()))))
def test_every_file_a_trace_names_exists(name: str) -> None:
    """A file on the right of a trace is a file of the SDK (or of its generated half)."""
    assert any(path.is_file() for path in _files(name)), f"{name} is not a file of the SDK"


@pytest.mark.parametrize(
    "owner,member", sorted(set(re.findall(r"\b([A-Z][A-Za-z]+)\.(_?[a-z]\w*)", _traces())))
)
def test_every_class_member_a_trace_names_is_defined_on_it(owner: str, member: str) -> None:
    """``Sender.send``, ``Pool.exchange``: the member is defined in the file of its class."""
    homes = _definitions().get(owner)
    assert homes, f"{owner} is not a class of the SDK"
    defined = {home for home in _definitions().get(member, set())}
    assert homes & defined, f"{owner}.{member} is not defined where {owner} is"


@pytest.mark.parametrize("name", sorted(set(re.findall(r"\b([A-Za-z_]\w*)\(", _traces()))))
def test_every_name_a_trace_calls_is_defined(name: str) -> None:
    """``check_call_options(...)``, ``decode_response(...)``: each is the SDK's own."""
    if name in NOT_DEFINED_HERE:
        return
    assert name in _definitions(), f"the guide calls {name}(), which the SDK does not define"


def test_the_tools_import_from_the_sdk_only_what_the_guide_says() -> None:
    """The tools ``make generate`` runs import from the SDK only the modules the guide names.

    (``make spec-edits`` drives the built SDK in scratch clones, as a user would: it may.)
    """
    start = GUIDE.index("`openapi/tools/` holds the build's tools")
    paragraph = GUIDE[start : GUIDE.index("\n\n", start)]
    allowed = set(re.findall(r"`(payments_sdk\._\w+)`", paragraph))
    assert allowed, "the guide says which SDK modules the tools import"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile[makefile.index("define generate_into") : makefile.index("\ncheck-generated:")]
    tools = sorted(set(re.findall(r"openapi/tools/(\w+)\.py", recipe)))
    assert "surface" in tools and "api_diff" in tools, tools
    for path in (ROOT / "openapi" / "tools" / f"{name}.py" for name in tools):
        for module in _imports(path, top_level_only=False):
            if module.split(".")[0] == "payments_sdk" and module != "payments_sdk":
                assert any(module == name or module.startswith(name + ".") for name in allowed), (
                    f"{path.name} imports {module}, which the guide does not say"
                )


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
