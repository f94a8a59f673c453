"""Saved seeded playthroughs: print a transcript, or write it with --write."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable


def main(transcript: Callable[[], list[str]], saved: Path) -> None:
    text = json.dumps(transcript(), indent=1, ensure_ascii=False)
    if "--write" in sys.argv:
        saved.write_text(text + "\n")
    print(text)
