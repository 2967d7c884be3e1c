"""A shared server never fills up: namespaces are deleted, released by the fixture, and expired.

``DELETE /_sandbox/namespace`` (``Sandbox.delete_namespace``, ``SandboxNamespace.delete``)
removes a namespace's records, snapshots, clock and faults; ``payments_shared_sandbox`` does it
when its test ends. At the 1,000-namespace bound, namespaces idle past ``namespace_idle`` make
room: unloaded with a state file (nothing is lost: they come back on their next request),
deleted in memory.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from payments_sdk.sandbox import Sandbox, SandboxControlError, SandboxNamespace
from payments_sdk.sandbox._namespace_states import MAX_NAMESPACES

pytestmark = pytest.mark.integration


def _fill(sandbox: Sandbox) -> None:
    """Load namespaces ``ns0``, ``ns1``, ... until the sandbox holds the bound."""
    n = 0
    while len(sandbox.spaces.names()) < MAX_NAMESPACES:
        sandbox.spaces.store(f"ns{n}")
        n += 1


class FakeMonotonic:
    """A monotonic clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_delete_over_http_removes_records_snapshots_clock_and_faults() -> None:
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        team = SandboxNamespace(url, sandbox.issue_key("team"), "team")
        paid = team.simulate_payment(amount=500)
        team.snapshot("s")
        team.freeze("2030-01-01T00:00:00Z")
        team.fail("balances.retrieve", status=503, times=None)
        team.delete()
        assert "team" not in sandbox.spaces.names()
        # The same key starts the namespace afresh: nothing of before is left.
        assert team.snapshots() == [] and team.faults() == []
        assert not team.now().startswith("2030")
        listed = httpx.get(
            f"{url}/payments", headers={"Authorization": f"Bearer {team.api_key}"}
        ).json()["data"]
        assert paid["id"] not in {p["id"] for p in listed}
        default = SandboxNamespace(url, sandbox.api_key, "default")
        with pytest.raises(SandboxControlError) as refused:
            default.delete()
        assert refused.value.status == 400 and "reset it" in refused.value.message


def test_past_the_bound_idle_namespaces_make_room_in_memory() -> None:
    monotonic = FakeMonotonic()
    sandbox = Sandbox(seed_payments=0, namespace_idle=60)
    sandbox.spaces._monotonic = monotonic
    sandbox.spaces.store("default")
    _fill(sandbox)
    with pytest.raises(Exception, match="1000 namespaces already"):
        sandbox.spaces.store("one-more")  # none idle yet
    monotonic.now = 30
    sandbox.spaces.store("ns0")  # touched: stays
    monotonic.now = 61
    sandbox.spaces.store("one-more")
    names = set(sandbox.spaces.names())
    assert {"default", "ns0", "one-more"} == names  # the idle ones were deleted


async def test_with_a_state_file_an_expired_namespace_is_only_unloaded(tmp_path: Path) -> None:
    monotonic = FakeMonotonic()
    sandbox = Sandbox(seed_payments=0, namespace_idle=60, state=tmp_path / "idle.db")
    sandbox.spaces._monotonic = monotonic
    kept = sandbox.simulate_payment(amount=42, namespace="alice")["id"]
    sandbox.snapshot("mine", namespace="alice")
    _fill(sandbox)
    monotonic.now = 61
    sandbox.spaces.store("newcomer")
    assert "alice" not in sandbox.spaces.names()
    state = sandbox.spaces.state
    assert state is not None and "alice" not in state._saved  # nor the file's copies of hers
    # Alice's next request loads her namespace back, as she left it.
    assert kept in sandbox.spaces.store("alice").payments
    assert [s["name"] for s in sandbox.snapshots(namespace="alice")] == ["mine"]
    await sandbox.aclose()


def test_idle_expiry_can_be_turned_off() -> None:
    sandbox = Sandbox(seed_payments=0, namespace_idle=0)
    monotonic = FakeMonotonic()
    sandbox.spaces._monotonic = monotonic
    _fill(sandbox)
    monotonic.now = 10**9
    with pytest.raises(Exception, match="delete the ones you no longer need"):
        sandbox.spaces.store("one-more")
