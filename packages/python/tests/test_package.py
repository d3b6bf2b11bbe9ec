"""The Python package `toolc` as a project installs it (`pip install` of the wheel into a fresh
virtual environment), run by pytest there (codegen-cli/tests/packages.rs sets it up). With
TOOLC_TEST_PLAN (a JSON file: corpus files and renderings), every file is also lowered by the package
and by the installed `toolc lower` command, which must agree byte for byte. With TOOLC_TEST_MCP_SERVERS
(the folder of the MCP reference servers, tests/conformance), the MCP Python SDK's own client lists
their tools for the package to lower."""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

import toolc

# An agent's tool, as it would list it to an OpenAI model.
SEARCH = {
    "type": "function",
    "function": {
        "name": "search_flights",
        "description": "Search flights between two airports.",
        "parameters": {
            "type": "object",
            "properties": {
                "origin": {"type": "string", "pattern": "^[A-Z]{3}$"},
                "destination": {"type": "string", "pattern": "^[A-Z]{3}$"},
                "passengers": {"type": "integer", "minimum": 1, "maximum": 9},
            },
            "required": ["origin", "destination"],
            "additionalProperties": False,
        },
    },
}

COMMAND = shutil.which("toolc", path=str(pathlib.Path(sys.executable).parent))


def test_the_package_is_the_installed_wheel_not_the_build_folder() -> None:
    assert pathlib.Path(toolc.__file__).resolve().is_relative_to(pathlib.Path(sys.prefix).resolve())


def test_an_agent_checks_a_call_before_running_it() -> None:
    assert toolc.check_arguments(SEARCH, '{"origin": "CDG", "destination": "JFK"}') is None
    said = toolc.check_arguments(SEARCH, '{"origin": "Paris", "destinaton": "JFK", "passengers": 12}')
    assert said is not None
    for part in ("/origin", "/passengers", "did you mean `destination`?"):
        assert part in said, said


def test_check_arguments_takes_text_or_the_dict_an_sdk_decoded_with_the_same_answer() -> None:
    # Anthropic's `block.input` and Gemini's `function_call.args` arrive decoded.
    assert toolc.check_arguments(SEARCH, {"origin": "CDG", "destination": "JFK"}) is None
    sent = {"origin": "Paris", "destinaton": "JFK", "passengers": 12}
    assert toolc.check_arguments(SEARCH, sent) == toolc.check_arguments(SEARCH, json.dumps(sent))
    assert toolc.check_arguments(SEARCH, [1, 2]) == toolc.check_arguments(SEARCH, "[1,2]")
    assert "expected an object" in (toolc.check_arguments(SEARCH, [1, 2]) or "")
    with pytest.raises(ValueError, match="NaN"):
        toolc.check_arguments(SEARCH, {"origin": float("nan")})


def test_lower_gives_the_tools_the_messages_and_the_refusals() -> None:
    lowered = toolc.lower(
        [SEARCH, {"name": "broken", "description": "Not a schema.", "parameters": {"type": 7}}], "gemini"
    )
    assert isinstance(lowered, toolc.Lowered)
    assert lowered.tools is not None
    declarations = lowered.tools[0]["functionDeclarations"]
    assert [declaration["name"] for declaration in declarations] == ["search_flights"]
    assert lowered.refused == [toolc.Refusal("broken", "/1/parameters/type", lowered.refused[0].rule)]
    assert any(message.kind == "error" and "`broken`" in message.text for message in lowered.messages)
    assert all(str(message).startswith(message.kind + ": ") for message in lowered.messages)


def test_lower_each_is_lower_for_each_target_in_order() -> None:
    targets = ["openai", "anthropic", "bedrock"]
    each = toolc.lower_each([SEARCH], targets, anthropic_strict=True)
    assert each == [toolc.lower([SEARCH], target, anthropic_strict=True) for target in targets]
    assert each[1].tools is not None and each[1].tools[0]["strict"] is True
    # Any iterable of names; one name alone is a mistake worth saying, not a list of letters.
    assert toolc.lower_each([SEARCH], (target for target in targets), anthropic_strict=True) == each
    with pytest.raises(TypeError, match="not one name"):
        toolc.lower_each([SEARCH], "openai")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="argument 'targets'"):
        toolc.lower_each([SEARCH], ["openai", 1])  # type: ignore[list-item]


def test_results_are_named_tuples_made_natively_as_python_makes_them() -> None:
    lowered = toolc.lower([SEARCH, {"name": "bad", "parameters": {"type": 7}}], "openai", name="unused")
    tools, messages, refused = lowered
    assert type(lowered) is toolc.Lowered and lowered._fields == ("tools", "messages", "refused")
    assert (tools, messages, refused) == (lowered.tools, lowered.messages, lowered.refused)
    assert type(messages[0]) is toolc.Message and type(refused[0]) is toolc.Refusal
    assert refused[0].tool == "bad" and refused[0] == toolc.Refusal(*refused[0])
    assert repr(refused[0]).startswith("Refusal(tool='bad', path='/1/parameters/type'")
    with pytest.raises(TypeError):
        toolc.lower([SEARCH], "openai", True)  # type: ignore[misc]  (options are keywords only)


