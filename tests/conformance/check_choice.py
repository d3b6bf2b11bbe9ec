"""Checks rendered tool choices with the providers' own SDK request types.

Usage: check_choice.py CHOICES_JSON
CHOICES_JSON is a list of {"label", "target", "fields", "valid"}: the request fields toolc wrote for
one tool choice (`tool_choice` and `parallel_tool_calls`, or `toolConfig`), and whether the SDK must
accept them (`valid: false` marks hand-made wrong ones, which show the check can fail).

OpenAI's and Anthropic's fields are checked strictly against their SDK annotations (sdk_types.py);
Gemini's `ToolConfig` is a pydantic model that refuses unknown fields itself. Bedrock's fields are
the `toolChoice` of a Converse request's `toolConfig`, checked against botocore's own model of the
service (bedrock.py).
"""

import json
import sys
import warnings

import typing_extensions
from anthropic.types import message_create_params
from google.genai import types
from openai.types.chat import completion_create_params
from openai.types.responses import response_create_params

import bedrock
from sdk_types import problems
from tally import check, finish

REQUESTS = {
    "openai": completion_create_params.CompletionCreateParamsBase,
    "openai-responses": response_create_params.ResponseCreateParamsBase,
    "anthropic": message_create_params.MessageCreateParamsBase,
}


def main():
    cases = json.load(open(sys.argv[1]))
    for case in cases:
        label, target, fields, valid = case["label"], case["target"], case["fields"], case["valid"]
        verdict = "accepted" if valid else "refused"
        found = []
        if target == "bedrock":
            if list(fields) != ["toolChoice"]:
                found.append(f"fields {list(fields)}: expected only toolChoice")
            tool = {"toolSpec": {"name": "launchBrowser", "inputSchema": {"json": {"type": "object"}}}}
            found += bedrock.problems(bedrock.request({"tools": [tool], **fields}))
        elif target == "gemini":
            if list(fields) != ["toolConfig"]:
                found.append(f"fields {list(fields)}: expected only toolConfig")
            try:
                # The SDK only warns of a mode it does not know (for newer servers): here it refuses.
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    types.ToolConfig.model_validate(fields.get("toolConfig"))
            except Exception as err:  # noqa: BLE001 - the SDK's own error is the detail
                found.append(str(err).replace("\n", " "))
        else:
            hints = typing_extensions.get_type_hints(REQUESTS[target], include_extras=True)
            for key, value in fields.items():
                if key not in hints:
                    found.append(f"{key}: not a field of {REQUESTS[target].__name__}")
                else:
                    found += problems(value, hints[key], key)
        check(f"{label}: {verdict} by the SDK types", (not found) == valid, "; ".join(found) or "no problem found")
    # botocore's own validation checks members, unions, types and minimum lengths: a tool name
    # outside the service's pattern and past its 64 characters passes it, and only the constraints
    # of the model (bedrock.py), like toolc's own name check, refuse it.
    tool = {"toolSpec": {"name": "get.weather" * 7, "inputSchema": {"json": {"type": "object"}}}}
    request = bedrock.request({"tools": [tool], "toolChoice": {"tool": {"name": "get.weather" * 7}}})
    report = bedrock.validation(request)
    check("bedrock: botocore's validation alone takes a name outside the pattern and over 64", not report, report)
    broken = bedrock.constraints(request, bedrock.operation().input_shape)
    check("bedrock: the model's pattern and length refuse it, for the tool and the choice", len(broken) == 4, "; ".join(broken))
    finish()


if __name__ == "__main__":
    main()
