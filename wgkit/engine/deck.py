"""Playing cards for card-driven activation (Rookie Rules, Company Fire).

Cards are short codes: rank then suit (``"AS"``, ``"10H"``, ``"QD"``); jokers are ``"JK1"``,
``"JK2"``. Hearts and diamonds are red; the first joker is red and the second black.
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = ("H", "D")


def standard_deck(jokers: int = 0) -> list[str]:
    """The 52 cards, in rank-then-suit order, plus ``jokers`` (0 to 2)."""
    if not 0 <= jokers <= 2:
        raise ValueError("a deck has 0, 1 or 2 jokers")
    return [r + s for s in SUITS for r in RANKS] + [f"JK{i + 1}" for i in range(jokers)]


def is_joker(card: str) -> bool:
    return card.startswith("JK")


def suit(card: str) -> str | None:
    return None if is_joker(card) else card[-1]


def rank(card: str) -> int:
    """Ace 1 ... King 13; jokers 0."""
    return 0 if is_joker(card) else RANKS.index(card[:-1]) + 1


def colour(card: str) -> str:
    if is_joker(card):
        return "red" if card == "JK1" else "black"
    return "red" if suit(card) in RED_SUITS else "black"


def is_face(card: str) -> bool:
    return rank(card) >= 11


def colour_deck(counts: dict[str, int]) -> list[str]:
    """A deck with ``counts[colour]`` cards of each colour (Rookie Rules: one per unit).

    Cards are taken in a fixed order from that colour's suits, so the deck is reproducible.
    """
    out = []
    for col, n in counts.items():
        pool = [c for c in standard_deck() if colour(c) == col]
        if not 0 <= n <= len(pool):
            raise ValueError(f"a deck holds 0 to {len(pool)} {col} cards, not {n}")
        out += pool[:n]
    return out


def side_colours(game) -> dict[str, str]:
    """Which side plays which colour: the scenario's ``rules.colours``, else the attacker red and
    the other side black (Company Fire and Rookie Rules both leave the choice open)."""
    given = game.scenario.rules.get("colours")
    if given:
        return dict(given)
    order = sorted(game.state["sides"], key=lambda s: game.state["sides"][s]["role"] != "attacker")
    return {order[0]: "red", order[1]: "black"}
