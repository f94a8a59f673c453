"""Rookie Rules: the Sequence of the Game as data, the activation deck and the two functions
(To Begin With; The Sequence of the Game; Movement and Firing)."""

from __future__ import annotations

from wgkit.engine import deck
from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.rookie import lookup as L

PER_SEQUENCE = ("acted", "functions", "targets", "split")
FUNCTIONS = ("move", "fire", "remove marker", "traverse", "observe", "AA fire", "set up", "melee", "unstick")


def deck_for(game: Game) -> list[str]:
    """One card per unit in each side's colour, plus or minus the scenario's ``rules.extra_cards``."""
    extra = game.scenario.rules.get("extra_cards", {})
    counts: dict[str, int] = {}
    for sid, colour in deck.side_colours(game).items():
        n = sum(1 for u in game.state["units"] if game.state["units"][u]["side"] == sid
                and L.kind(game, u) != "aircraft")
        counts[colour] = max(0, n + int(extra.get(sid, 0)))
    return deck.colour_deck(counts)


def setup(game: Game) -> list:
    """The deck, the colours, aircraft chances, and units that start deployed or hidden."""
    changes = [(("decks", "activation"), {"draw": deck_for(game), "discard": []}),
               (("vars", "rk"), {"colours": deck.side_colours(game), "card": None, "unit": None, "sequence": 0,
                                 "missions": {}, "aircraft": {}, "air_chance": {}, "must_test": [],
                                 "commanded": []})]
    for uid in game.state["units"]:
        if L.kind(game, uid) in L.HEAVY:
            changes.append((("units", uid, "status", "deployed"), bool(L.attr(game, uid, "deployed", True))))
    return changes


def start_sequence(game: Game) -> list:
    """Steps 3 and 5: shuffle the whole deck; every unit may act once again."""
    d = game.state["decks"]["activation"]
    game.record("deck", [(("decks", "activation"), {"draw": d["draw"] + d["discard"], "discard": []})], "gather the deck")
    game.shuffle("activation")
    seq = 1 if game.current_step().name.startswith("First") else 2
    changes: list = [(("vars", "rk", "card"), None), (("vars", "rk", "unit"), None), (("vars", "rk", "sequence"), seq)]
    for uid, u in game.state["units"].items():
        changes += [(("units", uid, "status", k), None) for k in PER_SEQUENCE if u["status"].get(k) is not None]
    return changes


def start_command(game: Game) -> list:
    return [(("vars", "rk", "commanded"), [])]


def tests_due(game: Game) -> list[str]:
    """Units that must check morale now (Morale 1-5: "immediately after" what caused it)."""
    return [u for u in L.rk(game).get("must_test", []) if L.alive(game, u)]


def no_tests_due(game: Game) -> None:
    """Morale: a unit MUST check morale immediately; nothing else happens until it has."""
    due = tests_due(game)
    if due:
        raise IllegalActionError(f"{', '.join(due)} must check morale first (Morale: immediately after the cause)")


def draw_card(game: Game):
    """Turn the next card: its colour's side may activate one unit that has not acted (or pass);
    a card is ignored once every unit of that colour has acted."""
    no_tests_due(game)
    if not game.state["decks"]["activation"]["draw"]:
        raise IllegalActionError("the deck is done: this card sequence is over (press Next)")
    with game.grouped(f"card ({len(game.log)})"):  # the deck's turn and the card's meaning, undone as one
        card = game.draw("activation")
        owner = next(s for s, c in L.rk(game)["colours"].items() if c == deck.colour(card))
        waiting = L.waiting(game, owner)
        text = f"{card}: {owner} may activate a unit" if waiting else f"{card}: ignored, every {owner} unit has acted"
        return game.record("card", [(("vars", "rk", "card"), card), (("vars", "rk", "unit"), None),
                                    (("active",), owner)], text, detail={"card": card, "waiting": waiting})


def pending(game: Game) -> list[str]:
    """What the Sequence of the Game still requires in this step: in a card sequence, a card drawn
    for a side with a unit still to act and neither played nor passed, and the cards still to draw
    (the sequence ends when the deck is done); a morale check owed (Morale 1-5)."""
    out = []
    if game.current_step().name.endswith("card sequence"):
        if L.card_unplayed(game):
            out.append(f"the card drawn, {L.rk(game)['card']}, is not played: activate a {game.state['active']} unit "
                       "or pass it")
        left = len(game.state["decks"]["activation"]["draw"])
        if left:
            out.append(f"{left} card{'s' if left != 1 else ''} still to draw")
    due = tests_due(game)
    if due:
        out.append(f"{', '.join(due)} must check morale")
    return out


