"""Load and save scenario files."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from wgkit.scenario.errors import Problem, ScenarioError
from wgkit.scenario.model import Scenario
from wgkit.scenario.reader import parse, read_text
from wgkit.scenario.validate import problems


def loads(text: str, file: str = "<string>") -> Scenario:
    """Parse and validate scenario YAML; raise :class:`ScenarioError` listing every problem."""
    doc = parse(text, file)
    found = problems(doc)
    if found:
        raise ScenarioError(found)
    return Scenario.from_dict(doc.data)


def load(path: str | os.PathLike[str]) -> Scenario:
    """Load a scenario file; every failure is a :class:`ScenarioError` naming the file."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError([Problem(name, 1, 1, "(document)", f"cannot read file: {exc.strerror}")]) from None
    return loads(read_text(raw, name), name).with_(folder=str(Path(path).resolve().parent))


class _Dumper(yaml.SafeDumper):
    """Short lists of plain values (points, cells, weapon lists) stay on one line."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(isinstance(x, (int, float, str, bool)) for x in data) or \
        all(isinstance(x, list) and all(isinstance(y, (int, float, str)) for y in x) and len(x) <= 3
            for x in data) and len(data) <= 8
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    flat = all(isinstance(v, (int, float, str, bool)) or
               (isinstance(v, list) and all(isinstance(x, (int, float, str)) for x in v))
               for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data,
                                    flow_style=flat and len(str(data)) < 90)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = ">" if len(data) > 80 or "\n" in data.rstrip("\n") else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(str, _represent_str)


def dumps(scenario: Scenario) -> str:
    """Scenario to YAML text, keys in the order a person writes them."""
    return dumps_document(scenario.to_dict())


def dumps_document(doc: dict[str, Any]) -> str:
    """A scenario document to YAML text as it stands, valid or not (a draft being written)."""
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def dump(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    atomic_write(path, dumps(scenario))
