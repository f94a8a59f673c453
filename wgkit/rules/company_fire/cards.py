"""Company Fire: the Initiative Deck (odd = move, even = fire, face = either or both) and the
optional game clock."""

from __future__ import annotations

from wgkit.engine import deck


def card_kind(card: str) -> str:
    """Initiative Deck: "move" (odd), "fire" (even), "any" (face card) or "event" (joker)."""
    if deck.is_joker(card):
        return "event"
    if deck.is_face(card):
        return "any"
    return "move" if deck.rank(card) % 2 else "fire"


def clock_over(total: int, length: str = "standard") -> bool:
    """Game Clock: the game ends when the total reaches 21 (or 30 for a longer game)."""
    from wgkit.rules.company_fire.tables import CLOCK_END

    return total >= CLOCK_END[length].value
