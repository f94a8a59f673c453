"""Easy Company: the percentage chances, each with the modifiers that made it (§2-§8)."""

from __future__ import annotations

from dataclasses import dataclass

from wgkit.resolution import Modifier
from wgkit.rules.easy_company import tables as T

MODES = ("normal", "cautious", "under_fire")


@dataclass(frozen=True)
class Percent:
    """A chance in percent (or, for motivation, a number of points) and how it was reached."""

    value: float
    modifiers: tuple[Modifier, ...]
    unit: str = "%"

    def __str__(self) -> str:
        return f"{self.value:g}{self.unit} (" + ", ".join(str(m) for m in self.modifiers) + ")"


def motivation_points(rank: str, quality: str) -> Percent:
    """§2.4: a leader's MPs per turn, from rank adjusted by quality."""
    mods = (Modifier.of(rank, T.MP_RANK[rank]), Modifier.of(quality, T.MP_QUALITY[quality]))
    return Percent(sum(m.value for m in mods), mods, " MPs")


def worst_fire(fire_types: tuple[str, ...]) -> tuple[Modifier, ...]:
    """§4.4 note 1: under more than one type of fire, only the worst counts."""
    if not fire_types:
        return ()
    worst = min(fire_types, key=lambda f: T.UNDER_FIRE[f].value)
    return (Modifier.of(f"under fire: {worst}", T.UNDER_FIRE[worst]),)


def _sum(base: Modifier, mods: list[Modifier]) -> Percent:
    return Percent(base.value + sum(m.value for m in mods), (base, *mods))


def move_chance(quality: str, fire_types: tuple[str, ...] = (), untended: int = 0, streak: int = 0,
                mps: int = 0) -> Percent:
    """§4.4 Initiating Movement: base by quality, the worst fire, -20% per untended casualty,
    +10% per previous consecutive success, +10% per MP."""
    mods = list(worst_fire(fire_types))
    mods += [Modifier.of("untended casualty", T.MOVE_PER_CASUALTY)] * untended
    mods += [Modifier.of("previous success", T.PER_SUCCESS)] * streak
    mods += [Modifier.of("MP spent", T.PER_MP)] * mps
    return _sum(Modifier.of(quality, T.MOVE_CHANCE[quality]), mods)


def move_distance_m(mode: str, mps: int = 0) -> float:
    """§4.3-4.4: the mode's distance, +10 m per MP outside normal mode, never beyond 70 m."""
    extra = 0 if mode == "normal" else mps * T.MP_EXTRA_M.value
    return min(T.MOVE_M[mode].value + extra, T.MOVE_MAX_M.value)


def fire_chance(quality: str, fire_types: tuple[str, ...] = (), untended: int = 0, streak: int = 0,
                mps: int = 0) -> Percent:
    """§5.3 Initiating Firing."""
    mods = list(worst_fire(fire_types))
    mods += [Modifier.of("untended casualty", T.FIRE_PER_CASUALTY)] * untended
    mods += [Modifier.of("previous success", T.PER_SUCCESS)] * streak
    mods += [Modifier.of("MP spent", T.PER_MP)] * mps
    return _sum(Modifier.of(quality, T.FIRE_CHANCE[quality]), mods)


def effective_chance(quality: str, position: str) -> Percent:
    """§5.5 Effectiveness: base by quality, halved against concealed, a tenth against dug in."""
    base = T.EFFECTIVE[quality].value
    factor = T.POSITION[position]
    value = base * factor.value
    return Percent(value, (Modifier.of(quality, T.EFFECTIVE[quality]),
                           Modifier(f"target {position} x{factor.value:g}", value - base, factor.label())))


def wound_chance(position: str) -> Percent:
    """§3.2 (artillery) and §5.4 (mortars): 50%, halved prone, a tenth dug in."""
    base = T.WOUND_BASIC.value
    factor = T.WOUND_FACTOR[position]
    return Percent(base * factor.value, (Modifier.of("basic", T.WOUND_BASIC),
                                         Modifier(f"{position} x{factor.value:g}", base * factor.value - base,
                                                  factor.label())))


def radius_m(calibre_mm: float) -> float:
    """§3.2: radius of effect by calibre."""
    return next(r.value for top, r in T.RADIUS_M if calibre_mm <= top)


def range_band(weapon: str, metres: float) -> str:
    """§5.4: "effective", "long" (hits only on 01) or "out"."""
    eff, top = T.RANGE_M[weapon]
    return "effective" if metres <= eff.value else "long" if metres <= top.value else "out"


def morale_chance(quality: str, failing_turns: int = 0) -> Percent:
    """§8.1: by quality, -10% for each consecutive turn with a failed roll."""
    mods = [Modifier.of("failing turn", T.MORALE_PER_FAILED_TURN)] * failing_turns
    return _sum(Modifier.of(quality, T.MORALE[quality]), mods)


def artillery_kind(calibre_mm: float) -> str:
    """§4.4/§5.3: which artillery a battery's fire counts as, by calibre (a house line)."""
    return "light artillery" if calibre_mm <= T.LIGHT_ARTILLERY_MM.value else "heavy artillery"


def retry_cost(attempt: int) -> int:
    """§8.1: MPs for the n-th retry of a failed morale roll (1, 2, 4, ...)."""
    return T.MORALE_RETRY_MP.value * 2 ** (attempt - 1)


def arrival_chance(quality: str, failed_turns: int = 0) -> Percent:
    """§3.2: chance the called artillery arrives, +10% for each turn it has failed to."""
    mods = [Modifier.of("failed turn", T.ARRIVAL_STEP)] * failed_turns
    return _sum(Modifier.of(quality, T.ARRIVAL[quality]), mods)
