"""Writes what pydantic-ai tells a model about the same bad tool calls our tests make
(`pydantic-ai-retry.json`), so tests/tests/peer.rs can hold our messages to at least its standard.

Run with pydantic-ai-slim==2.68.0: python pydantic_ai_retry.py > pydantic-ai-retry.json
The tools mirror the Rust tools of the test set (same names, parameters, defaults and bounds).
"""

import json
from typing import Literal, Optional

from pydantic import Field
from pydantic_ai import RunContext  # noqa: F401  (pydantic-ai's own tool machinery below)
from pydantic_ai._function_schema import function_schema
from pydantic_ai.messages import RetryPromptPart
from pydantic_ai.tools import GenerateToolJsonSchema
from pydantic_core import ValidationError


def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


def scroll_page(direction: Literal["up", "down"], pixels: int = Field(400, ge=0)) -> str:
    """Scroll the current page."""
    return ""


def web_search(query: str, num_results: Optional[int] = Field(None, ge=0)) -> list:
    """Search the web and return the best matches."""
    return []


def fetch_document(
    url: str,
    kind: Literal["html", "pdf", "text"] = "html",
    followRedirects: bool = False,
    extraHeaders: list[str] = Field(...),
) -> dict:
    """Fetch a document by URL."""
    return {}


TOOLS = {tool.__name__: tool for tool in (add, scroll_page, web_search, fetch_document)}

CASES = [
    ("add", '{"a": 1, "b": "two"}'),
    ("add", '{"a": 1}'),
    ("scroll_page", '{"direction": "dwon"}'),
    ("web_search", '{"qurey": "rust"}'),
    ("add", '{"a": 1, "b": 2, "c": 3}'),
    ("scroll_page", '{"direction": "up", "pixels": -5}'),
    ("fetch_document", '{"url": 5, "kind": "docx", "extraHeaders": "x"}'),
]


def retry_text(tool_name, arguments):
    schema = function_schema(TOOLS[tool_name], GenerateToolJsonSchema)
    try:
        schema.validator.validate_json(arguments)
    except ValidationError as err:
        part = RetryPromptPart(content=err.errors(include_url=False), tool_name=tool_name)
        return part.model_response()
    return None


print(json.dumps(
    [{"tool": tool, "arguments": arguments, "pydantic_ai": retry_text(tool, arguments)} for tool, arguments in CASES],
    indent=2,
))
