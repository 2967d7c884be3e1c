"""``Spaces``: one sandbox server, many isolated states (namespaces), each resettable.

A namespace is chosen by the key a request carries: ``sandbox.issue_key(namespace="gw0")`` (or
``POST /_sandbox/keys``) signs the namespace into the key, so a test worker that uses its own
key never sees another worker's records, and needs no other setting. Keys without one use the
``default`` namespace. Each namespace has its own records, its own :class:`~._clock.TestClock`
(unless the sandbox was given one clock for all), its own snapshots, its own faults and call
counts, and is reset and deleted on its own.

Limits, so that a shared server stays up for a whole team's CI:

- at most :data:`MAX_NAMESPACES` namespaces are loaded at once. A namespace untouched for
  ``idle_timeout`` seconds (not ``default``) is expired when a new one is made: with a state
  file it is only unloaded (its records stay on disk and come back on its next request); in
  memory it is deleted. ``payments_shared_sandbox`` deletes each test's namespace when the test
  ends, so a long run never piles them up;
- at most :data:`MAX_SNAPSHOTS` snapshots per namespace (list them, delete the ones you no
  longer need);
- ids are never issued twice in a namespace: a reset, a restore or deleting the namespace
  keeps its high-water mark (in the state file, for the file's life).
"""

from __future__ import annotations

import copy
import re
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from ._clock import TestClock
from ._errors import ApiError, bad_request, shown
from ._faults import Faults
from ._operation_index import bundle_operations
from ._payin import seed_payments
from ._state_file import SnapshotInfo, StateFile, encode
from ._store import Store

__all__ = [
    "DEFAULT",
    "IDLE_TIMEOUT",
    "MAX_NAMESPACES",
    "MAX_SNAPSHOTS",
    "Spaces",
    "check_name",
    "namespace_of",
]

