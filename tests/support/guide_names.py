"""What a maintainer's guide names, checked against the repository: one problem a line.

``problems(markdown)`` reads a Markdown page (docs/development.md, or a sample in a test) and
returns, one sentence each, every name it uses that the repository does not have:

- **file paths** (a backticked name with a ``/`` or a file suffix, and the ``.py`` files of the
  traces): a file or directory of the checkout, matched by its trailing parts
  (``_checks.py``, ``resources/_resource.py``, ``openapi/tools/fold.py``); ``<name>``, ``NAME``,
  ``N``, ``*`` and ``…`` stand for any part. What a target writes (under ``build/``, ``dist/``,
  ``site/``, ``.venv/``) is named by the Makefile or the tool that writes it;
- **make targets**: ``make X`` anywhere, every row of the table of targets, the targets a row
  lists (``test``'s prerequisites), and the Makefile's own ``##`` targets all in that table; a
  duration a row gives (``minutes``, ``hours``) is the one the target's ``##`` help gives;
- **extras and dependency groups**: ``.[a,b]``, "the ``X`` extra", "extra ``X``", "the ``X``
  group", "``--group X``" against ``pyproject.toml``; in the table of install stamps, each stamp
  is the Makefile's, what it installs (``-e ".[...]"``, the groups, a group's packages) is what
  its recipe installs, and "and nothing else" means the group has nothing else;
- **Python names**: a dotted name whose head is a module, class or package of ours
  (``payments_sdk._naming.sdk_name``, ``Sender.send``, ``PageRequest.per_page``,
  ``_formats.EXAMPLES``), of an importable library (``httpx.AsyncClient``), an SDK method
  (``refunds.create``, ``client.refunds.create``), or a call (``PageRequest(page=1)``: each
  keyword is a parameter or field of what is called); a bare identifier written as code
  (``snake_case``, ``_private``, ``CamelCase``, ``UPPER``) is defined somewhere in the
  repository's Python, or is a word of the bundle (ours or the corpus'), a spec edit, a target,
  an extra or group, or a builtin. A single lowercase word (``oneOf``, ``form``, ``pending``) is
  the vocabulary of OpenAPI and of prose, and is not checked here;
- **options and keys**: ``--jobs``, an ``x-`` extension, ``NAME=``, a hyphenated key or name
  (``max-examples``, ``adyen-transfers``) is held by a tool, the Makefile, a TOML file, the
  bundle or the overlay;
- **the traces**: the file on the right of a line defines one of the names on that line;
- **import claims**: "``X.py`` ... imports nothing of the SDK", and the paragraph that says which
  SDK modules the tools ``make generate`` runs load, against what they load (by ``import``,
  lazily in a function, or by path, as ``features.py`` does, followed through the modules they
  load);
- **figures**: a duration, size, count or ``~``/``about``/``≤`` figure is a stale fact unless
  ``FIGURES`` computes it here; write "minutes", or let the test compute it.

Each problem names the name, so that whoever moves the code can fix the page.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
SDK = ROOT / "wrapper" / "payments_sdk"
GENERATED = ROOT / "generated"
SKIP_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "build",
    "dist",
    "site",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
}
PYTHON_ROOTS = (
    ROOT / "wrapper",
    ROOT / "generated",
    ROOT / "openapi" / "tools",
    ROOT / "tests",
    ROOT / "examples",
)
OUTPUTS = ("build/", "dist/", "site/", ".venv/")
"""Where targets write: a path under one exists after a run, not in a checkout."""

INSTANCES = {"client": "AsyncPaymentsClient", "sandbox": "Sandbox"}
"""The variables the guide writes calls on, and the class each stands for."""

SUFFIXES = (".py", ".md", ".yaml", ".yml", ".json", ".toml", ".jinja", ".txt", ".png", ".cfg")


# ---------------------------------------------------------------------------------- the repo


@cache
def files() -> tuple[str, ...]:
    """Every file and directory of the checkout, relative, with ``/`` (no venv, no outputs)."""
    found: list[str] = []

    def walk(folder: Path) -> None:
        for child in sorted(folder.iterdir()):
            if child.name in SKIP_DIRS or child.name.endswith(".egg-info"):
                continue
            relative = child.relative_to(ROOT).as_posix()
            if child.is_dir():
                found.append(relative + "/")
                walk(child)
            else:
                found.append(relative)

    walk(ROOT)
    return tuple(found)


@cache
def makefile() -> str:
    """The Makefile's text."""
    return (ROOT / "Makefile").read_text(encoding="utf-8")


@cache
def targets() -> dict[str, str]:
    """Every rule target of the Makefile, with its ``##`` help (empty when it has none)."""
    found: dict[str, str] = {}
    for line in makefile().splitlines():
        rule = re.match(r"^([a-z][\w-]*)\s*:(?!=)([^#]*)(?:##\s*(.*))?$", line)
        if rule:
            found[rule.group(1)] = (rule.group(3) or "").strip()
    return found


@cache
def variables() -> dict[str, str]:
    """The Makefile's simple ``NAME := value`` variables."""
    return dict(re.findall(r"^([A-Z_]+)\s*:?=\s*(.*?)\s*$", makefile(), re.M))


@cache
def pyproject() -> dict[str, Any]:
    """pyproject.toml, read."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def extras() -> dict[str, list[str]]:
    """The extras of the package, each with its requirements."""
    return dict(pyproject()["project"].get("optional-dependencies", {}))


def groups() -> dict[str, list[Any]]:
    """The dependency groups (PEP 735), each with its entries."""
    return dict(pyproject().get("dependency-groups", {}))


def requirement_name(requirement: str) -> str:
    """``"mypy==2.4.1"`` -> ``mypy``; ``"python-jsonpath[strict]>=2"`` -> ``python-jsonpath``."""
    return re.split(r"[\[<>=!~;\s]", requirement, maxsplit=1)[0].lower()


def group_packages(name: str) -> set[str]:
    """The packages a group installs, its included groups' too."""
    found: set[str] = set()
    for entry in groups()[name]:
        if isinstance(entry, dict):
            found |= group_packages(entry["include-group"])
        else:
            found.add(requirement_name(entry))
    return found


