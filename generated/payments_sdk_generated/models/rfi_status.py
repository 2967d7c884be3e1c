"""``RfiStatus``. Written from ``openapi/templates/str_enum.py.jinja``: do not edit."""

from enum import StrEnum


class RfiStatus(StrEnum):
    """The status of a request for information."""

    ACTION_REQUIRED = "action_required"
    """The value ``"action_required"``."""
    APPROVED = "approved"
    """The value ``"approved"``."""
    EXPIRED = "expired"
    """The value ``"expired"``."""
    REJECTED = "rejected"
    """The value ``"rejected"``."""
    SUPERSEDED = "superseded"
    """The value ``"superseded"``."""
    UNDER_REVIEW = "under_review"
    """The value ``"under_review"``."""

    def __str__(self) -> str:
        return str(self.value)
