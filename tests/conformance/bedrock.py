"""What the Bedrock checks share: botocore's own model of the `bedrock-runtime` service (bundled
with botocore, read offline), its parameter validation, its request serializer, and the constraints
of the model that the validation leaves out.

botocore's `ParamValidator` checks required members, unions, types and minimum lengths; it does
not check the model's `pattern`s, maximum lengths or `enum`s, which the service checks when the
request arrives. `constraints` walks a request against the same model and checks those, so a rendering
that passes both is one the service's own model accepts in full.
"""

import base64
import json
import re

import botocore.session
from botocore.serialize import create_serializer
from botocore.validate import ParamValidator

SERVICE = botocore.session.get_session().get_service_model("bedrock-runtime")
MODEL_ID = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"


def operation(name="Converse"):
    return SERVICE.operation_model(name)


def validation(params, op="Converse"):
    """botocore's own report of what is wrong with `params`, or '' when nothing is."""
    report = ParamValidator().validate(params, operation(op).input_shape)
    return report.generate_report() if report.has_errors() else ""


def constraints(value, shape, path="params"):
    """What `value` breaks of the model's patterns, lengths and enums (a list of problems)."""
    problems = []
    meta = shape.metadata
    kind = shape.type_name
    if kind == "structure":
        if getattr(shape, "is_document_type", False) or not isinstance(value, dict):
            return problems
        for key, member in value.items():
            if key in shape.members:
                problems += constraints(member, shape.members[key], f"{path}.{key}")
    elif kind == "list" and isinstance(value, list):
        problems += length(len(value), meta, path, "items")
        for index, item in enumerate(value):
            problems += constraints(item, shape.member, f"{path}[{index}]")
    elif kind == "map" and isinstance(value, dict):
        problems += length(len(value), meta, path, "entries")
        for key, item in value.items():
            problems += constraints(item, shape.value, f"{path}.{key}")
    elif kind == "string" and isinstance(value, str):
        problems += length(len(value), meta, path, "characters")
        if "pattern" in meta and not re.fullmatch(meta["pattern"], value):
            problems.append(f"{path}: {value!r} does not match the pattern {meta['pattern']}")
        if shape.enum and value not in shape.enum:
            problems.append(f"{path}: {value!r} is none of {shape.enum}")
    elif kind in ("integer", "long", "float", "double") and isinstance(value, (int, float)):
        if "min" in meta and value < meta["min"]:
            problems.append(f"{path}: {value} is below the minimum {meta['min']}")
        if "max" in meta and value > meta["max"]:
            problems.append(f"{path}: {value} is above the maximum {meta['max']}")
    return problems


def length(count, meta, path, what):
    problems = []
    if "min" in meta and count < meta["min"]:
        problems.append(f"{path}: {count} {what}, fewer than the minimum {meta['min']}")
    if "max" in meta and count > meta["max"]:
        problems.append(f"{path}: {count} {what}, more than the maximum {meta['max']}")
    return problems


def problems(params, op="Converse"):
    """Every problem botocore's validation and the model's constraints find in a request."""
    found = []
    report = validation(params, op)
    if report:
        found.append(report.replace("\n", " "))
    found += constraints(params, operation(op).input_shape)
    return found


def request(tool_config=None, messages=None, **more):
    """A Converse request around what toolc rendered."""
    params = {"modelId": MODEL_ID, "messages": messages or [{"role": "user", "content": [{"text": "Hello"}]}]}
    if tool_config is not None:
        params["toolConfig"] = tool_config
    params.update(more)
    return params


def with_bytes(value):
    """The request as boto3 takes it: the base64 of each image's `bytes` (as the HTTP API carries a
    blob) decoded to the bytes themselves."""
    if isinstance(value, list):
        return [with_bytes(item) for item in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "bytes" and isinstance(item, str):
                out[key] = base64.b64decode(item, validate=True)
            else:
                out[key] = with_bytes(item)
        return out
    return value


def serialized_body(params, op="Converse"):
    """The JSON body botocore's own serializer writes for `params` (taken as boto3 takes them)."""
    serializer = create_serializer(SERVICE.metadata["protocol"], include_validation=True)
    body = serializer.serialize_to_request(with_bytes(params), operation(op))["body"]
    return json.loads(body)
