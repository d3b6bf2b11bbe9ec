"""Drives the replicas of one toolc MCP server behind a load balancer with the MCP Python SDK's own
client: JOBS clients at once, each on its own connection, each calling `count` (ten steps, each
reported as progress) and `tally` (which asks the user first: on 2025-11-25 a request to the client
within its session, on 2026-07-28 a round that ends input_required, answered on the next request,
which may land on another replica). On 2026-07-28 each job first calls `tally` through a client
that follows tasks, by the SDK's own extension interface (`ClientExtension` with a `ResultClaim`
for `resultType: "task"`): it becomes a task, asks the user through the task, and is followed with
`tasks/get` and answered with `tasks/update`, each request going to whichever replica the balancer
picks.

Usage: cluster_client.py URL MODE JOBS PREFIX
MODE is `legacy` (the 2025-11-25 handshake) or `2026-07-28`. Prints one JSON line per job:
{"tag", "count", "progress", "tally"[, "task"]} when it ended with results, {"tag", "error"}
otherwise.
"""

import asyncio
import json
import sys
from typing import Any, Literal

import mcp_types as types
from mcp import Client
from mcp.client import ClaimContext, ClientExtension, ResultClaim
from pydantic import ConfigDict, TypeAdapter

TASKS = "io.modelcontextprotocol/tasks"


def text_of(result):
    return " ".join(part.text for part in result.content if part.type == "text")


async def elicit(context, params):
    return types.ElicitResult(action="accept", content={"ok": True})


class TaskStarted(types.Result):
    """A call that goes on as a task: `resultType: "task"` and the task's id."""

    model_config = ConfigDict(extra="allow")
    result_type: Literal["task"]
    task_id: str


class TaskParams(types.RequestParams):
    task_id: str
    input_responses: dict[str, Any] | None = None


class GetTask(types.Request[TaskParams, Literal["tasks/get"]]):
    name_param = "taskId"


class UpdateTask(types.Request[TaskParams, Literal["tasks/update"]]):
    name_param = "taskId"


class TaskFailed(Exception):
    """A task that ended `failed` or `cancelled`; its message is the server's."""


class Tasks(ClientExtension):
    """MCP's Tasks extension, as this client follows it: a task is polled until it ends, its
    questions answered as the elicitation callback answers them."""

    identifier = TASKS

    def __init__(self):
        self.followed = 0

    def claims(self):
        return [ResultClaim(result_type="task", model=TaskStarted, resolve=self.follow)]

    async def follow(self, started: TaskStarted, context: ClaimContext) -> types.CallToolResult:
        self.followed += 1
        loose = TypeAdapter(dict[str, Any])
        while True:
            task = await context.session.send_request(
                GetTask(method="tasks/get", params=TaskParams(task_id=started.task_id)), loose)
            status = task.get("status")
            if status == "completed":
                return types.CallToolResult.model_validate(task["result"])
            if status in ("failed", "cancelled"):
                raise TaskFailed(f"task {status}: {task.get('error', {}).get('message', task.get('statusMessage'))}")
            if status == "input_required":
                answers = {key: {"action": "accept", "content": {"ok": True}} for key in task["inputRequests"]}
                await context.session.send_request(
                    UpdateTask(method="tasks/update", params=TaskParams(task_id=started.task_id,
                                                                        input_responses=answers)), loose)
            await asyncio.sleep(task.get("pollIntervalMs", 100) / 1000)


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
        # The task first, so that it runs while the other mode's calls do.
        if mode != "legacy":
            tasks = Tasks()
            async with Client(url, mode=mode, elicitation_callback=elicit, read_timeout_seconds=30,
                              extensions=[tasks]) as client:
                tasked = await client.call_tool("tally", {"tag": f"{tag}-task", "steps": 10, "every_ms": 100, "ask": True})
                outcome.update(task=f"{'task' if tasks.followed else 'immediate'}: {text_of(tasked)}")
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
