"""Double-blind play: each side's fog of war, the umpire's desk, and a side's page (issue 21)."""

from __future__ import annotations

import html
import json
import os
import re

import ipywidgets as W
import pytest

from tests.conftest import ROOT
from wgkit.desk import APPROVED, CHANGED, IN_FORM, REFUSED, WAITING, Desk, desk_path
from wgkit.engine.journal import Journal
from wgkit.engine.views import UMPIRE
from wgkit.fog import Fog, Report, seen_now
from wgkit.words import bearing
from wgkit.render.scene import piece_points
from wgkit.rules import situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load, loads

# A block of buildings 6" thick from the near edge to y = 20 splits the table; above it the table
# is open. Americans at the left, Germans at the right.
WALL = """
title: Fog test
ruleset: close_action
table: {width: 30, depth: 30}
terrain:
  - {id: block, type: buildings, rectangle: {center: [15, 10], size: [6, 20]}}
sides:
  - id: us
    name: Americans
    role: attacker
    units:
      - id: able
        name: Able
        kind: squad
        figures: [{id: a1, position: [3, 28], weapons: [rifle]}]
  - id: de
    name: Germans
    role: defender
    units:
      - id: gruppe
        name: Gruppe Lutz
        kind: squad
        figures: [{id: g1, position: [27, 5], weapons: [rifle]}]
      - id: zug
        name: Zug Brandt
        kind: squad
        figures: [{id: g2, position: [27, 28], weapons: [rifle]}]
"""


def wall_game():
    sc = loads(WALL, "fog.yaml")
    return get_ruleset("close_action").new_game(sc, 1)


# -- the fog ---------------------------------------------------------------------------------------

def test_a_side_sees_what_its_troops_see_past_the_terrain():
    g = wall_game()
    # a1 (3, 28) to g2 (27, 28) runs along y = 28, above the block; a1 to g1 (27, 5) crosses x = 12..18
    # at y = 28 - 23 * 9/24 = 19.4 down to 28 - 23 * 15/24 = 13.6, through the block
    assert seen_now(g, "us") == {"g2"}
    assert seen_now(g, "de") == {"a1"}  # g2 sees a1 (sight is mutual here)


def test_an_enemy_that_goes_out_of_sight_is_remembered_where_it_was_last_seen():
    g = wall_game()
    fog = Fog("us")
    fog.follow(g)
    assert fog.ghosts() == []
    situation_of(g).place("g2", (27, 8))  # behind the block now
    assert fog.follow(g) is True
    assert fog.seen == set()
    [ghost] = fog.ghosts()
    assert (ghost.position, ghost.event, ghost.turn) == ((27.0, 28.0), 0, 1)  # seen at the start, turn 1
    view = fog.view(g.state)
    assert set(view["pieces"]) == {"a1"} and set(view["units"]) == {"able"} and "seed" not in view["rng"]
    assert "g2" not in json.dumps(view) and "zug" not in json.dumps(view)
    situation_of(g).place("g1", (27, 25))  # g1 steps into sight
    fog.follow(g)
    assert fog.seen == {"g1"} and set(fog.view(g.state)["units"]) == {"able", "gruppe"}
    g.undo()  # the umpire takes the step back: the side never saw g1
    fog.follow(g)
    assert fog.seen == set() and "g1" not in fog.last and fog.follow(g) is False
    assert fog.ever == {"g2"}


def test_a_hidden_piece_is_seen_only_once_spotted():
    g = wall_game()
    situation_of(g).hidden("g2")
    assert seen_now(g, "us") == set()
    situation_of(g).spotted("g2", by=["us"])
    assert seen_now(g, "us") == {"g2"}


def test_the_umpire_marks_a_hidden_piece_spotted_or_not_from_the_action_form():
    from wgkit.rules.registry import actions_for

    g = wall_game()
    situation_of(g).hidden("g2")
    spot = next(s for s in actions_for(g) if s.name == "umpire spot")
    event = spot.resolve(g, {"piece": "g2", "seen": "the enemy"})
    assert event.text == "g2 spotted by us" and seen_now(g, "us") == {"g2"}
    spot.resolve(g, {"piece": "g2", "seen": "nobody"})
    assert seen_now(g, "us") == set()


def test_fire_from_an_unseen_enemy_is_reported_by_direction_only():
    from wgkit.rules.registry import actions_for

    g = wall_game()
    situation_of(g).hidden("g2")  # an ambush in the open, to the east of Able, facing it
    situation_of(g).face("g2", 270)
    g = g.at_step("Fire")
    fire = next(s for s in actions_for(g) if s.name == "fire")
    with g.table_dice([6, 6, 6]):  # two dice at 6, then the second stage's 6
        fire.resolve(g, {"unit": "zug", "target": "able", "aim": "all", "weapon": "none"})
    assert g.log[-1].text == "zug fires 2 dice at able: 2 hits, a1 killed"
    fog = Fog("us")
    fog.follow(g)
    report = fog.reports[-1]  # the fire is the log's last event, numbered from 1
    assert report == Report(len(g.log), "fire", "Able: fire by an unseen enemy from the east")  # (27, 28) is due east of (3, 28)
    assert "zug" not in report.text and "Brandt" not in report.text and report.dice == ""
    de = Fog("de")
    de.follow(g)
    assert de.reports[-1].text == g.log[-1].text and de.reports[-1].dice  # the firing side knows what it did


