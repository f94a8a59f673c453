"""Company Fire: the Initiative Deck and the nine segments of each card/phase as data."""

from __future__ import annotations

from shapely.geometry import Point

from wgkit.dice import D6
from wgkit.engine import deck
from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.engine.game import Game
from wgkit.rules.company_fire import cards as K
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import tables as T
from wgkit.geometry.shapes import footprint

PER_CARD = ("moved", "fired", "at_fired", "main_gun", "assaulted", "spent", "rallied", "opfired", "opfire_done", "reacted")
AFTER_ATTACK = ("reduce hits", "sacrifice leader")


def setup(game: Game) -> list:
    """The shuffled deck, the first card treated as a move card for the attacker, mines, riders."""
    roller = game.roller()
    cards = roller.shuffle(deck.standard_deck(int(game.scenario.rules.get("jokers", 0))), "shuffle initiative deck")
    attacker = next((s for s, v in game.state["sides"].items() if v["role"] == "attacker"), next(iter(game.state["sides"])))
    m = L.gridmap(game)
    mines = {}
    for f in game.scenario.terrain:
        if f.type == "minefield":
            area = footprint(f.as_mapping())
            for c in m.grid.cells():
                if area.contains(Point(m.grid.center(c))):
                    mines[f"{c[0]},{c[1]}"] = {"cell": list(c), "real": f.variant != "dummy", "paths": []}
    changes = [(("rng", "counter"), roller.counter), (("decks", "initiative"), {"draw": cards, "discard": []}),
               (("active",), attacker),
               (("vars", "cf"), {"card": None, "kind": "move", "card_no": 0, "colours": deck.side_colours(game),
                                 "initiative_side": attacker, "initiative": 1, "phase": 1, "turn": 1, "clock": 0,
                                 "mission": {}, "missions_used": {}, "smoke": {}, "mines": mines,
                                 "opfire": None, "last_fire": None})]
    for uid in game.state["units"]:
        rules = game.scenario.unit(uid).rules
        if rules.get("carried_by"):
            changes.append((("units", uid, "status", "carried_by"), rules["carried_by"]))
        if rules.get("buttoned"):
            changes.append((("units", uid, "status", "buttoned"), True))
    return changes


def clock_in_use(game: Game) -> str | None:
    return game.scenario.rules.get("clock")


def draw_card(game: Game) -> list:
    """Segment 0: turn the next card. Same colour: another phase of the initiative; new colour: a
    new initiative (and when it returns to the attacker, a new turn and the game clock); jokers
    advance the clock without interrupting. Each unit's actions clear for the new card."""
    state = L.cf(game)
    if not game.state["decks"]["initiative"]["draw"]:
        game.shuffle("initiative")
    card = game.draw("initiative")
    while K.card_kind(card) == "event":
        _clock(game, "joker")
        if not game.state["decks"]["initiative"]["draw"]:
            game.shuffle("initiative")
        card = game.draw("initiative")
    owner = next(s for s, c in state["colours"].items() if c == deck.colour(card))
    changes: list = [(("vars", "cf", "card"), card), (("vars", "cf", "kind"), K.card_kind(card)),
                     (("vars", "cf", "card_no"), state["card_no"] + 1), (("vars", "cf", "opfire"), None),
                     (("vars", "cf", "last_fire"), None), (("active",), owner)]
    if owner == state["initiative_side"]:
        changes.append((("vars", "cf", "phase"), state["phase"] + 1))
    else:
        changes += [(("vars", "cf", "initiative_side"), owner), (("vars", "cf", "phase"), 1),
                    (("vars", "cf", "initiative"), state["initiative"] + 1)]
        for key, s in state["smoke"].items():
            if s and s["side"] == owner:  # smoke ends when its firer regains the initiative
                changes.append((("vars", "cf", "smoke", key), None))
        if game.state["sides"][owner]["role"] == "attacker":
            changes.append((("vars", "cf", "turn"), state["turn"] + 1))
            over = _clock(game, "end of the defender's initiative")
            limit = game.scenario.turns
            if over:
                changes.append((("vars", "game_over"), f"the game clock reached {L.cf(game)['clock']}"))
            elif limit and state["turn"] + 1 > limit:
                changes.append((("vars", "game_over"), f"{limit} turns played"))
    for uid, u in game.state["units"].items():
        changes += [(("units", uid, "status", k), False) for k in PER_CARD if u["status"].get(k)]
    return changes


