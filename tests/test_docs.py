"""The documentation site builds offline with MkDocs in strict mode (a broken page or link fails),
with the notebooks rendered and the scenario reference generated from the JSON Schema."""

import html
import os
import re
import subprocess
import sys

from tests.conftest import ROOT


def commands(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"<!-- (\w+-command) -->\s*```sh\n(.*?)```", text, re.S)}


def test_getting_started_repeats_the_readmes_two_commands():
    readme = commands((ROOT / "README.md").read_text())
    page = commands((ROOT / "docs/getting-started.md").read_text())
    assert set(readme) == {"main-command", "test-command"} and page == readme


def test_every_ruleset_and_notebook_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in sorted((ROOT / "docs/rules").glob("*.md")):
        assert f"rules/{page.name}" in nav
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{nb.name}" in nav


def test_site_builds_strict_with_the_generated_reference(tmp_path):
    site = tmp_path / "site"
    shots = tmp_path / "screens"  # as if the browser tests had just taken the editor's picture
    shots.mkdir()
    (shots / "editor.png").write_bytes(b"\x89PNG taken just now")
    out = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "WGKIT_SCREENS": str(shots)})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "WARNING" not in out.stderr, out.stderr
    reference = (site / "reference/scenario-schema/index.html").read_text()
    assert "table.grid" in reference and "square side, or hex flat-to-flat width" in reference
    values = html.unescape((site / "reference/values/index.html").read_text())
    assert "MP_QUALITY['experienced']" in values and "read as none" in values  # a house value and its reason
    assert (site / "notebooks/company_fire_turn/index.html").exists()
    assert "Coverage" in (site / "rules/rookie/index.html").read_text()
    gallery = (site / "gallery/index.html").read_text()
    bundled = sorted((ROOT / "scenarios").glob("*/*.yaml"))
    assert len(bundled) == 13
    for path in bundled:  # every bundled scenario drawn, its picture a PNG beside the page
        picture = f"{path.parent.name}-{path.stem}.png"
        assert f'src="{picture}"' in gallery, picture
        assert (site / "gallery" / picture).read_bytes()[:4] == b"\x89PNG"
    assert (site / "screens/editor.png").read_bytes() == b"\x89PNG taken just now"  # the latest shot
    assert (site / "screens/rookie.png").read_bytes() == (ROOT / "docs/screens/rookie.png").read_bytes()  # no new one
    assert 'src="editor.png"' in (site / "screens/index.html").read_text()  # the screens page shows it
    assert not (ROOT / ".cache").exists() and not (ROOT / "docs/gallery").exists()  # nothing in the source tree

