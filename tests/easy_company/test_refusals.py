"""Easy Company: what the rules forbid is refused by name, with nothing written to the log; and
who counts for victory (§7.1). The tutorial farmyard: Winters (lieutenant, radio), Lipton's
squad (Toye, Malarkey, Guarnere), an off-table battery; the German outpost across the yard."""

import pytest

from tests.conftest import refused
from tests.test_easy_company_play import game, to
from wgkit.rules import situation_of
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company.lookup import fighting



def test_artillery_is_called_by_a_leader_with_a_radio_once_and_walked_only_when_ranging():
    # §3.2: a leader with a radio spends 5 MPs to call it; it is rolled for each turn until it
    # arrives; only a ranging round on target is walked
    g = game()
    to(g, "Attacker moves and fires")
    refused(g, "toye is not a leader with a radio", A.resolve_call, "toye", (20, 25))
    refused(g, "side de has no off-table artillery in this scenario", A.battery, "de")
    refused(g, "side us has no artillery called", A.resolve_walk, "winters", (20, 25))
    A.resolve_call(g, "winters", (20, 25))
    refused(g, "the artillery is already called: it is rolled for each turn until it arrives",
             A.resolve_call, "winters", (21, 25))
    refused(g, "only a ranging round on target can be walked", A.resolve_walk, "winters", (21, 25))


def test_a_figure_fires_only_what_it_carries_within_its_weapons_reach():
    # §5.4: the SMG reaches 200 m (20"); grenades and mortars only for the men who carry them
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).place("guarnere", (20, 3))  # de2, the nearest German he sees: sqrt(1 + 23^2) = 23.0"
    refused(g, "outpost is 230 m away, beyond the smg's maximum range", F.fire_plan, "guarnere", "outpost")
    refused(g, "winters has no grenade", F.grenade_check, "winters", "de1")
    refused(g, "winters has no mortar", F.resolve_mortar, "winters", (20, 25))
    refused(g, "de1 belongs to the side that is not acting now", F.fire_plan, "de1", "squad")


@pytest.mark.parametrize("alive, wounded, counts", [(True, False, True), (True, True, False), (False, False, False)])
def test_who_counts_for_victory(alive, wounded, counts):
    """§7.1: a wounded man can neither move nor fire: only the unhurt count."""
    g = game()
    g.state["pieces"]["de1"]["alive"] = alive
    if wounded:
        situation_of(g).piece_status("de1", wounded=True)
    assert bool(fighting(g, "de1")) is counts
