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
from typing import Any, Callable

from wgkit.engine.events import Event
from wgkit.engine.flow import TurnSequence
from wgkit.engine.game import Game, ReplayError
from wgkit.scenario.errors import ScenarioError, path_text
from wgkit.scenario.io import atomic_write
from wgkit.scenario.model import Scenario
from wgkit.scenario.reader import MAX_DEPTH, MAX_DIGITS, Located, plain_problems
from wgkit.scenario.validate import problems

FORMAT, VERSION = "wgkit-game", 1
HEAD = b'{"format":"wgkit-game"'  # how every saved game and journal begins (canonical JSON)


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
    kept: int = 0  # bytes of the file that hold the loaded records (what a journal keeps)


MAX_TEXT = 100_000  # characters in one text value of a record (event texts run longer than names)


def _number(text: str) -> int | float:
    if len(text) > MAX_DIGITS:
        raise ValueError(f"a number is written with {len(text):,} characters (the limit is {MAX_DIGITS})")
    return float(text) if any(c in text for c in ".eE") else int(text)


def _no_constant(text: str) -> None:
    raise ValueError(f"{text} is not allowed (numbers must be finite)")


def _record(line: bytes) -> dict:
    """One line of a save as a record; ValueError says, in a few words, what is wrong with it."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    try:
        record = json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_no_constant)
    except json.JSONDecodeError:
        raise ValueError("damaged line (not valid JSON)") from None
    except RecursionError:
        raise ValueError("damaged line (nested too deeply)") from None
    if not isinstance(record, dict):
        raise ValueError(f"damaged line (a record is a JSON object, not {type(record).__name__})")
    for where, why in plain_problems(record, max_depth=MAX_DEPTH + 8, max_text=MAX_TEXT):
        raise ValueError(f"{path_text(where)}: {why}")
    return record


def _records(raw: bytes, name: str, recover: bool) -> tuple[list[tuple[int, dict]], str, int]:
    """(line number, record) for every sound line, what recovery dropped, and the bytes kept.

    Strictly, any fault refuses the file. With ``recover``, the last line alone may be dropped
    (torn by a crash mid-write, even inside a multi-byte character, or damaged) and the valid
    prefix is kept."""
    lines = raw.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a line break, as every complete save does
    records: list[tuple[int, dict]] = []
    h, kept = "", 0
    for i, line in enumerate(lines + ([torn] if torn else []), 1):
        last = i == len(lines) + (1 if torn else 0)
        try:
            if torn and last:
                raise ValueError("the file is truncated (last line incomplete)")
            record = _record(line)
            body = {k: v for k, v in record.items() if k != "hash"}
            h_next = _chain(h, body)
            if record.get("hash") != h_next:
                raise ValueError("checksum mismatch: the file was altered or damaged")
        except ValueError as exc:
            if recover and last and records:
                return records, f"dropped line {i} ({exc}): left by an interrupted write", kept
            raise SaveError(f"{name}:{i}: {exc}") from None
        h, kept = h_next, kept + len(line) + 1
        records.append((i, record))
    return records, "", kept


def load(path: str | os.PathLike[str], flow: TurnSequence | Callable[[Scenario], TurnSequence], *,
         recover: bool = False) -> Loaded:
    """Rebuild a saved game by replaying its log; raise :class:`SaveError` if anything is off.

    Every refusal is one line naming the file and, where there is one, the line at fault.
    ``flow`` is the turn sequence to replay on, or a function giving it for the saved scenario:
    the game must be rebuilt on the sequence it was played on, down to what its first step set up
    (on another, say, Easy Company's movement points before the first event would be missing).
    :func:`wgkit.session.load_game` passes the scenario's ruleset's."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SaveError(f"{name}: cannot read: {exc.strerror}") from None
    if not raw.startswith(HEAD):
        raise SaveError(f"{name}:1: not a wgkit saved game")
    records, dropped, kept = _records(raw, name, recover)
    header = records[0][1]
    if header.get("version") != VERSION:
        raise SaveError(f"{name}:1: saved by format version {header.get('version')}; this wgkit reads {VERSION}")
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError(f"{name}:1: the dice seed must be a whole number, not {seed!r}")
    body = records[1:]
    ended = bool(body) and "end" in body[-1][1]
    if ended:
        end_line, end = body.pop()
    elif not recover:
        raise SaveError(f"{name}: the file is truncated (no end record)")
    scenario = _scenario(header.get("scenario"), name)
    events: list[tuple[int, Event]] = []
    for line, rec in body:
        try:
            if "undo" in rec:
                undo = rec["undo"]
                if not isinstance(undo, int) or isinstance(undo, bool) or not 0 < undo <= len(events):
                    raise ValueError(f"undoes {undo!r} events; {len(events)} stand before it")
                del events[len(events) - undo:]
            elif "event" in rec:
                events.append((line, Event.from_dict(rec["event"])))
            else:
                raise ValueError("neither an event nor an undo")
        except ValueError as exc:
            raise SaveError(f"{name}:{line}: {exc}") from None
    try:
        game = Game.replay(scenario, seed, [e for _, e in events], flow if isinstance(flow, TurnSequence) else flow(scenario))
    except ReplayError as exc:
        raise SaveError(f"{name}:{events[exc.index][0]}: cannot replay this event: {exc.why}") from None
    if ended and end["end"] != len(events):
        raise SaveError(f"{name}:{end_line}: the end record counts {end['end']} events, the log has {len(events)}")
    return Loaded(game, dropped, kept)


def _scenario(data: Any, name: str) -> Scenario:
    if not isinstance(data, dict):
        raise SaveError(f"{name}:1: the header holds no scenario")
    doc = Located(data, f"{name} (embedded scenario)")
    found = problems(doc)
    if found:
        raise SaveError(str(ScenarioError(found)).splitlines()[0])
    return Scenario.from_dict(data)
