"""The kit's opponent: it plays through the ruleset contract, never sees the game's coming dice,
values what the rules value, and says why it chose each action."""

import pytest

from tests.conftest import ROOT
from wgkit.opponent import STYLES, Opponent
from wgkit.rules.policies import duties
from wgkit.rules import get_ruleset, situation_of
from wgkit.scenario import load
from wgkit.simulate import simulate

CROSSROADS = ROOT / "scenarios/close_action/tutorial_crossroads.yaml"
ROOKIE = ROOT / "scenarios/rookie/tutorial_worked_example.yaml"


def game_at(path, step, seed=3):
    s = load(path)
    g = get_ruleset(s.ruleset).new_game(s, seed)
    while g.current_step().name != step:
        g.advance()
    return g


def seen_by(monkeypatch, k=None):
    """Sight for the opponent's valuation: the first ``k`` of the targets (every one with None) seen
    by every observer, whatever the terrain."""
    import numpy as np

    import wgkit.opponent as O

    monkeypatch.setattr(O, "sight_between", lambda terrain, a, b, policy:
                        np.arange(len(b))[None, :].repeat(len(a), axis=0) < (len(b) if k is None else k))


def unarmed(game):
    """The game's ruleset without its ``threat``: a valuation with no fire term, to test the others alone."""
    from dataclasses import replace

    return replace(get_ruleset(game.scenario.ruleset), threat=None)

def test_a_what_if_branch_with_its_own_dice_does_not_roll_the_games_dice():
    from wgkit.dice import D6

    g = game_at(CROSSROADS, "Fire")
    same, own = g.branch(), g.branch(dice=12345)
    ahead = [g.roller().roll(D6) for _ in range(1)]
    assert [same.roller().roll(D6)] == ahead  # a plain branch rolls the game's coming dice
    stream = own.roller()
    mine = [stream.roll(D6) for _ in range(20)]
    game_stream = g.roller()
    assert mine != [game_stream.roll(D6) for _ in range(20)]  # twenty faces alike by chance: 6**-20
    assert g.state["rng"]["seed"] != 12345


def test_a_what_if_branch_with_its_own_dice_does_not_know_the_order_of_the_cards_left():
    g = game_at(ROOKIE, "First card sequence")
    cards = g.state["decks"]["activation"]["draw"]
    assert len(cards) == 5 and g.branch().state["decks"]["activation"]["draw"] == cards  # a plain copy knows
    orders = {tuple(g.branch(dice=d).state["decks"]["activation"]["draw"]) for d in range(40)}
    assert all(sorted(o) == sorted(cards) for o in orders)  # the same cards ...
    assert len(orders) > 20  # ... in orders of their own (5 cards: 120 orders; 40 alike by chance: nil)
    assert g.state["decks"]["activation"]["draw"] == cards


def test_choosing_changes_nothing_in_the_game():
    g = game_at(CROSSROADS, "Fire")
    before, log = repr(g.state), len(g.log)
    Opponent("uk", seed=1).choose(g)
    assert repr(g.state) == before and len(g.log) == log


def test_it_only_considers_its_own_sides_actions():
    g = game_at(CROSSROADS, "Fire")
    opp = Opponent("uk", seed=1)
    cands = opp.candidates(g)
    assert cands and all(opp._owner(g, c.actor) == "uk" for c in cands)
    assert Opponent("de", seed=1).candidates(g) == []  # the Germans do not fire in the British fire step


def test_it_fires_when_it_can_and_says_why_with_the_odds():
    g = game_at(CROSSROADS, "Fire")
    said = []
    Opponent("uk", seed=1).play_step(g, said.append, finish=lambda game, say: None)
    first = said[0]
    assert first.startswith("opponent (uk) chose to fire (firing unit No. 1 Section, target Gruppe Lenz")
    assert "before the roll: 0 hits: " in first and " -> section fires " in first
    assert g.log[-1].kind == "fire"


