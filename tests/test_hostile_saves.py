"""Hostile saved games: every crafted or damaged save is one line ``FILE:LINE: why``, never a crash.

Each case edits a real save's records and recomputes the hash chain, so that what is refused
is the content itself, not the checksum.
"""

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_engine import FLOW, SCENARIO, play_some
from wgkit.cli import main
from wgkit.engine import Game
from wgkit.session import load_game
from wgkit.engine.save import SaveError, chained_line, dumps, load


def _records() -> list[dict]:
    g = Game(SCENARIO, flow=FLOW)
    play_some(g)
    g.undo()
    return [{k: v for k, v in json.loads(line).items() if k != "hash"} for line in dumps(g).splitlines()]


RECORDS = _records()  # header, five events, an end record (the undo is not in a full save)
ONE_LINE = re.compile(r"^\S+\.wgsave:\d+: \S.*$")


def rechained(records: list) -> str:
    """Save text for ``records``; objects are chained, anything else is written as it is."""
    text, h = "", ""
    for rec in records:
        if isinstance(rec, dict):
            line, h = chained_line(h, rec)
            text += line
        else:
            text += (rec if isinstance(rec, str) else json.dumps(rec)) + "\n"
    return text


def edited(edit) -> list:
    records = json.loads(json.dumps(RECORDS))
    edit(records)
    return records


def _set(path, value):
    def edit(records):
        node = records
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def deep(n: int) -> str:
    return "[" * n + "]" * n


