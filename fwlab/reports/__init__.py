"""Balance metrics over the match logs and their rendering (JSON, self-contained HTML)."""

from .balance import SEAT_MEAN, BalanceReport, balance_report

__all__ = ["SEAT_MEAN", "BalanceReport", "balance_report"]
