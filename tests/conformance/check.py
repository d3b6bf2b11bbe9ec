"""Checks rendered tool definitions with the providers' own SDK code.

Usage: check.py RENDERINGS_DIR
RENDERINGS_DIR holds one `<variant>.json` per rendering: {"tools": <the request's tools value>}.
Prints one line per failure and a closing `N passed, N failed` line; exits 1 on any failure.
"""

import copy
import json
import pathlib
import sys

import jsonschema
from anthropic.lib._parse._transform import transform_schema
from google.genai import types
from mcp.types import ListToolsResult
from openai.lib._pydantic import _ensure_strict_json_schema

import bedrock as bedrock_model
from tally import check, finish

# Deeply nested schemas are valid; the validators recurse once per level and then some.
sys.setrecursionlimit(20000)



def schema_ok(label, schema):
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
        check(label + " is valid 2020-12", True)
    except jsonschema.SchemaError as err:
        check(label + " is valid 2020-12", False, err.message)


def examples_ok(label, schema, examples):
    validator = jsonschema.Draft202012Validator(schema)
    for index, example in enumerate(examples):
        errors = [e.message for e in validator.iter_errors(example)]
        check(f"{label} example {index}", not errors, "; ".join(errors))


def openai_python(variant, tools):
    for tool in tools:
        function = tool.get("function", tool)
        label = f"{variant} {function['name']} openai-python"
        schema_ok(label, function["parameters"])
        if not function.get("strict"):
            continue
        original = function["parameters"]
        copied = copy.deepcopy(original)
        try:
            strict = _ensure_strict_json_schema(copied, path=(), root=copied)
            check(label + " leaves the schema unchanged", strict == original, json.dumps(strict, sort_keys=True))
        except Exception as err:  # the normalizer should never fail on our output
            check(label, False, repr(err))


def anthropic(variant, tools):
    for tool in tools:
        label = f"{variant} {tool['name']} anthropic"
        schema_ok(label, tool["input_schema"])
        examples_ok(label, tool["input_schema"], tool.get("input_examples", []))
        if tool.get("strict"):
            try:
                transformed = transform_schema(tool["input_schema"])
                same = transformed == tool["input_schema"]
                check(label + " transform_schema leaves the schema unchanged", same, json.dumps(transformed, sort_keys=True))
            except Exception as err:
                check(label + " transform_schema", False, repr(err))


# Each pair is one of two forms of one thing: a declaration takes either, never both (the API
# reference: "mutually exclusive"; `FunctionDeclaration` itself does not check it). One request may
# hold declarations of both forms: the SDK itself merges functions it declares with
# `parameters_json_schema` and `Tool`s given with `parameters` into one `function_declarations` list
# (`_transformers.t_tools`).
EXCLUSIVE = (("parameters", "parametersJsonSchema"), ("response", "responseJsonSchema"))


def gemini(variant, tools):
    try:
        types.GenerateContentConfig.model_validate({"tools": tools})
        check(f"{variant} google-genai GenerateContentConfig accepts the tools", True)
    except Exception as err:
        check(f"{variant} google-genai GenerateContentConfig accepts the tools", False, str(err))
    for group in tools:
        for declaration in group["functionDeclarations"]:
            for pair in EXCLUSIVE:
                both = all(key in declaration for key in pair)
                check(f"{variant} {declaration['name']} has at most one of {', '.join(pair)}", not both)
            label = f"{variant} {declaration['name']} google-genai"
            try:
                types.FunctionDeclaration.model_validate(declaration)
                check(label + " FunctionDeclaration accepts it", True)
            except Exception as err:
                check(label + " FunctionDeclaration accepts it", False, str(err))
            for key in ("parametersJsonSchema", "responseJsonSchema"):
                if key in declaration:
                    schema_ok(f"{label} {key}", declaration[key])


def bedrock(variant, tools):
    # The tools in a Converse request, checked against botocore's model of the service.
    if variant.endswith("response-format.bedrock-strict"):
        for text_format in tools:
            label = f"{variant} {text_format['structure']['jsonSchema']['name']} bedrock outputConfig"
            found = bedrock_model.problems(bedrock_model.request(outputConfig={"textFormat": text_format}))
            check(label + " botocore accepts it", not found, "; ".join(found))
            schema = json.loads(text_format["structure"]["jsonSchema"]["schema"])
            strict_subset(label, schema)
        return
    found = bedrock_model.problems(bedrock_model.request({"tools": tools}))
    check(f"{variant} bedrock toolConfig botocore accepts it", not found, "; ".join(found))
    for tool in tools:
        spec = tool["toolSpec"]
        label = f"{variant} {spec['name']} bedrock"
        schema = spec["inputSchema"]["json"]
        schema_ok(label, schema)
        check(label + " inputSchema.json is an object schema", schema.get("type") == "object", json.dumps(schema.get("type")))
        if spec.get("strict"):
            strict_subset(label, schema)


def strict_subset(label, schema):
    # Bedrock does not publish its strict subset; toolc lowers to Anthropic's, which the Anthropic
    # SDK's transform_schema leaves unchanged.
    try:
        transformed = transform_schema(schema)
        check(label + " transform_schema leaves the schema unchanged", transformed == schema, json.dumps(transformed, sort_keys=True))
    except Exception as err:
        check(label + " transform_schema", False, repr(err))


def mcp(variant, tools):
    # The SDK's models ignore keys they do not know, so a key the protocol does not define shows up
    # as a difference between the tools and the tools read back through the models.
    try:
        result = ListToolsResult.model_validate({"tools": tools})
        read_back = result.model_dump(mode="json", by_alias=True, exclude_unset=True)["tools"]
        check(f"{variant} mcp ListToolsResult accepts it", True)
        for tool, back in zip(tools, read_back):
            check(f"{variant} {tool['name']} mcp Tool keeps every key", back == tool, json.dumps(back, sort_keys=True))
    except Exception as err:
        check(f"{variant} mcp ListToolsResult accepts it", False, str(err))
    for tool in tools:
        for key in ("inputSchema", "outputSchema"):
            if key in tool:
                schema_ok(f"{variant} {tool['name']} {key}", tool[key])
                check(f"{variant} {tool['name']} {key} is an object schema", tool[key].get("type") == "object", json.dumps(tool[key].get("type")))


def json_schema(variant, tools):
    for tool in tools:
        label = f"{variant} {tool['name']}"
        schema_ok(label + " input_schema", tool["input_schema"])
        examples_ok(label, tool["input_schema"], tool["input_schema"].get("examples", []))
        if "output_schema" in tool:
            schema_ok(label + " output_schema", tool["output_schema"])


def main():
    renderings = pathlib.Path(sys.argv[1])
    files = sorted(renderings.glob("*.json"))
    if not files:
        print(f"no renderings in {renderings}")
        sys.exit(1)
    for path in files:
        variant = path.stem.split(".")[-1]
        tools = json.loads(path.read_text())["tools"]
        # The open-model servers' variants are OpenAI chat tools, lowered for their grammar engines.
        if variant in ("openai", "openai-responses", "vllm", "mistral-rs", "llama-cpp"):
            openai_python(path.stem, tools)
        elif variant.startswith("anthropic"):
            anthropic(path.stem, tools)
        elif variant.startswith("gemini"):
            gemini(path.stem, tools)
        elif variant.startswith("bedrock"):
            bedrock(path.stem, tools)
        elif variant == "mcp":
            mcp(path.stem, tools)
        elif variant == "json-schema":
            json_schema(path.stem, tools)
        else:
            check(path.name, False, "unknown variant")
    finish()


main()