def test_the_sides_own_action_on_what_it_does_not_see_is_told_without_its_effect():
    g = wall_game()
    situation_of(g).hidden("g2")
    g.record("mortar", [], text="Able's mortar drops on Zug Brandt: 2 hits",
             action={"name": "mortar", "params": {"unit": "able", "point": [27, 28]}})
    fog = Fog("us")
    fog.follow(g)
    assert fog.reports[-1] == Report(len(g.log), "mortar", "Able: mortar; what it did is out of your sight")


def test_an_event_out_of_sight_is_not_told():
    g = wall_game()
    situation_of(g).place("g1", (26, 4))  # moves behind the block
    us, de = Fog("us"), Fog("de")
    us.follow(g)
    de.follow(g)
    assert us.reports[-1] == Report(len(g.log), "unseen", "something happened out of your sight")
    assert de.reports[-1] == Report(len(g.log), "situation", "g1 placed at (26, 4)")


def test_the_umpire_learns_every_event_whole_and_keeps_no_ghosts():
    g = wall_game()
    situation_of(g).hidden("g2")  # the ambush of the fire above, which the umpire sees whole
    situation_of(g).face("g2", 270)
    g = g.at_step("Fire")
    fire = next(s for s in actions_for(g) if s.name == "fire")
    with g.table_dice([6, 6, 6]):
        fire.resolve(g, {"unit": "zug", "target": "able", "aim": "all", "weapon": "none"})
    umpire = Fog(UMPIRE)
    umpire.follow(g)
    assert umpire.reports == [Report(i, e.kind, e.text, "; ".join(f"{r.purpose}: {r.die} {list(r.faces)}" for r in e.rolls))
                              for i, e in enumerate(g.log, 1)]
    assert umpire.reports[-1].dice.count("[6, 6]") == 1 and umpire.seen == set(g.state["pieces"])
    assert umpire.ghosts() == [] and umpire.view(g.state) == g.state


@pytest.mark.parametrize("to, expected", [((1, 0), "east"), ((1, 1), "north-east"), ((0, 1), "north"),
                                          ((-1, 1), "north-west"), ((-1, 0), "west"), ((-1, -1), "south-west"),
                                          ((0, -1), "south"), ((1, -1), "south-east"), ((2, 0.8), "east"),
                                          ((2, 0.9), "north-east")])
def test_bearings_with_north_at_the_far_edge(to, expected):
    # 8 points of 45 degrees each, east from -22.5 to 22.5: atan(0.8 / 2) = 21.8 degrees is east still,
    # atan(0.9 / 2) = 24.2 is north-east; north is +y, the table's far edge
    assert bearing((0, 0), to) == expected


def test_every_bundled_scenario_has_a_fog_for_each_side(scenario_path):
    sc = load(scenario_path)
    g = get_ruleset(sc.ruleset).new_game(sc, 1)
    for side in g.state["sides"]:
        fog = Fog(side)
        fog.follow(g)
        foes = {pid for pid, p in g.state["pieces"].items() if p["side"] != side}
        assert fog.seen <= foes
        shown = fog.view(g.state)
        assert set(shown["pieces"]) == {pid for pid, p in g.state["pieces"].items() if p["side"] == side} | fog.seen


def test_a_fog_for_a_side_not_in_the_game_is_refused():
    with pytest.raises(ValueError, match="no side 'xx'"):
        Fog("xx").follow(wall_game())


# -- the desk --------------------------------------------------------------------------------------

def test_proposals_verdicts_and_notes_round_trip(tmp_path):
    desk = Desk(tmp_path / "g.desk.jsonl")
    other_page = Desk(tmp_path / "g.desk.jsonl")
    assert desk.propose("us", "fire", "Fire: Able at Gruppe", {"unit": "able", "point": [1.5, 2.0]}, "quick!", at=4).id == 0
    assert other_page.propose("de", "move", "Move", {}).id == 1
    assert [(p.id, p.seat, p.status) for p in desk.proposals()] == [(0, "us", WAITING), (1, "de", WAITING)]
    other_page.decide(0, APPROVED, event=5)
    desk.decide(1, REFUSED, "the lane is mined")
    us = desk.proposals("us")
    assert [(p.status, p.event, p.params, p.note, p.at) for p in us] == \
        [(APPROVED, 5, {"unit": "able", "point": [1.5, 2.0]}, "quick!", 4)]
    assert desk.proposals("de")[0].reason == "the lane is mined"
    desk.say("de", "  you hear tracks to the east  ", at=6)
    assert desk.messages("de") == [(6, "you hear tracks to the east")] and desk.messages("us") == []


def test_each_seat_numbers_its_own_proposals_and_learns_nothing_of_the_enemys(tmp_path):
    desk = Desk(tmp_path / "g.desk.jsonl")
    for seat in ("de", "de", "de", "us", "de", "us"):
        desk.propose(seat, "move", "Move", {})
    assert [(p.id, p.number) for p in desk.proposals("us")] == [(3, 1), (5, 2)]
    assert [p.number for p in desk.proposals("de")] == [1, 2, 3, 4]
    assert desk.propose("us", "fire", "Fire", {}).number == 3  # not 7: three German orders went first


