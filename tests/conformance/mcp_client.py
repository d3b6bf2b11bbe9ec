"""Drives an MCP server with the MCP Python SDK's own client, over stdio and streamable HTTP.

Usage: mcp_client.py SERVER_BINARY LAB_BINARY EXPECTED_TOOLS_JSON WORK_DIR
SERVER_BINARY serves the roo-tools set (`roo-mcp ROOT [--http ADDRESS --token-file PATH]`; over
HTTP the client must send the file's token, and is refused without it or with a wrong one); EXPECTED_TOOLS_JSON is what
`toolc export` wrote for it. LAB_BINARY serves tools that misbehave (`lab-mcp MARKER_DIR`): one
panics, one runs until cancelled. WORK_DIR is scratch space: the file tools' root, a folder beside it
that nothing may touch, the lab's markers. Prints one line per failure and a closing
`N passed, N failed` line.
"""

import asyncio
import base64
import json
import os
import pathlib
import re
import subprocess
import sys

import httpx2
from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from tally import check, finish



def text_of(result):
    return " ".join(part.text for part in result.content if part.type == "text")


async def exercise(transport, session, root, outside, expected):
    await session.initialize()

    listed = await session.list_tools()
    tools = [tool.model_dump(mode="json", by_alias=True, exclude_unset=True) for tool in listed.tools]
    # The server lists its members' tools in member order; the export sorts them by name.
    by_name = sorted(tools, key=lambda tool: tool["name"])
    check(f"{transport} tools/list equals the exported MCP tools", by_name == expected,
          json.dumps(tools)[:400])

    # A good call: the client itself checks structuredContent against the output schema.
    await session.call_tool("createDirectory", {"path": "notes"})
    written = await session.call_tool("writeFile", {"path": "notes/a.txt", "content": "hello"})
    check(f"{transport} writeFile succeeds", not written.is_error, text_of(written))
    check(f"{transport} writeFile returns structuredContent", written.structured_content == {"path": "notes/a.txt", "bytes": 5},
          repr(written.structured_content))
    read = await session.call_tool("readFile", {"path": "notes/a.txt"})
    check(f"{transport} readFile reads it back", read.structured_content == {"result": "hello"}, repr(read.structured_content))

    # A tool that answers with an image beside its status: the client reads an ImageContent.
    await session.call_tool("launchBrowser", {"url": "about:roo"})
    shot = await session.call_tool("captureScreenshot", {})
    images = [part for part in shot.content if part.type == "image"]
    check(f"{transport} captureScreenshot returns its status", shot.structured_content is not None
          and shot.structured_content.get("status") == "ok", repr(shot.structured_content))
    check(f"{transport} captureScreenshot returns one PNG image", len(images) == 1 and images[0].mime_type == "image/png"
          and base64.b64decode(images[0].data).startswith(b"\x89PNG\r\n\x1a\n"), repr(shot.content)[:300])

    # Bad arguments: an error result naming the field and what was expected.
    bad = await session.call_tool("writeFile", {"path": 5, "content": "x"})
    check(f"{transport} bad arguments are an error result", bad.is_error, text_of(bad))
    check(f"{transport} the error names the field and what was expected",
          "/path" in text_of(bad) and "expected a string" in text_of(bad), text_of(bad))

    # An unknown tool: a JSON-RPC error whose message names the close tool.
    try:
        await session.call_tool("readfile", {"path": "notes/a.txt"})
        check(f"{transport} an unknown tool is a JSON-RPC error", False, "no error")
    except MCPError as err:
        check(f"{transport} an unknown tool is invalid params", err.code == -32602, str(err.code))
        check(f"{transport} the error names the close tool", "did you mean `readFile`?" in err.message, err.message)

    # Paths out of the root are refused, and nothing outside is touched.
    for path in ["../outside/secret.txt", str(outside / "secret.txt"), "link/secret.txt", "link/new.txt"]:
        for name, arguments in [("readFile", {"path": path}), ("writeFile", {"path": path, "content": "pwned"})]:
            result = await session.call_tool(name, arguments)
            check(f"{transport} {name} {path} is refused", result.is_error, text_of(result))
    check(f"{transport} nothing outside the root was touched",
          sorted(os.listdir(outside)) == ["secret.txt"] and (outside / "secret.txt").read_text() == "secret",
          repr(sorted(os.listdir(outside))))

    # The server goes on serving after all of that.
    exists = await session.call_tool("fileExists", {"path": "notes/a.txt"})
    check(f"{transport} the server still answers", exists.structured_content == {"result": True}, repr(exists.structured_content))


def prepare(work, transport):
    root = work / transport / "root"
    outside = work / transport / "outside"
    root.mkdir(parents=True)
    outside.mkdir(parents=True)
    (outside / "secret.txt").write_text("secret")
    (root / "link").symlink_to(outside, target_is_directory=True)
    return root, outside


