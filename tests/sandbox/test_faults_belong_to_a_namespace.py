"""Faults, their call counts and their controls belong to a namespace, like records and the clock.

A fault added with one namespace's key fails that namespace's calls only; another namespace's
``DELETE /_sandbox/faults`` clears its own faults and counts, never anyone else's. Under
pytest-xdist, workers on one server no longer break each other's tests.
"""

from __future__ import annotations

import httpx
import pytest

from payments_sdk import InternalServerError
from payments_sdk._operation_table import OPERATIONS
from payments_sdk.sandbox import Sandbox, SandboxNamespace

BALANCES = next(
    e.operation_id for e in OPERATIONS if (e.resource, e.method) == ("balances", "retrieve")
)
"""The operationId of ``balances.retrieve``: what a fault and its count are keyed by."""

pytestmark = pytest.mark.integration


def test_a_fault_fails_its_own_namespace_only_over_http() -> None:
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        gw0 = SandboxNamespace(url, sandbox.issue_key("gw0"), "gw0")
        gw1 = SandboxNamespace(url, sandbox.issue_key("gw1"), "gw1")
        gw0.fail("balances.retrieve", status=503, times=None)
        with httpx.Client() as http:
            for handle, status in ((gw1, 200), (gw0, 503), (gw1, 200)):
                answer = http.get(
                    f"{url}/balances", headers={"Authorization": f"Bearer {handle.api_key}"}
                )
                assert answer.status_code == status
        assert gw0.calls("balances.retrieve") == 1 and gw1.calls("balances.retrieve") == 2
        gw1.clear_faults()  # gw1's clear leaves gw0's fault and count alone
        assert [f["operation"] for f in gw0.faults()] == [BALANCES]
        assert gw0.calls("balances.retrieve") == 1 and gw1.calls() == {}
        assert sandbox.faults.pending() == []  # the default namespace has none either


async def test_in_process_each_namespace_has_its_faults() -> None:
    async with Sandbox(seed_payments=0) as sandbox:
        sandbox.faults_of("a").fail("balances.retrieve", status=500, times=None)
        async with sandbox.client("a", max_retries=0) as a, sandbox.client("b") as b:
            await b.balances.retrieve()
            with pytest.raises(InternalServerError):
                await a.balances.retrieve()
            await sandbox.client(max_retries=0).balances.retrieve()  # default: no fault
        assert sandbox.faults_of("a").calls("balances.retrieve") == 1
        assert sandbox.faults_of("b").calls("balances.retrieve") == 1
        assert sandbox.faults.calls("balances.retrieve") == 1


def test_a_request_without_a_valid_key_meets_no_fault_and_is_a_401() -> None:
    sandbox = Sandbox(seed_payments=0)
    sandbox.faults.fail("balances.retrieve", status=503, times=None)
    with sandbox.serve() as url:
        answer = httpx.get(f"{url}/balances", headers={"Authorization": "Bearer nope"})
    assert answer.status_code == 401
    assert sandbox.faults.calls("balances.retrieve") == 0
