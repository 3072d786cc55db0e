"""Handlers of the sixth blind wrong-call corpus's tools: they accept every valid call (the corpus measures suggestions)."""

from __future__ import annotations

from typing import Any


def _accept(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "accepted": arguments}


def list_invoices(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("list_invoices", arguments)


def create_refund(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_refund", arguments)


def create_payment_intent(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_payment_intent", arguments)


def search_tickets(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("search_tickets", arguments)


def schedule_cron_job(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("schedule_cron_job", arguments)


def create_meeting(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_meeting", arguments)


def create_notification_channel(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_notification_channel", arguments)


def create_storage_lifecycle_rule(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_storage_lifecycle_rule", arguments)


def create_subscription(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_subscription", arguments)


def send_payouts(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("send_payouts", arguments)


def create_feature_flag(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_feature_flag", arguments)


def update_user_profile(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("update_user_profile", arguments)


def query_audit_log(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("query_audit_log", arguments)


def create_price(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("create_price", arguments)


def list_compute_instances(**arguments: Any) -> dict[str, Any]:
    """Accept the call."""
    return _accept("list_compute_instances", arguments)
