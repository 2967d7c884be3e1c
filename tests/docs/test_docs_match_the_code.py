"""The quoted signatures, option tables and exception trees in the docs are the code's.

Each check reads the page and the code and compares them, so neither can change alone:
the client's constructor and ``with_options`` in docs/client.md, the per-call options table,
the timeouts both wires apply, the exception tree in docs/errors.md and in the errors
module's docstring, the HTTP client named in getting-started, and ``make dist``.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import httpx

import payments_sdk
from payments_sdk import AsyncPaymentsClient, RequestOptions, errors
from payments_sdk._aiohttp_wire import AiohttpWire

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _section(text: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    start = text.index(heading + "\n")
    rest = text[start + len(heading) :]
    stop = re.search(rf"^#{{1,{len(level)}}} ", rest, re.MULTILINE)
    return rest[: stop.start()] if stop else rest


def test_the_quoted_constructor_is_the_clients() -> None:
    text = _page("client.md")
    block = text[text.index("AsyncPaymentsClient(\n    *,") : text.index("\n)\n")]
    quoted = re.findall(r"^    (\w+)=(.*?),\s*(?:#.*)?$", block, re.MULTILINE)
    parameters = inspect.signature(AsyncPaymentsClient.__init__).parameters
    assert [name for name, _ in quoted] == [name for name in parameters if name != "self"]
    for name, default in quoted:
        real = parameters[name].default
        if isinstance(real, httpx.Timeout):
            assert eval(default, {"httpx": httpx}) == real, name  # the page's own text
        else:
            assert default == repr(real), name


def test_the_quoted_with_options_is_the_clients() -> None:
    line = re.search(r"`client\.with_options\(([^`]*)\)`", _page("client.md"))
    assert line is not None
    quoted = re.findall(r"(\w+)=", line.group(1))
    parameters = inspect.signature(AsyncPaymentsClient.with_options).parameters
    assert quoted == [name for name in parameters if name != "self"]


def test_the_per_call_options_table_is_request_options() -> None:
    table = _section(_page("client.md"), "## Options for one call")
    rows = re.findall(r"^\| `(\w+)=", table, re.MULTILINE)
    assert rows == list(RequestOptions.__annotations__)


def test_the_timeouts_section_says_both_wires_apply_all_four() -> None:
    """Every field of httpx.Timeout reaches aiohttp's wire, as the Timeouts section says."""
    given = httpx.Timeout(connect=1.0, read=2.0, write=3.0, pool=4.0)
    wire = AiohttpWire(root_url="https://api.test", limit=1)
    prepared = wire.prepare_timeout(given)
    applied = {prepared.client.sock_connect, prepared.client.sock_read, prepared.write}
    applied.add(4.0)  # pool: the SDK's own gate applies it (_pool.py)
    dropped = [name for name, value in given.as_dict().items() if value not in applied]
    assert dropped == []
    section = _section(_page("client.md"), "## Timeouts")
    assert "apply the same four timeouts" in section
    for name in given.as_dict():
        assert f"`{name}`" in section, name


def _tree(lines: list[str]) -> dict[str, str | None]:
    """Parent by class name, from a box-drawing tree's indentation."""
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []
    for line in lines:
        found = re.search(r"[A-Z]\w+", line)
        if found is None or not re.fullmatch(r"[\s│├└─]*", line[: found.start()]):
            continue
        depth = found.start()
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parents[found.group()] = stack[-1][1] if stack else None
        stack.append((depth, found.group()))
    return parents


def _code_tree() -> dict[str, str | None]:
    expected: dict[str, str | None] = {"ValueError": None}
    for name in errors.__all__:
        cls = getattr(errors, name)
        base = cls.__bases__[0].__name__
        expected[name] = None if base == "Exception" else base
    return expected


def test_the_exception_tree_in_errors_md_is_the_code() -> None:
    text = _page("errors.md")
    block = text[text.index("```text\n") + 8 :]
    block = block[: block.index("```")]
    assert _tree(block.splitlines()) == _code_tree()
    assert set(errors.__all__) <= set(payments_sdk.__all__)


def test_the_exception_tree_in_the_errors_module_is_the_code() -> None:
    doc = errors.__doc__ or ""
    block = doc[doc.index("The tree::") : doc.index("Every exception")]
    lines = [line.split("(also")[0] for line in block.splitlines()[1:]]
    assert _tree(lines) == _code_tree()


def test_getting_started_names_the_default_wire() -> None:
    install = _section(_page("getting-started.md"), "## Install")
    assert "aiohttp" in install
    assert "with httpx as its HTTP client" not in install


def test_make_dist_installs_only_build_and_twine_and_the_readme_says_how() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = re.search(r"^dist: (.*?) ##", makefile, re.MULTILINE)
    assert target is not None and target.group(1) == "$(DIST_STAMP)"
    stamp = makefile[makefile.index("$(DIST_STAMP):") :].split("\n\n", 1)[0]
    assert "--group dist" in stamp
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dist = ["build>=1.2", "twine>=6.1"]' in pyproject
    assert "make dist" in (ROOT / "README.md").read_text(encoding="utf-8")
