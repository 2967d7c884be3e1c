"""pytest fixtures for testing your code against the sandbox; pytest loads this plugin itself.

The package registers it under the ``pytest11`` entry point as ``payments_sdk``, so installing
``payments-sdk[sandbox]`` is enough: no ``conftest.py``, no ``pytest_plugins``. (Disable it with
``-p no:payments_sdk``.)

Fixtures:

- ``payments_sandbox``: a fresh :class:`~payments_sdk.sandbox.Sandbox` in process for each test;
- ``payments_client``: an ``AsyncPaymentsClient`` wired to it in process, closed after the test;
- ``payments_sandbox_server``: the same sandbox served on a free 127.0.0.1 port for the test,
  with ``PAYMENTS_BASE_URL`` and ``PAYMENTS_API_KEY`` set in the environment (and restored
  after), for code that builds its own client.

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

if TYPE_CHECKING:
    from payments_sdk import AsyncPaymentsClient
    from payments_sdk.sandbox import Sandbox

__all__ = ["payments_client", "payments_sandbox", "payments_sandbox_server"]

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