def test_of_the_finalists_it_takes_the_one_whose_play_outs_win_most_or_stops():
    g = game_at(CROSSROADS, "Fire")
    ruleset = get_ruleset(g.scenario.ruleset)
    probe = Opponent("uk", seed=1)  # a fresh opponent with the same seed ranks alike
    ranked = probe._ranked(g, ruleset, probe.value(g, ruleset), probe.depth)
    assert len(ranked) >= 2 and ranked[0][0] >= ranked[1][0] and ranked[0][1] != ranked[1][1]
    second = ranked[1][1]
    tried = []

    def opponent(play_out, **settings):
        opp = Opponent("uk", seed=1, **{"playouts": 3, "finalists": 3, **settings})
        opp._play_out = play_out
        return opp

    def second_wins(game, option, _ruleset, dice):
        tried.append((option, dice))
        return 1.0 if option == second else 0.0

    assert opponent(second_wins).choose(g).candidate == second  # the look-ahead's second: it wins its games
    kinds = {c.spec.name for _, c in ranked[3:]} - {c.spec.name for _, c in ranked[:3]}
    assert len(tried) == 3 * (3 + len(kinds))  # three finalists and the best of each other kind, three times each
    assert len({d for _, d in tried}) == 3  # on the same three rolls of the dice for every finalist
    assert opponent(second_wins).choose(g, must=True).candidate == ranked[0][1]  # a card that cannot wait
    assert opponent(second_wins, playouts=0).choose(g).candidate == ranked[0][1]  # no play-outs: the look-ahead
    assert opponent(lambda *_: 0.5).choose(g).candidate == ranked[0][1]  # all alike: the look-ahead's order


def test_a_play_out_plays_the_game_to_its_last_turn_and_judges_it():
    g = game_at(CROSSROADS, "Fire")
    opp = Opponent("uk", seed=1, turns=2)
    ruleset = get_ruleset(g.scenario.ruleset)
    ends = []
    play = ruleset.policy.play
    ruleset.policy.play = lambda trial, turns: (ends.append(turns), play(trial, turns))
    try:
        fire = opp.candidates(g)[0]
        results = [opp._play_out(g, fire, ruleset, dice) for dice in range(4)]
    finally:
        ruleset.policy.play = play
    assert ends == [2] * 4 and set(results) <= {0.0, 0.5, 1.0}
    assert g.state["turn"] == 1 and g.current_step().name == "Fire"  # the game itself goes nowhere


def test_a_position_is_worth_more_with_an_enemy_down(monkeypatch):
    g = game_at(CROSSROADS, "Fire")
    opp = Opponent("uk")
    # no one sees anyone: the share of the enemy that sees a piece stays 0 with one enemy fewer
    seen_by(monkeypatch, 0)
    before = opp.value(g)
    situation_of(g).out_of_action("de_d")  # at (27, 22.5), outside the crossroads: no way to go changes
    w_vp, w_fight, w_alive = STYLES["balanced"][:3]
    # one fighting enemy piece fewer: its alive and fighting weights; the objective standing is unchanged here
    assert opp.value(g) - before == pytest.approx(w_alive + w_fight)


def test_settings_are_checked():
    with pytest.raises(ValueError, match="style is one of cautious, balanced, aggressive, not 'reckless'"):
        Opponent("uk", style="reckless")
    with pytest.raises(ValueError, match="at least one rollout"):
        Opponent("uk", rollouts=0)
    with pytest.raises(ValueError, match="play-outs are 0 or more, finalists 1 or more"):
        Opponent("uk", finalists=0)
    with pytest.raises(ValueError, match=r"--players names a side the scenario lacks: 'us' \(its sides: uk, de\)"):
        simulate(load(CROSSROADS), 1, players="us=opponent")
    with pytest.raises(ValueError, match=r"a player is simple or opponent, opponent:STYLE, opponent:SKILL or "
                                         r"opponent:STYLE:SKILL \(STYLE one of cautious, balanced, aggressive; SKILL "
                                         r"one of full, fast\), not 'opponent:reckless'"):
        simulate(load(CROSSROADS), 1, players="uk=opponent:reckless")
    with pytest.raises(ValueError, match="not 'simple:cautious'"):
        simulate(load(CROSSROADS), 1, players="simple:cautious")


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/tutorial_*.yaml")), ids=lambda p: p.parent.name)
def test_every_ruleset_plays_against_the_opponent_on_either_side(path):
    s = load(path)
    for side in [x.id for x in s.sides]:
        one = simulate(s, 2, seed=4, turns=2, players={side: "opponent"})
        assert one.failed == [] and one.n == 2, (side, one.failed)
        assert one.games == simulate(s, 2, seed=4, turns=2, players=f"{side}=opponent").games  # seeded: the same games
        seats = "; ".join(f"{x.name}: " + ("the opponent (balanced)" if x.id == side else "the simple policy") for x in s.sides)
        assert f"players: {seats}" in one.table()


# -- in the umpire app -----------------------------------------------------------------------------

def crossroads_app(tmp_path):
    from wgkit.widgets import UmpireApp

    app = UmpireApp.open(CROSSROADS, journal=tmp_path / "j.wgsave", seed=3)
    while app.game.current_step().name != "Fire":
        app.game.advance()
    app.refresh()
    return app


