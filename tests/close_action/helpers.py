"""Small hand-built Close Action tables for exact rule tests."""

from wgkit.engine import Game
from wgkit.rules.close_action.flow import SEQUENCE
from wgkit.scenario import loads

TERRAIN = """
terrain:
  - {id: house, type: buildings, rectangle: {center: [30, 30], size: [6, 6]}}
  - {id: wood, type: woods, rectangle: {center: [10, 30], size: [6, 6]}}
  - {id: wall, type: low_wall, line: [[20, 20], [26, 20]], width: 0.5}
"""


def game(a_figs: str, b_figs: str, a_quality: str = "steady", b_quality: str = "steady",
         extra: str = "", seed: int = 1, rules: str = "", terrain: str = TERRAIN, depth: int = 48) -> Game:
    """Side us (attacker, unit 'a') against side de (defender, unit 'b'); figures as YAML lines.
    Each unit's first figure is its squad leader (every squad has one: Introduction).
    ``rules``: the scenario's rules mapping as YAML flow text, e.g. "{referee: true}"."""
    lead_a, lead_b = (f.split("id: ")[1].split(",")[0] for f in (a_figs, b_figs))
    text = f"""
title: test
ruleset: close_action
seed: {seed}
table: {{width: 48, depth: {depth}}}
{f"rules: {rules}" if rules else ""}
{terrain}
sides:
  - id: us
    name: US
    role: attacker
    units:
      - id: a
        kind: squad
        quality: {a_quality}
        leader: {lead_a}
        figures:
{a_figs}
{extra}
  - id: de
    name: DE
    role: defender
    units:
      - id: b
        kind: squad
        quality: {b_quality}
        leader: {lead_b}
        figures:
{b_figs}
"""
    return Game(loads(text, "test.yaml"), flow=SEQUENCE)


def fig(fid: str, x: float, y: float, weapons: str = "rifle", facing: float = 0, role: str = "",
        stance: str = "", rules: str = "") -> str:
    """One figure as a YAML line; ``rules`` is extra ruleset attributes, e.g. "spotter: s1"."""
    extra = f", role: {role}" if role else ""
    attrs = ", ".join(a for a in (f"stance: {stance}" if stance else "", rules) if a)
    rules = f", rules: {{{attrs}}}" if attrs else ""
    return f"          - {{id: {fid}, position: [{x}, {y}], facing: {facing}, weapons: [{weapons}]{extra}{rules}}}"


def to_step(g: Game, name: str) -> None:
    for _ in range(12):
        if g.current_step().name == name:
            return
        g.advance()
    raise AssertionError(f"no step {name}")
