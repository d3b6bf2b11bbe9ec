"""Tables (markdown) of what the peers made of the corpus, beside what `toolc lower` made of it.

Usage: summary.py LOWERED_DIR SPLIT_DIR TOOLC LABEL=PEERS_JSON[,PEERS_JSON...] ...

LOWERED_DIR: toolc's outputs per variant, as the corpus test leaves them (target/tmp/corpus-lowered);
a definition counts as lowered when its output is non-empty. For every definition a peer makes valid and
toolc refuses, toolc (the binary TOOLC) is run again on that one file of SPLIT_DIR to give its reason.
Each LABEL names one run of the peers (peers.py and peers.mjs outputs, merged): one set of tables each.
"""

import collections
import json
import os
import pathlib
import re
import subprocess
import sys

FLAGS = {"openai": ["--target", "openai"], "anthropic-strict": ["--target", "anthropic", "--anthropic-strict"],
         "gemini-parameters-only": ["--target", "gemini", "--gemini-parameters-only"],
         "gemini": ["--target", "gemini"], "gemini-json-schema": ["--target", "gemini", "--gemini-json-schema"]}
TITLE = {"openai": "OpenAI strict", "anthropic-strict": "Anthropic strict", "gemini": "Gemini `parameters`",
         "gemini-json-schema": "Gemini `parametersJsonSchema`"}
# The toolc rows beside a target's peers, the first the one they are compared with: the peers of Gemini
# `parameters` emit `parameters` for every tool, as toolc does with `--gemini-parameters-only`; by
# default toolc gives a tool `parameters` cannot express `parametersJsonSchema` instead.
ROWS = {"gemini": ["gemini-parameters-only", "gemini"]}


def lowered(root, variant):
    """{key: True/False}: whether toolc wrote a non-empty output for the definition."""
    found = {}
    for path in (root / variant).rglob("*.json"):
        tools = json.loads(path.read_text() or "[]")
        if variant.startswith("gemini"):
            count = sum(len(group.get("functionDeclarations", [])) for group in tools)
        else:
            count = len(tools)
        found[str(path.relative_to(root / variant))] = count > 0
    return found


def reason(text):
    """A reason with its particulars (paths, property names, counts) left out, to count alike ones together."""
    text = re.sub(r"`[^`]*(/|<root>)[^`]*`", "`…`", text)  # paths in toStrictJsonSchema's messages
    text = re.sub(r"(properties|\$defs|defs)\.[^.:\s]+", r"\1.*", text)  # property names in pydantic's locations
    text = re.sub(r"\.\d+\b", ".N", text)
    text = re.sub(r"ValidationError \(\d+\)", "ValidationError", text)
    text = re.sub(r"(See|see): https?://\S+", "", text).strip()
    return text if len(text) <= 160 else text[:157] + "…"


def toolc_reason(toolc, split, variant, key):
    out = subprocess.run([toolc, "lower", *FLAGS[variant], str(split / key)], capture_output=True, text=True,
                         env={**os.environ, "NO_COLOR": "1"})
    for line in out.stderr.splitlines():
        if line.startswith("error: ") and ": tool `" in line:
            rule = line.rsplit(": ", 1)[-1]
            return re.sub(r"`[^`]*`", "`…`", rule)
    return "(no refusal line)"


def top(counter, n=5):
    return "; ".join(f"{count} × {text}" for text, count in counter.most_common(n)) or "—"


def main():
    root, split, toolc = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
    toolc_made = {variant: lowered(root, variant) for variant in FLAGS}
    for argument in sys.argv[4:]:
        label, files = argument.split("=", 1)
        peers = {}
        for file in files.split(","):
            peers.update(json.loads(pathlib.Path(file).read_text()))
        print(f"## {label}\n")
        for variant in FLAGS:
            mine = {name: run for name, run in peers.items() if run["target"] == variant}
            if not mine:
                continue
            rows = ROWS.get(variant, [variant])
            made = toolc_made[rows[0]]
            print(f"### {TITLE[variant]}\n")
            print("| | valid | refused | invalid | valid, an optional property made required | seconds |")
            print("| --- | --- | --- | --- | --- | --- |")
            for row in rows:
                print(f"| toolc (`{' '.join(FLAGS[row])}`) | {sum(toolc_made[row].values())} (lowered) | "
                      f"{len(toolc_made[row]) - sum(toolc_made[row].values())} | 0 | 0 | |")
            notes = []
            for name, run in mine.items():
                results = run["results"].values()
                dropped = sum(1 for r in results if r["status"] == "valid" and r.get("optional_made_required"))
                c = run["counts"]
                print(f"| {name} | {c['valid']} | {c['refused']} | {c['invalid']} | {dropped} | {run['seconds']} |")
                refused = collections.Counter(reason(r["reasons"][0]) for r in results if r["status"] == "refused")
                failed = [r for r in results if r["status"] == "invalid"]
                invalid = collections.Counter(reason(x) for r in failed for x in r["reasons"])
                names_only = sum(all(x.startswith(("tool name", "property name")) for x in r["reasons"]) for r in failed)
                beyond = collections.Counter(toolc_reason(toolc, split, rows[0], key)
                                             for key, r in run["results"].items()
                                             if r["status"] == "valid" and not made.get(key))
                notes.append(f"- {name}: refused: {top(refused)}\n"
                             f"  - invalid (each failing check counted): {top(invalid)}\n"
                             f"  - invalid by the name rules alone: {names_only}\n"
                             f"  - valid where toolc refuses: {sum(beyond.values())}"
                             + (f" ({top(beyond)})" if beyond else ""))
            print("\n" + "\n".join(notes) + "\n")


main()
