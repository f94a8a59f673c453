"""Saved games: one readable JSON-lines file holding the scenario, the seed and the event log.

Line 1 is a header (format, version, scenario, seed). Each further line is one event, or an
``undo`` record, and carries ``hash`` = SHA-256 of the previous line's hash and its own content,
so an altered line breaks the chain. A full save ends with an ``end`` line and is written
atomically (temporary file, fsync, rename). An autosave journal is the same file without the
``end`` line (:mod:`wgkit.engine.journal`), appended and fsynced after every event: after a
crash, :func:`load` with ``recover=True`` keeps every complete line and drops a torn last one.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wgkit.engine.events import Event
from wgkit.engine.flow import SIMPLE, TurnSequence
from wgkit.engine.game import Game
from wgkit.scenario.errors import ScenarioError
from wgkit.scenario.io import atomic_write
from wgkit.scenario.model import Scenario
from wgkit.scenario.reader import Located
from wgkit.scenario.validate import problems

FORMAT, VERSION = "wgkit-game", 1


class SaveError(ValueError):
    """A saved game that cannot be loaded; nothing is half-built."""


def _canon(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _chain(prev: str, body: dict) -> str:
    return hashlib.sha256((prev + _canon(body)).encode()).hexdigest()


def chained_line(prev: str, body: dict) -> tuple[str, str]:
    """One record as a file line chained to the previous hash; returns (line, its hash)."""
    h = _chain(prev, body)
    return _canon({**body, "hash": h}) + "\n", h


def _header(game: Game) -> dict:
    return {"format": FORMAT, "version": VERSION, "seed": game.seed, "scenario": game.scenario.to_dict()}


def dumps(game: Game, *, end: bool = True) -> str:
    """The whole game as save-file text."""
    text, h = chained_line("", _header(game))
    for i, event in enumerate(game.log):
        line, h = chained_line(h, {"n": i, "event": event.to_dict()})
        text += line
    if end:
        line, h = chained_line(h, {"end": len(game.log)})
        text += line
    return text


def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the game atomically: the file holds the old save or the new one, never half."""
    atomic_write(path, dumps(game))


@dataclass
class Loaded:
    game: Game
    recovered: str = ""  # what recovery dropped, if anything


def load(path: str | os.PathLike[str], flow: TurnSequence | None = None, *, recover: bool = False) -> Loaded:
    """Rebuild a saved game by replaying its log; raise :class:`SaveError` if anything is off.

    ``flow`` defaults to the turn sequence of the scenario's ruleset, so that the loaded game is
    the one that was played, down to what its first step set up (a game rebuilt on another
    sequence would lack, say, Easy Company's movement points before the first event)."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name}: not a wgkit saved game (not UTF-8 text)") from None
    lines = text.split("\n")
    torn = lines.pop() if lines and lines[-1] else ""
    if lines and lines[-1] == "":
        lines.pop()
    dropped = ""
    if torn:
        if not recover:
            raise SaveError(f"{name}:{len(lines) + 1}: the file is truncated (last line incomplete)")
        dropped = f"dropped an incomplete last line ({len(torn)} bytes) left by an interrupted write"
    records = []
    for i, line in enumerate(lines, 1):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            raise SaveError(f"{name}:{i}: damaged line (not valid JSON)") from None
    if not records or records[0].get("format") != FORMAT:
        raise SaveError(f"{name}:1: not a wgkit saved game")
    if records[0].get("version") != VERSION:
        raise SaveError(f"{name}:1: saved by format version {records[0].get('version')}; this wgkit reads {VERSION}")
    h = ""
    for i, rec in enumerate(records, 1):
        body = {k: v for k, v in rec.items() if k != "hash"}
        h = _chain(h, body)
        if rec.get("hash") != h:
            raise SaveError(f"{name}:{i}: checksum mismatch: the file was altered or damaged")
    header, body = records[0], records[1:]
    ended = bool(body) and "end" in body[-1]
    if ended:
        body = body[:-1]
    elif not recover:
        raise SaveError(f"{name}: the file is truncated (no end record)")
    scenario = _scenario(header.get("scenario"), name)
    events: list[Event] = []
    try:
        for rec in body:
            if "undo" in rec:
                del events[len(events) - int(rec["undo"]):]
            else:
                events.append(Event.from_dict(rec["event"]))
        game = Game.replay(scenario, int(header["seed"]), events, flow or _sequence(scenario))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"{name}: cannot replay the log: {exc}") from None
    if ended and records[-1]["end"] != len(events):
        raise SaveError(f"{name}: the end record counts {records[-1]['end']} events, the log has {len(events)}")
    return Loaded(game, dropped)


def _sequence(scenario: Scenario) -> TurnSequence:
    """The turn sequence of the scenario's ruleset (the plain one for a ruleset not installed)."""
    from wgkit.rules.registry import UnknownRulesetError, get_ruleset  # rules sit above the engine

    try:
        return get_ruleset(scenario.ruleset).sequence
    except UnknownRulesetError:
        return SIMPLE


def _scenario(data: Any, name: str) -> Scenario:
    doc = Located(data, f"{name} (embedded scenario)")
    found = problems(doc)
    if found:
        raise SaveError(str(ScenarioError(found)).splitlines()[0])
    return Scenario.from_dict(data)
