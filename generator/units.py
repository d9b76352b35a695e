"""The one number format of every human-readable line mcugen prints (text, markdown, error messages)."""

from __future__ import annotations


def num(n: int | float) -> str:
    """Every count in human-readable output: thousands separators (236,288); non-integers with one decimal."""
    return f"{int(n):,}" if float(n).is_integer() else f"{n:,.1f}"


def nbytes(n: int) -> str:
    return f"{num(n)} B"


def pct(p: float) -> str:
    """Every percentage: two decimals, always (0.34%, 0.40%)."""
    return f"{p:.2f}%"


def signed_pct(p: float) -> str:
    return f"{p:+.2f}%"
