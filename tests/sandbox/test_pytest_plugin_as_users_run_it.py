"""The pytest plugin, run as a user runs it: test files with no conftest, in a fresh directory.

pytester writes each user's test file and runs pytest on it. The plugin is found through its
``pytest11`` entry point, as it is for anyone who installed the package; nothing here loads it
by hand. Files run in pytest-asyncio's strict mode (its default) unless a test says otherwise.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

# Without configuration, pytest-asyncio warns that asyncio_default_fixture_loop_scope is unset:
# that is the user's setting to make, not a finding of these runs.
ARGS = ("-p", "no:cacheprovider", "-W", "ignore:The configuration option:DeprecationWarning")

# Put first on sys.path as sitecustomize, this makes the named modules unimportable, as when
# the package was installed without them.
_BLOCKER = """
import sys


class _Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, _Blocker())
"""


def _without(pytester: pytest.Pytester, *modules: str) -> None:
    """Make ``modules`` unimportable in the subprocesses ``runpytest_subprocess`` starts."""
    site = pytester.mkdir("site")
    (site / "sitecustomize.py").write_text(_BLOCKER.format(blocked=set(modules)), "utf-8")
    paths = [str(site), *os.environ.get("PYTHONPATH", "").split(os.pathsep)]
    pytester._monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in paths if p))


USER_TESTS = """
import pytest

from payments_sdk import AsyncPaymentsClient, BadRequestError
from payments_sdk.sandbox import Sandbox


async def refund(client: AsyncPaymentsClient, payment_id: str) -> str | None:
    try:
        return (await client.refunds.create(payment_id=payment_id)).id
    except BadRequestError:
        return None


@pytest.mark.asyncio
async def test_refund(payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient) -> None:
    payment = payments_sandbox.simulate_payment(amount=4200, currency="EUR")
    refund_id = await refund(payments_client, payment["id"])
    assert refund_id is not None
    assert (await payments_client.refunds.retrieve(refund_id)).amount == 4200
    assert await refund(payments_client, payment["id"]) is None


@pytest.mark.asyncio
async def test_each_test_has_a_fresh_sandbox(payments_client: AsyncPaymentsClient) -> None:
    assert (await payments_client.refunds.list()).data == []


@pytest.mark.payments_sandbox(seed_payments=0)
@pytest.mark.asyncio
async def test_the_marker_sets_options(payments_client: AsyncPaymentsClient) -> None:
    assert (await payments_client.payments.list()).data == []
"""


def test_a_user_file_with_no_conftest_uses_the_fixtures(pytester: pytest.Pytester) -> None:
    """Strict mode, no conftest, no configuration: the fixtures just work."""
    pytester.makepyfile(test_billing=USER_TESTS)
    result = pytester.runpytest(*ARGS)
    result.assert_outcomes(passed=3)


def test_the_fixtures_work_in_auto_mode(pytester: pytest.Pytester) -> None:
    """With asyncio_mode = auto, no marker is needed; the same fixtures serve."""
    pytester.makeini("[pytest]\nasyncio_mode = auto\n")
    pytester.makepyfile(
        test_auto="""
        from payments_sdk import AsyncPaymentsClient
        from payments_sdk.sandbox import Sandbox


        async def test_auto(payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient):
            payments_sandbox.simulate_payment(amount=1)
            assert (await payments_client.payments.list(per_page=1)).data[0].amount == 1
        """
    )
    pytester.runpytest(*ARGS).assert_outcomes(passed=1)


SEED_TESTS = """
import os

import pytest

from payments_sdk.sandbox import Sandbox


def ids(sandbox: Sandbox) -> list[str]:
    return list(sandbox.store.payments)


@pytest.mark.asyncio
async def test_configured(payments_sandbox: Sandbox) -> None:
    expected = int(os.environ["EXPECTED_SEED"])
    assert ids(payments_sandbox) == ids(Sandbox(seed=expected))
    assert ids(payments_sandbox) != ids(Sandbox(seed=expected + 1))


@pytest.mark.payments_sandbox(seed=3)
@pytest.mark.asyncio
async def test_the_marker_wins(payments_sandbox: Sandbox) -> None:
    assert ids(payments_sandbox) == ids(Sandbox(seed=3))
"""


@pytest.mark.parametrize(
    ("ini", "args", "expected"),
    [
        ("", [], 7),
        ("payments_sandbox_seed = 4\n", [], 4),
        ("payments_sandbox_seed = 4\n", ["--payments-sandbox-seed=5"], 5),
        ("", ["--payments-sandbox-seed", "6"], 6),
    ],
)
def test_the_seed_comes_from_marker_then_command_line_then_ini(
    pytester: pytest.Pytester, ini: str, args: list[str], expected: int
) -> None:
    pytester.makeini("[pytest]\n" + ini)
    pytester.makepyfile(test_seed=SEED_TESTS)
    pytester._monkeypatch.setenv("EXPECTED_SEED", str(expected))
    pytester.runpytest(*ARGS, *args).assert_outcomes(passed=2)


def test_a_bad_ini_seed_or_a_positional_marker_says_what_is_wrong(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini("[pytest]\npayments_sandbox_seed = seven\n")
    pytester.makepyfile(
        test_bad="""
        import pytest

        @pytest.mark.asyncio
        async def test_seed(payments_sandbox):
            pass

        @pytest.mark.payments_sandbox(3)
        def test_marker(payments_sandbox_server):
            pass
        """
    )
    result = pytester.runpytest(*ARGS)
    result.stdout.fnmatch_lines(["*payments_sandbox_seed must be an integer, got 'seven'*"])


FAULT_TESTS = """
import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APITimeoutError,
    AsyncPaymentsClient,
    InternalServerError,
    instant_retries,
)
from payments_sdk.sandbox import Sandbox


