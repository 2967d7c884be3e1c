"""The public surface: complete exports, cheap import, typed package."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import payments_sdk
from payments_sdk import errors


def test_all_is_complete_and_sorted() -> None:
    """Every public exception is exported, and every name in __all__ resolves."""
    public_errors = {n for n in errors.__all__}
    assert public_errors <= set(payments_sdk.__all__)
    assert list(payments_sdk.__all__) == sorted(payments_sdk.__all__)
    for name in payments_sdk.__all__:
        assert getattr(payments_sdk, name) is not None


def test_importing_the_package_is_cheap() -> None:
    """`import payments_sdk` loads neither httpx nor the generated client nor iso4217."""
    code = (
        "import sys, payments_sdk; "
        "print(sorted(m for m in ('httpx', 'payments_sdk_generated', 'iso4217', 'attrs') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_client_loads_no_checker_money_or_pager_until_a_call() -> None:
    """Importing the client loads no call layer, checker, Money, pager, observer or resource module.

    Each comes with the first client or call that needs it, so ``import payments_sdk`` stays
    cheap.
    """
    deferred = (
        "payments_sdk._requestor",
        "payments_sdk._sender",
        "payments_sdk._validation",
        "payments_sdk._checks",
        "payments_sdk._money",
        "payments_sdk._pagination",
        "payments_sdk._observe",
        "payments_sdk.resources.refunds",
    )
    code = (
        "import sys; from payments_sdk import AsyncPaymentsClient; "
        f"print(sorted(m for m in {deferred!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_resources_load_on_first_use() -> None:
    """A resource module is imported only when its namespace is first touched."""
    code = (
        "import sys; from payments_sdk import AsyncPaymentsClient as C; "
        "c = C(api_key='a.b.c', base_url='http://127.0.0.1/v1'); "
        "before = 'payments_sdk.resources.refunds' in sys.modules; c.refunds; "
        "print(before, 'payments_sdk.resources.refunds' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False True"


def test_exception_tree_is_documented() -> None:
    """The errors module docstring draws every exception class."""
    for name in errors.__all__:
        assert name in (errors.__doc__ or "")


def test_package_is_typed() -> None:
    """Both packages ship a py.typed marker."""
    assert (Path(payments_sdk.__file__).parent / "py.typed").is_file()
    import payments_sdk_generated

    assert (Path(payments_sdk_generated.__file__).parent / "py.typed").is_file()


def test_generated_operations_are_data_that_never_call_the_sdk() -> None:
    """Each generated operation module states its ``Operation`` once and runs nothing.

    The resource method hands it to the SDK's call layer, which sends it: the generated package
    never calls back into the SDK (no function, no call but the one ``Operation(...)``).
    """
    api = Path(__file__).resolve().parents[2] / "generated" / "payments_sdk_generated" / "api"
    operations = 0
    for module in sorted(api.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        if module.name == "__init__.py":
            continue
        operations += 1
        functions = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        ]
        assert functions == [], module.name
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        named = [c.func.id for c in calls if isinstance(c.func, ast.Name)]
        assert named.count("Operation") == 1, module.name
        assert set(named) <= {"Operation", "one_of"}, module.name  # one_of: an answer union
        assert len(named) == len(calls), module.name
        source = module.read_text(encoding="utf-8")
        assert "payments_sdk." not in source and "httpx" not in source, module.name
    from payments_sdk._operation_table import OPERATIONS

    assert operations == len(OPERATIONS)  # one module per operation of the bundle


# Put first on sys.path as sitecustomize, this makes the sandbox extra's first module
# unimportable, as when the package was installed without ``[sandbox]``.
_WITHOUT_STARLETTE = """
import sys


class _Blocker:
    def find_spec(self, name, path=None, target=None):
        if name == "starlette" or name.startswith("starlette."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _Blocker())
"""


def _without_sandbox_extra(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "sitecustomize.py").write_text(_WITHOUT_STARLETTE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=60
    )


def test_sandbox_import_without_the_extra_says_how_to_install_it(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "try:\n"
        "    from payments_sdk.sandbox import Sandbox\n"
        "except ImportError as exc:\n"
        "    print(type(exc).__name__, exc.name, exc, sep='|')\n"
        "    sys.exit(0)\n"
        "sys.exit('imported the sandbox although starlette was blocked')\n"
    )
    out = _without_sandbox_extra(tmp_path, "-c", code)
    assert out.returncode == 0, out.stderr
    kind, name, message = out.stdout.strip().split("|")
    assert (kind, name) == ("ModuleNotFoundError", "starlette")
    assert 'pip install "payments-sdk[sandbox]"' in message


def test_sandbox_cli_without_the_extra_says_how_to_install_it(tmp_path: Path) -> None:
    out = _without_sandbox_extra(tmp_path, "-m", "payments_sdk.sandbox", "--port", "0")
    assert out.returncode != 0
    assert out.stdout == ""
    assert 'pip install "payments-sdk[sandbox]"' in out.stderr
    assert "Traceback" not in out.stderr


def test_users_import_only_payments_sdk() -> None:
    """The README, the docs, the examples and the typing tests import nothing generated."""
    root = Path(__file__).resolve().parents[2]
    texts = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    texts += [
        *sorted((root / "examples").glob("*.py")),
        *sorted((root / "tests" / "typing").glob("*.py")),
    ]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        assert "import payments_sdk_generated" not in text, path.name
        assert "from payments_sdk_generated" not in text, path.name
