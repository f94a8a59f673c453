"""Company Fire: Unit Status, Hit Results and Rallying."""

from __future__ import annotations

from wgkit.dice import D6
from wgkit.odds import exact
from wgkit.resolution import Modifier
from wgkit.rules.company_fire import tables as T

ORDER = ("good order", "pinned", "suppressed", "destroyed")


def after_hits(status: str, hits: int) -> str:
    """Hit Result: one hit pins, two suppress, three destroy; extra pins on a pinned unit are
    ignored; a suppressed unit suppressed again is destroyed."""
    if hits <= 0 or status == "destroyed":
        return status
    if hits >= 3:
        return "destroyed"
    if hits == 2:
        return "destroyed" if status == "suppressed" else "suppressed"
    return status if status in ("pinned", "suppressed") else "pinned"


def rally_modifiers(quality: str, unseen: bool, leader: str | None) -> list[Modifier]:
    """Rally: +1 if no good-order enemy has LOS; green -1, veteran +1; platoon leader +1 or
    company commander +2 in the same space."""
    mods = []
    if unseen:
        mods.append(Modifier.of("no good-order enemy has LOS", T.RALLY_MODS["no good-order enemy has LOS"]))
    if quality in ("green", "veteran"):
        mods.append(Modifier.of(quality, T.RALLY_MODS[quality]))
    if leader == "platoon_leader":
        mods.append(Modifier.of("platoon leader in the space", T.RALLY_MODS["platoon leader in the space"]))
    elif leader == "company_commander":
        mods.append(Modifier.of("company commander in the space", T.RALLY_MODS["company commander in the space"]))
    return mods


def rally_roll(chance, status: str, modifier: int) -> str:
    """1d6 plus modifiers against 4+ (pinned) or 5+ (suppressed); success improves one step."""
    need = T.RALLY_NEED[status].value
    ok = chance.face(D6, "rally") + modifier >= need
    return ORDER[ORDER.index(status) - 1] if ok else status


def rally_odds(status: str, mods: list[Modifier]):
    return exact(rally_roll, status, int(sum(m.value for m in mods)))


def attack_dice(unit_kind: str, cover: bool = False, move_card: bool = False, recon: bool = False) -> tuple[int, list[Modifier]]:
    """Individual Unit Fire: the unit's dice less one for cover, for a move card, for recon by fire."""
    base = T.FIRE[unit_kind].value.dice
    mods = []
    if cover:
        mods.append(Modifier.of("target in cover", T.FIRE_REDUCTIONS["target in cover"]))
    if move_card:
        mods.append(Modifier.of("firing on a move card", T.FIRE_REDUCTIONS["firing on a move card"]))
    if recon:
        mods.append(Modifier.of("recon by fire", T.FIRE_REDUCTIONS["recon by fire"]))
    return max(0, base + int(sum(m.value for m in mods))), mods


def hits_roll(chance, dice: int) -> int:
    """Attack dice: each 5 or 6 is a hit."""
    return chance.pool(dice, D6, [T.HIT_FACES.value], "attack")


def group_fire(kinds: list[str], targets: int, cover: bool, leader_present: bool = False) -> tuple[int, int, list[Modifier]]:
    """Group Fire: each unit's dice as for individual fire, pooled (+1 die with a platoon leader or
    company commander in the space); the pool is rolled once for each unit in the target space.
    Returns (dice per roll, number of rolls, modifiers)."""
    pool, mods = 0, []
    for k in kinds:
        dice, m = attack_dice(k, cover=cover)
        pool += dice
        mods += m
    if leader_present:
        pool += T.GROUP_FIRE_LEADER.value
        mods.append(Modifier.of("leader with the group", T.GROUP_FIRE_LEADER))
    return pool, targets, mods


def attack_rolls(chance, dice: int, targets: list[str], method: str = "standard",
                 orders: dict[str, str] | None = None) -> dict[str, int]:
    """Hits on each unit of an attacked square. standard: the dice rolled for each unit
    (Individual Unit Fire); faster: one roll applied to every unit; longer: one roll, the hits
    divided equally, the rest going to the least worn units first (Optional Methods)."""
    if method == "standard":
        return {t: hits_roll(chance, dice) for t in targets}
    hits = hits_roll(chance, dice)
    if method == "faster":
        return {t: hits for t in targets}
    share, rest = divmod(hits, len(targets))
    worn = sorted(targets, key=lambda t: ORDER.index((orders or {}).get(t, "good order")))
    return {t: share + (1 if i < rest else 0) for i, t in enumerate(worn)}
