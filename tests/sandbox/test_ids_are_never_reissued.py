"""An id is never issued twice: not after a reset, a snapshot restore or a namespace's deletion.

A test that kept an id from before a reset must get a 404, never someone else's object. The
namespace's id high-water mark survives the reset, the restore, the deletion and, with a state
file, a restart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from payments_sdk import NotFoundError
from payments_sdk.sandbox import Sandbox

pytestmark = pytest.mark.integration


def _ids(sandbox: Sandbox, namespace: str = "default") -> set[str]:
    """Every id the namespace's records hold now."""
    state = sandbox.spaces.store(namespace).dump()
    found = {rid for table in state["tables"].values() for rid in table}
    found |= {p["payin_id"] for p in state["tables"]["payments"].values()}
    return found | {c["id"] for c in state["conversions"]}


async def test_after_a_reset_an_old_id_is_a_404_and_new_ids_are_new() -> None:
    async with Sandbox(seed_payments=5) as sandbox, sandbox.client() as client:
        kept = sandbox.simulate_payment(amount=700)["id"]
        refund = await client.refunds.create(payment_id=kept)
        before = _ids(sandbox)
        sandbox.reset()
        after = _ids(sandbox)  # the seeded payments again, under new ids
        assert before.isdisjoint(after)
        with pytest.raises(NotFoundError):
            await client.refunds.retrieve(refund.id)
        again = sandbox.simulate_payment(amount=700)["id"]
        assert again not in before
        assert (await client.refunds.create(payment_id=again)).id not in before


async def test_after_a_restore_ids_issued_since_the_snapshot_are_not_issued_again() -> None:
    async with Sandbox(seed_payments=0) as sandbox:
        sandbox.snapshot("empty")
        first = sandbox.simulate_payment(amount=100)["id"]
        sandbox.restore("empty")
        second = sandbox.simulate_payment(amount=100)["id"]
        assert second != first


@pytest.mark.parametrize("with_state", [False, True], ids=["memory", "state-file"])
async def test_a_deleted_namespace_starts_again_with_new_ids(
    with_state: bool, tmp_path: Path
) -> None:
    state = tmp_path / "ids.db" if with_state else None
    async with Sandbox(seed_payments=3, state=state) as sandbox:
        before = _ids(sandbox, "team") | {
            sandbox.simulate_payment(amount=1, namespace="team")["id"]
        }
        sandbox.delete_namespace("team")
        assert before.isdisjoint(_ids(sandbox, "team"))


async def test_the_high_water_mark_survives_a_reset_and_a_restart(tmp_path: Path) -> None:
    state = tmp_path / "ids.db"
    async with Sandbox(seed_payments=2, state=state) as first:
        seen = _ids(first) | {first.simulate_payment(amount=9)["id"]}
        first.reset()
        seen |= _ids(first)
        first.delete_namespace("gone")  # never used: nothing to keep, nothing breaks
        seen |= {first.simulate_payment(amount=9, namespace="gone")["id"]}
        first.delete_namespace("gone")
    async with Sandbox(seed_payments=2, state=state) as second:
        fresh = {second.simulate_payment(amount=9)["id"]}
        fresh |= {second.simulate_payment(amount=9, namespace="gone")["id"]}
        second.reset()
        fresh |= _ids(second)
        assert seen.isdisjoint(fresh)
