"""Print, for ``uv pip install``, the package indexes and constraints pip is configured with.

The Makefile installs with uv (``make setup``, ``make dist``, ``make check-wheel``), which reads
neither pip's configuration files nor its ``PIP_*`` variables. So that uv resolves from what pip
would (the same indexes, local directories of wheels and constraints), this reads
``pip config list`` (the configuration files and the environment, the environment winning over
an ``install`` section, which wins over ``global``) and prints uv's options for ``index-url``,
``extra-index-url``, ``find-links``, ``no-index`` and ``constraint`` on one line, separated by
spaces (pip separates several values of one option by whitespace, so no value holds one). With
more than one index it adds ``--index-strategy unsafe-best-match``: pip takes the newest version
any index has, while uv's default stops at the first index that has the package. uv reads the
certificate authorities of ``SSL_CERT_FILE`` itself (pip's ``cert`` is not translated).

Usage: python openapi/tools/pip_index_args.py   (run by the Python whose pip is meant)
"""

from __future__ import annotations

import re
import subprocess
import sys

__all__ = ["main", "uv_arguments"]

_SECTIONS = ("global", "install", ":env:")
"""From the lowest priority to the highest, as pip reads its options."""

_LINE = re.compile(r"^(?P<section>[^.]+)\.(?P<key>[\w-]+)='(?P<value>.*)'$")


def uv_arguments(listing: str) -> list[str]:
    """Return uv's arguments for the index options of ``pip config list``'s output."""
    found: dict[str, str] = {}
    for section in _SECTIONS:
        for line in listing.splitlines():
            matched = _LINE.match(line.strip())
            if matched and matched["section"] == section:
                found[matched["key"]] = matched["value"]
    arguments: list[str] = []
    indexes = 0
    if "index-url" in found:
        arguments += ["--index-url", found["index-url"]]
    for url in found.get("extra-index-url", "").split():
        arguments += ["--extra-index-url", url]
        indexes += 1
    for place in found.get("find-links", "").split():
        arguments += ["--find-links", place]
    for path in found.get("constraint", "").split():
        arguments += ["--constraint", path]
    if found.get("no-index", "").lower() in {"1", "true", "yes", "on"}:
        arguments.append("--no-index")
    elif indexes:
        arguments += ["--index-strategy", "unsafe-best-match"]
    return arguments


def main() -> int:
    """Print the arguments for this Python's pip, on one line."""
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    print(" ".join(uv_arguments(listing)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