CASES = {  # name: (records after the edit, the line at fault, what the message says)
    "line is 1": (edited(lambda r: r.insert(2, 1)), 3, "a record is a JSON object, not int"),
    "line is []": (edited(lambda r: r.insert(2, [])), 3, "not list"),
    "line is null": (edited(lambda r: r.insert(2, None)), 3, "not NoneType"),
    'line is "x"': (edited(lambda r: r.insert(2, "\"x\"")), 3, "not str"),
    "line is not JSON": (edited(lambda r: r.insert(2, "{oops")), 3, "not valid JSON"),
    "blank line": (edited(lambda r: r.insert(2, "")), 3, "not valid JSON"),
    "nested 100k deep": (edited(lambda r: r.insert(2, deep(100_000))), 3, "nested too deeply"),
    "nested 60 deep in a record": (edited(_set([1, "event", "detail"], json.loads(deep(60)))), 2,
                                   "nesting is deeper than"),
    "5,000-digit integer": (edited(lambda r: r.insert(2, '{"undo":' + "9" * 5000 + "}")), 3,
                            "written with 5,000 characters"),
    "10**400 in an event": (edited(_set([1, "event", "changes", 0, 1], 10 ** 400)), 2, "written with 401"),
    "1e300 in an event": (edited(_set([1, "event", "changes", 0, 1], 1e300)), 2, "number is too large"),
    "NaN table width in the header": (edited(_set([0, "scenario", "table", "width"], float("nan"))), 1,
                                      "NaN is not allowed"),
    "Infinity facing": (edited(_set([1, "event", "changes", 0, 1], float("inf"))), 2,
                        "Infinity is not allowed"),
    "lone surrogate": (edited(lambda r: r.insert(2, '{"n":1,"event":{"kind":"note","changes":[],'
                                                     '"text":"a\\ud800b"},"hash":"0"}')), 3, "lone surrogate"),
    "control character": (edited(_set([1, "event", "text"], "a\x1bb")), 2, "control character U+001B"),
    "path into a piece's position": (edited(_set([1, "event", "changes", 0, 0], ["pieces", "r1", "position", "x"])),
                                     2, "no such field of a piece: pieces.r1.position.x"),
    "path to no piece": (edited(_set([1, "event", "changes", 0, 0], ["pieces", "zz", "alive"])), 2,
                         "no piece 'zz' in the game (pieces.zz.alive)"),
    "path to a misspelt field": (edited(_set([1, "event", "changes", 0, 0], ["pieces", "r1", "alvie"])), 2,
                                 "no such field of a piece: pieces.r1.alvie"),
    "path outside the state": (edited(_set([1, "event", "changes", 0, 0], ["rgn", "counter"])), 2,
                               "no such place in the game state: rgn.counter"),
    "path of numbers": (edited(_set([1, "event", "changes", 0, 0], [1, 2])), 2, "a change must be"),
    "empty path": (edited(_set([1, "event", "changes", 0, 0], [])), 2, "a change must be"),
    "change not a triple": (edited(_set([1, "event", "changes", 0], "x")), 2, "a change must be"),
    "event not a mapping": (edited(_set([1, "event"], [1])), 2, "needs a 'kind'"),
    "changes not a list": (edited(_set([1, "event", "changes"], {})), 2, "needs a 'kind'"),
    "damaged roll": (edited(_set([2, "event", "rolls"], [{"purpose": "fire"}])), 3, "a roll is damaged"),
    "neither event nor undo": (edited(lambda r: r.insert(2, {"n": 1})), 3, "neither an event nor an undo"),
    "undo more than stands": (edited(lambda r: r.insert(2, {"undo": 5})), 3, "undoes 5 events; 1 stand"),
    "undo of true": (edited(lambda r: r.insert(2, {"undo": True})), 3, "undoes True"),
    "seed is text": (edited(_set([0, "seed"], "x")), 1, "seed must be a whole number"),
    "negative seed": (edited(_set([0, "seed"], -1)), 1, "seed must be a whole number"),
    "no scenario": (edited(lambda r: r[0].pop("scenario")), 1, "the header holds no scenario"),
    "scenario broken": (edited(_set([0, "scenario", "sides"], [])), 0, "sides: needs at least 2"),
    "version 2": (edited(_set([0, "version"], 2)), 1, "saved by format version 2"),
    "end count wrong": (edited(_set([-1, "end"], 9)), 7, "the end record counts 9 events"),
    "a piece beyond any table": (edited(_set([1, "event", "changes", 0, 1], [1e15, -1e15])), 2,
                                 "pieces.r1.position (1e+15, -1e+15) lies beyond any table (10,000\" a side at most)"),
    "a piece just beyond any table": (edited(_set([1, "event", "changes", 0, 1], [23, -10_000.5])), 2,
                                      "pieces.r1.position (23, -10000.5) lies beyond any table"),
    "a position of three numbers": (edited(_set([1, "event", "changes", 0, 1], [1, 2, 3])), 2,
                                    "pieces.r1.position must be two finite numbers, not [1, 2, 3]"),
    "a position of text": (edited(_set([1, "event", "changes", 0, 1], ["23", 9])), 2,
                           "pieces.r1.position must be two finite numbers, not ['23', 9]"),
    "a facing of text": (edited(_set([1, "event", "changes", 0], [["pieces", "r1", "facing"], "north", False])), 2,
                         "pieces.r1.facing must be a finite number of degrees, not north"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_crafted_save_is_refused_in_one_line_naming_the_line(tmp_path, name, capsys):
    records, line, why = CASES[name]
    path = tmp_path / "crafted.wgsave"
    path.write_text(rechained(records))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert "\n" not in message and why in message, message
    if line:  # the embedded scenario's problems name the scenario's own path instead
        assert message.startswith(f"{path}:{line}: "), message
    assert main(["render", str(path), "-o", str(tmp_path / "out.png")]) == 1
    assert capsys.readouterr().err.strip() == message  # the command line says the same, exit 1


def test_a_replay_refusal_names_the_line_and_the_path(tmp_path):
    path = tmp_path / "crafted.wgsave"
    path.write_text(rechained(CASES["path into a piece's position"][0]))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert str(caught.value) == f"{path}:2: cannot replay this event: no such field of a piece: pieces.r1.position.x"


def test_a_piece_on_the_edge_of_the_largest_table_loads(tmp_path):
    path = tmp_path / "g.wgsave"
    path.write_text(rechained(edited(_set([1, "event", "changes", 0, 1], [10_000, -10_000]))))
    assert load_game(path).game.state["pieces"]["r1"]["position"] == [10_000, -10_000]


def test_an_untouched_save_loads(tmp_path):
    path = tmp_path / "g.wgsave"
    path.write_text(rechained(RECORDS))
    assert len(load(path, FLOW).game.log) == 5


@pytest.mark.parametrize("cut", range(1, 40))
def test_recover_keeps_the_prefix_when_a_cut_falls_inside_a_multibyte_character(tmp_path, cut):
    g = Game(SCENARIO, flow=FLOW)
    play_some(g)
    g.record("note", [], "Überfall auf die Höhe — Gruppe Müller, Überfall — Höhe")
    text = dumps(g, end=False).encode()
    path = tmp_path / "j.wgsave"
    path.write_bytes(text[:-cut])  # cuts the last line anywhere, often between a character's bytes
    back = load(path, FLOW, recover=True)
    assert len(back.game.log) == 6  # every complete event before the torn line
    assert back.recovered.startswith("dropped line 8 ") and back.kept == text.rindex(b"\n", 0, len(text) - 1) + 1
    with pytest.raises(SaveError, match=r"j\.wgsave:8: the file is truncated"):
        load(path, FLOW)


def test_recover_drops_a_damaged_last_line_but_never_an_earlier_one(tmp_path):
    path = tmp_path / "j.wgsave"
    records = RECORDS[:-1] + ['{"n": 5, "event": {"kind": "mo']
    path.write_text(rechained(records))
    back = load(path, FLOW, recover=True)
    assert len(back.game.log) == 5 and "dropped line 7 (damaged line (not valid JSON))" in back.recovered
    records = RECORDS[:2] + ["garbage"] + RECORDS[2:-1]
    path.write_text(rechained(records))
    with pytest.raises(SaveError, match=r"j\.wgsave:3: damaged line"):
        load(path, FLOW, recover=True)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20)


@st.composite
def mutated_saves(draw) -> str:
    """A real save with one to three records replaced, edited or inserted, chain recomputed or not."""
    records = json.loads(json.dumps(RECORDS))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(records) - 1))
        op = draw(st.sampled_from(["replace", "insert", "edit", "drop"]))
        if op == "replace":
            records[i] = draw(json_values)
        elif op == "insert":
            records.insert(i, draw(json_values))
        elif op == "drop" and len(records) > 1:
            del records[i]
        elif op == "edit" and isinstance(records[i], dict) and records[i]:
            key = draw(st.sampled_from(sorted(records[i])))
            records[i][key] = draw(json_values)
    text = rechained([r if isinstance(r, dict) else json.dumps(r) for r in records])
    if draw(st.booleans()):  # also flip or cut bytes
        data = bytearray(text.encode())
        at = draw(st.integers(0, len(data) - 1))
        data[at] = draw(st.integers(0, 255))
        text = data[:draw(st.integers(at, len(data)))].decode("utf-8", "replace")
    return text


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_saves(), st.booleans())
def test_fuzzed_saves_load_or_refuse_in_one_line(tmp_path_factory, text, recover):
    path = tmp_path_factory.mktemp("fuzz") / "f.wgsave"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        loaded = load(path, FLOW, recover=recover)
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path)), str(exc)
    else:
        assert loaded.game.state["pieces"]  # a harmless edit: a playable game