DEFAULT = "default"
MAX_NAMESPACES = 1_000
"""Most namespaces loaded at once (idle ones are expired to make room)."""
MAX_SNAPSHOTS = 100
"""Most snapshots one namespace keeps."""
IDLE_TIMEOUT = 3600.0
"""Seconds a namespace may stay untouched before it may be expired (``--namespace-idle``)."""
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
    """Every namespace's store, clock, faults and snapshots, and the state file they are kept in."""

    def __init__(
        self,
        *,
        seed: int,
        seed_payments: int,
        fx_ttl: timedelta,
        clock: Callable[[], datetime] | None,
        state: StateFile | None,
        idle_timeout: float = IDLE_TIMEOUT,
        monotonic: Callable[[], float] = time.monotonic,
        seed_span: tuple[datetime, datetime] | None = None,
    ) -> None:
        self._seed = seed
        self._seed_payments = seed_payments
        self._seed_span = seed_span
        self._fx_ttl = fx_ttl
        self._shared_clock = clock
        self.state = state
        self.idle_timeout = idle_timeout
        """Seconds a namespace may stay untouched before it may be expired (0: never)."""
        self._monotonic = monotonic
        self._lock = threading.RLock()
        self._stores: dict[str, Store] = {}
        self._clocks: dict[str, Callable[[], datetime]] = {}
        self._faults: dict[str, Faults] = {}
        self._used: dict[str, float] = {}
        self._floors: dict[str, int] = {}
        """Id high-water marks of namespaces deleted or expired in memory."""
        self._snapshots: dict[tuple[str, str], tuple[dict[str, Any], SnapshotInfo]] = {}
        if state is not None:
            state.check()  # a corrupt row is refused now, naming it, not as a 500 later

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

    # -- namespaces -----------------------------------------------------------------------

    def names(self) -> list[str]:
        """Return the namespaces loaded now (with a state file, others may wait on disk)."""
        with self._lock:
            return sorted(self._stores)

    def store(self, namespace: str = DEFAULT) -> Store:
        """Return the namespace's store, made (or loaded from the state file) on first use."""
        found = self._stores.get(namespace)
        if found is not None:
            self._used[namespace] = self._monotonic()
            return found
        with self._lock:
            found = self._stores.get(namespace)
            if found is None:
                if len(self._stores) >= MAX_NAMESPACES:
                    self._expire_idle()
                if len(self._stores) >= MAX_NAMESPACES:
                    raise ApiError(
                        400,
                        f"the sandbox holds {MAX_NAMESPACES} namespaces already, none idle for "
                        f"{self.idle_timeout:g} s: delete the ones you no longer need "
                        "(DELETE /_sandbox/namespace)",
                    )
                found = self._load(namespace)
                self._stores[namespace] = found
            self._used[namespace] = self._monotonic()
        return found

    def _load(self, namespace: str) -> Store:
        saved = self.state.load(namespace) if self.state is not None else None
        floor = self._floors.get(namespace, 1)
        if self.state is not None:
            floor = max(floor, self.state.next_id(namespace))
        clock = self._clock_for(namespace, saved.pop("clock", None) if saved else None)
        found = self._new_store(clock, self._seed, fresh=saved is None, first_id=floor)
        if saved is not None:
            found.restore(saved)
            found.raise_next_id(floor)
        elif self.state is not None:
            self.state.save(namespace, found.dump(), full=True)
        return found

    def _clock_for(self, namespace: str, saved: dict[str, Any] | None) -> Callable[[], datetime]:
        clock = self._clocks.get(namespace)
        if clock is None:
            if self._shared_clock is not None:
                clock = self._shared_clock
            else:
                clock = TestClock.from_state(saved) if saved is not None else TestClock()
                if self.state is not None:
                    state = self.state
                    clock.on_change = lambda moved: state.save_clock(namespace, moved.state())
            self._clocks[namespace] = clock
        return clock

    def _expire_idle(self) -> None:
        """Unload (state file) or delete (memory) namespaces idle past ``idle_timeout``."""
        if not self.idle_timeout:
            return
        limit = self._monotonic() - self.idle_timeout
        for namespace, used in sorted(self._used.items(), key=lambda item: item[1]):
            if used > limit:
                break
            if namespace == DEFAULT or namespace not in self._stores:
                continue
            if self.state is not None:
                self._unload(namespace)
            else:
                self.delete(namespace)

    def _unload(self, namespace: str) -> None:
        store = self._stores.pop(namespace)
        with store.lock:
            store.retired = True  # a request still holding it must not write it back
        if self.state is not None:
            self.state.forget(namespace)  # its copies go with it: loading reads them again
        self._clocks.pop(namespace, None)
        self._faults.pop(namespace, None)
        self._used.pop(namespace, None)
        for key in [key for key in self._snapshots if key[0] == namespace]:
            del self._snapshots[key]

    def delete(self, namespace: str) -> None:
        """Delete the namespace: records, snapshots, clock, faults. Its ids are never reissued."""
        with self._lock:
            store = self._stores.get(namespace)
            floor = self._floors.get(namespace, 1)
            if store is not None:
                with store.lock:
                    floor = max(floor, store.next_id)
                self._unload(namespace)
            if self.state is not None:
                floor = max(floor, self.state.next_id(namespace))
                self.state.delete_namespace(namespace, floor)
            self._floors[namespace] = floor

    def clock(self, namespace: str = DEFAULT) -> Callable[[], datetime]:
        """Return the namespace's clock (a :class:`TestClock` unless one clock was given)."""
        self.store(namespace)
        return self._clocks[namespace]

    def faults(self, namespace: str = DEFAULT) -> Faults:
        """Return the namespace's faults and call counts (made on first use)."""
        found = self._faults.get(namespace)
        if found is None:
            with self._lock:
                found = self._faults.get(namespace)
                if found is None:
                    self.store(namespace)  # the namespace limit applies to faults too
                    found = self._faults[namespace] = Faults(bundle_operations())
        return found

    def faults_if_any(self, namespace: str) -> Faults | None:
        """Return the namespace's faults if it has a fault object yet (no namespace is made)."""
        return self._faults.get(namespace)

    def _new_store(
        self, clock: Callable[[], datetime], seed: int, *, fresh: bool, first_id: int
    ) -> Store:
        store = Store(clock=clock, fx_ttl=self._fx_ttl, seed=seed, first_id=first_id)
        if fresh:
            seed_payments(store, self._seed_payments, self._seed_span)
        return store

    def commit(self, namespace: str, store: Store) -> None:
        """Write what a request changed to the state file (call under the store's lock)."""
        if store.retired:
            raise ApiError(409, f"namespace {shown(namespace)} was deleted during this request")
        if self.state is not None:
            self.state.save(namespace, store.dump())

    # -- reset and snapshots --------------------------------------------------------------

    def reset(self, namespace: str = DEFAULT, seed: int | None = None) -> Store:
        """Start the namespace again from its seeded state (or from ``seed``), with new ids."""
        old = self.store(namespace)
        with old.lock:
            fresh = self._new_store(
                self._clocks[namespace],
                self._seed if seed is None else seed,
                fresh=True,
                first_id=old.next_id,
            )
            old.restore(fresh.dump())
            old.fx = fresh.fx
            if self.state is not None:
                self.state.save(namespace, old.dump(), full=True)
        return old

    def snapshot(self, namespace: str, name: str) -> SnapshotInfo:
        """Keep a named copy of the namespace's state (in the state file too, when there is one)."""
        store = self.store(namespace)
        with store.lock:
            state = copy.deepcopy(store.dump())
        taken_at = datetime.now(UTC)
        with self._lock:
            known = {info["name"] for info in self.snapshots(namespace)}
            if name not in known and len(known) >= MAX_SNAPSHOTS:
                raise ApiError(
                    400,
                    f"the namespace holds {MAX_SNAPSHOTS} snapshots already: delete one first "
                    "(DELETE /_sandbox/snapshots/{name})",
                )
            if self.state is not None:
                size = self.state.save_snapshot(namespace, name, state, taken_at)
            else:
                size = len(encode(state).encode())
                info: SnapshotInfo = {"name": name, "taken_at": taken_at, "size": size}
                self._snapshots[(namespace, name)] = (state, info)
        return {"name": name, "taken_at": taken_at, "size": size}

    def snapshots(self, namespace: str) -> list[SnapshotInfo]:
        """Return the namespace's snapshots, by name: name, time taken (UTC), size in bytes."""
        if self.state is not None:
            return self.state.snapshots(namespace)
        with self._lock:
            found = [info for key, (_, info) in self._snapshots.items() if key[0] == namespace]
        return sorted((dict(info) for info in found), key=lambda info: info["name"])

    def delete_snapshot(self, namespace: str, name: str) -> None:
        """Remove the snapshot ``name`` (404 if there is none)."""
        with self._lock:
            gone = self._snapshots.pop((namespace, name), None) is not None
            if self.state is not None:
                gone = self.state.delete_snapshot(namespace, name) or gone
        if not gone:
            raise ApiError(404, f"no snapshot {shown(name)} in namespace {shown(namespace)}")

    def restore(self, namespace: str, name: str) -> None:
        """Put the namespace back as it was when the snapshot ``name`` was taken (new ids go on)."""
        kept = self._snapshots.get((namespace, name))
        state = kept[0] if kept is not None else None
        if state is None and self.state is not None:
            state = self.state.load_snapshot(namespace, name)
        if state is None:
            raise ApiError(404, f"no snapshot {shown(name)} in namespace {shown(namespace)}")
        store = self.store(namespace)
        with store.lock:
            floor = store.next_id
            store.restore(copy.deepcopy(state))
            store.raise_next_id(floor)
            if self.state is not None:
                self.state.save(namespace, store.dump(), full=True)

    def close(self) -> None:
        """Release the state file."""
        if self.state is not None:
            self.state.close()
