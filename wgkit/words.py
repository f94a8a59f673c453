"""English around the names a scenario gives: a possessive and a verb that agree with a side's
name ("the Germans' objectives", "Germans win", "US 101st Airborne wins"), grid cells named as
the board labels them, and the rules' texts with ids turned into those names."""

from __future__ import annotations

import re
from typing import Mapping


def plural(name: str) -> bool:
    """Whether a side's name reads as a plural: it ends in a plain -s ("Germans", "US Rangers"),
    not in -ss or -us ("Gruppe Weiss", "Corpus")."""
    word = name.strip().split()[-1] if name.strip() else ""
    return word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 2


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a plural ("Paras' objectives")."""
    return f"{name}'" if plural(name) else f"{name}'s"


def wins(name: str) -> str:
    """"``name`` wins", or "``name`` win" for a plural."""
    return f"{name} win" if plural(name) else f"{name} wins"


def cell_name(cell: tuple[int, int]) -> str:
    """A grid cell as the board labels it: a column letter (A from the left edge; AA after Z) and
    a row number (1 on the near edge), so ``(2, 3)`` is C4."""
    column, row = cell
    letters = ""
    n = column + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


_CELL = re.compile(r"\((\d+), (\d+)\)")


class Wording:
    """The rules' texts (which name units, pieces and sides by id, and cells by coordinates) in
    the words a player uses: the scenario's names, a possessive that agrees ("Germans'"), and
    grid cells as the board labels them."""

    def __init__(self, names: Mapping[str, str], cells: bool = False):
        self.names = {i: n for i, n in names.items() if n and n != i}
        self.cells = cells
        ids = sorted(self.names, key=len, reverse=True)
        self._ids = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, ids)) + r")('s)?(?![\w])") if ids else None

    def __call__(self, text: str) -> str:
        if self._ids is not None:
            text = self._ids.sub(lambda m: possessive(self.names[m[1]]) if m[2] else self.names[m[1]], text)
        if self.cells:
            text = _CELL.sub(lambda m: cell_name((int(m[1]), int(m[2]))), text)
        return text
