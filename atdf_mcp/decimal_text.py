"""A number for decimal text whose pattern fixes the decimals ("^[0-9]+\\.[0-9]{2}$"): the same number written with
them, or nothing.

    >>> decimal_text(125, "^[0-9]+\\\\.[0-9]{2}$"), decimal_text("125,50", "^[0-9]+\\\\.[0-9]{2}$")
    ('125.00', '125.50')
    >>> decimal_text(125.555, "^[0-9]+\\\\.[0-9]{2}$")   # rounding is the caller's to do
    MISSING

The value must plainly be a number (`plain_number`: "1.250" is left alone); it is written with 0 to 4 decimals, only
where that is the same number, and the fewest decimals the pattern takes win. PayPal's and many banks' amounts are such
text.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from .missing import MISSING
from .number_repairs import plain_number
from .patterns import search

__all__ = ["decimal_text"]


def decimal_text(value: Any, pattern: str) -> Any:
    """`value` written with the decimals `pattern` takes, when it is the same number; else MISSING."""
    number = MISSING if isinstance(value, bool) else plain_number(value)
    if number is MISSING or (isinstance(number, float) and not abs(number) < 2.0 ** 53):
        return MISSING
    try:
        exact = Decimal(str(number))
    except InvalidOperation:
        return MISSING
    for places in range(5):
        written = exact.quantize(Decimal(1).scaleb(-places)) if places else exact.to_integral_value()
        if written == exact and search(pattern, f"{written:f}"):
            return f"{written:f}"
    return MISSING
