"""English around the names a scenario gives: a possessive and a verb that agree with a side's
name ("the Germans' objectives", "Germans win", "US 101st Airborne wins"), grid cells named as
the board labels them, the rules' texts with ids turned into those names, and a ruleset's own
terms (FP, TPD, MPs) explained where a page first uses them."""

from __future__ import annotations

import html
import math
import re
from typing import Callable, Iterable, Mapping

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")


def plural(name: str) -> bool:
    """Whether a side's name reads as a plural: it ends in a plain -s ("Germans", "US Rangers"),
    not in -ss or -us ("Gruppe Weiss", "Corpus")."""
    word = name.strip().split()[-1] if name.strip() else ""
    return word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 2


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a plural ("Paras' objectives")."""
    return f"{name}'" if plural(name) else f"{name}'s"


PLACE_NOUNS = {"rifle": "rifleman"}  # the words for a figure by its weapon, where not the weapon's own


def place_noun(role: str | None, weapons: tuple[str, ...]) -> str:
    """What a figure without a name is in its unit: its role (leader, crew) or its first weapon
    ("rifleman", "LMG", "auto rifle")."""
    if role:
        return role.replace("_", " ")
    if not weapons:
        return "figure"
    w = weapons[0]
    return PLACE_NOUNS.get(w, w.upper() if len(w) <= 3 else w.replace("_", " "))


def placed_names(unit: str, figures: list[tuple[str, str]], listed: bool = False) -> dict[str, str]:
    """Names for a unit's figures that have none, from ``(id, place noun)``: the only one of its
    kind is "No. 1 Section's LMG", several are numbered in order ("No. 1 Section, rifleman 3").
    ``listed`` names without a comma, for names a text lists ("Americans' squad 2")."""
    counts: dict[str, int] = {}
    for _, noun in figures:
        counts[noun] = counts.get(noun, 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for fid, noun in figures:
        seen[noun] = seen.get(noun, 0) + 1
        if counts[noun] == 1:
            out[fid] = f"{possessive(unit)} {noun}"
        else:
            out[fid] = f"{possessive(unit)} {noun} {seen[noun]}" if listed else f"{unit}, {noun} {seen[noun]}"
    return out


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


def heading(degrees: float) -> str:
    """A compass bearing (degrees clockwise from north, the table's far edge) as a person at the
    table reads it: the nearest of eight points, and the degrees ("north-east (40°)")."""
    return f"{COMPASS[int(((90 - degrees) % 360 + 22.5) // 45) % 8]} ({degrees:g}°)"


def bearing(frm: tuple[float, float], to: tuple[float, float]) -> str:
    """The compass point from ``frm`` towards ``to``, north being the table's far edge (+y)."""
    angle = math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0])) % 360
    return COMPASS[int((angle + 22.5) // 45) % 8]


_CELL = re.compile(r"\((\d+), (\d+)\)")
_POINT = re.compile(r"\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")


class Wording:
    """The rules' texts (which name units, pieces and sides by id, and cells and points by
    coordinates) in the words a player uses: the scenario's names, a possessive that agrees
    ("Germans'"), grid cells as the board labels them and, given ``place``, points on a free-form
    table as it words them ("a point 2" north of the Mill")."""

    def __init__(self, names: Mapping[str, str], cells: bool = False,
                 place: Callable[[float, float], str] | None = None, kept: Iterable[str] = ()):
        """``kept``: names a text may hold as they are (a wood called "Bois de la Croix" keeps its
        "de" where a side's id is ``de``), besides the names the ids become."""
        self.names = {i: n for i, n in names.items() if n and n != i}
        self.cells, self.place = cells, place
        ids = sorted(self.names, key=len, reverse=True)
        whole = sorted({n for n in [*self.names.values(), *kept] if n and n not in self.names}, key=len, reverse=True)
        keep = r"(?<![\w])(" + "|".join(map(re.escape, whole)) + r")(?![\w])|" if whole else "()(?!)|"
        self._ids = re.compile(keep + r"(?<![\w.])(" + "|".join(map(re.escape, ids)) + r")('s)?(?![\w])") if ids else None

    def __call__(self, text: str) -> str:
        if self._ids is not None:  # a name met whole is left as it is; an id becomes its name
            text = self._ids.sub(lambda m: m[1] if m[1] is not None and m[2] is None else
                                 possessive(self.names[m[2]]) if m[3] else self.names[m[2]], text)
        if self.cells:
            text = _CELL.sub(lambda m: cell_name((int(m[1]), int(m[2]))), text)
        elif self.place is not None:  # a point on a free-form table, by the terrain near it
            text = _POINT.sub(lambda m: self.place(float(m[1]), float(m[2])), text)  # type: ignore[misc]
        return text


class Glossary:
    """A ruleset's terms (``RulesetInfo.glossary``: "FP" -> what it stands for, with the section):
    called on a piece of a page's HTML, it marks the first use of each term there with a tooltip
    saying what it means, leaving tags and later uses alone."""

    def __init__(self, terms: Mapping[str, str]):
        self.terms = dict(terms)
        names = sorted(self.terms, key=len, reverse=True)
        self._find = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])") if names else None

    def __call__(self, fragment: str) -> str:
        if self._find is None:
            return fragment
        said: set[str] = set()

        def mark(m: re.Match) -> str:
            if m[1] in said:
                return m[1]
            said.add(m[1])
            return (f"<abbr class='wgkit-term' title='{html.escape(self.terms[m[1]], quote=True)}' "
                    f"style='text-decoration:underline dotted;cursor:help'>{m[1]}</abbr>")

        parts = re.split(r"(<[^>]*>)", fragment)  # text between tags only: never inside a tag or its attributes
        return "".join(part if part.startswith("<") else self._find.sub(mark, part) for part in parts)
