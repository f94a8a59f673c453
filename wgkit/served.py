"""What a page served by ``wgkit`` tells the command that serves it (issue 65, item 6).

Voila's preheated kernel runs a game's notebook before anyone asks for the page. The command
prints the page's address only once that run has built the page, so the first browser gets a
page that is already whole: the notebook calls :func:`page_built` when its widgets exist, and
the command waits for the file it names. (Voila's own "kernel pool is filled" comes as soon as
the kernel has started, seconds before the page is built on a loaded machine; a browser asking
then is handed a page still running.)"""

from __future__ import annotations

import os
from pathlib import Path

READY = "WGKIT_PAGE_READY"  # the file a preheated page creates once it is built


def page_built() -> None:
    """Say the page is built, where a preheated kernel built it for ``wgkit``: create the file
    the command waits for. A page built for a browser that asked (not preheated) says nothing."""
    marker = os.environ.get(READY)
    if marker and os.environ.get("VOILA_PREHEAT") == "True":
        Path(marker).touch()
