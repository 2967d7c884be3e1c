"""Every Python sample in the documentation (docs/*.md and the README) runs against the sandbox.

Per page, the ```python blocks are sorted into three kinds:

- a block whose first line is ``# name.py`` is a file; when a page has ``test_*.py`` files,
  pytest runs them, with the page's other files beside them, in a temporary directory;
- a block that calls ``asyncio.run(`` is a script, run in a subprocess whose
  ``PAYMENTS_BASE_URL`` and ``PAYMENTS_API_KEY`` point at a sandbox served on loopback;
- any other block is a fragment: the page's fragments run in order in one namespace with
  top-level ``await``, where ``client`` is an ``AsyncPaymentsClient`` of such a served sandbox
  (also in the environment) and ``sandbox`` is that sandbox.

A block right after an ``<!-- docs-test: skip (reason) -->`` line is not run (signatures, and
samples that need your own files).
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[2]
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
SKIP = "<!-- docs-test: skip"
FILE_NAME = re.compile(r"# ([\w/]+\.py)\n")


@dataclass(frozen=True)
class Block:
    """One ```python block: where it starts, its source, and whether it is marked to skip."""

    line: int
    source: str
    skip: bool


def python_blocks(page: Path) -> list[Block]:
    """Return the page's ```python blocks in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks = []
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```python":
            start = index
            end = lines.index("```", start + 1)
            skip = start > 0 and lines[start - 1].startswith(SKIP)
            blocks.append(Block(start + 1, "\n".join(lines[start + 1 : end]) + "\n", skip))
            index = end
        index += 1
    return blocks


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _kind(block: Block) -> str:
    if FILE_NAME.match(block.source):
        return "file"
    return "script" if "asyncio.run(" in block.source else "fragment"


def _run(page: Path, kind: str) -> list[Block]:
    """The page's blocks of one kind that are to be run."""
    return [b for b in python_blocks(page) if not b.skip and _kind(b) == kind]


def _pages_with(kind: str) -> list[Path]:
    return [page for page in PAGES if _run(page, kind)]


@pytest.fixture(scope="module")
def served() -> Iterator[Sandbox]:
    """One sandbox on a loopback port for the module, as the samples' service."""
    sandbox = Sandbox()
    with sandbox.serve():
        yield sandbox


@pytest.fixture
def service_env(served: Sandbox, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The environment a sample's client reads, pointing at the served sandbox."""
    monkeypatch.setenv("PAYMENTS_BASE_URL", served.base_url)
    monkeypatch.setenv("PAYMENTS_API_KEY", served.api_key)
    return dict(os.environ)


def test_every_page_with_samples_is_checked() -> None:
    """The documentation has samples, and every skipped one says why."""
    blocks = {page: python_blocks(page) for page in PAGES}
    assert sum(len(found) for found in blocks.values()) >= 30
    for page in PAGES:
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith(SKIP):
                assert re.fullmatch(r"<!-- docs-test: skip \(.+\) -->", line), (page, line)


@pytest.mark.parametrize("page", _pages_with("fragment"), ids=_name)
async def test_fragments_run(page: Path, served: Sandbox, service_env: dict[str, str]) -> None:
    """The page's fragments run in order, sharing one namespace, with top-level await."""
    async with AsyncPaymentsClient() as client:
        namespace: dict[str, Any] = {"__name__": "docs_sample", "client": client, "sandbox": served}
        for block in _run(page, "fragment"):
            where = f"{_name(page)}:{block.line}"
            code = compile(
                block.source, where, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True
            )
            result = eval(code, namespace)  # the documentation's own samples
            if inspect.iscoroutine(result):
                await result


@pytest.mark.parametrize("page", _pages_with("script"), ids=_name)
def test_scripts_run(page: Path, service_env: dict[str, str], tmp_path: Path) -> None:
    """Each complete script (one that calls asyncio.run) runs and exits 0."""
    for block in _run(page, "script"):
        out = subprocess.run(
            [sys.executable, "-c", block.source],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=service_env,
            timeout=120,
        )
        assert out.returncode == 0, f"{_name(page)}:{block.line}\n{out.stderr}"


@pytest.mark.parametrize("page", _pages_with("file"), ids=_name)
def test_test_files_pass(page: Path, service_env: dict[str, str], tmp_path: Path) -> None:
    """The page's files are written out, and pytest passes on its test files."""
    files = {FILE_NAME.match(b.source).group(1): b.source for b in _run(page, "file")}  # type: ignore[union-attr]
    assert any(Path(name).name.startswith("test_") for name in files), "files but no test file"
    for name, source in files.items():
        (tmp_path / name).write_text(source, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "."],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**service_env, "PYTHONPATH": str(tmp_path)},
        timeout=300,
    )
    assert out.returncode == 0, f"{_name(page)}\n{out.stdout}\n{out.stderr}"


def test_the_reference_renders_every_resource_module() -> None:
    """docs/reference/resources.md renders the resources package whole, every module of it.

    The modules are generated, so the page names none of them: a resource the bundle gains is
    on the page with no hand-written line.
    """
    page = (ROOT / "docs" / "reference" / "resources.md").read_text(encoding="utf-8")
    assert re.findall(r"^::: (\S+)$", page, re.MULTILINE) == ["payments_sdk.resources"]
    assert "show_submodules: true" in page


def test_the_reference_renders_every_model() -> None:
    """docs/reference/types.md renders ``payments_sdk.types`` whole, every name of its ``__all__``.

    The module is generated, so the page names no model: a schema the bundle gains is on the
    page with no hand-written line (test_reference_lists_every_field checks the built page).
    """
    page = (ROOT / "docs" / "reference" / "types.md").read_text(encoding="utf-8")
    assert re.findall(r"^::: (\S+)$", page, re.MULTILINE) == ["payments_sdk.types"]


def test_the_reference_renders_the_sandbox_and_each_of_its_public_modules() -> None:
    """docs/reference/sandbox.md renders the sandbox package and every public module in it."""
    page = (ROOT / "docs" / "reference" / "sandbox.md").read_text(encoding="utf-8")
    rendered = set(re.findall(r"^::: (\S+)$", page, re.MULTILINE))
    package = ROOT / "wrapper" / "payments_sdk" / "sandbox"
    public = {
        f"payments_sdk.sandbox.{module.stem}"
        for module in package.glob("*.py")
        if not module.stem.startswith("_")
    }
    assert "payments_sdk.sandbox.pytest_plugin" in public
    assert rendered == {"payments_sdk.sandbox", *public}
