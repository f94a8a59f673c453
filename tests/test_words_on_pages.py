"""The table's words on every page: each tutorial's first two turns played, and after every step
every text the umpire's page and a side's page show (headers, status lines, forms and their
lists, tooltips, odds, the log, the objectives, the briefing) is searched for an id the scenario
gives a name to, and for a bare point or cell: "(29, 20.5)" or "(4, 1)"."""

import html
import re

import ipywidgets as W
import pytest

from tests.conftest import ROOT
from wgkit.desk import Desk
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load
from wgkit.session import Journal
from wgkit.widgets import UmpireApp
from wgkit.widgets.seat import SidePage

TUTORIALS = sorted((ROOT / "scenarios").glob("*/tutorial_*.yaml"))
SHOWN_VALUES = (W.HTML, W.HTMLMath, W.Label)  # a list's value is an id: its label is what shows
POINT = re.compile(r"\(-?\d+(?:\.\d+)?, -?\d+(?:\.\d+)?\)")


def shown_texts(widget: W.Widget, out: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Every text a widget and its children put on the page (hidden ones left out), each with
    the kind of widget and the field that shows it."""
    if getattr(getattr(widget, "layout", None), "display", "") == "none":
        return out
    kind = type(widget).__name__
    if isinstance(widget, SHOWN_VALUES) and widget.value:
        out.append((f"{kind} value", widget.value))
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            out.append((f"{kind} {name}", value))
    out += [(f"{kind} option", label) for label in getattr(widget, "_options_labels", ()) or ()]
    out += [(f"{kind} title", title) for title in getattr(widget, "titles", ()) or ()]
    for child in getattr(widget, "children", ()) or ():
        shown_texts(child, out)
    return out


def words(text: str) -> str:
    """What a person reads in a text: the markup's words and its tooltips (title attributes)."""
    text = re.sub(r"""title=(['"])(.*?)\1""", r">\2<", text)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def scenario_prose(scenario) -> list[str]:
    """The scenario's own words (names, prose), which may hold an id as an ordinary word
    ("a British section", "the farm outpost")."""
    return sorted({*scenario.spoken_names().values(), *(s.name for s in scenario.sides), scenario.title,
                   scenario.description or "", *scenario.victory, *(f.name for f in scenario.terrain if f.name),
                   *(c.name for c in scenario.conditions if c.name)}, key=len, reverse=True)


def leaks(texts: list[tuple[str, str]], scenario) -> list[str]:
    named = sorted({*scenario.spoken_names(), *(s.id for s in scenario.sides)}, key=len, reverse=True)
    ids = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, named)) + r")(?![\w])")
    prose = scenario_prose(scenario)
    kinds = re.compile(r"\((?:" + "|".join(sorted({re.escape(u.kind) for _, u in scenario.units()})) + r"), \d+ ")
    found = []
    for where, text in texts:
        said = kinds.sub("(", words(text))  # the briefing's "(hq, 1 figure)": a unit's kind, a word
        for own in prose:  # the scenario's words are its own to choose
            said = said.replace(own, " ")
        found += [f"id {m[1]!r} in a {where}: {said[max(0, m.start() - 60):m.end() + 30]!r}" for m in ids.finditer(said)]
        found += [f"point {m[0]} in a {where}: {said[max(0, m.start() - 60):m.end() + 10]!r}"
                  for m in POINT.finditer(said)]
    return found


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.parent.name)
def test_no_page_shows_an_id_or_a_bare_point_in_a_tutorials_first_two_turns(tmp_path, path):
    scenario = load(path)
    rules = get_ruleset(scenario.ruleset)
    game = rules.new_game(scenario, 3)
    journal = Journal.create(game, tmp_path / "game.wgsave")
    umpire = UmpireApp(game, journal)
    side = SidePage(game, scenario.sides[1].id, Desk(tmp_path / "game.desk"))
    umpire.begin()
    found: set[str] = set()
    steps = 0
    while rules.turn(game) <= 2 and not game.state["vars"].get("game_over") and steps < 80:
        umpire.refresh()
        side.refresh()
        found |= set(leaks(shown_texts(umpire.widget, []) + shown_texts(side.widget, []), scenario))
        rules.policy.play_step(game, lambda line: None)  # every side's part, as the simple policy plays it
        try:
            at = game.position
            umpire.turn.go_next()
            if game.position == at:
                umpire.turn.go_next()  # past a warning that something was owed
        except ValueError:
            break
        steps += 1
    assert steps > 3, "the game never got going"
    assert sorted(found) == [], "\n".join(sorted(found))