def test_the_umpire_hands_a_side_to_the_opponent_and_undoes_its_move(tmp_path):
    app = crossroads_app(tmp_path)
    box = app.opponent
    box.go.click()
    assert "choose the side the kit&#x27;s opponent plays" in app.errors.widget.value
    box.side.value = "de"
    app.refresh()
    assert box.go.disabled  # the Germans do not act in the British fire step
    box.side.value = "uk"
    app.refresh()
    assert not box.go.disabled
    before = len(app.game.log)
    box.go.click()
    fire, note = app.game.log[before], app.game.log[before + 1]
    assert fire.kind == "fire" and note.kind == "opponent"
    assert note.text.startswith("opponent (uk) chose to fire (firing unit No. 1 Section, target Gruppe Lenz") and fire.text in note.text
    # the log names the side as the scenario does
    assert any(kind == "opponent" and text.startswith("opponent (2nd Ox and Bucks, No. 1 Section) chose to fire")
               for _, kind, text, _ in app.log.rows())
    app.log.undo_to(before)  # the umpire takes the opponent's shot back like any other event
    assert len(app.game.log) == before and all(p["alive"] for p in app.game.state["pieces"].values())
    saved = load_journal(tmp_path / "j.wgsave")
    assert len(saved.log) == before  # the journal followed the undo


def load_journal(path):
    from wgkit.session import load_game

    return load_game(path, recover=True).game


def test_an_opponent_that_plays_by_itself_takes_its_steps_as_they_come(tmp_path):
    app = crossroads_app(tmp_path)
    app.opponent.side.value = "uk"
    app.opponent.auto.value = True
    app.refresh()  # the British fire step is the opponent's alone: it fires at once
    kinds = [e.kind for e in app.game.log]
    assert kinds[-2:] == ["fire", "opponent"]
    n = len(app.game.log)
    app.refresh()
    assert len(app.game.log) == n  # once a step, not at every redraw
    app.turn.go_next()  # into the British move step: it moves by itself
    assert app.game.current_step().name == "Move" and "move" in [e.kind for e in app.game.log[n:]]


# -- card-driven activation (Rookie Rules) ------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2])
def test_on_rookie_it_draws_activates_and_acts_and_leaves_the_other_sides_cards_to_their_player(seed):
    from wgkit.rules.policies import leaving

    g = game_at(ROOKIE, "First card sequence", seed)
    start, said = len(g.log), []
    policy = get_ruleset("rookie").policy
    taken = Opponent("su", seed=seed).play_step(g, said.append, finish=leaving(policy.play_step, ["su"]))
    assert g.state["decks"]["activation"]["draw"] == []  # the whole card sequence was played
    assert "may activate a unit" in said[0]  # a card turned first (the draw itself is worth nothing to either side)
    assert taken == sum(line.startswith("opponent (su) chose") for line in said)
    owner, activations = None, []
    for line in said:
        if ": su may activate a unit" in line or ": de may activate a unit" in line:
            owner = "su" if ": su may" in line else "de"
        if line.endswith("acts (2 functions)"):
            uid = line.split("-> ")[-1].split()[0]
            activations.append((owner, g.state["units"][uid]["side"], line.startswith("opponent (su) chose")))
    # every card activates a unit of its colour's side (none skipped): the opponent's its own,
    # the simple policy the other side's
    assert len(activations) == 5 == len([e for e in g.log[start:] if e.kind == "card"])
    assert all(card == side and by_opponent == (side == "su") for card, side, by_opponent in activations)
    # and once activated, the opponent's unit acts: it moves, fires or rallies
    acted = [line for line in said if line.startswith("opponent (su) chose to") and "functions left" in line]
    assert acted and all(" (ru_" in line for line in acted)


@pytest.mark.parametrize("seed", [0, 1])
def test_in_the_app_it_plays_its_own_cards_and_stops_at_the_players(tmp_path, seed):
    from wgkit.rules.rookie import flow as FL
    from wgkit.widgets import UmpireApp

    app = UmpireApp.open(ROOKIE, journal=tmp_path / "j.wgsave", seed=seed)
    while app.game.current_step().name != "First card sequence":
        app.game.advance()
    g, rk = app.game, lambda: app.game.state["vars"]["rk"]
    app.opponent.side.value = "su"
    app.opponent.auto.value = True  # the Soviets are the kit's; the Germans a person's
    for _ in range(6):
        app.refresh()
        if not g.state["decks"]["activation"]["draw"] and rk()["unit"] is not None:
            break
        # it stopped at a German card, left for the person: turned, unused
        assert g.state["active"] == "de" and rk()["card"] and rk()["unit"] is None
        FL.activate(g, next(u for u in ("de_lt", "de_open", "de_wood") if not g.state["units"][u]["status"].get("acted")))
        if g.state["decks"]["activation"]["draw"]:
            FL.draw_card(g)  # the person turns the next card
    cards = [e.text for e in g.log if e.kind == "card"]
    assert len(cards) == 5 and g.state["decks"]["activation"]["draw"] == []
    opp = [e.text for e in g.log if e.kind == "opponent"]
    soviet = [c for c in cards if ": su may" in c]
    # each Soviet card was used by the opponent: it activated a unit on it
    assert sum("chose to activate a unit" in t for t in opp) == len(soviet) == 2


