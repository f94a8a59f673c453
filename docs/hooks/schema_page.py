"""MkDocs hook: the scenario field reference, generated from wgkit's JSON Schema at build time
(so the page cannot drift from the validator)."""

from __future__ import annotations

from mkdocs.structure.files import File


def _type(spec: dict) -> str:
    if "enum" in spec:
        return " / ".join(f"`{v}`" for v in spec["enum"])
    if "oneOf" in spec or "anyOf" in spec:
        return " or ".join(_type(s) for s in spec.get("oneOf", spec.get("anyOf")))
    t = spec.get("type", spec.get("$ref", "").split("/")[-1] or "any")
    if t == "array" and isinstance(spec.get("items"), dict):
        return f"list of {_type(spec['items'])}"
    return str(t) if not isinstance(t, list) else " or ".join(t)


def _table(title: str, spec: dict, out: list[str]) -> None:
    props = spec.get("properties", {})
    if not props:
        return
    required = set(spec.get("required", ()))
    out += [f"## {title}", "", "| field | type | required | meaning |", "|---|---|---|---|"]
    for name, p in props.items():
        desc = (p.get("description") or "").replace("|", "\\|").replace("\n", " ")
        out.append(f"| `{name}` | {_type(p)} | {'yes' if name in required else ''} | {desc} |")
    out.append("")


def _walk(path: str, spec: dict, out: list[str]) -> None:
    """A table for every object in the schema, named by its path (``sides[].units[]``)."""
    _table(path, spec, out)
    for name, p in spec.get("properties", {}).items():
        for sub, suffix in ((p, ""), (p.get("items") if isinstance(p.get("items"), dict) else None, "[]")):
            if sub and sub.get("properties"):
                _walk(f"{path}.{name}{suffix}" if path != "scenario" else f"{name}{suffix}", sub, out)
        for alt in p.get("oneOf", []) + p.get("anyOf", []):
            if isinstance(alt, dict) and alt.get("properties"):
                _walk(f"{name} ({', '.join(alt.get('required', [])) or 'variant'})", alt, out)


def page() -> str:
    from wgkit.scenario.schema import SCENARIO

    out = ["# Scenario field reference", "",
           "Generated from the JSON Schema that `wgkit validate` uses (`wgkit schema` prints it). "
           "Each ruleset adds its own unit attributes under `rules:`; see its rules page.", ""]
    _walk("scenario", SCENARIO, out)
    from wgkit.facts.registry import RULESETS

    for r in RULESETS.values():
        for title, spec in ((f"{r.name}: scenario settings (`rules:` at the top)", r.scenario_attrs),
                            (f"{r.name}: unit attributes (`rules:` in a unit)", r.unit_attrs)):
            _table(title, {"properties": dict(spec)}, out)
    return "\n".join(out) + "\n"


def on_files(files, config):
    files.append(File.generated(config, "reference/scenario-schema.md", content=page()))
    return files
