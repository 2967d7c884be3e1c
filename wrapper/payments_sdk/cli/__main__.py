"""``python -m payments_sdk.cli``: the ``payments`` command line."""

from payments_sdk.cli import main

main()
