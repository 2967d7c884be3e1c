"""The wrapper is checked against the generated code, not against memory.

Every generated operation must be called by exactly one wrapper method, and that method must
take every path parameter, query parameter and body field the generated operation takes (and
nothing the operation no longer has, beyond the SDK's own few arguments). The generated package
is read as it is on disk, so after `make generate` these tests say what the wrapper still lacks.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import pytest

import payments_sdk_generated.api as generated_api
from payments_sdk import types as public_types
from payments_sdk._validation import MAX_PAGE, check_page, check_per_page
from payments_sdk.errors import InvalidParameterError

ROOT = Path(__file__).resolve().parent.parent
WRAPPER = ROOT / "wrapper" / "payments_sdk"

# Arguments that are the SDK's own, not the operation's: how many pages to keep in flight, and
# the name and media type of an uploaded file's part.
SDK_ONLY = {"prefetch", "file_name", "content_type"}
# Every list method takes these; Resource._list sends them (tests/test_pagination.py).
PAGING = {"before", "after", "per_page", "page"}


@dataclass(frozen=True)
class WrapperMethod:
    """A wrapper method and the generated operation module it calls."""

    owner: str
    name: str
    source_file: Path
    node: ast.FunctionDef | ast.AsyncFunctionDef
    source: str

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.name}"


def _generated_modules() -> dict[str, Any]:
    """Return every generated operation module, by its import path."""
    found: dict[str, Any] = {}
    for tag in pkgutil.iter_modules(generated_api.__path__):
        package = importlib.import_module(f"{generated_api.__name__}.{tag.name}")
        for module in pkgutil.iter_modules(package.__path__):
            name = f"{package.__name__}.{module.name}"
            found[name] = importlib.import_module(name)
    return found


def _wrapper_calls() -> dict[str, list[WrapperMethod]]:
    """Return, for each generated module, the wrapper methods that call its asyncio_detailed."""
    calls: dict[str, list[WrapperMethod]] = {}
    files = [*sorted((WRAPPER / "resources").glob("*.py")), WRAPPER / "_client.py"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        imported: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "payments_sdk_generated.api"
            ):
                for alias in node.names:
                    imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
            for method in cls.body:
                if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                local = dict(imported)
                for node in ast.walk(method):  # an import inside the method (client.ping)
                    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                        "payments_sdk_generated.api"
                    ):
                        for alias in node.names:
                            local[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                for node in ast.walk(method):
                    if (
                        isinstance(node, ast.Attribute)
                        and node.attr == "asyncio_detailed"
                        and isinstance(node.value, ast.Name)
                        and node.value.id in local
                    ):
                        found = WrapperMethod(
                            cls.name,
                            method.name,
                            path,
                            method,
                            ast.get_source_segment(text, method) or "",
                        )
                        calls.setdefault(local[node.value.id], []).append(found)
    return calls


GENERATED = _generated_modules()
CALLS = _wrapper_calls()


def _signature(method: WrapperMethod) -> set[str]:
    args = method.node.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    return {arg.arg for arg in every} - {"self"}


def _body_fields(function: Any) -> set[str]:
    """Return the JSON (or multipart) names of the fields of the operation's body models."""
    hints = typing.get_type_hints(function)
    body = hints.get("body")
    if body is None:
        return set()
    names: set[str] = set()
    for model in typing.get_args(body) or (body,):
        if isinstance(model, type) and issubclass(model, msgspec.Struct):
            names |= {field.encode_name for field in msgspec.structs.fields(model)}
    return names


def _operation_inputs(module: Any) -> dict[str, str]:
    """Return each input of a generated operation and where it goes (path, query, body)."""
    function = module.asyncio_detailed
    inputs: dict[str, str] = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.name in ("sender", "body"):
            continue
        where = "path" if parameter.kind is parameter.POSITIONAL_OR_KEYWORD else "query"
        inputs[parameter.name] = where
    for name in _body_fields(function):
        inputs[name] = "body field"
    return inputs


def _where(module_name: str) -> str:
    module = GENERATED[module_name]
    return f"{module_name.rsplit('.', 1)[-1]} ({module.METHOD} {module.PATH})"


@pytest.mark.parametrize("module_name", sorted(GENERATED))
def test_every_generated_operation_is_called_by_one_wrapper_method(module_name: str) -> None:
    """An operation the wrapper does not expose fails, naming it and the file to add it to."""
    callers = CALLS.get(module_name, [])
    tag = module_name.split(".")[-2]
    assert callers, (
        f"the generated operation {_where(module_name)} has no wrapper method: add one in "
        f"wrapper/payments_sdk/resources/ (tag {tag!r}) that calls "
        f"{module_name.rsplit('.', 1)[-1]}.asyncio_detailed, and a row in "
        "tests/test_resources.py::CASES"
    )
    assert len({c.label for c in callers}) == 1, [c.label for c in callers]


def _pairs() -> Iterator[tuple[str, WrapperMethod]]:
    for module_name in sorted(GENERATED):
        for method in CALLS.get(module_name, [])[:1]:
            yield module_name, method


PAIRS = list(_pairs())


@pytest.mark.parametrize(("module_name", "method"), PAIRS, ids=[p[1].label for p in PAIRS])
def test_wrapper_method_takes_every_input_of_its_operation(
    module_name: str, method: WrapperMethod
) -> None:
    """Each path parameter, query parameter and body field is an argument of the method."""
    inputs = _operation_inputs(GENERATED[module_name])
    taken = _signature(method)
    missing = {name: where for name, where in inputs.items() if name not in taken}
    assert not missing, (
        f"{method.label} does not expose "
        + ", ".join(f"{where} {name!r}" for name, where in sorted(missing.items()))
        + f" of {_where(module_name)}: add the argument(s) to {method.source_file.name}, "
        "validate them, and pass them to the generated call"
    )


