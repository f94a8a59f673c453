"""Each lesson's key numbers are what its prose says: the stored outputs (which nbval re-computes
and compares on every run) hold the figures the text promises, and no lesson shows the class a
test marker, a raw state path or image bytes made by hand."""

import json
import re

import pytest

from tests.conftest import ROOT

LESSONS = sorted((ROOT / "notebooks").glob("teach_*.ipynb"))


def cells(name):
    return json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]


def printed(name) -> str:
    out = []
    for c in cells(name):
        for o in c.get("outputs", []):
            text = o.get("text") or o.get("data", {}).get("text/plain", "")
            out.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(out)


def prose(name) -> str:
    return "\n".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_plumbing_is_shown_to_the_class(path):
    code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    assert "NBVAL" not in code and "BytesIO" not in code
    assert not re.search(r"""\.state\[["'](sides|units|pieces|vars)["']\]""", code)


def test_artillery_numbers_match_the_text():
    text, out, answers = prose("teach_artillery"), printed("teach_artillery"), revealed("teach_artillery")
    assert "an\nexperienced battery 50%, ten points more for each turn it failed" in text
    assert "arrival: 50% the first turn, 60% after one failure" in answers
    # 50%, "less than": 01-49 is on target; a ranging round and one walk: 0.49 ** 2
    assert f"ranging round and 1 walk(s) all on target: {0.49 ** 2:.1%}" in answers
    assert f"ranging round and 2 walk(s) all on target: {0.49 ** 3:.1%}" in answers
    assert "A 4-inch CD\n(400 yards)" in text and "17 possible landing points" in out
    # the seeded run the prose narrates: no arrival, then a ranging round on target, a walk, the effect
    run = out[out.index("Lt. Winters calls artillery onto a point in Barn"):]  # (19, 27), by the terrain there
    assert re.search(r"turn 2: artillery does not arrive\nturn 3: ranging round on target\n"
                     r"Lt. Winters walks the fire: on target\nfire for effect \(14\" radius\)", run)


