"""Simulated games kept on disk as they finish, so that a long run carries on where it stopped.

``wgkit simulate --keep FILE`` appends each finished game's result to FILE, one JSON line written
and fsynced as the game ends; run again with the same FILE, it plays only the seeds FILE lacks and
reports exactly what one uninterrupted run would. A game's result depends on the scenario, who
plays each side, the turns, its seed and the kit's code for its ruleset: FILE's first line records
all but the seed, and a FILE kept for anything else is refused rather than mixed in. A line torn
by a crash is cut off; a game that raised an error is not kept (it is played again)."""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

KIND = "wgkit simulated games"


class KeptGamesError(ValueError):
    """The file cannot hold these games: it is not a games file, or it was kept for another run."""


# What a simulated game never runs: the notebook and app pages. Every other module counts, a new
# one included, so that an omission can only void a kept run, never mix games of other code.
_NEVER_PLAYED = ("app", "widgets")


@lru_cache(maxsize=None)
def code_fingerprint(ruleset: str) -> str:
    """A digest of the kit's Python source that a game of ``ruleset`` can run: games played by other
    code may have gone otherwise. Other rulesets' rules and facts, and the pages, are left out, so
    a fix to them does not void a kept run."""
    root = Path(__file__).resolve().parent
    others = {p.name for p in (root / "rules").iterdir() if p.is_dir() and (p / "__init__.py").exists()} - {ruleset}
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if parts[0] in _NEVER_PLAYED or parts[0] in ("rules", "facts") and parts[1].removesuffix(".py") in others:
            continue
        digest.update("/".join(parts).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def setup_of(scenario_text: str, players: dict[str, str], turns: int, ruleset: str) -> dict[str, Any]:
    """What a kept game's result depends on, besides its seed."""
    return {"scenario": hashlib.sha256(scenario_text.encode()).hexdigest()[:16], "players": dict(sorted(players.items())),
            "turns": int(turns), "code": code_fingerprint(ruleset)}


WHAT = {"scenario": "another scenario", "players": "other players", "turns": "another number of turns",
        "code": "other code of the kit"}


class KeptGames:
    """The games kept in ``path`` for ``setup`` (:func:`setup_of`), by seed; :meth:`add` keeps one more."""

    def __init__(self, path: str | os.PathLike[str], setup: dict[str, Any]):
        self.path, self.games = Path(path), {}
        head = {"kind": KIND, **setup}
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._append(head)
            return
        data = self.path.read_bytes()
        lines = data.decode("utf-8", errors="replace").split("\n")
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            first = None
        if not isinstance(first, dict) or first.get("kind") != KIND:  # checked before anything is cut
            raise KeptGamesError(f"{self.path}: line 1: not a file of simulated games")
        differ = [WHAT[k] for k in WHAT if first.get(k) != head[k]]
        if differ:
            raise KeptGamesError(f"{self.path}: its games were played with {', '.join(differ)}; keep these in "
                                 f"another file")
        if lines[-1]:  # the last line was torn by a crash: cut it, or the next would glue to it
            whole = data.rfind(b"\n") + 1
            with open(self.path, "r+b") as fh:
                fh.truncate(whole)
                os.fsync(fh.fileno())
            if whole == 0:  # the torn line was the heading itself
                self._append(head)
        for number, line in enumerate(lines[1:-1], start=2):
            game = self._line(line, number)
            self.games[game["seed"]] = game

    def _line(self, line: str, number: int) -> dict[str, Any]:
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            value = None
        if not isinstance(value, dict) or not isinstance(value.get("seed"), int):
            raise KeptGamesError(f"{self.path}: line {number}: not a kept game")
        return value

    def _append(self, record: dict[str, Any]) -> None:
        with open(self.path, "ab") as fh:
            fh.write((json.dumps(record) + "\n").encode())
            fh.flush()
            os.fsync(fh.fileno())

    def add(self, game: dict[str, Any]) -> None:
        """Keep a finished game (one that raised an error is left to be played again)."""
        if "error" not in game and game["seed"] not in self.games:
            self.games[game["seed"]] = game
            self._append(game)
