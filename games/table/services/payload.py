"""Bounds on the structured data a client sends (moves as JSON, setup options): a cheap scan
of the nesting depth before parsing, then an iterative walk of the parsed value (depth,
size, types, no NUL, no lone surrogate, bounded numbers). Nothing here recurses on client
data, so a deep or huge payload is a clear refusal (`error_cls`, a 400), never a
RecursionError (a 500).
"""

from __future__ import annotations

import json
import math

from .errors import GameError, MalformedAction

# The deepest action an engine needs is 3 levels (an offer's list of cards inside the
# action); options nest a little more (a setup's hands). Far above, far below recursion.
MAX_DEPTH = 12
# Values (dicts, lists, strings, numbers...) in one payload.
MAX_NODES = 2_000
# Whole numbers: a game's counts and sums, never more than nine digits.
MAX_INT = 10**9


def json_text_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON `text`, strings skipped. A linear
    scan, good enough to refuse a payload before the parser recurses into it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def parse_json_text(
    text,
    *,
    max_chars: int,
    max_depth: int = MAX_DEPTH,
    error_cls: type[GameError] = MalformedAction,
):
    """The value of the JSON `text` a client sent, checked by `check_json_value`; raises
    `error_cls` for anything too long, too deep, malformed or not clean JSON."""
    if not isinstance(text, str) or len(text) > max_chars:
        raise error_cls()
    if json_text_depth(text) > max_depth:
        raise error_cls()
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise error_cls() from None
    check_json_value(value, max_depth=max_depth, error_cls=error_cls)
    return value


def _clean_string(value: str) -> bool:
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")  # a lone surrogate ("\ud800") cannot be stored nor shown
    except UnicodeEncodeError:
        return False
    return True


def check_json_value(
    value,
    *,
    max_depth: int = MAX_DEPTH,
    max_nodes: int = MAX_NODES,
    error_cls: type[GameError] = MalformedAction,
) -> None:
    """Refuse (`error_cls`) a value that is not plain JSON: dicts with string keys, lists,
    clean strings, whole numbers within `MAX_INT`, finite floats, booleans and None, at most
    `max_depth` levels and `max_nodes` values. Iterative: safe on any nesting."""
    stack = [(value, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise error_cls()
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, str):
            if not _clean_string(item):
                raise error_cls()
        elif isinstance(item, int):
            if abs(item) > MAX_INT:
                raise error_cls()
        elif isinstance(item, float):
            if not math.isfinite(item) or abs(item) > MAX_INT:
                raise error_cls()
        elif isinstance(item, dict | list | tuple):
            if depth > max_depth or len(item) > max_nodes:
                raise error_cls()
            if isinstance(item, dict):
                for key, child in item.items():
                    if not isinstance(key, str) or not _clean_string(key):
                        raise error_cls()
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in item)
        else:
            raise error_cls()
