"""An object sent for an id ({"id": "cus_…", "object": "customer"}): the one value in it the id's schema takes.

    >>> expanded_id({"id": "cus_NffrFeUfNV2Hib", "email": "jane@example.com"}, {"type": "string", "pattern": "^cus_"},
    ...             lambda v, s: isinstance(v, str) and v.startswith("cus_"))
    'cus_NffrFeUfNV2Hib'

APIs return objects "expanded" where their requests take the id, and agents send the object back. Only for a string
with a pattern, a format or an enum to tell an id from the object's other values, and only a value under a key that
names an id (id, _id, customer_id): {"previous_customer": "cus_…"} holds another customer's; or an object of one key
that names the string's format ({"email": …} for an e-mail address, {"url": …} for a URI). Two values that fit, or
none, and it is MISSING.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .missing import MISSING
from .spelling import norm

__all__ = ["expanded_id"]

_FORMAT_NAMES = {"email": ("email", "emailaddress", "address", "mail"), "uri": ("uri", "url", "href", "link"),
                 "date": ("date",), "date-time": ("datetime", "timestamp"), "uuid": ("uuid", "id")}


def expanded_id(value: Any, schema: Any, passes: Callable[[Any, Any], bool]) -> Any:
    """The one string member of the object `value` that the string schema `schema` takes; else MISSING."""
    if not isinstance(value, dict) or not isinstance(schema, dict) or not ({"pattern", "format", "enum"} & set(schema)):
        return MISSING
    fitting = [(key, held) for key, held in value.items() if isinstance(held, str) and passes(held, schema)]
    if len(value) == 1 and len(fitting) == 1 and norm(str(fitting[0][0])) in _FORMAT_NAMES.get(schema.get("format"), ()):
        return fitting[0][1]  # {"email": "kim@example.org"} for an e-mail address: the value under its format's name
    return fitting[0][1] if len(fitting) == 1 and _names_an_id(fitting[0][0]) else MISSING


def _names_an_id(key: Any) -> bool:
    """Whether `key` holds an object's id ("id", "_id", "customerId"), not another object's that may fit as well."""
    spoken = norm(str(key))
    return spoken in ("id", "uuid") or spoken.endswith("_id")
