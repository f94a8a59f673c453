"""Scenario variants: small patches of a scenario, for balancing sweeps.

A variants file is YAML, read as safely as a scenario (no tags, limits, one-line errors)::

    variants:
      - name: MG 42 in the orchard
        changes:
          - move: {id: mg, by: [-14, 4]}
      - name: one more German squad, a turn longer
        changes:
          - add_unit: {side: de, kind: squad, positions: [[30, 31], [31, 31]], quality: regular}
          - turns: 9

Each change is one of the editor's named edits (:class:`~wgkit.scenario.draft.Draft`), so a
variant changes a scenario exactly as a designer would at the editor: ``move`` (a feature, a piece
or a whole unit, ``by`` inches), ``place`` (a piece ``at`` a point), ``remove`` (a feature, piece or
unit by id), ``add_unit``, ``add_area``, ``add_line``, ``set_unit`` (quality, kind ...) and
``turns``. A change that names something missing, or a variant that leaves the scenario invalid,
is one line naming the variants file, its line and the change.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wgkit.scenario.draft import Draft
from wgkit.scenario.errors import Problem, ScenarioError
from wgkit.scenario.model import Scenario
from wgkit.scenario.reader import Located, parse, read_text

MAX_VARIANTS = 100
AS_WRITTEN = "as written"  # the scenario itself, the first row of every sweep

# change: (required fields, optional fields); a change whose value is not a mapping takes it whole
CHANGES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "move": (("id", "by"), ()),
    "place": (("id", "at"), ("facing",)),
    "remove": ((), ()),
    "add_unit": (("side", "kind", "positions"), ("name", "quality", "weapons", "leader", "facing")),
    "add_area": (("type",), ("polygon", "rectangle", "circle", "name", "variant", "height")),
    "add_line": (("type", "points"), ("width", "name", "variant")),
    "set_unit": (("id",), ("name", "kind", "quality", "leader")),
    "turns": ((), ()),
}
WHOLE = ("remove", "turns")  # written as `remove: ID`, `turns: N`


@dataclass(frozen=True)
class Variant:
    """A named patch: the changes, as read, in order."""

    name: str
    changes: tuple[dict[str, Any], ...]


def _apply(draft: Draft, kind: str, value: Any) -> None:
    if kind == "remove":
        draft.delete(str(value))
    elif kind == "turns":
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"turns must be a whole number of at least 1, not {value!r}")
        with draft.edit(f"turns {value}") as d:
            d["turns"] = value
    elif kind == "move":
        dx, dy = value["by"]
        draft.move(str(value["id"]), float(dx), float(dy))
    elif kind == "place":
        draft.place(str(value["id"]), tuple(value["at"]), value.get("facing"))
    elif kind == "set_unit":
        draft.set_unit(str(value["id"]), **{k: v for k, v in value.items() if k != "id"})
    else:  # add_unit, add_area, add_line: the draft's own keyword arguments
        getattr(draft, kind)(**value)


def apply(scenario: Scenario | dict[str, Any], variant: Variant) -> Draft:
    """A draft of ``scenario`` with the variant's changes made, in order (raises ``ValueError``
    or ``KeyError`` naming what a change could not do)."""
    draft = Draft(scenario)
    for change in variant.changes:
        (kind, value), = change.items()
        _apply(draft, kind, value)
    return draft


def _check_change(doc: Located, path: tuple, change: Any) -> list[Problem]:
    if not isinstance(change, dict) or len(change) != 1:
        return [doc.problem(path, f"a change is one of {', '.join(CHANGES)}, written as `move: {{...}}`")]
    (kind, value), = change.items()
    if kind not in CHANGES:
        return [doc.problem(path + (kind,), f"unknown change {kind!r} (one of {', '.join(CHANGES)})", key=True)]
    if kind in WHOLE:
        return []
    if not isinstance(value, dict):
        return [doc.problem(path + (kind,), f"{kind} takes a mapping of {', '.join(sum(CHANGES[kind], ()))}")]
    need, may = CHANGES[kind]
    out = [doc.problem(path + (kind,), f"{kind} needs {key!r}") for key in need if key not in value]
    out += [doc.problem(path + (kind, key), f"unknown field {key!r} of {kind} (allowed: "
                        f"{', '.join(need + may)})", key=True) for key in value if key not in need + may]
    return out


def read(doc: Located, scenario: Scenario | None = None) -> list[Variant]:
    """The variants of a parsed variants file, checked against ``scenario`` when given (each
    applied to it, in turn); raises :class:`ScenarioError` listing every problem."""
    data = doc.data
    if not isinstance(data, dict) or set(data) != {"variants"} or not isinstance(data["variants"], list):
        raise ScenarioError([doc.problem((), "a variants file holds one field, `variants:`, a list of "
                                             "{name, changes}")])
    found: list[Problem] = []
    out: list[Variant] = []
    if not 1 <= len(data["variants"]) <= MAX_VARIANTS:
        found.append(doc.problem(("variants",), f"give 1 to {MAX_VARIANTS} variants, not {len(data['variants'])}"))
    for i, v in enumerate(data["variants"]):
        path: tuple = ("variants", i)
        if not isinstance(v, dict) or not isinstance(v.get("name"), str) or not v["name"].strip() \
                or not isinstance(v.get("changes"), list) or not v["changes"] or set(v) - {"name", "changes"}:
            found.append(doc.problem(path, "a variant is {name: TEXT, changes: [a list of changes]}"))
            continue
        problems = [p for j, c in enumerate(v["changes"]) for p in _check_change(doc, path + ("changes", j), c)]
        if any(x.name == v["name"] for x in out) or v["name"] == AS_WRITTEN:
            problems.append(doc.problem(path + ("name",), f"the name {v['name']!r} is taken"))
        found += problems
        if problems:
            continue
        variant = Variant(v["name"].strip(), tuple(v["changes"]))
        if scenario is not None:
            found += _try(doc, path, scenario, variant)
        out.append(variant)
    if found:
        raise ScenarioError(found)
    return out


def _try(doc: Located, path: tuple, scenario: Scenario, variant: Variant) -> list[Problem]:
    """Apply the variant change by change; the first that fails, or what the result leaves wrong."""
    draft = Draft(scenario)
    for j, change in enumerate(variant.changes):
        (kind, value), = change.items()
        try:
            _apply(draft, kind, value)
        except (ValueError, KeyError, TypeError) as exc:
            why = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
            return [doc.problem(path + ("changes", j, kind), f"{why}")]
    left = draft.problems()
    if left:
        return [doc.problem(path + ("name",), f"variant {variant.name!r} leaves the scenario invalid: "
                                              f"{left[0].split(': ', 1)[1]}")]
    return []


def load(path: str | os.PathLike[str], scenario: Scenario | None = None) -> list[Variant]:
    """Read a variants file (see the module docstring)."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError.one(name, f"cannot read file: {exc.strerror}") from None
    return read(parse(read_text(raw, name), name), scenario)


def scenarios(scenario: Scenario, variants: list[Variant]) -> list[tuple[str, Scenario]]:
    """The scenario as written, then each variant of it, by name."""
    return [(AS_WRITTEN, scenario)] + [(v.name, apply(scenario, v).scenario.with_(folder=scenario.folder))
                                       for v in variants]
