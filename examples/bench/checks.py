"""The CPU of the argument checks one call makes, before anything is sent.

``python -m bench.checks`` (from ``examples/``) prints microseconds per check, the best of
several rounds, of what the generated methods run: ``refunds.create``'s body
(``Resource._body``) and ``payments.list``'s page parameters (``per_page`` and ``page``). Not part
of ``make bench``: openapi/DECISIONS.md ("One schema engine") quotes it, before and after.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from payments_sdk._checks import check
from payments_sdk.resources import payments, refunds
from payments_sdk.resources._resource import Resource

ROUNDS = 7
CALLS = 20_000


def per_call(work: Callable[[], object]) -> float:
    """Return the best microseconds per call of ``work`` over :data:`ROUNDS` rounds."""
    work()  # compiled (and the engine imported) before timing
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.perf_counter()
        for _ in range(CALLS):
            work()
        best = min(best, (time.perf_counter() - started) / CALLS)
    return best * 1e6


def main() -> None:
    """Measure and print both figures."""
    body = {"payment_id": "payt_5Fg7Hj2K"}
    create = per_call(lambda: Resource._body(refunds._CREATE_BODY, body, None))
    listing = per_call(
        lambda: (
            check(20, payments._LIST_PER_PAGE, "per_page"),
            check(1, payments._LIST_PAGE, "page"),
        )
    )
    print(f"refunds.create body: {create:.2f} us per check")
    print(f"payments.list per_page and page: {listing:.2f} us per call")


if __name__ == "__main__":
    main()
