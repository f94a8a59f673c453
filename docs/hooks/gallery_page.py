"""MkDocs hook: the gallery, every bundled scenario drawn at build time (so the pictures are
always of the scenarios as they ship, and nothing is written into the source tree)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parents[2]


def drawings() -> list[tuple[str, str, bytes]]:
    """(site path of the picture, markdown of its entry, PNG) for each bundled scenario."""
    from wgkit.render.scene import build_scene
    from wgkit.render.static import png_bytes
    from wgkit.rules.registry import get_ruleset
    from wgkit.scenario import load

    out = []
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        s = load(path)
        game = get_ruleset(s.ruleset).new_game(s, 1)
        picture = f"gallery/{path.parent.name}-{path.stem}.png"
        sides = " against ".join(side.name for side in s.sides)
        turns = f", {s.turns} turns" if s.turns else ""
        entry = (f"## {s.title}\n\n`scenarios/{path.parent.name}/{path.name}` · {get_ruleset(s.ruleset).info.name} · "
                 f"{s.table.width:g}\" × {s.table.depth:g}\"{turns} · {sides}\n\n"
                 f"{(s.description or '').strip()}\n\n![{s.title}]({Path(picture).name})\n")
        out.append((picture, entry, png_bytes(build_scene(s, game.state), inches_wide=9.0, dpi=80)))
    return out


def on_files(files, config):
    pictures = drawings()
    text = ["# Gallery", "",
            "Every scenario that ships with wgkit, drawn by `wgkit render` as it starts (the umpire's "
            "view: every piece shown). Open one with `wgkit play scenarios/RULESET/FILE.yaml`.", ""]
    text += [entry for _, entry, _ in pictures]
    files.append(File.generated(config, "gallery/index.md", content="\n".join(text)))
    for picture, _, png in pictures:
        files.append(File.generated(config, picture, content=png))
    return files