def test_a_torn_or_foreign_line_is_skipped_and_bad_verdicts_refused(tmp_path):
    path = tmp_path / "g.desk.jsonl"
    desk = Desk(path)
    desk.propose("us", "fire", "Fire", {})
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"kind": "verdict", "proposal": 0, "status": "approved", "reason": 5, "event": null}\n')
        fh.write('{"kind": "proposal", "seat": "de", "action": "mo')  # torn by a crash
    assert [p.status for p in desk.proposals()] == [WAITING]
    with pytest.raises(ValueError, match="no proposal 3"):
        desk.decide(3, APPROVED)
    with pytest.raises(ValueError, match="a verdict is one of"):
        desk.decide(0, "maybe")
    with pytest.raises(ValueError, match="empty"):
        desk.say("us", "   ")


def test_a_proposal_after_a_torn_tail_is_kept_and_numbered_from_the_disk(tmp_path):
    path = tmp_path / "g.desk.jsonl"
    desk = Desk(path)
    assert desk.propose("us", "fire", "Fire", {}).id == 0
    assert desk.propose("de", "move", "Move", {}).id == 1
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"kind": "proposal", "seat": "us", "action": "tor')  # a crash mid-write: it never landed
    again = desk.propose("us", "rally", "Rally", {})
    assert (again.id, again.number) == (2, 2)  # the third on disk, the Americans' second: "proposal 2"
    assert [(p.id, p.seat, p.action) for p in Desk(path).proposals()] == [(0, "us", "fire"), (1, "de", "move"),
                                                                          (2, "us", "rally")]
    desk.decide(2, REFUSED, "no")
    assert Desk(path).proposals("us")[1].status == REFUSED and Desk(path).proposals("de")[0].status == WAITING
    assert path.read_bytes().endswith(b"\n") and b'"action": "tor' not in path.read_bytes()


def test_a_proposal_whose_write_fails_is_not_acknowledged_and_leaves_the_desk_as_it_was(tmp_path, monkeypatch):
    import errno

    from wgkit import desk as D

    path = tmp_path / "g.desk.jsonl"
    desk = Desk(path)
    desk.propose("us", "fire", "Fire", {})
    before = path.read_bytes()
    real_write = os.write

    def half(fd, data):
        real_write(fd, data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(D.os, "write", half)
    with pytest.raises(OSError, match="No space left"):
        desk.propose("us", "move", "Move", {})
    assert path.read_bytes() == before
    monkeypatch.setattr(D.os, "write", real_write)
    assert desk.propose("us", "move", "Move", {}).number == 2 and len(Desk(path).proposals()) == 2


def test_the_desk_sits_beside_the_journal(tmp_path):
    assert desk_path(tmp_path / "farm.journal.wgsave") == tmp_path / "farm.journal.desk.jsonl"


# -- the pages -------------------------------------------------------------------------------------

def _served(tmp_path, path=ROOT / "scenarios/close_action/hedgerow_farm.yaml"):
    sc = load(path)
    game = get_ruleset(sc.ruleset).new_game(sc, 3)
    journal = tmp_path / "farm.journal.wgsave"
    Journal.create(game, journal)
    return journal


def _to_step(app, name: str) -> None:
    for _ in range(12):
        if app.game.current_step().name == name:
            return
        at = app.game.position
        app.turn.go_next()
        if app.game.position == at:  # the first press warned that the rules still require something
            app.turn.go_next()
    raise AssertionError(f"never reached {name}")


def test_a_side_page_counts_company_fire_turns_as_its_rules_do(tmp_path):
    from wgkit.widgets.app import UmpireApp
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path, ROOT / "scenarios/company_fire/lesson_armour_and_infantry.yaml")
    umpire = UmpireApp.attach(journal, seats=True)
    rules = get_ruleset("company_fire")
    rules.policy.play(umpire.game, 1)  # Initiative: every card until the attacker takes the initiative again
    assert rules.turn(umpire.game) == 2 and umpire.game.position[0] > 2  # many passes of the card sequence
    us = SidePage.attach(str(journal), "us")
    us.sync()
    assert "Turn 2 &middot;" in us.step.value
    assert us.fog.last and {s.turn for s in us.fog.last.values()} <= {1, 2}  # sightings too


def test_a_side_with_no_order_to_give_is_told_so_instead_of_an_empty_form(tmp_path):
    from wgkit.widgets.seat import IDLE, SidePage

    page = SidePage.attach(str(_served(tmp_path)), "us")  # Close Action's first step, Rally: nobody to rally yet
    assert page.game.current_step().name == "Rally" and page.panel.specs == []
    assert (page.panel.form.layout.display, page.panel.idle.layout.display) == ("none", "")
    assert IDLE in page.panel.idle.value
    page.game.advance()  # Fire: the side's troops may fire
    page.refresh()
    assert page.panel.specs and (page.panel.form.layout.display, page.panel.idle.layout.display) == ("", "none")


