"""The umpire's desk in a double-blind game: the orders each side proposes, the umpire's verdict
on each, and the umpire's notes to each seat.

One append-only file of JSON lines beside the game's journal (``NAME.journal.desk.jsonl``),
shared by every page: a line is appended and fsynced under an exclusive lock, so pages in
several processes never interleave, and a torn last line (a crash mid-write) is cut before the
next one is written. A record counts once it is on disk: a side is told its proposal was sent
only after the write returned. Nothing
in it is executed; a line that is not a record of the three kinds is ignored.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from wgkit.engine.events import plain

try:  # POSIX; elsewhere the pages are trusted not to write in the same instant
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

WAITING, APPROVED, CHANGED, IN_FORM, REFUSED = "waiting", "approved", "changed", "with the umpire", "refused"
VERDICTS = (APPROVED, CHANGED, IN_FORM, REFUSED)
MAX_TEXT = 2000  # characters of a note or message


@dataclass(frozen=True)
class Proposal:
    """An order a side proposed, and where the umpire's decision stands."""

    id: int
    seat: str
    action: str
    label: str
    params: dict[str, Any]
    note: str
    at: int  # the game's log length when it was proposed
    number: int = 0  # its number among its seat's proposals, from 1: what the seat and the umpire call it
    status: str = WAITING
    reason: str = ""
    event: int | None = None  # the event that carried it out (1-based), once approved or changed


def desk_path(journal: str | os.PathLike[str]) -> Path:
    """Where the desk of the game journaled at ``journal`` is kept."""
    p = Path(journal)
    return p.with_name(p.name.removesuffix(".wgsave") + ".desk.jsonl")


class Desk:
    """Read and append the desk file at ``path``."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)

    def _append(self, record: dict[str, Any]) -> tuple[int, int]:
        """Append one record durably; returns how many records of its kind came before it on disk,
        and how many of those were for the same seat.
        Under the lock, a torn last line (a crash or a full disk mid-write) is cut first, so the
        record is never glued onto it; a write that fails leaves the file as it was and raises."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            with open(fd, "rb", closefd=False) as fh:
                data = fh.read()
            whole = data[:data.rfind(b"\n") + 1]  # up to the last complete line
            if len(whole) != len(data):
                os.ftruncate(fd, len(whole))
            kin = [r for r in _records(whole) if r["kind"] == record["kind"]]
            before = (len(kin), sum(1 for r in kin if r.get("seat") == record.get("seat")))
            line = (json.dumps(plain(record), ensure_ascii=False) + "\n").encode("utf-8")
            try:
                os.lseek(fd, len(whole), os.SEEK_SET)
                written = 0
                while written < len(line):
                    written += os.write(fd, line[written:])
                os.fsync(fd)
            except OSError:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, len(whole))
                raise
        finally:
            os.close(fd)
        return before

    def records(self) -> list[dict[str, Any]]:
        try:
            return _records(self.path.read_bytes())
        except FileNotFoundError:
            return []

    def stamp(self) -> tuple[int, int]:
        """Changes whenever a record is appended (its size and time), for pages polling it."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return (0, 0)
        return (st.st_size, st.st_mtime_ns)

    # -- writing -----------------------------------------------------------------------------------
    def propose(self, seat: str, action: str, label: str, params: dict[str, Any], note: str = "",
                at: int = 0) -> Proposal:
        """A side's order for the umpire, as it now stands on the desk. Its ``number`` counts the
        seat's own proposals only: no side learns how many orders the enemy gave."""
        record = {"kind": "proposal", "seat": seat, "action": action, "label": label[:MAX_TEXT],
                  "params": params, "note": note[:MAX_TEXT], "at": at}
        before, mine = self._append(record)
        return Proposal(before, seat, action, record["label"], params, record["note"], at, mine + 1)

    def decide(self, proposal: int, status: str, reason: str = "", event: int | None = None) -> None:
        """The umpire's verdict on proposal ``proposal`` (a later verdict replaces an earlier one)."""
        if status not in VERDICTS:
            raise ValueError(f"a verdict is one of {', '.join(VERDICTS)}, not {status!r}")
        if not any(p.id == proposal for p in self.proposals()):
            raise ValueError(f"no proposal {proposal} on the desk")
        self._append({"kind": "verdict", "proposal": proposal, "status": status, "reason": reason[:MAX_TEXT],
                      "event": event})

    def say(self, seat: str, text: str, at: int = 0) -> None:
        """The umpire's note to one seat ("you hear tracks to the east")."""
        if not text.strip():
            raise ValueError("the message is empty")
        self._append({"kind": "message", "seat": seat, "text": text.strip()[:MAX_TEXT], "at": at})

    # -- reading -----------------------------------------------------------------------------------
    def proposals(self, seat: str | None = None) -> list[Proposal]:
        """Every proposal (or one seat's), oldest first, with its latest verdict."""
        out: list[Proposal] = []
        count: dict[str, int] = {}
        for r in self.records():
            if r["kind"] == "proposal":
                count[r["seat"]] = count.get(r["seat"], 0) + 1
                out.append(Proposal(len(out), r["seat"], r["action"], r["label"], r["params"], r["note"], r["at"],
                                    count[r["seat"]]))
            elif r["kind"] == "verdict" and 0 <= r["proposal"] < len(out):
                out[r["proposal"]] = replace(out[r["proposal"]], status=r["status"], reason=r["reason"], event=r["event"])
        return [p for p in out if seat is None or p.seat == seat]

    def messages(self, seat: str) -> list[tuple[int, str]]:
        """The umpire's notes to ``seat``: (log length when sent, text), oldest first."""
        return [(r["at"], r["text"]) for r in self.records() if r["kind"] == "message" and r["seat"] == seat]


_SHAPES = {
    "proposal": {"seat": str, "action": str, "label": str, "params": dict, "note": str, "at": int},
    "verdict": {"proposal": int, "status": str, "reason": str, "event": (int, type(None))},
    "message": {"seat": str, "text": str, "at": int},
}


def _records(data: bytes) -> list[dict[str, Any]]:
    """The well-formed records of a desk file; anything else (a torn last line) is skipped."""
    out = []
    for line in data.split(b"\n"):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        shape = _SHAPES.get(r.get("kind")) if isinstance(r, dict) else None
        if shape and all(isinstance(r.get(k), t) and not isinstance(r.get(k), bool) for k, t in shape.items()):
            out.append(r)
    return out