def included_groups(name: str) -> set[str]:
    """The group and every group it includes, at any depth."""
    found = {name}
    for entry in groups()[name]:
        if isinstance(entry, dict):
            found |= included_groups(entry["include-group"])
    return found


@dataclass
class Module:
    """One Python file of the repository, read by its AST."""

    path: Path
    tree: ast.Module

    @property
    def dotted(self) -> str:
        """Its import name, when it is under wrapper/ or generated/ (else its stem)."""
        for base in (ROOT / "wrapper", ROOT / "generated", ROOT / "openapi" / "tools"):
            if base in self.path.parents:
                parts = self.path.relative_to(base).with_suffix("").parts
                return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        return ".".join(self.path.relative_to(ROOT).with_suffix("").parts)

    def top(self) -> dict[str, ast.AST]:
        """Its top-level definitions and assignments (under ``if``/``try`` too)."""
        found: dict[str, ast.AST] = {}
        for node in _top_nodes(self.tree.body):
            for name in _defined(node):
                found.setdefault(name, node)
        return found


def _top_nodes(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in body:
        yield node
        if isinstance(node, ast.If | ast.Try):
            yield from _top_nodes(node.body)
            yield from _top_nodes(node.orelse)
            if isinstance(node, ast.Try):
                for handler in node.handlers:
                    yield from _top_nodes(handler.body)


def _defined(node: ast.AST) -> list[str]:
    """The names a statement defines."""
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)] + [
            e.id
            for t in node.targets
            if isinstance(t, ast.Tuple)
            for e in t.elts
            if isinstance(e, ast.Name)
        ]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    if isinstance(node, ast.Import | ast.ImportFrom):
        return [(alias.asname or alias.name).split(".")[0] for alias in node.names]
    return []


@cache
def modules() -> tuple[Module, ...]:
    """Every Python file of the repository's sources, tests, tools and examples."""
    found = []
    for base in PYTHON_ROOTS:
        for path in sorted(base.rglob("*.py")):
            if SKIP_DIRS & set(path.relative_to(ROOT).parts):
                continue
            found.append(Module(path, ast.parse(path.read_text(encoding="utf-8"))))
    return tuple(found)


@cache
def modules_by_stem() -> dict[str, list[Module]]:
    """Modules by the last part of their name (``_formats``, ``fold``, ``create_refund``)."""
    found: dict[str, list[Module]] = {}
    for module in modules():
        found.setdefault(module.dotted.split(".")[-1], []).append(module)
        if module.path.name == "__init__.py":
            found.setdefault(module.path.parent.name, []).append(module)
    return found


@cache
def _source_stems() -> frozenset[str]:
    """The names of the SDK's, the generated package's and the tools' modules."""
    return frozenset(
        stem
        for stem, found in modules_by_stem().items()
        if any("tests" not in m.path.relative_to(ROOT).parts[:1] for m in found)
    )


@cache
def classes() -> dict[str, list[tuple[Module, ast.ClassDef]]]:
    """Every class of the repository's Python, by name."""
    found: dict[str, list[tuple[Module, ast.ClassDef]]] = {}
    for module in modules():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append((module, node))
    return found


def members(node: ast.ClassDef) -> set[str]:
    """What a class defines: methods, class-level names and fields, ``self.x`` it assigns."""
    found: set[str] = set()
    for child in node.body:
        found.update(_defined(child))
    for child in ast.walk(node):
        if (
            isinstance(child, ast.Attribute)
            and isinstance(child.ctx, ast.Store)
            and isinstance(child.value, ast.Name)
            and child.value.id in {"self", "cls"}
        ):
            found.add(child.attr)
    return found


def class_members(name: str, seen: frozenset[str] = frozenset()) -> set[str] | None:
    """What every class of that name defines, with what its bases of ours define."""
    if name not in classes() or name in seen:
        return None
    found: set[str] = set()
    for _, node in classes()[name]:
        found |= members(node)
        for base in node.bases:
            base_name = ast.unparse(base).split("[")[0].split(".")[-1]
            found |= class_members(base_name, seen | {name}) or set()
    return found


def parameters(node: ast.AST) -> set[str] | None:
    """The keyword names a call of this function or class takes (``None``: any keyword)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        arguments = node.args
        if arguments.kwarg:
            return None
        return {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
    if isinstance(node, ast.ClassDef):
        found: set[str] = set()
        for child in node.body:
            if isinstance(child, ast.AnnAssign) and isinstance(child.target, ast.Name):
                found.add(child.target.id)
            if isinstance(child, ast.FunctionDef) and child.name == "__init__":
                init = parameters(child)
                if init is None:
                    return None
                found |= init
        return found
    return None


@cache
def vocabulary() -> frozenset[str]:
    """Every name the repository defines or holds as data, for a bare identifier of the guide."""
    found: set[str] = set(dir(builtins))
    for library in ("typing", "enum", "decimal", "datetime", "collections.abc"):
        found.update(dir(importlib.import_module(library)))
    for module in modules():
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(module.tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        found.add(module.dotted.split(".")[-1])
        quoting = "docs" in module.path.relative_to(ROOT).parts or module.path == Path(__file__)
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                found.add(node.name)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
            elif isinstance(node, ast.Name):
                found.add(node.id)
            elif isinstance(node, ast.Attribute):
                found.add(node.attr)
            elif isinstance(node, ast.keyword) and node.arg:
                found.add(node.arg)
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and not quoting  # the docs' tests quote pages, made-up names too
            ):
                found.update(re.findall(r"[\w$.-]+", node.value))
    found |= _bundle_words()
    found |= set(targets()) | set(extras()) | set(groups())
    found |= set(re.findall(r"[\w$.-]+", makefile()))
    for toml in (ROOT / "pyproject.toml", *sorted((ROOT / "tests").rglob("*.toml"))):
        found |= set(re.findall(r"[\w$.-]+", toml.read_text(encoding="utf-8")))
    return frozenset(found)


@cache
def _bundle_words() -> frozenset[str]:
    """Every key and text value of our bundle, our overlay and the corpus' bundles."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                found.add(str(key))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, str) and len(node) < 200:
            found.update(re.findall(r"[\w$.-]+", node))

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    paths = [ROOT / "openapi" / "payments.json", ROOT / "openapi" / "overlay.yaml"]
    paths += sorted((ROOT / "openapi" / "corpus").glob("*/*.json"))
    paths += sorted((ROOT / "openapi" / "corpus").glob("*/*.yaml"))
    # The OpenAPI 3.1 schema itself (its keys: components/requestBodies), as the validator ships it.
    import importlib.resources

    paths.append(
        Path(str(importlib.resources.files("openapi_spec_validator")))
        / "resources"
        / "schemas"
        / "v3.1"
        / "schema.json"
    )
    for path in paths:
        text = path.read_text(encoding="utf-8")
        walk(json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=loader))
    return frozenset(found)