@pytest.mark.parametrize(("module_name", "method"), PAIRS, ids=[p[1].label for p in PAIRS])
def test_wrapper_method_forwards_every_input_it_takes(
    module_name: str, method: WrapperMethod
) -> None:
    """An argument that is taken must also be sent: the method's code names each input."""
    inputs = _operation_inputs(GENERATED[module_name])
    code = method.source.split('"""', 2)[-1]  # the body, after the signature and docstring
    unused = [
        name
        for name in inputs
        if name not in PAGING and not re.search(rf"\b{re.escape(name)}\b", code)
    ]
    assert not unused, f"{method.label} takes but never sends {unused} ({_where(module_name)})"


@pytest.mark.parametrize(("module_name", "method"), PAIRS, ids=[p[1].label for p in PAIRS])
def test_wrapper_method_takes_nothing_the_operation_lost(
    module_name: str, method: WrapperMethod
) -> None:
    """An argument that no longer matches an input (renamed or removed) fails, naming it."""
    inputs = _operation_inputs(GENERATED[module_name])
    stale = _signature(method) - set(inputs) - SDK_ONLY
    if "before" in inputs:  # list methods: the pager's own arguments
        stale -= PAGING
    assert not stale, (
        f"{method.label} takes {sorted(stale)}, which {_where(module_name)} does not have "
        "(renamed or removed in the bundle?): rename or remove the argument"
    )


def test_the_scan_finds_the_operations_the_wrapper_calls() -> None:
    """The source scan itself works: it finds known callers (so the checks above can fail)."""
    assert [c.label for c in CALLS["payments_sdk_generated.api.payin.list_refunds"]] == [
        "Refunds.list"
    ]
    assert [c.label for c in CALLS["payments_sdk_generated.api.authentication.ping"]] == [
        "AsyncPaymentsClient.ping"
    ]
    assert _operation_inputs(GENERATED["payments_sdk_generated.api.payin.get_refund"]) == {
        "id": "path"
    }
    assert _operation_inputs(GENERATED["payments_sdk_generated.api.kyc.list_kyc_links"]) == {
        "status": "query",
        **dict.fromkeys(("before", "after", "per_page", "page"), "query"),
    }


def test_page_bounds_are_the_bundles(bundle: dict[str, Any]) -> None:
    """check_page and check_per_page refuse exactly what the bundle's Page and PerPage refuse."""
    parameters = bundle["components"]["parameters"]
    for name, check in (("Page", check_page), ("PerPage", check_per_page)):
        schema = parameters[name]["schema"]
        low, high = schema["minimum"], schema.get("maximum")
        assert check(low) == low
        with pytest.raises(InvalidParameterError):
            check(low - 1)
        assert high is not None, f"{name} has no maximum in the bundle: the SDK's bound is {name}"
        assert check(high) == high
        with pytest.raises(InvalidParameterError):
            check(high + 1)
    assert parameters["Page"]["schema"]["maximum"] == MAX_PAGE


def _enums(bundle: dict[str, Any]) -> dict[str, list[str]]:
    return {
        name: [str(v) for v in schema["enum"]]
        for name, schema in bundle["components"]["schemas"].items()
        if isinstance(schema, dict) and "enum" in schema
    }


def test_generated_enums_are_the_bundles(bundle: dict[str, Any]) -> None:
    """Each enum the wrapper reads (payments_sdk.types) has exactly the bundle's values."""
    for name, values in _enums(bundle).items():
        enum = getattr(public_types, name)
        assert sorted(member.value for member in enum) == sorted(values), name


def test_no_docstring_lists_an_enum_partly(bundle: dict[str, Any]) -> None:
    """An SDK docstring that lists two or more of an enum's values lists them all.

    The sandbox's docstrings describe what it does, which tests/test_sandbox_coverage.py checks.
    """
    stale: list[str] = []
    for path in sorted(WRAPPER.rglob("*.py")):
        if "sandbox" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(
                node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
            ):
                continue
            doc = ast.get_docstring(node) or ""
            for name, values in _enums(bundle).items():
                named = [v for v in values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", doc)]
                if len(named) >= 2 and len(named) < len(values):
                    missing = sorted(set(values) - set(named))
                    stale.append(f"{path.relative_to(ROOT)}: lists {name} without {missing}")
    assert not stale, "docstrings list old enum values (name the enum instead):\n" + "\n".join(
        stale
    )


def test_every_id_prefix_the_wrapper_checks_is_a_pattern_of_the_bundle(
    bundle: dict[str, Any],
) -> None:
    """check_id(value, field, "payt_") refuses other prefixes: each must be the bundle's own."""
    patterns = [
        schema["pattern"]
        for schema in bundle["components"]["schemas"].values()
        if isinstance(schema, dict) and isinstance(schema.get("pattern"), str)
    ]
    used: list[tuple[str, str]] = []
    for path in sorted(WRAPPER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "check_id"
                and len(node.args) == 3
                and isinstance(node.args[2], ast.Constant)
            ):
                used.append((f"{path.relative_to(ROOT)}:{node.lineno}", str(node.args[2].value)))
    assert len(used) >= 5  # the scan sees the calls (payt_, doc_, rfidoc_, cust_, bene_)
    unknown = [
        f"{where} checks the prefix {prefix!r}"
        for where, prefix in used
        if not any(pattern.startswith(f"^{prefix}") for pattern in patterns)
    ]
    assert not unknown, "no id pattern of the bundle has these prefixes any more:\n" + "\n".join(
        unknown
    )
