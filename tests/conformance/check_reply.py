"""Checks the replies toolc writes for tool results with content parts (images, text, JSON) with the
providers' own SDK types.

Usage: check_reply.py REPLIES_JSON
REPLIES_JSON is a list of {"label", "target", "reply", "valid", "images"}: what `dispatch` wrote back
for one provider response, how many images it carries, and whether the SDK must accept it (`valid: false` marks hand-made wrong ones,
which show the check can fail).

OpenAI chat: every message is a `ChatCompletionMessageParam`; Responses: every item a
`ResponseInputItemParam`; Anthropic: the reply is a `MessageParam` (all read strictly, sdk_types.py).
Gemini: the reply is a google-genai `Content` (a pydantic model that refuses unknown fields). MCP:
the result is an `mcp.types.CallToolResult`. Bedrock: the reply is the message of a Converse request
that botocore's own model accepts (bedrock.py), and botocore's serializer, given the images' bytes
as boto3 takes them, writes the same message toolc wrote.
"""

import base64
import json
import sys
import warnings

from anthropic.types import MessageParam
from google.genai import types
from mcp.types import CallToolResult
from openai.types.chat import ChatCompletionMessageParam
from openai.types.responses import ResponseInputItemParam

import bedrock
from sdk_types import problems
from tally import check, finish

PNG = b"\x89PNG\r\n\x1a\n"


def images(value):
    """Every base64 image in `value`, as (MIME type, bytes)."""
    if isinstance(value, dict):
        url = value.get("url") if value.get("type") is None else value.get("image_url")
        if isinstance(url, str) and url.startswith("data:"):
            mime, data = url[len("data:"):].split(";base64,", 1)
            yield mime, base64.b64decode(data, validate=True)
        source = value.get("source")
        if isinstance(value.get("format"), str) and isinstance(source, dict) and isinstance(source.get("bytes"), str):
            yield "image/" + value["format"], base64.b64decode(source["bytes"], validate=True)
        for mime_key, data_key in (("media_type", "data"), ("mimeType", "data")):
            if isinstance(value.get(mime_key), str) and isinstance(value.get(data_key), str):
                yield value[mime_key], base64.b64decode(value[data_key], validate=True)
        for item in value.values():
            yield from images(item)
    elif isinstance(value, list):
        for item in value:
            yield from images(item)


def problems_of(target, reply):
    if target == "openai":
        return [p for i, message in enumerate(reply) for p in problems(message, ChatCompletionMessageParam, f"/{i}")]
    if target == "openai-responses":
        return [p for i, item in enumerate(reply) for p in problems(item, ResponseInputItemParam, f"/{i}")]
    if target == "anthropic":
        return problems(reply, MessageParam, "")
    if target == "bedrock":
        request = bedrock.request(messages=[reply])
        found = bedrock.problems(request)
        if not found:
            written = bedrock.serialized_body(request)["messages"][0]
            if written != reply:
                found.append("botocore writes it otherwise: " + json.dumps(written)[:300])
        return found
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            if target == "gemini":
                types.Content.model_validate(reply)
            else:
                CallToolResult.model_validate(reply["result"])
    except Exception as err:  # noqa: BLE001 - the SDK's own error is the detail
        return [str(err).replace("\n", " ")]
    return []


def main():
    cases = json.load(open(sys.argv[1]))
    for case in cases:
        label, target, reply, valid = case["label"], case["target"], case["reply"], case["valid"]
        found = problems_of(target, reply)
        verdict = "accepted" if valid else "refused"
        check(f"{label}: {verdict} by the SDK types", (not found) == valid, "; ".join(found) or "no problem found")
        if valid:
            pictures = list(images(reply))
            check(f"{label}: {case['images']} images, each a PNG", len(pictures) == case["images"] and all(
                mime == "image/png" and data.startswith(PNG) for mime, data in pictures), str(pictures)[:200])
    finish()


if __name__ == "__main__":
    main()
