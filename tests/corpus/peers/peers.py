"""The JSON-schema transformers people use today, on the same third-party definitions as `toolc lower`.

Usage: peers.py SPLIT_DIR OUT_JSON [PEER ...]      (default: every Python peer, each in a process of its own)
       peers.py --check TARGET FILE                (the checks alone, for peers.mjs)
       peers.py --bfcl-types SPLIT_DIR NEW_DIR     (a copy with BFCL's own type mapping applied, see bfcl_types)

The peers (PEERS below; openai-node's `toStrictJsonSchema` is in peers.mjs): openai-python's
`_ensure_strict_json_schema`, pydantic-ai's `OpenAIJsonSchemaTransformer(strict=True)` (openai); anthropic's
`transform_schema` (anthropic-strict); pydantic-ai's `GoogleJsonSchemaTransformer` as `parameters` (gemini) and
as `parametersJsonSchema` (gemini-json-schema, what its GoogleModel sends), its `GoogleOpenAPISchemaTransformer`
route to `types.Schema` (gemini, what its GoogleRealtimeModel sends); google-genai's
`Schema.from_json_schema`, after the SDK's own MCP filter (`google-genai`) or on the schema as it is
(`google-genai-bare`) (gemini).

SPLIT_DIR holds one definition per file, as the corpus test writes them (a BFCL function document
`{"name", "description", "parameters"}` or an MCP `{"tools": [tool]}`). Each peer gets the definition's
`parameters` / `inputSchema` exactly as it is written there, and its output is classified:

- `refused`: the peer raised (its message is kept);
- `invalid`: the peer returned a schema that a check below rejects (every failing check is kept);
- `valid`: the peer returned a schema and every check accepts it.

The checks are the ones toolc's own outputs pass (tests/conformance/check.py and check.mjs) and the
providers' documented name rules, per target:

- openai: tool name `^[a-zA-Z0-9_-]{1,64}$`; `Draft202012Validator.check_schema`; openai-python's
  `_ensure_strict_json_schema` and openai-node's `toStrictJsonSchema` (through peers.mjs) leave it unchanged;
- anthropic-strict: tool name `^[a-zA-Z0-9_-]{1,64}$`, property names `^[a-zA-Z0-9_.-]{1,64}$`;
  `check_schema`; anthropic-python's `transform_schema` leaves it unchanged;
- gemini (`parameters`): function name `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$`, property names
  `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`; google-genai's `FunctionDeclaration.model_validate` accepts it without a
  warning (it only warns about an unknown `Type` such as `dict`, and then sends it);
- gemini-json-schema (`parametersJsonSchema`): function name as above; `FunctionDeclaration` accepts it;
  `check_schema`.

Every output also gets `optional_made_required`: the properties the input left optional that the output
requires without admitting null (a model must then always send a value where the tool took none).

`seconds` is the wall time of the peer's calls over the whole corpus in one process (inputs already read,
checks not included). Environment: PEERS_NODE_DIR, the folder whose node_modules has openai (default
target/tmp/conformance); PEERS_NODE, the node binary (default `node`).
"""

import copy
import json
import logging
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import warnings

import jsonschema
import pydantic
from anthropic.lib._parse._transform import transform_schema
from google.genai import types
from google.genai._mcp_utils import _filter_to_supported_schema
from openai.lib._pydantic import _ensure_strict_json_schema
from pydantic_ai.profiles.google import GoogleJsonSchemaTransformer
from pydantic_ai.profiles.openai import OpenAIJsonSchemaTransformer
from pydantic_ai.realtime.google import _schema_from_json_schema

sys.setrecursionlimit(20000)
logging.disable(logging.WARNING)  # google-genai logs a warning per union type
warnings.simplefilter("ignore")  # ... and warns about unknown enum values, which check() records
HERE = pathlib.Path(__file__).resolve().parent
NODE_DIR = os.environ.get("PEERS_NODE_DIR", str(HERE.parents[2] / "target/tmp/conformance"))


def openai_python(schema):
    copied = copy.deepcopy(schema)  # the normalizer works in place
    return _ensure_strict_json_schema(copied, path=(), root=copied)