@cache
def sdk_methods() -> dict[str, set[str]]:
    """The SDK's methods by namespace (``client`` for the client's own), from the table."""
    from payments_sdk._operation_table import OPERATIONS

    found: dict[str, set[str]] = {}
    for row in OPERATIONS:
        found.setdefault(row.resource, set()).add(row.method)
    return found


# ---------------------------------------------------------------------------- reading the page


def _prose(page: str) -> str:
    """The page without its fenced blocks."""
    return re.sub(r"^```.*?^```", "", page, flags=re.S | re.M)


def _traces(page: str) -> str:
    """The fenced ``text`` blocks: the traces of a call."""
    return "\n".join(re.findall(r"^```text\n(.*?)^```", page, re.S | re.M))


def quoted(page: str) -> list[str]:
    """Every backticked span of the page's prose, in order (a table cell's escaped bar a bar)."""
    return [t.replace("\\|", "|") for t in re.findall(r"`([^`\n]+)`", _prose(page))]


def claimed(page: str) -> list[str]:
    """The backticked spans the page states as names: not those it denies (``not `btls```)."""
    prose = _prose(page)
    return [
        span.replace("\\|", "|")
        for found in re.finditer(r"(\bnot |\bnever )?`([^`\n]+)`", prose)
        if not found.group(1)
        for span in [found.group(2)]
    ]


def table(page: str, header: str) -> list[list[str]]:
    """The rows of the table whose header line starts with ``header`` (none: no table)."""
    lines = page.splitlines()
    for index, line in enumerate(lines):
        if line.startswith(header) and index + 1 < len(lines) and lines[index + 1].startswith("|-"):
            rows = []
            for row in lines[index + 2 :]:
                if not row.startswith("|"):
                    break
                cells = re.split(r"(?<!\\)\|", row.strip().strip("|"))
                rows.append([cell.strip() for cell in cells])
            return rows
    return []


# ----------------------------------------------------------------------------------- the checks


def problems(page: str) -> list[str]:
    """Every name of ``page`` the repository does not have, one sentence each, no repeats."""
    found: list[str] = []
    for check in CHECKS:
        found.extend(check(page))
    return list(dict.fromkeys(found))


PLACEHOLDER = re.compile(r"<[^>]*>|NAME|(?<=-)N\b|\*|…")
"""What stands for any part of a path: ``<name>``, ``NAME``, ``slot-N``, ``*``, ``…``."""


def _placeholder_pattern(name: str) -> re.Pattern[str]:
    """``openapi/corpus/<provider>-<name>/`` as a pattern over the checkout's paths."""
    pieces = PLACEHOLDER.split(name)
    marks = PLACEHOLDER.findall(name)
    text = re.escape(pieces[0])
    for mark, piece in zip(marks, pieces[1:], strict=True):
        text += (".*" if mark == "…" else "[^/]*") + re.escape(piece)
    return re.compile(r"(?:^|.*/)" + text + r"$")


def _expanded_makefile() -> str:
    """The Makefile with its ``$(NAME)`` variables written out (``$(LOWEST)/venv``)."""
    text = makefile()
    for _ in range(3):
        text = re.sub(r"\$\(([A-Z_]+)\)", lambda m: variables().get(m.group(1), m.group(0)), text)
    return text


def path_problem(name: str) -> str | None:
    """Why ``name`` is no path of the checkout (``None``: it is one)."""
    bare = name.strip().removeprefix("./")
    if bare.startswith(OUTPUTS) or bare in {".venv", ".venv/"}:
        sources = _expanded_makefile() + "".join(
            m.path.read_text(encoding="utf-8") for m in modules() if "tools" in m.path.parts
        )
        literal = PLACEHOLDER.split(bare)[0].rstrip("/-")
        if literal in sources or literal.removeprefix(".venv/") in sources:
            return None
        return f"the guide names {name}, which neither the Makefile nor a tool writes"
    if bare.startswith("/") or "://" in bare:
        return None
    target = bare.rstrip("/")
    if PLACEHOLDER.search(target):
        pattern = _placeholder_pattern(target)
        if any(pattern.match(path.rstrip("/")) for path in files()):
            return None
    elif any(
        path.rstrip("/") == target or path.rstrip("/").endswith("/" + target) for path in files()
    ):
        return None
    return f"the guide names the path {name}, which is not in the checkout"