def test_a_unit_it_activated_and_finds_no_better_use_for_spends_the_rest_as_the_policy_would():
    from wgkit.rules.rookie import flow as FL
    from wgkit.rules.rookie import lookup as L

    g = game_at(ROOKIE, "First card sequence")
    situation_of(g).deck_order("activation", ["2H", "3S", "4H", "5S", "AH"])
    FL.draw_card(g)
    FL.activate(g, "ru_sq")  # the opponent's unit, activated; then the opponent finds nothing it values
    opp = Opponent("su", seed=1)
    opp.choose = lambda game, must=False: None
    handed = []
    opp.play_step(g, lambda line: None, finish=lambda game, say: handed.append(L.status(game, "ru_sq")["functions"]))
    assert handed == [0]  # both functions spent (the policy fires at the Germans in the open) before the card passes
    assert [e.kind for e in g.log if e.kind == "fire"] == ["fire", "fire"]


FARMYARD = ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"


def test_it_looks_for_a_spot_out_of_every_known_enemys_sight_within_its_move():
    from shapely.geometry import LineString

    g = game_at(FARMYARD, "Defender moves and fires")
    opp = Opponent("de", seed=1)
    ruleset = get_ruleset("easy_company")
    here = (21.0, 26.0)  # de2, at the barn's south-east corner in sight of the Americans
    foes = opp._enemies(g)
    enemy = min(foes, key=lambda q: (q[0] - here[0]) ** 2 + (q[1] - here[1]) ** 2)
    spots = opp._sight_spots(g, here, 6.0, foes, enemy, ruleset)
    assert len(spots) == 1  # it sees the Americans already: only the hidden spot is offered
    (x, y), = spots
    assert (x - 21) ** 2 + (y - 26) ** 2 <= 36 + 1e-9
    barn = g.terrain.areas[[a.id for a in g.terrain.areas].index("barn")].geometry
    # hidden: the line from every American runs through the barn deeper than the 1" a figure sees into cover
    assert all(LineString([foe, (x, y)]).intersection(barn).length > 2.0 for foe in foes)


def test_a_piece_is_worth_more_out_of_the_enemys_sight_and_half_as_much_more_in_cover(monkeypatch):
    import wgkit.opponent as O

    g = game_at(CROSSROADS, "Fire")
    opp = Opponent("uk")
    ruleset = get_ruleset(g.scenario.ruleset)
    mine = [pid for pid, p in g.state["pieces"].items() if p["side"] == "uk" and p["alive"] and ruleset.fighting(g, pid)]
    g.state["pieces"][mine[0]]["position"] = [8.0, 9.0]  # into the copse (soft cover)
    bare = [pid for pid in mine if not any(a.cover not in O.NO_COVER for a in g.terrain.at(*g.state["pieces"][pid]["position"]))]
    covered = len(mine) - len(bare)
    foes = len(opp._enemies(g))

    seen_by(monkeypatch)  # every enemy the side knows of sees every piece
    seen_by_all = opp.value(g)
    seen_by(monkeypatch, 0)
    hidden = opp.value(g)
    seen_by(monkeypatch, 1)
    seen_by_one = opp.value(g)
    w = STYLES["balanced"][4]
    assert bare and covered and foes >= 2
    # out of sight: the whole weight; seen by every enemy: none in the open, half in cover
    assert hidden - seen_by_all == pytest.approx(w * (len(bare) + covered / 2))
    # seen by one enemy in ``foes``: that share of it lost
    assert hidden - seen_by_one == pytest.approx(w * (len(bare) + covered / 2) / foes)


