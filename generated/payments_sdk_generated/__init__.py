"""A client library for accessing Payments, Payouts and Multi-Currency Account API"""

from .client import Sender

__all__ = ("Sender",)
