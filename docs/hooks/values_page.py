"""MkDocs hook: every number and table entry of each ruleset with its source (the text's section, its
worked example, or a house value with the reason), generated from the ``tables`` modules at build
time, so the page says exactly what the code and the panel say."""

from __future__ import annotations


from mkdocs.structure.files import File


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def page() -> str:
    from wgkit.facts.registry import RULESETS
    from wgkit.rules.registry import values_of

    out = ["# Every value and its source", "",
           "Generated from each ruleset's `tables.py` and its facts (`wgkit/facts/<ruleset>.py`, named `facts.`) when the site is built. *seed* values come from the "
           "rule text (the section named), *worked example* values from the text's own examples, and "
           "**HOUSE** values are the kit's where the text is silent, with the reason; the action panel "
           "marks them the same way.", ""]
    for r in RULESETS.values():
        values = values_of(r.id)
        house = sum(v.is_house for _, v in values)
        out += [f"## {r.name}", "", f"{len(values)} values, {house} of them house values.", "",
                "| value | reads | source | why (house values) |", "|---|---|---|---|"]
        for name, v in values:
            source = "**HOUSE**" if v.is_house else f"{v.source} {v.ref}".strip()
            out.append(f"| `{_cell(name)}` | {_cell(v.value)[:80]} | {_cell(source)} | {_cell(v.note)} |")
        out.append("")
    return "\n".join(out) + "\n"


def on_files(files, config):
    files.append(File.generated(config, "reference/values.md", content=page()))
    return files
