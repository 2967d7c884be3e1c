"""A state file is locked by its real path, and a corrupt row is refused at start, by name.

A second sandbox that reaches an open state file through a symlink (or a relative path) is
refused as one through the same path is: it would overwrite the first one's acknowledged
records. A row that cannot be read back (not JSON, not an object, a time that is not a time,
counters a store cannot run on) is refused when the sandbox starts, naming the namespace and the
record, instead of turning every request of its namespace into a 500.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._state_file import CorruptState, StateFileInUse

pytestmark = pytest.mark.integration


def test_a_symlink_to_an_open_state_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "team.db"
    first = Sandbox(seed_payments=0, state=real)
    paid = first.simulate_payment(amount=777)
    (tmp_path / "link.db").symlink_to(real)
    monkeypatch.chdir(tmp_path)
    for other in (tmp_path / "link.db", Path("link.db"), Path("./team.db")):
        with pytest.raises(StateFileInUse, match="in use by another sandbox"):
            Sandbox(seed_payments=0, state=other)
    asyncio.run(first.aclose())
    again = Sandbox(seed_payments=0, state=tmp_path / "link.db")  # closed: the link opens it
    assert paid["id"] in again.store.payments
    again.spaces.close()


def _made(tmp_path: Path) -> tuple[Path, str]:
    state = tmp_path / "corrupt.db"
    sandbox = Sandbox(seed_payments=2, state=state)
    paid = sandbox.simulate_payment(amount=5, namespace="team")
    sandbox.spaces.close()
    return state, paid["id"]


def _set(state: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(state) as db:
        assert db.execute(sql, args).rowcount == 1
    db.close()


CORRUPTIONS: dict[str, Callable[[Path, str], tuple[str, str]]] = {
    "body-not-json": lambda s, rid: (
        f"UPDATE records SET body = '{{not json' WHERE id = '{rid}'",
        f"record payments/{rid}: its body is not JSON",
    ),
    "body-not-an-object": lambda s, rid: (
        f"UPDATE records SET body = '[1, 2]' WHERE id = '{rid}'",
        f"record payments/{rid}: its body is not a JSON object",
    ),
    "created-at-a-string": lambda s, rid: (
        f"UPDATE records SET body = json_set(body, '$.created_at', 'yesterday') WHERE id = '{rid}'",
        f"record payments/{rid}: its created_at is not a time",
    ),
    "balances-not-integers": lambda s, rid: (
        'UPDATE meta SET value = \'{"USD": "many"}\' '
        "WHERE namespace = 'team' AND key = 'balances'",
        "its balances must map currencies to integers",
    ),
    "next-id-negative": lambda s, rid: (
        "UPDATE meta SET value = '-4' WHERE namespace = 'team' AND key = 'next_id'",
        "its next_id must be a positive integer",
    ),
}


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_corrupt_row_is_refused_at_start_naming_it(tmp_path: Path, corruption: str) -> None:
    state, record_id = _made(tmp_path)
    sql, why = CORRUPTIONS[corruption](state, record_id)
    _set(state, sql)
    with pytest.raises(CorruptState) as refused:
        Sandbox(seed_payments=2, state=state)
    assert "namespace 'team'" in str(refused.value) and why in str(refused.value)
    reopened = Sandbox(seed_payments=2, state=tmp_path / "other.db")  # the lock was released
    reopened.spaces.close()
    Path(f"{state}.lock").unlink()
    with pytest.raises(CorruptState):  # and this file's lock too: refused again, not "in use"
        Sandbox(seed_payments=2, state=state)


def test_the_command_line_names_the_corrupt_record(tmp_path: Path) -> None:
    state, record_id = _made(tmp_path)
    _set(state, f"UPDATE records SET body = 'garbage' WHERE id = '{record_id}'")
    done = subprocess.run(
        [sys.executable, "-m", "payments_sdk.sandbox", "--state", str(state)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"namespace 'team': record payments/{record_id}" in done.stderr
    assert "Traceback" not in done.stderr