def test_what_is_not_tool_definitions_is_a_definition_error_with_the_path() -> None:
    with pytest.raises(toolc.DefinitionError) as raised:
        toolc.lower({"tools": [{"name": "x", "description": "X.", "inputSchema": {"type": "object"}}, "nope"]}, "mcp")
    assert raised.value.path == "/tools/1"
    assert "/tools/1" in str(raised.value)
    assert isinstance(raised.value, toolc.ToolcError) and isinstance(raised.value, ValueError)
    with pytest.raises(toolc.DefinitionError):
        toolc.check_arguments([SEARCH, SEARCH], "{}")


def test_an_unknown_target_is_a_target_error_with_a_did_you_mean() -> None:
    with pytest.raises(toolc.TargetError) as raised:
        toolc.lower_each([SEARCH], ["openai", "antropic"])
    assert raised.value.path == "/1"
    assert "anthropic" in str(raised.value)


def test_a_server_lowers_for_its_grammar_engine_and_an_unknown_one_is_named() -> None:
    lengths = {
        "type": "function",
        "function": {
            "name": "set_code",
            # Not strict: strict mode would move the length itself, with no word of the engine.
            "strict": False,
            "parameters": {
                "type": "object",
                "properties": {"code": {"type": "string", "pattern": "^[A-Z]+$", "maxLength": 3}},
                "required": ["code"],
            },
        },
    }
    # vLLM's xgrammar ignores a length beside a pattern: it goes into the description, reported.
    lowered = toolc.lower([lengths], "openai", server="vllm")
    code = lowered.tools[0]["function"]["parameters"]["properties"]["code"]
    assert code == {"type": "string", "pattern": "^[A-Z]+$", "description": "{maxLength: 3}"}
    assert any("xgrammar ignores string lengths" in message.text for message in lowered.messages)
    # The engine named overrides the server's: llama.cpp's converter reads no `\d`.
    digits = {"type": "function", "function": {"name": "set_pin", "parameters": {
        "type": "object", "properties": {"pin": {"type": "string", "pattern": "^\\d{4}$"}}}}}
    def pin(**options: str) -> dict:
        return toolc.lower([digits], "openai", **options).tools[0]["function"]["parameters"]["properties"]["pin"]

    assert pin(server="vllm")["pattern"] == "^\\d{4}$"
    assert "pattern" not in pin(server="vllm", engine="llama-cpp")
    with pytest.raises(toolc.ToolcError, match="did you mean `lm-studio`"):
        toolc.lower([lengths], "openai", server="lmstudio")


def test_a_tagged_union_is_written_in_the_form_asked_for() -> None:
    move = {"name": "move", "inputSchema": {"oneOf": [
        {"type": "object", "properties": {"op": {"const": "go"}, "to": {"type": "string"}}, "required": ["op", "to"]},
        {"type": "object", "properties": {"op": {"const": "stop"}}, "required": ["op"]},
    ]}}
    flat = toolc.lower([move], "mcp").tools[0]["inputSchema"]
    assert flat["properties"]["op"]["enum"] == ["go", "stop"]
    nested = toolc.lower([move], "openai", union_form="nested").tools[0]["function"]["parameters"]
    assert nested["required"] == ["request"]
    branches = nested["properties"]["request"]["anyOf"]
    assert [branch["properties"]["op"] for branch in branches] == [{"const": "go"}, {"const": "stop"}]
    assert all(branch["additionalProperties"] is False for branch in branches)
    variants = toolc.lower([move], "mcp", union_form="variants").tools[0]["inputSchema"]
    assert len(variants["anyOf"]) == 2 and variants["type"] == "object"
    with pytest.raises(toolc.ToolcError, match="did you mean `nested`"):
        toolc.lower([move], "mcp", union_form="nestde")


def test_a_value_json_cannot_hold_is_a_type_error_naming_where() -> None:
    with pytest.raises(TypeError, match="/0/parameters/default"):
        toolc.lower([{"name": "x", "parameters": {"type": "object", "default": object()}}], "openai")


def test_the_version_is_the_commands_and_the_command_runs() -> None:
    assert COMMAND is not None, "pip installed no `toolc` command beside the interpreter"
    said = subprocess.run([COMMAND, "--version"], capture_output=True, text=True, check=True).stdout
    assert said.strip() == f"toolc {toolc.__version__}"


#: `toolc lower`'s flags, as `lower`'s keyword arguments.
OPTIONS = {
    "--anthropic-strict": "anthropic_strict",
    "--gemini-json-schema": "gemini_json_schema",
    "--gemini-parameters-only": "gemini_parameters_only",
    "--bedrock-strict": "bedrock_strict",
    "--server": "server",
    "--engine": "engine",
}


