"""Draws argument objects from lowered tool schemas with hypothesis-jsonschema, a generator written
outside this project, for the soundness test (tests/tests/soundness.rs).

Usage: generate.py FILE CASES
FILE holds {"<id>": <JSON Schema>, ...}. For each schema, up to CASES distinct values are drawn
(hypothesis derandomized: the same values on every run of the same pinned versions), and each is
kept only when the `jsonschema` package's validator for the schema's draft admits it, with formats
checked and patterns read as ECMA-262 regular expressions (`ecma_pattern`), as a provider enforcing
the schema would (values are drawn with one hint the generator needs, `generator_hints`; what is
kept is judged against the schema as it is). Prints one JSON object:
{"<id>": {"drawn": N, "distinct": N, "values": [...]}} or {"<id>": {"error": "why nothing could be drawn"}}.
"""

import json
import sys
import warnings

import jsonschema
import regress
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import HypothesisWarning
from hypothesis_jsonschema import from_schema


def field_names(node):
    """Every field name an object's parts name: its own `properties` and those of its `allOf`,
    `anyOf` and `oneOf` branches, all the way down its parts."""
    names = set((node.get("properties") or {}).keys())
    for keyword in ("allOf", "anyOf", "oneOf"):
        for branch in node.get(keyword) or []:
            if isinstance(branch, dict):
                names |= field_names(branch)
    return names


def generator_hints(node):
    """`schema` as hypothesis-jsonschema can draw from it. It does not read `unevaluatedProperties`
    (JSON Schema 2019-09 on), so an object closed with it (the fields of its parts, and no other) is
    drawn with random extra fields the validator then refuses, every one (and it finds nothing to
    draw beside a union). Such a closing is drawn as `propertyNames: {"enum": [every name a part
    names]}` instead, which admits more than the closing does, never less; what is kept is still what
    the `jsonschema` validator admits for the schema as it is."""
    if isinstance(node, list):
        return [generator_hints(item) for item in node]
    if not isinstance(node, dict):
        return node
    hinted = {key: generator_hints(value) if key not in ("const", "enum", "default", "examples") else value
              for key, value in node.items()}
    if node.get("unevaluatedProperties") in (False, {"not": {}}) and "propertyNames" not in node:
        del hinted["unevaluatedProperties"]
        hinted["propertyNames"] = {"enum": sorted(field_names(node))}
    return hinted


def ecma_pattern(validator, pattern, instance, schema):
    """The `pattern` keyword as JSON Schema defines it: an ECMA-262 regular expression, matched with
    `regress` (a Rust ECMA-262 engine) rather than Python's `re`, whose `\\d` takes any Unicode digit
    (`"۱۲"`) where ECMA-262, and every grammar engine, take 0-9 alone. Unicode mode first, as JSON
    Schema advises; a pattern only the legacy syntax reads (an escaped `-` outside a class) is read
    in it; one neither reads is left to `re`, as before."""
    if not validator.is_type(instance, "string"):
        return
    for flags in ("u", None):
        try:
            matched = regress.Regex(pattern, flags).find(instance) is not None
            break
        except regress.RegressError:
            continue
    else:
        yield from jsonschema._keywords.pattern(validator, pattern, instance, schema)
        return
    if not matched:
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def draw(schema, cases):
    """Up to `cases` distinct values of `schema`, in the order drawn, and how many were drawn."""
    strategy = from_schema(generator_hints(schema))
    seen, values, drawn = set(), [], [0]

    @settings(
        max_examples=cases,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value):
        drawn[0] += 1
        text = json.dumps(value, sort_keys=True)
        if text not in seen:
            seen.add(text)
            values.append(value)

    collect()
    return values, drawn[0]


def main():
    schemas = json.load(open(sys.argv[1]))
    cases = int(sys.argv[2])
    warnings.simplefilter("ignore", HypothesisWarning)
    out = {}
    for key, schema in schemas.items():
        try:
            values, drawn = draw(schema, cases)
        except Exception as err:  # an unsatisfiable or unsupported schema: said, not hidden
            out[key] = {"error": f"{type(err).__name__}: {err}"}
            continue
        validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        validator = jsonschema.validators.extend(validator, {"pattern": ecma_pattern})
        check = validator(schema, format_checker=validator.FORMAT_CHECKER)
        admitted = [value for value in values if check.is_valid(value)]
        out[key] = {"drawn": drawn, "distinct": len(values), "values": admitted}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
