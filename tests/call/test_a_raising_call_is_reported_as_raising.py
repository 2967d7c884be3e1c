"""A call that raises is reported as raising, even when its answer was a 2xx."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from payments_sdk import APIResponseValidationError, AsyncPaymentsClient
from payments_sdk._observe import AttemptEvent, CallEvent
from tests.support.keyscan import KEY

BASE_URL = "http://127.0.0.1:9/v1"


class Events:
    """An observer that keeps every event."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    def on_attempt(self, event: AttemptEvent) -> None:
        """Keep the attempt's event."""
        self.events.append(event)

    def on_call(self, event: CallEvent) -> None:
        """Keep the call's event."""
        self.events.append(event)


async def test_a_2xx_that_does_not_match_the_bundle_is_a_failed_call_event() -> None:
    """The CallEvent names APIResponseValidationError, the class of what the call raised."""
    seen = Events()
    transport = httpx.MockTransport(lambda _: httpx.Response(200, json={"nope": 1}))
    async with (
        httpx.AsyncClient(transport=transport) as pool,
        AsyncPaymentsClient(
            api_key=KEY, base_url=BASE_URL, http_client=pool, observers=[seen]
        ) as client,
    ):
        with pytest.raises(APIResponseValidationError):
            await client.balances.retrieve()
        await client.ping()  # a later call that returns is reported as returning
    calls = [event for event in seen.events if isinstance(event, CallEvent)]
    assert [call.error_type for call in calls] == ["APIResponseValidationError", None]
    assert calls[0].status_code == 200
