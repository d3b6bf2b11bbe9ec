"""Compiles lowered tool definitions with the grammar engines of open-model servers, as those
servers compile a tool's parameters when a request asks for a call.

Usage: check_engines.py ENGINE DIR [--require-clean]
ENGINE is `xgrammar` (vLLM's and SGLang's default), `llguidance` (vLLM's `guidance` backend,
mistral.rs, llama.cpp built with it) or `llama-cpp` (llama.cpp's own converter, which its server,
Ollama and LM Studio run: the C++ one, built by setup.sh against node-llama-cpp's prebuilt llama.cpp,
whose folder is $TOOLC_LLAMA_CPP; its grammars then go through llama.cpp's GBNF parser); DIR holds `toolc lower --out` files, each an array of
OpenAI chat tools (`parameters`) or of json-schema's tools (`input_schema`). Each tool's parameters are compiled the
way the server does, with the engine's default settings, into a grammar over a byte vocabulary (no
model needed: the grammar is the same). Prints one line per tool the engine refuses (`refused`) or
compiles while saying it drops part of the schema (`drops`), and a closing line
`ENGINE: N tools, N compiled, N with meaning dropped, N refused`. With --require-clean, exits 1
unless every tool compiled with nothing dropped.
"""

import json
import os
import pathlib
import sys
import tempfile
import warnings


def schemas(folder):
    """(label, schema) for every tool of every file under `folder`, sorted by path."""
    for path in sorted(pathlib.Path(folder).rglob("*.json")):
        value = json.loads(path.read_text())
        label = str(path.relative_to(folder))
        if isinstance(value, dict):
            yield label, value
            continue
        for tool in value:
            function = tool.get("function", tool)
            schema = function["parameters"] if "parameters" in function else function["input_schema"]
            yield f"{label} {function['name']}", schema


class FdTwo:
    """What the engine's C++ code writes to file descriptor 2 while the block runs: xgrammar says
    what it ignores there, not through Python's warnings."""

    def __enter__(self):
        sys.stderr.flush()
        self.file = tempfile.TemporaryFile(mode="w+b")
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.file.seek(0)
        self.text = self.file.read().decode("utf-8", "replace")
        self.file.close()


#: Keywords xgrammar and llama.cpp's converter compile without a word and do not hold a value to
#: (llguidance refuses them): a schema the engine is given must not hold them, or meaning is
#: dropped silently. Found by compiling each alone and matching a value that breaks it.
SILENTLY_IGNORED = {"not", "if", "then", "else", "dependentRequired", "dependentSchemas", "dependencies",
                    "propertyNames", "uniqueItems", "contains", "minContains", "maxContains",
                    "unevaluatedProperties", "unevaluatedItems"}


def keywords_and_formats(schema):
    """Every keyword (of a subschema, not a property's name) and every `format` in `schema`."""
    keywords, formats = set(), set()

    def visit(node):
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            keywords.add(key)
            if key == "format" and isinstance(value, str):
                formats.add(value)
            if key in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
                for child in (value.values() if isinstance(value, dict) else []):
                    visit(child)
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                for child in (value if isinstance(value, list) else []):
                    visit(child)
            elif isinstance(value, dict) and key not in ("const", "default", "enum", "examples"):
                visit(value)

    visit(schema)
    return keywords, formats


def silent_drops(schema, format_holds):
    """What an engine that says nothing would drop from `schema`: the keywords it ignores, and the
    formats `format_holds` finds it does not hold a string to."""
    keywords, formats = keywords_and_formats(schema)
    dropped = [f"silently ignores `{k}`" for k in sorted(keywords & SILENTLY_IGNORED)]
    dropped += [f"silently ignores `format: {f}`" for f in sorted(formats) if not format_holds(f)]
    return dropped