def revealed(name) -> str:
    """The words inside the lesson's reveals, from the widget state saved with its outputs."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    models = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"].values()
    return "\n".join(m["state"].get("value", "") for m in models if m.get("model_name") == "HTMLModel")


def test_the_bocage_answers_are_the_rules_answers():
    # Company Fire's bocage: adjacent squares see across a shared hedge (A); a line across a hedge is
    # blocked (B); a corner blocks only where both edges are bocage (C blocked, D clear); E: open field
    answers = revealed("teach_bocage")
    for line in ("A sees T", "B does not see T", "C does not see T", "D sees T", "E sees T"):
        assert line in answers
    assert "T occupies the bocage at C3" in answers  # the second reveal: square (2, 2), named as the board does
    after = answers[answers.index("T occupies the bocage"):]
    assert all(f"{u} sees T" in after for u in "ABCDE")  # an occupied bocage is seen through


def test_prepared_position_numbers_are_the_rules_numbers():
    # Close Assault: 1d6 + modifiers each side, the attacker wins on a higher total.
    # One squad: reinforced cover -1 against the squad and MG in the bunker (+1 extra good-order
    # unit, +1 MG): the attacker needs d1 - d2 >= 4: (5,1), (6,1), (6,2) = 3/36.
    # Three squads: +2 extra units -1 = +1 against +2: d1 - d2 >= 2: 1+2+3+4 = 10/36.
    # The MG 34 fires 3d6 at each squad going in, a 5 or 6 hits: 1 - (2/3)^3 = 19/27 stops it.
    answers = revealed("teach_prepared_position")
    assert "1 squad(s): attackers reinforced cover -1; defenders extra good-order unit +1, MG in defence +1." in answers
    assert f"1 squad(s): {3 / 36:.1%} to win if nobody shoots first" in answers
    assert f"3 squad(s): {10 / 36:.1%} to win if nobody shoots first" in answers
    assert f"({19 / 27:.1%} to stop each squad)" in answers
    # one squad against the MG: it goes in only if not hit, then wins 3/36
    assert f"1 squad(s): {8 / 27 * 3 / 36:.1%} going in at once" in answers
    # Group fire: rifle squad 3 + MMG 3, each -1 for the bunker, +1 for the lieutenant = 5 dice;
    # two or more hits of five: 1 - (2/3)^5 - 5 (1/3)(2/3)^4 = 1 - 112/243
    assert "5 dice at each unit: target in cover -1, target in cover -1, leader with the group +1." in answers
    assert f"suppressed or destroyed with {1 - 112 / 243:.1%}" in answers
    text = prose("teach_prepared_position")
    assert "Answer" not in text and "%" not in text  # the questions do not give the answers away


def test_armour_and_infantry_numbers_are_the_rules_numbers():
    # Attacking vehicles: panzerfaust 3d6 within 2 squares, -1 die from the front; 5 or 6 hits;
    # two hits suppress a vehicle, three destroy it.
    answers = revealed("teach_armour_and_infantry")
    assert f"From the front (2, 3): 2d6 (armoured target hit from the front -1); suppressed or worse {1 / 9:.1%}, destroyed 0.0%." in answers
    assert f"From the flank (1, 1): 3d6 (no reduction); suppressed or worse {7 / 27:.1%}, destroyed {1 / 27:.1%}." in answers
    # The squad op fires 3d6 -1 for the hedge = 2d6: two hits (1/9) suppress the team, one hit
    # (4/9) pins it (its shot drops to 2d6: 1/9 to suppress the tank), none (4/9) leaves 3d6 (7/27).
    assert f"it stops the shot with {1 / 9:.1%} and pins the team with {4 / 9:.1%}" in answers
    assert f"suppressed or worse with {7 / 27:.1%} alone and {4 / 9 * 7 / 27 + 4 / 9 * 1 / 9:.1%} with the squad" in answers
    # the hedged lane: the buttoned tank sees straight up the lane only
    assert "sees 2 of the 11 squares within 2: (2, 2), (2, 3), straight up the lane" in answers
    assert "together they leave none unwatched" in answers


def test_fog_of_command_numbers_are_the_deck_arithmetic():
    text, answers = prose("teach_fog_of_command"), revealed("teach_fog_of_command")
    assert "With 25 red\ncards left among 51, then 24 among 50" in text
    assert f"exact: 4/17 = {25 / 51 * 24 / 50:.2%}" in answers  # 25/51 * 24/50 = 600/2550 = 4/17
    # five Soviet and five German cards: the first k cards all Soviet
    for k, p in ((1, 5 / 10), (2, 5 / 10 * 4 / 9), (3, 5 / 10 * 4 / 9 * 3 / 8)):
        assert f"{k} Soviet unit(s) act before any German: exact {p:.1%}" in answers


def test_mg_danger_zone_numbers():
    out, answers = printed("teach_mg_danger_zone"), revealed("teach_mg_danger_zone")
    # a friend in the zone is rolled for as a target needing 7+: a 6, then 4-6 on a second die
    assert "each friend in the zone is hit on a 7+" in out
    assert f"Private A hit by his own Bren: {1 / 6 * 3 / 6:.0%}" in answers
    assert "in the danger zone now: nobody" in answers and "Private A hit: 0%" in answers


def test_fire_and_manoeuvre_combines_its_own_numbers():
    answers = revealed("teach_fire_and_manoeuvre")
    flinch = int(re.search(r"can still fire next turn: (\d+)%", answers).group(1))
    alone = int(re.search(r"without a base of fire: (\d+)% chance", answers).group(1))
    covered = int(re.search(r"with a base of fire first: (\d+)%", answers).group(1))
    assert 0 < flinch < 100 and 0 < covered < alone
    assert abs(covered - alone * flinch / 100) <= 1  # the risk times the chance the gruppe still fires


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_keeps_an_answer_behind_a_reveal(path):
    code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    assert "reveal(" in code and revealed(path.stem).strip()


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_colours_a_nation_only_by_its_nations_colour(path):
    """One colour per nation across the lessons: none writes a nation's colour by hand (a chart
    of the Soviets names NATION_COLOURS["ussr"]), so no lesson can draw the US in German grey."""
    from wgkit.facts.common import NATION_COLOURS

    code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    assert not [c for c in NATION_COLOURS.values() if c.lower() in code.lower()]


def pictures_shown_after_the_first_question(cells: list[dict]) -> list[int]:
    """The code cells that, once a question has been asked, show a picture outside a widget (a
    reveal or the app): an answer drawn on the page before anyone opens it."""
    asked, shown = False, []
    for i, c in enumerate(cells):
        if c["cell_type"] == "markdown" and re.search(r"^#+ *Question", "".join(c["source"]), re.M):
            asked = True
        for o in c.get("outputs", []) if asked else []:
            data = o.get("data", {})
            bare = any(k.startswith("image/") for k in data) and "application/vnd.jupyter.widget-view+json" not in data
            if bare or o.get("output_type") == "stream" and "<Figure" in "".join(o.get("text", "")):
                shown.append(i)
    return shown


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_answer_is_drawn_before_its_reveal_is_opened(path):
    assert pictures_shown_after_the_first_question(json.loads(path.read_text())["cells"]) == []


def test_a_board_drawn_beside_a_closed_answer_is_noticed():
    question = {"cell_type": "markdown", "source": ["## Question 1: dead ground"]}
    board = {"cell_type": "code", "source": ["board"], "outputs": [
        {"output_type": "execute_result", "data": {"image/png": "iVBOR", "text/plain": "Scene(...)"}}]}
    reveal = {"cell_type": "code", "source": ["reveal(...)"], "outputs": [
        {"output_type": "execute_result", "data": {"application/vnd.jupyter.widget-view+json": {}, "text/html": ""}}]}
    assert pictures_shown_after_the_first_question([board, question, reveal, board]) == [3]


def _id_like_names() -> re.Pattern:
    """Every id in the bundled scenarios that reads as an id (an underscore or a digit in it:
    ``pte_a``, ``de_lt``, ``flak88``), each with a name the table uses instead. Plain-word ids
    (``section``, ``guns``) are left out: the prose uses the words themselves."""
    from wgkit.scenario import load

    ids = set()
    for path in (ROOT / "scenarios").glob("*/*.yaml"):
        scenario = load(path)
        named = {**{s.id: s.name for s in scenario.sides}, **scenario.spoken_names()}
        named.update({f.id: f.name for f in scenario.terrain if f.name})
        ids |= {i for i, name in named.items() if name and name != i and re.search(r"[_\d]", i)}
    return re.compile(r"(?<![\w/.-])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w/.-])")


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.stem)
def test_what_a_notebook_shows_names_pieces_as_the_table_does(path):
    """A notebook in Voila is a page: what it prints or shows (streams, HTML, Markdown; not the
    plain-text stand-ins for pictures) names pieces, units, sides and features by name, never by
    id (issue 65: "pte_a" printed where the board reads "Private A" or "rifleman 1")."""
    ids = _id_like_names()
    shown = []
    for c in json.loads(path.read_text())["cells"]:
        for o in c.get("outputs", []):
            shown.append("".join(o.get("text", "")))
            shown += ["".join(o.get("data", {}).get(kind, "")) for kind in ("text/html", "text/markdown")]
    shown = [re.sub(r"data:image/[^\"')]+", "", text) for text in shown]  # pictures inside HTML are not words
    leaks = sorted({m[1] for text in shown for m in ids.finditer(text)})
    assert not leaks, f"{path.name} shows ids: {leaks}"


def _words_drawn(fig) -> list:
    """Every piece of text a chart draws (titles, axis labels, annotations, legends, the tick
    labels within each axis's view) with the box it takes, in pixels."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    canvas = FigureCanvasAgg(fig)  # a closed figure (shown only inside a reveal) is drawn again here
    canvas.draw()
    renderer = canvas.get_renderer()
    ticks = set()
    for ax in fig.axes:
        for axis, (lo, hi) in ((ax.xaxis, sorted(ax.get_xlim())), (ax.yaxis, sorted(ax.get_ylim()))):
            for tick in axis.get_major_ticks():
                if not lo - 1e-9 <= tick.get_loc() <= hi + 1e-9:
                    ticks.add(id(tick.label1))  # outside the view: not drawn
    return [(t.get_text(), t.get_window_extent(renderer)) for t in fig.findobj(Text)
            if t.get_visible() and t.get_text().strip() and id(t) not in ticks]


@pytest.mark.parametrize("name", ["teach_fire_and_manoeuvre", "teach_fog_of_command", "teach_prepared_position"])
def test_a_lessons_charts_keep_their_words_apart_and_on_the_picture(name, monkeypatch):
    """Read on a projector (issue 68): no chart title, axis label or tick label over another, and
    none cut off at the picture's edge. The lesson's code is run here and its figures looked at."""
    import itertools

    import matplotlib
    from matplotlib.figure import Figure

    matplotlib.use("Agg")
    monkeypatch.chdir(ROOT / "notebooks")
    space: dict = {}
    for c in cells(name):
        if c["cell_type"] == "code":
            exec("".join(c["source"]), space)
    figures = [v for v in space.values() if isinstance(v, Figure)]
    assert figures, f"{name} draws no chart"
    for fig in figures:
        words = _words_drawn(fig)
        width, height = fig.get_size_inches() * fig.dpi
        assert not [(a, b) for (a, box_a), (b, box_b) in itertools.combinations(words, 2) if box_a.overlaps(box_b)]
        assert not [w for w, box in words if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1]
