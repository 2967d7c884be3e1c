from enum import StrEnum


class RfiStatus(StrEnum):
    ACTION_REQUIRED = "action_required"
    APPROVED = "approved"
    EXPIRED = "expired"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"
    UNDER_REVIEW = "under_review"

    def __str__(self) -> str:
        return str(self.value)
