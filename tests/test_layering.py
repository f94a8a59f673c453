"""The pure core never imports a UI or plotting library."""

import subprocess
import sys

CORE = ["wgkit.scenario", "wgkit.geometry", "wgkit.rules", "wgkit.vocabulary", "wgkit.cli"]
UI = ["ipywidgets", "ipycanvas", "matplotlib", "voila"]


def test_core_imports_no_ui():
    code = ("import sys\n" + "".join(f"import {m}\n" for m in CORE) +
            f"print([m for m in {UI!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
