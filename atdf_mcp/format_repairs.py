"""A string written in the format its schema requires (date, time, duration, e-mail, URI, uuid, IPv4, IPv6, host name),
or MISSING.

    >>> repair_format("ann at example.org", "email"), repair_format("192.168.1.010", "ipv4")
    ('ann@example.org', MISSING)
"""

from __future__ import annotations

import ipaddress
import re
import uuid
from typing import Any

from .budget import MAX_TEXT
from .date_repairs import repair_date, repair_date_time, repair_duration, repair_time
from .missing import MISSING

__all__ = ["repair_format"]


def repair_format(value: Any, fmt: str) -> Any:
    """The caller's value written in the required format when its meaning is certain, else MISSING."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        return MISSING
    text = value.strip()
    repair = _FORMAT_REPAIRS.get(fmt)
    if repair is not None:
        return repair(text)
    return text if text != value else MISSING



def _email(text: str) -> Any:
    candidate = re.sub(r"^mailto:", "", text, flags=re.IGNORECASE)
    angle = re.fullmatch(r"[^<>]*<([^<>]+)>", candidate)
    if angle:
        candidate = angle[1]
    candidate = re.sub(r"\s*(?:\(at\)|\[at\]|\{at\}|\s+at\s+)\s*", "@", candidate, flags=re.IGNORECASE)
    candidate = re.sub(r"\s*(?:\(dot\)|\[dot\]|\s+dot\s+)\s*", ".", candidate, flags=re.IGNORECASE)
    candidate = re.sub(r"\s*@\s*", "@", candidate.strip()).rstrip(".")
    if re.fullmatch(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}", candidate):
        return candidate
    return MISSING


def _uri(text: str) -> Any:
    if re.fullmatch(r"(?:www\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?:[/?#]\S*)?", text):
        return "https://" + text  # a host name (and path) without its scheme
    return text if " " not in text else MISSING


def _uuid(text: str) -> Any:
    candidate = re.sub(r"^(?:urn:uuid:)", "", text.strip("{}() "), flags=re.IGNORECASE)
    try:
        return str(uuid.UUID(candidate)) if re.fullmatch(r"[0-9a-fA-F]{8}-?([0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}", candidate) else MISSING
    except ValueError:
        return MISSING


def _ipv4(text: str) -> Any:
    """An IPv4 address with every part padded to three digits ("192.168.001.010" → 192.168.1.10). Only the padded
    form: a lone "010" is 8 where a leading zero means octal (inet_aton), 10 where it does not."""
    parts = text.split(".")
    if len(parts) == 4 and all(re.fullmatch(r"0|[1-9]\d{0,2}", p) and int(p) <= 255 for p in parts):
        return text  # the address itself, once trimmed
    if len(parts) != 4 or not all(re.fullmatch(r"\d{3}", p) and int(p) <= 255 for p in parts):
        return MISSING
    return ".".join(str(int(p)) for p in parts)


def _hostname(text: str) -> Any:
    """A host name written as a URL with nothing more than the host ("https://db1.example.com/")."""
    found = re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*://([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/?", text)
    return found[1] if found else MISSING


def _ipv6(text: str) -> Any:
    """An IPv6 address written in the brackets a URL puts around it ("[2001:db8::10]")."""
    if not (text.startswith("[") and text.endswith("]")):
        return MISSING
    try:
        ipaddress.IPv6Address(text[1:-1])
    except ValueError:
        return MISSING
    return text[1:-1]


_FORMAT_REPAIRS = {
    "date": repair_date, "date-time": repair_date_time, "time": repair_time, "duration": repair_duration, "email": _email, "idn-email": _email,
    "uri": _uri, "url": _uri, "iri": _uri, "uuid": _uuid, "ipv4": _ipv4, "ipv6": _ipv6, "hostname": _hostname, "idn-hostname": _hostname,
}

