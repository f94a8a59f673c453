"""MkDocs hook: the pages show the screenshots the browser tests took last (``build/screens``,
written by ``tests/browser``; ``WGKIT_SCREENS`` names another folder), so a site built after the
tests shows the app as it is now. The
copies in ``docs/screens`` are what a build without a browser run falls back on; refresh them
with ``cp build/screens/*.png docs/screens/`` after a change a person would see."""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.structure.files import File

DEFAULT = Path(__file__).resolve().parents[2] / "build" / "screens"


def on_files(files, config):
    for shot in sorted(Path(os.environ.get("WGKIT_SCREENS", DEFAULT)).glob("*.png")):
        uri = f"screens/{shot.name}"
        old = files.get_file_from_path(uri)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, uri, content=shot.read_bytes()))
    return files
