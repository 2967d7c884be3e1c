"""``payments``: the command line of payments-sdk, generated from the operation table.

Every operation of the API is a command, ``payments <resource> <method> [options]``, built when
the command line starts from the same operation table as the SDK's methods, so the two never
disagree and an operation added to the bundle is a command without a hand-written line. See
docs/cli.md.

The modules, one job each:

- ``_commands``: the parser, one command per operation; options and help from the table;
- ``_values``: command-line text to the SDK method's values (JSON, ``@file``, dotted options);
- ``_service``: the key, the service, the in-process sandbox, the dry run, ``--verbose``;
- ``_run``: one command run: the SDK call, the pager walk, the output;
- ``_bundle``: what the bundle says of results: columns, money fields, the API version;
- ``_rows``: models to JSON-ready rows, money with its currency's decimals;
- ``_formats``: the streaming writers of ``json``, ``jsonl``, ``csv`` and ``table``;
- ``_progress``: the progress line of an export;
- ``_exit_codes``: the exit codes, by class of error;
- ``_completion``: bash and zsh completion;
- ``_main``: the entry point.
"""

from __future__ import annotations

import sys

__all__ = ["main", "run"]


def main() -> None:
    """Run the ``payments`` console script with the process's arguments, and exit."""
    from ._main import main as run_main

    sys.exit(run_main())


def run(argv: list[str]) -> int:
    """Run ``payments`` with ``argv``; return the exit code (for tests and embedding)."""
    from ._main import main as run_main

    return run_main(argv)