def test_the_way_to_its_objective_counts_in_moves_left_so_it_presses_as_the_game_runs_out(monkeypatch):
    import math

    seen_by(monkeypatch)
    g = game_at(CROSSROADS, "Fire")
    (goal,) = Opponent("uk").goals(g)  # the crossroads circle at (18, 24), radius 6
    assert math.dist(goal, (18, 24)) <= 6
    here = tuple(g.state["pieces"]["smith"]["position"])  # Lt. Smith, in the open at (16, 3)
    # the Germans hold the crossroads: Lenz at (13, 23) and de_b at (15, 23) stand in the circle,
    # de_b the nearer to Smith (20.02" against 20.22"): the way to take it is the way to him
    target = (15, 23)
    d = math.dist(here, target)
    closer = tuple(h + (t - h) / d for h, t in zip(here, target))  # one inch nearer

    def gain(opp):
        before = opp.value(g)
        g.move("smith", closer)
        try:
            return opp.value(g) - before
        finally:
            g.undo()
    w_adv = STYLES["balanced"][3]
    # in turn 1 of 6, the inch is worth 1/36 of the advance weight (six moves of 6" left); with
    # this the last turn, 1/6
    assert gain(Opponent("uk", turns=6)) == pytest.approx(w_adv / 36)
    assert gain(Opponent("uk", turns=1)) == pytest.approx(w_adv / 6)


def test_a_side_that_wins_unless_the_enemy_meets_its_conditions_fights_for_the_enemys_objective():
    from shapely.geometry import Point

    from wgkit.scenario.areas import area_geometry

    g = game_at(ROOT / "scenarios/rookie/tractor_works.yaml", "First card sequence")
    halls = area_geometry(g.scenario, ("workshop", "office"))
    (goal,) = Opponent("de").goals(g)  # the Germans have no condition: the Soviets must hold a building
    assert halls.covers(Point(goal))
    assert Opponent("su").goals(g) == [goal]  # the Soviets' own condition, the same buildings


@pytest.mark.parametrize("in_sight", [True, False])
def test_without_an_area_to_take_only_a_side_behind_closes_on_the_nearest_enemy(monkeypatch, in_sight):
    import math

    seen_by(monkeypatch, None if in_sight else 0)
    g = game_at(ROOKIE, "First card sequence")  # destroy conditions only; 3 turns: 18" of moves left

    def gain(side, piece, foe):
        here, there = g.state["pieces"][piece]["position"], g.state["pieces"][foe]["position"]
        d = math.dist(here, there)
        opp, rules = Opponent(side), unarmed(g)
        before = opp.value(g, rules)
        g.move(piece, tuple(h + (t - h) / d for h, t in zip(here, there)))  # one inch nearer
        try:
            return opp.value(g, rules) - before
        finally:
            g.undo()
    w_adv = STYLES["balanced"][3]
    # level (no squad out of action: a draw as things stand): neither side gains by closing in.
    # Lt. Orlov (10, 14), nearest German the squad in the open (17, 10); Lt. Brandt (26, 16),
    # nearest Russian Lt. Orlov
    assert gain("su", "orlov", "de_open_s") == 0.0
    assert gain("de", "brandt", "orlov") == 0.0
    situation_of(g).out_of_action("de_open_s")  # the Soviets lead, one squad to none
    assert gain("de", "brandt", "orlov") == pytest.approx(w_adv / 18)  # behind: every inch nearer counts
    assert gain("su", "orlov", "brandt") == 0.0


@pytest.mark.parametrize("path, choice, duty", [
    ("easy_company/tutorial_farmyard.yaml", "Attacker moves and fires", "Morale"),
    ("close_action/tutorial_crossroads.yaml", "Move", "Morale"),
    ("company_fire/tutorial_orchard_gate.yaml", "Move and fire", None),
    ("eagles/tutorial_crossroads_barrage.yaml", "Infantry vs infantry", None),
])
def test_a_policys_duties_are_what_the_rules_oblige_and_none_of_its_choices(path, choice, duty):
    def events(step, play):
        g = game_at(ROOT / "scenarios" / path, step)
        if step == duty:  # the policy plays the game from its start up to it, so that a test falls due
            s = load(ROOT / "scenarios" / path)
            g = get_ruleset(s.ruleset).new_game(s, 3)
            policy = get_ruleset(s.ruleset).policy
            while g.current_step().name != duty:
                policy.play_step(g, lambda text: None)
                g.advance()
        start = len(g.log)
        play(g, lambda text: None)
        return [e.text for e in g.log[start:]]

    policy = get_ruleset(load(ROOT / "scenarios" / path).ruleset).policy
    assert events(choice, policy.play_step) and events(choice, duties(policy.play_step)) == []
    if duty is not None:  # a morale test that falls due is taken either way, with the same dice
        assert events(duty, duties(policy.play_step)) == events(duty, policy.play_step) != []


