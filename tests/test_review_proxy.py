"""NO_PROXY entries are read as httpx reads them, on both wires."""

from __future__ import annotations

import pytest

from tests.test_wire import TRANSPORTS, answering, sdk
from tests.wire_server import Reply, serve


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("entry", ["127.0.0.1:{port}", "localhost,127.0.0.1:{port}", "*"])
async def test_no_proxy_exempts_the_host(
    transport: str, entry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A NO_PROXY entry naming the host with its port (or ``*``) sends straight to it."""
    with serve(answering(Reply(status=502))) as proxy, serve() as origin:
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.port}")
        monkeypatch.delenv("no_proxy", raising=False)
        monkeypatch.setenv("NO_PROXY", entry.format(port=origin.port))
        async with sdk(origin.url, transport, max_retries=0) as client:
            await client.balances.retrieve()
        assert len(origin.seen) == 1 and not proxy.seen
