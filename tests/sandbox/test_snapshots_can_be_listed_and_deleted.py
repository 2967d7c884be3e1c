"""Snapshots can be listed (name, time taken, size) and deleted, alike everywhere.

Over HTTP, in Python (``Sandbox``, ``SandboxNamespace``) and from the command line, per
namespace, and across a restart with a state file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from payments_sdk.sandbox import Sandbox, SandboxControlError, SandboxNamespace

pytestmark = pytest.mark.integration


def test_over_http_a_list_then_a_delete() -> None:
    sandbox = Sandbox(seed_payments=2)
    with sandbox.serve() as url:
        root = url.removesuffix("/v1")
        mine = {"Authorization": f"Bearer {sandbox.issue_key('mine')}"}
        other = {"Authorization": f"Bearer {sandbox.issue_key('other')}"}
        with httpx.Client(base_url=root, headers=mine) as http:
            assert http.get("/_sandbox/snapshots").json()["data"] == []
            taken = http.post("/_sandbox/snapshots", json={"name": "b"}).json()
            http.post("/_sandbox/snapshots", json={"name": "a"})
            listed = http.get("/_sandbox/snapshots").json()["data"]
            assert [s["name"] for s in listed] == ["a", "b"]
            assert listed[1] == {"name": "b", "taken_at": taken["taken_at"], "size": taken["size"]}
            when = datetime.fromisoformat(listed[1]["taken_at"].replace("Z", "+00:00"))
            assert abs(when - datetime.now(UTC)) < timedelta(minutes=5)
            assert listed[1]["size"] > 1000  # two seeded payments and the counters
            assert http.get("/_sandbox/snapshots", headers=other).json()["data"] == []
            assert http.delete("/_sandbox/snapshots/b", headers=other).status_code == 404
            assert http.delete("/_sandbox/snapshots/b").status_code == 204
            assert [s["name"] for s in http.get("/_sandbox/snapshots").json()["data"]] == ["a"]
            gone = http.post("/_sandbox/snapshots/b/restore")
            assert gone.status_code == 404 and "no snapshot" in gone.json()["message"]
            assert http.delete("/_sandbox/snapshots/b").status_code == 404


async def test_in_python_the_same_with_a_state_file_across_a_restart(tmp_path: Path) -> None:
    state = tmp_path / "snap.db"
    async with Sandbox(state=state, seed_payments=1) as first:
        info = first.snapshot("before", namespace="team")
        first.snapshot("after", namespace="team")
        assert [s["name"] for s in first.snapshots(namespace="team")] == ["after", "before"]
        assert first.snapshots() == []
    async with Sandbox(state=state, seed_payments=1) as second:
        listed = second.snapshots(namespace="team")
        assert listed[1] == info
        second.delete_snapshot("after", namespace="team")
        assert [s["name"] for s in second.snapshots(namespace="team")] == ["before"]
        with pytest.raises(KeyError, match="no snapshot"):
            second.delete_snapshot("after", namespace="team")
        second.restore("before", namespace="team")


def test_a_namespace_handle_and_the_command_line_list_and_delete() -> None:
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        handle = SandboxNamespace(url, sandbox.issue_key("ci"), "ci")
        handle.snapshot("one")
        handle.snapshot("two")
        assert [s["name"] for s in handle.snapshots()] == ["one", "two"]
        env = {**os.environ, "PAYMENTS_BASE_URL": url, "PAYMENTS_API_KEY": handle.api_key}
        command = [sys.executable, "-m", "payments_sdk.sandbox", "snapshots"]
        listed = subprocess.run(
            [*command, "list"], env=env, capture_output=True, text=True, timeout=60
        )
        assert listed.returncode == 0, listed.stderr
        lines = listed.stdout.splitlines()
        assert lines[0].split() == ["name", "taken_at", "size"]
        assert [line.split()[0] for line in lines[1:]] == ["one", "two"]
        assert handle.api_key not in listed.stdout + listed.stderr
        deleted = subprocess.run(
            [*command, "delete", "one"], env=env, capture_output=True, text=True, timeout=60
        )
        assert deleted.returncode == 0, deleted.stderr
        assert [s["name"] for s in handle.snapshots()] == ["two"]
        missing = subprocess.run(
            [*command, "delete", "one"], env=env, capture_output=True, text=True, timeout=60
        )
        assert missing.returncode == 1 and "no snapshot" in missing.stderr
        with pytest.raises(SandboxControlError) as refused:
            handle.delete_snapshot("one")
        assert refused.value.status == 404


def test_the_python_api_and_the_http_api_list_the_same_fields() -> None:
    sandbox = Sandbox(seed_payments=0)
    python = sandbox.snapshot("x")
    with sandbox.serve() as url:
        over_http = SandboxNamespace(url, sandbox.api_key, "default").snapshots()
    assert set(python) == set(over_http[0]) == {"name", "taken_at", "size"}
    assert over_http[0]["size"] == python["size"]
