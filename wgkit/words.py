"""English around the names a scenario gives: a possessive and a verb that agree with a side's
name ("the Germans' objectives", "Germans win", "US 101st Airborne wins")."""

from __future__ import annotations


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
