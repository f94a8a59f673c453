"""Problems found in a scenario file, each pinned to file, line, column and field path."""

from __future__ import annotations

import re
from dataclasses import dataclass

Path = tuple[str | int, ...]
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def path_text(path: Path) -> str:
    """``("sides", 0, "units")`` -> ``sides[0].units``; the empty path is ``(document)``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _PLAIN.fullmatch(part):  # fullmatch: "$" would let a final line break through
            out += f".{part}" if out else part
        else:
            out += f"[{part!r}]"
    return out or "(document)"


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a file, in the form ``FILE:LINE:COL: path: message``."""

    file: str
    line: int
    col: int
    path: str
    message: str

    def __str__(self) -> str:
        message = " ".join(self.message.split())  # always one line, whatever a value held
        return f"{self.file}:{self.line}:{self.col}: {self.path}: {message}"


class ScenarioError(ValueError):
    """A scenario file could not be loaded; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def one(cls, file: str, message: str) -> "ScenarioError":
        """A fault of the whole file (unreadable, not a mapping), pinned to its first line."""
        return cls([Problem(file, 1, 1, "(document)", message)])
