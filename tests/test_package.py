"""The public surface: complete exports, cheap import, typed package."""

from __future__ import annotations

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
        "print(sorted(m for m in ('httpx', 'payments_api_client', 'iso4217', 'attrs') "
        "if m in sys.modules))"
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
    import payments_api_client

    assert (Path(payments_api_client.__file__).parent / "py.typed").is_file()
