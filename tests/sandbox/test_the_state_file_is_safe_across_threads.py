"""A state file shared by the server's thread and a test's threads: acknowledged means on disk.

Served requests over real sockets (several client threads, several namespaces) race with
``simulate_payment()`` called from other threads. No request may answer 5xx, no helper call may
raise, and after a restart the file holds exactly the payments that were acknowledged (a 201,
or a return from the helper), and nothing else.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import httpx
import pytest

from payments_sdk.sandbox import Sandbox

pytestmark = pytest.mark.integration

THREADS = 6
PER_THREAD = 50


def test_served_requests_and_helper_calls_race_without_a_loss_or_a_5xx(tmp_path: Path) -> None:
    state = tmp_path / "race.db"
    sandbox = Sandbox(seed_payments=0, state=state)
    namespaces = ["default", "gw0", "gw1"]
    keys = {ns: sandbox.issue_key(ns) for ns in namespaces}
    acknowledged: dict[str, set[str]] = {ns: set() for ns in namespaces}
    statuses: list[int] = []
    errors: list[BaseException] = []
    guard = threading.Lock()
    start = threading.Barrier(2 * THREADS)

    def over_http(url: str, index: int) -> None:
        namespace = namespaces[index % len(namespaces)]
        root = url.removesuffix("/v1")
        with httpx.Client(headers={"Authorization": f"Bearer {keys[namespace]}"}) as http:
            start.wait()
            for n in range(PER_THREAD):
                answer = http.post(f"{root}/_sandbox/payments", json={"amount": 100 + n})
                with guard:
                    statuses.append(answer.status_code)
                    if answer.status_code == 201:
                        acknowledged[namespace].add(answer.json()["id"])

    def in_python(index: int) -> None:
        namespace = namespaces[(index + 1) % len(namespaces)]
        start.wait()
        for n in range(PER_THREAD):
            try:
                paid = sandbox.simulate_payment(amount=200 + n, namespace=namespace)
            except BaseException as exc:
                with guard:
                    errors.append(exc)
                continue
            with guard:
                acknowledged[namespace].add(paid["id"])

    with sandbox.serve() as url:
        threads = [threading.Thread(target=over_http, args=(url, i)) for i in range(THREADS)]
        threads += [threading.Thread(target=in_python, args=(i,)) for i in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    asyncio.run(sandbox.aclose())
    assert errors == []
    assert [s for s in statuses if s >= 500] == []
    assert statuses.count(201) == THREADS * PER_THREAD
    reopened = Sandbox(seed_payments=0, state=state)
    try:
        for namespace in namespaces:
            on_disk = set(reopened.spaces.store(namespace).payments)
            assert on_disk == acknowledged[namespace], namespace
    finally:
        reopened.spaces.close()
    assert sum(len(ids) for ids in acknowledged.values()) == 2 * THREADS * PER_THREAD