def structural_drops(schema):
    """What xgrammar and llama.cpp's converter drop without a word, found by reading the schema (each
    measured on its own with the engine, the grammar then matched against values): an `allOf` (llama.cpp
    reads only its branches' properties and enums and makes them all required, xgrammar ignores one beside
    other keywords); `enum` or `const` values of another type than the node's (the enum wins over the
    type); and a required field an object's `properties` do not name (neither engine writes it)."""
    found = []

    def types_of(node):
        ty = node.get("type")
        return [ty] if isinstance(ty, str) else [t for t in ty if isinstance(t, str)] if isinstance(ty, list) else None

    def has_type(value, ty):
        return {"string": isinstance(value, str), "boolean": isinstance(value, bool), "null": value is None,
                "integer": isinstance(value, int) and not isinstance(value, bool)
                or isinstance(value, float) and value.is_integer(),
                "number": isinstance(value, (int, float)) and not isinstance(value, bool),
                "array": isinstance(value, list), "object": isinstance(value, dict)}.get(ty, True)

    def visit(node, part=False):
        if isinstance(node, list):
            for item in node:
                visit(item, part)
            return
        if not isinstance(node, dict):
            return
        if "allOf" in node:
            found.append("drops an `allOf`")
        types = types_of(node)
        values = (node["enum"] if isinstance(node.get("enum"), list) else []) + ([node["const"]] if "const" in node else [])
        if types and any(not any(has_type(v, t) for t in types) for v in values):
            found.append("lets through `enum` or `const` values of another type than the node's")
        properties = node.get("properties")
        open_to_more = isinstance(node.get("additionalProperties"), dict) or "patternProperties" in node
        # An object that names its fields (a part of one, `{"required": [...]}` beside a union, names none).
        # A union's branch beside an object's own `properties` is a part of that object too.
        if not part and isinstance(properties, dict) and not open_to_more and any(
                name not in properties for name in node.get("required", [])):
            found.append("cannot write a required field `properties` does not name")
        for key, value in node.items():
            if key in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
                for child in (value.values() if isinstance(value, dict) else []):
                    visit(child)
            elif key in ("anyOf", "oneOf", "allOf"):
                visit(value, part or key == "allOf" or isinstance(properties, dict))
            elif key == "prefixItems":
                visit(value)
            elif isinstance(value, dict) and key not in ("const", "default", "enum", "examples"):
                visit(value)

    visit(schema)
    return sorted(set(found))


def xgrammar_compiler():
    # xgrammar 0.2.8 imports torch, triton and transformers at module level for what it offers
    # beyond compiling grammars; the test installs it without them, so they are stood in for by
    # empty modules. tvm_ffi goes first: it looks for torch itself.
    import tvm_ffi  # noqa: F401
    from unittest import mock

    for name in ["torch", "torch.utils", "torch.utils.cpp_extension", "torch.nn", "torch.nn.functional",
                 "transformers", "triton", "triton.language"]:
        sys.modules.setdefault(name, mock.MagicMock(name=name))
    sys.modules["transformers"].PreTrainedTokenizerBase = type("PreTrainedTokenizerBase", (), {})
    sys.modules["transformers"].PreTrainedTokenizerFast = type("PreTrainedTokenizerFast", (), {})
    import xgrammar as xgr

    vocabulary = [bytes([i]) for i in range(256)] + [b"</s>"]
    info = xgr.TokenizerInfo(vocabulary, vocab_type=xgr.VocabType.RAW, stop_token_ids=[256])
    compiler = xgr.GrammarCompiler(info, max_threads=1, cache_enabled=False)

    formats = {}

    def format_holds(name):
        # A string no format allows: the grammar of a format the engine holds refuses it.
        if name not in formats:
            with FdTwo():
                grammar = compiler.compile_json_schema(json.dumps({"type": "string", "format": name}))
                matcher = xgr.GrammarMatcher(grammar)
                formats[name] = not (matcher.accept_string('"!! not valid 1"') and matcher.accept_token(256))
        return formats[name]

    def compile_one(schema):
        # As vLLM's xgrammar backend and SGLang call it: any whitespace, strict mode (its default).
        with FdTwo() as said, warnings.catch_warnings(record=True) as python_warnings:
            warnings.simplefilter("always")
            try:
                compiler.compile_json_schema(json.dumps(schema), any_whitespace=True)
                error = None
            except Exception as err:  # the engine's refusal, whatever its class
                error = f"{type(err).__name__}: {err}"
        dropped = [line.strip() for line in said.text.splitlines() if "warning" in line.lower()]
        dropped += [str(w.message) for w in python_warnings]
        if error is None:
            dropped += silent_drops(schema, format_holds) + structural_drops(schema)
        return error, dropped

    return compile_one


