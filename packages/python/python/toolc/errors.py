"""The errors toolc raises: each names the rule broken and where (a JSON Pointer)."""

from __future__ import annotations


class ToolcError(ValueError):
    """What every error toolc raises is: the rule broken (`rule`) and where (`path`)."""

    def __init__(self, message: str, path: str, rule: str) -> None:
        super().__init__(message)
        self.path = path
        self.rule = rule


class DefinitionError(ToolcError):
    """The definitions given are not tool definitions; `path` points into them."""


class TargetError(ToolcError):
    """A target toolc does not know; `path` is its index in the targets given (`/0` for `lower`)."""