def test_it_holds_its_other_pieces_back_where_the_play_outs_say_so_and_plays_only_the_duties():
    g = game_at(CROSSROADS, "Move")
    policy = get_ruleset(g.scenario.ruleset).policy
    start = len(g.log)

    def moved(trial):
        return any(e.kind == "move" for e in trial.log[start:])

    opp = Opponent("uk", seed=1, playouts=4)
    opp._ends = lambda trial, ruleset: 0.0 if moved(trial) else 1.0  # holding back wins every game
    assert opp.holds_back(g, policy.play_step, duties(policy.play_step)) == (4.0, 0.0)
    opp._ends = lambda trial, ruleset: 1.0 if moved(trial) else 0.0
    assert opp.holds_back(g, policy.play_step, duties(policy.play_step)) is None  # playing on wins
    opp._ends = lambda trial, ruleset: 0.5
    assert opp.holds_back(g, policy.play_step, duties(policy.play_step)) is None  # a tie goes to playing on
    assert len(g.log) == start  # judged on branches only

    said = []
    opp = Opponent("uk", seed=1, playouts=4)
    opp.choose = lambda game, must=False: None  # nothing of its own worth doing
    opp.holds_back = lambda game, finish, duties: (3.0, 1.0)
    assert opp.play_step(g, said.append, finish=policy.play_step) == 0
    assert said == ["opponent (uk) holds its other pieces back this step (play-outs won 3 of 4 holding back, "
                    "1 playing on)"]
    assert not moved(g)  # the simple policy would have advanced five men (see the duties test)


def test_where_nothing_is_left_to_hold_back_it_plays_no_play_outs():
    g = game_at(CROSSROADS, "Fire")
    policy = get_ruleset(g.scenario.ruleset).policy
    g.advance(); g.advance()  # to the Germans' morale step: nothing but tests
    assert g.current_step().name == "Morale"
    opp = Opponent("de", seed=1)
    ended = []
    opp._ends = lambda trial, ruleset: ended.append(trial) or 1.0
    assert opp.holds_back(g, policy.play_step, duties(policy.play_step)) is None and ended == []


def test_a_man_down_in_an_enemy_squad_is_worth_his_share_of_its_strength():
    from tests.rookie.helpers import put

    g = game_at(ROOKIE, "First card sequence")
    opp, rules = Opponent("su"), unarmed(g)
    before = opp.value(g, rules)
    put(g, "de_open", 17, 10, casualties=1)  # ff 15 at 3 a man: one of five men
    w_fight = STYLES["balanced"][1]
    assert opp.value(g, rules) - before == pytest.approx(w_fight / 5)


def test_fire_it_can_bring_less_fire_it_faces():
    """Each fighting piece's best shot at a seen enemy, less each enemy's best shot at one of the
    side's pieces, in strength expected lost (a made-up ``threat`` table here)."""
    from dataclasses import replace

    g = game_at(ROOKIE, "First card sequence")
    shots = {("ru_sq_s", "de_open_s"): 0.3, ("ru_sq_s", "de_wood_s"): 0.1, ("orlov", "de_open_s"): 0.05,
             ("de_open_s", "ru_sq_s"): 0.4, ("de_open_s", "orlov"): 0.2, ("de_wood_s", "ru_sq_s"): 0.1}
    armed = replace(get_ruleset("rookie"), threat=lambda game, a, b: shots.get((a, b), 0.0))
    opp, w_fire = Opponent("su"), STYLES["balanced"][5]
    # the Russians bring 0.3 (the squad's better shot) + 0.05 (the lieutenant's); they face 0.4
    # (the squad in the open's better shot) + 0.1 (the squad in the wood's); Lt. Brandt has none
    assert opp.value(g, armed) - opp.value(g, unarmed(g)) == pytest.approx(w_fire * (0.35 - 0.5))
    assert Opponent("de").value(g, armed) - Opponent("de").value(g, unarmed(g)) == pytest.approx(w_fire * (0.5 - 0.35))
    situation_of(g).out_of_action("ru_sq_s")  # gone: it brings nothing, and the squad in the open turns on Orlov
    assert opp.value(g, armed) - opp.value(g, unarmed(g)) == pytest.approx(w_fire * (0.05 - 0.2))

def test_few_candidates_share_the_rollouts_a_full_breadth_would_take():
    g = game_at(CROSSROADS, "Fire")
    ruleset = get_ruleset(g.scenario.ruleset)
    opp = Opponent("uk", seed=1, rollouts=4, breadth=40)
    n = len(opp.candidates(g))
    seen = []
    opp._expected = lambda game, c, rs, base, depth, rollouts=None: seen.append(rollouts)
    opp._ranked(g, ruleset, 0.0, opp.depth)
    # 40 candidates at 4 rollouts make 160; shared among the 26 here, 6 each
    assert n == 26 and seen == [6] * 26
    opp = Opponent("uk", seed=1, rollouts=4, breadth=400)  # 1600 among 26: capped at 8 times 4
    opp._expected = lambda game, c, rs, base, depth, rollouts=None: seen.append(rollouts)
    seen.clear()
    opp._ranked(g, ruleset, 0.0, opp.depth)
    assert seen == [32] * 26