def test_a_side_page_holds_nothing_of_the_pieces_it_does_not_see(tmp_path):
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    made: list = []
    W.Widget.on_widget_constructed(made.append)  # every widget the page builds, to read what it sends
    try:
        page = SidePage.attach(str(journal), "us")
    finally:
        W.Widget.on_widget_constructed(None)
    state = page.game.state
    hidden = sorted(pid for pid, p in state["pieces"].items() if p["side"] != "us" and pid not in page.fog.seen)
    assert hidden == ["brandt", "g5", "g6", "krebs"]  # inside the farm's buildings, out of the Americans' sight
    members: dict[str, set[str]] = {}
    for _, unit, piece in page.game.scenario.pieces():
        members.setdefault(unit.name or "", set()).add(piece.id)
    names = sorted(name for name, ids in members.items() if name and ids <= set(hidden))
    assert names  # a whole unit is out of sight: its name must not reach the page either
    where = piece_points(page.game.scenario, state)
    shapes = [s for layer in page.board.canvas.scene.layers.values() for s in layer]
    assert not {s.tag for s in shapes} & set(hidden)
    for pid in hidden:  # nothing is drawn where a hidden piece stands
        x, y = where[pid]
        assert not any(((s.points[:, 0] - x) ** 2 + (s.points[:, 1] - y) ** 2 < 1e-4).any() for s in shapes), pid
    seen = sorted(page.fog.seen)
    assert any(s.tag == seen[0] for s in shapes)  # and the check would see a drawn one
    sent = json.dumps([w.get_state() for w in made], default=str)
    assert '"Propose"' in sent  # the check reads the page's own widgets
    for word in hidden + names:
        assert word not in sent, word


def test_a_proposal_goes_to_the_umpire_and_the_verdict_comes_back(tmp_path):
    from wgkit.widgets.app import UmpireApp
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    umpire = UmpireApp.attach(journal, seats=True)
    us = SidePage.attach(str(journal), "us")
    assert [s.name for s in us.panel.specs] == []  # the rally step offers nothing to propose
    _to_step(umpire, "Fire")
    assert us.sync() is True and "your step" in us.step.value
    assert [s.name for s in us.panel.specs] == ["fire", "grenade", "mortar", "cease"]
    firers = [v for _, v in us.panel.inputs["unit"].options]
    assert firers and all(us.game.state["units"][u]["side"] == "us" for u in firers)  # only its own may act
    assert "%" in us.panel.odds.value  # the odds before anyone rolls
    assert us.panel.propose() == 0
    assert umpire.desk.poll() is True
    [waiting] = umpire.desk.desk.proposals()
    assert waiting.label.startswith("Fire: firing unit ") and waiting.status == WAITING
    n = len(umpire.game.log)
    umpire.desk.approve(waiting)
    assert len(umpire.game.log) == n + 1 and umpire.game.log[-1].kind == "fire"
    assert umpire.desk.desk.proposals()[0].status == APPROVED and umpire.desk.desk.proposals()[0].event == n + 1
    us.sync()
    said = umpire.game.scenario.wording()(umpire.game.log[-1].text)  # in the scenario's names
    assert "approved" in us.mine.value and said in us.mine.value and "Lt. Compton fires" in said
    # the second proposal is refused with a reason; the third is changed by the umpire
    us.panel.note.value = "covering fire"
    us.panel.propose()
    umpire.desk.poll()
    umpire.desk.reason.value = "the squad already fired"
    umpire.desk.refuse(umpire.desk.desk.proposals()[1])
    us.sync()
    assert "refused: the squad already fired" in us.mine.value
    us.panel.propose()
    umpire.desk.poll()
    umpire.desk.change(umpire.desk.desk.proposals()[2])
    assert umpire.desk.desk.proposals()[2].status == IN_FORM and umpire.actions.choice.value == "fire"
    umpire.actions.resolve()
    third = umpire.desk.desk.proposals()[2]
    assert (third.status, third.event) == (CHANGED, len(umpire.game.log))


def test_the_umpires_notes_reach_only_their_seat(tmp_path):
    from wgkit.widgets.app import UmpireApp
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    umpire = UmpireApp.attach(journal, seats=True)
    us, de = SidePage.attach(str(journal), "us"), SidePage.attach(str(journal), "de")
    umpire.desk.lines["de"].value = "you hear tracks to the east"
    umpire.desk.say("de")
    assert de.sync() is True and "you hear tracks to the east" in de.notes.value
    us.sync()
    assert "tracks" not in us.notes.value


def test_a_dragged_piece_fills_the_proposal_and_stays_put(tmp_path):
    from wgkit.widgets.app import UmpireApp
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    umpire = UmpireApp.attach(journal, seats=True)
    _to_step(umpire, "Move")
    us = SidePage.attach(str(journal), "us")
    start = us.game.state["pieces"]["r1"]["position"]
    us._board_event("drag", ("r1", (start[0], start[1] + 2)))
    assert us.panel.choice.value == "move" and us.panel.inputs["point"].value == f"{start[0]:.1f}, {start[1] + 2:.1f}"
    assert us.game.state["pieces"]["r1"]["position"] == start  # moved only when the umpire says so


