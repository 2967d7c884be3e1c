"""``Spaces``: one sandbox server, many isolated states (namespaces), each resettable.

A namespace is chosen by the key a request carries: ``sandbox.issue_key(namespace="gw0")`` (or
``POST /_sandbox/keys``) signs the namespace into the key, so a test worker that uses its own
key never sees another worker's records, and needs no other setting. Keys without one use the
``default`` namespace. Each namespace has its own records, its own :class:`~._clock.TestClock`
(unless the sandbox was given one clock for all), its own snapshots, and is reset on its own.
"""

from __future__ import annotations

import copy
import re
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ._clock import TestClock
from ._errors import ApiError, bad_request, shown
from ._state import StateFile
from ._store import Store

__all__ = ["DEFAULT", "MAX_NAMESPACES", "Spaces", "check_name", "namespace_of"]

DEFAULT = "default"
MAX_NAMESPACES = 1_000
MAX_SNAPSHOTS = 100
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def check_name(value: object, field: str) -> str:
    """Return a namespace or snapshot name: 1 to 64 letters, digits, ``_``, ``.`` or ``-``."""
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        value = value if isinstance(value, str) else type(value).__name__
        raise bad_request(
            f"{field} must be 1 to 64 letters, digits, '_', '.' or '-' (starting with a letter "
            f"or digit), got {shown(value)}"
        )
    return value


def namespace_of(claims: dict[str, object]) -> str:
    """Return the namespace a verified key names (``default`` for a key that names none)."""
    namespace = claims.get("ns", DEFAULT)
    return namespace if isinstance(namespace, str) else DEFAULT


class Spaces:
    """Every namespace's store, clock and snapshots, and the state file they are kept in."""

    def __init__(
        self,
        *,
        seed: int,
        seed_payments: int,
        fx_ttl: timedelta,
        clock: Callable[[], datetime] | None,
        state: StateFile | None,
    ) -> None:
        self._seed = seed
        self._seed_payments = seed_payments
        self._fx_ttl = fx_ttl
        self._shared_clock = clock
        self.state = state
        self._lock = threading.Lock()
        self._stores: dict[str, Store] = {}
        self._clocks: dict[str, Callable[[], datetime]] = {}
        self._snapshots: dict[tuple[str, str], dict[str, Any]] = {}

    @classmethod
    def in_memory(cls, *, seed: int = 7, seed_payments: int = 45) -> Spaces:
        """Namespaces in memory, on test clocks: what ``Sandbox()`` uses without a state file."""
        return cls(
            seed=seed,
            seed_payments=seed_payments,
            fx_ttl=timedelta(minutes=5),
            clock=None,
            state=None,
        )

    def store(self, namespace: str = DEFAULT) -> Store:
        """Return the namespace's store, made (or loaded from the state file) on first use."""
        found = self._stores.get(namespace)
        if found is not None:
            return found
        with self._lock:
            found = self._stores.get(namespace)
            if found is None:
                if len(self._stores) >= MAX_NAMESPACES:
                    raise ApiError(400, f"the sandbox holds {MAX_NAMESPACES} namespaces already")
                saved = self.state.load(namespace) if self.state is not None else None
                found = self._new_store(namespace, self._seed, fresh=saved is None)
                if saved is not None:
                    found.restore(saved)
                elif self.state is not None:
                    self.state.save(namespace, found.dump(), full=True)
                self._stores[namespace] = found
        return found

    def clock(self, namespace: str = DEFAULT) -> Callable[[], datetime]:
        """Return the namespace's clock (a :class:`TestClock` unless one clock was given)."""
        self.store(namespace)
        return self._clocks[namespace]

    def _new_store(self, namespace: str, seed: int, *, fresh: bool) -> Store:
        clock = self._clocks.get(namespace)
        if clock is None:
            clock = self._shared_clock or TestClock()
            self._clocks[namespace] = clock
        return Store(
            clock=clock,
            fx_ttl=self._fx_ttl,
            seed=seed,
            seed_payments=self._seed_payments if fresh else 0,
        )

    def commit(self, namespace: str, store: Store) -> None:
        """Write what a request changed to the state file (call under the store's lock)."""
        if self.state is not None:
            self.state.save(namespace, store.dump(), store.touched)
        store.touched.clear()

    def reset(self, namespace: str = DEFAULT, seed: int | None = None) -> Store:
        """Start the namespace again from its seeded state (or from ``seed``)."""
        old = self.store(namespace)
        with old.lock:
            fresh = self._new_store(namespace, self._seed if seed is None else seed, fresh=True)
            old.restore(fresh.dump())
            old.fx = fresh.fx
            if self.state is not None:
                self.state.save(namespace, old.dump(), full=True)
        return old

    def snapshot(self, namespace: str, name: str) -> None:
        """Keep a named copy of the namespace's state (in the state file too, when there is one)."""
        store = self.store(namespace)
        with store.lock:
            state = copy.deepcopy(store.dump())
        with self._lock:
            known = {key for key in self._snapshots if key[0] == namespace}
            if (namespace, name) not in known and len(known) >= MAX_SNAPSHOTS:
                raise ApiError(400, f"the namespace holds {MAX_SNAPSHOTS} snapshots already")
            self._snapshots[(namespace, name)] = state
        if self.state is not None:
            with store.lock:
                self.state.save_snapshot(namespace, name, state)

    def restore(self, namespace: str, name: str) -> None:
        """Put the namespace back as it was when the snapshot ``name`` was taken."""
        state = self._snapshots.get((namespace, name))
        if state is None and self.state is not None:
            state = self.state.load_snapshot(namespace, name)
        if state is None:
            raise ApiError(404, f"no snapshot {shown(name)} in namespace {shown(namespace)}")
        store = self.store(namespace)
        with store.lock:
            store.restore(copy.deepcopy(state))
            if self.state is not None:
                self.state.save(namespace, store.dump(), full=True)

    def close(self) -> None:
        """Release the state file."""
        if self.state is not None:
            self.state.close()