@pytest.mark.asyncio
async def test_a_429_with_retry_after_is_retried(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    payment = payments_sandbox.simulate_payment(amount=100)
    payments_sandbox.faults.fail("refunds.create", status=429, retry_after=1)
    with instant_retries():
        await payments_client.refunds.create(payment_id=payment["id"])
    assert payments_sandbox.faults.calls("refunds.create") == 2


@pytest.mark.asyncio
async def test_a_503_on_a_post_is_not_retried(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    payments_sandbox.faults.fail("POST /v1/refunds", status=503, times=None)
    with instant_retries(), pytest.raises(InternalServerError):
        await payments_client.refunds.create(payment_id="payt_1")
    assert payments_sandbox.faults.calls("refunds.create") == 1


@pytest.mark.asyncio
async def test_a_500_on_a_get_is_retried_until_the_budget_is_spent(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    payments_sandbox.faults.fail("balances.retrieve", status=500, times=None)
    with instant_retries(), pytest.raises(InternalServerError):
        await payments_client.balances.retrieve()
    assert payments_sandbox.faults.calls("balances.retrieve") == 3  # 1 + max_retries (2)


@pytest.mark.asyncio
async def test_latency_past_the_timeout(payments_sandbox: Sandbox) -> None:
    payments_sandbox.faults.latency("balances.retrieve", 30)
    client = payments_sandbox.client(timeout=httpx.Timeout(10, read=0.1), max_retries=0)
    with pytest.raises(APITimeoutError):
        await client.balances.retrieve()


@pytest.mark.asyncio
async def test_a_post_dropped_after_processing_is_not_resent(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    payment = payments_sandbox.simulate_payment(amount=100)
    payments_sandbox.faults.drop("refunds.create", when="after")
    with instant_retries(), pytest.raises(APIConnectionError):
        await payments_client.refunds.create(payment_id=payment["id"])
    assert payments_sandbox.faults.calls("refunds.create") == 1
    refunds = (await payments_client.refunds.list()).data
    assert [r.payment_id for r in refunds] == [payment["id"]]  # one refund, not two
"""


def test_fault_injection_from_a_user_file(pytester: pytest.Pytester) -> None:
    """Faults from a user's file, and our retry policy seen from outside.

    A 429 is retried; a 5xx is retried for a GET, not for a POST; latency times out; a POST
    whose connection dropped after processing is not resent, and one refund exists.
    """
    pytester.makepyfile(test_faults=FAULT_TESTS)
    pytester.runpytest(*ARGS).assert_outcomes(passed=5)


SERVER_TESTS = """
import os

import httpx
import pytest

from payments_sdk import AsyncPaymentsClient, APIConnectionError
from payments_sdk.sandbox import Sandbox


@pytest.mark.asyncio
async def test_code_that_builds_its_own_client(payments_sandbox_server: Sandbox) -> None:
    assert os.environ["PAYMENTS_BASE_URL"].startswith("http://127.0.0.1:")
    payments_sandbox_server.faults.drop("refunds.create", when="after")
    payment = payments_sandbox_server.simulate_payment(amount=100)
    async with AsyncPaymentsClient() as client:  # from PAYMENTS_BASE_URL and PAYMENTS_API_KEY
        with pytest.raises(APIConnectionError) as raised:
            await client.refunds.create(payment_id=payment["id"])
        assert isinstance(raised.value.__cause__, httpx.RemoteProtocolError)
        assert len((await client.refunds.list()).data) == 1


def test_a_sync_test_and_another_language(payments_sandbox_server: Sandbox) -> None:
    base = os.environ["PAYMENTS_BASE_URL"]
    headers = {"Authorization": "Bearer " + os.environ["PAYMENTS_API_KEY"]}
    added = httpx.post(
        base.removesuffix("/v1") + "/_sandbox/faults",
        json={"operation": "ping", "kind": "fail", "status": 503},
        headers=headers,
    )
    assert added.status_code == 201
    assert httpx.get(base + "/ping", headers=headers).status_code == 503
    assert httpx.get(base + "/ping", headers=headers).status_code == 200


@pytest.mark.asyncio
async def test_the_in_process_client_shares_the_state(
    payments_sandbox_server: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    payment = payments_sandbox_server.simulate_payment(amount=100)
    async with AsyncPaymentsClient() as client:
        await client.refunds.create(payment_id=payment["id"])
    assert len((await payments_client.refunds.list()).data) == 1


def test_the_environment_is_restored() -> None:
    assert "PAYMENTS_BASE_URL" not in os.environ
    assert "PAYMENTS_API_KEY" not in os.environ
"""


def test_the_served_sandbox_is_in_the_environment(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """payments_sandbox_server: reachable over 127.0.0.1 from the environment; restored after."""
    monkeypatch.delenv("PAYMENTS_BASE_URL", raising=False)
    monkeypatch.delenv("PAYMENTS_API_KEY", raising=False)
    pytester.makepyfile(test_served=SERVER_TESTS)
    pytester.runpytest(*ARGS).assert_outcomes(passed=4)


def test_pytest_runs_without_the_sandbox_extra(pytester: pytest.Pytester) -> None:
    """Without starlette, pytest starts; only a test that asks for a fixture fails, saying why."""
    _without(pytester, "starlette")
    pytester.makepyfile(
        test_plain="""
        import pytest

        def test_plain():
            assert True

        @pytest.mark.asyncio
        async def test_wants_a_sandbox(payments_client):
            pass
        """
    )
    result = pytester.runpytest_subprocess(*ARGS)
    result.assert_outcomes(passed=1, errors=1)
    output = result.stdout.str() + result.stderr.str()
    assert "ModuleNotFoundError: the payments-sdk sandbox needs the 'sandbox' extra" in output
    assert 'install it with: pip install "payments-sdk[sandbox]"' in output
    assert "Error while loading plugin" not in output


def test_without_pytest_asyncio_the_fixtures_serve_anyio(pytester: pytest.Pytester) -> None:
    """With no pytest-asyncio installed, the async fixtures are plain ones: anyio runs them."""
    _without(pytester, "pytest_asyncio")
    pytester.makepyfile(
        test_anyio="""
        import pytest

        @pytest.fixture
        def anyio_backend():
            return "asyncio"

        @pytest.mark.anyio
        async def test_with_anyio(payments_sandbox, payments_client):
            payments_sandbox.faults.fail("ping", status=503, times=None)
            assert (await payments_client.balances.retrieve()).data
        """
    )
    result = pytester.runpytest_subprocess(*ARGS)
    result.assert_outcomes(passed=1)


def test_the_plugin_module_imports_only_pytest() -> None:
    """Loaded for every pytest run, it must not import the extra, httpx or the SDK."""
    code = (
        "import sys, payments_sdk.sandbox.pytest_plugin; "
        "print(sorted(m for m in ('starlette', 'uvicorn', 'jwt', 'httpx', 'payments_sdk._client')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_entry_point_names_the_plugin_module() -> None:
    """pyproject.toml registers the module that this file exercises, under pytest11."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    entry_points = project["project"]["entry-points"]["pytest11"]
    assert entry_points == {"payments_sdk": "payments_sdk.sandbox.pytest_plugin"}


SHARED_TESTS = """
import os

import pytest

from payments_sdk import AsyncPaymentsClient


@pytest.mark.asyncio
@pytest.mark.parametrize("worker", ["gw0", "gw1", "gw2"])
async def test_a_namespace_of_its_own(payments_shared_sandbox, worker):
    worker_id = os.environ.get("PYTEST_XDIST_WORKER", "main")
    assert payments_shared_sandbox.namespace.startswith(worker_id)
    async with AsyncPaymentsClient() as client:  # PAYMENTS_* point at the namespace
        assert [o async for o in client.orders.list()] == []  # nothing of the other tests
        await client.orders.create(amount=5, currency="USD", payment_methods=["card"])
        assert len([o async for o in client.orders.list()]) == 1
        payments_shared_sandbox.reset()
        assert [o async for o in client.orders.list()] == []
        await client.orders.create(amount=6, currency="USD", payment_methods=["card"])
"""


def test_the_shared_fixture_gives_each_test_a_namespace_on_one_server(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three tests on one shared server, each in its own namespace, never see each other."""
    from payments_sdk.sandbox import Sandbox

    shared = Sandbox(seed_payments=0)
    with shared.serve() as url:
        monkeypatch.setenv("PAYMENTS_SANDBOX_KEY", shared.api_key)
        monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw5")
        pytester.makepyfile(test_shared=SHARED_TESTS)
        result = pytester.runpytest(*ARGS, f"--payments-sandbox-url={url}")
        result.assert_outcomes(passed=3)
    default = shared.store.orders
    assert default == {}  # the shared server's default namespace saw none of it
    # One namespace per test, each deleted when its test ended: only default is left.
    assert shared.spaces.names() == ["default"]
    assert sorted(shared.spaces._floors) == sorted(set(shared.spaces._floors))
    assert len(shared.spaces._floors) == 3 and all(
        n.startswith("gw5-") for n in shared.spaces._floors
    )


def test_without_a_shared_server_the_fixture_serves_its_own(pytester: pytest.Pytester) -> None:
    """No URL given: the fixture serves a sandbox of its own and still uses a namespace."""
    pytester.makepyfile(test_shared=SHARED_TESTS)
    pytester.runpytest(*ARGS).assert_outcomes(passed=3)