def lower_as_the_command(definitions: object, file: str, name: str, target: str, flags: list[str]) -> toolc.Lowered:
    """`definitions` lowered by the package for `target` with `flags`, after asserting that the installed
    `toolc lower` gives the same for `file` (the definitions as written there, named `name`): the same
    tools, the same messages, and the exit code that goes with them."""
    assert COMMAND is not None
    # A flag with a value is written `--server=vllm`: one word, as the corpus's variants give it.
    options = {OPTIONS[flag.split("=")[0]]: flag.split("=")[1] if "=" in flag else True for flag in flags}
    lowered = toolc.lower(definitions, target, name=name, **options)
    run = subprocess.run(
        [COMMAND, "lower", "--target", target, *flags, file],
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    what = f"{file} for {target} {' '.join(flags)}"
    written = "" if lowered.tools is None else json.dumps(lowered.tools, indent=2, ensure_ascii=False) + "\n"
    assert written == run.stdout.decode("utf-8"), f"{what}: the lowered tools"
    said = "".join(f"{message}\n" for message in lowered.messages)
    assert said == run.stderr.decode("utf-8"), f"{what}: the messages"
    assert run.returncode == (1 if lowered.refused or lowered.tools is None else 0), f"{what}: exit code"
    return lowered


def listed_by_the_mcp_sdk(servers: pathlib.Path, scratch: pathlib.Path) -> dict[str, dict]:
    """Each MCP reference server's `tools/list` result as the MCP Python SDK's client gives it, dumped
    to the JSON the server sent, as an agent hands it on."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    def entry(name: str) -> str:
        package = json.loads((servers / name / "package.json").read_text())
        return str(servers / name / next(iter(package["bin"].values())))

    runs = {
        "server-memory": StdioServerParameters(
            command="node",
            args=[entry("server-memory")],
            env={**os.environ, "MEMORY_FILE_PATH": str(scratch / "memory.jsonl")},
        ),
        "server-everything": StdioServerParameters(command="node", args=[entry("server-everything"), "stdio"]),
        "server-filesystem": StdioServerParameters(command="node", args=[entry("server-filesystem"), str(scratch)]),
    }

    async def list_tools(parameters: StdioServerParameters) -> dict:
        with open(os.devnull, "w") as quiet:
            async with stdio_client(parameters, errlog=quiet) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    result = await session.list_tools()
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)

    return {name: asyncio.run(list_tools(parameters)) for name, parameters in runs.items()}


@pytest.mark.skipif("TOOLC_TEST_MCP_SERVERS" not in os.environ, reason="no MCP servers given")
def test_mcp_servers_tools_listed_by_the_mcp_python_sdk_are_lowered_as_toolc_lower_lowers_them() -> None:
    with tempfile.TemporaryDirectory() as scratch_dir:
        scratch = pathlib.Path(scratch_dir)
        listings = listed_by_the_mcp_sdk(pathlib.Path(os.environ["TOOLC_TEST_MCP_SERVERS"]), scratch)
        for server, listed in listings.items():
            assert listed["tools"], f"{server} lists tools"
            file = scratch / f"{server}.json"
            file.write_text(json.dumps(listed), encoding="utf-8")
            for target, flags in [("gemini", []), ("openai", []), ("anthropic", ["--anthropic-strict"])]:
                what = f"{server} for {target} {' '.join(flags)}"
                lowered = lower_as_the_command(listed, str(file), server, target, flags)
                assert lowered.tools is not None, what
                if target == "gemini":
                    names = [declaration["name"] for declaration in lowered.tools[0]["functionDeclarations"]]
                else:
                    names = [tool.get("function", tool)["name"] for tool in lowered.tools]
                # Every listed tool is in the request or refused with its path; none is lost.
                every = sorted(names + [refusal.tool for refusal in lowered.refused])
                assert every == sorted(tool["name"] for tool in listed["tools"]), what
                assert all(refusal.path.startswith("/") for refusal in lowered.refused), what
        # A model's call to one of them, checked before it is sent.
        create_entities = next(tool for tool in listings["server-memory"]["tools"] if tool["name"] == "create_entities")
        good = '{"entities": [{"name": "toolc", "entityType": "project", "observations": ["lowers tools"]}]}'
        assert toolc.check_arguments(create_entities, good) is None
        said = toolc.check_arguments(create_entities, '{"entitys": []}')
        assert said is not None
        for part in ("`create_entities`", "missing required field `entities`", "did you mean `entities`?"):
            assert part in said, said
    print(f"toolc-mcp: {len(listings)} servers' tools lowered")


@pytest.mark.skipif("TOOLC_TEST_PLAN" not in os.environ, reason="no corpus plan given")
def test_on_the_corpus_lower_gives_byte_for_byte_what_toolc_lower_gives() -> None:
    plan = json.loads(pathlib.Path(os.environ["TOOLC_TEST_PLAN"]).read_text())
    compared = 0
    for file in plan["files"]:
        definitions = json.loads(pathlib.Path(file).read_text(encoding="utf-8"))
        name = pathlib.Path(file).stem
        for rendering in plan["renderings"]:
            lower_as_the_command(definitions, file, name, rendering["target"], rendering["flags"])
            compared += 1
    assert compared > 0
    print(f"toolc-corpus: {compared} lowerings compared ({len(plan['files'])} files)")