def next_action(game: Game) -> str | None:
    """The Sequence of the Game 3, card by card (no morale check owed): going on past a card out
    that a unit could still play is passing it; past one played, passed or ignored, it is turning
    the next card, while the deck holds one."""
    if not game.current_step().name.endswith("card sequence") or tests_due(game):
        return None
    if L.card_unplayed(game):
        return "pass"
    return "draw card" if game.state["decks"]["activation"]["draw"] else None


def activate(game: Game, uid: str):
    """The drawn card lets one unit of its colour act: two functions (one for a vehicle whose crew
    was hit: Special Damage 8)."""
    no_tests_due(game)
    card = L.rk(game)["card"]
    if card is None or L.rk(game)["unit"] is not None:
        raise IllegalActionError("draw a card first: each card activates one unit")
    owner = game.state["active"]
    if L.side(game, uid) != owner:
        raise IllegalActionError(f"{card} is {deck.colour(card)}: it activates a {owner} unit, not {uid}")
    st = L.status(game, uid)
    if not L.alive(game, uid):
        raise IllegalActionError(f"{uid} is out of action")
    if st.get("acted"):
        raise IllegalActionError(f"{uid} has already acted in this sequence")
    if st.get("inactive") == L.rk(game)["sequence"]:
        raise IllegalActionError(f"{uid} used its functions in the command phase and stays inactive")
    skip = st.get("skip")
    n = 0 if skip else (1 if st.get("one_function") else 2)
    changes = [(("units", uid, "status", "acted"), True), (("units", uid, "status", "functions"), n),
               (("units", uid, "status", "targets"), []), (("vars", "rk", "unit"), uid)]
    text = f"{uid} acts ({n} function{'s' if n != 1 else ''})"
    if skip:
        changes.append((("units", uid, "status", "skip"), None))
        text = f"{uid} cannot act this chance ({skip})"
    return game.record("activate", changes, text)


def pass_card(game: Game):
    """Surplus cards may be passed."""
    if L.rk(game)["card"] is None:
        raise IllegalActionError("there is no card to pass")
    return game.record("pass", [(("vars", "rk", "unit"), "passed")], f"{L.rk(game)['card']} passed")


def spend(game: Game, uid: str, n: int = 1) -> list:
    """Check the unit is the one acting and has ``n`` functions left; the changes that spend them."""
    no_tests_due(game)
    if L.rk(game)["unit"] != uid:
        raise IllegalActionError(f"{uid} is not the unit acting on this card")
    left = L.status(game, uid).get("functions") or 0
    if left < n:
        raise IllegalActionError(f"{uid} has {left} function{'s' if left != 1 else ''} left")
    return [(("units", uid, "status", "functions"), left - n)]


def headline(game: Game) -> str:
    r = L.rk(game)
    card = r["card"] or "none yet"
    colour = deck.colour(r["card"]) if r["card"] else ""
    acting = r["unit"] or ("choose a unit" if r["card"] else "-")  # a unit, "passed", or none yet
    limit = f" of {game.scenario.turns}" if game.scenario.turns else ""
    left = len(game.state["decks"]["activation"]["draw"])
    return (f"<b>Turn {game.state['turn']}{limit}</b> &mdash; card <b style='color:{'#b00' if colour == 'red' else '#000'}'>"
            f"{card}</b>; acting: {acting}; {left} card{'s' if left != 1 else ''} left")


CARD_ACTIONS = ("draw card", "activate", "pass", "morale") + FUNCTIONS

SEQUENCE = TurnSequence((
    Phase("Turn", (
        Step("Plot", "both", ("plot artillery", "flight path"), "plot off-board fire and flight paths",
             "The Sequence of the Game 1; Artillery; Turn Over Aircraft"),
        Step("Command", "both", ("command",), "leaders remove up to two penalty markers, then stay inactive",
             "The Sequence of the Game 2; How Do You Get Rid of the Penalty Markers? 1", on_enter=start_command),
        Step("First card sequence", "active", CARD_ACTIONS, "draw cards; each activates one unit for two functions",
             "The Sequence of the Game 3; Movement and Firing", on_enter=start_sequence),
        Step("Air and artillery", "both", ("artillery", "air strike", "morale"), "off-board artillery and aircraft attack",
             "The Sequence of the Game 4; Resolution of Air and Artillery Fire"),
        Step("Command again", "both", ("command",), "the command phase again", "The Sequence of the Game 5",
             on_enter=start_command),
        Step("Second card sequence", "active", CARD_ACTIONS, "the reshuffled deck, again",
             "The Sequence of the Game 5", on_enter=start_sequence),
        Step("Morale", "both", ("morale", "aircraft arrival"), "units that must test do; others may, to shed a marker",
             "The Sequence of the Game 6; Morale; Turn Over Aircraft"),
    )),
), setup=setup, headline=headline)
