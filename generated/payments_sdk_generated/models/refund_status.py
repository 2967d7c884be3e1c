"""``RefundStatus``. Written from ``openapi/templates/str_enum.py.jinja``: do not edit."""

from enum import StrEnum


class RefundStatus(StrEnum):
    """The status of a refund. `success` is the successful state reached from `in_progress`."""

    IN_PROGRESS = "in_progress"
    """The value ``"in_progress"``."""
    SUCCESS = "success"
    """The value ``"success"``."""

    def __str__(self) -> str:
        return str(self.value)
