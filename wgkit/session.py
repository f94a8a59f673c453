"""Which game ``wgkit play`` serves: the journal it resumes or the new one it starts, its seed,
and the folder saves may go to. Decided once, before the server starts, so every problem is one
line on the terminal and every page of the app attaches to the same journal.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from wgkit.engine.events import plain
from wgkit.engine.game import Game
from wgkit.engine.journal import Journal, is_journal
from wgkit.engine.views import seed_of
from wgkit.engine.save import Loaded, SaveError, load
from wgkit.rules.registry import get_ruleset, sequence_of
from wgkit.scenario import ScenarioError, load as load_scenario


class SessionError(ValueError):
    """Why ``wgkit play`` will not start, in one line."""


@dataclass(frozen=True)
class Session:
    journal: Path
    save_dir: Path
    title: str
    seed: int
    events: int
    resumed: bool
    repaired: str = ""  # a line torn by a crash, cut when the journal was resumed (Journal.repaired)

    def describe(self) -> str:
        if self.resumed:
            events = f"{self.events} event{'s' if self.events != 1 else ''}"
            resuming = f"{self.title}: resuming {self.journal} ({events}, seed {self.seed})"
            return resuming + (f"\nwhen it resumed, {self.repaired}" if self.repaired else "")
        return f"{self.title}: new game, seed {self.seed}; every event is journaled to {self.journal}"


def default_journal(source: Path, folder: Path | None = None) -> Path:
    """The journal next to the game's source (or in ``folder``): ``NAME.journal.wgsave``."""
    return (folder or source.parent) / f"{source.stem}.journal.wgsave"


def fresh_journal(source: Path, folder: Path | None = None) -> Path:
    """The first unused ``NAME.journal-K.wgsave`` (K = 2, 3, ...) for a game started anew."""
    k = 2
    while (path := (folder or source.parent) / f"{source.stem}.journal-{k}.wgsave").exists():
        k += 1
    return path


def fresh_seed() -> int:
    return secrets.randbelow(2 ** 31)


def start(source: str | os.PathLike[str], *, journal: str | os.PathLike[str] | None = None, new: bool = False,
          seed: int | None = None, scenario_seed: bool = False,
          save_dir: str | os.PathLike[str] | None = None, folder: str | os.PathLike[str] | None = None) -> Session:
    """Resume the game's journal, or start a new one; raise :class:`SessionError` on any problem.

    A scenario starts a new game with a fresh random seed (``seed`` or, with ``scenario_seed``,
    the scenario's own replay it exactly). A finished save is continued in a new journal with
    fresh dice. A journal is resumed in place. An existing journal is never overwritten: it is
    resumed, and ``new`` starts the next free ``NAME.journal-K.wgsave`` instead. Journals go next
    to the source, or into ``folder`` (a bundled scenario, whose folder may not be writable)."""
    src = Path(source)
    if seed is not None and scenario_seed:
        raise SessionError("give --seed or --scenario-seed, not both")
    if src.suffix == ".wgsave" and is_journal(src):
        if new or journal is not None:
            raise SessionError(f"{src} is a journal and is resumed where it stopped; to start over, "
                               f"play its scenario with --new")
        return _resume(src, seed, scenario_seed, save_dir)
    start_game = _starting_game(src)
    where = Path(folder) if folder is not None else None
    path = Path(journal) if journal is not None else default_journal(src, where)
    if path.exists():
        if not new:
            if not is_journal(path):
                raise SessionError(f"{path} exists and is not a journal; choose another with --journal")
            _same_scenario(path, start_game)
            return _resume(path, seed, scenario_seed, save_dir)
        if journal is not None:
            raise SessionError(f"{path} exists; --new never overwrites a journal: choose another --journal")
        path = fresh_journal(src, where)
    game = _with_seed(start_game, src, seed, scenario_seed)
    _writable_dir(path.parent, "journal folder")
    folder = _writable_dir(Path(save_dir) if save_dir is not None else path.parent, "save folder")
    try:
        Journal.create(game, path)
    except OSError as exc:
        raise SessionError(f"cannot write the journal {path}: {exc.strerror}; choose another with --journal") from None
    return Session(path, folder, game.scenario.title, seed_of(game.state), len(game.log), False)


def _starting_game(src: Path) -> Game:
    try:
        if src.suffix == ".wgsave":
            return load_game(src).game
        scenario = load_scenario(src)
    except (ScenarioError, SaveError) as exc:
        raise SessionError(str(exc).splitlines()[0]) from None
    return get_ruleset(scenario.ruleset).new_game(scenario)


def _with_seed(game: Game, src: Path, seed: int | None, scenario_seed: bool) -> Game:
    if scenario_seed:
        if game.scenario.seed is None:
            raise SessionError(f"{src}: the scenario gives no seed; use --seed N")
        seed = game.scenario.seed
    seed = fresh_seed() if seed is None else seed
    if not game.log:
        return get_ruleset(game.scenario.ruleset).new_game(game.scenario, seed)
    game.reseed(seed, f"fresh dice for this session (seed {seed})")
    return game


def _same_scenario(path: Path, game: Game) -> None:
    try:
        theirs = _header(path).get("scenario")
    except SaveError as exc:
        raise SessionError(str(exc)) from None
    if theirs != plain(game.scenario.to_dict()):
        raise SessionError(f"{path} holds a game of a different version of this scenario; "
                           f"resume it with `wgkit play {path}` or start anew with --new")


def _resume(path: Path, seed: int | None, scenario_seed: bool, save_dir: str | os.PathLike[str] | None) -> Session:
    if seed is not None or scenario_seed:
        raise SessionError(f"{path}: a resumed game keeps its dice; --seed and --scenario-seed start a "
                           f"new game (add --new)")
    if not os.access(path, os.W_OK):
        raise SessionError(f"cannot write the journal {path}: permission denied")
    try:
        journal = attach(path)
    except SaveError as exc:
        raise SessionError(str(exc)) from None
    game = journal.game
    folder = _writable_dir(Path(save_dir) if save_dir is not None else path.parent, "save folder")
    return Session(path, folder, game.scenario.title, seed_of(game.state), len(game.log), True, journal.repaired)


def load_game(path: str | os.PathLike[str], *, recover: bool = False) -> Loaded:
    """The saved game or journal at ``path``, replayed on its ruleset's turn sequence (raises
    SaveError; ``recover`` drops a line torn by a crash, as :func:`wgkit.engine.save.load`)."""
    return load(path, sequence_of, recover=recover)


def attach(path: str | os.PathLike[str]) -> Journal:
    """Attach to the journal at ``path`` with its ruleset's turn sequence (raises SaveError)."""
    try:
        flow = get_ruleset(_header(path)["scenario"]["ruleset"]).sequence
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"{path}:1: not a wgkit journal ({exc})") from None
    return Journal.attach(path, flow)


def _header(path: str | os.PathLike[str]) -> dict:
    """A saved game's or journal's first line: format, seed and the scenario as a plain dict."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.loads(fh.readline())
    except (OSError, ValueError) as exc:
        raise SaveError(f"{path}:1: not a wgkit journal ({exc})") from None


def _writable_dir(folder: Path, what: str) -> Path:
    if not folder.is_dir():
        raise SessionError(f"the {what} {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SessionError(f"cannot write in the {what} {folder}: permission denied")
    return folder.resolve()
