"""Types of the native module, whose `lower` and `lower_each` are `toolc`'s."""

from typing import Any, Iterable, List, Literal, Optional

from . import Lowered, Target

__version__: str

def lower(
    definitions: Any,
    target: Target,
    *,
    anthropic_strict: bool = False,
    gemini_json_schema: bool = False,
    gemini_parameters_only: bool = False,
    bedrock_strict: bool = False,
    server: Optional[str] = None,
    engine: Optional[str] = None,
    union_form: Optional[Literal["flat", "nested", "variants"]] = None,
    name: str = "tools",
) -> Lowered:
    """Lowers tool definitions of any provider for `target`, as `toolc lower` does to a file.

    `definitions` is one definition or a list of them in any provider's format (OpenAI, Anthropic,
    Gemini, Bedrock, MCP, a bare JSON Schema in any common dialect) or an MCP `tools/list` result, as
    `json.load` gives them. A tool that cannot be lowered is left out and named in `refused`; the
    others are lowered. `name` is the name a bare JSON Schema's tool takes. Options apply to their
    own target alone: `anthropic_strict` (strict tool use), `gemini_json_schema` (every declaration
    as `parametersJsonSchema`), `gemini_parameters_only` (refuse what `parameters` cannot express),
    `bedrock_strict`, and for `openai` and `openai-responses`, `server` (an open-model server:
    `vllm`, `sglang`, `llama-cpp`, `ollama`, `lm-studio`, `mistral-rs`) or `engine` (`xgrammar`,
    `llguidance`, `llama-cpp`, overriding the server's): only what that grammar engine compiles and
    honours, the rest moved into the description; for every target, `union_form` (`flat`, `nested`,
    `variants`): how a tool whose arguments are a tagged union is written (`--union-form`).

    Raises DefinitionError (with the path) when the value is not tool definitions, TargetError for
    an unknown target, ToolcError for an unknown server, engine or union form.
    """

def lower_each(
    definitions: Any,
    targets: Iterable[Target],
    *,
    anthropic_strict: bool = False,
    gemini_json_schema: bool = False,
    gemini_parameters_only: bool = False,
    bedrock_strict: bool = False,
    server: Optional[str] = None,
    engine: Optional[str] = None,
    union_form: Optional[Literal["flat", "nested", "variants"]] = None,
    name: str = "tools",
) -> List[Lowered]:
    """`lower` for each target in order, reading and checking the definitions once."""

def check_arguments(definition: Any, arguments: Any) -> Optional[str]: ...
