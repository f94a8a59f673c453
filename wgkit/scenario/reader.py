"""Read YAML text into plain data, remembering where every value stood.

Nothing in a file is executed: only YAML's core tags are accepted. The text is parsed once, as a
stream of parser events from libyaml's C parser where installed (PyYAML's pure-Python parser
otherwise), and the tree is built here without recursion, so every limit is checked as the file
is read: size, nesting, alias expansion, numbers and text. Merge keys (``<<: *base``) work as
in YAML 1.1; a merged value is placed at the line of its ``<<``.

The same value rules apply to data that arrives another way (the scenario embedded in a saved
game): :func:`plain_problems`.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

import yaml
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from wgkit.scenario.errors import Path, Problem, ScenarioError, path_text

MAX_BYTES = 2_000_000
MAX_DEPTH = 32
MAX_EVENTS = 80_000
MAX_NODES = 40_000  # values, counting each alias as the values it stands for
MAX_TEXT = 10_000  # characters in one text value
MAX_NUMBER = 10 ** 15  # magnitude of any number; no field needs more
MAX_DIGITS = 40  # a number written longer than this is refused before it is converted

_CORE = "tag:yaml.org,2002:"
ALLOWED_TAGS = {None, "!"} | {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
_MERGE = _CORE + "merge"
_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null")}
_DECIMAL = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")  # the common cases, read without the resolver
_DOTTED = re.compile(r"^[-+]?[0-9]*\.[0-9]+$")
_EXPONENT = re.compile(r"^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+$")  # 1e3: YAML 1.2
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
SURROGATE = re.compile(r"[\ud800-\udfff]")  # half of a UTF-16 pair: no UTF-8 form
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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


def _pos(mark: Any) -> tuple[int, int]:
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


# -- the value rules, shared by YAML files and embedded data -----------------------------------

def number_problem(value: int | float) -> str | None:
    """Why a number cannot stand in a scenario or saved game, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not allowed (numbers must be finite)"
    if abs(value) > MAX_NUMBER:
        return f"number is too large (the limit is {MAX_NUMBER:.0e} either way)"
    return None


def text_problem(value: str, max_text: int = MAX_TEXT) -> str | None:
    """Why a piece of text cannot stand in a scenario or saved game, or None."""
    if len(value) > max_text:
        return f"text is {len(value):,} characters long (the limit is {max_text:,})"
    if SURROGATE.search(value):
        return "text holds a lone surrogate (an escape such as \\ud800 that is no character)"
    bad = _CONTROL.search(value)
    if bad:
        return f"text holds the control character U+{ord(bad.group()):04X} (only tabs and line breaks)"
    return None


def value_problem(value: Any, max_text: int = MAX_TEXT) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return number_problem(value)
    if isinstance(value, str):
        return text_problem(value, max_text)
    return None


def plain_problems(data: Any, max_depth: int = MAX_DEPTH,
                   max_text: int = MAX_TEXT) -> Iterator[tuple[Path, str]]:
    """(path, why) for every value in plain data (from JSON, say) that a YAML file could not hold."""
    todo: list[tuple[Path, Any]] = [((), data)]
    while todo:
        path, value = todo.pop()
        if len(path) > max_depth:
            yield path, f"nesting is deeper than {max_depth} levels"
            continue
        if isinstance(value, dict):
            for k, v in value.items():
                why = text_problem(k, max_text) if isinstance(k, str) else "a key must be text"
                if why:
                    yield path + (str(k)[:40],), why
                todo.append((path + (k,), v))
        elif isinstance(value, list):
            todo.extend((path + (i,), v) for i, v in enumerate(value))
        else:
            why = value_problem(value, max_text)
            if why:
                yield path, why


# -- building the tree from parser events ------------------------------------------------------

class _Fatal(Exception):
    def __init__(self, pos: tuple[int, int], path: Path, message: str):
        self.pos, self.path, self.message = pos, path, message


class _Merge:
    """Marks the ``<<`` key of a mapping; its value is merged when the mapping closes."""


@dataclass
class _Frame:
    container: dict | list
    path: Path
    anchor: str | None
    size: int = 1  # values inside, counting this collection
    height: int = 1  # nesting levels, counting this collection
    key: Any = None  # the pending key of a mapping (None: the next scalar is a key)
    key_pos: tuple[int, int] = (1, 1)
    skip: bool = False  # the pending key repeats an earlier one: read its value, then drop it
    merges: list[tuple[Any, tuple[int, int]]] = field(default_factory=list)
    explicit: set = field(default_factory=set)


_NO_KEY = object()


