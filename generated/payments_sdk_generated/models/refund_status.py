from enum import StrEnum


class RefundStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