def llguidance_compiler():
    from llguidance import LLMatcher

    def compile_one(schema):
        # As vLLM's guidance backend and mistral.rs compile a schema: default options.
        try:
            grammar = LLMatcher.grammar_from_json_schema(schema)
            is_error, messages = LLMatcher.validate_grammar_with_warnings(grammar)
        except Exception as err:
            return f"{type(err).__name__}: {err}", []
        if is_error:
            return "; ".join(messages), []
        return None, list(messages)

    return compile_one


#: What llama.cpp's converter also ignores: an object's property counts, `multipleOf`, and the
#: bounds of a number that need not be an integer.
LLAMA_CPP_IGNORED = SILENTLY_IGNORED | {"minProperties", "maxProperties", "multipleOf"}


def number_bounds(schema):
    """Whether a subschema of type number (not integer) has a bound."""
    found = []

    def visit(node):
        if isinstance(node, dict):
            ty = node.get("type")
            if (ty == "number" or isinstance(ty, list) and "number" in ty) and any(k in node for k in
                                                     ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")):
                found.append(node)
            for key, value in node.items():
                if key not in ("const", "default", "enum", "examples"):
                    visit(value)
        elif isinstance(node, list):
            for item in node:
                visit(item)

    visit(schema)
    return bool(found)


class LlamaCpp:
    """llama.cpp's C++ converter (setup.sh builds `convert` against its prebuilt library) over every
    schema at once, then llama.cpp's GBNF parser over every grammar it made."""

    def __init__(self):
        import subprocess

        self.subprocess = subprocess
        self.folder = pathlib.Path(os.environ["TOOLC_LLAMA_CPP"])
        plain = self.convert([{"type": "string"}])[0]["grammar"]
        self.plain_string = plain
        self.formats = {}

    def convert(self, schemas):
        text = "".join(json.dumps(schema) + "\n" for schema in schemas)
        run = self.subprocess.run([str(self.folder / "convert")], input=text, capture_output=True, text=True,
                                  check=True)
        return [json.loads(line) for line in run.stdout.splitlines()]

    def parse(self, grammars):
        with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
            json.dump(grammars, file)
            file.flush()
            run = self.subprocess.run(["node", "parse_gbnf.mjs", file.name], cwd=self.folder, capture_output=True,
                                      text=True, check=True)
        return json.loads(run.stdout.strip().splitlines()[-1])

    def format_holds(self, name):
        # A format the converter holds gives a grammar other than a plain string's.
        if name not in self.formats:
            self.formats[name] = self.convert([{"type": "string", "format": name}])[0]["grammar"] != self.plain_string
        return self.formats[name]

    def compile_all(self, labelled):
        converted = self.convert([schema for _, schema in labelled])
        grammars = [one["grammar"] for one in converted if "grammar" in one]
        parsed = iter(self.parse(grammars))
        for (label, schema), one in zip(labelled, converted):
            if "error" in one:
                yield label, one["error"], []
                continue
            problem = next(parsed)
            if problem is not None:
                yield label, f"llama.cpp's GBNF parser refuses the grammar: {problem}", []
                continue
            dropped = list(one["warnings"])
            keywords, formats = keywords_and_formats(schema)
            dropped += [f"silently ignores `{k}`" for k in sorted(keywords & LLAMA_CPP_IGNORED)]
            dropped += [f"silently ignores `format: {f}`" for f in sorted(formats) if not self.format_holds(f)]
            if number_bounds(schema):
                dropped.append("silently ignores the bounds of a number")
            dropped += structural_drops(schema)
            yield label, None, dropped


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    require_clean = "--require-clean" in sys.argv
    engine, folder = args
    if engine == "llama-cpp":
        results = LlamaCpp().compile_all(list(schemas(folder)))
    else:
        compile_one = {"xgrammar": xgrammar_compiler, "llguidance": llguidance_compiler}[engine]()
        results = ((label, *compile_one(schema)) for label, schema in schemas(folder))
    tools = compiled = dropped_some = refused = 0
    for label, error, dropped in results:
        tools += 1
        if error is not None:
            refused += 1
            print(f"refused {label}: {error.splitlines()[0] if error else error}")
            continue
        compiled += 1
        if dropped:
            dropped_some += 1
            print(f"drops {label}: {' | '.join(dropped)}")
    print(f"{engine}: {tools} tools, {compiled} compiled, {dropped_some} with meaning dropped, {refused} refused")
    if require_clean and (refused or dropped_some):
        sys.exit(1)


if __name__ == "__main__":
    main()
