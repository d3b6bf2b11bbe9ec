"""The Python package `toolc` beside the Python transformers of tests/corpus/peers, in one process, on the
corpus: each definition a document of its own (after BFCL's own type mapping, so no peer stops at
`type: "dict"`), as benchmarks/benches/corpus.rs runs toolc in Rust.

Usage: bench.py SPLIT_DIR [PASSES]

toolc is `toolc.lower(document, target)` on the definition as a Python program holds it (a dict from
`json.loads`), so each figure includes the crossing into Rust and back: the dict read into JSON, the
definition read, checked against the 2020-12 meta-schema, lowered, the report, and the answer built as
dicts. A peer gets the definition's input schema and transforms it, checking nothing. Each pass runs on
fresh deep copies of the inputs (copied outside the timing); a peer's refusal (an exception) counts as
done; toolc and the peers of a target take turns within each pass. Prints a Markdown table of the median\npass, in milliseconds.
"""

import copy
import json
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests/corpus/peers"))
import peers  # noqa: E402

import toolc  # noqa: E402

# The renderings the peers share with toolc: toolc's target and options, and the peers lowering for it.
RENDERINGS = [
    ("OpenAI strict", "openai", {}, ["openai-python", "pydantic-ai-openai"]),
    ("Anthropic strict", "anthropic", {"anthropic_strict": True}, ["anthropic-python"]),
    ("Gemini `parameters`", "gemini", {}, ["pydantic-ai-google", "pydantic-ai-google-openapi", "google-genai"]),
    ("Gemini `parametersJsonSchema`", "gemini", {"gemini_json_schema": True}, ["pydantic-ai-google-json-schema"]),
]


def documents(split):
    """(document, input schema) of every definition under SPLIT_DIR, sorted."""
    for path in sorted(pathlib.Path(split).rglob("*.json")):
        document = json.loads(path.read_text())
        schema = document["tools"][0].get("inputSchema") if "tools" in document else document.get("parameters")
        yield document, schema


def timed(passes, contenders):
    """{name: (inputs, call)} -> {name: the median over `passes` of the milliseconds `call` takes over every
    input}. The contenders take turns within each pass, so that whatever else the machine does weighs
    on all of them alike; each pass runs on fresh copies of the inputs."""
    times = {name: [] for name in contenders}
    for _ in range(passes):
        for name, (inputs, call) in contenders.items():
            fresh = copy.deepcopy(inputs)
            start = time.perf_counter_ns()
            for value in fresh:
                try:
                    call(value)
                except Exception:  # noqa: BLE001  (a refusal is an answer too)
                    pass
            times[name].append(time.perf_counter_ns() - start)
    return {name: statistics.median(values) / 1e6 for name, values in times.items()}


def main():
    split = sys.argv[1]
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    pairs = list(documents(split))
    docs = [document for document, _ in pairs]
    schemas = [schema for _, schema in pairs]
    print(f"{len(docs)} definitions, median of {passes} passes, toolc {toolc.__version__}, "
          f"Python {sys.version.split()[0]}\n")
    print("| target | toolc (Python package) | peers | toolc / fastest peer |")
    print("| --- | --- | --- | --- |")
    for label, target, options, names in RENDERINGS:
        contenders = {"toolc": (docs, lambda document: toolc.lower(document, target, **options))}
        contenders.update({name: (schemas, peers.PEERS[name][1]) for name in names})
        theirs = timed(passes, contenders)
        ours = theirs.pop("toolc")
        fastest = min(theirs.values())
        listed = ", ".join(f"{name} {ms:.1f} ms" for name, ms in theirs.items())
        print(f"| {label} | {ours:.1f} ms | {listed} | {ours / fastest:.2f} × |")
    every = ["openai", "openai-responses", "anthropic", "gemini", "bedrock", "mcp", "json-schema"]
    each = timed(passes, {"toolc": (docs, lambda document: toolc.lower_each(document, every))})["toolc"]
    print(f"\ntoolc `lower_each`, all seven targets, each document read and checked once: {each:.1f} ms")


if __name__ == "__main__":
    main()