class _Builder:
    def __init__(self, file: str):
        self.file = file
        self.out = Located(None, file)
        self.problems: list[Problem] = []
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[Any, int, int]] = {}  # name -> (value, size, height)
        self.open_anchors: set[str] = set()
        self.nodes = 0
        self.aliased = False
        self.done = False
        self.resolver = Resolver()
        self.constructor = SafeConstructor()

    # where the next value goes
    def _slot(self) -> tuple[Path, bool]:
        """(path of the next value, whether it is a mapping key)."""
        if not self.stack:
            return (), False
        top = self.stack[-1]
        if isinstance(top.container, list):
            return top.path + (len(top.container),), False
        if top.key is _NO_KEY:
            return top.path, True
        return top.path + (top.key if not isinstance(top.key, _Merge) else "<<",), False

    def _count(self, n: int, pos: tuple[int, int], path: Path) -> None:
        self.nodes += n
        if self.nodes > MAX_NODES:
            how = " (counting what each alias stands for)" if self.aliased else ""
            raise _Fatal(pos, path, f"the file holds too many values{how}; the limit is {MAX_NODES:,}")

    def _place(self, value: Any, size: int, height: int) -> None:
        if not self.stack:
            self.out.data, self.done = value, True
            return
        top = self.stack[-1]
        top.size += size
        top.height = max(top.height, height + 1)
        if isinstance(top.container, list):
            top.container.append(value)
            return
        if isinstance(top.key, _Merge):
            top.merges.append((value, top.key_pos))
        elif not top.skip:
            top.container[top.key] = value
        top.key, top.skip = _NO_KEY, False

    def _problem(self, pos: tuple[int, int], path: Path, message: str) -> None:
        self.problems.append(Problem(self.file, pos[0], pos[1], path_text(path), message))

    # events
    def scalar(self, event: yaml.ScalarEvent) -> None:
        pos = _pos(event.start_mark)
        path, is_key = self._slot()
        if event.tag not in ALLOWED_TAGS:
            raise _Fatal(pos, path, f"tag {event.tag!r} is not allowed (only plain YAML values; "
                                    "nothing is executed)")
        value = self._scalar_value(event, pos, path)
        if is_key:
            self._key(value, pos, path)
            return
        self._count(1, pos, path)
        self.out.values.setdefault(path, pos)
        if event.anchor:
            self.anchors[event.anchor] = (value, 1, 0)
        self._place(value, 1, 0)

    def _scalar_value(self, event: yaml.ScalarEvent, pos: tuple[int, int], path: Path) -> Any:
        text = event.value
        if event.implicit[0] and event.tag is None and len(text) <= MAX_DIGITS:
            if _DECIMAL.match(text):
                number: int | float = int(text)
            elif _DOTTED.match(text):
                number = float(text)
            else:
                number = None
            if number is not None and -MAX_NUMBER <= number <= MAX_NUMBER:
                return number
        if event.tag in (None, "!"):
            plain = event.implicit[0] and event.tag is None
            tag = self.resolver.resolve(yaml.ScalarNode, text, (plain, False)) if plain else _CORE + "str"
            if tag == _CORE + "str" and plain and _EXPONENT.match(text):
                tag = _CORE + "float"
        else:
            tag = event.tag
        if tag == _MERGE:
            return _Merge()
        if tag not in _SCALAR_TAGS:
            tag = _CORE + "str"  # timestamps and the like stay text; the schema judges them
        if tag in (_CORE + "int", _CORE + "float") and len(text) > MAX_DIGITS:
            self._problem(pos, path, f"number is written with {len(text):,} characters "
                                     f"(the limit is {MAX_DIGITS})")
            return None
        if tag == _CORE + "str":
            value: Any = text
        else:
            node = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, event.style)
            try:
                value = self.constructor.construct_object(node)
            except (yaml.YAMLError, ValueError) as exc:
                self._problem(pos, path, f"bad value: {' '.join(str(exc).split())}")
                return None
        return self._checked(value, pos, path)

    def _checked(self, value: Any, pos: tuple[int, int], path: Path) -> Any:
        why = value_problem(value)
        if why:
            self._problem(pos, path, why)
            return None
        return value

    def _key(self, key: Any, pos: tuple[int, int], path: Path) -> None:
        top = self.stack[-1]
        if isinstance(key, _Merge):
            top.key, top.key_pos = key, pos
            return
        key = key if isinstance(key, str) else str(key)
        if key in top.explicit:
            self._problem(pos, path + (key,), f"key {key!r} appears twice")
            top.skip = True
        else:
            top.explicit.add(key)
            self.out.keys.setdefault(path + (key,), pos)
        top.key, top.key_pos = key, pos

    def start(self, event: yaml.CollectionStartEvent) -> None:
        pos = _pos(event.start_mark)
        path, is_key = self._slot()
        if is_key:
            raise _Fatal(pos, path, "a key must be a plain word")
        if event.tag not in ALLOWED_TAGS:
            raise _Fatal(pos, path, f"tag {event.tag!r} is not allowed (only plain YAML values; "
                                    "nothing is executed)")
        if len(self.stack) >= MAX_DEPTH:
            raise _Fatal(pos, path, f"nesting is deeper than {MAX_DEPTH} levels")
        self._count(1, pos, path)
        self.out.values.setdefault(path, pos)
        is_map = isinstance(event, yaml.MappingStartEvent)
        frame = _Frame({} if is_map else [], path, event.anchor)
        if is_map:
            frame.key = _NO_KEY
        if event.anchor:
            self.open_anchors.add(event.anchor)
        self.stack.append(frame)

    def end(self, event: yaml.CollectionEndEvent) -> None:
        frame = self.stack.pop()
        value = frame.container
        if isinstance(value, dict):
            value = self._merged(frame)
        if frame.anchor:
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = (value, frame.size, frame.height)
        self._place(value, frame.size, frame.height)

    def _merged(self, frame: _Frame) -> dict:
        """YAML 1.1 merge: keys from ``<<`` mappings come first; the mapping's own keys win."""
        if not frame.merges:
            return frame.container
        merged: dict = {}
        for value, pos in frame.merges:
            sources = value if isinstance(value, list) else [value]
            if not sources or not all(isinstance(s, dict) for s in sources):
                raise _Fatal(pos, frame.path, "'<<' merges a mapping or a list of mappings into this one")
            for source in sources:
                for k, v in source.items():
                    if k not in merged and k not in frame.explicit:
                        merged[k] = copy.deepcopy(v)
                        self.out.keys.setdefault(frame.path + (k,), pos)
                        self.out.values.setdefault(frame.path + (k,), pos)
        merged.update(frame.container)
        return merged

    def alias(self, event: yaml.AliasEvent) -> None:
        pos = _pos(event.start_mark)
        path, is_key = self._slot()
        name = event.anchor
        if name in self.open_anchors:
            raise _Fatal(pos, path, f"alias *{name} stands for a value that contains it "
                                    "(a recursive alias)")
        if name not in self.anchors:
            raise _Fatal(pos, path, f"alias *{name} is used before any &{name} is defined")
        value, size, height = self.anchors[name]
        if is_key:
            if isinstance(value, (dict, list)):
                raise _Fatal(pos, path, "a key must be a plain word")
            self._key(value, pos, path)
            return
        self.aliased = True
        self._count(size, pos, path)
        if len(self.stack) + height > MAX_DEPTH:
            raise _Fatal(pos, path, f"nesting is deeper than {MAX_DEPTH} levels (through alias *{name})")
        self.out.values.setdefault(path, pos)
        self._place(copy.deepcopy(value), size, height)


