"""Events: the only way game state changes. Each is a list of path/value changes plus the
dice and explanation that produced them, so the log reads as the game's story."""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wgkit.dice import Roll
from wgkit.scenario.reader import SURROGATE

Path = tuple[str, ...]


class _Missing:
    """Marks a key that did not exist (for inverses) or is to be removed."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def plain(value: Any) -> Any:
    """JSON-shaped copy: tuples become lists, so replayed and loaded states compare equal.

    A lone surrogate (half of an emoji cut by a browser) becomes U+FFFD: it has no UTF-8 form,
    and a save must always be writable. A numpy number or array (a point worked out on the
    board, a drift computed in numpy) becomes Python's own: ``np.float64`` is a float that
    :func:`copy_tree`'s marshal would copy as raw bytes, and ``np.int64`` no JSON writer takes."""
    if isinstance(value, (np.generic, np.ndarray)):
        return plain(value.tolist())
    if isinstance(value, dict):
        return {plain(str(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, str) and SURROGATE.search(value):
        return SURROGATE.sub("\ufffd", value)
    return value


def copy_tree(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples and scalars, as a game's state is),
    which what-if branches take often: :mod:`marshal`'s round trip, about three times faster than
    copying node by node in Python (and many times faster than :func:`copy.deepcopy`); data
    marshal does not take is copied node by node."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return _copy_nodes(value)


def _copy_nodes(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_nodes(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_nodes(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_copy_nodes(v) for v in value)
    return value


@dataclass(frozen=True)
class Event:
    """One committed step of play."""

    kind: str
    changes: tuple[tuple[Path, Any], ...]
    text: str = ""
    rolls: tuple[Roll, ...] = ()
    detail: dict = field(default_factory=dict)  # modifiers, odds, outcome: plain data
    action: dict | None = None  # {"name": ..., "params": {...}} that produced it
    by: tuple[str, ...] = ()  # the pieces or units that acted on others in it (fired, assaulted, spotted)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"kind": plain(self.kind),
                               "changes": [[list(p), None if v is MISSING else plain(v), v is MISSING]
                                           for p, v in self.changes]}
        if self.text:
            out["text"] = plain(self.text)
        if self.rolls:
            out["rolls"] = [r.to_dict() for r in self.rolls]
        if self.detail:
            out["detail"] = plain(self.detail)
        if self.action is not None:
            out["action"] = plain(self.action)
        if self.by:
            out["by"] = list(self.by)
        return out

    @classmethod
    def from_dict(cls, d: Any) -> "Event":
        """The event :meth:`to_dict` wrote; ValueError says what a damaged one lacks."""
        if not isinstance(d, dict) or not isinstance(d.get("kind"), str) or not isinstance(d.get("changes"), list):
            raise ValueError("an event needs a 'kind' and a list of 'changes'")
        changes = []
        for change in d["changes"]:
            if not (isinstance(change, list) and len(change) == 3 and isinstance(change[0], list) and change[0]
                    and all(isinstance(k, str) for k in change[0]) and isinstance(change[2], bool)):
                raise ValueError(f"a change must be [path, value, removed], not {str(change)[:60]}")
            path, value, gone = change
            changes.append((tuple(path), MISSING if gone else value))
        rolls, detail, action, by = d.get("rolls", []), d.get("detail", {}), d.get("action"), d.get("by", [])
        if not isinstance(rolls, list) or not all(isinstance(r, dict) for r in rolls) \
                or not isinstance(detail, dict) or not isinstance(action, (dict, type(None))) \
                or not isinstance(d.get("text", ""), str) or not isinstance(by, list) \
                or not all(isinstance(b, str) for b in by):
            raise ValueError("an event's text, rolls, detail, action or actors have the wrong shape")
        try:
            rolled = tuple(Roll.from_dict(r) for r in rolls)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"a roll is damaged ({exc})") from None
        return cls(d["kind"], tuple(changes), d.get("text", ""), rolled, detail, action, tuple(by))


def get(state: dict, path: Path) -> Any:
    node: Any = state
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return MISSING
        node = node[key]
    return node


def put(state: dict, path: Path, value: Any) -> Any:
    """Set (or with MISSING, remove) ``path``; return the old value (MISSING if absent).

    ValueError if the path runs into something that is not a mapping."""
    node = state
    for key in path[:-1]:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            raise ValueError(f"the path {'.'.join(map(str, path))} runs into a {type(node).__name__}")
    old = node.get(path[-1], MISSING)
    if value is MISSING:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = plain(value)
    return old