PATHLIKE = re.compile(
    r"^[\w.<>*…-]*(?:/[\w.<>*…{}-]*)+$|^[\w.<>*…-]+\.(?:"
    + "|".join(s.lstrip(".") for s in SUFFIXES)
    + r")$"
)


def check_paths(page: str) -> Iterator[str]:
    """Every path the page names is in the checkout (or written by a target)."""
    names: list[str] = []
    for token in claimed(page):
        for word in re.sub(r"<[^>]*>", "<x>", token).split():
            word = word.strip("(),;:'\"")
            if word.endswith(">") and "<" not in word:
                word = word.rstrip(">")
            if not PATHLIKE.match(word) or word.startswith("/") or "{" in word:
                continue
            if re.match(r"^(?:text|application|multipart|image|audio|video)/", word):
                continue  # a media type
            if (
                "." not in word
                and not (ROOT / word.split("/")[0]).exists()
                and all(part in _bundle_words() for part in word.split("/") if part)
            ):
                continue  # a place in the bundle (components/schemas), not a file
            names.append(word)
    names += re.findall(r"[\w/…<>-]+\.py\b", _traces(page))
    for name in dict.fromkeys(names):
        problem = path_problem(name)
        if problem:
            yield problem


def _make_targets_named(page: str) -> list[str]:
    return [
        name for span in quoted(page) for name in re.findall(r"(?:^|\s)make ([a-z][\w-]*)", span)
    ]


def _prerequisites(target: str) -> list[str]:
    """The targets a rule depends on, in order (its ``$(...)`` stamps left out).

    A rule with none that runs make again (``test``: ``$(MAKE) ... lint ...``) depends on the
    targets its recipe's ``$(MAKE)`` lines name, in order.
    """
    rule = re.search(
        rf"^{re.escape(target)}\s*:(?!=)([^#\n]*)[^\n]*\n((?:\t.*\n)*)", makefile(), re.M
    )
    if not rule:
        return []
    words = [word for word in rule.group(1).split() if not word.startswith("$")]
    if words:
        return words
    known = targets()
    return [
        word
        for line in rule.group(2).splitlines()
        if line.strip().startswith("$(MAKE)")
        for word in line.split()
        if word in known
    ]


def check_make_targets(page: str) -> Iterator[str]:
    """``make X`` names a target; the table of targets is the Makefile's documented ones."""
    known = targets()
    for name in dict.fromkeys(_make_targets_named(page)):
        if name not in known:
            yield f"the guide names `make {name}`, which the Makefile has no target for"
    rows = table(page, "| target |")
    if not rows:
        return
    listed: set[str] = set()
    for row in rows:
        for cell_name in re.findall(r"`([^`]+)`", row[0]):
            listed.add(cell_name)
            if cell_name not in known:
                yield (
                    f"the table of targets lists `{cell_name}`, which the Makefile has no target "
                    f"for"
                )
                continue
            help_text = known[cell_name].lower()
            for duration in re.findall(
                r"\b(minutes|hours|seconds|a few seconds)\b", row[1].lower()
            ):
                if duration not in help_text:
                    yield (
                        f"the table of targets says `{cell_name}` takes {duration}; its ## help "
                        f"says: {known[cell_name]!r}"
                    )
        prerequisites = _prerequisites(row[0].strip("`"))
        for chain in re.findall(r"`([a-z][\w-]*(?: [a-z][\w-]*){2,})`", row[1]):
            words = chain.split()
            if sum(word in known for word in words) * 2 < len(words):
                continue  # a command (`uv pip compile ...`), not a list of targets
            for word in words:
                if word not in known:
                    yield f"the table of targets names `{word}` in `{chain}`: no such target"
            if prerequisites and words != prerequisites:
                yield (
                    f"the table of targets says `{row[0].strip('`')}` runs `{chain}`; the "
                    f"Makefile runs {' '.join(prerequisites)}"
                )
    documented = {name for name, help_text in known.items() if help_text}
    for name in sorted(documented - listed):
        yield f"the Makefile documents `make {name}` (##), which the table of targets does not list"


def check_extras_and_groups(page: str) -> Iterator[str]:
    """Each extra and dependency group the page names is one of pyproject.toml."""
    prose = _prose(page)
    named_extras = [e for spec in re.findall(r"\.\[([\w, -]+)\]", prose) for e in spec.split(",")]
    named_extras += re.findall(r"`(\w[\w-]*)` extra\b", prose)
    named_extras += re.findall(r"\bextra `(\w[\w-]*)`", prose)
    for name in dict.fromkeys(e.strip() for e in named_extras):
        if name not in extras():
            yield f"the guide names the extra `{name}`, which pyproject.toml does not declare"
    named_groups = re.findall(r"`(\w[\w-]*)` (?:dependency )?group\b", prose)
    named_groups += re.findall(r"--group (\w[\w-]*)", prose)
    for name in dict.fromkeys(named_groups):
        if name not in groups() and name != "NAME":
            yield (
                f"the guide names the dependency group `{name}`, which pyproject.toml does not "
                f"declare"
            )
    installed = set(re.findall(r'-e "?(\.\[[\w,]+\])"?', makefile()))
    for spec in dict.fromkeys(re.findall(r'-e "?(\.\[[\w,]+\])"?', prose)):
        if spec not in installed:
            yield (
                f"the guide says -e {spec} is installed; the Makefile installs {sorted(installed)}"
            )
    for claim in re.finditer(r"\bwith (?:its|their) (one|two|three) user extras?\b", prose):
        count = {"one": 1, "two": 2, "three": 3}[claim.group(1)]
        if count != len(extras()):
            yield (
                f"the guide says the SDK has {claim.group(1)} user extra(s); pyproject.toml has "
                f"{sorted(extras())}"
            )


