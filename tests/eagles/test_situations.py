"""Eagles' situations: each helper's line in the log and the state it leaves."""

from tests.eagles.helpers import game
from wgkit.rules import situation_of


def test_movement_spotting_and_suppression_in_words():
    g = game()
    s = situation_of(g)
    status = lambda u: g.state["units"][u]["status"]  # noqa: E731
    assert s.moved("dcli_a").text == "dcli_a has moved" and status("dcli_a")["moved"] is True
    assert "moved_code" not in status("dcli_a")
    assert s.moved("dcli_b", "F").text == "dcli_b has moved (F)" and status("dcli_b")["moved_code"] == "F"
    assert s.suppressed("pzgren").text == "pzgren suppressed" and status("pzgren")["suppressed"] is True
    assert s.suppressed("pzgren", False).text == "pzgren not suppressed" and status("pzgren")["suppressed"] is False
    # 4.1, basic game: a piece named is its unit spotted by everyone; with sides, by those sides
    assert s.spotted("tiger1").text == "tigers spotted" and status("tigers")["spotted"] is True
    assert s.spotted("pzg1", by=["uk"]).text == "pzg1 spotted by uk"
    assert g.state["pieces"]["pzg1"]["spotted_by"] == ["uk"] and not status("pzgren").get("spotted")