def _clock(game: Game, why: str) -> bool:
    """Game Clock (optional): 1d6 added; whether the game ends (at 21, or 30 for a long game)."""
    kind = clock_in_use(game)
    if not kind:
        return False
    roller = game.roller()
    add = roller.roll(D6, 1, f"game clock ({why})")[0]
    total = L.cf(game)["clock"] + add
    game.record("clock", [(("rng", "counter"), roller.counter), (("vars", "cf", "clock"), total)],
                f"game clock +{add} = {total} ({why})", rolls=tuple(roller.log),
                detail={"rule": "Game Clock", "outcome": total, "modifiers": []})
    return K.clock_over(total, kind)


def headline(game: Game) -> str:
    s = L.cf(game)
    card = s["card"] or "start (as a move card)"
    colour = s["colours"][s["initiative_side"]]
    limit = f" of {game.scenario.turns}" if game.scenario.turns else ""
    clock = (f"; clock {s['clock']} of {T.CLOCK_END[clock_in_use(game)].value}" if clock_in_use(game) else "")
    return (f"<b>Turn {s['turn']}{limit}</b> &mdash; card <b style='color:{'#b00' if colour == 'red' else '#000'}'>"
            f"{card}</b> ({s['kind']} card): {s['initiative_side']} initiative, phase {s['phase']}{clock}")


def entering(game: Game, phase: int, step: int) -> str:
    """The log's line for a step entered: a card pass is a phase of the turn, not a turn (the
    first step turns the next card, which may begin a new phase or a new turn)."""
    name = game.flow.phases[phase].steps[step].name
    if step == 0:
        return f"next card: {name}"
    s = L.cf(game)
    return f"turn {s['turn']}, phase {s['phase']}: {name}"


SEQUENCE = TurnSequence((
    Phase("Card", (
        Step("Artillery", "active", ("artillery arrives", "call artillery") + AFTER_ATTACK,
             "fire cards: check and resolve arriving missions, then call new ones",
             "Initiative and Phase Sequence 1-3; Artillery", on_enter=draw_card),
        Step("Leaders move", "active", ("leader move",), "platoon leaders and company commanders may move to rally",
             "Initiative and Phase Sequence 4; Platoon Leaders and Company Commanders"),
        Step("Rally", "active", ("rally",), "pinned and suppressed units try to rally",
             "Initiative and Phase Sequence 5; Rally"),
        Step("Group fire", "active", ("group fire",) + AFTER_ATTACK, "fire or face cards: units in one square pool dice",
             "Initiative and Phase Sequence 6; Group Fire"),
        Step("Close assault", "active", ("close assault",) + AFTER_ATTACK, "move or face cards: assault adjacent squares",
             "Initiative and Phase Sequence 7; Close Assault"),
        Step("Move and fire", "active", ("move", "fire", "anti-tank fire", "snipe", "opportunity fire", "fall back",
                                         "occupy bocage", "button up", "dismount", "scout", "find path", "clear mines")
             + AFTER_ATTACK, "each unit moves or fires as the card allows; the enemy may op fire at movers",
             "Initiative and Phase Sequence 8; Movement; Firing"),
        Step("Reaction fire", "passive", ("reaction fire",) + AFTER_ATTACK,
             "non-phasing units that did not op fire may fire", "Initiative and Phase Sequence 9; Non-Phasing Reaction Fire"),
    )),
), setup=setup, cards=True, headline=headline, entering=entering)
