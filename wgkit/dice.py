"""Seeded, auditable dice.

Every face is a pure function of the game's seed and a draw counter (SplitMix64), so the
generator's whole state is two integers saved with the game, and anyone can re-derive every
recorded roll from the seed. Faces are unbiased (rejection sampling, no modulo bias).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """One SplitMix64 output for input ``x`` (a 64-bit mixing function)."""
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def raw(seed: int, counter: int) -> int:
    """The 64-bit word number ``counter`` of the stream for ``seed``."""
    return splitmix64((splitmix64(seed & MASK) + counter * 0xD1B54A32D192ED03) & MASK)


@dataclass(frozen=True)
class Die:
    """A die kind: ``sides`` faces numbered from ``low`` (d10 read 0-9 has low=0)."""

    name: str
    sides: int
    low: int = 1

    @property
    def faces(self) -> range:
        return range(self.low, self.low + self.sides)


D6 = Die("d6", 6)
D10 = Die("d10", 10)  # read 1-10
D10_ZERO = Die("d10 (0-9)", 10, 0)  # read 0-9, as kill dice and error charts do
D00 = Die("d00", 100)  # 01-100, where "00" reads as 100
DICE = {d.name: d for d in (D6, D10, D10_ZERO, D00)}


@dataclass(frozen=True)
class Roll:
    """One recorded roll: what it was for, the die, the faces, and the stream position."""

    purpose: str
    die: str
    faces: tuple[int, ...]
    counter: int  # draw counter before this roll: the faces re-derive from (seed, counter)
    note: str = ""

    def to_dict(self) -> dict:
        out = {"purpose": self.purpose, "die": self.die, "faces": list(self.faces), "counter": self.counter}
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_dict(cls, d: dict) -> "Roll":
        return cls(d["purpose"], d["die"], tuple(d["faces"]), d["counter"], d.get("note", ""))


@dataclass
class Roller:
    """Draws dice from ``(seed, counter)`` and records each roll in ``log``."""

    seed: int
    counter: int = 0
    log: list[Roll] = field(default_factory=list)

    def _face(self, die: Die) -> int:
        limit = (1 << 64) - ((1 << 64) % die.sides)  # reject the biased tail
        while True:
            word = raw(self.seed, self.counter)
            self.counter += 1
            if word < limit:
                return die.low + word % die.sides

    def roll(self, die: Die, n: int = 1, purpose: str = "", note: str = "") -> tuple[int, ...]:
        """Roll ``n`` dice of kind ``die``, record them, and return the faces."""
        if n < 0:
            raise ValueError("cannot roll a negative number of dice")
        start = self.counter
        faces = tuple(self._face(die) for _ in range(n))
        self.log.append(Roll(purpose, die.name, faces, start, note))
        return faces

    def d6(self, purpose: str = "") -> int:
        return self.roll(D6, 1, purpose)[0]

    def d10(self, purpose: str = "", zero_based: bool = False) -> int:
        return self.roll(D10_ZERO if zero_based else D10, 1, purpose)[0]

    def d00(self, purpose: str = "") -> int:
        return self.roll(D00, 1, purpose)[0]

    def shuffle(self, items: Sequence, purpose: str = "shuffle") -> list:
        """Fisher-Yates shuffle drawn from the stream; recorded as one roll of positions."""
        out = list(items)
        start = self.counter
        picks = []
        for i in range(len(out) - 1, 0, -1):
            j = self._face(Die("pick", i + 1, 0))
            picks.append(j)
            out[i], out[j] = out[j], out[i]
        self.log.append(Roll(purpose, "shuffle", tuple(picks), start))
        return out


TABLE = "table dice"  # the note on a roll whose faces the umpire typed in


class NeedFaces(Exception):
    """A procedure asked for dice the umpire has not yet entered: ``n`` of ``die`` for ``purpose``."""

    def __init__(self, die: Die, n: int, purpose: str):
        super().__init__(f"roll {n} {die.name} for {purpose or 'this roll'} and enter the faces")
        self.die, self.n, self.purpose = die, n, purpose


class TooManyFaces(ValueError):
    """More faces were typed than the procedure's rolls took."""


def parse_faces(text: str, die: Die, n: int) -> tuple[int, ...]:
    """Faces typed at the table ("4 6 1" or "4,6,1"; a d00's "00" is 100), checked against the die."""
    tokens = text.replace(",", " ").split()
    if len(tokens) != n:
        raise ValueError(f"enter {n} face{'s' if n != 1 else ''} of a {die.name}; you entered {len(tokens)}")
    faces = []
    for t in tokens:
        face = 100 if die is D00 and t == "00" else int(t) if t.lstrip("-").isdigit() else None
        if face is None or face not in die.faces:
            raise ValueError(f"a {die.name} shows {die.low} to {die.low + die.sides - 1}; {t!r} is not one of its faces")
        faces.append(face)
    return tuple(faces)


@dataclass
class TableRoller(Roller):
    """Dice rolled at the table: faces come from ``entered`` in order; the seeded stream is untouched.
    Runs out with :class:`NeedFaces` naming what to roll next. (Card shuffles still use the stream.)"""

    entered: list[int] = field(default_factory=list)

    def roll(self, die: Die, n: int = 1, purpose: str = "", note: str = "") -> tuple[int, ...]:
        if len(self.entered) < n:
            raise NeedFaces(die, n, purpose)
        faces, self.entered[:n] = tuple(self.entered[:n]), []
        bad = [f for f in faces if f not in die.faces]
        if bad:
            raise ValueError(f"a {die.name} cannot show {bad[0]}")
        self.log.append(Roll(purpose, die.name, faces, self.counter, TABLE))
        return faces


def replay_faces(seed: int, roll: Roll) -> tuple[int, ...]:
    """Re-derive a recorded roll's faces from the seed: the audit of a game's dice (not of
    table dice, whose faces were typed in)."""
    r = Roller(seed, roll.counter)
    if roll.die == "shuffle":
        n = len(roll.faces) + 1
        return tuple(r._face(Die("pick", i + 1, 0)) for i in range(n - 1, 0, -1))
    return tuple(r._face(DICE[roll.die]) for _ in roll.faces)


def d00_succeeds(face: int, chance: float, strict: bool = False) -> bool:
    """A d00 test where 01 always succeeds and 00 (100) always fails; otherwise the face must be
    at most the chance, or with ``strict`` less than it (Easy Company: "less than")."""
    if face == 1:
        return True
    if face == 100:
        return False
    return face < chance if strict else face <= chance


def count(faces: Iterable[int], hits: Iterable[int]) -> int:
    """How many faces are in ``hits``."""
    wanted = set(hits)
    return sum(1 for f in faces if f in wanted)
