"""``StateFile``: the sandbox's records in an SQLite database, so that they survive a restart.

``payments-sandbox --state FILE`` (or ``Sandbox(state=FILE)``) keeps every namespace's records
in ``FILE``, one row per record (``records``: namespace, kind, id, JSON), with the balances and
counters (``meta``) and the named snapshots (``snapshots``). Each request that changes state
writes what it changed in **one transaction**, committed before the answer is sent, in WAL mode
with ``synchronous=NORMAL``: a process killed mid-request (SIGKILL) leaves the file as it was
before that request or after it, never half-way, so money stays conserved and no acknowledged
record is lost. (A power cut may lose the last few commits, not corrupt the file: a dev
sandbox does not pay an fsync per request for that.) A request writes only what it changed:
new records, records gone, the counters, and every record that differs from what the file last
saw of it. No code says what it changed: the file keeps a deep copy of each row it wrote or read
and compares each record with its copy at every save (``==``, in C, whole tables first), so a
rule, a convention handler or a control that changes a record in place, however deep, is kept
without telling anyone. The comparison runs in C and finds most leaves shared with the copy
(compared by identity), but it grows with the records: with thousands of them, it is most of
what a write costs. ``==`` holds 1, 1.0 and ``True`` equal: a field changed in place only
from one to another of those keeps its old spelling in the file.

One process at a time: the real file (symlinks resolved) is locked (``FILE.lock``) for as long
as a sandbox uses it; a second one, through any path, is refused with a clear message. Within
the process, one connection serves every thread, and every use of it is serialised: a request
served by the server's thread and ``simulate_payment()`` from a test's thread never share a
transaction, so what was acknowledged is on disk, and nothing else. Money is integers in JSON
(never ``REAL``).

Each namespace also keeps its test clock (``meta``: ``clock``) and the high-water mark of the
ids it issued (``next_id``), which a reset, a restore or deleting the namespace never lowers:
an id is never issued twice in a state file's life. At start, :meth:`StateFile.check` reads
every row and refuses a file with a corrupt one, naming the namespace and the record.
"""

from __future__ import annotations

import copy
import fcntl
import json
import os
import random
import sqlite3
import threading
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

__all__ = ["CorruptState", "SnapshotInfo", "StateFile", "StateFileInUse", "decode", "encode"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    namespace TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (namespace, kind, id)
);
CREATE TABLE IF NOT EXISTS meta (
    namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (namespace, key)
);
CREATE TABLE IF NOT EXISTS snapshots (
    namespace TEXT NOT NULL, name TEXT NOT NULL, state TEXT NOT NULL,
    PRIMARY KEY (namespace, name)
);
"""
_SNAPSHOT_COLUMNS = {"taken_at": "TEXT", "size": "INTEGER"}
"""Columns added to ``snapshots`` after the first release: added to older files on open."""
_META_KEYS = ("balances", "next_id", "random", "last_stamp")
"""The counters a namespace's store saves with every change."""
RETIRED = "retired"
"""The ``meta`` key that marks a deleted namespace: only its ``next_id`` is kept."""


class StateFileInUse(RuntimeError):
    """Another process holds the state file."""


class CorruptState(ValueError):
    """A row of the state file cannot be read back: the namespace and the record are named."""


SnapshotInfo = dict[str, Any]
"""A snapshot as listed: ``{"name", "taken_at", "size"}`` (size in bytes of its saved state)."""


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Decimal):  # a number with a fraction, exact: kept as its digits
        return {"$decimal": str(value)}
    raise TypeError(f"cannot store a {type(value).__name__}")


def _hook(value: dict[str, Any]) -> Any:
    if len(value) == 1 and "$datetime" in value:
        return datetime.fromisoformat(value["$datetime"])
    if len(value) == 1 and "$decimal" in value:
        return Decimal(value["$decimal"])
    return value


def encode(value: Any) -> str:
    """Return the JSON text of a state value: datetimes and Decimals tagged, numbers exact."""
    return json.dumps(value, default=_default, separators=(",", ":"), sort_keys=True)


def decode(text: str) -> Any:
    """Return the value :func:`encode` wrote."""
    return json.loads(text, object_hook=_hook)


