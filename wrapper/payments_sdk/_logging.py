"""The ``payments_sdk`` logger. ``PAYMENTS_LOG=debug`` (or ``info``) turns it on."""

from __future__ import annotations

import logging
import os

__all__ = ["logger", "setup_from_env"]

logger = logging.getLogger("payments_sdk")

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING}


def setup_from_env() -> None:
    """Attach a stderr handler at the level named by ``PAYMENTS_LOG``, once.

    Nothing happens when the variable is unset, or when the application already configured the
    logger (it has handlers): the application's configuration wins.
    """
    level = _LEVELS.get(os.environ.get("PAYMENTS_LOG", "").strip().lower())
    if level is None or logger.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(level)
