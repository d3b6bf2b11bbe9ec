"""Drives the replicas of one toolc MCP server behind a load balancer with the MCP Python SDK's own
client: JOBS clients at once, each on its own connection, each calling `count` (ten steps, each
reported as progress) and `tally` (which asks the user first: on 2025-11-25 a request to the client
within its session, on 2026-07-28 a round that ends input_required, answered on the next request,
which may land on another replica).

Usage: cluster_client.py URL MODE JOBS PREFIX
MODE is `legacy` (the 2025-11-25 handshake) or `2026-07-28`. Prints one JSON line per job:
{"tag", "count", "progress", "tally"} when it ended with results, {"tag", "error"} otherwise.
"""

import asyncio
import json
import sys

import mcp_types as types
from mcp import Client


def text_of(result):
    return " ".join(part.text for part in result.content if part.type == "text")


async def elicit(context, params):
    return types.ElicitResult(action="accept", content={"ok": True})


def leaves(error):
    """The errors an exception group holds, however deep; the error itself otherwise."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


async def job(url, mode, tag):
    progress = []

    async def on_progress(value, total, message):
        progress.append(value)

    outcome = {"tag": tag}
    try:
        async with Client(url, mode=mode, elicitation_callback=elicit, read_timeout_seconds=30) as client:
            counted = await client.call_tool(
                "count", {"tag": f"{tag}-count", "steps": 10, "every_ms": 100}, progress_callback=on_progress)
            tallied = await client.call_tool("tally", {"tag": f"{tag}-tally", "steps": 2, "every_ms": 50, "ask": True})
            outcome.update(count=text_of(counted), progress=progress, tally=text_of(tallied))
    except BaseException as error:  # noqa: BLE001 - the test reads whatever it was
        outcome["error"] = "; ".join(f"{type(leaf).__name__}: {leaf}" for leaf in leaves(error))
    print(json.dumps(outcome), flush=True)


async def main(url, mode, jobs, prefix):
    await asyncio.gather(*(job(url, mode, f"{prefix}{index}") for index in range(jobs)))


if __name__ == "__main__":
    url, mode, jobs, prefix = sys.argv[1:]
    asyncio.run(main(url, mode, int(jobs), prefix))
