"""Events: the only way game state changes. Each is a list of path/value changes plus the
dice and explanation that produced them, so the log reads as the game's story."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wgkit.dice import Roll

Path = tuple[str, ...]


class _Missing:
    """Marks a key that did not exist (for inverses) or is to be removed."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def plain(value: Any) -> Any:
    """JSON-shaped copy: tuples become lists, so replayed and loaded states compare equal."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
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

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind,
                               "changes": [[list(p), None if v is MISSING else plain(v), v is MISSING]
                                           for p, v in self.changes]}
        if self.text:
            out["text"] = self.text
        if self.rolls:
            out["rolls"] = [r.to_dict() for r in self.rolls]
        if self.detail:
            out["detail"] = plain(self.detail)
        if self.action is not None:
            out["action"] = plain(self.action)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        changes = tuple((tuple(p), MISSING if gone else v) for p, v, gone in d["changes"])
        return cls(d["kind"], changes, d.get("text", ""), tuple(Roll.from_dict(r) for r in d.get("rolls", ())),
                   d.get("detail", {}), d.get("action"))


def get(state: dict, path: Path) -> Any:
    node: Any = state
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return MISSING
        node = node[key]
    return node


def put(state: dict, path: Path, value: Any) -> Any:
    """Set (or with MISSING, remove) ``path``; return the old value (MISSING if absent)."""
    node = state
    for key in path[:-1]:
        node = node.setdefault(key, {})
    old = node.get(path[-1], MISSING)
    if value is MISSING:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = plain(value)
    return old