def parse(text: str, file: str = "<string>") -> Located:
    """Parse YAML ``text`` into a :class:`Located`; raise :class:`ScenarioError` on any fault."""
    build = _Builder(file)
    loader = _LOADER(text)
    events = documents = 0
    handlers = {yaml.ScalarEvent: build.scalar, yaml.MappingStartEvent: build.start,
                yaml.SequenceStartEvent: build.start, yaml.MappingEndEvent: build.end,
                yaml.SequenceEndEvent: build.end, yaml.AliasEvent: build.alias}
    try:
        while loader.check_event():
            event = loader.get_event()
            events += 1
            if events > MAX_EVENTS:
                raise _Fatal(_pos(event.start_mark), (), f"file has too many elements (over {MAX_EVENTS:,})")
            handle = handlers.get(type(event))
            if handle is not None:
                handle(event)
            elif isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _Fatal(_pos(event.start_mark), (), "a scenario file holds one YAML document")
    except _Fatal as fatal:
        raise ScenarioError([Problem(file, *fatal.pos, path_text(fatal.path), fatal.message)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _pos(mark)
        raise ScenarioError([Problem(file, line, col, "(document)",
                                     f"YAML syntax error: {exc.problem or exc.context}")]) from None
    except yaml.YAMLError as exc:
        raise ScenarioError([Problem(file, 1, 1, "(document)", f"YAML error: {exc}")]) from None
    finally:
        loader.dispose()
    if not build.done:
        raise ScenarioError([Problem(file, 1, 1, "(document)", "the file is empty")])
    if build.problems:
        raise ScenarioError(build.problems)
    return build.out