def test_into_an_area_the_enemy_does_not_hold_and_no_further(monkeypatch):
    from tests.rookie.helpers import put

    seen_by(monkeypatch)
    g = game_at(ROOT / "scenarios/rookie/tractor_works.yaml", "First card sequence")  # the Soviets must hold a hall
    opp, rules = Opponent("su"), unarmed(g)
    # Sergeant Pavlov's squad stands in the workshop (x 9-19, y 22-30); the Germans are far off
    put(g, "ru_sq1", 12, 24)
    inside = opp.value(g, rules)
    put(g, "ru_sq1", 14, 26)  # deeper in: nothing more to gain
    assert opp.value(g, rules) == pytest.approx(inside)
    put(g, "ru_sq1", 14, 20)  # two inches out of its south wall, in the open: two inches to go again
    span = 6 * 6  # six turns of 6" moves left
    w_adv, w_cover = STYLES["balanced"][3], STYLES["balanced"][4]
    # and the hall's cover lost: seen by every German, in cover it kept half the weight, in the open none
    assert inside - opp.value(g, rules) == pytest.approx(2 * w_adv / span + w_cover / 2)


def test_without_victory_conditions_either_side_closes_on_the_nearest_enemy():
    from tests.test_seats import wall_game

    g = wall_game()  # no victory conditions: judged by the share of pieces lost
    # a1 (3, 28) and g2 (27, 28), each the other's nearest enemy, 24" apart in the open above the block
    for side, piece, step in (("us", "a1", 1.0), ("de", "g2", -1.0)):
        opp = Opponent(side, turns=2)  # 12" of moves left
        before = opp.value(g)
        x, y = g.state["pieces"][piece]["position"]
        g.move(piece, (x + step, y))  # one inch nearer
        try:
            assert opp.value(g) - before == pytest.approx(STYLES["balanced"][3] / 12)
        finally:
            g.undo()


def _candidate(resolve, params=None):
    """A Soviet candidate action, "Fire", resolved by ``resolve(game, params)``."""
    from wgkit.opponent import Candidate
    from wgkit.rules.actions import ActionSpec

    return Candidate(ActionSpec("fire", "Fire", (), lambda g, p: None, resolve), params or {}, "su")


def _top_faces_down_the_open_squad(n, die):
    """An action rolling ``n`` of ``die`` that puts the German squad in the open out of action
    when every die shows its top face (a 1 in 10 on one d10, 1 in 36 on two d6)."""

    def procedure(chance):
        faces = [chance.face(die, "test") for _ in range(n)]
        return all(f == die.sides for f in faces)

    def resolve(game, params):
        event = game.resolve("test", procedure, rule="test", text=str)
        if event.detail["outcome"]:
            situation_of(game).out_of_action("de_open")
        return event
    return _candidate(resolve)


def _pool_of(n, die):
    """An action rolling a pool of ``n`` of ``die`` at once that changes nothing."""
    return _candidate(lambda game, params: game.resolve("test", lambda chance: chance.pool(n, die, [range(6, 7)], "test"),
                                                        rule="test"))


def test_an_action_whose_dice_fall_few_ways_is_weighed_on_every_way_not_sampled():
    from wgkit.dice import D6, D10

    g = game_at(ROOKIE, "First card sequence")
    ruleset = get_ruleset(g.scenario.ruleset)
    base = Opponent("su").value(g)
    down = g.branch()
    situation_of(down).out_of_action("de_open")
    gain = Opponent("su").value(down) - base
    assert gain > 0
    one_d10 = _top_faces_down_the_open_squad(1, D10)
    for seed in range(5):  # ten ways, each once: the same answer whatever the opponent's own dice
        opp = Opponent("su", seed=seed, rollouts=4)
        assert opp._expected(g, one_d10, ruleset, base, opp.depth) == pytest.approx(base + gain / 10)
    opp = Opponent("su", seed=1, rollouts=4)
    assert opp._exact(g, one_d10, ruleset, 10) == pytest.approx(base + gain / 10)  # ten ways, ten allowed
    assert opp._exact(g, one_d10, ruleset, 9) is None
    two_d6 = _top_faces_down_the_open_squad(2, D6)
    assert opp._exact(g, two_d6, ruleset, 12) is None  # 36 ways are more than 12: sampled instead
    sampled = opp._expected(g, two_d6, ruleset, base, opp.depth, rollouts=4)
    assert round((sampled - base) / gain * 4, 6) in {0, 1, 2, 3, 4}  # a mean of four rollouts
    many = _pool_of(40, D6)  # 6 ** 40 ways: counted, never listed
    assert opp._exact(g, many, ruleset, 10 ** 6) is None
    # given rollouts enough for every way (36 or more), weighed exactly again
    assert opp._expected(g, two_d6, ruleset, base, opp.depth, rollouts=36) == pytest.approx(base + gain / 36)


