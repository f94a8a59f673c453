"""The briefing: what the scenario tells the players before the first turn, shown as text."""

from __future__ import annotations

import html

from wgkit.engine.game import Game
from wgkit.facts.registry import find_ruleset
from wgkit.scenario.model import Scenario
from wgkit.victory import describe, standing
from wgkit.words import possessive, wins


def briefing_html(scenario: Scenario) -> str:
    """Title, ruleset, turn limit, description, each side's forces and the victory conditions;
    every text from the file is escaped."""
    e = html.escape
    rules = find_ruleset(scenario.ruleset)
    parts = [f"<h3>{e(scenario.title)}</h3>",
             f"<p><b>Rules:</b> {e(rules.name)} &middot; <b>Turns:</b> "
             f"{scenario.turns if scenario.turns else 'no limit set'} &middot; <b>Table:</b> "
             f"{scenario.table.width:g}&quot; &times; {scenario.table.depth:g}&quot;</p>"]
    if scenario.description:
        parts.append(f"<p style='white-space:pre-wrap'>{e(scenario.description)}</p>")
    called = scenario.spoken_names()
    for side in scenario.sides:
        units = "".join(f"<li>{e(called[u.id])} <small>({e(u.kind.replace('_', ' '))}, {len(u.pieces)} "
                        f"{e(u.piece_key if len(u.pieces) != 1 else u.piece_key[:-1])}{_named(u)})</small></li>"
                        for u in side.units)
        parts.append(f"<h4>{e(side.name)} <small>({e(side.role)})</small></h4><ul>{units}</ul>")
    victory = "".join(f"<li>{e(v)}</li>" for v in scenario.victory) or "<li>none written in the scenario</li>"
    parts.append(f"<h4>Victory conditions</h4><ul>{victory}</ul>")
    if scenario.conditions:
        names = {s.id: s.name for s in scenario.sides}
        for side in scenario.sides:
            mine = [(i, c) for i, c in enumerate(scenario.conditions, 1) if c.side == side.id]
            items = "".join(f"<li>{e(c.name or describe(c, scenario))}{_marked(c, i)}</li>" for i, c in mine) \
                or "<li>none of its own: it wins if the enemy falls short</li>"
            parts.append(f"<p><b>{e(possessive(side.name))} objectives</b></p><ul>{items}</ul>")
        level = (e(wins(names.get(scenario.otherwise, scenario.otherwise))) if scenario.otherwise
                 else "the game is a draw")
        parts.append(f"<p>The side with more points at the end wins; on level points {level}. "
                     f"The Play tab shows how each objective stands.</p>")
    return f"<div class='wgkit-briefing' style='max-width:800px'>{''.join(parts)}</div>"


def _named(unit) -> str:  # type: ignore[no-untyped-def]
    """The unit's pieces that have names of their own (the board labels them): every piece on the
    board is in the briefing, under its unit."""
    names = [p.name for p in unit.pieces if p.name and p.name != unit.name]
    return f": {html.escape(', '.join(names))}" if names else ""


def _marked(c, i: int) -> str:
    """Where an area condition is drawn on the board."""
    return f" <small>(objective {i} on the board)</small>" if c.kind in ("hold", "contest", "deny") else ""


def standing_html(game: Game, details: bool = True) -> str:
    """How each victory condition stands now (or the result, once the game is over); empty when
    the scenario has none as data. Without ``details`` the reasons (which units are where) are left out."""
    now = standing(game)
    if now is None:
        return ""
    e = html.escape
    rows = []
    for j in now.judged:
        mark = "<span style='color:#070'>&#10003;</span>" if j.met else "<span style='color:#a00'>&#10007;</span>"
        why = f" <small style='color:#555'>{e(j.why)}</small>" if details else ""
        rows.append(f"<li style='list-style:none;line-height:1.35'>{mark} {e(j.label)}{why}</li>")
    head = f"<b style='color:#b00'>{e(now.summary)}</b>" if now.final else f"<b>Objectives</b> &middot; {e(now.summary)}"
    # one line while the game goes on (open it for each condition); open with the result at the end
    return (f"<details class='wgkit-standing' style='font-size:85%;line-height:1.3'{' open' if now.final else ''}>"
            f"<summary style='cursor:pointer'>{head}</summary>"
            f"<ul style='margin:2px 0;padding-left:4px'>{''.join(rows)}</ul></details>")