# -- serving ---------------------------------------------------------------------------------------

def test_play_with_seats_serves_one_page_per_seat_each_with_its_own_secret(tmp_path, monkeypatch, capsys):
    import wgkit.cli as cli

    served = []
    monkeypatch.setattr(cli, "_port_taken", lambda *port_and_host: False)
    monkeypatch.setattr(cli, "_serve_all", lambda servers, host: served.append((servers, host)) or 0)
    farm = str(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    journal = str(tmp_path / "farm.journal.wgsave")
    assert cli.main(["play", farm, "--seats", "--journal", journal, "--port", "9000"]) == 0
    [(servers, host)] = served
    assert host == "127.0.0.1"
    assert [(s.notebook, s.port, s.env.get("WGKIT_SEAT"), s.env.get("WGKIT_SEATS")) for s in servers] == \
        [("umpire.ipynb", 9000, None, "1"), ("side.ipynb", 9001, "us", None), ("side.ipynb", 9002, "de", None)]
    tokens = [s.token for s in servers]
    assert len(set(tokens)) == 3 and all(len(t) >= 40 for t in tokens)  # 32 random bytes each
    assert "WGKIT_SAVE_DIR" not in servers[1].env  # a side cannot save the umpire's game
    assert servers[1].url("0.0.0.0") == f"http://0.0.0.0:9001/?token={tokens[1]}"


def test_seats_and_other_hosts_are_refused_without_tokens(tmp_path, monkeypatch, capsys):
    import wgkit.cli as cli

    served = []
    monkeypatch.setattr(cli, "_port_taken", lambda *port_and_host: False)
    monkeypatch.setattr(cli, "_serve_all", lambda servers, host: served.append((servers, host)) or 0)
    farm = str(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    journal = ["--journal", str(tmp_path / "farm.journal.wgsave")]
    assert cli.main(["play", farm, "--seats", "--no-token", *journal]) == 1
    assert capsys.readouterr().err.strip() == "wgkit play: --seats needs tokens; drop --no-token"
    assert cli.main(["play", farm, "--host", "0.0.0.0", "--no-token", *journal]) == 1
    assert capsys.readouterr().err.strip() == "wgkit play: --host 0.0.0.0 needs tokens; drop --no-token"
    assert served == []
    assert cli.main(["play", farm, "--host", "0.0.0.0", *journal]) == 0
    [(servers, host)] = served
    assert host == "0.0.0.0" and len(servers) == 1 and len(servers[0].token) >= 40


def test_fingers_on_a_sides_board_tap_drag_and_pinch(tmp_path):
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    us = SidePage.attach(str(journal), "us")
    mc, canvas = us.board.canvas.widget._canvases[-1], us.board.canvas  # the top layer takes the events
    sgt, below = (tuple(p) for p in canvas.to_px([[20, 6], [20, 9]]))
    mc._touch_start_callbacks([sgt])  # a tap selects
    mc._touch_end_callbacks([])
    assert us.board.selected == "sgt1" and "1st Squad&#x27;s leader</b> sees" in us.board.status.value
    mc._touch_start_callbacks([sgt])  # a drag asks for a move; the rally step has none, and the page says so
    mc._touch_move_callbacks([below])
    mc._touch_end_callbacks([])
    assert us.errors.messages[-1] == "no move can be proposed for 1st Squad's leader now"  # sgt1, by his place
    # said under the board, where the drag was made, and still shown when the drag ends
    assert "no move can be proposed for 1st Squad&#x27;s leader now" in us.board_errors.widget.value
    left, right = (100.0, 300.0), (200.0, 300.0)  # two fingers 100 px apart spread to 200: twice the zoom
    mc._touch_start_callbacks([left, right])
    mc._touch_move_callbacks([(50.0, 300.0), (250.0, 300.0)])
    mc._touch_end_callbacks([(250.0, 300.0)])
    assert canvas.zoom == pytest.approx(2.0)
    assert us.board.selected == "sgt1"  # a pinch neither presses nor drags


# every string field an event carries, one at a time naming a hidden enemy piece (WORD stands for
# its id, or its unit's id, or its name)
NAMING = {
    "line": dict(text="fires at WORD"),
    "roll purpose": dict(rolls=[("danger zone: WORD", "")]),
    "roll note": dict(rolls=[("fire", "WORD in the open")]),
    "modifier name": dict(detail={"modifiers": [{"name": "WORD in cover", "value": -1, "source": "text"}]}),
    "modifier source": dict(detail={"modifiers": [{"name": "cover", "value": -1, "source": "WORD in woods"}]}),
    "detail key": dict(detail={"outcome": {"WORD": "pinned"}}),
    "nested detail": dict(detail={"odds": [[0.5, ["hits on WORD"]]]}),
    "notes": dict(detail={"notes": ["WORD was seen moving"]}),
    "action parameter": dict(action={"name": "fire", "params": {"unit": "ACTOR", "extra": ["x", "WORD"]}}),
}


def hidden_enemy(name: str):
    """A game of the bundled scenario with one enemy piece of its first side set up hidden: the
    game, the side, its acting unit, and the words that would give the hidden piece away."""
    g = get_ruleset(name.split("/")[0]).new_game(load(ROOT / "scenarios" / f"{name}.yaml"), 7)
    side = g.scenario.sides[0].id
    foe = next(pid for pid, p in g.state["pieces"].items() if p["side"] != side)
    situation_of(g).hidden(foe)
    unit = g.state["pieces"][foe]["unit"]
    alone = [pid for pid, p in g.state["pieces"].items() if p["unit"] == unit] == [foe]
    words = sorted(names_of(g, foe) | (names_of(g, unit) if alone else set()))
    actor = next(p["unit"] for p in g.state["pieces"].values() if p["side"] == side)
    return g, side, actor, words


@pytest.mark.parametrize("name", ["close_action/hedgerow_farm", "company_fire/hedgerows_of_normandy",
                                  "eagles/hill_112", "easy_company/tutorial_farmyard", "rookie/tractor_works"])
@pytest.mark.parametrize("field", NAMING)
def test_no_field_of_an_event_names_an_unseen_piece_on_a_sides_page(field, name):
    from wgkit.dice import Roll
    from wgkit.engine.events import Event

    def filled(x, word, actor):
        if isinstance(x, str):
            return x.replace("WORD", word).replace("ACTOR", actor)
        if isinstance(x, dict):
            return {filled(k, word, actor): filled(v, word, actor) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return type(x)(filled(v, word, actor) for v in x)
        return x

    for word in hidden_enemy(name)[3]:
        g, side, actor, _ = hidden_enemy(name)
        how = filled(NAMING[field], word, actor)
        rolls = tuple(Roll(purpose, "d6", (3,), 0, note) for purpose, note in how.get("rolls", [("fire", "")]))
        g.commit(Event("fire", (), how.get("text", f"{actor} fires at nothing it can see"), rolls,
                       detail={"rule": "test", "outcome": 0, "modifiers": [], **how.get("detail", {})},
                       action=how.get("action", {"name": "fire", "params": {"unit": actor}})))
        fog = Fog(side)
        fog.follow(g)
        shown = fog.reports[-1].text + " " + fog.reports[-1].dice
        assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", shown), (word, shown)
        assert fog.reports[-1].text == f"{names_of_first(g, actor)}: fire; what it did is out of your sight"
        assert word in repr(g.log[-1])  # the event does carry it


def names_of_first(game, ident):
    """The name a report gives a piece or unit: its name if the scenario gives one, else its id."""
    for _, unit, piece in game.scenario.pieces():
        if unit.id == ident and unit.name:
            return unit.name
        if piece.id == ident and piece.name:
            return piece.name
    return ident


ONE_A_RULESET = ["close_action/hedgerow_farm", "company_fire/hedgerows_of_normandy", "eagles/hill_112",
                 "easy_company/tutorial_farmyard", "rookie/tractor_works"]


@pytest.mark.parametrize("name", ONE_A_RULESET)
def test_a_seeded_game_tells_no_side_of_a_piece_it_never_saw(name):
    """Three turns of simple play with every piece set up hidden: no report a side
    receives (line or dice) names a piece of the enemy it never saw, by id or name."""
    from wgkit.simulate import policy_for

    g = get_ruleset(name.split("/")[0]).new_game(load(ROOT / "scenarios" / f"{name}.yaml"), 7)
    for pid in g.state["pieces"]:  # every piece set up hidden: seen only once spotted
        situation_of(g).hidden(pid)
    policy_for(g.scenario.ruleset).play(g, 3)
    assert len(g.log) > 10
    blind = 0
    for side in g.state["sides"]:
        fog = Fog(side)
        fog.follow(g)
        never = {pid for pid, p in g.state["pieces"].items() if p["side"] != side and pid not in fog.ever}
        never_units = {g.state["pieces"][pid]["unit"] for pid in never} - {
            g.state["pieces"][pid]["unit"] for pid in fog.ever}
        blind += bool(never)
        words = {w for i in never | never_units for w in names_of(g, i)}
        for r in fog.reports:
            shown = f"{r.text} {r.dice}"
            leaked = [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", shown)]
            assert not leaked, f"{side} was told {leaked}: {shown}"
    assert blind, f"{name}: every side saw every enemy piece; the test needs one it did not"


def names_of(game, ident):
    """An id and, if the scenario gives one, its name."""
    out = {ident}
    for _, unit, piece in game.scenario.pieces():
        if piece.id == ident and piece.name:
            out.add(piece.name)
        if unit.id == ident and unit.name:
            out.add(unit.name)
    return out


# -- odds as far as a side knows -------------------------------------------------------------------
HALF_SEEN = WALL.replace("{id: a1, position: [3, 28], weapons: [rifle]}",
                         "{id: a1, position: [3, 28], weapons: [rifle], facing: 90}")


def test_a_sides_odds_are_worked_out_on_the_game_as_it_knows_it(tmp_path):
    """Zug Brandt has g2 in the open and g3 set up hidden behind it: the Americans' odds, lines
    and previews come from a game without g3, which is the game of a scenario that never had it."""
    with_g3 = loads(HALF_SEEN.replace("figures: [{id: g2, position: [27, 28], weapons: [rifle]}]",
                                      "figures: [{id: g2, position: [27, 28], weapons: [rifle]}, "
                                      "{id: g3, position: [27, 26], weapons: [rifle], hidden: true}]"), "fog.yaml")
    game = get_ruleset("close_action").new_game(with_g3, 1)
    without = get_ruleset("close_action").new_game(loads(HALF_SEEN, "fog.yaml"), 1)
    for g in (game, without):
        while "fire" not in [s.name for s in actions_for(g)]:
            g.advance()
    fog = Fog("us")
    fog.follow(game)
    assert fog.seen == {"g2"}
    seen = fog.seen_game(game)
    assert set(seen.state["pieces"]) == {"a1", "g2"} and set(seen.state["units"]) == {"able", "zug"}
    assert "seed" not in fog.view(game.state)["rng"] and seen.state["rng"]["seed"] != game.state["rng"]["seed"]
    assert set(game.state["pieces"]) == {"a1", "g1", "g2", "g3"}  # the game itself is untouched
    fire = next(s for s in actions_for(seen) if s.name == "fire")
    params = {"unit": "able", "target": "zug", "aim": "all", "weapon": "none"}
    assert fire.odds(seen, params) == fire.odds(without, params)
    assert fire.explain(seen, params) == fire.explain(without, params)
    assert Fog("umpire").seen_game(game) is game


def test_a_sides_page_judges_its_orders_on_its_own_view(tmp_path):
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    page = SidePage.attach(str(journal), "us")
    judged = page.panel.judged()
    assert set(judged.state["pieces"]) == page.fog.known(page.game.state) & set(page.game.state["pieces"])
    assert {"brandt", "g5", "g6", "krebs"} <= set(page.game.state["pieces"]) - set(judged.state["pieces"])
    assert page.board.judged().state["pieces"].keys() == judged.state["pieces"].keys()


def test_hovering_where_an_unseen_piece_stands_shows_nothing_of_it(tmp_path):
    from wgkit.widgets.seat import SidePage

    page = SidePage.attach(str(_served(tmp_path)), "us")
    where = piece_points(page.game.scenario, page.game.state)
    board = page.board
    own = next(pid for pid, p in page.game.state["pieces"].items() if p["side"] == "us")
    for pid, named in (("krebs", False), (own, True)):  # a German out of sight, then the side's own
        board.on_move(*board.canvas.to_px(where[pid])[0])
        cards = [s.text for s in board.label if s.kind == "text"]
        said = html.escape(page.game.scenario.spoken_names()[pid])
        assert bool(cards) is named and (said in board.status.value) is named, (pid, cards, board.status.value)
        assert pid not in board.status.value
        assert not any("krebs" in (s.text or "") or "Krebs" in (s.text or "") for s in board.los + board.label)


def test_a_side_is_not_offered_the_enemy_unit_a_card_activated(tmp_path):
    """Rookie Rules: a German card activates a German unit; the Soviet page offers none of its
    functions (they were offered, and proposing them failed on the page's own view)."""
    from wgkit.rules.rookie import flow as RF
    from wgkit.widgets.seat import SidePage

    sc = load(ROOT / "scenarios/rookie/tractor_works.yaml")
    game = get_ruleset("rookie").new_game(sc, 7)
    while game.current_step().name != "First card sequence":
        game.advance()
    journal = tmp_path / "works.journal.wgsave"
    Journal.create(game, journal)
    su = SidePage.attach(str(journal), "su")
    de = SidePage.attach(str(journal), "de")
    situation_of(su.game).deck_order("activation", ["4H"])  # a German card comes first
    RF.draw_card(su.game)
    activate = next(s for s in actions_for(su.game) if s.name == "activate")
    activate.resolve(su.game, {"unit": activate.params[0].values()[0]})
    specs = [s for s in actions_for(su.game) if s.actor]
    activated = specs[0].actor
    assert specs and su.game.state["units"][activated]["side"] == "de"
    su.refresh()
    de.sync()
    assert not [s for s in su.panel.specs if s.actor] and su.errors.messages == []
    assert {s.actor for s in de.panel.specs if s.actor} == {activated}


@pytest.mark.parametrize("frm, to, expected", [
    ((10, 10), (9, 10), "west"),  # from a point other than the origin: the difference, not the sum
    ((0, 0), (-1, -0.41), "west"),  # -157.7 degrees, 202.3 round the compass: west (22.5 from south-west's edge)
    ((0, 0), (-1, 0.36), "west"),  # 160.2 degrees: west, not north-west (eight points of exactly 45)
    ((0, 0), (1, -0.18), "east"),  # 349.8 degrees: east again past south-east's 337.5
])
def test_bearings_round_the_whole_compass(frm, to, expected):
    assert bearing(frm, to) == expected


def test_the_words_that_give_a_piece_away_are_its_name_first_then_its_id():
    from wgkit.engine import Game
    from wgkit.fog import _names_of

    g = Game(load(ROOT / "scenarios/close_action/hedgerow_farm.yaml"))
    assert _names_of(g, "lt") == ["Lt. Compton", "lt"]  # a unit's name
    assert _names_of(g, "mortar") == ["60 mm mortar", "mortar"]  # a piece's own name
    assert _names_of(g, "r1") == ["r1"]  # no name: its id only, and no other piece's name


def test_a_dead_enemy_on_a_grid_is_seen_where_it_lies():
    """Company Fire judges sight square to square for the living; a destroyed unit's stand is seen
    where the table geometry says (it has no sight rule of its own)."""
    from tests.company_fire.helpers import game, put

    g = game()
    put(g, "sq2", (5, 3))  # beside the gruppe (Weber's stand) at (5, 4) and the MG 42 at (6, 3)
    assert seen_now(g, "us") == {"weber_base", "mg42_base"}
    situation_of(g).out_of_action("mg42_base")
    assert not g.state["pieces"]["mg42_base"]["alive"]
    assert seen_now(g, "us") == {"weber_base", "mg42_base"}  # the destroyed MG's stand, seen where it lies
    g = game()
    put(g, "sq2", (5, 3))
    situation_of(g).out_of_action("weber_base")  # across the bocage: the table's hedge hides a stand lying there
    assert seen_now(g, "us") == {"mg42_base"}


def test_what_an_event_names_its_changes_and_its_actions_parameters():
    """The ids an event gives away: pieces and units its changes touch (not the game's own
    variables), and every text among its action's parameters, lists included."""
    from wgkit.dice import Roll
    from wgkit.engine import Game
    from wgkit.engine.events import Event
    from wgkit.fog import _changed, _dice, _named, _params

    g = Game(load(ROOT / "scenarios/close_action/hedgerow_farm.yaml"))
    assert _changed(situation_of(g).place("r1", (10, 10))) == {"r1"}
    assert _changed(situation_of(g).out_of_action("r2", "r3")) == {"r2", "r3"}
    assert _changed(situation_of(g).game_over("a test")) == set()  # the game's variables name nobody
    e = Event("fire", (), rolls=(Roll("fire at g1", "d6", (4, 6), 0), Roll("morale", "d6", (2,), 2)),
              action={"name": "fire", "params": {"units": ["sq1", "mg"], "target": "g1", "dice": 3, "pair": ("a", 2)}})
    assert _params(e) == ["sq1", "mg", "g1", "a"]
    assert _named(e) == {"sq1", "mg", "g1", "a"}
    assert _named(situation_of(g).place("r4", (11, 10))) == {"r4"}
    assert _dice(e) == "fire at g1: d6 [4, 6]; morale: d6 [2]"
    assert _named(Event("note", ())) == set() and _params(Event("note", (), action={"params": {}})) == []


def test_a_sides_fog_view_keeps_the_dice_count_and_its_own_plans_only():
    import copy

    g = wall_game()
    fog = Fog("us")
    fog.follow(g)
    state = copy.deepcopy(g.state)
    state["sides"]["de"]["vars"] = {"aim": [27, 28]}  # where each side's artillery is aimed
    state["sides"]["us"]["vars"] = {"aim": [3, 28]}
    seen = fog.view(state)
    assert seen["rng"] == {"counter": state["rng"]["counter"]} and "seed" in state["rng"]
    assert seen["sides"]["de"]["vars"] == {} and seen["sides"]["us"]["vars"] == {"aim": [3, 28]}
    assert state["sides"]["de"]["vars"] == {"aim": [27, 28]}  # the state it was given is untouched


def test_ghosts_come_in_the_order_they_were_last_seen_and_a_piece_seen_leaving_is_told():
    g = wall_game()
    fog = Fog("us")
    situation_of(g).place("g1", (27, 25))  # event 1: g1 steps into sight beside g2
    situation_of(g).place("g1", (27, 8))  # event 2: back behind the block
    fog.follow(g)
    # the side saw g1 go: the move that took it out of sight is told whole
    assert fog.reports[-1] == Report(2, "situation", "g1 placed at (27, 8)")
    situation_of(g).place("g2", (27, 6))  # event 3: g2 follows it
    fog.follow(g)
    # g1 last seen at event 1, g2 at event 2: oldest first (not the order the side first saw them)
    assert [(s.position, s.event, s.turn) for s in fog.ghosts()] == [((27.0, 25.0), 1, 1), ((27.0, 28.0), 2, 1)]


def test_an_enemy_seen_falling_leaves_no_ghost_and_a_body_found_later_is_no_sighting():
    g = wall_game()
    fog = Fog("us")
    situation_of(g).out_of_action("g2")  # falls in full view
    situation_of(g).place("a1", (3, 2))  # then Able goes where it cannot see the body
    fog.follow(g)
    assert fog.seen == set() and fog.ghosts() == []  # nothing to look for: it is out of action
    g = wall_game()
    fog = Fog("us")
    situation_of(g).out_of_action("g1")  # falls out of sight, behind the block
    situation_of(g).place("a1", (27, 28))  # Able comes round and sees the body and g2
    fog.follow(g)
    assert fog.seen == {"g1", "g2"} and set(fog.last) == {"g2"}


def test_a_fog_for_a_side_the_game_lacks_names_the_sides_it_has():
    with pytest.raises(ValueError, match="^no side 'uk': choose one of us, de$"):
        Fog("uk").follow(wall_game())
