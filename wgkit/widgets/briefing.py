"""The briefing: what the scenario tells the players before the first turn, shown as text."""

from __future__ import annotations

import html

from wgkit.rules.registry import find_ruleset
from wgkit.scenario.model import Scenario


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
    for side in scenario.sides:
        units = "".join(f"<li>{e(u.name or u.id)} <small>({e(u.kind.replace('_', ' '))}, {len(u.pieces)} "
                        f"{e(u.piece_key if len(u.pieces) != 1 else u.piece_key[:-1])})</small></li>"
                        for u in side.units)
        parts.append(f"<h4>{e(side.name)} <small>({e(side.role)})</small></h4><ul>{units}</ul>")
    victory = "".join(f"<li>{e(v)}</li>" for v in scenario.victory) or "<li>none written in the scenario</li>"
    parts.append(f"<h4>Victory conditions</h4><ul>{victory}</ul>")
    return f"<div class='wgkit-briefing' style='max-width:800px'>{''.join(parts)}</div>"
