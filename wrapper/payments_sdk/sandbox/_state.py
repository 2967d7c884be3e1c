"""``StateFile``: the sandbox's records in an SQLite database, so that they survive a restart.

``payments-sandbox --state FILE`` (or ``Sandbox(state=FILE)``) keeps every namespace's records
in ``FILE``, one row per record (``records``: namespace, kind, id, JSON), with the balances and
counters (``meta``) and the named snapshots (``snapshots``). Each request that changes state
writes what it changed in **one transaction**, committed before the answer is sent, in WAL mode
with ``synchronous=NORMAL``: a process killed mid-request (SIGKILL) leaves the file as it was
before that request or after it, never half-way, so money stays conserved and no acknowledged
record is lost. (A power cut may lose the last few commits, not corrupt the file: a dev
sandbox does not pay an fsync per request for that.) A request writes only what it changed:
new records, the records the store marks as changed in place, and the counters.

One process at a time: the file is locked (``FILE.lock``) for as long as a sandbox uses it; a
second one is refused with a clear message. Money is integers in JSON (never ``REAL``).
"""

from __future__ import annotations

import copy
import fcntl
import json
import os
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = ["StateFile", "StateFileInUse", "decode", "encode"]

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


class StateFileInUse(RuntimeError):
    """Another process holds the state file."""


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"cannot store a {type(value).__name__}")


def _hook(value: dict[str, Any]) -> Any:
    if len(value) == 1 and "$datetime" in value:
        return datetime.fromisoformat(value["$datetime"])
    return value


def encode(value: Any) -> str:
    """Return the JSON text of a state value: datetimes tagged, integers exact."""
    return json.dumps(value, default=_default, separators=(",", ":"), sort_keys=True)


def decode(text: str) -> Any:
    """Return the value :func:`encode` wrote."""
    return json.loads(text, object_hook=_hook)


class StateFile:
    """The SQLite file of one sandbox process; writes only what each request changed."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
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
        except sqlite3.Error as exc:
            fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            self._lock_file.close()
            raise ValueError(f"{self.path} is not a sandbox state file ({exc})") from None
        self._ids: dict[str, dict[str, set[str]]] = {}

    def namespaces(self) -> list[str]:
        """Return the namespaces the file holds state for."""
        rows = self._db.execute("SELECT DISTINCT namespace FROM meta ORDER BY namespace")
        return [row[0] for row in rows]

    def load(self, namespace: str) -> dict[str, Any] | None:
        """Return the namespace's state as :meth:`Store.dump` shapes it, or None if it has none."""
        meta = {
            key: decode(value)
            for key, value in self._db.execute(
                "SELECT key, value FROM meta WHERE namespace = ?", (namespace,)
            )
        }
        if not meta:
            return None
        tables: dict[str, dict[str, Any]] = {}
        conversions: list[tuple[int, Any]] = []
        ids: dict[str, set[str]] = {}
        for kind, record_id, body in self._db.execute(
            "SELECT kind, id, body FROM records WHERE namespace = ?", (namespace,)
        ):
            ids.setdefault(kind, set()).add(record_id)
            record = decode(body)
            if kind == "conversions":
                conversions.append((record["position"], record["record"]))
            else:
                tables.setdefault(kind, {})[record_id] = record
        self._ids[namespace] = ids
        return {
            "tables": tables,
            "conversions": [record for _, record in sorted(conversions, key=lambda p: p[0])],
            **meta,
        }

    def save(
        self,
        namespace: str,
        state: dict[str, Any],
        touched: set[tuple[str, str]] | None = None,
        *,
        full: bool = False,
    ) -> None:
        """Write the namespace's changes and counters, in one transaction.

        What changed is: records whose id is new or gone, the records in ``touched`` (changed
        in place), the conversions appended, and the counters. ``full`` (after a reset or a
        restore, or the first save) compares every record instead.
        """
        known = self._ids.get(namespace)
        if full or known is None:
            changed, gone, ids = self._compare_all(namespace, state)
        else:
            changed, gone, ids = self._compare_new(known, state, touched or set())
        meta = {key: encode(state[key]) for key in ("balances", "next_id", "random", "last_stamp")}
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
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
        self._ids[namespace] = ids

    @staticmethod
    def _rows(state: dict[str, Any]) -> Iterator[tuple[str, str, Any]]:
        for kind, table in state["tables"].items():
            for record_id, record in table.items():
                yield kind, record_id, record
        for position, record in enumerate(state["conversions"]):
            yield "conversions", record["id"], {"position": position, "record": record}

    def _compare_all(
        self, namespace: str, state: dict[str, Any]
    ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]], dict[str, set[str]]]:
        stored = {
            (kind, record_id): body
            for kind, record_id, body in self._db.execute(
                "SELECT kind, id, body FROM records WHERE namespace = ?", (namespace,)
            )
        }
        changed: list[tuple[str, str, str]] = []
        ids: dict[str, set[str]] = {}
        for kind, record_id, record in self._rows(state):
            ids.setdefault(kind, set()).add(record_id)
            body = encode(record)
            if stored.pop((kind, record_id), None) != body:
                changed.append((kind, record_id, body))
        return changed, list(stored), ids

    @staticmethod
    def _compare_new(
        known: dict[str, set[str]], state: dict[str, Any], touched: set[tuple[str, str]]
    ) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]], dict[str, set[str]]]:
        changed: list[tuple[str, str, str]] = []
        gone: list[tuple[str, str]] = []
        ids: dict[str, set[str]] = {}
        for kind, table in state["tables"].items():
            now = set(table)
            before = known.get(kind, set())
            ids[kind] = now
            fresh = now - before
            fresh |= {record_id for table_kind, record_id in touched if table_kind == kind}
            changed += [(kind, rid, encode(table[rid])) for rid in fresh if rid in table]
            gone += [(kind, rid) for rid in before - now]
        conversions = state["conversions"]
        before = known.get("conversions", set())
        ids["conversions"] = {record["id"] for record in conversions}
        for position in range(len(before), len(conversions)):
            record = conversions[position]
            body = encode({"position": position, "record": record})
            changed.append(("conversions", record["id"], body))
        return changed, gone, ids

    def save_snapshot(self, namespace: str, name: str, state: dict[str, Any]) -> None:
        """Keep a named copy of a namespace's state."""
        text = encode(state)
        self._db.execute(
            "INSERT OR REPLACE INTO snapshots (namespace, name, state) VALUES (?, ?, ?)",
            (namespace, name, text),
        )

    def load_snapshot(self, namespace: str, name: str) -> dict[str, Any] | None:
        """Return the named copy of a namespace's state, or None."""
        row = self._db.execute(
            "SELECT state FROM snapshots WHERE namespace = ? AND name = ?", (namespace, name)
        ).fetchone()
        return None if row is None else copy.deepcopy(decode(row[0]))

    def close(self) -> None:
        """Close the database and release the file."""
        self._db.close()
        fcntl.flock(self._lock_file, fcntl.LOCK_UN)
        self._lock_file.close()
