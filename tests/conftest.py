from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))


@pytest.fixture(params=SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def scenario_path(request: pytest.FixtureRequest) -> Path:
    return request.param


def load_edited(path: Path, edit=None):
    """A bundled scenario, optionally changed first: ``edit(doc)`` alters the YAML document, which
    is then validated like any file."""
    import yaml

    from wgkit.scenario import load, loads

    if edit is None:
        return load(path)
    doc = yaml.safe_load(path.read_text())
    edit(doc)
    return loads(yaml.safe_dump(doc, allow_unicode=True), f"{path.stem}-edited.yaml")