def test_activating_a_unit_which_rolls_and_changes_nothing_is_worth_the_best_action_it_opens():
    from tests.rookie.helpers import put
    from wgkit.rules.rookie import flow as FL

    g = game_at(ROOKIE, "First card sequence")
    situation_of(g).deck_order("activation", ["2H", "3S", "4H", "5S", "AH"])
    put(g, "ru_sq", 10, 10, marker="suppressed")
    FL.draw_card(g)  # 2H: the Soviets may activate a unit
    ruleset = get_ruleset(g.scenario.ruleset)
    opp = Opponent("su", seed=1)
    base = opp.value(g)
    activate = next(c for c in opp.candidates(g) if c.spec.name == "activate" and c.params["unit"] == "ru_sq")
    opened = g.branch()
    FL.activate(opened, "ru_sq")
    shake = next(c for c in opp.candidates(opened) if c.spec.name == "remove marker")  # rolls no dice
    after = opened.branch()
    shake.spec.resolve(after, {})
    gain = opp.value(after) - base
    assert gain > 0  # suppressed to pinned: one marker removal less to fight again
    # activating moves nothing and rolls nothing, yet is worth at least the sure gain it opens
    assert opp._expected(g, activate, ruleset, base, opp.depth) >= base + gain - 1e-9


def test_its_line_in_the_log_names_pieces_and_units_as_people_do_and_keeps_numbers_and_points():
    names = load(CROSSROADS).names()
    c = _candidate(lambda g, p: None, {"units": ["section", "lt_smith"], "target": "gruppe", "dice": 3, "to": [4.5, 6]})
    assert c.label(names) == "fire (units No. 1 Section + Lt. Smith, target Gruppe Lenz, dice 3, to (4.5, 6))"
    assert c.label() == "fire (units section + lt_smith, target gruppe, dice 3, to (4.5, 6))"  # no names: the ids


def test_the_opponent_on_both_sides_plays_each_sides_cards():
    """With the opponent on both sides of Rookie's card sequence, each card turned hands the
    sequence to its side's opponent, which activates that side's unit."""
    from wgkit.rules.registry import get_ruleset
    from wgkit.simulate import seated

    s = load(ROOT / "scenarios/rookie/tutorial_worked_example.yaml")
    rules = get_ruleset(s.ruleset)
    game = rules.new_game(s, 3)
    bots = {x.id: Opponent(x.id, seed=3, turns=1) for x in s.sides}
    said: list[str] = []
    rules.policy.play(game, 1, say=said.append, step=seated(bots, rules.policy.play_step))
    for side in ("su", "de"):
        assert any(line.startswith(f"opponent ({side}) chose to activate a unit") for line in said), side
    cards = [line.split(":")[0] for line in said if line.endswith("may activate a unit")]
    chose = [line for line in said if "chose to activate a unit" in line]
    assert len(chose) == len(cards)  # every card a side may use is used by its opponent


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_position_met_again_in_a_decision_is_worth_what_it_was_judged(path, monkeypatch):
    # the opponent judges a position once a decision, knowing it again by its state less the dice
    # stream and the order of the cards left (position_key). Over a fast game of every bundled
    # scenario, each position it knows again is judged afresh: its worth must be what was kept
    import wgkit.opponent as O
    from wgkit.engine.views import position_key
    from wgkit.opponent import SKILLS

    met_again = []
    once = O.Opponent._judged_once

    def judged_afresh_too(self, game, ruleset):
        key = position_key(game.state)
        if key in self._judged:
            met_again.append(self.value(game, ruleset) == self._judged[key])
        return once(self, game, ruleset)

    monkeypatch.setattr(O.Opponent, "_judged_once", judged_afresh_too)
    s = load(path)
    rules = get_ruleset(s.ruleset)
    g = rules.new_game(s, 5)
    bots = {side.id: Opponent(side.id, seed=5, turns=2, **SKILLS["fast"]) for side in s.sides}
    from wgkit.simulate import seated

    rules.policy.play(g, 2, step=seated(bots, rules.policy.play_step))
    assert met_again and all(met_again), f"{met_again.count(False)} of {len(met_again)} positions worth otherwise"
