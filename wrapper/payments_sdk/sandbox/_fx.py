"""Mid-market rates for the sandbox: cached until ``expires_at``, then drawn afresh.

Rates are drawn and kept as integers in millionths (``rate_ppm``), so conversion arithmetic stays
integer; :attr:`Quote.rate`, the exact Decimal of those millionths, is only shown.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

__all__ = ["PPM", "FxDesk", "Quote"]

PPM = 1_000_000

# Millionths of each currency per 1 USD, a plausible centre for the random walk.
_PPM_PER_USD = {"USD": PPM, "EUR": 920_000, "GBP": 790_000, "JPY": 150 * PPM}


def _ppm_per_usd(code: str) -> int:
    known = _PPM_PER_USD.get(code)
    if known is not None:
        return known
    # Any other ISO code gets a stable made-up level between 0.1 and 100.
    return (zlib.crc32(code.encode()) % 1000 + 1) * PPM // 10


@dataclass(frozen=True)
class Quote:
    """One cached rate."""

    rate_ppm: int
    expires_at: datetime

    @property
    def rate(self) -> Decimal:
        """The rate as the JSON number the API shows (exact, never a float); not computed with."""
        return Decimal(self.rate_ppm) / PPM


class FxDesk:
    """Draws, caches and serves mid-market rates."""

    def __init__(self, clock: Callable[[], datetime], *, ttl: timedelta, seed: int = 7) -> None:
        self._clock = clock
        self._ttl = ttl
        self._random = random.Random(seed)
        self._cache: dict[tuple[str, str], Quote] = {}

    def quote(self, source: str, target: str) -> Quote:
        """Return the cached rate of a pair, drawing a fresh one once it has expired."""
        now = self._clock()
        cached = self._cache.get((source, target))
        if cached is not None and now < cached.expires_at:
            return cached
        if source == target:
            ppm = PPM
        else:
            jitter_bps = self._random.randint(-50, 50)  # ±0.5%
            mid_ppm = _ppm_per_usd(target) * PPM // _ppm_per_usd(source)
            ppm = max(mid_ppm * (10_000 + jitter_bps) // 10_000, 1)
        quote = Quote(rate_ppm=ppm, expires_at=now + self._ttl)
        self._cache[(source, target)] = quote
        return quote
