"""Read YAML text into plain data, remembering where every value stood.

Nothing in the file is executed: only YAML's core tags are accepted, and the file is first
streamed as parser events so that nesting depth, size and alias expansion are bounded before
any tree is built (an alias bomb or a deeply nested file fails fast).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import yaml

from wgkit.scenario.errors import Path, Problem, ScenarioError, path_text

MAX_BYTES = 2_000_000
MAX_DEPTH = 32
MAX_EVENTS = 400_000
MAX_NODES = 200_000  # values visited after alias expansion

_CORE = "tag:yaml.org,2002:"
ALLOWED_TAGS = {None, "!"} | {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}


@dataclass
class Located:
    """Plain data plus the 1-based (line, column) of each value and each mapping key."""

    data: Any
    file: str
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """Position of ``path``; falls back to the nearest ancestor that has one."""
        table = self.keys if key else self.values
        p = tuple(path)
        while p:
            if p in table:
                return table[p]
            if p in self.values:
                return self.values[p]
            p = p[:-1]
        return self.values.get((), (1, 1))

    def problem(self, path: Path, message: str, *, key: bool = False) -> Problem:
        line, col = self.where(path, key=key)
        return Problem(self.file, line, col, path_text(path), message)


def _pos(mark: yaml.Mark | None) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def read_text(raw: bytes, file: str) -> str:
    """Decode a file's bytes, refusing oversized or non-text content."""
    def fail(msg: str) -> ScenarioError:
        return ScenarioError([Problem(file, 1, 1, "(document)", msg)])

    if len(raw) > MAX_BYTES:
        raise fail(f"file is too large ({len(raw):,} bytes; the limit is {MAX_BYTES:,})")
    if b"\x00" in raw:
        raise fail("not a text file (it contains NUL bytes)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"not a UTF-8 text file (bad byte at offset {exc.start})") from None


def _prescan(text: str, file: str) -> None:
    """Stream the parser events once: bound depth and size, refuse foreign tags."""
    depth = events = documents = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            events += 1
            if events > MAX_EVENTS:
                raise _fail(file, event.start_mark, f"file has too many elements (over {MAX_EVENTS:,})")
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _fail(file, event.start_mark, "a scenario file holds one YAML document")
            tag = getattr(event, "tag", None)
            if tag not in ALLOWED_TAGS:
                raise _fail(file, event.start_mark,
                            f"tag {tag!r} is not allowed (only plain YAML values; nothing is executed)")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _fail(file, event.start_mark, f"nesting is deeper than {MAX_DEPTH} levels")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise _fail(file, mark, f"YAML syntax error: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise ScenarioError([Problem(file, 1, 1, "(document)", f"YAML error: {exc}")]) from None


def _fail(file: str, mark: yaml.Mark | None, message: str) -> ScenarioError:
    line, col = _pos(mark)
    return ScenarioError([Problem(file, line, col, "(document)", message)])


def parse(text: str, file: str = "<string>") -> Located:
    """Parse YAML ``text`` into a :class:`Located`; raise :class:`ScenarioError` on any fault."""
    _prescan(text, file)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise _fail(file, exc.problem_mark, f"YAML syntax error: {exc.problem}") from None
    finally:
        loader.dispose()
    out = Located(None, file)
    if node is None:
        raise ScenarioError([Problem(file, 1, 1, "(document)", "the file is empty")])
    problems: list[Problem] = []
    budget = [MAX_NODES]
    out.data = _convert(node, (), out, loader, problems, budget)
    if problems:
        raise ScenarioError(problems)
    return out


def _convert(node: yaml.Node, path: Path, out: Located, loader: yaml.SafeLoader,
             problems: list[Problem], budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        line, col = _pos(node.start_mark)
        raise ScenarioError([Problem(out.file, line, col, path_text(path),
                                     f"too many values after expanding aliases (over {MAX_NODES:,})")])
    out.values.setdefault(path, _pos(node.start_mark))
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                line, col = _pos(key_node.start_mark)
                problems.append(Problem(out.file, line, col, path_text(path), "a key must be a plain word"))
                continue
            key = loader.construct_object(key_node)
            if not isinstance(key, str):
                key = str(key)
            if key in result:
                line, col = _pos(key_node.start_mark)
                problems.append(Problem(out.file, line, col, path_text(path + (key,)),
                                        f"key {key!r} appears twice"))
                continue
            out.keys.setdefault(path + (key,), _pos(key_node.start_mark))
            result[key] = _convert(value_node, path + (key,), out, loader, problems, budget)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, path + (i,), out, loader, problems, budget) for i, v in enumerate(node.value)]
    try:
        value = loader.construct_object(node)
    except yaml.YAMLError as exc:
        line, col = _pos(node.start_mark)
        problems.append(Problem(out.file, line, col, path_text(path), f"bad value: {exc}"))
        return None
    if isinstance(value, float) and not math.isfinite(value):
        line, col = _pos(node.start_mark)
        problems.append(Problem(out.file, line, col, path_text(path),
                                f"{value} is not allowed (numbers must be finite)"))
    if not isinstance(value, (str, int, float, bool, type(None))):
        value = str(node.value)  # timestamps and the like stay text; the schema judges them
    return value
