"""The SDKs' request types read strictly. OpenAI and Anthropic type their requests as TypedDicts,
which pydantic validates without refusing unknown keys; `problems` checks a value against such an
annotation strictly: every key known, every required key present, every literal one the SDK lists."""

import os
import typing

import pydantic
import typing_extensions


REQUIRED = (typing_extensions.Required, typing.Required)
NOT_REQUIRED = (typing_extensions.NotRequired, typing.NotRequired)


def required_keys(typed_dict, hints):
    """The keys a TypedDict must have: marked `Required`, or not `NotRequired` in a total one. (The
    SDKs declare `total=False` classes with `Required` fields, which `__required_keys__` misses.)"""
    keys = set(typed_dict.__required_keys__)
    for key, hint in hints.items():
        origin = typing.get_origin(hint)
        if origin in REQUIRED or (typed_dict.__total__ and origin not in NOT_REQUIRED):
            keys.add(key)
    return keys


def problems(value, annotation, at):
    """Why `value` does not fit the SDK `annotation` (empty when it fits)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing_extensions.Required, typing_extensions.NotRequired, typing.Required, typing.NotRequired):
        return problems(value, args[0], at)
    if origin is typing.Annotated or origin is typing_extensions.Annotated:
        return problems(value, args[0], at)
    if origin is typing.Union or (origin is not None and str(origin) == "<class 'types.UnionType'>"):
        found = [problems(value, member, at) for member in args]
        if any(not found_here for found_here in found):
            return []
        return [f"{at}: fits no member of {annotation}: " + " | ".join("; ".join(p) for p in found)]
    if origin is typing.Literal or origin is typing_extensions.Literal:
        return [] if value in args else [f"{at}: {value!r} is not one of {args}"]
    if typing_extensions.is_typeddict(annotation):
        if not isinstance(value, dict):
            return [f"{at}: expected an object for {annotation.__name__}"]
        hints = typing_extensions.get_type_hints(annotation, include_extras=True)
        found = [f"{at}/{key}: unknown to {annotation.__name__}" for key in value if key not in hints]
        found += [f"{at}/{key}: missing" for key in required_keys(annotation, hints) if key not in value]
        for key, item in value.items():
            if key in hints:
                found += problems(item, hints[key], f"{at}/{key}")
        return found
    if origin in (list, typing.List, typing.Iterable, typing.Sequence) or str(origin) in (
        "<class 'collections.abc.Iterable'>",
        "<class 'collections.abc.Sequence'>",
    ):
        if not isinstance(value, list):
            return [f"{at}: expected a list"]
        return [p for index, item in enumerate(value) for p in problems(item, args[0], f"{at}/{index}")]
    if origin in (dict, typing.Dict):
        # Free-form in the SDK (chat's `allowed_tools.tools` items): any object.
        return [] if isinstance(value, dict) else [f"{at}: expected an object"]
    if annotation in (object, typing.Any):
        return []
    if annotation is bool:
        return [] if isinstance(value, bool) else [f"{at}: expected a boolean"]
    if annotation in (int, float):
        return [] if isinstance(value, (int, float)) and not isinstance(value, bool) else [f"{at}: expected a number"]
    if annotation is str:
        return [] if isinstance(value, str) else [f"{at}: expected a string"]
    if annotation is type(None):
        return [] if value is None else [f"{at}: expected null"]
    if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
        # A response model the SDK also takes back as it came; requests are checked against the
        # TypedDict params beside it, which say exactly what a request may hold.
        return [f"{at}: {annotation.__name__} is a response model, not request params"]
    if origin is typing.IO or annotation is os.PathLike or origin is os.PathLike:
        # A file the SDK would read and encode itself: never a JSON value.
        return [f"{at}: JSON cannot be {annotation!r}"]
    raise TypeError(f"{at}: the checker does not know {annotation!r}")
