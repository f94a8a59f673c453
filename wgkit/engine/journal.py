"""The journal: one game's append-only record on disk, shared by every page that plays it.

A journal is a saved game without the ``end`` line (see :mod:`wgkit.engine.save`). It is
created once, never overwritten, and each commit, undo and redo is appended and fsynced under
an exclusive lock. Any number of pages (a reload, a second tab) attach to the same journal:
before acting, a page :meth:`Journal.sync`\\ s, adopting what other pages appended, and an append
made on a stale copy is refused (:class:`StaleJournal`) instead of forking the game.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Iterator

from wgkit.engine.events import Event
from wgkit.engine.flow import SIMPLE, TurnSequence
from wgkit.engine.game import Game
from wgkit.engine.save import HEAD, SaveError, chained_line, dumps, load

try:  # POSIX; elsewhere pages are trusted not to act in the same instant
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


REPAIRED = ("the journal's last line was cut by an interrupted write and dropped; nothing acknowledged was lost: "
            "an action is acknowledged only once its line is whole on disk")


class StaleJournal(SaveError):
    """Another page appended to the journal after this page last read it."""


class NotRecorded(OSError):
    """The journal could not be written: the action did not happen, and the message says why."""


WHY = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
       errno.EACCES: "permission to write it was taken away", errno.EPERM: "permission to write it was taken away",
       errno.EROFS: "the disk is now read-only", errno.ENOENT: "the journal file is gone", errno.EIO: "the disk failed"}


class Journal:
    """Keep ``game`` and the journal at ``path`` in step (use :meth:`create` or :meth:`attach`)."""

    def __init__(self, game: Game, path: Path, size: int, last_hash: str, repaired: str = ""):
        self.game, self.path = game, path
        self._size, self._hash, self._n = size, last_hash, len(game.log)
        self.repaired = repaired  # said when attaching cut a line torn by a crash: REPAIRED, and what was dropped
        game.listeners.append(self._on_event)

    @classmethod
    def create(cls, game: Game, path: str | os.PathLike[str]) -> "Journal":
        """Start a journal for ``game``; refuse (FileExistsError) if ``path`` exists."""
        path = Path(path)
        text = dumps(game, end=False).encode()
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.link(tmp, path)  # atomic, and fails rather than replace an existing journal
        finally:
            os.unlink(tmp)
        return cls(game, path, len(text), _last_record(text)["hash"])

    @classmethod
    def attach(cls, path: str | os.PathLike[str], flow: TurnSequence = SIMPLE) -> "Journal":
        """Resume the journal at ``path``: replay it, drop a line torn by a crash (said in
        :attr:`repaired`), append from there."""
        path = Path(path)
        with _locked(path) as fh:
            loaded = load(path, flow, recover=True)
            text = path.read_bytes()
            if loaded.recovered:  # cut the dropped tail, or the next line would be glued to it
                text = text[:loaded.kept]
                fh.truncate(loaded.kept)
            _check_open(text, path)
        repaired = f"{REPAIRED} ({loaded.recovered})" if loaded.recovered else ""
        return cls(loaded.game, path, len(text), _last_record(text)["hash"], repaired)

    # -- staying in step with other pages ----------------------------------------------------
    def current(self) -> bool:
        """Has no other page appended since this page last read or wrote the journal?"""
        try:
            return self.path.stat().st_size == self._size
        except OSError:
            return False

    def sync(self, flow: TurnSequence | None = None) -> bool:
        """Adopt events other pages appended; return True if the game changed."""
        if self.current():
            return False
        other = Journal.attach(self.path, flow or self.game.flow)
        other.game.listeners.remove(other._on_event)
        self.game.adopt(other.game)
        self._size, self._hash, self._n = other._size, other._hash, other._n
        return True

    # -- appending ---------------------------------------------------------------------------
    def _append(self, body: dict) -> None:
        """Append one line durably, or raise :class:`NotRecorded` with the file as it was."""
        line, new_hash = chained_line(self._hash, body)
        data = line.encode()
        try:
            with _locked(self.path) as fh:
                fd = fh.fileno()
                if os.fstat(fd).st_size != self._size:
                    raise StaleJournal(f"{self.path}: another page changed the game; this page was behind "
                                       f"and its last action was not recorded")
                try:
                    os.lseek(fd, 0, os.SEEK_END)
                    written = 0
                    while written < len(data):
                        written += os.write(fd, data[written:])
                    os.fsync(fd)
                except OSError:
                    with contextlib.suppress(OSError):  # no half line is left for the next one to glue onto
                        os.ftruncate(fd, self._size)
                    raise
        except OSError as exc:
            why = WHY.get(exc.errno, exc.strerror or str(exc))
            raise NotRecorded(f"not recorded: {why} ({self.path}); the game is as it was before "
                              f"this action") from exc
        self._size += len(data)
        self._hash = new_hash

    def _on_event(self, what: str, event: Event) -> None:
        if what == "undo":
            self._append({"undo": 1})
            self._n -= 1
        else:
            self._append({"n": self._n, "event": event.to_dict()})
            self._n += 1


def is_journal(path: str | os.PathLike[str]) -> bool:
    """Is ``path`` a journal (a saved game still being written, with no ``end`` line)?"""
    try:
        with open(path, "rb") as fh:
            if not fh.read(len(HEAD)) == HEAD:
                return False
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - 4096))
            tail = fh.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    except OSError:
        return False
    try:
        return "end" not in json.loads(tail)
    except ValueError:
        return True  # a torn last line: only a journal is left that way


@contextlib.contextmanager
def _locked(path: Path) -> Iterator:
    with open(path, "r+b") as fh:
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        yield fh


def _last_record(text: bytes) -> dict:
    return json.loads(text.rstrip(b"\n").rsplit(b"\n", 1)[-1])


def _check_open(text: bytes, path: Path) -> None:
    if "end" in _last_record(text):
        raise SaveError(f"{path}: a finished save, not a journal; play it to start a journal from it")
