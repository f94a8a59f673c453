"""SaveBox: save a copy of the game by name into the one folder saves may go to.

A save never lands on the journal, on another journal, on a scenario file or outside its folder;
overwriting an earlier save takes a second press; what was written stays on screen until the
game changes."""

from __future__ import annotations

import html
import os
from pathlib import Path

import ipywidgets as W

from wgkit.engine.game import Game
from wgkit.engine.journal import is_journal
from wgkit.engine.save import save
from wgkit.widgets.errors import ErrorArea

SUFFIX = ".wgsave"


def save_target(folder: Path, name: str, journal: Path | None = None) -> Path:
    """Where a save called ``name`` goes in ``folder``; ValueError for any name that could
    leave the folder or hit a file a save must not replace."""
    name = name.strip()
    if not name:
        raise ValueError("give the save a name")
    if "/" in name or "\\" in name or name in (".", "..") or ".." in name.split(os.sep):
        raise ValueError(f"{name!r}: give a plain file name; saves go in {folder}")
    if name.startswith("."):
        raise ValueError(f"{name!r}: a save's name cannot start with a dot")
    path = folder / (name if name.endswith(SUFFIX) else name + SUFFIX)
    if journal is not None and path.resolve() == journal.resolve():
        raise ValueError(f"{path.name} is this game's journal; choose another name")
    if path.exists() and is_journal(path):
        raise ValueError(f"{path.name} is a game's journal; choose another name")
    return path


class SaveBox:
    """Name, Save, and a line saying what was written."""

    def __init__(self, game: Game, folder: Path, errors: ErrorArea, journal: Path | None = None):
        self.game, self.folder, self.journal = game, Path(folder), journal
        stem = (journal.name.split(".journal")[0] if journal else "game")
        self.name = W.Text(description="Save as", value=f"{stem}-save", layout=W.Layout(width="250px"))
        self.button = W.Button(description="Save", icon="save")
        self.message = W.HTML()
        self._confirm: Path | None = None  # an existing file the next press will replace
        self.errors = errors.beside()  # a refused save is said here, under the field, not on the Play tab
        self.button.on_click(self.errors.guard(lambda _: self.save()))
        self.name.observe(lambda _: self._reset(), "value")
        self.widget = W.VBox([W.HBox([self.name, self.button]), self.errors.widget, self.message,
                              W.HTML(f"<small>saves go in {html.escape(str(self.folder))}</small>")])

    def _reset(self) -> None:
        self._confirm = None
        self.button.description, self.button.button_style = "Save", ""

    def save(self) -> Path | None:
        """Write the save; an existing file is replaced only on a second press."""
        path = save_target(self.folder, self.name.value, self.journal)
        if path.exists() and self._confirm != path:
            self._confirm = path
            self.button.description, self.button.button_style = "Overwrite", "danger"
            self.message.value = (f"<span style='color:#92400e'>{html.escape(path.name)} exists: press "
                                  f"Overwrite to replace it, or change the name</span>")
            return None
        save(self.game, path)
        self._reset()
        self.message.value = (f"<span style='color:#1a7f37'>saved {len(self.game.log)} events to "
                              f"{html.escape(str(path))}</span>")
        return path

    def game_changed(self) -> None:
        """The confirmation stays until the game moves on."""
        self.message.value = ""
        self._reset()
