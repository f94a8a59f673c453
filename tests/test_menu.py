"""A list's choice is the item the person saw (wgkit.widgets.menu).

ipywidgets sends a pick as a position in the list. A list replaced in the kernel while the page
still showed the old one turned a pick into another item (the editor's template menu did, under
load). The structure that prevents it: no list a page may show ever has its options changed in
place. Tested here over generated sequences of list changes and late picks, and over every page
of the kit driven through a turn of every ruleset."""

from __future__ import annotations

import ipywidgets as W
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection

from tests.conftest import ROOT
from wgkit.engine.journal import Journal
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load
from wgkit.widgets.app import UmpireApp
from wgkit.widgets.editor import ScenarioEditor
from wgkit.widgets.menu import Menu
from wgkit.widgets.seat import SidePage

ITEMS = [(f"item {i}", f"v{i}") for i in range(8)]
NONE = ("(none: the fields below)", None)  # an item that stands for no choice (the editor's template menu)
ITEM = dict(ITEMS + [NONE])  # each item by the label a person reads on the page
TUTORIALS = sorted(ROOT.glob("scenarios/*/tutorial_*.yaml"))


class Lists(RuleBasedStateMachine):
    """One menu, its options replaced at random, picks made on the list shown or on one the page
    showed before (arriving late)."""

    @initialize(kind=st.sampled_from([W.Dropdown, W.Select, W.SelectMultiple]),
                first=st.lists(st.sampled_from(ITEMS + [NONE]), unique=True, max_size=6))
    def make(self, kind: type, first: list) -> None:
        self.kind = kind
        self.menu = Menu(options=self.offered(first), kind=kind, description="List")
        self.changed_in_place = 0

    def offered(self, items: list) -> list:
        return [i for i in items if i is not NONE] if self.kind is W.SelectMultiple else items

    def watch(self, w: W.Widget) -> None:
        w.observe(lambda change: setattr(self, "changed_in_place", self.changed_in_place + 1), "options")

    @rule(new=st.lists(st.sampled_from(ITEMS + [NONE]), unique=True, max_size=6))
    def the_kernel_replaces_the_list(self, new: list) -> None:
        new = self.offered(new)
        for w in (self.menu.shown, *self.menu.replaced):
            self.watch(w)
        self.menu.options = new
        assert [v for _, v in self.menu.options] == [v for _, v in new]

    @rule(late=st.integers(0, 20), j=st.integers(0, 20))
    def a_pick_arrives(self, late: int, j: int) -> None:
        """The page sends a position on a list it showed (the current one, or one replaced)."""
        lists = [*self.menu.replaced, self.menu.shown]
        shown = lists[-1 - late % len(lists)]
        if not shown.options:
            return
        i = j % len(shown.options)
        if shown.index in (i, (i,)):
            return  # the page sends nothing for the item already chosen on that list
        item = ITEM[shown.options[i][0]]
        before, now = self.menu.value, [v for _, v in self.menu.options]
        if self.kind is W.SelectMultiple:
            shown.index = (i,)
            expected = (item,) if item in now else before
        else:
            shown.index = i
            expected = item if item in now else before
        assert self.menu.value == expected, (
            f"picked {item!r} on a list {'replaced' if shown is not self.menu.shown else 'shown'}; "
            f"the menu holds {self.menu.value!r}")

    @rule(j=st.integers(0, 20))
    def the_kernel_chooses(self, j: int) -> None:
        if self.menu.options and self.kind is not W.SelectMultiple:
            label, item = self.menu.options[j % len(self.menu.options)]
            self.menu.value = item
            assert self.menu.shown.label == label

    @rule()
    def the_kernel_clears_the_choice(self) -> None:
        self.menu.value = () if self.kind is W.SelectMultiple else None

    @invariant()
    def holds_an_item_of_the_list_shown(self) -> None:
        now = [v for _, v in self.menu.options]
        value = self.menu.value
        chosen = value if self.kind is W.SelectMultiple else (() if value is None else (value,))
        assert all(v in now for v in chosen)
        shown = self.menu.shown  # what the page shows chosen, read by its labels
        labels = shown.label if self.kind is W.SelectMultiple else (() if shown.index is None else (shown.label,))
        assert tuple(ITEM[x] for x in labels) == chosen or (value is None and labels == (NONE[0],))
        if value is None and NONE in self.menu.options:  # no choice shows the item that says so, not a blank
            assert labels == (NONE[0],)
        assert self.changed_in_place == 0, "a list the page showed had its options changed in place"


