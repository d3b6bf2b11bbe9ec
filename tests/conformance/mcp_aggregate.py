"""Drives a toolc server that aggregates others with the MCP Python SDK's own client, over
streamable HTTP: local tools and the tools of two MCP servers behind it (`lab_` and `memory_`), one
server to the client.

Usage: mcp_aggregate.py URL EXPECTED_NAMES_JSON
Prints one line per failure and a closing `N passed, N failed` line.
"""

import asyncio
import json
import sys

from mcp import ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client

from tally import check, finish


def text_of(result):
    return " ".join(part.text for part in result.content if part.type == "text")


async def exercise(session, expected):
    await session.initialize()
    listed = await session.list_tools()
    names = sorted(tool.name for tool in listed.tools)
    check("tools/list holds the local tools and both servers' tools, prefixed", names == sorted(expected),
          json.dumps(names))

    noted = await session.call_tool("note", {"text": "four"})
    check("a local tool answers", not noted.is_error and text_of(noted) == "4", text_of(noted))

    added = await session.call_tool("lab_add", {"a": 2, "b": 3})
    check("a forwarded call answers with the server's structured content", added.structured_content == {"result": 5},
          repr(added.structured_content))

    entities = [{"name": "toolc", "entityType": "project", "observations": ["aggregates servers"]}]
    created = await session.call_tool("memory_create_entities", {"entities": entities})
    check("the second server's tool answers", not created.is_error, text_of(created))
    graph = await session.call_tool("memory_read_graph", {})
    names_in_graph = [entity["name"] for entity in (graph.structured_content or {}).get("entities", [])]
    check("the second server keeps what it was given", names_in_graph == ["toolc"], repr(graph.structured_content))

    missing = await session.call_tool("lab_add", {"a": 2})
    check("arguments that do not fit are an error result in toolc's words", missing.is_error
          and "missing required field `b`" in text_of(missing), text_of(missing))

    exploded = await session.call_tool("lab_explode", {})
    check("a server's error result names the server", exploded.is_error
          and "the MCP server `lab` answered with an error: tool `explode` panicked" in text_of(exploded),
          text_of(exploded))

    seen = []

    async def on_progress(progress, total, message):
        seen.append((progress, total, message))

    counted = await session.call_tool("lab_count", {"to": 3}, progress_callback=on_progress)
    check("a forwarded call answers after its progress", counted.structured_content == {"result": 3},
          repr(counted.structured_content))
    check("the server's progress reaches the client through the aggregator",
          [step[0] for step in seen] == [1, 2, 3] and seen[-1][2] == "step 3", repr(seen))

    try:
        await session.call_tool("lab_ad", {})
        check("an unknown tool is refused", False, "it was called")
    except MCPError as err:
        check("an unknown tool is refused with a did-you-mean", "lab_add" in str(err), str(err))


async def main():
    url, expected = sys.argv[1], json.loads(sys.argv[2])
    async with streamable_http_client(url) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, expected)
    finish()


asyncio.run(main())