def _stamp_recipe(stamp: str) -> str:
    """The recipe of the rule that makes ``.venv/<stamp>``."""
    variable = next((n for n, v in variables().items() if v == f"$(VENV)/{stamp}"), None)
    if variable is None:
        return ""
    match = re.search(rf"^\$\({variable}\):.*\n((?:\t.*\n)+)", makefile(), re.M)
    return match.group(1) if match else ""


def check_setup_table(page: str) -> Iterator[str]:
    """Each install stamp is the Makefile's, installing what the row says."""
    for row in table(page, "| stamp |"):
        stamp_names = re.findall(r"`([^`]+)`", row[0])
        if not stamp_names:
            continue
        stamp = stamp_names[0]
        recipe = _stamp_recipe(stamp)
        if not recipe:
            yield f"the table of stamps lists `{stamp}`, which no Makefile rule writes into .venv/"
            continue
        installs = row[1]
        for spec in re.findall(r'-e "?(\.\[[\w,]+\])"?', installs):
            installed = re.findall(r'-e "?(\.\[[\w,]+\])"?', recipe)
            if spec not in installed:
                yield (
                    f"the table of stamps says `{stamp}` installs -e {spec}; its recipe installs "
                    f"{installed}"
                )
        installed_groups = set(re.findall(r"--group (\w+)", recipe))
        row_groups = re.findall(r"`(\w[\w-]*)` group", installs)
        reachable = set().union(*(included_groups(g) for g in installed_groups if g in groups()))
        for name in row_groups:
            if name in groups() and name not in reachable:
                yield (
                    f"the table of stamps says `{stamp}` installs the `{name}` group; its recipe "
                    f"installs {sorted(installed_groups)}"
                )
        # "the `X` group: a, b, c" names packages of the group.
        for group, packages in re.findall(r"`(\w[\w-]*)` group: ([^(;|]*)", installs):
            if group not in groups():
                continue
            named = {
                requirement_name(p.strip()).lower()
                for p in re.split(r",| and ", packages)
                if p.strip() and p.strip() not in {"...", "nothing else"}
            }
            named = {n for n in named if re.match(r"^[a-z][\w.-]*$", n)}
            have = group_packages(group)
            for package in sorted(named):
                if package not in have:
                    yield (
                        f"the table of stamps says the `{group}` group installs {package}; it "
                        f"holds {sorted(have)}"
                    )
            if "nothing else" in packages:
                named_real = {n for n in named}
                if have != named_real:
                    yield (
                        f"the table of stamps says the `{group}` group is {sorted(named_real)} "
                        f"and nothing else; it holds {sorted(have)}"
                    )
            elif "..." not in packages and named and have - {n for n in named}:
                yield (
                    f"the table of stamps lists the `{group}` group as {sorted(named)}; it also "
                    f"holds {sorted(have - {n for n in named})} (add them, or "
                    f"'...')"
                )