def genai_schema(schema):
    # What google-genai does to an MCP tool's inputSchema (`_mcp_utils.mcp_to_gemini_tool`): keep the fields
    # `JSONSchema` has, then `Schema.from_json_schema`.
    filtered = types.JSONSchema(**_filter_to_supported_schema(schema))
    converted = types.Schema.from_json_schema(json_schema=filtered)
    return converted.model_dump(mode="json", by_alias=True, exclude_none=True)


def genai_schema_bare(schema):
    # The documented conversion on the schema as it is.
    converted = types.Schema.from_json_schema(json_schema=types.JSONSchema.model_validate(schema))
    return converted.model_dump(mode="json", by_alias=True, exclude_none=True)


def pydantic_ai_google(schema):
    return GoogleJsonSchemaTransformer(schema, strict=None).walk()


def pydantic_ai_openapi(schema):
    # What pydantic-ai's GoogleRealtimeModel sends as `parameters`: GoogleOpenAPISchemaTransformer, then `Schema`.
    return _schema_from_json_schema(schema).model_dump(mode="json", by_alias=True, exclude_none=True)


# name -> (target, transform)
PEERS = {
    "openai-python": ("openai", openai_python),
    "pydantic-ai-openai": ("openai", lambda s: OpenAIJsonSchemaTransformer(s, strict=True).walk()),
    "anthropic-python": ("anthropic-strict", transform_schema),
    "pydantic-ai-google": ("gemini", pydantic_ai_google),
    "pydantic-ai-google-json-schema": ("gemini-json-schema", pydantic_ai_google),
    "pydantic-ai-google-openapi": ("gemini", pydantic_ai_openapi),
    "google-genai": ("gemini", genai_schema),
    "google-genai-bare": ("gemini", genai_schema_bare),
}

NAME = {
    "openai": r"[a-zA-Z0-9_-]{1,64}",
    "anthropic-strict": r"[a-zA-Z0-9_-]{1,64}",
    "gemini": r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}",
    "gemini-json-schema": r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}",
}
KEY = {"anthropic-strict": r"[a-zA-Z0-9_.-]{1,64}", "gemini": r"[a-zA-Z_][a-zA-Z0-9_]{0,63}"}

MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "defs")
ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
       "additionalItems", "unevaluatedItems", "unevaluatedProperties")
LISTS = ("anyOf", "oneOf", "allOf", "prefixItems", "items")


def property_names(schema):
    """Every property name declared anywhere in the schema (walking subschemas, not arbitrary values)."""
    if not isinstance(schema, dict):
        return
    if isinstance(schema.get("properties"), dict):
        yield from schema["properties"]
    for key in MAPS:
        if isinstance(schema.get(key), dict):
            for sub in schema[key].values():
                yield from property_names(sub)
    for key in ONE:
        yield from property_names(schema.get(key))
    for key in LISTS:
        if isinstance(schema.get(key), list):
            for sub in schema[key]:
                yield from property_names(sub)


def describe(err):
    """One line for an exception: for a pydantic ValidationError, its first error and how many there are."""
    if isinstance(err, pydantic.ValidationError):
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"ValidationError ({err.error_count()}) for {err.title}: {where}: {first['msg']}"
    return f"{type(err).__name__}: {err}".splitlines()[0]


def admits_null(schema):
    if not isinstance(schema, dict):
        return schema is True
    kind = schema.get("type")
    return (kind == "null" or (isinstance(kind, list) and "null" in kind) or schema.get("nullable") is True
            or None in (schema.get("enum") or []) or ("const" in schema and schema["const"] is None)
            or any(admits_null(branch) for key in ("anyOf", "oneOf") for branch in schema.get(key) or []))


def optional_made_required(given, made, path=""):
    """Properties optional in the input that the output requires without admitting null (along `properties` and
    `items`): a model must then always send a value where the tool took none."""
    if not (isinstance(given, dict) and isinstance(made, dict)):
        return []
    found = []
    given_props, made_props = given.get("properties"), made.get("properties")
    if isinstance(given_props, dict) and isinstance(made_props, dict):
        given_req = given.get("required") if isinstance(given.get("required"), list) else []
        made_req = made.get("required") if isinstance(made.get("required"), list) else []
        for key in given_props.keys() & made_props.keys():
            if key not in given_req and key in made_req and not admits_null(made_props[key]):
                found.append(f"{path}/{key}")
            found += optional_made_required(given_props[key], made_props[key], f"{path}/{key}")
    found += optional_made_required(given.get("items"), made.get("items"), path + "/items")
    return sorted(found)


