"""Eagles, Crowns and Oak Leaves: kill dice and damage, shared by direct and indirect fire
(3.6-3.7, 4.2-4.3): hits on the to-hit faces; the first hit suppresses; the rest impair directly
or on a re-roll (even, or only a 0 against hard vehicles or DD). Artillery (3.7) re-rolls for
vehicles and units in CC/DD and confirms a "**" hit by an even re-roll (house); direct fire (4.3)
re-rolls exactly when the to-hit box holds "**"."""

from __future__ import annotations

from typing import Collection

from wgkit.dice import D10_ZERO
from wgkit.engine.game import Game
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T

EVEN = frozenset({0, 2, 4, 6, 8})


def kill_roll(chance, dice: int, faces: Collection[int], star: bool, reroll: bool, zero_only: bool) -> tuple[bool, int]:
    """Roll ``dice`` kill dice (d10 read 0-9); returns (suppressed, impairments)."""
    stages = [frozenset(faces)] + ([EVEN] if star else [])
    hits = chance.pool(dice, D10_ZERO, stages, "kill dice") if dice > 0 else 0
    if hits == 0:
        return False, 0
    rest = hits - 1
    if rest and reroll:
        rest = chance.pool(rest, D10_ZERO, [frozenset({0}) if zero_only else EVEN], "damage re-roll")
    return True, rest


def outcome_words(outcome: tuple[bool, int]) -> str:
    """A kill roll's (suppressed, impairments) in words (4.3)."""
    suppressed, impair = outcome
    if not suppressed:
        return "no effect"
    return "suppressed" + (f", {impair} impairment{'s' if impair != 1 else ''}" if impair else "")


def damage_kind(game: Game, target: str) -> tuple[bool, bool]:
    """(re-roll the remaining hits?, only a 0 impairs?) for the target."""
    tpd = L.tpd(game, target)
    reroll = L.is_vehicle(game, target) or tpd in ("CC", "DD")
    zero = L.armour(game, target) == "hard" or tpd == "DD"
    return reroll, zero


def apply(game: Game, target: str, suppressed: bool, impair: int) -> tuple[list, str]:
    """The changes for an outcome, and its words: suppression, impairment steps, destruction."""
    if not suppressed:
        return [], f"{target}: no effect"
    changes = [(("units", target, "status", "suppressed"), True)]
    total = L.impairments(game, target) + impair
    if total >= L.steps(game, target):
        changes += [(("units", target, "status", "destroyed"), True)]
        changes += [(("pieces", p, "alive"), False) for p, v in game.state["pieces"].items() if v["unit"] == target]
        return changes, f"{target}: suppressed and destroyed"
    if impair:
        changes.append((("units", target, "status", "impaired"), total))
        return changes, f"{target}: suppressed, {impair} impairment{'s' if impair > 1 else ''} (FP now {max(0, L.fp(game, target) - impair * (T.VEHICLE_STEP_FP.value if L.is_vehicle(game, target) else 1))})"
    return changes, f"{target}: suppressed"