def _resolve_import(dotted: str) -> tuple[Any, str] | None:
    """Import the longest importable head of ``dotted``; the object and the rest."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except Exception:
            continue
        return module, ".".join(parts[cut:])
    return None


def _getattr_chain(value: Any, rest: str) -> str | None:
    """The first part of ``rest`` that ``value`` has no attribute for."""
    for part in [p for p in rest.split(".") if p]:
        if not hasattr(value, part):
            annotations = getattr(value, "__annotations__", {}) or {}
            fields = getattr(value, "__struct_fields__", ()) or ()
            if part in annotations or part in fields:
                return None
            return part
        value = getattr(value, part)
    return None


def python_name_problem(dotted: str) -> str | None:
    """Why ``dotted`` (``Sender.send``, ``_formats.EXAMPLES``...) names nothing of ours."""
    parts = dotted.split(".")
    head = parts[0]
    if head in INSTANCES and len(parts) > 1:
        if parts[1] in sdk_methods() and head == "client":
            if len(parts) > 2 and parts[2] not in sdk_methods()[parts[1]]:
                return f"the guide names {dotted}: the SDK has no method {parts[1]}.{parts[2]}"
            return None
        if parts[1] == "with_raw_response" and head == "client":
            return python_name_problem("client." + ".".join(parts[2:])) if len(parts) > 2 else None
        have = class_members(INSTANCES[head]) or set()
        if parts[1] not in have:
            return f"the guide names {dotted}: {INSTANCES[head]} has no member {parts[1]}"
        return None
    if head in sdk_methods() and len(parts) == 2 and head != "client":
        if parts[1] in sdk_methods()[head]:
            return None
        if head not in modules_by_stem() and head not in classes():
            return f"the guide names {dotted}: the SDK has no method {dotted}"
    if head == "payments_sdk" or head in {"payments_sdk_generated"}:
        resolved = _resolve_import(dotted)
        if resolved is None:
            return f"the guide names {dotted}, which cannot be imported"
        missing = _getattr_chain(*resolved)
        return f"the guide names {dotted}: no {missing} there" if missing else None
    if dotted in _bundle_words() or (
        head[:1].islower()
        and all(part in _bundle_words() for part in parts)
        and head not in _source_stems()
    ):
        return None  # a name of the bundle (a kind, a field path), not of the code
    if head in classes() and len(parts) > 1:
        have = class_members(head) or set()
        if parts[1] not in have:
            return f"the guide names {dotted}: {head} has no member {parts[1]}"
        return None
    if head in _source_stems() and len(parts) > 1:
        for module in modules_by_stem()[head]:
            top = module.top()
            if parts[1] in top:
                node = top[parts[1]]
                if (
                    len(parts) > 2
                    and isinstance(node, ast.ClassDef)
                    and parts[2] not in (class_members(node.name) or set())
                ):
                    continue
                return None
        return f"the guide names {dotted}: module {head} defines no {parts[1]}"
    if re.match(r"^[A-Z]\w*$", head) and len(parts) > 1 and head not in dir(builtins):
        return f"the guide names {dotted}: {head} is not a class of the repository"
    if head not in {"sandbox", "client"} and len(parts) > 1:
        try:
            importlib.import_module(head)
        except Exception:
            return None
        resolved = _resolve_import(dotted)
        if resolved is None:
            return None
        missing = _getattr_chain(*resolved)
        return f"the guide names {dotted}: no {missing} there" if missing else None
    return None


def _definition(dotted: str) -> ast.AST | Any | None:
    """What a callee names: an AST function or class of ours, or an imported object."""
    parts = dotted.split(".")
    head = parts[0]
    if head in INSTANCES and len(parts) == 2:
        for _, node in classes().get(INSTANCES[head], []):
            for child in node.body:
                if (
                    isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                    and child.name == parts[1]
                ):
                    return child
        return None
    if head in classes():
        candidates = classes()[head]
        if len(parts) == 1:
            return candidates[0][1]
        for _, node in candidates:
            for child in node.body:
                if (
                    isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                    and child.name == parts[1]
                ):
                    return child
        return None
    if head == "payments_sdk":
        resolved = _resolve_import(dotted)
        if resolved and not _getattr_chain(*resolved):
            value = resolved[0]
            for part in [p for p in resolved[1].split(".") if p]:
                value = getattr(value, part)
            return value
        return None
    if len(parts) == 1:
        for module in modules():
            node = module.top().get(head)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                return node
    if head in modules_by_stem() and len(parts) == 2:
        for module in modules_by_stem()[head]:
            node = module.top().get(parts[1])
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                return node
    return None


def _keywords_of(value: Any) -> set[str] | None:
    """The keyword names a callable takes (``None``: unknown, or any)."""
    if isinstance(value, ast.AST):
        return parameters(value)
    import inspect

    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return None
    return set(signature.parameters)


def _call_texts(text: str) -> Iterator[str]:
    """Each outermost ``name(...)`` of ``text``, its arguments balanced."""
    position = 0
    pattern = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)\(")
    while True:
        match = pattern.search(text, position)
        if not match:
            return
        depth = 0
        end = match.end() - 1
        for end in range(match.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        yield text[match.start() : end + 1]
        position = match.end()


def _calls(text: str) -> list[tuple[str, list[str]]]:
    """The calls ``text`` writes, as (callee, keyword names), nested ones too."""
    written = re.sub(r"=\s*(?=[,)])", "=...", text.replace("…", "..."))
    written = re.sub(r"\{\.\.\.\}", "{}", written)
    try:
        tree = ast.parse(written.strip(), mode="eval")
    except SyntaxError:
        match = re.match(r"([A-Za-z_][\w.]*)\(", text)
        return [(match.group(1), [])] if match else []
    return [
        (ast.unparse(node.func), [k.arg for k in node.keywords if k.arg])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
    ]


def call_problems(text: str) -> Iterator[str]:
    """Each ``f(k=...)`` in ``text``: ``f`` is defined, and takes each keyword."""
    for call_text in _call_texts(text):
        for callee, keywords in _calls(call_text):
            if "." in callee:
                problem = python_name_problem(callee)
                if problem:
                    yield problem
                    continue
            elif callee not in vocabulary():
                yield f"the guide calls {callee}(), which the repository does not define"
                continue
            if not keywords:
                continue
            definition = _definition(callee)
            takes = None if definition is None else _keywords_of(definition)
            if takes is None:
                continue
            for keyword in keywords:
                if keyword not in takes:
                    yield f"the guide calls {callee}({keyword}=...): {callee} takes no {keyword}"


@cache
def _basenames() -> frozenset[str]:
    return frozenset(path.rstrip("/").split("/")[-1] for path in files())


def _convention_examples(page: str) -> set[str]:
    """Lowercase names the table of OpenAPI features gives only as what a convention makes.

    A row says what the pipeline does with a bundle that uses a feature (a corpus bundle, a
    spec edit): ``catalogs.products``, ``retrieve_payouts_item`` are what the naming convention
    makes of that bundle, not names of ours. A class, a module, a path or a call there is
    still checked, and so is a name the page uses anywhere else; the names of its "edits"
    column are held to ``openapi/tools/spec_edit_set.py`` by ``test_spec_edits_are_documented``.
    """
    rows = table(page, "| feature |")
    inside = {span for row in rows for cell in row for span in re.findall(r"`([^`]+)`", cell)}
    outside = _prose(page)
    for row in rows:
        outside = outside.replace("|".join(row), "")
    elsewhere = set(
        re.findall(
            r"`([^`\n]+)`",
            "\n".join(
                line
                for line in outside.splitlines()
                if not line.startswith("| ") or "|" not in line[2:]
            ),
        )
    )
    return {span for span in inside - elsewhere if re.match(r"^[a-z]\w*(?:\.[a-z]\w*)*=?$", span)}


IDENTIFIER = re.compile(r"^(?:_\w*|[a-z]\w*_\w*|[A-Z]\w*)$")
"""A name written as code: snake_case with an underscore, _private, CamelCase or UPPER."""


def check_python_names(page: str) -> Iterator[str]:
    """Every dotted name, call and code-like identifier of the page is the repository's."""
    tokens = claimed(page)
    examples = _convention_examples(page)
    seen: set[str] = set()
    for token in tokens:
        token = token.strip()
        if token in seen:
            continue
        seen.add(token)
        if "(" in token:
            yield from call_problems(token)
            continue
        word = token.rstrip("=").removeprefix("@")
        if word in examples:
            continue
        if re.match(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$", word) and not PATHLIKE.match(word):
            problem = python_name_problem(word)
            if problem:
                yield problem
        elif IDENTIFIER.match(word) and word not in vocabulary() and word not in _basenames():
            yield f"the guide names `{word}`, which nothing in the repository defines or holds"
    trace = _traces(page)
    yield from call_problems(trace)
    for owner, member in dict.fromkeys(re.findall(r"\b([A-Z][A-Za-z]+)\.(_?[a-z]\w*)", trace)):
        problem = python_name_problem(f"{owner}.{member}")
        if problem:
            yield problem


TRACE_FILE = re.compile(r"\s{2,}([\w/…<>-]+\.py(?:\s*/\s*[\w/…<>-]+\.py)*)\s*$")
"""The file at the right end of a trace line: the one that does the line's work."""


def _defined_in(path: Path) -> set[str]:
    """The classes and functions of a file (at any depth), and its module- and class-level names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(node.name)
        if isinstance(node, ast.Module | ast.ClassDef):
            for child in node.body:
                if not isinstance(child, ast.Import | ast.ImportFrom):
                    found.update(_defined(child))
    return found


def check_trace_files(page: str) -> Iterator[str]:
    """The file on the right of a trace line defines one of the names the line gives.

    (A file alone on an arrow's line does the work of the line above.)
    """
    previous = ""
    for line in _traces(page).splitlines():
        match = TRACE_FILE.search(line)
        if not match:
            previous = line
            continue
        left = line[: match.start()]
        if not re.search(r"\w", left):
            left = previous
        previous = line
        names = set(re.findall(r"[A-Za-z_]\w*", left))
        paths: list[Path] = []
        for name in re.split(r"\s*/\s*(?=[\w…<>-]+\.py)", match.group(1)):
            pattern = _placeholder_pattern(name) if PLACEHOLDER.search(name) else None
            paths += [
                ROOT / found
                for found in files()
                if found.endswith(".py")
                and not found.startswith("tests/")
                and (pattern.match(found) if pattern else found.endswith("/" + name))
            ]
        if paths and not names & set().union(*(_defined_in(path) for path in paths)):
            yield (
                f"the trace puts {match.group(1)} on the right of {left.strip(' │▼▲')!r}, "
                "but that file defines none of the line's names"
            )


# ------------------------------------------------------------------------------ import claims


@cache
def loaded_sdk_modules(tool: str) -> frozenset[str]:
    """The SDK modules ``openapi/tools/<tool>.py`` loads: by import, lazily, or by path.

    The tool is loaded in a fresh interpreter (as ``make generate`` runs it, its own folder on
    the path), and every module then loaded from wrapper/payments_sdk or generated/payments_sdk
    is named; the imports inside its functions, which run later, are read from its source.
    """
    path = ROOT / "openapi" / "tools" / f"{tool}.py"
    program = (
        "import importlib.util, sys, json\n"
        f"sys.path.insert(0, {str(path.parent)!r})\n"
        f"spec = importlib.util.spec_from_file_location('_guide_probe', {str(path)!r})\n"
        "module = importlib.util.module_from_spec(spec); sys.modules['_guide_probe'] = module\n"
        "spec.loader.exec_module(module)\n"
        "files = {getattr(m, '__file__', None) or '' for m in list(sys.modules.values())}\n"
        "print(json.dumps(sorted(files)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, f"{path.name} does not load: {result.stderr[-2000:]}"
    found: set[str] = set()
    for name in json.loads(result.stdout.splitlines()[-1]):
        file = Path(name)
        for base in (SDK, GENERATED / "payments_sdk"):
            if base in file.parents:
                parts = file.relative_to(base).with_suffix("").parts
                dotted = ".".join(("payments_sdk", *parts))
                found.add(dotted.removesuffix(".__init__"))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("payments_sdk."))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("payments_sdk"):
            base = node.module or ""
            if base == "payments_sdk":
                found.update(f"payments_sdk.{a.name}" for a in node.names if a.name.startswith("_"))
            else:
                found.add(base)
    return frozenset(found - {"payments_sdk"})


def generate_tools() -> list[str]:
    """The tools the recipe of ``make generate`` runs (openapi/tools/<name>.py)."""
    recipe = makefile()[makefile().index("define generate_into") :]
    recipe = recipe[: recipe.index("\napi-diff:")]
    return sorted(set(re.findall(r"openapi/tools/(\w+)\.py", recipe)))


def check_import_claims(page: str) -> Iterator[str]:
    """A tool the guide says "imports nothing of the SDK" does not; the tools' paragraph holds."""
    prose = _prose(page)
    for sentence in re.split(r"(?<=\.)\s", prose):
        for claim in re.finditer(r"imports nothing of the SDK", sentence):
            before = re.findall(r"`(\w+)\.py`", sentence[: claim.start()])
            if not before or not (ROOT / "openapi" / "tools" / f"{before[-1]}.py").is_file():
                continue
            loaded = loaded_sdk_modules(before[-1])
            if loaded:
                yield (
                    f"the guide says {before[-1]}.py imports nothing of the SDK; it loads "
                    f"{sorted(loaded)}"
                )
    start = prose.find("`openapi/tools/` holds the build's tools")
    if start < 0:
        return
    paragraph = prose[start : prose.find("\n\n", start)]
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(4) as pool:  # each tool in its own interpreter
        list(pool.map(loaded_sdk_modules, generate_tools()))
    allowed = set(re.findall(r"`(payments_sdk\.[\w.]+)`", paragraph))
    for tool in generate_tools():
        for module in sorted(loaded_sdk_modules(tool)):
            if module not in allowed:
                yield (
                    f"{tool}.py (run by make generate) loads {module}, which the paragraph "
                    "on the tools does not name"
                )
    if generate_tools():
        loaded_any = set().union(*(loaded_sdk_modules(t) for t in generate_tools()))
        for module in sorted(allowed - loaded_any):
            yield f"the paragraph on the tools names {module}, which no tool of make generate loads"


# ------------------------------------------------------------------------------------ figures


def _pin(package: str) -> str:
    for entries in groups().values():
        for entry in entries:
            if isinstance(entry, str) and requirement_name(entry) == package and "==" in entry:
                return entry.split("==")[1]
    return ""


def _jobs_default() -> str:
    tree = ast.parse((ROOT / "openapi" / "tools" / "spec_edits.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == "--jobs"
        ):
            for keyword in node.keywords:
                if keyword.arg == "default":
                    return str(ast.literal_eval(keyword.value))
    return ""


def _gate() -> str:
    from payments_sdk._options import PACED_CONNECTIONS

    return str(PACED_CONNECTIONS)


def _gate_most() -> str:
    from payments_sdk._options import MAX_CONNECTIONS

    return str(MAX_CONNECTIONS)


def _closed_bundle_bound() -> str:
    from tests.support.closed_bundle import MAX_INTEGER

    return str(len(str(MAX_INTEGER)) - 1) if str(MAX_INTEGER).strip("0") == "1" else "?"


FIGURES: dict[str, Callable[[], str]] = {
    r"openapi-python-client (\d[\d.]*)": lambda: _pin("openapi-python-client"),
    r"at most `--jobs (\d+)`": _jobs_default,
    r"≤ (\d+) on the SDK's own wire": _gate,
    r"up to (\d+) while": _gate_most,
    r"integers within 10\^(\d+)": _closed_bundle_bound,
}
"""The figures the guide may give, each with how this module computes it now."""

FIGURE = re.compile(
    r"(?:[~≤≥]\s?|\babout |\bup to |\bat most `?)?\d[\d,.]*\s?"
    r"(?:ms|s|sec|min|minutes|seconds|hours|MB|KB|kB|lines|%|requests|files|calls|tests)\b"
    r"|[~≤≥]\s?\d[\d,.]*|\babout \d[\d,.]*|\bat most `--jobs \d+`|\bwithin 10\^\d+"
)


def check_figures(page: str) -> Iterator[str]:
    """A figure the page gives is one ``FIGURES`` computes, and equal to it."""
    text = _prose(page) + "\n" + _traces(page)
    covered: list[tuple[int, int]] = []
    for pattern, compute in FIGURES.items():
        for match in re.finditer(pattern, text):
            covered.append(match.span())
            now = compute()
            if match.group(1) != now:
                yield f"the guide gives {match.group(0)!r}; it is {now} now"
    for match in FIGURE.finditer(text):
        if any(start <= match.start() < end for start, end in covered):
            continue
        line = text[: match.start()].count("\n")
        context = text.splitlines()[line].strip()[:100]
        yield (
            f"the guide gives the figure {match.group(0).strip()!r} ({context!r}): no test "
            "computes it, so it goes stale; say it without a number, or compute it in "
            "tests/support/guide_names.py FIGURES"
        )


OPTION = re.compile(r"(?<![\w\[-])--[a-z][\w-]*")
EXTENSION = re.compile(r"^x-[a-z][\w-]*?(?=\(s\)$|\*$|$)")
ENVIRONMENT = re.compile(r"^([A-Z][A-Z0-9_]+)=")
HYPHENATED = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$")


def check_options_and_keys(page: str) -> Iterator[str]:
    """Options, ``x-`` extensions, environment variables and hyphenated keys are the code's.

    ``--jobs``, ``--custom-template-path``: an option some tool, the Makefile or the command
    line takes; ``x-sdk-default``: an extension our overlay or tools read; ``NAME=``: a variable
    the code reads; ``max-examples``, ``adyen-transfers``, ``sf-token``: a key, file, target or
    value the repository holds. The examples of the table of OpenAPI features (``--name
    VALUE``) are what a bundle would make, and are not checked.
    """
    known = vocabulary() | _basenames()
    options = _tool_words() | {"--help"}
    examples = _feature_table_only(page)
    for token in dict.fromkeys(claimed(page)):
        if token in examples:
            continue
        for option in OPTION.findall(token):
            if option not in options:
                yield f"the guide names the option {option}, which no tool or target takes"
        extension = EXTENSION.match(token)
        if extension and token != "x-":
            name = extension.group(0)
            if token.endswith("*"):
                if not any(word.startswith(name) for word in known):
                    yield f"the guide names {token}: no extension starts so"
            elif name not in known:
                yield f"the guide names the extension {name}, which nothing reads or states"
            continue
        variable = ENVIRONMENT.match(token)
        if variable and variable.group(1) not in known:
            yield f"the guide names the variable {variable.group(1)}, which nothing reads"
        if HYPHENATED.match(token) and token not in known:
            yield f"the guide names `{token}`, which nothing in the repository holds"


@cache
def _tool_words() -> frozenset[str]:
    """The words of the code that runs (not of the tests): the options it takes."""
    texts = [makefile(), (ROOT / "pyproject.toml").read_text(encoding="utf-8")]
    for base in (
        ROOT / "wrapper",
        ROOT / "generated",
        ROOT / "openapi" / "tools",
        ROOT / "examples",
    ):
        texts += [path.read_text(encoding="utf-8") for path in sorted(base.rglob("*.py"))]
    return frozenset(re.findall(r"--[a-z][\w-]*", "\n".join(texts)))


def _feature_table_only(page: str) -> set[str]:
    """The spans of the table of OpenAPI features that the page uses nowhere else."""
    rows = table(page, "| feature |")
    inside = {span for row in rows for cell in row for span in re.findall(r"`([^`]+)`", cell)}
    rest = "\n".join(
        line
        for line in _prose(page).splitlines()
        if not line.startswith("| ") or line.split("|")[1].strip() not in {row[0] for row in rows}
    )
    return {span.replace("\\|", "|") for span in inside} - set(re.findall(r"`([^`\n]+)`", rest))


CHECKS: tuple[Callable[[str], Iterator[str]], ...] = (
    check_paths,
    check_make_targets,
    check_extras_and_groups,
    check_setup_table,
    check_python_names,
    check_trace_files,
    check_options_and_keys,
    check_import_claims,
    check_figures,
)
