"""Extracts the function documents of the Berkeley Function Calling Leaderboard from a bfcl-eval
wheel, as BFCL writes them, into one JSON array per BFCL data file.

Usage: python3 extract_bfcl.py WHEEL OUT_DIR

Reads every JSON-lines file under bfcl_eval/data/ except the expected answers: a test entry's
`function` list gives its functions, and a line of multi_turn_func_doc/ is one function itself.
Each distinct function (same JSON text once keys are sorted) is kept once, as it stands, with the
quirks of BFCL's dialect ("dict", "float", "tuple", "any", `response`, ...): in the file of the
first data file, in path order, that has it. `BFCL_v4_simple_python.json` becomes
`simple_python.json`, `multi_turn_func_doc/math_api.json` becomes `multi_turn_func_doc.math_api.json`.
A file is a JSON array with one function per line. Prints "FILES DEFINITIONS" and fails (exit 1)
when the wheel holds no function at all or a line is neither JSON nor part of a plain JSON file.
"""

import json
import re
import sys
import zipfile
from pathlib import Path

DATA = "bfcl_eval/data/"


def group_name(member: str) -> str:
    relative = member[len(DATA) :].removesuffix(".json")
    parts = [re.sub(r"^BFCL_v\d+_", "", part) for part in relative.split("/")]
    return ".".join(parts)


def records(name: str, text: str):
    """The JSON values of a JSON-lines file; none for a file that is one plain JSON document."""
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        return [json.loads(line) for line in lines]
    except json.JSONDecodeError:
        try:
            json.loads(text)  # An index of test ids (format_sensitivity), not function documents.
            return []
        except json.JSONDecodeError as err:
            sys.exit(f"{name}: neither JSON lines nor JSON: {err}")


def functions(record):
    if isinstance(record, dict) and isinstance(record.get("function"), list):
        return [item for item in record["function"] if isinstance(item, dict)]
    if isinstance(record, dict) and "name" in record and "parameters" in record:
        return [record]
    return []


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: python3 extract_bfcl.py WHEEL OUT_DIR")
    wheel, out = sys.argv[1], Path(sys.argv[2])
    seen: set[str] = set()
    groups: dict[str, list] = {}
    with zipfile.ZipFile(wheel) as archive:
        members = sorted(
            name
            for name in archive.namelist()
            if name.startswith(DATA) and name.endswith(".json") and "/possible_answer/" not in name
        )
        for member in members:
            text = archive.read(member).decode("utf-8")
            for record in records(member, text):
                for function in functions(record):
                    key = json.dumps(function, sort_keys=True, ensure_ascii=False)
                    if key not in seen:
                        seen.add(key)
                        groups.setdefault(group_name(member), []).append(function)
    if not seen:
        sys.exit(f"{wheel}: no function documents under {DATA}")
    out.mkdir(parents=True, exist_ok=True)
    for name, items in groups.items():
        body = ",\n".join(json.dumps(item, ensure_ascii=False) for item in items)
        (out / f"{name}.json").write_text(f"[\n{body}\n]\n", encoding="utf-8")
    print(len(groups), len(seen))


if __name__ == "__main__":
    main()
