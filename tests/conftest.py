from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))


@pytest.fixture(params=SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def scenario_path(request: pytest.FixtureRequest) -> Path:
    return request.param