async def over_stdio(server, work, expected):
    root, outside = prepare(work, "stdio")
    parameters = StdioServerParameters(command=server, args=[str(root)])
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise("stdio", session, root, outside, expected)


async def refused_without_the_token(url, headers, what):
    """A client without the right token gets nowhere: every answer is a 401, and the SDK raises
    before a session exists."""
    statuses = []

    async def record(response):
        statuses.append(response.status_code)

    try:
        async with httpx2.AsyncClient(headers=headers, event_hooks={"response": [record]}) as http_client:
            async with streamable_http_client(url, http_client=http_client) as (read, write):
                async with ClientSession(read, write) as session:
                    await asyncio.wait_for(session.initialize(), 20)
        check(f"http refuses {what}", False, "the session was opened")
    except Exception as error:  # noqa: BLE001 - whichever the SDK raises, the point is that it does
        check(f"http refuses {what}", statuses and set(statuses) == {401}, f"{statuses} {error!r}")


async def over_http(server, work, expected):
    root, outside = prepare(work, "http")
    token = "a-token-from-a-file-" + os.urandom(16).hex()
    token_file = work / "http-token"
    token_file.write_text(token + "\n")
    process = subprocess.Popen([server, str(root), "--http", "127.0.0.1:0", "--token-file", str(token_file)],
                               stderr=subprocess.PIPE, text=True)
    try:
        line = await asyncio.to_thread(process.stderr.readline)
        match = re.search(r"serving MCP at (\S+)", line)
        if not match:
            check("http server starts", False, line)
            return
        url = match.group(1)
        await refused_without_the_token(url, {}, "a client without a token")
        await refused_without_the_token(url, {"Authorization": "Bearer " + token[:-1]}, "a wrong token")
        async with httpx2.AsyncClient(headers={"Authorization": "Bearer " + token}) as http_client:
            async with streamable_http_client(url, http_client=http_client) as (read, write):
                async with ClientSession(read, write) as session:
                    await exercise("http", session, root, outside, expected)
    finally:
        process.kill()
        process.wait()


async def wait_for(path, seconds=10.0):
    for _ in range(int(seconds * 20)):
        if path.exists():
            return True
        await asyncio.sleep(0.05)
    return False


async def cancel_once_started(call, started):
    """Runs `call` until the marker `started` appears, then cancels it; whether it started."""
    task = asyncio.create_task(call)
    ok = await wait_for(started)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    return ok


async def misbehaving(lab, work):
    markers = work / "lab"
    markers.mkdir()
    async with stdio_client(StdioServerParameters(command=lab, args=[str(markers)])) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            exploded = await session.call_tool("explode", {})
            check("lab a panicking tool is an error result", exploded.is_error, text_of(exploded))
            check("lab the error names the tool and the panic",
                  "tool `explode` panicked: the lab exploded" in text_of(exploded), text_of(exploded))
            added = await session.call_tool("add", {"a": 2, "b": 3})
            check("lab the next call works", not added.is_error and text_of(added) == "5", text_of(added))

            # Cancelling the call: the client sends `notifications/cancelled`; the tool's future is dropped.
            started = await cancel_once_started(session.call_tool("slow", {"tag": "python"}), markers / "python.started")
            check("lab the slow call starts", started, "never started")
            check("lab a cancelled call's future is dropped", await wait_for(markers / "python.dropped"), "still running")
            added = await session.call_tool("add", {"a": 1, "b": 1})
            check("lab the server answers after a cancel", text_of(added) == "2", text_of(added))

            # A blocking tool learns of the cancellation from its context.
            started = await cancel_once_started(session.call_tool("spin", {"tag": "python-spin"}), markers / "python-spin.started")
            check("lab the spinning call starts", started, "never started")
            check("lab the context tells a blocking tool of the cancellation",
                  await wait_for(markers / "python-spin.noticed"), "never noticed")

            # Progress reported through the context arrives as `notifications/progress`, in order.
            seen = []

            async def on_progress(progress, total, message):
                seen.append((progress, total, message))

            counted = await session.call_tool("count", {"to": 3}, progress_callback=on_progress)
            check("lab count answers", text_of(counted) == "3", text_of(counted))
            check("lab progress arrives in order", seen == [(1.0, 3.0, "step 1"), (2.0, 3.0, "step 2"), (3.0, 3.0, "step 3")],
                  repr(seen))


async def main():
    server, lab = sys.argv[1], sys.argv[2]
    expected_file, work = pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4])
    expected = json.loads(expected_file.read_text())
    await over_stdio(server, work, expected)
    await over_http(server, work, expected)
    await misbehaving(lab, work)
    finish()


asyncio.run(main())