META = jsonschema.Draft202012Validator(
    jsonschema.Draft202012Validator.META_SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
)


def schema_errors(schema):
    """`check_schema`'s verdict, naming the shallowest error (check_schema's own pick varies from run to run)."""
    errors = sorted(META.iter_errors(schema), key=lambda e: (len(e.path), [str(p) for p in e.path], e.message))
    return ["not valid 2020-12: " + errors[0].message] if errors else []


def unchanged(what, normalize, schema):
    try:
        again = normalize(copy.deepcopy(schema))
    except Exception as err:  # noqa: BLE001  (the check is that it does not fail)
        return [f"{what} raises: {describe(err)}"]
    return [] if again == schema else [f"{what} changes it"]


def check(target, name, schema):
    """Every failing check of one output, in order (name rules first); [] when it is valid."""
    failures = []
    if not re.fullmatch(NAME[target], name):
        failures.append(f"tool name does not match ^{NAME[target]}$")
    if target in KEY and isinstance(schema, dict):
        bad = [key for key in property_names(schema) if not re.fullmatch(KEY[target], key)]
        if bad:
            failures.append(f"property name does not match ^{KEY[target]}$")
    if not isinstance(schema, dict):
        return failures + ["not an object schema"]
    if target == "openai":
        failures += schema_errors(schema)
        normalize = lambda s: _ensure_strict_json_schema(s, path=(), root=s)  # noqa: E731
        failures += unchanged("_ensure_strict_json_schema", normalize, schema)
    elif target == "anthropic-strict":
        failures += schema_errors(schema)
        failures += unchanged("transform_schema", transform_schema, schema)
    else:
        key = "parameters" if target == "gemini" else "parametersJsonSchema"
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always")
            try:
                types.FunctionDeclaration.model_validate({"name": name, key: schema})
            except Exception as err:  # noqa: BLE001  (a type array makes the enum lookup itself fail)
                failures.append("FunctionDeclaration rejects it: " + describe(err))
        # An unknown enum value (`"type": "dict"`) is only warned about, and then sent as it is.
        failures += sorted({"FunctionDeclaration warns: " + str(w.message) for w in warned})
        if target == "gemini-json-schema":
            failures += schema_errors(schema)
    return failures