class StateFile:
    """The SQLite file of one sandbox process; writes only what each request changed."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path).resolve()  # the real file: a symlink must not get its own lock
        self._lock_file = open(f"{self.path}.lock", "a+")  # noqa: SIM115 - held while open
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock_file.close()
            raise StateFileInUse(
                f"{self.path} is in use by another sandbox process: one process per state "
                "file (use namespaces to share one server)"
            ) from None
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            known = {row[1] for row in self._db.execute("PRAGMA table_info(snapshots)")}
            for column, kind in _SNAPSHOT_COLUMNS.items():
                if column not in known:
                    self._db.execute(f"ALTER TABLE snapshots ADD COLUMN {column} {kind}")
        except sqlite3.Error as exc:
            self._db_close_quietly()
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            self._lock_file.close()
            raise ValueError(f"{self.path} is not a sandbox state file ({exc})") from None
        self._use = threading.RLock()
        """Serialises every use of the connection: one transaction at a time, any thread."""
        self._saved: dict[str, dict[str, dict[str, Any]]] = {}
        """Per namespace, a copy of each row as last written or read, by kind and id."""

    def _db_close_quietly(self) -> None:
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()

    def namespaces(self) -> list[str]:
        """Return the namespaces the file holds state for (deleted ones left out)."""
        with self._use:
            rows = self._db.execute(
                "SELECT DISTINCT namespace FROM meta WHERE namespace NOT IN "
                "(SELECT namespace FROM meta WHERE key = ?) ORDER BY namespace",
                (RETIRED,),
            )
            return [row[0] for row in rows]

    def _meta(self, namespace: str) -> dict[str, Any]:
        with self._use:
            rows = list(
                self._db.execute("SELECT key, value FROM meta WHERE namespace = ?", (namespace,))
            )
        meta: dict[str, Any] = {}
        for key, value in rows:
            try:
                meta[key] = decode(value)
            except ValueError:
                raise CorruptState(
                    f"{self.path}: namespace {namespace!r}: its {key!r} is not JSON"
                ) from None
        return meta

    def next_id(self, namespace: str) -> int:
        """Return the namespace's id high-water mark (1 when it never issued one)."""
        value = self._meta(namespace).get("next_id", 1)
        return value if isinstance(value, int) and not isinstance(value, bool) else 1

    def load(self, namespace: str) -> dict[str, Any] | None:
        """Return the namespace's state as :meth:`Store.dump` shapes it, or None if it has none.

        A deleted namespace has none (its id high-water mark is read with :meth:`next_id`).
        """
        meta = self._meta(namespace)
        if not meta or RETIRED in meta:
            return None
        clock = meta.pop("clock", None)
        tables: dict[str, dict[str, Any]] = {}
        conversions: list[tuple[int, Any]] = []
        saved: dict[str, dict[str, Any]] = {}
        with self._use:
            rows = list(
                self._db.execute(
                    "SELECT kind, id, body FROM records WHERE namespace = ?", (namespace,)
                )
            )
        for kind, record_id, body in rows:
            record = _record(self.path, namespace, kind, record_id, body)
            saved.setdefault(kind, {})[record_id] = copy.deepcopy(record)  # what a save compares
            if kind == "conversions":
                conversions.append((record["position"], record["record"]))
            else:
                tables.setdefault(kind, {})[record_id] = record
        self._saved[namespace] = saved
        state = {
            "tables": tables,
            "conversions": [record for _, record in sorted(conversions, key=lambda p: p[0])],
            **meta,
        }
        if clock is not None:
            state["clock"] = clock
        return state

    def check(self) -> None:
        """Read every namespace back as the sandbox will; raise :class:`CorruptState` if one fails.

        Run at start, so that a corrupt row is refused then, naming the namespace and the
        record, instead of failing every request of its namespace later.
        """
        for namespace in self.namespaces():
            state = self.load(namespace)
            if state is not None:
                _check_meta(self.path, namespace, state)
        self._saved.clear()

    def save_clock(self, namespace: str, clock: dict[str, Any]) -> None:
        """Keep the namespace's test clock (what :meth:`TestClock.state` gives)."""
        with self._use:
            self._db.execute(
                "INSERT OR REPLACE INTO meta (namespace, key, value) VALUES (?, ?, ?)",
                (namespace, "clock", encode(clock)),
            )

    def save(self, namespace: str, state: dict[str, Any], *, full: bool = False) -> None:
        """Write the namespace's changes and counters, in one transaction.

        What changed is: records whose id is new or gone, records that differ from the copy of
        what was last written (changed in place), and the counters. ``full`` (after a reset or
        a restore, or the first save) compares every record with the file's rows instead.
        """
        with self._use:
            self._save(namespace, state, full=full)

    def _save(self, namespace: str, state: dict[str, Any], *, full: bool) -> None:
        saved = self._saved.get(namespace)
        rows = self._rows(state)
        if full or saved is None:
            changed, gone = self._compare_all(namespace, rows)
        else:
            changed, gone = self._compare_saved(saved, rows)
        meta = {key: encode(state[key]) for key in _META_KEYS}
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM meta WHERE namespace = ? AND key = ?", (namespace, RETIRED))
            db.executemany(
                "INSERT OR REPLACE INTO records (namespace, kind, id, body) VALUES (?, ?, ?, ?)",
                [(namespace, kind, record_id, body) for kind, record_id, body in changed],
            )
            db.executemany(
                "DELETE FROM records WHERE namespace = ? AND kind = ? AND id = ?",
                [(namespace, kind, record_id) for kind, record_id in gone],
            )
            db.executemany(
                "INSERT OR REPLACE INTO meta (namespace, key, value) VALUES (?, ?, ?)",
                [(namespace, key, value) for key, value in meta.items()],
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if full or saved is None:
            self._saved[namespace] = copy.deepcopy(rows)
            return
        for kind, record_id in gone:
            saved[kind].pop(record_id, None)
        for kind, record_id, _ in changed:
            saved.setdefault(kind, {})[record_id] = copy.deepcopy(rows[kind][record_id])

    @staticmethod
    def _rows(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Return the rows of a state, by kind and id (a conversion row holds its position)."""
        rows = dict(state["tables"])
        rows["conversions"] = {
            record["id"]: {"position": position, "record": record}
            for position, record in enumerate(state["conversions"])
        }
        return rows

    def _compare_all(
        self, namespace: str, rows: dict[str, dict[str, Any]]
    ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
        stored = {
            (kind, record_id): body
            for kind, record_id, body in self._db.execute(
                "SELECT kind, id, body FROM records WHERE namespace = ?", (namespace,)
            )
        }
        changed: list[tuple[str, str, str]] = []
        for kind, table in rows.items():
            for record_id, row in table.items():
                body = encode(row)
                if stored.pop((kind, record_id), None) != body:
                    changed.append((kind, record_id, body))
        return changed, list(stored)

    @staticmethod
    def _compare_saved(
        saved: dict[str, dict[str, Any]], rows: dict[str, dict[str, Any]]
    ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
        """Return the rows that differ from the saved copies (new or changed), and those gone.

        A table equal to its copy (``==``, in C, deep) is passed over whole; in one that is
        not, each record is compared with its copy.
        """
        changed: list[tuple[str, str, str]] = []
        gone: list[tuple[str, str]] = []
        for kind in saved.keys() - rows.keys():
            gone += [(kind, record_id) for record_id in saved[kind]]
        for kind, table in rows.items():
            before = saved.get(kind, {})
            if table == before:
                continue
            changed += [
                (kind, record_id, encode(row))
                for record_id, row in table.items()
                if before.get(record_id) != row
            ]
            gone += [(kind, record_id) for record_id in before.keys() - table.keys()]
        return changed, gone

    def forget(self, namespace: str) -> None:
        """Drop the copies kept of a namespace unloaded from memory (its rows stay in the file)."""
        with self._use:
            self._saved.pop(namespace, None)

    def save_snapshot(
        self, namespace: str, name: str, state: dict[str, Any], taken_at: datetime
    ) -> int:
        """Keep a named copy of a namespace's state; return its size in bytes."""
        text = encode(state)
        size = len(text.encode())
        with self._use:
            self._db.execute(
                "INSERT OR REPLACE INTO snapshots (namespace, name, state, taken_at, size) "
                "VALUES (?, ?, ?, ?, ?)",
                (namespace, name, text, taken_at.isoformat(), size),
            )
        return size

    def load_snapshot(self, namespace: str, name: str) -> dict[str, Any] | None:
        """Return the named copy of a namespace's state, or None."""
        with self._use:
            row = self._db.execute(
                "SELECT state FROM snapshots WHERE namespace = ? AND name = ?", (namespace, name)
            ).fetchone()
        if row is None:
            return None
        try:
            state: dict[str, Any] = copy.deepcopy(decode(row[0]))
        except ValueError:
            raise CorruptState(
                f"{self.path}: namespace {namespace!r}: snapshot {name!r} is not JSON"
            ) from None
        return state

    def snapshots(self, namespace: str) -> list[SnapshotInfo]:
        """Return the namespace's snapshots, by name: name, time taken, size in bytes."""
        with self._use:
            rows = list(
                self._db.execute(
                    "SELECT name, taken_at, COALESCE(size, LENGTH(CAST(state AS BLOB))) "
                    "FROM snapshots WHERE namespace = ? ORDER BY name",
                    (namespace,),
                )
            )
        return [
            {
                "name": name,
                "taken_at": datetime.fromisoformat(taken) if taken else None,
                "size": size,
            }
            for name, taken, size in rows
        ]

    def delete_snapshot(self, namespace: str, name: str) -> bool:
        """Remove a snapshot; return whether there was one."""
        with self._use:
            cursor = self._db.execute(
                "DELETE FROM snapshots WHERE namespace = ? AND name = ?", (namespace, name)
            )
            return cursor.rowcount > 0

    def delete_namespace(self, namespace: str, next_id: int) -> None:
        """Remove a namespace's records, snapshots and clock, keeping its id high-water mark."""
        with self._use:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("DELETE FROM records WHERE namespace = ?", (namespace,))
                db.execute("DELETE FROM snapshots WHERE namespace = ?", (namespace,))
                db.execute("DELETE FROM meta WHERE namespace = ?", (namespace,))
                db.executemany(
                    "INSERT INTO meta (namespace, key, value) VALUES (?, ?, ?)",
                    [(namespace, "next_id", encode(next_id)), (namespace, RETIRED, "true")],
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            self._saved.pop(namespace, None)

    def close(self) -> None:
        """Close the database and release the file."""
        with self._use:
            self._db.close()
        fcntl.flock(self._lock_file, fcntl.LOCK_UN)
        self._lock_file.close()


def _record(path: Path, namespace: str, kind: str, record_id: str, body: str) -> dict[str, Any]:
    """Return one stored record, or raise :class:`CorruptState` naming it."""

    def corrupt(why: str) -> CorruptState:
        return CorruptState(f"{path}: namespace {namespace!r}: record {kind}/{record_id}: {why}")

    try:
        record = decode(body)
    except ValueError:
        raise corrupt("its body is not JSON") from None
    if not isinstance(record, dict):
        raise corrupt("its body is not a JSON object")
    if kind == "conversions":
        position, inner = record.get("position"), record.get("record")
        if type(position) is not int or not isinstance(inner, dict):
            raise corrupt("a conversion row must hold its position and its record")
        checked = inner
    else:
        checked = record
    if not isinstance(checked.get("id"), str):
        raise corrupt("its id is not a string")
    for stamp in ("created_at", "_created_at", "_updated_at"):
        if stamp in checked and not isinstance(checked[stamp], datetime):
            raise corrupt(f"its {stamp.lstrip('_')} is not a time")
    return record


def _check_meta(path: Path, namespace: str, state: dict[str, Any]) -> None:
    """Refuse counters a store could not run on."""

    def corrupt(why: str) -> CorruptState:
        return CorruptState(f"{path}: namespace {namespace!r}: {why}")

    balances = state.get("balances")
    if not isinstance(balances, dict) or not all(
        isinstance(k, str) and type(v) is int for k, v in balances.items()
    ):
        raise corrupt("its balances must map currencies to integers")
    next_id = state.get("next_id")
    if type(next_id) is not int or next_id < 1:
        raise corrupt("its next_id must be a positive integer")
    if not isinstance(state.get("last_stamp"), datetime):
        raise corrupt("its last_stamp must be a time")
    try:
        version, internal, gauss = state["random"]
        random.Random().setstate((version, tuple(internal), gauss))
    except (KeyError, TypeError, ValueError):
        raise corrupt("its random state cannot be restored") from None
    clock = state.get("clock")
    if clock is not None:
        from ._clock import TestClock

        try:
            TestClock.from_state(clock)
        except (KeyError, TypeError, ValueError, OverflowError):
            raise corrupt("its clock cannot be restored") from None
