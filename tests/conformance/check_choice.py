"""Checks rendered tool choices with the providers' own SDK request types.

Usage: check_choice.py CHOICES_JSON
CHOICES_JSON is a list of {"label", "target", "fields", "valid"}: the request fields toolc wrote for
one tool choice (`tool_choice` and `parallel_tool_calls`, or `toolConfig`), and whether the SDK must
accept them (`valid: false` marks hand-made wrong ones, which show the check can fail).

OpenAI and Anthropic type their requests as TypedDicts, which pydantic validates without refusing
unknown keys; so each field is checked against its SDK annotation strictly here: every key known,
every required key present, every literal one the SDK lists. Gemini's `ToolConfig` is a pydantic
model that refuses unknown fields itself.
"""

import json
import sys
import typing
import warnings

import typing_extensions
from anthropic.types import message_create_params
from google.genai import types
from openai.types.chat import completion_create_params
from openai.types.responses import response_create_params

from tally import check, finish

REQUESTS = {
    "openai": completion_create_params.CompletionCreateParamsBase,
    "openai-responses": response_create_params.ResponseCreateParamsBase,
    "anthropic": message_create_params.MessageCreateParamsBase,
}


def problems(value, annotation, at):
    """Why `value` does not fit the SDK `annotation` (empty when it fits)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing_extensions.Required, typing_extensions.NotRequired, typing.Required, typing.NotRequired):
        return problems(value, args[0], at)
    if origin is typing.Annotated or origin is typing_extensions.Annotated:
        return problems(value, args[0], at)
    if origin is typing.Union or (origin is not None and str(origin) == "<class 'types.UnionType'>"):
        found = [problems(value, member, at) for member in args]
        if any(not found_here for found_here in found):
            return []
        return [f"{at}: fits no member of {annotation}: " + " | ".join("; ".join(p) for p in found)]
    if origin is typing.Literal or origin is typing_extensions.Literal:
        return [] if value in args else [f"{at}: {value!r} is not one of {args}"]
    if typing_extensions.is_typeddict(annotation):
        if not isinstance(value, dict):
            return [f"{at}: expected an object for {annotation.__name__}"]
        hints = typing_extensions.get_type_hints(annotation, include_extras=True)
        found = [f"{at}/{key}: unknown to {annotation.__name__}" for key in value if key not in hints]
        found += [f"{at}/{key}: missing" for key in annotation.__required_keys__ if key not in value]
        for key, item in value.items():
            if key in hints:
                found += problems(item, hints[key], f"{at}/{key}")
        return found
    if origin in (list, typing.List, typing.Iterable, typing.Sequence) or str(origin) in (
        "<class 'collections.abc.Iterable'>",
        "<class 'collections.abc.Sequence'>",
    ):
        if not isinstance(value, list):
            return [f"{at}: expected a list"]
        return [p for index, item in enumerate(value) for p in problems(item, args[0], f"{at}/{index}")]
    if origin in (dict, typing.Dict):
        # Free-form in the SDK (chat's `allowed_tools.tools` items): any object.
        return [] if isinstance(value, dict) else [f"{at}: expected an object"]
    if annotation is bool:
        return [] if isinstance(value, bool) else [f"{at}: expected a boolean"]
    if annotation is str:
        return [] if isinstance(value, str) else [f"{at}: expected a string"]
    if annotation is type(None):
        return [] if value is None else [f"{at}: expected null"]
    raise TypeError(f"{at}: the checker does not know {annotation!r}")


def main():
    cases = json.load(open(sys.argv[1]))
    for case in cases:
        label, target, fields, valid = case["label"], case["target"], case["fields"], case["valid"]
        verdict = "accepted" if valid else "refused"
        found = []
        if target == "gemini":
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
    finish()


if __name__ == "__main__":
    main()