def node_changes(schemas):
    """openai-node's toStrictJsonSchema over {key: schema}, in one node process: {key: failure}."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(schemas, file)
    try:
        script = str(HERE / "peers.mjs")
        node = os.environ.get("PEERS_NODE", "node")
        command = [node, script, "--check", file.name]
        out = subprocess.run(command, cwd=NODE_DIR, capture_output=True, text=True, check=True)
        return json.loads(out.stdout)
    finally:
        os.unlink(file.name)


def check_all(target, outputs):
    """{key: (name, input, output)} -> {key: result}; the openai-node check runs once over the whole batch."""
    failures = {key: check(target, name, made) for key, (name, _, made) in outputs.items()}
    if target == "openai":
        for key, failure in node_changes({key: made for key, (_, _, made) in outputs.items()}).items():
            failures[key].append(failure)
    results = {}
    for key, (_, given, made) in outputs.items():
        results[key] = {"status": "invalid", "reasons": failures[key]} if failures[key] else {"status": "valid"}
        if dropped := optional_made_required(given, made):
            results[key]["optional_made_required"] = dropped
    return results


# bfcl-eval 2026.3.23's `GORILLA_TO_OPENAPI`: BFCL's Python and Java type names to JSON Schema ones.
BFCL_TYPES = {
    "integer": "integer", "number": "number", "float": "number", "string": "string", "boolean": "boolean",
    "bool": "boolean", "array": "array", "list": "array", "dict": "object", "object": "object", "tuple": "array",
    "any": "string", "byte": "integer", "short": "integer", "long": "integer", "double": "number", "char": "string",
    "ArrayList": "array", "Array": "array", "HashMap": "object", "Hashtable": "object", "Queue": "array",
    "Stack": "array", "Any": "string", "String": "string", "Bigint": "integer",
}


def bfcl_types(parameters):
    """What BFCL's own harness does to a function document's parameters before it reaches an SDK (bfcl-eval
    2026.3.23, `convert_to_tool` and `_cast_to_openai_type`): the root becomes `object`; each property's type is
    mapped (a missing or unknown one becomes `string`, `float` also gets `format: float`), recursing into object
    properties, and into `items` one or two levels deep. Raises where the harness does (an unhashable type, a
    `float` without description, `items` without a type)."""
    parameters = copy.deepcopy(parameters)
    parameters["type"] = "object"
    _cast(parameters["properties"])
    return parameters


def _cast(properties):
    for value in properties.values():
        kind = value.get("type")
        if kind == "float":
            value["format"] = "float"
            value["description"] += " This is a float type value."
        value["type"] = BFCL_TYPES[kind] if kind in BFCL_TYPES else "string"
        if value["type"] in ("array", "object"):
            if "properties" in value:
                _cast(value["properties"])
            elif "items" in value:
                items = value["items"]
                items["type"] = BFCL_TYPES[items["type"]]
                if items["type"] == "array" and "items" in items:
                    items["items"]["type"] = BFCL_TYPES[items["items"]["type"]]
                elif items["type"] == "object" and "properties" in items:
                    _cast(items["properties"])


def write_bfcl_types(split, new):
    """Copies SPLIT_DIR to NEW_DIR with bfcl_types applied to every BFCL document; one the harness itself would
    fail on is copied unchanged. Prints how many were mapped, failed and were left alone (MCP)."""
    tally = {"mapped": 0, "failed": 0, "mcp": 0}
    for path in sorted(pathlib.Path(split).rglob("*.json")):
        document = json.loads(path.read_text())
        if "tools" in document:
            tally["mcp"] += 1
        else:
            try:
                document["parameters"] = bfcl_types(document["parameters"])
                tally["mapped"] += 1
            except (KeyError, TypeError, AttributeError):
                tally["failed"] += 1
        target = pathlib.Path(new) / path.relative_to(split)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(document))
    print(tally)


def definitions(split):
    """(relative path, tool name, input schema) of every definition under SPLIT_DIR, sorted."""
    for path in sorted(pathlib.Path(split).rglob("*.json")):
        document = json.loads(path.read_text())
        if "tools" in document:
            tool = document["tools"][0]
            yield str(path.relative_to(split)), tool["name"], tool.get("inputSchema")
        else:
            yield str(path.relative_to(split)), document["name"], document.get("parameters")


def run(peer, split):
    target, transform = PEERS[peer]
    inputs = list(definitions(split))
    raised, outputs = {}, {}
    start = time.perf_counter()
    for key, name, schema in inputs:
        try:
            outputs[key] = (name, schema, transform(schema))
        except Exception as err:  # noqa: BLE001  (a peer's refusal)
            raised[key] = describe(err)
    seconds = time.perf_counter() - start
    return classify(target, seconds, raised, check_all(target, outputs))


def classify(target, seconds, raised, checked):
    results = {key: {"status": "refused", "reasons": [message]} for key, message in raised.items()} | checked
    statuses = [r["status"] for r in results.values()]
    counts = {status: statuses.count(status) for status in ("valid", "refused", "invalid")}
    return {"target": target, "seconds": round(seconds, 3), "counts": counts, "results": dict(sorted(results.items()))}


def main():
    if sys.argv[1] == "--bfcl-types":
        write_bfcl_types(sys.argv[2], sys.argv[3])
        return
    if sys.argv[1] == "--check":
        target, path = sys.argv[2], sys.argv[3]
        entries = json.loads(pathlib.Path(path).read_text()).items()
        outputs = {key: (entry["name"], entry["input"], entry["output"]) for key, entry in entries}
        json.dump(check_all(target, outputs), sys.stdout)
        return
    split, out, peers = sys.argv[1], sys.argv[2], sys.argv[3:] or list(PEERS)
    report = {}
    for peer in peers:
        if len(peers) == 1:
            report[peer] = run(peer, split)
            continue
        with tempfile.TemporaryDirectory() as tmp:  # one process per peer, so each is timed on its own
            subprocess.run([sys.executable, __file__, split, f"{tmp}/one.json", peer], check=True)
            report.update(json.loads(pathlib.Path(f"{tmp}/one.json").read_text()))
        print(f"{peer}: {report[peer]['counts']} in {report[peer]['seconds']} s", file=sys.stderr)
    pathlib.Path(out).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
