"""Eagles, Crowns and Oak Leaves: the main rolls asked from plain values, without a game.

Each function returns the exact :class:`~wgkit.odds.Distribution` of the same procedure the
panel and the resolution use.
"""

from __future__ import annotations

from typing import Collection

from wgkit.odds import Distribution, exact
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import close as C
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import spotting as SP


def kill_dice(dice: int, faces: Collection[int], star: bool = False, reroll: bool = False,
              zero_only: bool = False) -> Distribution:
    """4.2-4.3 direct fire: ``dice`` kill dice (d10 read 0-9) killing on ``faces``; ``star`` (**)
    adds the even faces as a second stage, ``reroll`` re-rolls as 3.7 says. The outcome is
    (suppressed, impairments)."""
    return exact(D.kill_roll, dice, frozenset(faces), star, reroll, zero_only)


def barrage_error(modifier: int = 0, hex_map: bool = False) -> Distribution:
    """3.3: where a round lands, (yards or hexes off, direction), with the advanced modifier."""
    return B.drift_odds(hex_map, modifier)


def melee(attacker_rating: int, defender_rating: int) -> Distribution:
    """5.1: a d10 each plus its rating; attacker's total minus defender's."""
    return exact(C.melee_roll, attacker_rating, defender_rating)


def assault(modifier: int = 0) -> Distribution:
    """5.2: d00 plus ``modifier`` at or under 30 succeeds."""
    return exact(C.assault_roll, modifier)


def spot(percent: int) -> Distribution:
    """4.1 and 4.11: a d00 at or under ``percent`` spots."""
    return exact(SP.spot_roll, percent)


def aa_fire(dice: int) -> Distribution:
    """6.4: AA kill dice hitting on 0; True when the sortie is hit."""
    return exact(AIR.aa_roll, dice)
