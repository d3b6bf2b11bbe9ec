"""toolc for Python: tool definitions of any provider lowered for any other, as `toolc lower` does,
and a model's call checked against a definition, with toolc's own error text for the model.

    >>> import toolc
    >>> tools = [{"name": "get_weather", "description": "The weather in a city.",
    ...           "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}}}]
    >>> toolc.lower(tools, "anthropic").tools[0]["input_schema"]["type"]
    'object'
"""

from __future__ import annotations

from typing import Any, List, Literal, NamedTuple, Optional

from . import _native
from .errors import DefinitionError, TargetError, ToolcError

__all__ = [
    "TARGETS",
    "DefinitionError",
    "Lowered",
    "Message",
    "Refusal",
    "TargetError",
    "ToolcError",
    "__version__",
    "check_arguments",
    "lower",
    "lower_each",
]

__version__: str = _native.__version__

#: The targets toolc lowers for.
TARGETS = ("openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp", "json-schema")

Target = Literal["openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp", "json-schema"]


class Message(NamedTuple):
    """One line of what a lowering has to say; `str(message)` is the line `toolc lower` prints."""

    kind: Literal["note", "warning", "error"]
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


class Refusal(NamedTuple):
    """A tool left out of the lowering: which, where (a JSON Pointer into the definitions given, or
    into the tool's rendering) and the rule it breaks."""

    tool: str
    path: str
    rule: str


class Lowered(NamedTuple):
    """What `lower` made of the definitions."""

    #: The value of the request's `tools` field with every tool that could be lowered (what
    #: `toolc lower` writes); None when the tools together break a rule of the target.
    tools: Optional[List[Any]]
    #: In order: hidden text found (warnings), dialect quirks read and changes made (notes),
    #: refusals (errors).
    messages: List[Message]
    #: The tools refused, in order; each is also an error in `messages`.
    refused: List[Refusal]


# `lower` and `lower_each` are the native functions themselves (their signatures, types and
# documentation: `_native.pyi`): a call costs no Python frame, and the named tuples above are made
# natively, as `tuple.__new__` makes them.
lower = _native.lower
lower_each = _native.lower_each


def check_arguments(definition: Any, arguments: Any) -> Optional[str]:
    """Checks a model's call against one tool definition in any provider's format: None when it is
    good, otherwise the text toolc gives the model — every problem at once, each with its path, what
    was expected, what arrived, and the name it probably meant.

    `arguments` is the JSON text the model sent (OpenAI's `function.arguments`), or the value an SDK
    has already decoded from it (Anthropic's `block.input`, Gemini's `function_call.args`).

    Raises DefinitionError (with the path) when the definition cannot be read or holds more than one
    tool.
    """
    return _native.check_arguments(definition, arguments)
