"""pytest fixtures for testing your code against the sandbox; pytest loads this plugin itself.

The package registers it under the ``pytest11`` entry point as ``payments_sdk``, so installing
``payments-sdk[sandbox]`` is enough: no ``conftest.py``, no ``pytest_plugins``. (Disable it with
``-p no:payments_sdk``.)

Fixtures:

- ``payments_sandbox``: a fresh :class:`~payments_sdk.sandbox.Sandbox` in process for each test;
- ``payments_client``: an ``AsyncPaymentsClient`` wired to it in process, closed after the test;
- ``payments_sandbox_server``: the same sandbox served on a free 127.0.0.1 port for the test,
  with ``PAYMENTS_BASE_URL`` and ``PAYMENTS_API_KEY`` set in the environment (and restored
  after), for code that builds its own client;
- ``payments_shared_sandbox``: a namespace of its own, for this test, on a shared sandbox
  server (``--payments-sandbox-url`` or ``PAYMENTS_SANDBOX_URL``, with ``PAYMENTS_SANDBOX_KEY``),
  so that pytest-xdist workers and parallel CI jobs on one server never see each other's
  records; the environment points at it as above. Without a shared server, it serves a sandbox
  of its own, and the namespace works the same.

The sandbox's options, closest first:

- the marker ``@pytest.mark.payments_sandbox(seed=3, seed_payments=0)`` on a test, a class or a
  module (``pytestmark``): any keyword argument of ``Sandbox``;
- the command-line option ``--payments-sandbox-seed=N``;
- the ini option ``payments_sandbox_seed = N``.

The async fixtures are pytest-asyncio fixtures when pytest-asyncio is installed, so they work
in its strict mode (the default) and in auto mode alike; without it they are plain async
fixtures, for another async plugin such as anyio's. The module imports nothing but pytest and,
if present, pytest-asyncio: pytest starts as usual where the ``sandbox`` extra is missing, and a
test that asks for a fixture then fails saying how to install the extra.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

import pytest

from ._namespace_client import SandboxNamespace

if TYPE_CHECKING:
    from payments_sdk import AsyncPaymentsClient
    from payments_sdk.sandbox import Sandbox

__all__ = [
    "SandboxNamespace",
    "payments_client",
    "payments_sandbox",
    "payments_sandbox_server",
    "payments_shared_sandbox",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _async_fixture(function: _F) -> _F:
    """Declare an async fixture: pytest-asyncio's when it is installed (its strict mode needs it).

    Without pytest-asyncio, a plain pytest fixture, which another async plugin (anyio's) runs.
    """
    try:
        import pytest_asyncio
    except ImportError:
        return cast(_F, pytest.fixture(function))
    return cast(_F, pytest_asyncio.fixture(function))


_MARKER = "payments_sandbox"
_SEED = "payments_sandbox_seed"
_URL = "payments_sandbox_url"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--payments-sandbox-seed`` and the ini option ``payments_sandbox_seed``."""
    group = parser.getgroup("payments_sdk", "payments-sdk sandbox fixtures")
    group.addoption(
        "--payments-sandbox-seed",
        dest=_SEED,
        type=int,
        default=None,
        metavar="N",
        help="seed of the sandbox of the payments_sandbox fixture (ids, rates, payments)",
    )
    parser.addini(_SEED, "seed of the sandbox of the payments_sandbox fixture", default="")
    group.addoption(
        "--payments-sandbox-url",
        dest=_URL,
        default=None,
        metavar="URL",
        help="base URL (ending in /v1) of a shared sandbox server for payments_shared_sandbox; "
        "its key comes from PAYMENTS_SANDBOX_KEY (default: $PAYMENTS_SANDBOX_URL)",
    )
    parser.addini(_URL, "base URL of a shared sandbox server for payments_shared_sandbox")


def pytest_configure(config: pytest.Config) -> None:
    """Declare the ``payments_sandbox`` marker (so ``--strict-markers`` accepts it)."""
    config.addinivalue_line(
        "markers",
        f"{_MARKER}(**options): keyword arguments of the payments_sandbox fixture's Sandbox, "
        "such as seed=3 or seed_payments=0",
    )


def _sandbox_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Return the ``Sandbox`` arguments for this test: ini, then command line, then marker."""
    options: dict[str, Any] = {}
    seed: object = request.config.getoption(_SEED)
    if seed is None:
        text = str(request.config.getini(_SEED)).strip()
        if text:
            try:
                seed = int(text)
            except ValueError:
                raise pytest.UsageError(f"{_SEED} must be an integer, got {text!r}") from None
    if seed is not None:
        options["seed"] = seed
    marker = request.node.get_closest_marker(_MARKER)
    if marker is not None:
        if marker.args:
            raise pytest.UsageError(
                f"@pytest.mark.{_MARKER} takes keyword arguments only, such as seed=3"
            )
        options.update(marker.kwargs)
    return options


@_async_fixture
async def payments_sandbox(request: pytest.FixtureRequest) -> AsyncIterator[Sandbox]:
    """Yield a fresh sandbox, in process, for one test; close the clients it made afterwards.

    Set its options with ``@pytest.mark.payments_sandbox(...)`` or ``--payments-sandbox-seed``.
    """
    from payments_sdk.sandbox import _require_extra

    _require_extra()  # ModuleNotFoundError saying: pip install "payments-sdk[sandbox]"
    from payments_sdk.sandbox import Sandbox

    async with Sandbox(**_sandbox_options(request)) as sandbox:
        yield sandbox


@_async_fixture
async def payments_client(payments_sandbox: Sandbox) -> AsyncIterator[AsyncPaymentsClient]:
    """Yield an ``AsyncPaymentsClient`` wired to ``payments_sandbox`` in process; close it after."""
    async with payments_sandbox.client() as client:
        yield client


@pytest.fixture
def payments_sandbox_server(
    payments_sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Sandbox]:
    """Serve ``payments_sandbox`` on a free 127.0.0.1 port for the test; yield it.

    ``PAYMENTS_BASE_URL`` and ``PAYMENTS_API_KEY`` point at it for the test (and are restored
    afterwards), so ``AsyncPaymentsClient()`` reaches it; so does ``sandbox.base_url``. The
    in-process ``payments_client`` shares its state.
    """
    with payments_sandbox.serve() as base_url:
        monkeypatch.setenv("PAYMENTS_BASE_URL", base_url)
        monkeypatch.setenv("PAYMENTS_API_KEY", payments_sandbox.api_key)
        yield payments_sandbox


def _shared_url(config: pytest.Config) -> str | None:
    import os

    url = config.getoption(_URL) or str(config.getini(_URL) or "").strip() or None
    return url or os.environ.get("PAYMENTS_SANDBOX_URL") or None


@pytest.fixture
def payments_shared_sandbox(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[SandboxNamespace]:
    """Yield a namespace of this test's own on a shared sandbox server (or on one it serves).

    The namespace is ``<worker>-<random>`` (``gw0-1f3a...`` under pytest-xdist), reached with a
    key that names it: the test sees its own records, clock and faults only.
    ``PAYMENTS_BASE_URL`` and ``PAYMENTS_API_KEY`` point at it for the test, so
    ``AsyncPaymentsClient()`` reaches it. When the test ends, the namespace is deleted, so a
    run of any length never fills the server (its ids are never issued again).
    """
    import contextlib
    import os
    import uuid

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    namespace = f"{worker}-{uuid.uuid4().hex[:12]}"
    with contextlib.ExitStack() as stack:
        url = _shared_url(request.config)
        if url is None:
            from payments_sdk.sandbox import _require_extra

            _require_extra()
            from payments_sdk.sandbox import Sandbox

            sandbox = Sandbox(**_sandbox_options(request))
            url = stack.enter_context(sandbox.serve())
            key = sandbox.api_key
        else:
            key = os.environ.get("PAYMENTS_SANDBOX_KEY", "")
            if not key:
                raise pytest.UsageError(
                    "payments_shared_sandbox: set PAYMENTS_SANDBOX_KEY to a key of the shared "
                    f"sandbox at {url}"
                )
        issued = SandboxNamespace(url, key, "")._control("issue_key", namespace=namespace)
        handle = SandboxNamespace(url, issued["api_key"], namespace)
        monkeypatch.setenv("PAYMENTS_BASE_URL", url)
        monkeypatch.setenv("PAYMENTS_API_KEY", handle.api_key)
        yield handle
        handle.delete()
