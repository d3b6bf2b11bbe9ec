"""Types of the native module; `toolc`'s functions are the ones to call."""

from typing import Any, List, Optional, Tuple

__version__: str

def lower_each(
    definitions: Any,
    targets: List[str],
    anthropic_strict: bool,
    gemini_json_schema: bool,
    gemini_parameters_only: bool,
    bedrock_strict: bool,
    name: str,
) -> List[Tuple[Optional[List[Any]], List[Tuple[str, str]], List[Tuple[str, str, str]]]]: ...
def check_arguments(definition: Any, arguments: str) -> Optional[str]: ...
