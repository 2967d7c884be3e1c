"""``python -m payments_sdk.sandbox``: the same command line as ``payments-sandbox``."""

from __future__ import annotations

import sys

from ._cli import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m payments_sdk.sandbox"))
