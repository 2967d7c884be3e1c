"""The test clock survives a restart with the state file, and can never be moved into a 500.

Frozen or advanced, a namespace's clock comes back as it was left. Its latest time is
9000-01-01T00:00:00Z: a freeze or an advance past it is a 400, over HTTP and in Python, and the
namespace keeps answering (its FX rates, its lists, its reset) whatever was tried.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._clock import LATEST

pytestmark = pytest.mark.integration


def _control(url: str, key: str, body: dict[str, object]) -> httpx.Response:
    return httpx.post(
        url.removesuffix("/v1") + "/_sandbox/clock",
        json=body,
        headers={"Authorization": f"Bearer {key}"},
        timeout=30,
    )


async def test_a_frozen_clock_comes_back_after_a_restart(tmp_path: Path) -> None:
    state = tmp_path / "clock.db"
    at = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)
    async with Sandbox(state=state, seed_payments=0) as first:
        first.clock.freeze(at)
        first.clock.advance(61)
        first.clock_of("team").freeze(at + timedelta(days=2))
    async with Sandbox(state=state, seed_payments=0) as second:
        assert second.clock.frozen and second.clock() == at + timedelta(seconds=61)
        assert second.clock_of("team")() == at + timedelta(days=2)


async def test_an_advanced_running_clock_comes_back_ahead(tmp_path: Path) -> None:
    state = tmp_path / "clock.db"
    async with Sandbox(state=state, seed_payments=0) as first:
        sandbox_url_key = first.api_key
        with first.serve() as url:  # moved over HTTP, as a team moves it
            assert _control(url, sandbox_url_key, {"advance": 30 * 86400}).status_code == 200
    async with Sandbox(state=state, seed_payments=0) as second:
        assert not second.clock.frozen
        assert second.clock() >= datetime.now(UTC) + timedelta(days=29)


@pytest.mark.parametrize(
    "body",
    [
        {"freeze": True, "at": "9999-12-31T23:59:59Z"},
        {"freeze": True, "at": "9999-12-31T23:59:59-05:00"},
        {"freeze": True, "at": "9000-01-01T00:00:00.000001Z"},
    ],
    ids=["last-second", "past-the-end-in-another-zone", "a-microsecond-past"],
)
def test_a_freeze_past_the_latest_time_is_a_400(body: dict[str, object]) -> None:
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        answer = _control(url, sandbox.api_key, body)
        assert answer.status_code == 400, answer.text
        assert "9000-01-01" in answer.json()["message"]
        assert _control(url, sandbox.api_key, {"advance": 1}).status_code == 200


def test_the_clock_stops_at_the_latest_time_and_the_namespace_keeps_answering() -> None:
    sandbox = Sandbox(seed_payments=0)
    key = sandbox.issue_key("late")
    headers = {"Authorization": f"Bearer {key}"}
    with sandbox.serve() as url:
        root = url.removesuffix("/v1")
        frozen = _control(url, key, {"freeze": True, "at": LATEST.isoformat()})
        assert frozen.status_code == 200
        assert _control(url, key, {"advance": 10}).status_code == 400
        assert _control(url, key, {"advance": 0}).status_code == 200
        rate = httpx.get(
            f"{url}/fx-rate",
            params={"source_currency": "USD", "target_currency": "EUR"},
            headers=headers,
        )
        assert rate.status_code == 200, rate.text
        assert httpx.get(f"{url}/payments", headers=headers).status_code == 200
        assert httpx.post(f"{root}/_sandbox/reset", json={}, headers=headers).status_code == 200


def test_maximum_advances_on_a_running_clock_end_in_a_400_not_a_500() -> None:
    sandbox = Sandbox(seed_payments=0)
    key = sandbox.issue_key("run")
    ten_years = {"advance": 10 * 365 * 24 * 3600}
    with sandbox.serve() as url, httpx.Client(headers={"Authorization": f"Bearer {key}"}) as http:
        control = url.removesuffix("/v1") + "/_sandbox/clock"
        statuses = [http.post(control, json=ten_years).status_code for _ in range(720)]
        assert set(statuses) == {200, 400}
        assert statuses.index(400) == statuses.count(200)  # 200s, then only 400s
        answer = httpx.get(f"{url}/balances", headers={"Authorization": f"Bearer {key}"})
        assert answer.status_code == 200


def test_the_python_clock_refuses_the_same_moves() -> None:
    clock = Sandbox(seed_payments=0).clock
    with pytest.raises(ValueError, match="9000-01-01"):
        clock.freeze(datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC))
    with pytest.raises(ValueError, match="9000-01-01"):
        clock.advance(10**12)
    with pytest.raises(ValueError, match="9000-01-01"):
        clock.advance(timedelta.max)
    clock.freeze(LATEST)
    with pytest.raises(ValueError, match="9000-01-01"):
        clock.advance(1)
    assert clock() == LATEST
