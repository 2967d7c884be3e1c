"""One pagination walk in a fresh process, so that its peak RSS is its own.

``python -m bench._walk BASE_URL KEY PREFETCH EXPECTED`` walks every payment, 100 per page,
and prints one JSON line: the item count, the seconds taken, and the resident set size before
the walk and at its peak (MiB).
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time

from payments_sdk import AsyncPaymentsClient


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


async def walk(base_url: str, key: str, prefetch: int) -> dict[str, float]:
    """Walk every payment and measure the walk."""
    async with AsyncPaymentsClient(api_key=key, base_url=base_url) as client:
        await client.balances.retrieve()  # connect and load the generated code first
        before = _peak_mib()
        started = time.perf_counter()
        count = 0
        async for _payment in client.payments.list(per_page=100, prefetch=prefetch):
            count += 1
        seconds = time.perf_counter() - started
    return {"count": count, "seconds": seconds, "rss_before": before, "rss_peak": _peak_mib()}


def main() -> None:
    """Run one walk and print its measurements."""
    base_url, key, prefetch, expected = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    result = asyncio.run(walk(base_url, key, prefetch))
    if result["count"] != int(expected):
        raise SystemExit(f"walked {result['count']} payments, expected {expected}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
