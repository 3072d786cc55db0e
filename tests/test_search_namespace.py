"""A guessed tool name keeps to the namespace it names: an agent that writes `kafka_publish_message` to search_tools
guessed a name in the server's convention (vendor prefix, then verb and object), so the kafka_ tools rank above
another vendor's whose text shares the guessed verb; a head that is a verb (get_, createBranch) is no namespace."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from atdf_mcp import load_catalog
from atdf_mcp.search import SearchIndex
from atdf_mcp.server import build_server


def _tool(name: str, description: str, *inputs: str) -> dict[str, Any]:
    """An MCP tool whose inputs are strings."""
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in inputs}}}


# Two vendors' tools (bench/search_blind7): the guessed name's verb ("publish") is another vendor's word.
VENDORS = {"tools": [
    _tool("npm_publish_package", "Publish a new version of a package from a tarball to the registry.", "tarball", "tag"),
    _tool("npm_unpublish_version", "Remove a published version from the registry (within 72 hours of publishing).", "package", "version"),
    _tool("npm_list_versions", "List every published version of a package with its publish date.", "package"),
    _tool("npm_deprecate_version", "Mark versions as deprecated with a message shown on install.", "package", "message"),
    _tool("kafka_produce_message", "Write a record with a key, value and headers to a topic.", "topic_name", "key", "value"),
    _tool("kafka_consume_messages", "Read records from a topic's partitions starting at an offset.", "topic_name", "offset"),
    _tool("kafka_reset_offsets", "Move a consumer group's committed offsets to earliest, latest or a timestamp.", "group"),
    _tool("kafka_create_topic", "Create a topic with a number of partitions.", "topic_name", "partitions"),
    _tool("kafka_list_topics", "List the topics of a cluster.", "cluster_id"),
    _tool("kafka_get_consumer_lag", "Each partition's committed offset, end offset and lag for a consumer group.", "group"),
    _tool("sqs_sendMessage", "Delivers a message to a queue.", "QueueUrl", "MessageBody"),
    _tool("sqs_receiveMessage", "Retrieves up to 10 messages from a queue.", "QueueUrl"),
    _tool("sqs_purgeQueue", "Deletes all messages in a queue.", "QueueUrl"),
    _tool("postmark_send_email", "Send a single transactional email message.", "From", "To", "Subject"),
]}

# Names headed by their verb: "get" is the first word of the descriptions of the tools it heads, so it names no
# namespace, and a guessed name with that verb keeps every tool in play.
VERBS = {"tools": [
    _tool("get_customer", "Gets one customer by id.", "customer_id"),
    _tool("get_order", "Gets an order with its lines.", "order_id"),
    _tool("get_invoice", "Gets an invoice as PDF.", "invoice_id"),
    _tool("search_customers", "Finds the customers whose name or email address matches a text.", "text"),
    _tool("cancel_order", "Cancels an order that has not shipped.", "order_id"),
]}


@pytest.fixture
def vendors(tmp_path: Path, write: Any) -> Path:
    """Two vendors' tools, served with progressive disclosure."""
    write("tools.json", VENDORS)
    write("atdf-mcp.yaml", "disclosure: progressive\n")
    return tmp_path


@pytest.mark.parametrize("query", ["kafka_publish_message", "kafkaPublishMessage", "kafka-publish-message"])
def test_a_guessed_name_ranks_its_namespace_first(vendors: Path, query: str) -> None:
    """postmark_send_email and npm_publish_package ranked first (their text says "message", "publish"); now the
    kafka_ tools that say "message" do, the one asked for among them."""
    index = SearchIndex.build(load_catalog(vendors).tools)
    first = [h.name for h in index.search(query, 2)]
    assert all(name.startswith("kafka_") for name in first) and "kafka_produce_message" in first


def test_a_query_of_words_is_not_a_guessed_name(vendors: Path) -> None:
    """Words with spaces are searched as they are: the other vendor's tool that says them still ranks first."""
    index = SearchIndex.build(load_catalog(vendors).tools)
    assert index.search("publish a package", 3)[0].name == "npm_publish_package"


def test_a_verb_at_the_head_of_names_is_no_namespace(tmp_path: Path, write: Any) -> None:
    """get_ heads three tools, but their descriptions begin with the verb: a guessed get_ name is searched as its
    words are, search_customers as high as for "get customers by email"."""
    write("tools.json", VERBS)
    index = SearchIndex.build(load_catalog(tmp_path).tools)
    found = index.search("get_customers_by_email", 5)
    assert [(h.name, h.score) for h in found] == [(h.name, h.score) for h in index.search("get customers by email", 5)]
    assert "search_customers" in [h.name for h in found[:2]]


def test_a_guessed_name_outside_any_namespace_is_searched_as_its_words(vendors: Path) -> None:
    """A head no two tools share (publish_) names no namespace: the ranking is that of the words."""
    index = SearchIndex.build(load_catalog(vendors).tools)
    assert [h.name for h in index.search("publish_kafka_message", 5)] == [h.name for h in index.search("publish kafka message", 5)]


@pytest.mark.anyio
async def test_a_client_of_search_tools_sees_the_namespace_first(vendors: Path) -> None:
    """Through the MCP client: search_tools answers the guessed name's namespace first, scores in order."""
    async with Client(build_server(load_catalog(vendors))) as client:
        found = await client.call_tool("search_tools", {"query": "kafka_publish_message", "limit": 3})
    assert found.is_error is False
    hits = found.structured_content["tools"]
    assert [h["name"] for h in hits[:2]] in (["kafka_consume_messages", "kafka_produce_message"],
                                               ["kafka_produce_message", "kafka_consume_messages"])
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