TestLists = Lists.TestCase


def test_a_refused_item_is_refused_as_ipywidgets_refuses_it():
    menu = Menu(options=[("a", 1), ("b", 2)])
    with pytest.raises(Exception, match="Invalid selection"):
        menu.value = 3
    assert menu.value == 1


def test_a_closed_menu_closes_every_list_it_showed():
    menu = Menu(options=["a", "b"])
    first = menu.shown
    menu.options = ["b", "c"]
    second = menu.shown
    menu.close()
    assert first.comm is None and second.comm is None


# -- every page of the kit ---------------------------------------------------------------------------

def _watch_every_list(changed: list) -> None:
    def built(w: W.Widget) -> None:
        if isinstance(w, (_Selection, _MultipleSelection)):
            w.observe(lambda change, w=w: changed.append((w.description, change["old"], change["new"])), "options")
    W.Widget.on_widget_constructed(built)


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.parent.name)
def test_no_list_on_the_umpires_page_is_changed_in_place_through_a_turn(path):
    """Every action of every step of a tutorial's first turns chosen on the form, each of its
    lists' first items chosen in turn, one action a step resolved, and Next pressed: not one list
    the page built had its options changed under the page."""
    changed: list = []
    _watch_every_list(changed)
    try:
        app = UmpireApp.open(path, seed=5)
        app.confirm_moves.value = False
        lists = 0
        for _ in range(12):  # Next pressed twelve times: a turn or more of each tutorial
            acted = False
            for name in [v for _, v in app.actions.choice.options]:
                app.errors.guard(lambda: setattr(app.actions.choice, "value", name))()
                for w in [w for w in app.actions.inputs.values() if isinstance(w, Menu)]:
                    lists += 1
                    for value in [v for _, v in w.options][:4]:
                        app.errors.guard(lambda: setattr(w, "value", value))()
                if not acted and not app.actions.button.disabled:  # one action a step made: lists follow the game
                    acted = app.errors.guard(lambda: app.actions.resolve())() is not None
            app.errors.guard(lambda: app.turn.go_next())()
    finally:
        W.Widget.on_widget_constructed(None)
    assert lists > 0, "the turn offered no list to choose from"
    assert changed == []


def test_no_list_in_the_editor_is_changed_in_place():
    changed: list = []
    _watch_every_list(changed)
    try:
        e = ScenarioEditor()
        e.open(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
        for ruleset in [v for _, v in e.ruleset.options]:
            e.ruleset.value = ruleset
            e.apply_scenario_fields()
            for side in [v for _, v in e.side.options]:
                e.side.value = side
            for kind in e.cond_kind.options:
                e.cond_kind.value = kind
    finally:
        W.Widget.on_widget_constructed(None)
    assert changed == []


def test_no_list_on_a_sides_page_is_changed_in_place_as_the_umpire_plays(tmp_path):
    """A side's page follows the umpire's game (another page's events reach its lists)."""
    sc = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    journal = tmp_path / "farm.journal.wgsave"
    Journal.create(get_ruleset(sc.ruleset).new_game(sc, 3), journal)
    changed: list = []
    _watch_every_list(changed)
    try:
        umpire = UmpireApp.attach(journal, seats=True)
        us = SidePage.attach(str(journal), "us")
        lists = 0
        for _ in range(6):
            umpire.turn.go_next()
            get_ruleset("close_action").policy.play(umpire.game, 1)  # the umpire's events reach the side's page
            us.sync()
            for name in [v for _, v in us.panel.choice.options]:
                us.errors.guard(lambda: setattr(us.panel.choice, "value", name))()
                lists += sum(isinstance(w, Menu) for w in us.panel.inputs.values())
    finally:
        W.Widget.on_widget_constructed(None)
    assert lists > 0 and changed == []
